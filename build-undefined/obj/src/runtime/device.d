build-undefined/obj/src/runtime/device.o: src/runtime/device.c \
 src/runtime/limits.h src/runtime/memory.h include/cuda_runtime_api.h \
 include/host_defines.h include/driver_types.h include/vector_types.h \
 src/runtime/stream.h src/engine/engine.h include/simt.h \
 src/engine/fiber.h src/runtime/runtime.h
src/runtime/limits.h:
src/runtime/memory.h:
include/cuda_runtime_api.h:
include/host_defines.h:
include/driver_types.h:
include/vector_types.h:
src/runtime/stream.h:
src/engine/engine.h:
include/simt.h:
src/engine/fiber.h:
src/runtime/runtime.h:
