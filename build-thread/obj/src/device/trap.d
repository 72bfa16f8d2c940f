build-thread/obj/src/device/trap.o: src/device/trap.c include/assert.h \
 src/engine/diag.h src/engine/engine.h include/simt.h \
 include/driver_types.h include/vector_types.h src/engine/fiber.h \
 include/simt/device.h include/simt/../simt.h
include/assert.h:
src/engine/diag.h:
src/engine/engine.h:
include/simt.h:
include/driver_types.h:
include/vector_types.h:
src/engine/fiber.h:
include/simt/device.h:
include/simt/../simt.h:
