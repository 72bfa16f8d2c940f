build-undefined/obj/src/engine/grid.o: src/engine/grid.c \
 src/engine/engine.h include/simt.h include/driver_types.h \
 include/vector_types.h src/engine/fiber.h
src/engine/engine.h:
include/simt.h:
include/driver_types.h:
include/vector_types.h:
src/engine/fiber.h:
