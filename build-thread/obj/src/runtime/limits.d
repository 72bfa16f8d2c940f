build-thread/obj/src/runtime/limits.o: src/runtime/limits.c \
 src/runtime/limits.h src/runtime/runtime.h include/cuda_runtime_api.h \
 include/host_defines.h include/driver_types.h include/vector_types.h \
 include/simt.h
src/runtime/limits.h:
src/runtime/runtime.h:
include/cuda_runtime_api.h:
include/host_defines.h:
include/driver_types.h:
include/vector_types.h:
include/simt.h:
