build-undefined/obj/src/runtime/launch.o: src/runtime/launch.c \
 src/engine/kstate.h include/simt.h include/driver_types.h \
 include/vector_types.h src/runtime/stream.h src/engine/engine.h \
 src/engine/fiber.h src/runtime/runtime.h include/cuda_runtime_api.h \
 include/host_defines.h
src/engine/kstate.h:
include/simt.h:
include/driver_types.h:
include/vector_types.h:
src/runtime/stream.h:
src/engine/engine.h:
src/engine/fiber.h:
src/runtime/runtime.h:
include/cuda_runtime_api.h:
include/host_defines.h:
