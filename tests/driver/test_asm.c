/*
 * test_asm.c: inline asm through the rewriter: where device code is
 * (kernels, __device__ functions, members, lambdas) and host code is not,
 * the statement's shape around its operands, PTX forms, and the errors
 * for what simt does not translate.  rw_run() checks the lines.
 */
#include "rw_test.h"

/* The statement for `asm("bfind.u32 %0, %1;" : "=r"(ret) : "r"(word));`. */
#define BFIND                                                                          \
    "do { auto &simt__o0 = (ret); unsigned int simt__p1 = ::simt_ptx::in<unsigned int>((word)); " \
    "unsigned int simt__p0 = 0; (void)simt__p1; ::simt_ptx::wr<unsigned int>(simt__p0, " \
    "::simt_ptx::bfind<unsigned int, 0>(::simt_ptx::rd<unsigned int>(simt__p1))); "    \
    "::simt_ptx::out(simt__o0, simt__p0); } while (0);"

TEST(asm_in_device_function_becomes_cxx)
{
    EXPECT_RW("__device__ unsigned f(unsigned word)\n{\n    unsigned ret;\n"
              "    asm volatile(\"bfind.u32 %0, %1;\" : \"=r\"(ret) : \"r\"(word));\n"
              "    return ret;\n}\n",
              " unsigned f(unsigned word)\n{\n    unsigned ret;\n    " BFIND
              "\n    return ret;\n}\n");
}

TEST(asm_in_kernel_and_host_device_function)
{
    rw_result r = rw_run("__global__ void k(unsigned *p) {\n"
                         "  asm(\"mov.u32 %0, %%laneid;\" : \"=r\"(p[0]));\n}\n"
                         "__host__ __device__ int g() {\n"
                         "  int x; __asm__ __volatile__ (\"mov.u32 %0, %%smid;\" : \"=r\"(x)); return x; }\n");
    ASSERT_EQ(r.errors, 0);
    ASSERT_STR_CONTAINS(r.out, "auto &simt__o0 = (p[0]);");
    ASSERT_STR_CONTAINS(r.out, "::simt_ptx::rd<unsigned int>(::simt_ptx::sr_laneid())");
    ASSERT_STR_CONTAINS(r.out, "::simt_ptx::sr_smid()");
    ASSERT(!strstr(r.out, "__device__"));
    ASSERT(!strstr(r.out, "asm"));
    rw_free(&r);
}

TEST(host_asm_is_left_alone)
{
    const char *src = "static inline void pause() { asm volatile(\"pause\" ::: \"memory\"); }\n"
                      "unsigned long long t() { unsigned lo, hi;\n"
                      "  __asm__ __volatile__(\"rdtsc\" : \"=a\"(lo), \"=d\"(hi)); return lo; }\n"
                      "int y asm(\"z\");\n";
    EXPECT_RW(src, src);
}

TEST(device_qualifier_removed_and_bodies_found)
{
    rw_result r = rw_run("__device__ int counter;\n"
                         "struct S {\n"
                         "  int a, b;\n"
                         "  __device__ S() : a{1}, b(2) { asm(\"trap;\"); }\n"
                         "  __device__ int operator()(int x) const { asm(\"membar.gl;\"); return x; }\n"
                         "  __device__ bool operator==(const S &) const;\n"
                         "};\n"
                         "template <class T> __device__ __forceinline__ T id(T x) {\n"
                         "  asm(\"nanosleep.u32 5;\"); return x; }\n"
                         "void host() { auto l = [] __device__ (int v) { asm(\"fence.sc.gpu;\"); return v; }; }\n");
    ASSERT_EQ(r.errors, 0);
    ASSERT(!strstr(r.out, "__device__"));
    ASSERT_STR_CONTAINS(r.out, "int counter;");
    ASSERT_STR_CONTAINS(r.out, "do { ::simt_trap(\"t.cu:4\"); } while (0);");
    ASSERT_STR_CONTAINS(r.out, "do { ::simt_ptx::fence(); } while (0); return x;");
    ASSERT_STR_CONTAINS(r.out, "::simt_nanosleep(::simt_ptx::rd<unsigned int>(::simt_ptx::imm{0x5ull}));");
    ASSERT_STR_CONTAINS(r.out, "do { ::simt_ptx::fence(); } while (0); return v;");
    rw_free(&r);
}

TEST(device_shared_variables_keep_their_rewrite)
{
    rw_result r = rw_run("__device__ __shared__ int s[4];\n"
                         "__global__ void k() { __device__ __shared__ float t; s[0] = t; }\n");
    ASSERT_EQ(r.errors, 0);
    ASSERT(!strstr(r.out, "__device__"));
    ASSERT_STR_CONTAINS(r.out, "typedef int simt__sht_0[4];");
    ASSERT_STR_CONTAINS(r.out, "typedef float simt__sht_1;");
    rw_free(&r);
}

TEST(asm_operands_stay_in_place)
{
    /* The pass goes on inside the operands: shifts in kernels, launches. */
    rw_result r = rw_run("__global__ void k(unsigned *p, int n) {\n"
                         "  asm(\"add.u32 %0, %1, %2;\"\n"
                         "      : \"=r\"(p[0])\n"
                         "      : \"r\"(p[1] << n), \"n\"(3));\n}\n");
    ASSERT_EQ(r.errors, 0);
    /* A replaced range's newlines follow its text. */
    ASSERT_STR_CONTAINS(r.out, "do { auto &simt__o0 = (\np[0]); unsigned int simt__p1 = "
                               "::simt_ptx::in<unsigned int>((\np[1] << ::simt__shc(n))); "
                               "const long long simt__p2 = (3); unsigned int simt__p0 = 0;");
    ASSERT_STR_CONTAINS(r.out, "::simt_ptx::iadd<unsigned int>(");
    rw_free(&r);
}

TEST(asm_operand_forms)
{
    rw_result r = rw_run("__device__ void f(unsigned &x, unsigned y) {\n"
                         "  asm(\"add.u32 %0, %0, %[v];\" : \"+r\"(x) : [v] \"r\"(y));\n"
                         "  asm(\"add.u32 %0, %1, 1;\" : \"=r\"(x) : \"0\"(y));\n"
                         "  asm(\"{ L%=: bra L%=; }\" ::);\n"
                         "}\n");
    ASSERT_EQ(r.errors, 0);
    ASSERT_STR_CONTAINS(r.out, "unsigned int simt__p0 = ::simt_ptx::in<unsigned int>(simt__o0);");
    ASSERT_STR_CONTAINS(r.out, "const auto simt__i1 = (y); unsigned int simt__p0 = "
                               "::simt_ptx::in<unsigned int>(simt__i1); unsigned int &simt__p1 = simt__p0;");
    ASSERT_STR_CONTAINS(r.out, "simt__L2_0:; goto simt__L2_0;");
    rw_free(&r);
}

TEST(asm_ptx_scopes_guards_and_vectors)
{
    rw_result r = rw_run("__device__ void f(unsigned long long *p, unsigned a) {\n"
                         "  asm(\"{\\n\\t.reg .pred q;\\n\\t.reg .b32 t<2>;\\n\\t\"\n"
                         "      \"setp.ne.u32 q, %1, 0;\\n\\t\"\n"
                         "      \"@!q mov.b64 {t0, t1}, %0;\\n\\t\"\n"
                         "      \"@q st.global.v2.u32 [%0+8], {t1, t0};\\n\\t}\" :: \"l\"(p), \"r\"(a) : \"memory\");\n"
                         "}\n");
    ASSERT_EQ(r.errors, 0);
    ASSERT_STR_CONTAINS(r.out, "(void)simt__p0; (void)simt__p1; ::simt_ptx::compiler_fence(); "
                               "{ bool simt__v0; (void)simt__v0; unsigned int simt__v1, simt__v2;");
    ASSERT_STR_CONTAINS(r.out, "if (!simt__v0) { { unsigned long long simt__t1 = ");
    ASSERT_STR_CONTAINS(r.out, "::simt_ptx::part<unsigned int>(simt__t1, 1)); } }");
    ASSERT_STR_CONTAINS(r.out, "::simt_ptx::st<unsigned int, 1, 0, 8u>(::simt_ptx::rd<unsigned long long>(simt__p0), 8ll, 0,");
    ASSERT_STR_CONTAINS(r.out, "\"t.cu\", 5); } }");
    rw_free(&r);
}

TEST(asm_errors_name_the_instruction_and_its_line)
{
    EXPECT_ERR("__device__ void f(unsigned &x) {\n  asm(\"mov.u32 %0, 1;\\n\\t\"\n"
               "      \"xyz.b32 %0, %0;\" : \"=r\"(x));\n}\n",
               "t.cu:3: error: inline PTX instruction 'xyz.b32' is not supported by simt");
    EXPECT_ERR("__global__ void k(unsigned *p) { asm(\"add.foo.u32 %0, %0, 1;\" : \"+r\"(p[0])); }\n",
               "inline PTX instruction 'add.foo.u32' is not supported by simt (modifier '.foo')");
    EXPECT_ERR("__global__ void k(float *p) { asm(\"tanh.approx.f32 %0, %0;\" : \"+f\"(p[0])); }\n",
               "inline PTX instruction 'tanh.approx.f32' is not supported by simt");
    EXPECT_ERR("__global__ void k(unsigned *p) { asm(\"add.u32 %0, %1;\" : \"=r\"(p[0]) : \"r\"(1)); }\n",
               "inline PTX instruction 'add.u32' takes 3 operands, not 2");
    EXPECT_ERR("__global__ void k(unsigned *p) { asm(\"mov.u32 %0, %%gridid;\" : \"=r\"(p[0])); }\n",
               "special register '%gridid' is not supported by simt");
    EXPECT_ERR("# 40 \"src/k.cu\"\n__global__ void k() { asm(\"bar.arrive 1, 64;\"); }\n",
               "src/k.cu:40: error: inline PTX instruction 'bar.arrive' is not supported by simt");
}

TEST(asm_malformed_is_an_error)
{
    EXPECT_ERR("__device__ void f(int x) { asm(x); }\n", "the asm template must be a string literal");
    EXPECT_ERR("__device__ void f(int x) { asm(\"mov.u32 %0, 1;\" : \"=m\"(x)); }\n",
               "asm constraint \"=m\" is not supported");
    EXPECT_ERR("__device__ void f(int x) { asm(\"add.u32 %0, r1, 1;\" : \"=r\"(x)); }\n",
               "inline PTX: unknown register 'r1'");
    EXPECT_ERR("__device__ void f(int x) { asm(\"{ mov.u32 %0, 1;\" : \"=r\"(x)); }\n",
               "'{' without '}' in inline PTX");
    EXPECT_ERR("__device__ void f(int x) { asm(\"mov.u32 %0, %3;\" : \"=r\"(x)); }\n",
               "inline PTX: operand %3 does not exist");
    EXPECT_ERR("__device__ void f(int x) { asm goto(\"bra %l0;\" :::: L); L:; }\n",
               "asm goto is not supported in device code");
    EXPECT_ERR("__device__ void f(int x) { asm(\"bra DONE;\"); }\n",
               "label 'DONE' is not defined in this asm statement");
    EXPECT_ERR("__device__ void f(int x) { asm(\"mov.u32 %0, 0x;\" : \"=r\"(x)); }\n",
               "malformed hexadecimal literal");
    EXPECT_ERR("__device__ void f(int x) { asm(\"mov.u32 %0, 1\" : \"=r\"(x)) }\n",
               "expected ';' after the asm statement");
}

TEST(asm_multiline_keeps_lines)
{
    /* rw_run checks that the output has the input's lines. */
    rw_result r = rw_run("__global__ void k(unsigned *p)\n{\n  asm volatile(\n"
                         "    \"{\\n\\t\"\n    \".reg .u32 t;\\n\\t\"\n    \"add.u32 t, %1, 1;\\n\\t\"\n"
                         "    \"mov.u32 %0, t;\\n\\t\"\n    \"}\"\n    : \"=r\"(p[0])\n"
                         "    : \"r\"(p[1])\n    : \"memory\");\n}\n");
    ASSERT_EQ(r.errors, 0);
    ASSERT_STR_CONTAINS(r.out, "::simt_ptx::iadd<unsigned int>(");
    rw_free(&r);
}
