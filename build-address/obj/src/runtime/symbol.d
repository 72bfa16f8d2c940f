build-address/obj/src/runtime/symbol.o: src/runtime/symbol.c \
 src/runtime/memory.h include/cuda_runtime_api.h include/host_defines.h \
 include/driver_types.h include/vector_types.h src/runtime/runtime.h \
 include/simt.h
src/runtime/memory.h:
include/cuda_runtime_api.h:
include/host_defines.h:
include/driver_types.h:
include/vector_types.h:
src/runtime/runtime.h:
include/simt.h:
