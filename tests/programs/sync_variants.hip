// __syncthreads_count, __syncthreads_and and __syncthreads_or on blocks of
// several sizes (including one that is not a multiple of the warp size), and
// a multi-dimensional block whose threads exchange values through shared memory.
#include "check.h"
#include <vector>

__global__ void votes(int* out, int modulus) {
  int t = threadIdx.x;
  int count = __syncthreads_count(t % modulus == 0);
  int all = __syncthreads_and(t < (int)blockDim.x);
  int none = __syncthreads_and(t == 0);
  int any = __syncthreads_or(t == (int)blockDim.x - 1);
  int nobody = __syncthreads_or(0);
  if (t == 0) {
    int* mine = out + blockIdx.x * 5;
    mine[0] = count;
    mine[1] = all;
    mine[2] = none;
    mine[3] = any;
    mine[4] = nobody;
  }
}

// 2-D block: each thread writes its slot, then reads the transposed one.
__global__ void transpose_tile(int* out) {
  __shared__ int tile[16][16];
  tile[threadIdx.y][threadIdx.x] = threadIdx.y * 100 + threadIdx.x;
  __syncthreads();
  out[(blockIdx.x * 16 + threadIdx.y) * 16 + threadIdx.x] = tile[threadIdx.x][threadIdx.y];
}

int main() {
  print_device("sync_variants");
  long long errors = 0;
  for (int block : {1, 33, 64, 200, 1024}) {
    const int blocks = 4, modulus = 3;
    int* out;
    CHECK(hipMalloc(&out, blocks * 5 * sizeof(int)));
    votes<<<blocks, block>>>(out, modulus);
    CHECK_LAUNCH();
    std::vector<int> host(blocks * 5);
    CHECK(hipMemcpy(host.data(), out, host.size() * sizeof(int), hipMemcpyDeviceToHost));
    int expected_count = (block + modulus - 1) / modulus;
    for (int b = 0; b < blocks; ++b) {
      const int* got = &host[b * 5];
      int expected[5] = {expected_count, 1, block == 1 ? 1 : 0, 1, 0};
      for (int k = 0; k < 5; ++k) {
        if ((got[k] != 0) != (expected[k] != 0) || (k == 0 && got[k] != expected[k])) {
          std::printf("sync_variants: block size %d, block %d, value %d: got %d, expected %d\n",
                      block, b, k, got[k], expected[k]);
          ++errors;
        }
      }
    }
    CHECK(hipFree(out));
  }
  const int tiles = 3;
  int* out;
  CHECK(hipMalloc(&out, tiles * 256 * sizeof(int)));
  transpose_tile<<<tiles, dim3(16, 16)>>>(out);
  CHECK_LAUNCH();
  std::vector<int> host(tiles * 256);
  CHECK(hipMemcpy(host.data(), out, host.size() * sizeof(int), hipMemcpyDeviceToHost));
  for (int b = 0; b < tiles; ++b)
    for (int y = 0; y < 16; ++y)
      for (int x = 0; x < 16; ++x)
        if (host[(b * 16 + y) * 16 + x] != x * 100 + y) ++errors;
  CHECK(hipFree(out));
  return finish("sync_variants", errors);
}
