/*
 * nvtx3/nvtx3.hpp: NVTX's C++ API (namespace nvtx3, inline namespace v1):
 * RAII ranges (scoped_range, unique_range), marks, domains, colors,
 * categories, registered strings, payloads and NVTX3_FUNC_RANGE, on the C
 * API of nvToolsExt.h.
 *
 * Written from NVIDIA's NVTX C++ API documentation; what simt's recorder
 * keeps of each event is its message, color, category, payload and
 * domain.
 */
#ifndef NVTX3_CPP_VERSION_MAJOR
#define NVTX3_CPP_VERSION_MAJOR 1
#define NVTX3_CPP_VERSION_MINOR 0

#include "nvToolsExt.h"

#include <cstdint>
#include <string>
#include <utility>

namespace nvtx3 {
inline namespace v1 {

/* A domain: the default one (domain::global), or one named by a type with
 * `static constexpr char const* name`. */
class domain {
  public:
    struct global {};

    domain(domain const &) = delete;
    domain &operator=(domain const &) = delete;

    template <typename D = global>
    static domain const &get() noexcept
    {
        static domain const d(D::name);
        return d;
    }

    operator nvtxDomainHandle_t() const noexcept { return handle_; }

  private:
    explicit domain(char const *name) noexcept : handle_(nvtxDomainCreateA(name)) {}
    explicit domain(std::nullptr_t) noexcept : handle_(nullptr) {}
    ~domain() noexcept { /* as NVTX's: a domain lives as long as the program */ }
    nvtxDomainHandle_t handle_;
};

template <>
inline domain const &domain::get<domain::global>() noexcept
{
    static domain const d(nullptr);
    return d;
}

struct rgb {
    using component_type = uint8_t;
    constexpr rgb(component_type red_, component_type green_, component_type blue_) noexcept
        : red(red_), green(green_), blue(blue_)
    {
    }
    component_type red, green, blue;
};

struct argb final : rgb {
    constexpr argb(component_type alpha_, component_type red_, component_type green_,
                   component_type blue_) noexcept
        : rgb(red_, green_, blue_), alpha(alpha_)
    {
    }
    component_type alpha;
};

class color {
  public:
    using value_type = uint32_t;
    constexpr explicit color(value_type hex_code) noexcept : value_(hex_code) {}
    constexpr color(argb c) noexcept
        : value_((value_type(c.alpha) << 24) | (value_type(c.red) << 16) |
                 (value_type(c.green) << 8) | value_type(c.blue))
    {
    }
    constexpr color(rgb c) noexcept : color(argb(0xFF, c.red, c.green, c.blue)) {}
    constexpr value_type get_value() const noexcept { return value_; }
    static constexpr nvtxColorType_t get_type() noexcept { return NVTX_COLOR_ARGB; }

  private:
    value_type value_;
};

class category {
  public:
    using id_type = uint32_t;
    constexpr explicit category(id_type id) noexcept : id_(id) {}
    constexpr id_type get_id() const noexcept { return id_; }

  private:
    id_type id_;
};

/* A category with a name, registered once: C has `static constexpr
 * uint32_t id` and `static constexpr char const* name`. */
template <typename D = domain::global>
class named_category_in final : public category {
  public:
    template <typename C>
    static named_category_in const &get() noexcept
    {
        static named_category_in const c(C::id, C::name);
        return c;
    }
    named_category_in(id_type id, char const *name) noexcept : category(id)
    {
        nvtxDomainNameCategoryA(domain::get<D>(), id, name);
    }
    named_category_in(id_type id, wchar_t const *name) noexcept : category(id)
    {
        nvtxDomainNameCategoryW(domain::get<D>(), id, name);
    }
};
using named_category = named_category_in<domain::global>;

/* A string registered once with its domain: M has `static constexpr char
 * const* message`. */
template <typename D = domain::global>
class registered_string_in {
  public:
    template <typename M>
    static registered_string_in const &get() noexcept
    {
        static registered_string_in const s(M::message);
        return s;
    }
    explicit registered_string_in(char const *msg) noexcept
        : handle_(nvtxDomainRegisterStringA(domain::get<D>(), msg))
    {
    }
    explicit registered_string_in(std::string const &msg) noexcept
        : registered_string_in(msg.c_str())
    {
    }
    explicit registered_string_in(wchar_t const *msg) noexcept
        : handle_(nvtxDomainRegisterStringW(domain::get<D>(), msg))
    {
    }
    nvtxStringHandle_t get_handle() const noexcept { return handle_; }

  private:
    nvtxStringHandle_t handle_;
};
using registered_string = registered_string_in<domain::global>;

class message {
  public:
    using value_type = nvtxMessageValue_t;
    message(char const *msg) noexcept : type_(NVTX_MESSAGE_TYPE_ASCII) { value_.ascii = msg; }
    message(std::string const &msg) noexcept : message(msg.c_str()) {}
    message(std::string &&) = delete; /* it would not outlive the call */
    message(wchar_t const *msg) noexcept : type_(NVTX_MESSAGE_TYPE_UNICODE) { value_.unicode = msg; }
    message(std::wstring const &msg) noexcept : message(msg.c_str()) {}
    message(std::wstring &&) = delete;
    template <typename D>
    message(registered_string_in<D> const &msg) noexcept : type_(NVTX_MESSAGE_TYPE_REGISTERED)
    {
        value_.registered = msg.get_handle();
    }
    message(nvtxMessageType_t type, nvtxMessageValue_t value) noexcept : type_(type), value_(value) {}
    message(nvtxStringHandle_t handle) noexcept : type_(NVTX_MESSAGE_TYPE_REGISTERED)
    {
        value_.registered = handle;
    }
    value_type get_value() const noexcept { return value_; }
    nvtxMessageType_t get_type() const noexcept { return type_; }

  private:
    nvtxMessageType_t type_;
    value_type value_;
};

class payload {
  public:
    using value_type = typename nvtxEventAttributes_v2::payload_t;
    explicit payload(int64_t v) noexcept : type_(NVTX_PAYLOAD_TYPE_INT64) { value_.llValue = v; }
    explicit payload(int32_t v) noexcept : type_(NVTX_PAYLOAD_TYPE_INT32) { value_.iValue = v; }
    explicit payload(uint64_t v) noexcept : type_(NVTX_PAYLOAD_TYPE_UNSIGNED_INT64) { value_.ullValue = v; }
    explicit payload(uint32_t v) noexcept : type_(NVTX_PAYLOAD_TYPE_UNSIGNED_INT32) { value_.uiValue = v; }
    explicit payload(float v) noexcept : type_(NVTX_PAYLOAD_TYPE_FLOAT) { value_.fValue = v; }
    explicit payload(double v) noexcept : type_(NVTX_PAYLOAD_TYPE_DOUBLE) { value_.dValue = v; }
    nvtxPayloadType_t get_type() const noexcept { return type_; }
    value_type get_value() const noexcept { return value_; }

  private:
    nvtxPayloadType_t type_;
    value_type value_;
};

/* An event's attributes from any of message, color, category and payload,
 * in any order (the last of a kind wins). */
class event_attributes {
  public:
    using value_type = nvtxEventAttributes_t;

    constexpr event_attributes() noexcept
        : attributes_{NVTX_VERSION, NVTX_EVENT_ATTRIB_STRUCT_SIZE, 0, NVTX_COLOR_UNKNOWN, 0,
                      NVTX_PAYLOAD_UNKNOWN, 0, {0}, NVTX_MESSAGE_UNKNOWN, {nullptr}}
    {
    }

    template <typename... Args>
    explicit event_attributes(category const &c, Args const &...args) noexcept
        : event_attributes(args...)
    {
        attributes_.category = c.get_id();
    }
    template <typename... Args>
    explicit event_attributes(color const &c, Args const &...args) noexcept
        : event_attributes(args...)
    {
        attributes_.color = c.get_value();
        attributes_.colorType = c.get_type();
    }
    template <typename... Args>
    explicit event_attributes(payload const &p, Args const &...args) noexcept
        : event_attributes(args...)
    {
        attributes_.payload = p.get_value();
        attributes_.payloadType = p.get_type();
    }
    template <typename... Args>
    explicit event_attributes(message const &m, Args const &...args) noexcept
        : event_attributes(args...)
    {
        attributes_.message = m.get_value();
        attributes_.messageType = m.get_type();
    }
    explicit event_attributes(nvtxEventAttributes_t const &a) noexcept : attributes_(a) {}

    value_type const *get() const noexcept { return &attributes_; }

  private:
    value_type attributes_;
};

/* A range on the calling thread for the object's lifetime. */
template <class D = domain::global>
class scoped_range_in {
  public:
    explicit scoped_range_in(event_attributes const &attr) noexcept
    {
        nvtxDomainRangePushEx(domain::get<D>(), attr.get());
    }
    template <typename... Args>
    explicit scoped_range_in(Args const &...args) noexcept
        : scoped_range_in(event_attributes(args...))
    {
    }
    scoped_range_in() noexcept : scoped_range_in(event_attributes()) {}
    scoped_range_in(scoped_range_in const &) = delete;
    scoped_range_in &operator=(scoped_range_in const &) = delete;
    ~scoped_range_in() noexcept { nvtxDomainRangePop(domain::get<D>()); }

    void *operator new(std::size_t) = delete;
};
using scoped_range = scoped_range_in<domain::global>;
/* The names of earlier NVTX C++ releases. */
template <class D = domain::global>
using domain_thread_range = scoped_range_in<D>;
using thread_range = scoped_range;

/* The id of a range begun with start_range. */
struct range_handle {
    using value_type = nvtxRangeId_t;
    constexpr explicit range_handle(value_type id) noexcept : id_(id) {}
    constexpr range_handle() noexcept = default;
    constexpr explicit operator bool() const noexcept { return id_ != 0; }
    constexpr value_type get_value() const noexcept { return id_; }

  private:
    value_type id_ = 0;
};

template <typename D = domain::global>
inline range_handle start_range_in(event_attributes const &attr) noexcept
{
    return range_handle{nvtxDomainRangeStartEx(domain::get<D>(), attr.get())};
}
template <typename D = domain::global, typename... Args>
inline range_handle start_range_in(Args const &...args) noexcept
{
    return start_range_in<D>(event_attributes{args...});
}
template <typename D = domain::global>
inline void end_range_in(range_handle r) noexcept
{
    nvtxDomainRangeEnd(domain::get<D>(), r.get_value());
}
template <typename... Args>
inline range_handle start_range(Args const &...args) noexcept
{
    return start_range_in<domain::global>(args...);
}
inline void end_range(range_handle r) noexcept
{
    end_range_in<domain::global>(r);
}

/* A range that may end on another thread, moved but not copied. */
template <class D = domain::global>
class unique_range_in {
  public:
    explicit unique_range_in(event_attributes const &attr) noexcept
        : handle_(start_range_in<D>(attr))
    {
    }
    template <typename... Args>
    explicit unique_range_in(Args const &...args) noexcept
        : unique_range_in(event_attributes(args...))
    {
    }
    unique_range_in() noexcept : unique_range_in(event_attributes()) {}
    unique_range_in(unique_range_in &&other) noexcept : handle_(other.handle_)
    {
        other.handle_ = range_handle{};
    }
    unique_range_in &operator=(unique_range_in &&other) noexcept
    {
        std::swap(handle_, other.handle_);
        return *this;
    }
    unique_range_in(unique_range_in const &) = delete;
    unique_range_in &operator=(unique_range_in const &) = delete;
    ~unique_range_in() noexcept
    {
        if (handle_)
            end_range_in<D>(handle_);
    }

  private:
    range_handle handle_;
};
using unique_range = unique_range_in<domain::global>;
template <class D = domain::global>
using domain_process_range = unique_range_in<D>;
using process_range = unique_range;

template <typename D = domain::global>
inline void mark_in(event_attributes const &attr) noexcept
{
    nvtxDomainMarkEx(domain::get<D>(), attr.get());
}
template <typename D = domain::global, typename... Args>
inline void mark_in(Args const &...args) noexcept
{
    mark_in<D>(event_attributes{args...});
}
template <typename... Args>
inline void mark(Args const &...args) noexcept
{
    mark_in<domain::global>(args...);
}

} // namespace v1
} // namespace nvtx3

/* A range named after the enclosing function, for the rest of its body. */
#define NVTX3_V1_FUNC_RANGE_IN(D)                                                               \
    ::nvtx3::v1::scoped_range_in<D> const nvtx3_range__ { ::nvtx3::v1::message(__func__) }
#define NVTX3_V1_FUNC_RANGE() NVTX3_V1_FUNC_RANGE_IN(::nvtx3::v1::domain::global)
#define NVTX3_FUNC_RANGE_IN(D) NVTX3_V1_FUNC_RANGE_IN(D)
#define NVTX3_FUNC_RANGE() NVTX3_V1_FUNC_RANGE()

#endif /* NVTX3_CPP_VERSION_MAJOR */
