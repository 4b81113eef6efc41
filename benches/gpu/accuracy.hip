// GPU accuracy of every function devicelibs/tests/ulp_harness.c measures (issue 10): the
// harness's inputs and references, the GPU's results. Built by oxhip (HIP) here and by
// nvcc (the same file as CUDA) on the GPU machine, so both compilers' functions are
// measured on the same inputs against the same references.
//
// The harness (C, host) is compiled with ulp_stubs.h, which turns each __oxhip_* call
// into a stub defined here. Its main runs several times: a stub whose arguments the GPU
// has not evaluated yet records them and returns 0; after each run the recorded
// arguments are evaluated on the GPU, one kernel per function. When a run records
// nothing (the harness's inputs do not depend on the functions' results, but some of its
// checks short-circuit on them), a last run prints the harness's lines: the same
// "<name> <max ulp> <worst input>" lines as on the host.
#if defined(__CUDACC__)
#include <cuda_runtime.h>
#define hipMalloc cudaMalloc
#define hipFree cudaFree
#define hipMemcpy cudaMemcpy
#define hipMemcpyHostToDevice cudaMemcpyHostToDevice
#define hipMemcpyDeviceToHost cudaMemcpyDeviceToHost
#define hipDeviceSynchronize cudaDeviceSynchronize
#define hipGetLastError cudaGetLastError
#define hipSuccess cudaSuccess
#else
#include <hip/hip_runtime.h>
#endif
#include <cmath>
#include <cstdarg>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <unordered_map>
#include <vector>

#define ULP_STUBS_NO_RENAME
#include "ulp_stubs.h"

extern "C" int harness_main(void);

struct Args {
  double a, b, c;
  int n;
};
struct Result {
  double r, r2;
  int i;
};

static bool quiet = true;
extern "C" int harness_printf(const char *format, ...) {
  if (quiet) return 0;
  va_list list;
  va_start(list, format);
  int written = std::vprintf(format, list);
  va_end(list);
  return written;
}

#define CK(call)                                                        \
  do {                                                                  \
    if ((call) != hipSuccess) {                                         \
      std::fprintf(stderr, "accuracy.hip:%d: %s failed\n", __LINE__, #call); \
      std::exit(1);                                                     \
    }                                                                   \
  } while (0)

// One function: its recorded arguments and the results the GPU gave for earlier ones.
struct Key {
  uint64_t a, b, c;
  int n;
  bool operator==(const Key &o) const { return a == o.a && b == o.b && c == o.c && n == o.n; }
};
struct KeyHash {
  size_t operator()(const Key &k) const {
    uint64_t h = k.a * 0x9e3779b97f4a7c15ull ^ (k.b + 0x632be59bd9b4e019ull) * 0xff51afd7ed558ccdull;
    h ^= (k.c + (uint64_t)k.n) * 0xc4ceb9fe1a85ec53ull;
    return (size_t)(h ^ (h >> 29));
  }
};
typedef void (*launcher)(const Args *, Result *, int);
struct Function {
  const char *name;
  launcher launch;
  std::unordered_map<Key, Result, KeyHash> done;
  std::vector<Args> pending;
  std::unordered_map<Key, int, KeyHash> pending_index;
};
static std::vector<Function *> &functions() {
  static std::vector<Function *> all;
  return all;
}
static Function *function(const char *name, launcher launch) {
  Function *f = new Function;
  f->name = name;
  f->launch = launch;
  functions().push_back(f);
  return f;
}
static uint64_t bits(double x) {
  uint64_t u;
  std::memcpy(&u, &x, sizeof u);
  return u;
}
static long misses = 0;
static Result lookup(Function *f, double a, double b = 0, double c = 0, int n = 0) {
  Key key{bits(a), bits(b), bits(c), n};
  auto it = f->done.find(key);
  if (it != f->done.end()) return it->second;
  ++misses;
  if (f->pending_index.emplace(key, (int)f->pending.size()).second) f->pending.push_back({a, b, c, n});
  return {0, 0, 0};
}

static void evaluate(Function *f) {
  size_t n = f->pending.size();
  if (n == 0) return;
  Args *d_args;
  Result *d_results;
  CK(hipMalloc((void **)&d_args, n * sizeof(Args)));
  CK(hipMalloc((void **)&d_results, n * sizeof(Result)));
  CK(hipMemcpy(d_args, f->pending.data(), n * sizeof(Args), hipMemcpyHostToDevice));
  f->launch(d_args, d_results, (int)n);
  CK(hipGetLastError());
  CK(hipDeviceSynchronize());
  std::vector<Result> results(n);
  CK(hipMemcpy(results.data(), d_results, n * sizeof(Result), hipMemcpyDeviceToHost));
  CK(hipFree(d_args));
  CK(hipFree(d_results));
  for (size_t i = 0; i < n; ++i) {
    const Args &a = f->pending[i];
    f->done[Key{bits(a.a), bits(a.b), bits(a.c), a.n}] = results[i];
  }
  f->pending.clear();
  f->pending_index.clear();
}

// A kernel and a host stub per function. EXPR computes the result from `a` (Args) into
// `r` (Result); the stub's body turns the Result into the stub's return value.
#define KERNEL(id, EXPR)                                                            \
  __global__ void kernel_##id(const Args *args, Result *results, int n) {          \
    int i = blockIdx.x * blockDim.x + threadIdx.x;                                  \
    if (i >= n) return;                                                             \
    Args a = args[i];                                                               \
    Result r = {0, 0, 0};                                                           \
    EXPR;                                                                           \
    results[i] = r;                                                                 \
  }                                                                                 \
  static void launch_##id(const Args *args, Result *results, int n) {              \
    kernel_##id<<<(n + 255) / 256, 256>>>(args, results, n);                        \
  }                                                                                 \
  static Function *function_##id = function(#id, launch_##id);

#define ONE(name)                                                                          \
  KERNEL(name, r.r = name(a.a))                                                            \
  KERNEL(name##f, r.r = name##f((float)a.a))                                               \
  extern "C" double stub_##name(double x) { return lookup(function_##name, x).r; }         \
  extern "C" float stub_##name##f(float x) { return (float)lookup(function_##name##f, x).r; }
#define TWO(name)                                                                          \
  KERNEL(name, r.r = name(a.a, a.b))                                                       \
  KERNEL(name##f, r.r = name##f((float)a.a, (float)a.b))                                   \
  extern "C" double stub_##name(double x, double y) { return lookup(function_##name, x, y).r; } \
  extern "C" float stub_##name##f(float x, float y) {                                      \
    return (float)lookup(function_##name##f, x, y).r;                                      \
  }
ULP_FUNCS1(ONE)
ULP_FUNCS2(TWO)

KERNEL(remquo, r.r = remquo(a.a, a.b, &r.i))
extern "C" double stub_remquo(double x, double y, int *q) {
  Result r = lookup(function_remquo, x, y);
  *q = r.i;
  return r.r;
}
KERNEL(frexp, r.r = frexp(a.a, &r.i))
extern "C" double stub_frexp(double x, int *e) {
  Result r = lookup(function_frexp, x);
  *e = r.i;
  return r.r;
}
KERNEL(ilogb, r.i = ilogb(a.a))
extern "C" int stub_ilogb(double x) { return lookup(function_ilogb, x).i; }
KERNEL(norm3d, r.r = norm3d(a.a, a.b, a.c))
extern "C" double stub_norm3d(double x, double y, double z) { return lookup(function_norm3d, x, y, z).r; }
KERNEL(rnorm3d, r.r = rnorm3d(a.a, a.b, a.c))
extern "C" double stub_rnorm3d(double x, double y, double z) { return lookup(function_rnorm3d, x, y, z).r; }
KERNEL(rsqrtf, r.r = rsqrtf((float)a.a))
extern "C" float stub_rsqrtf(float x) { return (float)lookup(function_rsqrtf, x).r; }
KERNEL(rsqrt, r.r = rsqrt(a.a))
extern "C" double stub_rsqrt(double x) { return lookup(function_rsqrt, x).r; }
KERNEL(sincosf, float s; float c; sincosf((float)a.a, &s, &c); r.r = s; r.r2 = c)
extern "C" void stub_sincosf(float x, float *s, float *c) {
  Result r = lookup(function_sincosf, x);
  *s = (float)r.r;
  *c = (float)r.r2;
}
KERNEL(jn, r.r = jn(a.n, a.a))
extern "C" double stub_jn(int n, double x) { return lookup(function_jn, x, 0, 0, n).r; }
KERNEL(jnf, r.r = jnf(a.n, (float)a.a))
extern "C" float stub_jnf(int n, float x) { return (float)lookup(function_jnf, x, 0, 0, n).r; }
KERNEL(yn, r.r = yn(a.n, a.a))
extern "C" double stub_yn(int n, double x) { return lookup(function_yn, x, 0, 0, n).r; }
KERNEL(ynf, r.r = ynf(a.n, (float)a.a))
extern "C" float stub_ynf(int n, float x) { return (float)lookup(function_ynf, x, 0, 0, n).r; }

int main() {
  for (int pass = 1;; ++pass) {
    misses = 0;
    harness_main();
    if (misses == 0) break;
    if (pass == 6) {
      std::fprintf(stderr, "accuracy: %ld calls still unevaluated after %d passes\n", misses, pass);
      return 1;
    }
    for (Function *f : functions()) evaluate(f);
  }
  quiet = false;
  return harness_main();
}
