// Header compatibility with our header first: libstdc++'s <cmath> then declares
// constexpr (implicitly host-device) std::isfinite and friends after our device
// overloads, which must not clash with them.
#include <hip/hip_runtime.h>
#include <cmath>
#include <math.h>
#include <cstdio>

__global__ void classify(const float *f, const double *d, int *out) {
  out[0] = isfinite(f[0]) + std::isnan(f[1]) + isinf(d[0]) + signbit(f[2]) + std::signbit(d[1]);
  out[1] = (int)(std::sqrt(f[0]) + std::exp(d[0]));
}

int host_classify(double x) { return std::isfinite(x) + isnan(x) + std::isinf(1.0f); }
