/*
 * thrust/detail/config/device_system.h (simt): Thrust's device system is
 * its C++ one.
 *
 * simt runs "device" code on the host's cores, so Thrust's CUDA system
 * (PTX kernels, the CUDA compiler's device pass) has nothing to run on.
 * The C++ system runs each algorithm at the call; simt's other Thrust
 * headers give it device memory and CUDA's stream order.  A program that
 * asks for the CUDA system gets the C++ one; OpenMP and TBB stay as asked.
 */
#ifndef SIMT_THRUST_DEVICE_SYSTEM_H
#define SIMT_THRUST_DEVICE_SYSTEM_H

#define THRUST_DEVICE_SYSTEM_CUDA 1
#define THRUST_DEVICE_SYSTEM_OMP 2
#define THRUST_DEVICE_SYSTEM_TBB 3
#define THRUST_DEVICE_SYSTEM_CPP 4

#if !defined(THRUST_DEVICE_SYSTEM) && defined(THRUST_DEVICE_BACKEND)
#define THRUST_DEVICE_SYSTEM THRUST_DEVICE_BACKEND
#endif
#ifndef THRUST_DEVICE_SYSTEM
#define THRUST_DEVICE_SYSTEM THRUST_DEVICE_SYSTEM_CPP
#elif THRUST_DEVICE_SYSTEM == THRUST_DEVICE_SYSTEM_CUDA
#undef THRUST_DEVICE_SYSTEM
#define THRUST_DEVICE_SYSTEM THRUST_DEVICE_SYSTEM_CPP
#endif
#undef THRUST_DEVICE_BACKEND

#include_next <thrust/detail/config/device_system.h>
#include <simt/cccl_config.h>

#endif
