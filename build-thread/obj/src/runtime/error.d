build-thread/obj/src/runtime/error.o: src/runtime/error.c \
 src/runtime/runtime.h include/cuda_runtime_api.h include/host_defines.h \
 include/driver_types.h include/vector_types.h include/simt.h
src/runtime/runtime.h:
include/cuda_runtime_api.h:
include/host_defines.h:
include/driver_types.h:
include/vector_types.h:
include/simt.h:
