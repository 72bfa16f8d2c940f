/*
 * cub/block/block_run_length_decode.cuh: cub::BlockRunLengthDecode is not provided by simt's CUB (see
 * docs/COMPATIBILITY.md, "CUB").  This header exists so that a program
 * asking for it stops here with that message, instead of reaching another
 * CUB installation's headers, which cannot work with simt's.
 */
#ifndef SIMT_CUB_BLOCK_BLOCK_RUN_LENGTH_DECODE_CUH
#define SIMT_CUB_BLOCK_BLOCK_RUN_LENGTH_DECODE_CUH
#error                                                                                                       \
    "simt: cub::BlockRunLengthDecode (<cub/block/block_run_length_decode.cuh>) is not provided by simt's CUB; see docs/COMPATIBILITY.md"
#endif
