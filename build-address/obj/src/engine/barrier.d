build-address/obj/src/engine/barrier.o: src/engine/barrier.c \
 src/check/hooks.h src/engine/fiber.h src/engine/diag.h \
 src/engine/engine.h include/simt.h include/driver_types.h \
 include/vector_types.h include/simt/device.h include/simt/../simt.h
src/check/hooks.h:
src/engine/fiber.h:
src/engine/diag.h:
src/engine/engine.h:
include/simt.h:
include/driver_types.h:
include/vector_types.h:
include/simt/device.h:
include/simt/../simt.h:
