// GPU math benchmark (issue 10): time and accuracy of each math function, built by
// oxhip (HIP) here and by nvcc (the same code as CUDA, math.cu) on the GPU machine.
// Prints one line per function:
//   <name> <median ms of 10 launches> <max ulp> <worst input>
// Arguments: function names (default: all); --small first for 64K elements.
// Time: 16M elements, each evaluating the function 32 times on nearby inputs.
// Accuracy (sincosf: the sine; mixes: none): 4M inputs (the function's domain, and every fourth a random bit pattern),
// evaluated once on the GPU and compared with the host's libm in double (long double
// for the double functions); NaN/infinity/zero-sign mismatches print as 1e30.
#if defined(__CUDACC__)
#include <cuda_runtime.h>
#define hipMalloc cudaMalloc
#define hipFree cudaFree
#define hipMemcpy cudaMemcpy
#define hipMemcpyHostToDevice cudaMemcpyHostToDevice
#define hipMemcpyDeviceToHost cudaMemcpyDeviceToHost
#define hipDeviceSynchronize cudaDeviceSynchronize
#define hipEvent_t cudaEvent_t
#define hipEventCreate cudaEventCreate
#define hipEventRecord cudaEventRecord
#define hipEventSynchronize cudaEventSynchronize
#define hipEventElapsedTime cudaEventElapsedTime
#define hipGetLastError cudaGetLastError
#define hipError_t cudaError_t
#define hipSuccess cudaSuccess
#else
#include <hip/hip_runtime.h>
#endif
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <vector>

static long TIME_N = 1L << 24;
static long ACC_N = 1L << 22;

static uint64_t rng = 0x9e3779b97f4a7c15ull;
static double uniform() {
  rng ^= rng << 13;
  rng ^= rng >> 7;
  rng ^= rng << 17;
  return (double)(rng >> 11) * 0x1p-53;
}
static float random_bits_float() {
  uniform();
  uint32_t bits = (uint32_t)(rng >> 17);
  float f;
  std::memcpy(&f, &bits, sizeof f);
  return f;
}

static double ulp_error(float got, long double ref_long) {
  double ref = (double)ref_long;
  if (std::isnan(got) || std::isnan(ref)) return std::isnan(got) && std::isnan(ref) ? 0 : 1e30;
  if (std::isinf((float)ref) || std::isinf(got)) return got == (float)ref ? 0 : 1e30;
  if (got == 0 && ref == 0 && std::signbit(got) != std::signbit(ref)) return 1e30;
  double r = std::fabs(ref), ulp;
  if (r < 0x1p-126) ulp = 0x1p-149;
  else { int e; std::frexp(r, &e); ulp = std::ldexp(1.0, e - 24); }
  return std::fabs((double)got - ref) / ulp;
}
static double ulp_error(double got, long double ref) {
  if (std::isnan(got) || std::isnan((double)ref)) return std::isnan(got) && std::isnan((double)ref) ? 0 : 1e30;
  if (std::isinf((double)ref) || std::isinf(got)) return got == (double)ref ? 0 : 1e30;
  double r = std::fabs((double)ref), ulp;
  if (r < 0x1p-1022) ulp = 0x1p-1074;
  else { int e; std::frexp(r, &e); ulp = std::ldexp(1.0, e - 53); }
  return (double)(std::fabs((long double)got - ref) / ulp);
}

#define CK(call)                                                        \
  do {                                                                  \
    if ((call) != hipSuccess) {                                         \
      std::printf("math.hip:%d: %s failed\n", __LINE__, #call);        \
      std::exit(1);                                                     \
    }                                                                   \
  } while (0)

template <typename T, typename Kernel>
static void measure(const char* name, Kernel timed, Kernel once, double lo, double hi,
                    bool log_scale, long double (*reference)(T, T), bool two_args) {
  // Time.
  std::vector<T> hx(TIME_N), hy(TIME_N);
  for (long i = 0; i < TIME_N; ++i) {
    double u = uniform();
    hx[i] = (T)(log_scale ? std::exp2(lo + (hi - lo) * u) : lo + (hi - lo) * u);
    hy[i] = (T)(0.5 + uniform());
  }
  T *dx, *dy, *dout;
  CK(hipMalloc(&dx, TIME_N * sizeof(T)));
  CK(hipMalloc(&dy, TIME_N * sizeof(T)));
  CK(hipMalloc(&dout, TIME_N * sizeof(T)));
  CK(hipMemcpy(dx, hx.data(), TIME_N * sizeof(T), hipMemcpyHostToDevice));
  CK(hipMemcpy(dy, hy.data(), TIME_N * sizeof(T), hipMemcpyHostToDevice));
  hipEvent_t start, stop;
  CK(hipEventCreate(&start));
  CK(hipEventCreate(&stop));
  std::vector<float> times;
  for (int rep = 0; rep < 11; ++rep) {
    CK(hipEventRecord(start, 0));
    timed<<<(unsigned)(TIME_N / 256), 256>>>(dx, dy, dout, TIME_N);
    CK(hipEventRecord(stop, 0));
    CK(hipEventSynchronize(stop));
    CK(hipGetLastError());
    float ms = 0;
    CK(hipEventElapsedTime(&ms, start, stop));
    if (rep > 0) times.push_back(ms);
  }
  std::sort(times.begin(), times.end());
  // Accuracy.
  std::vector<T> ax(ACC_N), ay(ACC_N), aout(ACC_N);
  for (long i = 0; i < ACC_N; ++i) {
    double u = uniform();
    ax[i] = (T)(log_scale ? std::exp2(lo + (hi - lo) * u) : lo + (hi - lo) * u);
    ay[i] = (T)(-8 + 16 * uniform());
    if ((i & 3) == 3 && sizeof(T) == 4) {
      ax[i] = (T)random_bits_float();
      if (two_args && (i & 4)) ay[i] = (T)random_bits_float();
    }
  }
  CK(hipMemcpy(dx, ax.data(), ACC_N * sizeof(T), hipMemcpyHostToDevice));
  CK(hipMemcpy(dy, ay.data(), ACC_N * sizeof(T), hipMemcpyHostToDevice));
  once<<<(unsigned)(ACC_N / 256), 256>>>(dx, dy, dout, ACC_N);
  CK(hipDeviceSynchronize());
  CK(hipGetLastError());
  CK(hipMemcpy(aout.data(), dout, ACC_N * sizeof(T), hipMemcpyDeviceToHost));
  double worst = 0;
  T worst_x = 0, worst_y = 0;
  for (long i = 0; i < ACC_N; ++i) {
    long double ref = reference(ax[i], ay[i]);
    double e = ulp_error(aout[i], ref);
    if (e > worst) {
      worst = e;
      worst_x = ax[i];
      worst_y = ay[i];
    }
  }
  if (std::strncmp(name, "mix", 3) == 0)  // sums of functions: time only
    std::printf("%-8s %9.3f %12s\n", name, times[times.size() / 2], "-");
  else if (two_args)
    std::printf("%-8s %9.3f %12.3f %a %a\n", name, times[times.size() / 2], worst, (double)worst_x,
                (double)worst_y);
  else
    std::printf("%-8s %9.3f %12.3f %a\n", name, times[times.size() / 2], worst, (double)worst_x);
  std::fflush(stdout);
  CK(hipFree(dx));
  CK(hipFree(dy));
  CK(hipFree(dout));
}


// One function: a timed kernel (32 evaluations per element on x + k d, summed) and a
// kernel evaluating it once, and the host reference. `E` is the expression in `a`, `b`.
#define FUNC2(T, name, E, E_ONCE, REF, lo, hi, log_scale, two)                                        \
  __global__ void time_##name(const T* x, const T* y, T* out, long n) {                        \
    long i = (long)blockIdx.x * blockDim.x + threadIdx.x;                                      \
    if (i >= n) return;                                                                        \
    T a0 = x[i], b = y[i], d = a0 * (T)0x1p-12, acc = 0;                                       \
    _Pragma("unroll 4") for (int k = 0; k < 32; ++k) {                                         \
      T a = a0 + (T)k * d;                                                                     \
      acc += (E);                                                                              \
    }                                                                                          \
    out[i] = acc;                                                                              \
  }                                                                                            \
  __global__ void once_##name(const T* x, const T* y, T* out, long n) {                        \
    long i = (long)blockIdx.x * blockDim.x + threadIdx.x;                                      \
    if (i >= n) return;                                                                        \
    T a = x[i], b = y[i];                                                                      \
    (void)b;                                                                                   \
    out[i] = (E_ONCE);                                                                         \
  }                                                                                            \
  static long double ref_##name(T a, T b) {                                                    \
    (void)b;                                                                                   \
    return (long double)(REF);                                                                 \
  }                                                                                            \
  static void run_##name() {                                                                   \
    measure<T>(#name, time_##name, once_##name, lo, hi, log_scale, ref_##name, two);           \
  }

#define FUNC(T, name, E, REF, lo, hi, log_scale, two) \
  FUNC2(T, name, E, E, REF, lo, hi, log_scale, two)

__device__ inline float sincos_sin(float a) {
  float s, c;
  sincosf(a, &s, &c);
  return s;
}
__device__ inline float sincos_sum(float a) {
  float s, c;
  sincosf(a, &s, &c);
  return s + c;
}

FUNC(float, expf, expf(a), std::exp((double)a), -80, 80, false, false)
FUNC(float, exp2f, exp2f(a), std::exp2((double)a), -120, 120, false, false)
FUNC(float, exp10f, exp10f(a), std::pow(10.0, (double)a), -35, 35, false, false)
FUNC(float, expm1f, expm1f(a), std::expm1((double)a), -10, 10, false, false)
FUNC(float, logf, logf(a), std::log((double)a), -100, 100, true, false)
FUNC(float, log2f, log2f(a), std::log2((double)a), -100, 100, true, false)
FUNC(float, log10f, log10f(a), std::log10((double)a), -100, 100, true, false)
FUNC(float, log1pf, log1pf(a), std::log1p((double)a), -0.9, 10, false, false)
FUNC(float, sinf, sinf(a), std::sin((double)a), -100, 100, false, false)
FUNC(float, cosf, cosf(a), std::cos((double)a), -100, 100, false, false)
FUNC2(float, sincosf, sincos_sum(a), sincos_sin(a), std::sin((double)a), -100, 100, false, false)
FUNC(float, tanf, tanf(a), std::tan((double)a), -100, 100, false, false)
FUNC(float, asinf, asinf(a), std::asin((double)a), -1, 1, false, false)
FUNC(float, acosf, acosf(a), std::acos((double)a), -1, 1, false, false)
FUNC(float, atanf, atanf(a), std::atan((double)a), -20, 20, true, false)
FUNC(float, atan2f, atan2f(a, b), std::atan2((double)a, (double)b), -10, 10, false, true)
FUNC(float, sinhf, sinhf(a), std::sinh((double)a), -20, 20, false, false)
FUNC(float, coshf, coshf(a), std::cosh((double)a), -20, 20, false, false)
FUNC(float, tanhf, tanhf(a), std::tanh((double)a), -10, 10, false, false)
FUNC(float, cbrtf, cbrtf(a), std::cbrt((double)a), -100, 100, true, false)
FUNC(float, erff, erff(a), std::erf((double)a), -5, 5, false, false)
FUNC(float, erfcf, erfcf(a), std::erfc((double)a), -3, 10, false, false)
FUNC(float, powf, powf(a, b), std::pow((double)a, (double)b), -10, 10, true, true)
FUNC(float, rsqrtf, rsqrtf(a), 1.0 / std::sqrt((double)a), -100, 100, true, false)
FUNC(float, sqrtf, sqrtf(a), std::sqrt((double)a), -100, 100, true, false)
FUNC(float, mix_f, expf(a) + sinf(a) + logf(a) + powf(a, b) + cosf(a),
     std::exp((double)a) + std::sin((double)a) + std::log((double)a) +
         std::pow((double)a, (double)b) + std::cos((double)a),
     0.1, 4, false, true)
// The reference for j0 next to its two zeros below 8: glibc's j0l loses most of its
// relative accuracy there (it gave 16.5 ulp for both compilers at the same input next
// to 5.52), so within 0.3 of a zero z the reference is the Taylor series of J0 about z,
// its coefficients from Bessel's equation x y'' + y' + x y = 0 (c(0) = 0, c(1) = -J1(z)):
//   c(n+1) = -(n^2 c(n) + z c(n-1) + c(n-2)) / (z (n+1) n).
// z is held as a long double and a tail (mpmath, 60 digits), so x - z is exact to the
// tail's rounding and the value's relative error stays near 2^-64.
static long double j0_reference(double x) {
  static const long double ZERO_HI[2] = {0x99e8a974b8d9fde1p-62L, 0xb0a47ad9617228bbp-61L};
  static const long double ZERO_LO[2] = {7.519077883636932452697846e-20L,
                                         -2.123510404485085722224326e-19L};
  static const long double MINUS_J1[2] = {-0.5191474972894667881402026L,
                                          0.3402648065583681485649119L};
  long double ax = std::fabs((long double)x);
  for (int k = 0; k < 2; ++k) {
    long double h = (ax - ZERO_HI[k]) - ZERO_LO[k];
    if (std::fabs(h) >= 0.3L) continue;
    long double z = ZERO_HI[k] + ZERO_LO[k];
    long double c_n2 = 0, c_n1 = 0, c_n = MINUS_J1[k];  // c(n-2), c(n-1), c(n) for n = 1
    long double sum = 0, power = 1;
    for (int n = 1; n <= 40; ++n) {
      power *= h;
      sum += c_n * power;
      long double next = -((long double)n * n * c_n + z * c_n1 + c_n2) / (z * (n + 1) * n);
      c_n2 = c_n1;
      c_n1 = c_n;
      c_n = next;
    }
    return sum;
  }
  return j0l((long double)x);
}

// j0f and j0: ulps only below 8, where CUDA bounds them in ulps (above, an absolute
// error); inputs beyond (the random bit patterns) count as NaN on both sides.
FUNC2(float, j0f, j0f(a), std::fabs(a) < 8 ? j0f(a) : NAN,
      std::fabs(a) < 8 ? j0((double)a) : NAN, -8, 8, false, false)
FUNC(double, exp, exp(a), expl((long double)a), -700, 700, false, false)
FUNC(double, log, log(a), logl((long double)a), -1000, 1000, true, false)
FUNC(double, sin, sin(a), sinl((long double)a), -100, 100, false, false)
FUNC(double, cos, cos(a), cosl((long double)a), -100, 100, false, false)
FUNC(double, tanh, tanh(a), tanhl((long double)a), -10, 10, false, false)
FUNC(double, erf, erf(a), erfl((long double)a), -5, 5, false, false)
FUNC(double, pow, pow(a, b), powl((long double)a, (long double)b), -10, 10, true, true)
FUNC(double, j0, j0(a), j0_reference(a), -8, 8, false, false)
FUNC(double, mix_d, exp(a) + sin(a) + log(a),
     expl((long double)a) + sinl((long double)a) + logl((long double)a), 0.1, 4, false, false)

int main(int argc, char** argv) {
  struct Entry {
    const char* name;
    void (*run)();
  };
  const Entry entries[] = {
#define E(name) {#name, run_##name}
      E(expf), E(exp2f), E(exp10f), E(expm1f), E(logf), E(log2f), E(log10f), E(log1pf),
      E(sinf), E(cosf), E(sincosf), E(tanf), E(asinf), E(acosf), E(atanf), E(atan2f),
      E(sinhf), E(coshf), E(tanhf), E(cbrtf), E(erff), E(erfcf), E(powf), E(rsqrtf),
      E(sqrtf), E(j0f), E(mix_f), E(exp), E(log), E(sin), E(cos), E(tanh), E(erf), E(pow),
      E(j0), E(mix_d),
#undef E
  };
  // --small: 64K elements, for trying the program on the CPU device.
  int first = 1;
  if (argc > 1 && std::strcmp(argv[1], "--small") == 0) {
    TIME_N = ACC_N = 1L << 16;
    first = 2;
  }
  for (const Entry& entry : entries) {
    bool wanted = argc <= first;
    for (int i = first; i < argc; ++i) wanted |= std::strcmp(argv[i], entry.name) == 0;
    if (wanted) entry.run();
  }
  return 0;
}
