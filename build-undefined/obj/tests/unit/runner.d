build-undefined/obj/tests/unit/runner.o: tests/unit/runner.c \
 tests/unit/test.h
tests/unit/test.h:
