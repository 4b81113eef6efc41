// Several kernels in several translation units, each using dynamic shared
// memory, launched from a fourth unit through host wrappers. Each unit has its
// own fat binary and registration constructor.
#include "../check.h"
#include "kernels.h"
#include <cmath>
#include <vector>

// A kernel in this unit too, so that four units register kernels.
__global__ void fill(float* p, int n, float base) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) p[i] = base + (float)(i % 97);
}

int main() {
  print_device("multi_tu");
  long long errors = 0;
  const int n = 100003;
  float *x, *y, *z;
  CHECK(hipMalloc(&x, n * sizeof(float)));
  CHECK(hipMalloc(&y, n * sizeof(float)));
  CHECK(hipMalloc(&z, n * sizeof(float)));
  fill<<<(n + 255) / 256, 256>>>(x, n, 0.5f);
  CHECK_LAUNCH();

  launch_scale(x, y, 3.0f, n, 0);
  CHECK_LAUNCH();
  std::vector<float> hy(n);
  CHECK(hipMemcpy(hy.data(), y, n * sizeof(float), hipMemcpyDeviceToHost));
  for (int i = 0; i < n; ++i)
    if (hy[i] != 3.0f * (0.5f + (float)(i % 97))) ++errors;

  for (int block : {64, 256, 1024}) {
    launch_stencil(y, z, n, block);
    CHECK_LAUNCH();
    std::vector<float> hz(n);
    CHECK(hipMemcpy(hz.data(), z, n * sizeof(float), hipMemcpyDeviceToHost));
    for (int i = 0; i < n; ++i) {
      float left = i > 0 ? hy[i - 1] : 0.0f, right = i + 1 < n ? hy[i + 1] : 0.0f;
      float expected = (left + hy[i] + right) / 3.0f;
      if (std::fabs(hz[i] - expected) > 1e-5f * std::fabs(expected) + 1e-6f) ++errors;
    }
  }

  const int nbins = 4096;  // 16 KiB of dynamic shared memory
  std::vector<unsigned> values(n), expected_bins(nbins, 0);
  unsigned long long seed = 99;
  for (int i = 0; i < n; ++i) {
    values[i] = next_random(&seed);
    expected_bins[values[i] % nbins]++;
  }
  unsigned *dvalues, *dbins;
  CHECK(hipMalloc(&dvalues, n * sizeof(unsigned)));
  CHECK(hipMalloc(&dbins, nbins * sizeof(unsigned)));
  CHECK(hipMemcpy(dvalues, values.data(), n * sizeof(unsigned), hipMemcpyHostToDevice));
  CHECK(hipMemset(dbins, 0, nbins * sizeof(unsigned)));
  launch_histogram(dvalues, dbins, n, nbins);
  CHECK_LAUNCH();
  std::vector<unsigned> bins(nbins);
  CHECK(hipMemcpy(bins.data(), dbins, nbins * sizeof(unsigned), hipMemcpyDeviceToHost));
  for (int b = 0; b < nbins; ++b)
    if (bins[b] != expected_bins[b]) ++errors;

  CHECK(hipFree(x));
  CHECK(hipFree(y));
  CHECK(hipFree(z));
  CHECK(hipFree(dvalues));
  CHECK(hipFree(dbins));
  return finish("multi_tu", errors);
}
