/*
 * test_rewrite.c: the rewriter, in process, on small inputs: every launch
 * form, kernel definitions, __shared__ declarations, errors.  Each output
 * is compared whole; rw_run() also checks that it has the input's lines.
 */
#include "rw_test.h"

#define LAUNCH(cfg, callee, args)                                                     \
    "::simt__launch_t{::simt__cfg(" cfg "), [=](auto &&...simt__p) -> decltype(" callee \
    "(simt__p...)) { " callee "(simt__p...); }, " args "}"
#define LAUNCH0(cfg, callee)                                                          \
    "::simt__launch_t{::simt__cfg(" cfg "), [=](auto &&...simt__p) -> decltype(" callee \
    "(simt__p...)) { " callee "(simt__p...); }}"
#define SHARED(n, decl, name)                                                         \
    "typedef " decl "; static ::simt_shared_site simt__shs_" n "; simt__sht_" n " &" name \
    " = *(simt__sht_" n " *)::simt_shared_static(&simt__shs_" n ", sizeof(simt__sht_" n  \
    "), alignof(simt__sht_" n "));"
#define DYNAMIC(n, decl, name)                                                        \
    "typedef " decl "; simt__sht_" n " &" name " = *(simt__sht_" n                     \
    " *)::simt_shared_dynamic();"
/* A static __shared__ variable whose alignment al (alignas specifiers) is
 * computed: it goes to the storage, through a struct. */
#define SHARED_AL(n, decl, name, al)                                                  \
    "struct simt__ala_" n " { " al " char simt__c; }; typedef " decl                   \
    "; static ::simt_shared_site simt__shs_" n "; simt__sht_" n " &" name              \
    " = *(simt__sht_" n " *)::simt_shared_static(&simt__shs_" n ", sizeof(simt__sht_" n \
    "), (alignof(simt__sht_" n ") > alignof(simt__ala_" n ") ? alignof(simt__sht_" n     \
    ") : alignof(simt__ala_" n ")));"
#define ACCESSOR(n, decl)                                                             \
    "typedef " decl "; static inline simt__sht_" n " &simt__shv_" n "() { static "      \
    "::simt_shared_site simt__s; return *(simt__sht_" n " *)::simt_shared_static(&simt__s, " \
    "sizeof(simt__sht_" n "), alignof(simt__sht_" n ")); }"

/* ---- launches ------------------------------------------------------------ */

TEST(launch_two_config_arguments)
{
    EXPECT_RW("k<<<1, 2>>>(a, b);\n", LAUNCH("1, 2", "k", "a, b") ";\n");
}

TEST(launch_three_and_four_config_arguments)
{
    EXPECT_RW("k<<<g, b, smem>>>(x);\nk<<<g, b, 0, s>>>(x);\n",
              LAUNCH("g, b, smem", "k", "x") ";\n" LAUNCH("g, b, 0, s", "k", "x") ";\n");
}

TEST(launch_without_arguments)
{
    EXPECT_RW("k<<<1, 1>>>();\n", LAUNCH0("1, 1", "k") ";\n");
}

TEST(launch_spaced_out)
{
    EXPECT_RW("k <<< g, b >>> (x);\n", LAUNCH(" g, b ", "k", "x") ";\n");
}

TEST(launch_chevrons_split_as_nvcc_reads_them)
{
    /* nvcc reads "<<" then '<', and ">>" then '>', whatever lies between. */
    EXPECT_RW("k << < g, b >> > (x);\n", LAUNCH(" g, b ", "k", "x") ";\n");
    EXPECT_RW("k<< /**/ <1, 2>>/**/>(x);\n", LAUNCH("1, 2", "k", "x") ";\n");
    EXPECT_RW("k <<< g, b >> > (x);\n", LAUNCH(" g, b ", "k", "x") ";\n");
    /* "operator<< <T>" is a specialization, not a launch. */
    const char *src = "friend ostream &operator<< <>(ostream &, const X<T> &);\n";
    EXPECT_RW(src, src);
}

/* ---- shifts in kernels ----------------------------------------------------- */

TEST(kernel_shift_counts_take_the_gpu_meaning)
{
    rw_result r = rw_run("__global__ void k(unsigned *p, int n)\n"
                         "{\n"
                         "    p[0] = p[1] << n + 1;\n"
                         "    p[2] >>= n - 1;\n"
                         "    p[3] = n < 4 ? p[4] >> n : p[5] << static_cast<int>(n) << 2;\n"
                         "    p[6] = (p[7] >> (n & 3)) | 1u << n;\n"
                         "}\n");
    ASSERT_EQ(r.errors, 0);
    ASSERT_STR_CONTAINS(r.out, "p[0] = p[1] << ::simt__shc(n + 1);");
    ASSERT_STR_CONTAINS(r.out, "p[2] >>= ::simt__shc(n - 1);");
    ASSERT_STR_CONTAINS(r.out, "p[4] >> ::simt__shc(n) : p[5] << ::simt__shc(static_cast<int>(n)) "
                               "<< ::simt__shc(2);");
    ASSERT_STR_CONTAINS(r.out, "(p[7] >> ::simt__shc((n & 3))) | 1u << ::simt__shc(n);");
    rw_free(&r);
}

TEST(shifts_outside_kernels_and_template_closers_are_untouched)
{
    /* Host code keeps its shifts (streams among them); ">>" closing two
     * template argument lists and a launch's ">>>" are no shifts. */
    rw_result r = rw_run("int h(int n) { std::cout << n; return n << 2; }\n"
                         "__global__ void k(int *p, int n)\n"
                         "{\n"
                         "    A<B<int>> a;\n"
                         "    c<<<n >> 1, 32 >> >(p);\n"
                         "}\n"
                         "int g(int n) { return n >> 1; }\n");
    ASSERT_EQ(r.errors, 0);
    ASSERT_STR_CONTAINS(r.out, "std::cout << n; return n << 2;");
    ASSERT_STR_CONTAINS(r.out, "A<B<int>> a;");
    ASSERT_STR_CONTAINS(r.out, "::simt__cfg(n >> 1, 32 ), "); /* after "<<<": left alone */
    ASSERT_STR_CONTAINS(r.out, "return n >> 1;");
    rw_free(&r);
}

TEST(using_declarations_of_math_names_name_simt_h_too)
{
    /* Only after simt/lang/math.hpp's marker (the C++ library's own "using
     * ::sqrt;" comes before simt_h_sqrt exists); other names untouched. */
    rw_result r = rw_run("namespace std { using ::sqrt; }\n"
                         "namespace simt_detail { enum { simt__math_hosted_declared = 1 }; }\n"
                         "namespace n { double f(double x) { using std::sqrt; return sqrt(x); } }\n"
                         "using ::expf; using std::swap; using std :: pow ;\n");
    ASSERT_EQ(r.errors, 0);
    ASSERT_STR_CONTAINS(r.out, "namespace std { using ::sqrt; }\n");
    ASSERT_STR_CONTAINS(r.out, "using std::sqrt; using ::simt_h_sqrt; return simt_h_sqrt(x);");
    ASSERT_STR_CONTAINS(r.out, "using ::expf; using ::simt_h_expf; using std::swap; using std :: pow ; using ::simt_h_pow;\n");
    rw_free(&r);
}

TEST(mapped_names_renamed_only_where_they_name_the_c_library_function)
{
    /* Calls of ::NAME and std::NAME become simt's; members, other
     * qualifiers, declarations and what they hide keep their spelling. */
    rw_result r = rw_run(
        "namespace simt_detail { enum { simt__math_hosted_declared = 1 }; }\n"
        "namespace simt_detail { enum { simt__printf_mapped = 1 }; }\n"
        "float a(float x) { return exp(x) + std::exp(x) + ::exp(x) + cuda::std::exp(x); }\n"
        "void b(int n) { std::vector<long long> exp(n); exp[0] = 1; exp.size(); }\n"
        "void c(S s) { s.exp(1); s.log = 2; p->printf(\"x\"); S::sqrt(2); thrust::exp(z); }\n"
        "struct T { float g(float x) { return log(x); } float log(float); };\n"
        "float T::h(float x) { return log(x) + pow(x, 2); }\n"
        "struct U : T { float k(float x) { return log(x); } };\n"
        "template <class F> float d(F exp, float x) { return exp(x); }\n"
        "float e(float x) { return exp(x); }\n"
        "namespace m { float sqrt(float); float f(float x) { return sqrt(x); } }\n"
        "namespace m { float f2(float x) { return sqrt(x); } }\n"
        "float g(float x) { auto log = [](float v) { return v; }; return log(x) * sqrtf(x); }\n"
        "void h() { int printf = 3; std::printf(\"%d\", printf); }\n"
        "void i() { printf(\"x\"); }\n"
        "float j(float a, float x) { return a * exp(x) + (a > 0 ? a : b * exp(x)); }\n");
    ASSERT_EQ(r.errors, 0);
    ASSERT_STR_CONTAINS(r.out, "return simt_h_exp(x) + std::simt_h_exp(x) + ::simt_h_exp(x) + cuda::std::simt_h_exp(x); }");
    ASSERT_STR_CONTAINS(r.out, "std::vector<long long> exp(n); exp[0] = 1; exp.size(); }");
    ASSERT_STR_CONTAINS(r.out, "s.exp(1); s.log = 2; p->printf(\"x\"); S::sqrt(2); thrust::exp(z); }");
    ASSERT_STR_CONTAINS(r.out, "struct T { float g(float x) { return log(x); } float log(float); };");
    ASSERT_STR_CONTAINS(r.out, "float T::h(float x) { return log(x) + simt_h_pow(x, 2); }");
    ASSERT_STR_CONTAINS(r.out, "struct U : T { float k(float x) { return log(x); } };");
    ASSERT_STR_CONTAINS(r.out, "float d(F exp, float x) { return exp(x); }");
    ASSERT_STR_CONTAINS(r.out, "float e(float x) { return simt_h_exp(x); }");
    ASSERT_STR_CONTAINS(r.out, "float f(float x) { return sqrt(x); } }");
    ASSERT_STR_CONTAINS(r.out, "float f2(float x) { return sqrt(x); } }");
    ASSERT_STR_CONTAINS(r.out, "return log(x) * simt_h_sqrtf(x); }");
    ASSERT_STR_CONTAINS(r.out, "int printf = 3; std::simt_printf(\"%d\", printf); }");
    ASSERT_STR_CONTAINS(r.out, "void i() { simt_printf(\"x\"); }");
    ASSERT_STR_CONTAINS(r.out, "return a * simt_h_exp(x) + (a > 0 ? a : b * simt_h_exp(x)); }");
    rw_free(&r);
}

TEST(execution_space_rules_as_nvcc_words_them)
{
    rw_result r = rw_run("int host_only(int x) { return x; }\n"
                         "__device__ int dev(int x) { return host_only(x); }\n"
                         "__host__ __device__ int both(int x) { return host_only(x); }\n"
                         "__global__ void k(int *p) { p[0] = dev(1) + both(2); }\n"
                         "int main() { return dev(3) + both(4); }\n"
                         "__global__ __host__ void bad(int *p) { p[0] = 1; }\n");
    ASSERT_EQ(r.errors, 3);
    ASSERT_STR_CONTAINS(r.diag, ":2: error: calling a __host__ function(\"host_only(int)\") from a "
                                "__device__ function(\"dev\") is not allowed");
    ASSERT_STR_CONTAINS(r.diag, ":5: error: calling a __device__ function(\"dev(int)\") from a "
                                "__host__ function(\"main\") is not allowed");
    ASSERT_STR_CONTAINS(r.diag, ":6: error: illegal combination of memory qualifiers");
    rw_free(&r);
}

TEST(launch_template_id)
{
    EXPECT_RW("k<float, 4><<<1, 1>>>(x);\n", LAUNCH("1, 1", "k<float, 4>", "x") ";\n");
    EXPECT_RW("k<A<B<int>>><<<1, 1>>>(x);\n", LAUNCH("1, 1", "k<A<B<int>>>", "x") ";\n");
}

TEST(launch_qualified_names)
{
    EXPECT_RW("ns::k<<<1, 1>>>(x);\n", LAUNCH("1, 1", "ns::k", "x") ";\n");
    EXPECT_RW("{ ::k<<<1, 1>>>(x); }\n", "{ " LAUNCH("1, 1", "::k", "x") "; }\n");
    EXPECT_RW("a::b<T>::k<T, 2><<<1, 1>>>(x);\n", LAUNCH("1, 1", "a::b<T>::k<T, 2>", "x") ";\n");
    EXPECT_RW("ns::template k<T><<<1, 1>>>(x);\n", LAUNCH("1, 1", "ns::template k<T>", "x") ";\n");
}

TEST(launch_through_pointers_and_members)
{
    EXPECT_RW("(*fp)<<<1, 1>>>(2);\n", LAUNCH("1, 1", "(*fp)", "2") ";\n");
    EXPECT_RW("s.fp<<<1, 1>>>(2);\n", LAUNCH("1, 1", "s.fp", "2") ";\n");
    EXPECT_RW("p->fp<<<1, 1>>>(2);\n", LAUNCH("1, 1", "p->fp", "2") ";\n");
    EXPECT_RW("t[i].fp<<<1, 1>>>(2);\n", LAUNCH("1, 1", "t[i].fp", "2") ";\n");
    EXPECT_RW("get()<<<1, 1>>>(2);\n", LAUNCH("1, 1", "get()", "2") ";\n");
}

TEST(launch_after_control_keywords)
{
    EXPECT_RW("if (c) k<<<1, 1>>>();\n", "if (c) " LAUNCH0("1, 1", "k") ";\n");
    EXPECT_RW("if (c) (k)<<<1, 1>>>();\n", "if (c) " LAUNCH0("1, 1", "(k)") ";\n");
    EXPECT_RW("else k<<<1, 1>>>();\n", "else " LAUNCH0("1, 1", "k") ";\n");
    EXPECT_RW("for (;;) k<<<1, 1>>>();\n", "for (;;) " LAUNCH0("1, 1", "k") ";\n");
}

TEST(launch_returned_from_a_void_function)
{
    EXPECT_RW("void f() { return k<<<1, 1>>>(); }\n",
              "void f() { return (void)" LAUNCH0("1, 1", "k") "; }\n");
}

TEST(launch_multiline_keeps_lines)
{
    EXPECT_RW("  k<<<dim3(1,\n     2), 32>>>(p,\n    3);\n",
              "  " LAUNCH("dim3(1,\n     2), 32", "k", "p,\n    3") ";\n");
    /* The configuration and the arguments stay on their lines. */
    EXPECT_RW("k\n<<<1, 1>>>\n(x);\n", LAUNCH("\n1, 1", "k", "\nx") ";\n");
}

TEST(launch_closing_template_arguments)
{
    /* ">>>" closing nested templates is not a launch. */
    EXPECT_RW("A<B<C<int>>> x; k<<<1, 1>>>(x);\n",
              "A<B<C<int>>> x; " LAUNCH("1, 1", "k", "x") ";\n");
    /* Inside brackets, ">>>" belongs to the configuration's expressions. */
    EXPECT_RW("k<<<dim3(f<g<int>>>(1)), 2>>>(x);\n",
              LAUNCH("dim3(f<g<int>>>(1)), 2", "k", "x") ";\n");
    EXPECT_RW("k<<<(n >> 1), 256>>>(x);\n", LAUNCH("(n >> 1), 256", "k", "x") ";\n");
    EXPECT_RW("k<<<n>>2, 256>>>(x);\n", LAUNCH("n>>2, 256", "k", "x") ";\n");
    /* Templates closed at the end of the configuration. */
    EXPECT_RW("k<<<1, X<Y<int>>>>>(x);\n", LAUNCH("1, X<Y<int>>", "k", "x") ";\n");
}

TEST(launch_inside_literals_and_comments_untouched)
{
    const char *src = "const char *s = \"k<<<1,1>>>()\";\n"
                      "const char *r = R\"x(k<<<1,1>>>() )\" )x\";\n"
                      "const char *u = u8R\"(<<<)\";\n"
                      "char c = '<';\n"
                      "/* k<<<1,1>>>(); */\n"
                      "// k<<<1,1>>>();\n";
    EXPECT_RW(src, src);
}

TEST(launch_raw_string_argument)
{
    EXPECT_RW("k<<<1, 1>>>(R\"(a\nb)\");\n", LAUNCH("1, 1", "k", "R\"(a\nb)\"") ";\n");
}

TEST(launch_operator_shift_template_untouched)
{
    const char *src = "friend ostream &operator<<<>(ostream &, const X<T> &);\n"
                      "x = a << b; y <<= 2; z = a<b>>c;\n";
    EXPECT_RW(src, src);
}

TEST(launch_from_macro_expansion)
{
    /* What the preprocessor leaves of #define LAUNCH(k, n) k<<<n, 32>>>(n) */
    EXPECT_RW("# 1 \"m.cu\"\nvoid f() { kern<<<n, 32>>>(n); kern<<<1, 32>>>(1); }\n",
              "# 1 \"m.cu\"\nvoid f() { " LAUNCH("n, 32", "kern", "n") "; " LAUNCH(
                  "1, 32", "kern", "1") "; }\n");
}

TEST(launch_with_lambda_and_nested_launch)
{
    EXPECT_RW("k<<<1, 1>>>([=](int i) { return i < n; }, v);\n",
              LAUNCH("1, 1", "k", "[=](int i) { return i < n; }, v") ";\n");
    EXPECT_RW("k<<<f(a<<<1, 1>>>()), 1>>>(x);\n",
              LAUNCH("f(" LAUNCH0("1, 1", "a") "), 1", "k", "x") ";\n");
}

TEST(launch_comments_inside)
{
    EXPECT_RW("k /* c */ <<<1, 1>>>(x);\n", LAUNCH("1, 1", "k", "x") ";\n");
    EXPECT_RW("k<<<1 /* g */, 1>>> /* a */ (x /* b */);\n",
              LAUNCH("1 /* g */, 1", "k", "x /* b */") ";\n");
}

TEST(launch_errors)
{
    EXPECT_ERR("void f() {\n  k<<<1, 1;\n}\n", "t.cu:2: error: unterminated '<<<'");
    EXPECT_ERR("void f() {\n  k<<<1, 1>>>;\n}\n",
               "t.cu:2: error: kernel launch without an argument list");
    EXPECT_ERR("void f() { <<<1, 1>>>(); }\n", "t.cu:1: error: expected a kernel before '<<<'");
    EXPECT_ERR("void f() { k<<<1, 1>>>(x; }\n", "t.cu:1: error: unterminated argument list");
}

TEST(errors_name_the_users_file_and_line)
{
    EXPECT_ERR("# 1 \"<built-in>\"\n# 40 \"src/app.cu\"\nint x;\nvoid f() { k<<<1, 1>>>; }\n",
               "src/app.cu:41: error: kernel launch without an argument list");
    EXPECT_ERR("# 3 \"a\\\\b.cu\" 1\nk<<<1;\n", "a\\b.cu:3: error: unterminated");
}

/* ---- kernels ---------------------------------------------------------------- */

TEST(kernel_declaration_loses_global)
{
    EXPECT_RW("__global__ void k(int *p);\nextern __global__ void k2();\n",
              " void k(int *p);\nextern  void k2();\n");
}

TEST(kernel_definition_gets_prologue)
{
    char *p = prologue("k", "t.cu", 1, "0", "0", "0", "0", "0", "int *p, int n", "::k");
    char *want = str(" void k(int *p, int n) {%s\n  p[0] = n;\n}\n", p);
    EXPECT_RW("__global__ void k(int *p, int n) {\n  p[0] = n;\n}\n", want);
    free(p);
    free(want);
}

TEST(kernel_file_and_line_from_markers)
{
    char *p = prologue("k", "dir/my \\\"file\\\".cu", 9, "0", "0", "0", "0", "0", "", "::k");
    char *want = str("# 7 \"dir/my \\\"file\\\".cu\" 2\n\n void\nk() {%s}\n", p);
    EXPECT_RW("# 7 \"dir/my \\\"file\\\".cu\" 2\n\n__global__ void\nk() {}\n", want);
    free(p);
    free(want);
}

TEST(kernel_file_from_malformed_marker)
{
    /* Found by fuzzing: a marker continued onto the next line must not put
     * a newline into the prologue. */
    rw_result r = rw_run("# 5 \"a\\\n\n__global__ void k() {}\n");
    ASSERT_EQ(r.errors, 0);
    ASSERT_STR_CONTAINS(r.out, "simt__k->file = \"t.cu\"; simt__k->line = 5;");
    rw_free(&r);
}

TEST(kernel_file_name_escaped_without_markers)
{
    rw_result r = rw_run_arch("a\"b\\c.cu", "__global__ void k() {}\n", 90);
    ASSERT_EQ(r.errors, 0);
    ASSERT_STR_CONTAINS(r.out, "simt__k->file = \"a\\\"b\\\\c.cu\";");
    rw_free(&r);
}

TEST(kernel_template_primary)
{
    char *p = prologue("k", "t.cu", 2, "0", "0", "0", "0", "0", "T *p", "::k<T, N>");
    char *want = str("template <typename T, int N>\n void k(T *p) {%s}\n", p);
    EXPECT_RW("template <typename T, int N>\n__global__ void k(T *p) {}\n", want);
    free(p);
    free(want);
}

TEST(kernel_template_packs_defaults_unnamed)
{
    char *p = prologue("k", "t.cu", 1, "0", "0", "0", "0", "0", "T *p, int n, Ts... ts",
                       "::k<T, N, simt__tp0, TT, simt__tp1, Ts...>");
    char *want = str("template <class T, int N = 4, typename simt__tp0 = void, "
                     "template <class> class TT, int simt__tp1 = 0, class... Ts>  void "
                     "k(T *p, int n = 3, Ts... ts) {%s}\n",
                     p);
    EXPECT_RW("template <class T, int N = 4, typename = void, template <class> class TT, "
              "int = 0, class... Ts> __global__ void k(T *p, int n = 3, Ts... ts) {}\n",
              want);
    free(p);
    free(want);
}

TEST(kernel_template_sfinae_parameter)
{
    char *p = prologue("k", "t.cu", 1, "0", "0", "0", "0", "0", "T x",
                       "::k<T, simt__tp0, U, Vs...>");
    char *want = str("template <class T, typename std::enable_if<(sizeof(T) > 2), int>::type "
                     "simt__tp0 = 0, typename U = A<B<T>>, auto... Vs>  void k(T x) {%s}\n",
                     p);
    EXPECT_RW("template <class T, typename std::enable_if<(sizeof(T) > 2), int>::type = 0, "
              "typename U = A<B<T>>, auto... Vs> __global__ void k(T x) {}\n",
              want);
    free(p);
    free(want);
}

TEST(kernel_template_function_pointer_parameter)
{
    char *p = prologue("k", "t.cu", 1, "0", "0", "0", "0", "0", "T *x",
                       "::k<T, Op, simt__tp0>");
    char *want = str("template <class T, T (*Op)(T, T), void (*simt__tp0)(int) = nullptr> "
                     " void k(T *x) {%s}\n", p);
    EXPECT_RW("template <class T, T (*Op)(T, T), void (*)(int) = nullptr> "
              "__global__ void k(T *x) {}\n", want);
    free(p);
    free(want);
}

TEST(kernel_explicit_specialization_as_written)
{
    char *p = prologue("k", "t.cu", 1, "0", "0", "0", "0", "0", "int *p", "::k<int>");
    char *want = str("template <>  void k<int>(int *p) {%s}\n", p);
    EXPECT_RW("template <> __global__ void k<int>(int *p) {}\n", want);
    free(p);
    free(want);
    /* Explicit instantiations are declarations. */
    EXPECT_RW("template __global__ void k<float>(float *);\n", "template  void k<float>(float *);\n");
}

TEST(kernel_specifiers_and_linkage)
{
    char *p = prologue("k", "t.cu", 1, "0", "0", "0", "0", "0", "void", "::k");
    char *want = str("extern \"C\"  void k(void) {%s}\n", p);
    EXPECT_RW("extern \"C\" __global__ void k(void) {}\n", want);
    free(want);
    want = str("static inline  __attribute__((noinline)) void k(void) {%s}\n", p);
    EXPECT_RW("static inline __global__ __attribute__((noinline)) void k(void) {}\n", want);
    free(want);
    want = str("void  k(void) {%s}\n", p);
    EXPECT_RW("void __global__ k(void) {}\n", want);
    free(want);
    want = str("[[nodiscard]]  void k(void) noexcept {%s}\n", p);
    EXPECT_RW("[[nodiscard]] __global__ void k(void) noexcept {}\n", want);
    free(want);
    free(p);
}

TEST(kernel_qualified_out_of_line)
{
    char *p = prologue("k", "t.cu", 2, "0", "0", "0", "0", "0", "int", "ns::k");
    char *want = str("namespace ns {  void k(int); }\n void ns::k(int) {%s}\n", p);
    EXPECT_RW("namespace ns { __global__ void k(int); }\n__global__ void ns::k(int) {}\n", want);
    free(p);
    free(want);
}

TEST(kernel_named_from_the_global_namespace)
{
    /* A parameter of the kernel's name hides the plain name in the body. */
    char *p = prologue("k", "t.cu", 1, "0", "0", "0", "0", "0", "int k", "::a::b::k");
    char *want = str("namespace a::b { namespace {  void k(int k) {%s} } }\n", p);
    EXPECT_RW("namespace a::b { namespace { __global__ void k(int k) {} } }\n", want);
    free(p);
    free(want);
}

TEST(kernel_unnamed_parameters_and_defaults)
{
    char *p = prologue("k", "t.cu", 1, "0", "0", "0", "0", "0",
                       "int, float *, const S &s, int (*f)(int, int)", "::k");
    char *want = str(" void k(int, float * = nullptr, const S &s = S{1, 2}, int (*f)(int, int) "
                     "= g<1, 2>) {%s}\n", p);
    EXPECT_RW("__global__ void k(int, float * = nullptr, const S &s = S{1, 2}, "
              "int (*f)(int, int) = g<1, 2>) {}\n", want);
    free(p);
    free(want);
}

TEST(kernel_launch_bounds_cluster_dims_maxnreg)
{
    char *p = prologue("k", "t.cu", 1, "256", "2", "0", "0", "0", "", "::k");
    char *want = str(" void  k() {%s}\n", p);
    EXPECT_RW("__global__ void __launch_bounds__(256, 2) k() {}\n", want);
    free(want);
    free(p);

    p = prologue("k", "t.cu", 1, "N * 2", "0", "0", "0", "0", "", "::k<N>");
    want = str("template <int N>   void k() {%s}\n", p);
    EXPECT_RW("template <int N> __launch_bounds__(N * 2) __global__ void k() {}\n", want);
    free(want);
    free(p);

    p = prologue("k", "t.cu", 1, "0", "0", "2", "1", "1", "", "::k");
    want = str("  void k() {%s}\n", p);
    EXPECT_RW("__global__ __cluster_dims__(2, 1, 1) void k() {}\n", want);
    free(want);
    free(p);

    /* CUDA guide, cluster dims: an omitted dimension is 1, as in dim3. */
    p = prologue("k", "t.cu", 1, "128", "0", "4", "1", "1", "", "::k");
    want = str("    void k() {%s}\n", p);
    EXPECT_RW("__global__ __cluster_dims__(4) __maxnreg__(32) __launch_bounds__(128) void k() {}\n",
              want);
    free(want);
    free(p);

    /* Declarations lose them too. */
    EXPECT_RW("__global__ void __launch_bounds__(64) k();\n", " void  k();\n");
}

TEST(kernel_launch_bounds_multiline)
{
    char *p = prologue("k", "t.cu", 4, "256", "4", "0", "0", "0", "", "::k");
    char *want = str(" void \n\n\nk() {%s}\n", p);
    EXPECT_RW("__global__ void __launch_bounds__(256,\n\n4)\nk() {}\n", want);
    free(want);
    free(p);
}

TEST(kernel_with_body_containing_launch_and_shared)
{
    char *p = prologue("k", "t.cu", 1, "0", "0", "0", "0", "0", "int n", "::k");
    char *want = str(" void k(int n) {%s " SHARED("0", "int simt__sht_0[32]", "s") " "
                     LAUNCH("1, 1", "child", "n") "; }\n", p);
    EXPECT_RW("__global__ void k(int n) { __shared__ int s[32]; child<<<1, 1>>>(n); }\n", want);
    free(p);
    free(want);
}

TEST(kernel_arch_note)
{
    rw_result r = rw_run_arch("t.cu", "int x;\n", 80);
    ASSERT_STR_EQ(r.out, "int x;\n");
    rw_free(&r);
}

/* ---- __shared__ ------------------------------------------------------------ */

#define IN_FN(body) "void f() {\n" body "\n}\n"

TEST(shared_array)
{
    EXPECT_RW(IN_FN("__shared__ float a[16][16];"),
              IN_FN(SHARED("0", "float simt__sht_0[16][16]", "a")));
}

TEST(shared_qualifier_anywhere)
{
    EXPECT_RW(IN_FN("volatile __shared__ int x;"),
              IN_FN(SHARED("0", "volatile int simt__sht_0", "x")));
    EXPECT_RW(IN_FN("int __shared__ x;"), IN_FN(SHARED("0", "int simt__sht_0", "x")));
    EXPECT_RW(IN_FN("__shared__ unsigned long long x;"),
              IN_FN(SHARED("0", "unsigned long long simt__sht_0", "x")));
}

TEST(shared_several_declarators)
{
    EXPECT_RW(IN_FN("static __shared__ T buf[N], *p;"),
              IN_FN(SHARED("0", "T simt__sht_0[N]", "buf") " " SHARED("1", "T *simt__sht_1", "p")));
}

TEST(shared_pointer_and_parenthesized_declarators)
{
    EXPECT_RW(IN_FN("__shared__ float (*p)[4];"),
              IN_FN(SHARED("0", "float (*simt__sht_0)[4]", "p")));
    EXPECT_RW(IN_FN("__shared__ float *const q;"),
              IN_FN(SHARED("0", "float *const simt__sht_0", "q")));
}

TEST(shared_aligned)
{
    /* GNU attributes and alignas follow the declarator: only there do both
     * GCC and Clang give the typedef's type the alignment. */
    EXPECT_RW(IN_FN("__shared__ __attribute__((aligned(16))) float a[4];"),
              IN_FN(SHARED("0", "float simt__sht_0[4] __attribute__((aligned(16)))", "a")));
    /* alignas of a number is the aligned attribute of it ... */
    EXPECT_RW(IN_FN("__shared__ alignas(32) float a[4];"),
              IN_FN(SHARED("0", "float simt__sht_0[4] __attribute__((aligned(32)))", "a")));
    /* ... and alignas may name a type: in a function it goes through a
     * struct that carries it, to the variable's storage ... */
    EXPECT_RW(IN_FN("__shared__ alignas(float4) float a[4];"),
              IN_FN(SHARED_AL("0", "float simt__sht_0[4]", "a", "alignas(float4)")));
    /* ... and at namespace scope to the typedef */
    EXPECT_RW("__shared__ alignas(float4) float a[4];\n",
              "struct simt__ala_1 { alignas(float4) char simt__c; }; " ACCESSOR(
                  "0", "float simt__sht_0[4] __attribute__((aligned(alignof(simt__ala_1))))") "\n");
    EXPECT_RW(IN_FN("__shared__ float a[4] __attribute__((aligned(8)));"),
              IN_FN(SHARED("0", "float simt__sht_0[4] __attribute__((aligned(8)))", "a")));
}

TEST(shared_computed_alignment)
{
    /* An alignment computed from a template parameter (CUB's
     * example_block_reduce_dyn_smem): Clang refuses it on the typedef,
     * which is not dependent.  A dynamic array's arena is page-aligned;
     * a static one is placed at the stricter alignment. */
    EXPECT_RW(IN_FN("extern __shared__ __attribute__((aligned(alignof(T)))) unsigned char smem[];"),
              IN_FN(DYNAMIC("0", "unsigned char simt__sht_0[]", "smem")));
    EXPECT_RW(IN_FN("extern __shared__ alignas(T) unsigned char smem[];"),
              IN_FN(DYNAMIC("0", "unsigned char simt__sht_0[]", "smem")));
    EXPECT_RW(IN_FN("__shared__ __attribute__((aligned(alignof(T) * 2))) char b[8], c[4];"),
              IN_FN(SHARED_AL("0", "char simt__sht_0[8]", "b", "alignas(alignof(T) * 2)") " "
                    SHARED_AL("1", "char simt__sht_1[4]", "c", "alignas(alignof(T) * 2)")));
    /* Other GNU attributes beside it stay on the typedef. */
    EXPECT_RW(IN_FN("__shared__ __attribute__((aligned(N), unused)) char d[8];"),
              IN_FN(SHARED("0", "char simt__sht_0[8] __attribute__((aligned(N), unused))", "d")));
}

TEST(shared_dependent_and_qualified_types)
{
    EXPECT_RW(IN_FN("__shared__ typename cub::BlockReduce<T, 128, X>::TempStorage tmp;"),
              IN_FN(SHARED("0", "typename cub::BlockReduce<T, 128, X>::TempStorage simt__sht_0",
                           "tmp")));
    EXPECT_RW(IN_FN("__shared__ ::ns::V<A<int>> v, w[2];"),
              IN_FN(SHARED("0", "::ns::V<A<int>> simt__sht_0", "v") " "
                    SHARED("1", "::ns::V<A<int>> simt__sht_1[2]", "w")));
    EXPECT_RW(IN_FN("__shared__ decltype(x + 1) d;"),
              IN_FN(SHARED("0", "decltype(x + 1) simt__sht_0", "d")));
    EXPECT_RW(IN_FN("__shared__ struct { int a; } s;"),
              IN_FN(SHARED("0", "struct { int a; } simt__sht_0", "s")));
}

TEST(shared_extern_dynamic)
{
    EXPECT_RW(IN_FN("extern __shared__ float s[];"),
              IN_FN(DYNAMIC("0", "float simt__sht_0[]", "s")));
    EXPECT_RW(IN_FN("extern __shared__ __attribute__((aligned(16))) char smem[];"),
              IN_FN(DYNAMIC("0", "char simt__sht_0[] __attribute__((aligned(16)))", "smem")));
    EXPECT_RW(IN_FN("extern __shared__ T s[];"), IN_FN(DYNAMIC("0", "T simt__sht_0[]", "s")));
}

TEST(shared_multiline_keeps_lines)
{
    EXPECT_RW(IN_FN("__shared__\n  float a[4],\n  b;"),
              IN_FN(SHARED("0", "float simt__sht_0[4]", "a") " "
                    SHARED("1", "float simt__sht_1", "b") "\n\n"));
}

TEST(shared_directive_inside_kept)
{
    EXPECT_RW(IN_FN("__shared__ float\n# 30 \"x.cu\"\n a[4];"),
              IN_FN(SHARED("0", "float simt__sht_0[4]", "a") "\n# 30 \"x.cu\"\n"));
}

TEST(shared_standard_attribute)
{
    EXPECT_RW(IN_FN("[[maybe_unused]] __shared__ int x;"),
              IN_FN("[[maybe_unused]] " SHARED("0", "int simt__sht_0", "x")));
}

TEST(shared_in_lambda_and_nested_blocks)
{
    EXPECT_RW("auto l = [] () { if (1) { __shared__ int x; } };\n",
              "auto l = [] () { if (1) { " SHARED("0", "int simt__sht_0", "x") " } };\n");
}

TEST(shared_initializer_is_an_error)
{
    EXPECT_ERR(IN_FN("__shared__ int x = 0;"),
               "t.cu:2: error: initializer not allowed for __shared__ variable");
    EXPECT_ERR(IN_FN("__shared__ int y{0};"), "initializer not allowed for __shared__ variable");
    EXPECT_ERR(IN_FN("__shared__ int z(0);"), "initializer not allowed for __shared__ variable");
    EXPECT_ERR(IN_FN("__shared__ int a, b = 1;"), "initializer not allowed for __shared__ variable");
}

TEST(shared_malformed_is_an_error)
{
    EXPECT_ERR(IN_FN("__shared__ int x"), "cannot rewrite this __shared__ declaration");
    EXPECT_ERR(IN_FN("f((__shared__ int *)p);"), "cannot rewrite this __shared__ declaration");
    EXPECT_ERR("struct S {\n  __shared__ int m;\n};\n",
               "t.cu:2: error: __shared__ is not allowed on a class member");
}

TEST(shared_namespace_scope)
{
    EXPECT_RW("__shared__ int gs[4];\nvoid k() { gs[0] = 1; ::gs[1] = 2; s.gs = 3; p->gs = 4; }\n",
              ACCESSOR("0", "int simt__sht_0[4]") "\nvoid k() { (simt__shv_0())[0] = 1; "
              "::simt__shv_0()[1] = 2; s.gs = 3; p->gs = 4; }\n");
}

TEST(shared_namespace_scope_in_namespace)
{
    EXPECT_RW("namespace ns { extern __shared__ float dyn[]; }\n"
              "void k() { ns::dyn[0] = other::dyn[1] + sizeof dyn; }\n",
              "namespace ns { typedef float simt__sht_0[]; static inline simt__sht_0 "
              "&simt__shv_0() { return *(simt__sht_0 *)::simt_shared_dynamic(); } }\n"
              "void k() { ns::simt__shv_0()[0] = other::dyn[1] + sizeof (simt__shv_0()); }\n");
}

TEST(shared_namespace_scope_static_and_extern_c)
{
    EXPECT_RW("extern \"C\" { static __shared__ int x; }\nint y = x;\n",
              "extern \"C\" { " ACCESSOR("0", "int simt__sht_0") " }\nint y = (simt__shv_0());\n");
}

TEST(shared_namespace_scope_shadowing_is_an_error)
{
    EXPECT_ERR("__shared__ int x;\nvoid f() { int x; }\n",
               "t.cu:2: error: declaration of 'x' hides a namespace-scope __shared__ variable");
}

TEST(class_scope_brace_kinds)
{
    /* A class body, then a member function body: shared is local there. */
    EXPECT_RW("struct S : B<int> { void f() { __shared__ int x; } };\n",
              "struct S : B<int> { void f() { " SHARED("0", "int simt__sht_0", "x") " } };\n");
    EXPECT_RW("template <class T> struct alignas(16) S { S() : a(1), b{2} { __shared__ int x; } };\n",
              "template <class T> struct alignas(16) S { S() : a(1), b{2} { "
              SHARED("0", "int simt__sht_0", "x") " } };\n");
}

/* ---- whole units ------------------------------------------------------------ */

TEST(untouched_text_is_byte_for_byte)
{
    const char *src = "# 1 \"x.cu\"\n#pragma once\n\ttemplate <class T> struct V { T a; };\r\n"
                      "int main() { std::vector<std::vector<int>> v; return v.size() >> 1; }\n"
                      "#pragma unroll 4\n  // comment\n";
    EXPECT_RW(src, src);
}

TEST(empty_and_unterminated_inputs)
{
    EXPECT_RW("", "");
    rw_result r = rw_run("int x;");
    ASSERT_EQ(r.errors, 0);
    ASSERT_STR_EQ(r.out, "int x;\n");
    rw_free(&r);
    r = rw_run("const char *s = \"abc\nint y; /* open");
    ASSERT_EQ(r.errors, 0);
    rw_free(&r);
}
