// vadd + expf (devicelibs) + shared-memory reduction, with a main() that checks the
// results and prints PASSED. Used by frontend/tests/data/manual_pipeline.sh.
#include <hip/hip_runtime.h>
#include <stdio.h>
#include <stdlib.h>
#include <math.h>

__global__ void vadd(const float *a, const float *b, float *c, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) c[i] = a[i] + b[i];
}

__global__ void vexp(const float *a, float *c, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) c[i] = expf(a[i]);
}

__global__ __launch_bounds__(256) void reduce_sum(const float *input, float *output, int n) {
  __shared__ float partial[256];
  unsigned int tid = threadIdx.x;
  unsigned int i = blockIdx.x * blockDim.x + tid;
  partial[tid] = i < (unsigned)n ? input[i] : 0.0f;
  __syncthreads();
  for (unsigned int stride = blockDim.x / 2; stride > 0; stride >>= 1) {
    if (tid < stride) partial[tid] += partial[tid + stride];
    __syncthreads();
  }
  if (tid == 0) atomicAdd(output, partial[0]);
}

#define CHECK(call)                                                                  \
  do {                                                                               \
    hipError_t status_ = (call);                                                     \
    if (status_ != hipSuccess) {                                                     \
      printf("FAILED: %s returned %d at line %d\n", #call, (int)status_, __LINE__);  \
      return 1;                                                                      \
    }                                                                                \
  } while (0)

int main(void) {
  const int n = 100000;
  size_t bytes = n * sizeof(float);
  float *a = (float *)malloc(bytes), *b = (float *)malloc(bytes), *c = (float *)malloc(bytes);
  for (int i = 0; i < n; ++i) {
    a[i] = (float)(i % 17) * 0.25f;
    b[i] = 1.0f;
  }
  float *da, *db, *dc, *dsum;
  CHECK(hipMalloc((void **)&da, bytes));
  CHECK(hipMalloc((void **)&db, bytes));
  CHECK(hipMalloc((void **)&dc, bytes));
  CHECK(hipMalloc((void **)&dsum, sizeof(float)));
  CHECK(hipMemcpy(da, a, bytes, hipMemcpyHostToDevice));
  CHECK(hipMemcpy(db, b, bytes, hipMemcpyHostToDevice));
  CHECK(hipMemset(dsum, 0, sizeof(float)));
  dim3 grid((n + 255) / 256), block(256);
  vadd<<<grid, block>>>(da, db, dc, n);
  CHECK(hipGetLastError());
  hipLaunchKernelGGL(reduce_sum, grid, block, 0, 0, dc, dsum, n);
  CHECK(hipGetLastError());
  float sum = 0.0f;
  CHECK(hipMemcpy(&sum, dsum, sizeof(float), hipMemcpyDeviceToHost));
  double expected = 0.0;
  for (int i = 0; i < n; ++i) expected += (double)a[i] + 1.0;
  vexp<<<grid, block>>>(da, dc, n);
  CHECK(hipMemcpy(c, dc, bytes, hipMemcpyDeviceToHost));
  CHECK(hipDeviceSynchronize());
  int bad = 0;
  for (int i = 0; i < n; ++i)
    if (fabsf(c[i] - expf(a[i])) > 1e-6f * expf(a[i])) ++bad;
  if (bad != 0 || fabs(sum - expected) > 1e-4 * expected) {
    printf("FAILED: %d wrong exp values, sum %f expected %f\n", bad, sum, expected);
    return 1;
  }
  printf("PASSED\n");
  return 0;
}
