build-address/obj/src/device/printf.o: src/device/printf.c \
 src/engine/engine.h include/simt.h include/driver_types.h \
 include/vector_types.h src/engine/fiber.h src/runtime/runtime.h \
 include/cuda_runtime_api.h include/host_defines.h include/simt/device.h \
 include/simt/../simt.h
src/engine/engine.h:
include/simt.h:
include/driver_types.h:
include/vector_types.h:
src/engine/fiber.h:
src/runtime/runtime.h:
include/cuda_runtime_api.h:
include/host_defines.h:
include/simt/device.h:
include/simt/../simt.h:
