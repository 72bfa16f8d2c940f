build-address/obj/src/engine/shared.o: src/engine/shared.c \
 src/engine/diag.h src/engine/engine.h include/simt.h \
 include/driver_types.h include/vector_types.h src/engine/fiber.h \
 src/engine/kstate.h src/engine/shared.h
src/engine/diag.h:
src/engine/engine.h:
include/simt.h:
include/driver_types.h:
include/vector_types.h:
src/engine/fiber.h:
src/engine/kstate.h:
src/engine/shared.h:
