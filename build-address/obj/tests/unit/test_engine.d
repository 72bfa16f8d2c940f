build-address/obj/tests/unit/test_engine.o: tests/unit/test_engine.c \
 include/cuda_runtime_api.h include/host_defines.h include/driver_types.h \
 include/vector_types.h include/simt.h include/simt/device.h \
 include/simt/../simt.h tests/unit/test.h
include/cuda_runtime_api.h:
include/host_defines.h:
include/driver_types.h:
include/vector_types.h:
include/simt.h:
include/simt/device.h:
include/simt/../simt.h:
tests/unit/test.h:
