// The bundled example: adds two vectors on the GPU and checks the result on
// the host.
//
//   oxhip -O3 --offload-arch=gfx942,gfx90a,sm_90 examples/vadd.hip -o vadd && ./vadd
#include <hip/hip_runtime.h>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <vector>

__global__ void vadd(const float* a, const float* b, float* c, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) c[i] = a[i] + b[i];
}

static void check(hipError_t status, const char* what) {
  if (status != hipSuccess) {
    std::fprintf(stderr, "vadd: %s failed: %s (%s)\n", what, hipGetErrorString(status),
                 hipGetErrorName(status));
    std::exit(1);
  }
}

int main() {
  const int n = 1 << 20;
  std::vector<float> a(n), b(n), c(n, -1.0f);
  unsigned seed = 12345;
  for (int i = 0; i < n; ++i) {
    seed = seed * 1664525u + 1013904223u;
    a[i] = (seed >> 8) * (1.0f / 16777216.0f);
    b[i] = 1.0f - 0.5f * a[i] + i * 1e-6f;
  }

  int device = 0;
  check(hipGetDevice(&device), "hipGetDevice");
  hipDeviceProp_t props;
  check(hipGetDeviceProperties(&props, device), "hipGetDeviceProperties");
  std::printf("vadd: running on %s (%s)\n", props.name, props.gcnArchName);

  float *da, *db, *dc;
  const size_t bytes = n * sizeof(float);
  check(hipMalloc(&da, bytes), "hipMalloc");
  check(hipMalloc(&db, bytes), "hipMalloc");
  check(hipMalloc(&dc, bytes), "hipMalloc");
  check(hipMemcpy(da, a.data(), bytes, hipMemcpyHostToDevice), "hipMemcpy");
  check(hipMemcpy(db, b.data(), bytes, hipMemcpyHostToDevice), "hipMemcpy");
  check(hipMemset(dc, 0xff, bytes), "hipMemset");

  const int block = 256;
  vadd<<<(n + block - 1) / block, block>>>(da, db, dc, n);
  check(hipGetLastError(), "vadd launch");
  check(hipMemcpy(c.data(), dc, bytes, hipMemcpyDeviceToHost), "hipMemcpy");

  long long errors = 0;
  for (int i = 0; i < n; ++i)
    if (c[i] != a[i] + b[i]) ++errors;
  check(hipFree(da), "hipFree");
  check(hipFree(db), "hipFree");
  check(hipFree(dc), "hipFree");
  if (errors) {
    std::printf("vadd: FAILED (%lld of %d elements wrong)\n", errors, n);
    return 1;
  }
  std::printf("vadd: PASSED (%d elements)\n", n);
  return 0;
}
