build-undefined/obj/src/runtime/memory.o: src/runtime/memory.c \
 include/assert.h src/engine/fault.h src/runtime/memory.h \
 include/cuda_runtime_api.h include/host_defines.h include/driver_types.h \
 include/vector_types.h src/runtime/runtime.h include/simt.h \
 src/runtime/stream.h src/engine/engine.h src/engine/fiber.h
include/assert.h:
src/engine/fault.h:
src/runtime/memory.h:
include/cuda_runtime_api.h:
include/host_defines.h:
include/driver_types.h:
include/vector_types.h:
src/runtime/runtime.h:
include/simt.h:
src/runtime/stream.h:
src/engine/engine.h:
src/engine/fiber.h:
