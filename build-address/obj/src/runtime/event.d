build-address/obj/src/runtime/event.o: src/runtime/event.c \
 src/runtime/stream.h src/engine/engine.h include/simt.h \
 include/driver_types.h include/vector_types.h src/engine/fiber.h \
 src/runtime/runtime.h include/cuda_runtime_api.h include/host_defines.h
src/runtime/stream.h:
src/engine/engine.h:
include/simt.h:
include/driver_types.h:
include/vector_types.h:
src/engine/fiber.h:
src/runtime/runtime.h:
include/cuda_runtime_api.h:
include/host_defines.h:
