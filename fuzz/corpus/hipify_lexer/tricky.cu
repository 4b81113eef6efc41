#include <cuda_runtime.h>
#include "helper.h"
#define CHECK(x) do { cudaError_t e = (x); \
  if (e != cudaSuccess) return 1; } while (0)
// comment with cudaMalloc ÿ é 漢
/* block comment cudaFree */
const char* s = "cudaMalloc \" escaped";
const char* r = R"raw(cudaMemcpy )" not the end)raw";
char c = '\''; auto u8 = u8"héllo"; float f = 1.5e-3f; long x = 0x1'000'000LL;
__global__ void k(float* p) { p[threadIdx.x] = 1.0f; }
int main() { float* d; CHECK(cudaMalloc(&d, 4)); k<<<1, 1>>>(d); return 0; }
#if 0
cudaDeviceSynchronize();
#endif
