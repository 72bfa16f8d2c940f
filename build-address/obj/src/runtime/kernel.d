build-address/obj/src/runtime/kernel.o: src/runtime/kernel.c \
 src/engine/kstate.h include/simt.h include/driver_types.h \
 include/vector_types.h src/runtime/runtime.h include/cuda_runtime_api.h \
 include/host_defines.h
src/engine/kstate.h:
include/simt.h:
include/driver_types.h:
include/vector_types.h:
src/runtime/runtime.h:
include/cuda_runtime_api.h:
include/host_defines.h:
