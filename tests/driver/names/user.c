/*
 * user.c: a program's own C file whose global names were libsimt's
 * internal names (issue 13): functions of other types, and variables where
 * libsimt had functions.  Linked with names.cu and libsimt, each name must
 * be this file's for the program and libsimt's for libsimt.
 */
int fiber_create = 1;
int exec_lock = 2;
int grid_ref(int x);
int plan_free(int x);
int mem_lookup(int x);
int sched_loop(int x);
int stream_sync(int x);
int graph_new(int x);
int cmd_new(int x);
int engine_start(int x);
int printf_flush(int x);
int capture_active(int x);
int names_sum(void);

int grid_ref(int x) { return x + 3; }
int plan_free(int x) { return x + 4; }
int mem_lookup(int x) { return x + 5; }
int sched_loop(int x) { return x + 6; }
int stream_sync(int x) { return x + 7; }
int graph_new(int x) { return x + 8; }
int cmd_new(int x) { return x + 9; }
int engine_start(int x) { return x + 10; }
int printf_flush(int x) { return x + 11; }
int capture_active(int x) { return x + 12; }

/* 1 + 2 + (3 + 4 + ... + 12) with x = 0: 78 */
int names_sum(void)
{
    return fiber_create + exec_lock + grid_ref(0) + plan_free(0) + mem_lookup(0) + sched_loop(0) +
           stream_sync(0) + graph_new(0) + cmd_new(0) + engine_start(0) + printf_flush(0) +
           capture_active(0);
}
