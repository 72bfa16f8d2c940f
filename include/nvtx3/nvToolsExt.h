/*
 * nvtx3/nvToolsExt.h: the NVIDIA Tools Extension (NVTX v3) C API: marks,
 * ranges (push/pop per thread, start/end across threads), domains,
 * registered strings, category and thread names.
 *
 * As NVTX is, the API is header-only: without a tool every call does
 * nothing and costs a test.  simt's tool is libsimt's recorder
 * (src/trace/): a program linked with libsimt records its ranges and marks
 * in the SIMT_TRACE timeline and the SIMT_PROFILE summary.  The calls
 * reach it through one weak symbol, simt_nvtx, so a C or C++ program built
 * without libsimt links and runs, recording nothing.
 *
 * Written from NVIDIA's NVTX documentation (the v3 API reference); the
 * types, names and values are the API's.
 */
#ifndef NVTOOLSEXT_V3
#define NVTOOLSEXT_V3
#ifndef NVTX_VERSION
#define NVTX_VERSION 3
#endif

#include <stddef.h>
#include <stdint.h>
#include <wchar.h>

#ifdef __cplusplus
extern "C" {
#endif

#define NVTX_API
#define NVTX_DECLSPEC static inline

#define NVTX_SUCCESS 0
#define NVTX_FAIL 1
#define NVTX_ERR_INIT_LOAD_PROPERTY 2
#define NVTX_ERR_INIT_ACCESS_LIBRARY 3
#define NVTX_ERR_INIT_LOAD_LIBRARY 4
#define NVTX_ERR_INIT_MISSING_LIBRARY_ENTRY_POINT 5
#define NVTX_ERR_INIT_FAILED_LIBRARY_ENTRY_POINT 6
#define NVTX_ERR_NO_INJECTION_LIBRARY_AVAILABLE 7

#define NVTX_NO_PUSH_POP_TRACKING ((int)-2)

typedef uint64_t nvtxRangeId_t;
typedef struct nvtxDomainRegistration_st nvtxDomainRegistration;
typedef nvtxDomainRegistration *nvtxDomainHandle_t;
typedef struct nvtxStringRegistration_st nvtxStringRegistration;
typedef nvtxStringRegistration *nvtxStringHandle_t;

typedef enum nvtxColorType_t {
    NVTX_COLOR_UNKNOWN = 0,
    NVTX_COLOR_ARGB = 1
} nvtxColorType_t;

typedef enum nvtxMessageType_t {
    NVTX_MESSAGE_UNKNOWN = 0,
    NVTX_MESSAGE_TYPE_ASCII = 1,
    NVTX_MESSAGE_TYPE_UNICODE = 2,
    NVTX_MESSAGE_TYPE_REGISTERED = 3
} nvtxMessageType_t;

typedef union nvtxMessageValue_t {
    const char *ascii;
    const wchar_t *unicode;
    nvtxStringHandle_t registered;
} nvtxMessageValue_t;

typedef enum nvtxPayloadType_t {
    NVTX_PAYLOAD_UNKNOWN = 0,
    NVTX_PAYLOAD_TYPE_UNSIGNED_INT64 = 1,
    NVTX_PAYLOAD_TYPE_INT64 = 2,
    NVTX_PAYLOAD_TYPE_DOUBLE = 3,
    NVTX_PAYLOAD_TYPE_UNSIGNED_INT32 = 4,
    NVTX_PAYLOAD_TYPE_INT32 = 5,
    NVTX_PAYLOAD_TYPE_FLOAT = 6
} nvtxPayloadType_t;

typedef struct nvtxEventAttributes_v2 {
    uint16_t version;  /* NVTX_VERSION */
    uint16_t size;     /* NVTX_EVENT_ATTRIB_STRUCT_SIZE */
    uint32_t category; /* 0: none */
    int32_t colorType; /* nvtxColorType_t */
    uint32_t color;    /* 0xAARRGGBB */
    int32_t payloadType;
    int32_t reserved0;
    union payload_t {
        uint64_t ullValue;
        int64_t llValue;
        double dValue;
        uint32_t uiValue;
        int32_t iValue;
        float fValue;
    } payload;
    int32_t messageType; /* nvtxMessageType_t */
    nvtxMessageValue_t message;
} nvtxEventAttributes_v2;
typedef struct nvtxEventAttributes_v2 nvtxEventAttributes_t;

#define NVTX_EVENT_ATTRIB_STRUCT_SIZE ((uint16_t)(sizeof(nvtxEventAttributes_t)))

/* ---- the tool's one entry point (libsimt's recorder, src/trace/nvtx.c) --- */

enum simt_nvtx_op {
    SIMT_NVTX_MARK,          /* returns 0 */
    SIMT_NVTX_PUSH,          /* returns the level the range is at (0: outermost) */
    SIMT_NVTX_POP,           /* returns the level popped, or -1 with none open */
    SIMT_NVTX_START,         /* returns the range's id */
    SIMT_NVTX_END,           /* id: the range */
    SIMT_NVTX_NAME_CATEGORY, /* id: the category */
    SIMT_NVTX_NAME_THREAD,   /* id: the OS thread id */
    SIMT_NVTX_NAME_STREAM,   /* obj: a cudaStream_t / CUstream */
    SIMT_NVTX_NAME_DEVICE,   /* id: the device ordinal */
    SIMT_NVTX_NAME_EVENT,    /* obj: a cudaEvent_t / CUevent */
    SIMT_NVTX_DOMAIN_CREATE, /* returns the handle */
    SIMT_NVTX_DOMAIN_DESTROY,
    SIMT_NVTX_REGISTER_STRING /* returns the handle */
};

/* op on domain d (NULL: the default domain) with the event's attributes
 * (or NULL) and a message in one of three forms (a, w, or a's registered
 * handle); see enum simt_nvtx_op for id, obj and the result. */
int64_t simt_nvtx(int op, nvtxDomainHandle_t d, const nvtxEventAttributes_t *attr, const char *a,
                  const wchar_t *w, uint64_t id, const void *obj)
#if defined(__GNUC__) && !defined(SIMT_NVTX_DEFINITION)
    __attribute__((weak))
#endif
    ;

#define SIMT_NVTX_CALL(op, d, attr, a, w, id, obj, none)                                       \
    (simt_nvtx ? simt_nvtx((op), (d), (attr), (a), (w), (id), (obj)) : (int64_t)(none))

/* The definition (src/trace/nvtx.c) needs only the types. */
#ifndef SIMT_NVTX_DEFINITION

/* ---- initialization ----------------------------------------------------- */

NVTX_DECLSPEC void NVTX_API nvtxInitialize(const void *reserved)
{
    (void)reserved;
}

/* ---- the default domain ---------------------------------------------------- */

NVTX_DECLSPEC void NVTX_API nvtxMarkEx(const nvtxEventAttributes_t *eventAttrib)
{
    (void)SIMT_NVTX_CALL(SIMT_NVTX_MARK, NULL, eventAttrib, NULL, NULL, 0, NULL, 0);
}

NVTX_DECLSPEC void NVTX_API nvtxMarkA(const char *message)
{
    (void)SIMT_NVTX_CALL(SIMT_NVTX_MARK, NULL, NULL, message, NULL, 0, NULL, 0);
}

NVTX_DECLSPEC void NVTX_API nvtxMarkW(const wchar_t *message)
{
    (void)SIMT_NVTX_CALL(SIMT_NVTX_MARK, NULL, NULL, NULL, message, 0, NULL, 0);
}

NVTX_DECLSPEC nvtxRangeId_t NVTX_API nvtxRangeStartEx(const nvtxEventAttributes_t *eventAttrib)
{
    return (nvtxRangeId_t)SIMT_NVTX_CALL(SIMT_NVTX_START, NULL, eventAttrib, NULL, NULL, 0, NULL, 0);
}

NVTX_DECLSPEC nvtxRangeId_t NVTX_API nvtxRangeStartA(const char *message)
{
    return (nvtxRangeId_t)SIMT_NVTX_CALL(SIMT_NVTX_START, NULL, NULL, message, NULL, 0, NULL, 0);
}

NVTX_DECLSPEC nvtxRangeId_t NVTX_API nvtxRangeStartW(const wchar_t *message)
{
    return (nvtxRangeId_t)SIMT_NVTX_CALL(SIMT_NVTX_START, NULL, NULL, NULL, message, 0, NULL, 0);
}

NVTX_DECLSPEC void NVTX_API nvtxRangeEnd(nvtxRangeId_t id)
{
    (void)SIMT_NVTX_CALL(SIMT_NVTX_END, NULL, NULL, NULL, NULL, id, NULL, 0);
}

NVTX_DECLSPEC int NVTX_API nvtxRangePushEx(const nvtxEventAttributes_t *eventAttrib)
{
    return (int)SIMT_NVTX_CALL(SIMT_NVTX_PUSH, NULL, eventAttrib, NULL, NULL, 0, NULL,
                               NVTX_NO_PUSH_POP_TRACKING);
}

NVTX_DECLSPEC int NVTX_API nvtxRangePushA(const char *message)
{
    return (int)SIMT_NVTX_CALL(SIMT_NVTX_PUSH, NULL, NULL, message, NULL, 0, NULL,
                               NVTX_NO_PUSH_POP_TRACKING);
}

NVTX_DECLSPEC int NVTX_API nvtxRangePushW(const wchar_t *message)
{
    return (int)SIMT_NVTX_CALL(SIMT_NVTX_PUSH, NULL, NULL, NULL, message, 0, NULL,
                               NVTX_NO_PUSH_POP_TRACKING);
}

NVTX_DECLSPEC int NVTX_API nvtxRangePop(void)
{
    return (int)SIMT_NVTX_CALL(SIMT_NVTX_POP, NULL, NULL, NULL, NULL, 0, NULL,
                               NVTX_NO_PUSH_POP_TRACKING);
}

NVTX_DECLSPEC void NVTX_API nvtxNameCategoryA(uint32_t category, const char *name)
{
    (void)SIMT_NVTX_CALL(SIMT_NVTX_NAME_CATEGORY, NULL, NULL, name, NULL, category, NULL, 0);
}

NVTX_DECLSPEC void NVTX_API nvtxNameCategoryW(uint32_t category, const wchar_t *name)
{
    (void)SIMT_NVTX_CALL(SIMT_NVTX_NAME_CATEGORY, NULL, NULL, NULL, name, category, NULL, 0);
}

NVTX_DECLSPEC void NVTX_API nvtxNameOsThreadA(uint32_t threadId, const char *name)
{
    (void)SIMT_NVTX_CALL(SIMT_NVTX_NAME_THREAD, NULL, NULL, name, NULL, threadId, NULL, 0);
}

NVTX_DECLSPEC void NVTX_API nvtxNameOsThreadW(uint32_t threadId, const wchar_t *name)
{
    (void)SIMT_NVTX_CALL(SIMT_NVTX_NAME_THREAD, NULL, NULL, NULL, name, threadId, NULL, 0);
}

/* ---- domains ------------------------------------------------------------ */

NVTX_DECLSPEC nvtxDomainHandle_t NVTX_API nvtxDomainCreateA(const char *name)
{
    return (nvtxDomainHandle_t)(uintptr_t)SIMT_NVTX_CALL(SIMT_NVTX_DOMAIN_CREATE, NULL, NULL, name,
                                                         NULL, 0, NULL, 0);
}

NVTX_DECLSPEC nvtxDomainHandle_t NVTX_API nvtxDomainCreateW(const wchar_t *name)
{
    return (nvtxDomainHandle_t)(uintptr_t)SIMT_NVTX_CALL(SIMT_NVTX_DOMAIN_CREATE, NULL, NULL, NULL,
                                                         name, 0, NULL, 0);
}

NVTX_DECLSPEC void NVTX_API nvtxDomainDestroy(nvtxDomainHandle_t domain)
{
    (void)SIMT_NVTX_CALL(SIMT_NVTX_DOMAIN_DESTROY, domain, NULL, NULL, NULL, 0, NULL, 0);
}

NVTX_DECLSPEC nvtxStringHandle_t NVTX_API nvtxDomainRegisterStringA(nvtxDomainHandle_t domain,
                                                                    const char *string)
{
    return (nvtxStringHandle_t)(uintptr_t)SIMT_NVTX_CALL(SIMT_NVTX_REGISTER_STRING, domain, NULL,
                                                         string, NULL, 0, NULL, 0);
}

NVTX_DECLSPEC nvtxStringHandle_t NVTX_API nvtxDomainRegisterStringW(nvtxDomainHandle_t domain,
                                                                    const wchar_t *string)
{
    return (nvtxStringHandle_t)(uintptr_t)SIMT_NVTX_CALL(SIMT_NVTX_REGISTER_STRING, domain, NULL,
                                                         NULL, string, 0, NULL, 0);
}

NVTX_DECLSPEC void NVTX_API nvtxDomainMarkEx(nvtxDomainHandle_t domain,
                                             const nvtxEventAttributes_t *eventAttrib)
{
    (void)SIMT_NVTX_CALL(SIMT_NVTX_MARK, domain, eventAttrib, NULL, NULL, 0, NULL, 0);
}

NVTX_DECLSPEC nvtxRangeId_t NVTX_API nvtxDomainRangeStartEx(nvtxDomainHandle_t domain,
                                                            const nvtxEventAttributes_t *eventAttrib)
{
    return (nvtxRangeId_t)SIMT_NVTX_CALL(SIMT_NVTX_START, domain, eventAttrib, NULL, NULL, 0, NULL, 0);
}

NVTX_DECLSPEC void NVTX_API nvtxDomainRangeEnd(nvtxDomainHandle_t domain, nvtxRangeId_t id)
{
    (void)SIMT_NVTX_CALL(SIMT_NVTX_END, domain, NULL, NULL, NULL, id, NULL, 0);
}

NVTX_DECLSPEC int NVTX_API nvtxDomainRangePushEx(nvtxDomainHandle_t domain,
                                                 const nvtxEventAttributes_t *eventAttrib)
{
    return (int)SIMT_NVTX_CALL(SIMT_NVTX_PUSH, domain, eventAttrib, NULL, NULL, 0, NULL,
                               NVTX_NO_PUSH_POP_TRACKING);
}

NVTX_DECLSPEC int NVTX_API nvtxDomainRangePop(nvtxDomainHandle_t domain)
{
    return (int)SIMT_NVTX_CALL(SIMT_NVTX_POP, domain, NULL, NULL, NULL, 0, NULL,
                               NVTX_NO_PUSH_POP_TRACKING);
}

NVTX_DECLSPEC void NVTX_API nvtxDomainNameCategoryA(nvtxDomainHandle_t domain, uint32_t category,
                                                    const char *name)
{
    (void)SIMT_NVTX_CALL(SIMT_NVTX_NAME_CATEGORY, domain, NULL, name, NULL, category, NULL, 0);
}

NVTX_DECLSPEC void NVTX_API nvtxDomainNameCategoryW(nvtxDomainHandle_t domain, uint32_t category,
                                                    const wchar_t *name)
{
    (void)SIMT_NVTX_CALL(SIMT_NVTX_NAME_CATEGORY, domain, NULL, NULL, name, category, NULL, 0);
}

#endif /* SIMT_NVTX_DEFINITION */

#ifdef __cplusplus
}
#endif

#endif /* NVTOOLSEXT_V3 */
