build-thread/obj/tests/unit/test_memory.o: tests/unit/test_memory.c \
 include/cuda_runtime_api.h include/host_defines.h include/driver_types.h \
 include/vector_types.h src/engine/fault.h src/runtime/memory.h \
 include/simt.h include/simt/device.h include/simt/../simt.h \
 tests/unit/test.h
include/cuda_runtime_api.h:
include/host_defines.h:
include/driver_types.h:
include/vector_types.h:
src/engine/fault.h:
src/runtime/memory.h:
include/simt.h:
include/simt/device.h:
include/simt/../simt.h:
tests/unit/test.h:
