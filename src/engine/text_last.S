/*
 * text_last.S: marks where libsimt's code ends.  The Makefile links
 * this object last into libsimt.o (and text_first.S first), so libsimt's
 * .text lies between the two symbols in every program: the watchdog
 * (watchdog.c) tells the program's code from the engine's by it.
 */
    .text
    .globl simt__text_last
    .type simt__text_last, %function
simt__text_last:
    ret
    .size simt__text_last, . - simt__text_last
    .section .note.GNU-stack, "", %progbits
