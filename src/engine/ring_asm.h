/*
 * ring_asm.h: what fiber_x86_64.S's __syncthreads reads of the engine's
 * records, for the arrivals a block's ring takes (ring.h).  Offsets in
 * bytes; ring.h checks each against the C structures, so a change of
 * layout stops the build instead of the program.
 */
#ifndef SIMT_ENGINE_RING_ASM_H
#define SIMT_ENGINE_RING_ASM_H

#define RING_ASM_BLOCK 1 /* RING_BLOCK */

#define RING_ASM_W_CURRENT 88 /* struct worker: current */

#define RING_ASM_B_NTHREADS 20 /* struct block: nthreads */
#define RING_ASM_B_ARRIVED 32  /* bar_arrived */
#define RING_ASM_B_SITE 40     /* bar_site */
#define RING_ASM_B_RING 120    /* ring */
#define RING_ASM_B_RUN 136     /* ring_run */
#define RING_ASM_B_FIRST 144   /* ring_first */
#define RING_ASM_B_END 152     /* ring_end */
#define RING_ASM_B_OWNER 280   /* owner */

#define RING_ASM_T_SP 0      /* struct sthread: sp */
#define RING_ASM_T_FIBER 8   /* fiber */
#define RING_ASM_T_NEXT 16   /* next */
#define RING_ASM_T_TID 40    /* tid */
#define RING_ASM_T_SIZE 128  /* sizeof */

#define RING_ASM_RUN_EVENTS 24 /* simt_run: events */

#endif /* SIMT_ENGINE_RING_ASM_H */
