// Some warps of a block shuffle while the others wait at a barrier: a block scan's second
// step (the first warp scans the warps' totals), and variants in which the shuffling warps
// are in the middle of the block, the last (partial) warp, or a whole 2-D row of warps, with
// block shapes whose rows hold part of a warp or several. On the CPU target these are the
// phases the group entry point runs over the shuffling warps alone, with the whole-group
// exchange on just those warps (codegen::cpu, "the box"); on a GPU they are ordinary kernels.
#include "check.h"
#include <vector>

constexpr unsigned kFull = 0xffffffffu;

// Inclusive scan of each block: each warp scans its values (shfl_up), the warps' totals go to
// shared memory, the warps `first_warp` to `first_warp + warps - 1` scan them (the others
// wait at the barrier), and everyone adds the total of the warps before it.
template <bool reverse>
__global__ void subset_scan(const int* in, int* out, int first_warp, int warps) {
  __shared__ int totals[32];
  __shared__ int prefix[32];
  const int size = blockDim.x * blockDim.y * blockDim.z;
  const int linear = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
  const int block = blockIdx.x;
  const int lane = linear % 32, warp = linear / 32;
  const int nwarps = (size + 31) / 32;
  // The last warp may be partial: its shuffles name only the lanes that exist.
  const int width = warp == nwarps - 1 && size % 32 ? size % 32 : 32;
  const unsigned mask = width == 32 ? kFull : (1u << width) - 1u;
  int x = in[block * size + linear];
  for (int delta = 1; delta < 32; delta *= 2) {
    int y = __shfl_up_sync(mask, x, delta);
    if (lane >= delta) x += y;
  }
  if (lane == width - 1) totals[warp] = x;
  __syncthreads();
  if (warp >= first_warp && warp < first_warp + warps) {
    // Each chosen warp scans the warps' totals into inclusive prefixes: with shfl_up, or,
    // when `reverse`, with shfl_down over the totals in reverse order. A partial warp's
    // lanes past the block are not there: its sums are not published (the value a lane
    // reads from a missing lane is not used).
    int t = lane < nwarps ? totals[reverse ? nwarps - 1 - lane : lane] : 0;
    for (int delta = 1; delta < 32; delta *= 2) {
      int y = reverse ? __shfl_down_sync(mask, t, delta) : __shfl_up_sync(mask, t, delta);
      if (reverse ? lane + delta < width : lane >= delta) t += y;
    }
    // The first chosen warp, always a whole one, publishes.
    if (warp == first_warp && lane < nwarps) prefix[reverse ? nwarps - 1 - lane : lane] = t;
  }
  __syncthreads();
  out[block * size + linear] = x + (warp > 0 ? prefix[warp - 1] : 0);
}

static int check(const char* name, dim3 block, int blocks, int first_warp, int warps,
                 int reverse) {
  const int size = block.x * block.y * block.z;
  const int n = size * blocks;
  std::vector<int> host(n), got(n, -1);
  unsigned long long seed = 7 + size + first_warp * 31 + warps;
  for (int& v : host) v = (int)(next_random(&seed) % 19) - 9;
  int *in, *out;
  CHECK(hipMalloc(&in, n * sizeof(int)));
  CHECK(hipMalloc(&out, n * sizeof(int)));
  CHECK(hipMemcpy(in, host.data(), n * sizeof(int), hipMemcpyHostToDevice));
  // Direction as a template argument: each shuffle's kind, distance and width are then
  // constants, which is what the CPU target's whole-group exchange takes.
  if (reverse)
    subset_scan<true><<<blocks, block>>>(in, out, first_warp, warps);
  else
    subset_scan<false><<<blocks, block>>>(in, out, first_warp, warps);
  CHECK_LAUNCH();
  CHECK(hipMemcpy(got.data(), out, n * sizeof(int), hipMemcpyDeviceToHost));
  CHECK(hipFree(in));
  CHECK(hipFree(out));
  int bad = 0;
  for (int b = 0; b < blocks; ++b) {
    int running = 0;
    for (int i = 0; i < size; ++i) {
      running += host[b * size + i];
      if (got[b * size + i] != running && bad++ < 3)
        std::printf("%s: block %d item %d: %d, expected %d\n", name, b, i, got[b * size + i],
                    running);
    }
  }
  return bad;
}

int main() {
  print_device("warp_subset_scan");
  int bad = 0;
  // The first warp of a 1-D block (a block scan's second step), up and down.
  bad += check("first warp", dim3(256), 37, 0, 1, 0);
  bad += check("first warp, down", dim3(256), 37, 0, 1, 1);
  // Warps in the middle, and two together.
  bad += check("warps 2-3", dim3(256), 21, 2, 2, 0);
  bad += check("warp 5, down", dim3(192), 21, 5, 1, 1);
  // A block whose last warp is partial: whole warps before it shuffle, then the last two,
  // up and down (the run of shuffling lanes ends at the block's end).
  bad += check("before the partial warp", dim3(200), 13, 4, 2, 0);
  bad += check("with the partial warp", dim3(200), 13, 5, 2, 0);
  bad += check("with the partial warp, down", dim3(200), 13, 5, 2, 1);
  // 2-D blocks: rows of 16 (a warp spans two rows), of 64 (two warps a row), of 32.
  bad += check("rows of 16", dim3(16, 16), 11, 0, 1, 0);
  bad += check("rows of 64", dim3(64, 4), 11, 1, 2, 1);
  bad += check("rows of 32", dim3(32, 3, 2), 11, 3, 1, 0);
  // Every warp shuffles (no one waits).
  bad += check("all warps", dim3(128), 9, 0, 4, 0);
  if (bad) {
    std::printf("warp_subset_scan: FAILED (%d wrong)\n", bad);
    return 1;
  }
  std::printf("warp_subset_scan: PASSED\n");
  return 0;
}
