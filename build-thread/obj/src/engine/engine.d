build-thread/obj/src/engine/engine.o: src/engine/engine.c \
 src/check/hooks.h src/engine/fiber.h src/engine/engine.h include/simt.h \
 include/driver_types.h include/vector_types.h src/engine/fault.h \
 src/engine/shared.h
src/check/hooks.h:
src/engine/fiber.h:
src/engine/engine.h:
include/simt.h:
include/driver_types.h:
include/vector_types.h:
src/engine/fault.h:
src/engine/shared.h:
