/*
 * spare.c: the threads' spare objects (spare.h) and their release when a
 * thread exits.
 */
#include <pthread.h>
#include <stdlib.h>

#include "base/spare.h"

SIMT_TLS void *simt__spares[SPARE_KINDS];
SIMT_TLS int simt__spares_owned; /* 1 registered, -1 cannot be, 0 not yet */

static pthread_key_t key;
static int key_ok;
static pthread_once_t once = PTHREAD_ONCE_INIT;

/* Runs as the thread exits (its TLS still there). */
static void release(void *unused)
{
    (void)unused;
    for (int i = 0; i < SPARE_KINDS; i++) {
        free(simt__spares[i]);
        simt__spares[i] = NULL;
    }
    simt__spares_owned = -1; /* later destructors of the thread keep nothing */
}

static void key_create(void)
{
    key_ok = pthread_key_create(&key, release) == 0;
}

int simt__spare_claim(void)
{
    if (simt__spares_owned == 0) {
        pthread_once(&once, key_create);
        simt__spares_owned = key_ok && pthread_setspecific(key, (void *)1) == 0 ? 1 : -1;
    }
    return simt__spares_owned > 0;
}
