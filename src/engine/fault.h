/*
 * fault.h: hardware faults raised by kernel code.
 *
 * A fault in a CUDA thread (bad address, stack overflow, illegal
 * instruction) fails the grid the way a GPU fails it, with a report naming
 * the kernel, block, thread, address and code location; the process goes
 * on.  Faults outside kernels keep their default behaviour.
 */
#ifndef SIMT_ENGINE_FAULT_H
#define SIMT_ENGINE_FAULT_H

#include <stddef.h>

struct worker;

void fault_install(void);
/* Reports the fault recorded in w->fault, fails the grid, abandons the
 * block; never returns.  Called on a fresh fiber after the handler left. */
void fault_report(struct worker *w) __attribute__((noreturn));
void fault_worker_init(struct worker *w);
/* The interrupted code's address in a signal handler's context. */
const void *fault_pc(void *ctx);

/* Describes an address for a fault report ("32 bytes after a 64-byte
 * allocation at 0x..."); set by the memory module.  Returns 0 when it
 * knows nothing of the address. */
extern int (*fault_describe_address)(const void *addr, char *buf, size_t len);

#endif
