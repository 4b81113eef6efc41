// cooperative_groups::memcpy_async with wait and wait_prior (CUDA's
// <cooperative_groups/memcpy_async.h>): a block stages tiles of global memory in shared
// memory, with byte counts that are multiples of 16, of 4 and of neither, and a tile-sized
// group copies its own part.
#include "check.h"
#include <hip/hip_cooperative_groups.h>
#include <vector>

namespace cg = cooperative_groups;

constexpr int kBlock = 128;
constexpr int kTile = 512;  // ints staged per round

// out[i] = 2 * in[i] + (the ints of the round's tile summed by thread 0, for each round).
__global__ void staged(const int* in, int* out, int n, int* sums) {
  __shared__ int tile[kTile];
  cg::thread_block block = cg::this_thread_block();
  for (int base = 0, round = 0; base < n; base += kTile, ++round) {
    int count = n - base < kTile ? n - base : kTile;
    cg::memcpy_async(block, tile, in + base, sizeof(int) * count);
    cg::wait(block);
    for (int i = block.thread_rank(); i < count; i += block.num_threads())
      out[base + i] = 2 * tile[i];
    if (block.thread_rank() == 0) {
      int sum = 0;
      for (int i = 0; i < count; ++i) sum += tile[i];
      sums[round] = sum;
    }
    block.sync();
  }
}

// Byte copies of odd lengths through a warp-sized tile, with wait_prior<0>.
__global__ void odd_bytes(const char* in, char* out, int bytes) {
  __shared__ char staging[1000];
  cg::thread_block block = cg::this_thread_block();
  cg::thread_block_tile<32> tile = cg::tiled_partition<32>(block);
  if (tile.meta_group_rank() == 0) {
    cg::memcpy_async(tile, staging, in, (size_t)bytes);
    cg::wait_prior<0>(tile);
    for (int i = tile.thread_rank(); i < bytes; i += 32) out[i] = staging[i] + 1;
  }
}

int main() {
  print_device("cg_memcpy_async");
  int failures = 0;
  for (int n : {2048, 1500, 1027}) {
    std::vector<int> in(n);
    unsigned long long seed = (unsigned long long)n;
    for (int& value : in) value = (int)(next_random(&seed) % 1000);
    int rounds = (n + kTile - 1) / kTile;
    int *d_in, *d_out, *d_sums;
    CHECK(hipMalloc(&d_in, n * sizeof(int)));
    CHECK(hipMalloc(&d_out, n * sizeof(int)));
    CHECK(hipMalloc(&d_sums, rounds * sizeof(int)));
    CHECK(hipMemcpy(d_in, in.data(), n * sizeof(int), hipMemcpyHostToDevice));
    staged<<<1, kBlock>>>(d_in, d_out, n, d_sums);
    CHECK_LAUNCH();
    std::vector<int> out(n), sums(rounds);
    CHECK(hipMemcpy(out.data(), d_out, n * sizeof(int), hipMemcpyDeviceToHost));
    CHECK(hipMemcpy(sums.data(), d_sums, rounds * sizeof(int), hipMemcpyDeviceToHost));
    for (int i = 0; i < n; ++i) {
      if (out[i] != 2 * in[i] && failures++ < 5)
        std::printf("staged n=%d: element %d: %d, expected %d\n", n, i, out[i], 2 * in[i]);
    }
    for (int r = 0; r < rounds; ++r) {
      int sum = 0;
      for (int i = r * kTile; i < n && i < (r + 1) * kTile; ++i) sum += in[i];
      if (sums[r] != sum && failures++ < 5)
        std::printf("staged n=%d: round %d sum %d, expected %d\n", n, r, sums[r], sum);
    }
    CHECK(hipFree(d_in));
    CHECK(hipFree(d_out));
    CHECK(hipFree(d_sums));
  }
  const int bytes = 997;
  std::vector<char> in(bytes), out(bytes);
  for (int i = 0; i < bytes; ++i) in[i] = (char)(i * 7);
  char *d_in, *d_out;
  CHECK(hipMalloc(&d_in, bytes + 1));
  CHECK(hipMalloc(&d_out, bytes));
  // One byte in, so that neither pointer is 4-byte aligned.
  CHECK(hipMemcpy(d_in + 1, in.data(), bytes, hipMemcpyHostToDevice));
  odd_bytes<<<1, 64>>>(d_in + 1, d_out, bytes);
  CHECK_LAUNCH();
  CHECK(hipMemcpy(out.data(), d_out, bytes, hipMemcpyDeviceToHost));
  for (int i = 0; i < bytes; ++i) {
    if (out[i] != (char)(in[i] + 1) && failures++ < 5)
      std::printf("odd_bytes: byte %d: %d, expected %d\n", i, out[i], (char)(in[i] + 1));
  }
  CHECK(hipFree(d_in));
  CHECK(hipFree(d_out));
  if (failures) {
    std::printf("cg_memcpy_async: FAILED (%d)\n", failures);
    return 1;
  }
  std::printf("cg_memcpy_async: PASSED\n");
  return 0;
}
