/*
 * runner.c: runs the registered unit tests, each in a child process with a
 * time limit, and prints "N passed, N failed".  With arguments, runs only
 * the tests named (in this process, for debugging).
 */
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "test.h"

#define MAX_TESTS 1024

static struct {
    const char *name;
    test_fn fn;
} tests[MAX_TESTS];
static int ntests;

void test_register(const char *name, test_fn fn)
{
    if (ntests < MAX_TESTS) {
        tests[ntests].name = name;
        tests[ntests].fn = fn;
        ntests++;
    }
}

char *test_capture_stderr(void (*fn)(void *), void *arg)
{
    fflush(stderr);
    FILE *tmp = tmpfile();
    int saved = dup(2);
    dup2(fileno(tmp), 2);
    fn(arg);
    fflush(stderr);
    dup2(saved, 2);
    close(saved);
    long n = ftell(tmp);
    char *buf = calloc(1, (size_t)n + 1);
    rewind(tmp);
    if (n > 0 && fread(buf, 1, (size_t)n, tmp) != (size_t)n)
        buf[0] = 0;
    fclose(tmp);
    return buf;
}

static int run_one(int i)
{
    fflush(stdout);
    pid_t pid = fork();
    if (pid == 0) {
        alarm(60);
        tests[i].fn();
        fflush(stdout);
        _exit(0);
    }
    int status;
    waitpid(pid, &status, 0);
    if (WIFEXITED(status) && WEXITSTATUS(status) == 0)
        return 1;
    if (WIFSIGNALED(status))
        fprintf(stderr, "  (%s: killed by signal %d%s)\n", tests[i].name, WTERMSIG(status),
                WTERMSIG(status) == SIGALRM ? ", timed out" : "");
    return 0;
}

int main(int argc, char **argv)
{
    if (argc > 1) {
        for (int a = 1; a < argc; a++)
            for (int i = 0; i < ntests; i++)
                if (!strcmp(tests[i].name, argv[a])) {
                    tests[i].fn();
                    printf("ok %s\n", tests[i].name);
                }
        return 0;
    }
    int passed = 0, failed = 0;
    for (int i = 0; i < ntests; i++) {
        if (run_one(i)) {
            passed++;
            printf("ok %s\n", tests[i].name);
        } else {
            failed++;
            printf("FAIL %s\n", tests[i].name);
        }
    }
    printf("%d passed, %d failed\n", passed, failed);
    return failed != 0;
}
