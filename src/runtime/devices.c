/*
 * devices.c: the emulated devices and the calling host thread's current
 * one.
 *
 * SIMT_DEVICES=N (default 1) gives N devices of one kind.  They share the
 * workers: a device is a context (its memory, streams, events, legacy
 * default stream, flags and reset), not a partition of the CPU, so one
 * device's grid may use every core while the others are idle, as a
 * program driving its GPUs one at a time expects.  The current device is
 * the calling host thread's, 0 until it sets one (CUDA guide, "Device
 * Selection").  Peer access is what an NVLink machine offers: any device
 * may reach any other's memory once the program enabled it.
 */
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine/engine.h"
#include "engine/sync.h"
#include "runtime/runtime.h"

static int count;
static SIMT_TLS int current;
/* peer[d] bit p: device d enabled access to device p's memory. */
static _Atomic unsigned long long peer[DEVICE_MAX];

int device_count(void)
{
    int n = __atomic_load_n(&count, __ATOMIC_RELAXED);
    if (n)
        return n;
    const char *e = getenv("SIMT_DEVICES");
    n = 1;
    if (e && *e) {
        char *end;
        long v = strtol(e, &end, 10);
        if (*end || v < 1 || v > DEVICE_MAX)
            fprintf(stderr,
                    "simt: warning: SIMT_DEVICES=%s is not a count of devices from 1 to %d; "
                    "emulating one device\n",
                    e, DEVICE_MAX);
        else
            n = (int)v;
    }
    __atomic_store_n(&count, n, __ATOMIC_RELAXED);
    return n;
}

int device_valid(int d)
{
    return d >= 0 && d < device_count();
}

/* In a kernel, the device its grid runs on (the device runtime's
 * cudaGetDevice, and what the kernel's launches and allocations belong to). */
int device_current(void)
{
    struct grid *g = engine_current_grid();
    return g ? g->device : current;
}

int device_peer_enabled(int d, int p)
{
    return d == p || (atomic_load_explicit(&peer[d], memory_order_relaxed) >> p & 1);
}

void device_peer_reset(int d)
{
    atomic_store(&peer[d], 0);
    for (int o = 0; o < DEVICE_MAX; o++)
        atomic_fetch_and(&peer[o], ~(1ull << d));
}

cudaError_t cudaGetDeviceCount(int *n)
{
    API_ENTER();
    if (!n)
        return api_return(cudaErrorInvalidValue);
    *n = device_count();
    return cudaSuccess;
}

cudaError_t cudaGetDevice(int *device)
{
    API_ENTER();
    if (!device)
        return api_return(cudaErrorInvalidValue);
    *device = device_current();
    return cudaSuccess;
}

/* Another device's lost context does not keep a thread from switching:
 * the call answers for the device it makes current. */
cudaError_t cudaSetDevice(int device)
{
    if (!device_valid(device)) {
        API_ENTER();
        return api_return(cudaErrorInvalidDevice);
    }
    current = device;
    API_ENTER();
    engine_start();
    return cudaSuccess;
}

cudaError_t cudaChooseDevice(int *device, const struct cudaDeviceProp *prop)
{
    API_ENTER();
    if (!device || !prop)
        return api_return(cudaErrorInvalidValue);
    *device = 0; /* the devices are alike: the first matches best */
    return cudaSuccess;
}

cudaError_t cudaSetValidDevices(int *deviceArr, int len)
{
    API_ENTER();
    for (int i = 0; i < len; i++)
        if (!deviceArr || !device_valid(deviceArr[i]))
            return api_return(cudaErrorInvalidDevice);
    return cudaSuccess;
}

/* Device d sits at PCI bus d + 1 of domain 0 (bus 0 is the host bridge). */
int device_pci_bus(int d)
{
    return d + 1;
}

cudaError_t cudaDeviceGetPCIBusId(char *pciBusId, int len, int device)
{
    API_ENTER();
    if (!pciBusId || len <= 0)
        return api_return(cudaErrorInvalidValue);
    if (!device_valid(device))
        return api_return(cudaErrorInvalidDevice);
    snprintf(pciBusId, (size_t)len, "0000:%02x:00.0", device_pci_bus(device));
    return cudaSuccess;
}

cudaError_t cudaDeviceGetByPCIBusId(int *device, const char *pciBusId)
{
    API_ENTER();
    if (!device || !pciBusId)
        return api_return(cudaErrorInvalidValue);
    /* [domain:]bus:device[.function], hexadecimal, as the driver reads it. */
    unsigned dom = 0, bus, dev, fn = 0;
    int ok = sscanf(pciBusId, "%x:%x:%x.%x", &dom, &bus, &dev, &fn) >= 3;
    if (!ok) {
        dom = 0;
        ok = sscanf(pciBusId, "%x:%x.%x", &bus, &dev, &fn) >= 2;
    }
    if (!ok)
        return api_return(cudaErrorInvalidValue);
    for (int d = 0; d < device_count(); d++)
        if (dom == 0 && bus == (unsigned)device_pci_bus(d) && dev == 0 && fn == 0) {
            *device = d;
            return cudaSuccess;
        }
    return api_return(cudaErrorInvalidDevice);
}

cudaError_t cudaDeviceCanAccessPeer(int *canAccessPeer, int device, int peerDevice)
{
    API_ENTER();
    if (!canAccessPeer)
        return api_return(cudaErrorInvalidValue);
    if (!device_valid(device) || !device_valid(peerDevice))
        return api_return(cudaErrorInvalidDevice);
    *canAccessPeer = device != peerDevice;
    return cudaSuccess;
}

/* The link between two devices as an NVLink machine's: peer access,
 * native atomics and arrays over it, all links alike (rank 0). */
cudaError_t cudaDeviceGetP2PAttribute(int *value, enum cudaDeviceP2PAttr attr, int srcDevice,
                                      int dstDevice)
{
    API_ENTER();
    if (!value)
        return api_return(cudaErrorInvalidValue);
    if (!device_valid(srcDevice) || !device_valid(dstDevice) || srcDevice == dstDevice)
        return api_return(cudaErrorInvalidDevice);
    switch (attr) {
    case cudaDevP2PAttrPerformanceRank: *value = 0; break;
    case cudaDevP2PAttrAccessSupported:
    case cudaDevP2PAttrNativeAtomicSupported:
    case cudaDevP2PAttrCudaArrayAccessSupported: *value = 1; break;
    case cudaDevP2PAttrOnlyPartialNativeAtomicSupported: *value = 0; break;
    default: return api_return(cudaErrorInvalidValue);
    }
    return cudaSuccess;
}

cudaError_t cudaDeviceEnablePeerAccess(int peerDevice, unsigned int flags)
{
    API_ENTER();
    if (flags)
        return api_return(cudaErrorInvalidValue);
    if (!device_valid(peerDevice))
        return api_return(cudaErrorInvalidDevice);
    /* An H200: a device has no peer access to itself. */
    if (peerDevice == current)
        return api_return(cudaErrorPeerAccessUnsupported);
    unsigned long long bit = 1ull << peerDevice;
    if (atomic_fetch_or(&peer[current], bit) & bit)
        return api_return(cudaErrorPeerAccessAlreadyEnabled);
    return cudaSuccess;
}

cudaError_t cudaDeviceDisablePeerAccess(int peerDevice)
{
    API_ENTER();
    if (!device_valid(peerDevice))
        return api_return(cudaErrorInvalidDevice);
    unsigned long long bit = 1ull << peerDevice;
    if (peerDevice == current || !(atomic_fetch_and(&peer[current], ~bit) & bit))
        return api_return(cudaErrorPeerAccessNotEnabled);
    return cudaSuccess;
}
