build-thread/obj/src/engine/fault.o: src/engine/fault.c src/engine/diag.h \
 src/engine/engine.h include/simt.h include/driver_types.h \
 include/vector_types.h src/engine/fiber.h src/engine/fault.h
src/engine/diag.h:
src/engine/engine.h:
include/simt.h:
include/driver_types.h:
include/vector_types.h:
src/engine/fiber.h:
src/engine/fault.h:
