build-undefined/obj/src/engine/builtins.o: src/engine/builtins.c \
 include/vector_types.h
include/vector_types.h:
