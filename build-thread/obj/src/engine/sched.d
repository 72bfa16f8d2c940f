build-thread/obj/src/engine/sched.o: src/engine/sched.c include/assert.h \
 src/check/hooks.h src/engine/fiber.h src/engine/engine.h include/simt.h \
 include/driver_types.h include/vector_types.h src/engine/shared.h
include/assert.h:
src/check/hooks.h:
src/engine/fiber.h:
src/engine/engine.h:
include/simt.h:
include/driver_types.h:
include/vector_types.h:
src/engine/shared.h:
