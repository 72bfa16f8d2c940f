#!/bin/sh
# tests/record-gpu.sh: records the expected output of every CUDA test
# program on a real NVIDIA GPU.  Run it on a machine with nvcc and a GPU,
# from the repository root:
#
#   sh tests/record-gpu.sh OUTDIR [PATTERN]
#
# For tests/cuda/**/NAME.cu it writes OUTDIR/<same path>/NAME.out (stdout),
# NAME.gpu-stderr and NAME.gpu-rc (a program with NAME.gpus, the GPUs it
# needs, only on a machine with that many, seeing that many; a program with
# NAME.np under mpirun, with that many processes, and one with
# NAME.needs-cuda-aware-mpi only where MPI is CUDA-aware); for
# tests/projects/NAME it builds with `make NVCC=nvcc` and records app's
# output as tests/projects/NAME/expected.out.
# Copy the .out files beside the tests and commit them; never edit them.
out=${1:?usage: record-gpu.sh OUTDIR [PATTERN]}
pattern=${2:-}
arch=${SIMT_GPU_ARCH:-sm_90}
mkdir -p "$out"
out=$(cd "$out" && pwd)
root=$(pwd)
tmp=$(mktemp -d)
for src in $(find tests/cuda -name '*.cu' | sort); do
    case "$src" in *"$pattern"*) ;; *) continue ;; esac
    dir=$(dirname "$src")
    name=$(basename "$src" .cu)
    flags=""
    [ -f "$dir/$name.flags" ] && flags=$(cat "$dir/$name.flags")
    envs=""
    [ -f "$dir/$name.env" ] && envs=$(cat "$dir/$name.env")
    args=""
    [ -f "$dir/$name.args" ] && args=$(cat "$dir/$name.args")
    if [ -f "$dir/$name.gpus" ] && [ "$(nvidia-smi -L | grep -c '^GPU')" -lt "$(cat "$dir/$name.gpus")" ]; then
        echo "skipped $src: needs $(cat "$dir/$name.gpus") GPUs"
        continue
    fi
    # An MPI program (NAME.np: its processes) needs a CUDA-aware MPI.
    launch=""
    if [ -f "$dir/$name.np" ]; then
        if ! command -v mpicxx > /dev/null 2>&1; then
            echo "skipped $src: an MPI program, and no mpicxx here"
            continue
        fi
        # Device pointers passed to an MPI built without CUDA fault
        # (NAME.needs-cuda-aware-mpi: the program passes them).
        if [ -f "$dir/$name.needs-cuda-aware-mpi" ] &&
            ! ompi_info --parsable --all 2> /dev/null | grep -q 'mpi_built_with_cuda_support:value:true'; then
            echo "skipped $src: this MPI is not CUDA-aware"
            continue
        fi
        flags="$flags $(mpicxx --showme:compile) $(mpicxx --showme:link)"
        launch="mpirun --oversubscribe -np $(cat "$dir/$name.np")"
        envs="OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 $envs"
    fi
    # A program for N GPUs sees exactly N (its output may print the count).
    [ -f "$dir/$name.gpus" ] && envs="CUDA_VISIBLE_DEVICES=$(seq -s, 0 $(($(cat "$dir/$name.gpus") - 1))) $envs"
    mkdir -p "$out/$dir"
    if ! nvcc -std=c++17 -arch="$arch" $flags "$src" -o "$tmp/$name" > "$out/$dir/$name.nvcc-log" 2>&1; then
        echo "nvcc failed: $src"
        continue
    fi
    (cd "$dir" && env $envs timeout 120 $launch "$tmp/$name" $args) \
        > "$out/$dir/$name.out" 2> "$out/$dir/$name.gpu-stderr"
    echo $? > "$out/$dir/$name.gpu-rc"
    echo "recorded $src (rc $(cat "$out/$dir/$name.gpu-rc"))"
done
for proj in tests/projects/*/; do
    proj=${proj%/}
    case "$proj" in *"$pattern"*) ;; *) continue ;; esac
    mkdir -p "$out/$proj"
    cp -R "$proj" "$tmp/proj"
    if (cd "$tmp/proj" && make NVCC=nvcc > build.log 2>&1 && ./app > "$out/$proj/expected.out" 2>&1); then
        echo "recorded $proj"
    else
        echo "project failed: $proj"
        cp "$tmp/proj/build.log" "$out/$proj/build.log"
    fi
    rm -rf "$tmp/proj"
done
rm -rf "$tmp"
