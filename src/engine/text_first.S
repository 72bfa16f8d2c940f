/*
 * text_first.S: marks where libsimt's code begins.  The Makefile links
 * this object first into libsimt.o (and text_last.S last), so libsimt's
 * .text lies between the two symbols in every program: the watchdog
 * (watchdog.c) tells the program's code from the engine's by it.
 */
    .text
    .globl simt__text_first
    .type simt__text_first, %function
simt__text_first:
    ret
    .size simt__text_first, . - simt__text_first
    .section .note.GNU-stack, "", %progbits
