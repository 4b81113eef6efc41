// Warp shuffles and votes: __shfl, __shfl_up, __shfl_down, __shfl_xor (int,
// float, 64-bit), __ballot, __any, __all and __activemask, checked lane by lane
// against what the lane numbers say. Works for any warpSize (32 or 64).
#include "check.h"
#include <vector>

constexpr int kBlock = 256;
constexpr int kChecks = 10;

__global__ void warp_ops(int* out) {
  int lane = threadIdx.x % warpSize;
  int* mine = out + (blockIdx.x * blockDim.x + threadIdx.x) * kChecks;
  mine[0] = __shfl(lane * 3, 0);                       // broadcast lane 0
  mine[1] = __shfl_up(lane, 1);                        // lane - 1, lane 0 keeps its own
  mine[2] = __shfl_down(lane, 2);                      // lane + 2 within the warp
  mine[3] = __shfl_xor(lane, 1);                       // pairwise swap
  mine[4] = (int)__shfl_xor((float)lane + 0.5f, 3);    // float payload
  long long wide = ((long long)lane << 40) | lane;
  mine[5] = (int)(__shfl(wide, (lane + 1) % warpSize) >> 40);  // 64-bit payload
  unsigned long long odd = __ballot(lane & 1);
  mine[6] = __popcll(odd);
  mine[7] = __any(lane == 5);
  mine[8] = __all(lane < warpSize);
  // Reduction over the warp with __shfl_down, the usual pattern.
  int sum = lane;
  for (int offset = warpSize / 2; offset > 0; offset /= 2) sum += __shfl_down(sum, offset);
  mine[9] = __shfl(sum, 0);
}

int main() {
  print_device("warp");
  int device = 0;
  CHECK(hipGetDevice(&device));
  hipDeviceProp_t props;
  CHECK(hipGetDeviceProperties(&props, device));
  const int warp = props.warpSize;
  const int blocks = 3, n = blocks * kBlock;
  int* out;
  CHECK(hipMalloc(&out, n * kChecks * sizeof(int)));
  warp_ops<<<blocks, kBlock>>>(out);
  CHECK_LAUNCH();
  std::vector<int> host(n * kChecks);
  CHECK(hipMemcpy(host.data(), out, host.size() * sizeof(int), hipMemcpyDeviceToHost));
  long long errors = 0;
  for (int t = 0; t < n; ++t) {
    int lane = (t % kBlock) % warp;
    const int* got = &host[t * kChecks];
    int expected[kChecks] = {
        0,
        lane == 0 ? 0 : lane - 1,
        lane + 2 < warp ? lane + 2 : lane,
        lane ^ 1,
        lane ^ 3,
        (lane + 1) % warp,
        warp / 2,
        1,
        1,
        warp * (warp - 1) / 2,
    };
    for (int k = 0; k < kChecks; ++k) {
      if (got[k] != expected[k]) {
        if (errors < 10)
          std::printf("warp: thread %d check %d: got %d, expected %d\n", t, k, got[k],
                      expected[k]);
        ++errors;
      }
    }
  }
  CHECK(hipFree(out));
  return finish("warp", errors);
}
