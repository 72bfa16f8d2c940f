# simt: a CUDA toolchain for the CPU.
#
#   make            build simtcc and libsimt into build/
#   make demo       build and run the bundled example on the CPU
#   make test       build and run the whole test suite
#   make install PREFIX=/usr/local
#   make SANITIZE=address|thread|undefined   sanitizer build of the runtime (into build-<san>/)
#   make DEBUG=1    libsimt and simtcc with their asserts on (into build-debug/)

CC      ?= gcc
CXX     ?= g++
PREFIX  ?= /usr/local
SANITIZE ?=
DEBUG ?=

ifneq ($(SANITIZE),)
B := build-$(SANITIZE)
else ifneq ($(DEBUG),)
B := build-debug
else
B := build
endif

WARN := -Wall -Wextra -Wshadow -Wpointer-arith -Wformat=2 -Wundef -Wvla \
        -Wstrict-prototypes -Wmissing-prototypes -Wold-style-definition \
        -Wcast-qual -Wwrite-strings -Wnull-dereference -Wdouble-promotion \
        -Wno-unused-parameter
# Asserts check the invariants the headers state: on in DEBUG=1 and
# sanitizer builds, compiled out of the release build.
OPT  := -O2 -g $(if $(DEBUG)$(SANITIZE),,-DNDEBUG)
SAN_FLAGS := $(if $(SANITIZE),-fsanitize=$(SANITIZE) -fno-omit-frame-pointer,)
CFLAGS_ALL := -std=c17 -D_GNU_SOURCE -fPIC $(OPT) $(WARN) $(SAN_FLAGS) \
              -Iinclude -Isrc $(CFLAGS)
ASFLAGS_ALL := -fPIC $(SAN_FLAGS) $(if $(DEBUG)$(SANITIZE),,-DNDEBUG) -Isrc

LIB_SRC := $(wildcard src/base/*.c src/runtime/*.c src/engine/*.c src/device/*.c src/check/*.c src/trace/*.c src/curand/*.c src/nccl/*.c)
LIB_ASM := $(wildcard src/engine/*.S)
# C++ that runs the device API's own code (src/curand/: cuRAND's generators).
LIB_CXX := $(wildcard src/curand/*.cpp)
LIB_OBJ := $(LIB_SRC:%.c=$(B)/obj/%.o) $(LIB_ASM:%.S=$(B)/obj/%.o) $(LIB_CXX:%.cpp=$(B)/obj/%.o)
DRV_SRC := $(wildcard src/driver/*.c)
DRV_OBJ := $(DRV_SRC:%.c=$(B)/obj/%.o)
DRV_LIB_OBJ := $(filter-out $(B)/obj/src/driver/simtcc.o,$(DRV_OBJ))

LIBSIMT := $(B)/lib/libsimt.a
CHECK_LIB := $(B)/lib/libsimt-check.a
CHECK_OBJ := $(B)/obj/src/check/abi/tsan_abi.o $(B)/obj/src/check/abi/ubsan_abi.o
CHECK_BC := $(B)/lib/simt-check-inline.bc
SIMTCC  := $(B)/bin/simtcc
SIMTKC  := $(B)/bin/simt-kc

# The kernel compiler (src/compiler/) is C on LLVM's C API: Debian's
# llvm-16-dev.  simtcc compiles .cu files with clang-16 through it.
LLVM_CONFIG ?= llvm-config-16
LLVM_CFLAGS := $(shell $(LLVM_CONFIG) --cflags 2>/dev/null)
LLVM_LIBS   := $(shell $(LLVM_CONFIG) --ldflags 2>/dev/null) -lLLVM-16
KC_SRC := $(wildcard src/compiler/*.c)
KC_CXX := $(wildcard src/compiler/cxx/*.cpp)
KC_OBJ := $(KC_SRC:%.c=$(B)/obj/%.o) $(KC_CXX:%.cpp=$(B)/obj/%.o)

.PHONY: all demo test install clean unit deps
.DEFAULT_GOAL := all

# What the build needs from Debian: installed with apt-get when run as
# root (as CI runs), else the exact command to run.
DEB_NEED := $(shell command -v clang++-16 >/dev/null 2>&1 || echo clang-16) \
            $(shell [ -f /usr/lib/llvm-16/include/llvm-c/Core.h ] || echo llvm-16-dev) \
            $(shell [ -f /usr/lib/llvm-16/lib/libomp.so ] || echo libomp-16-dev) \
            $(shell [ -f /usr/include/thrust/version.h ] || echo libthrust-dev) \
            $(shell command -v cmake >/dev/null 2>&1 || echo cmake) \
            $(shell command -v mpicxx >/dev/null 2>&1 || echo openmpi-bin libopenmpi-dev)
DEB_NEED := $(strip $(DEB_NEED))

deps:
ifneq ($(DEB_NEED),)
	@if [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then \
	    echo "installing $(DEB_NEED)"; \
	    DEBIAN_FRONTEND=noninteractive apt-get update -q && \
	    DEBIAN_FRONTEND=noninteractive apt-get install -y -q $(DEB_NEED); \
	else \
	    echo "simt needs Debian packages that are missing; run:" >&2; \
	    echo "    sudo apt-get install $(DEB_NEED)" >&2; exit 1; \
	fi
endif

UNIT_SRC := $(wildcard tests/unit/*.c)
UNIT_OBJ := $(UNIT_SRC:%.c=$(B)/obj/%.o)
UNIT_BIN := $(B)/tests/unit-tests
LIBS := -lpthread -ldl -lm
# Names a CUDA build links with (gcc ... -L<simt>/lib -lcudart): linker
# scripts that stand libsimt and what it needs in their place.  The checker's
# entry points come first: an archive's members are taken only for symbols
# still undefined, so a normal build takes none of them, and a checking
# build (simtcc --check) linked by gcc finds them as simtcc's link would.
# A host sanitizer's own runtime keeps its names: gcc and clang link it
# before the program's objects (gcc -fsanitize=thread ... -lcudart leaves
# __tsan_* to libtsan).
CUDA_STANDINS := $(addprefix $(B)/lib/,libcudart.so libcuda.so libcudart_static.a libcudadevrt.a \
                                     libcurand.so libcurand_static.a libnccl.so libnccl_static.a)

# Without llvm-16-dev simtcc still works, with the fiber tier only.
all: $(LIBSIMT) $(CHECK_LIB) $(SIMTCC) $(if $(LLVM_CFLAGS),$(SIMTKC) $(CHECK_BC)) $(B)/lib/simt/include $(CUDA_STANDINS)

$(CUDA_STANDINS):
	@mkdir -p $(dir $@)
	printf '/* simt: libsimt stands for the CUDA runtime and libraries */\nINPUT(libsimt-check.a libsimt.a -lstdc++ $(LIBS))\n' > $@

$(B)/obj/src/compiler/%.o: src/compiler/%.c
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS_ALL) $(LLVM_CFLAGS) -MMD -MP -c $< -o $@

# What LLVM's C API lacks (src/compiler/cxx/kc_clone.h says what).
$(B)/obj/src/compiler/cxx/%.o: src/compiler/cxx/%.cpp
	@mkdir -p $(dir $@)
	$(CXX) $(patsubst -I%,-isystem %,$(shell $(LLVM_CONFIG) --cxxflags)) -fPIC -O2 -Wall -Wextra -MMD -MP -c $< -o $@

$(B)/obj/%.o: %.c
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS_ALL) -MMD -MP -c $< -o $@

$(B)/obj/%.o: %.cpp
	@mkdir -p $(dir $@)
	$(CXX) -std=c++17 -fPIC -fno-exceptions -fno-rtti -ffp-contract=off $(OPT) -Wall -Wextra $(SAN_FLAGS) \
	    -Iinclude -Isrc $(CXXFLAGS) -MMD -MP -c $< -o $@

$(B)/obj/%.o: %.S
	@mkdir -p $(dir $@)
	$(CC) $(ASFLAGS_ALL) -MMD -MP -c $< -o $@

# libsimt.a holds one object: the modules linked together (ld -r), then
# every global name that is not the API made local, so that a program may
# define a fiber_create or a mem_lookup of its own (tests/driver/names).
# The API: simt_ and simt__ names, CUDA's (cuda*, cu*, curand*, nccl*, nvtx*,
# __cuda*, the built-in variables, clock), C++ names in simt's namespaces.
API_SYMS := ^(simt_|cuda[A-Z]|cu[A-Z]|curand[A-Z]|nccl[A-Z]|nvtx[A-Z]|__cuda|_ZN[0-9]+simt|(threadIdx|blockIdx|blockDim|gridDim|clock)$$)
LIB_ONE := $(B)/obj/libsimt.o

# text_first and text_last go first and last: libsimt's code lies between
# them (the watchdog tells the program's code from the engine's by them).
LIB_ENDS := $(B)/obj/src/engine/text_first.o $(B)/obj/src/engine/text_last.o

$(LIB_ONE): $(LIB_OBJ)
	$(LD) -r -o $@.all $(word 1,$(LIB_ENDS)) $(filter-out $(LIB_ENDS),$^) $(word 2,$(LIB_ENDS))
	nm -g --defined-only $@.all | awk 'NF == 3 { print $$3 }' | grep -E '$(API_SYMS)' > $@.api
	objcopy --keep-global-symbols=$@.api $@.all $@
	rm -f $@.all

$(LIBSIMT): $(LIB_ONE)
	@mkdir -p $(dir $@)
	rm -f $@
	ar rcs $@ $^

# libsimt-check.a: the entry points of clang's -fsanitize=thread
# instrumentation, over simt's checker (src/check/); simtcc --check links it.
$(CHECK_LIB): $(CHECK_OBJ)
	@mkdir -p $(dir $@)
	rm -f $@
	ar rcs $@ $^

# Its plain accesses' entry points as bitcode, always inlined: simtcc links
# them into each instrumented module (tsan_abi.c says why).  No line
# tables: inlined, their code takes the line of the access.
$(CHECK_BC): src/check/abi/tsan_abi.c src/check/check.h $(wildcard src/engine/*.h) $(wildcard include/simt/*.h)
	@mkdir -p $(dir $@)
	clang-16 -std=c17 -D_GNU_SOURCE -O2 -DNDEBUG -DSIMT_CHECK_INLINE -Iinclude -Isrc \
	    -fno-strict-aliasing -c -emit-llvm $< -o $@

$(SIMTCC): $(DRV_OBJ)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS_ALL) $^ -o $@

$(SIMTKC): $(KC_OBJ)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS_ALL) $^ $(LLVM_LIBS) -lstdc++ -o $@

# simtcc finds its headers at <bin>/../lib/simt/include, in the build tree
# as in an installed tree.
$(B)/lib/simt/include:
	@mkdir -p $(B)/lib/simt
	ln -sfn ../../../include $@

# The unit tests call internal functions: they link the modules' objects,
# whose names libsimt.a keeps local.
$(UNIT_BIN): $(UNIT_OBJ) $(LIB_OBJ)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS_ALL) $(UNIT_OBJ) $(LIB_OBJ) $(LIBS) -o $@

unit: $(UNIT_BIN)
	$(UNIT_BIN)

# make fuzz: the runtime API's libFuzzer target (tests/fuzz/fuzz_api.c)
# against libsimt built by clang with AddressSanitizer into build-fuzz/,
# run FUZZ_SECONDS from tests/fuzz/seeds; FUZZ_LEVEL=1 adds destroyed
# handles, 2 foreign ones.  New inputs collect in build-fuzz/corpus, crashes
# in build-fuzz/findings; FUZZ_FLAGS="-fork=1 -ignore_crashes=1" goes on
# after one.
FUZZ_B := build-fuzz
FUZZ_SECONDS ?= 60
FUZZ_LEVEL ?= 0
FUZZ_BIN := $(FUZZ_B)/tests/fuzz_api
.PHONY: fuzz

$(FUZZ_BIN): tests/fuzz/fuzz_api.c FORCE
	$(MAKE) B=$(FUZZ_B) CC=clang-16 CXX=clang++-16 SANITIZE=address,fuzzer-no-link $(FUZZ_B)/lib/libsimt.a
	@mkdir -p $(dir $@)
	clang-16 -std=c17 -g -O1 -fsanitize=fuzzer,address -Iinclude tests/fuzz/fuzz_api.c \
	    $(FUZZ_B)/lib/libsimt.a $(LIBS) -o $@

fuzz: $(FUZZ_BIN)
	@mkdir -p $(FUZZ_B)/corpus $(FUZZ_B)/findings
	FUZZ_LEVEL=$(FUZZ_LEVEL) $(FUZZ_BIN) -max_total_time=$(FUZZ_SECONDS) -timeout=30 \
	    -max_len=512 -dict=tests/fuzz/fuzz_api.dict -artifact_prefix=$(FUZZ_B)/findings/ \
	    $(FUZZ_FLAGS) $(FUZZ_B)/corpus tests/fuzz/seeds

FORCE:

demo: deps
	$(MAKE) all
	$(SIMTCC) -O2 examples/vector_add.cu -o $(B)/vector_add
	$(B)/vector_add

test: deps
	$(MAKE) all $(UNIT_BIN)
	@B=$(B) CC=$(CC) CXX=$(CXX) SANITIZE=$(SANITIZE) sh tests/run.sh

# An nvcc-shaped tree: bin/{simtcc,nvcc}, include/, lib64/, version.json,
# pkgconfig/, lib64/cmake/simt/ (src/install/install.sh).
install: all
	sh src/install/install.sh $(B) $(PREFIX) $(DESTDIR)

clean:
	rm -rf build build-address build-thread build-undefined build-fuzz build-debug

# trace.c inlines the gdb script (.incbin), which the compiler does not list.
$(B)/obj/src/trace/trace.o: src/gdb/simt.py

-include $(LIB_OBJ:.o=.d) $(DRV_OBJ:.o=.d) $(UNIT_OBJ:.o=.d) $(KC_OBJ:.o=.d)
