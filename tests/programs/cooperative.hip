// Cooperative groups: thread_block sync and indices, thread_block_tile shuffles and
// votes, and a grid-wide barrier under hipLaunchCooperativeKernel that makes a
// two-phase exchange between blocks correct.
#include "check.h"
#include <hip/hip_cooperative_groups.h>

namespace cg = cooperative_groups;

constexpr int kBlock = 128;
constexpr int kTile = 16;

// Per thread: [0] reversed value through shared memory, [1] tile sum, [2] tile ballot,
// [3] any, [4] all, [5] tile rank, [6] meta group rank, [7] group_index().x.
constexpr int kFields = 8;

__global__ void block_and_tiles(unsigned long long* out) {
  cg::thread_block block = cg::this_thread_block();
  __shared__ int values[kBlock];
  unsigned int rank = block.thread_rank();
  values[rank] = (int)rank * 3;
  block.sync();
  int reversed = values[block.size() - 1 - rank];
  cg::thread_block_tile<kTile> tile = cg::tiled_partition<kTile>(block);
  int sum = (int)rank;
  for (unsigned int offset = kTile / 2; offset > 0; offset /= 2) sum += tile.shfl_down(sum, offset);
  sum = tile.shfl(sum, 0);
  unsigned long long votes = tile.ballot(rank % 2 == 0);
  int any = tile.any(rank == 5);
  int all = tile.all(rank < kBlock);
  tile.sync();
  unsigned long long* slot =
      out + ((unsigned long long)block.group_index().x * kBlock + rank) * kFields;
  slot[0] = (unsigned long long)reversed;
  slot[1] = (unsigned long long)sum;
  slot[2] = votes;
  slot[3] = (unsigned long long)any;
  slot[4] = (unsigned long long)all;
  slot[5] = tile.thread_rank();
  slot[6] = tile.meta_group_rank();
  slot[7] = block.group_index().x;
}

// Each round: every thread writes its slot, the grid synchronises, then every thread
// reads a slot written by the next block. Without a grid-wide barrier the reads see
// the previous round's (or the initial) values.
__global__ void exchange(int* a, long long* sums, int rounds, unsigned long long* ranks) {
  cg::grid_group grid = cg::this_grid();
  unsigned long long me = grid.thread_rank();
  unsigned long long n = grid.size();
  ranks[me] = me;
  long long total = 0;
  for (int round = 1; round <= rounds; ++round) {
    a[me] = (int)me * round + 1;
    grid.sync();
    unsigned long long other = (me + blockDim.x) % n;
    total += a[other];
    grid.sync();
  }
  sums[me] = total;
}

int main() {
  print_device("cooperative");
  long long errors = 0;

  const int blocks = 3;
  unsigned long long* out;
  size_t out_count = (size_t)blocks * kBlock * kFields;
  CHECK(hipMalloc(&out, out_count * sizeof(unsigned long long)));
  block_and_tiles<<<blocks, kBlock>>>(out);
  CHECK_LAUNCH();
  unsigned long long* host = new unsigned long long[out_count];
  CHECK(hipMemcpy(host, out, out_count * sizeof(unsigned long long), hipMemcpyDeviceToHost));
  for (int b = 0; b < blocks; ++b) {
    for (int r = 0; r < kBlock; ++r) {
      const unsigned long long* slot = host + ((size_t)b * kBlock + r) * kFields;
      int base = r & ~(kTile - 1);
      unsigned long long expected[kFields] = {
          (unsigned long long)((kBlock - 1 - r) * 3),
          (unsigned long long)(kTile * base + kTile * (kTile - 1) / 2),
          0x5555ull,
          (unsigned long long)(base == 0),
          1ull,
          (unsigned long long)(r % kTile),
          (unsigned long long)(r / kTile),
          (unsigned long long)b};
      for (int f = 0; f < kFields; ++f) {
        if (slot[f] != expected[f]) {
          if (errors < 10)
            std::fprintf(stderr, "block %d thread %d field %d: %llu, expected %llu\n", b, r, f,
                         slot[f], expected[f]);
          ++errors;
        }
      }
    }
  }
  delete[] host;
  CHECK(hipFree(out));

  const int grid_blocks = 4, threads = 64, rounds = 5;
  const int n = grid_blocks * threads;
  int* a;
  long long* sums;
  unsigned long long* ranks;
  CHECK(hipMalloc(&a, n * sizeof(int)));
  CHECK(hipMalloc(&sums, n * sizeof(long long)));
  CHECK(hipMalloc(&ranks, n * sizeof(unsigned long long)));
  CHECK(hipMemset(a, 0, n * sizeof(int)));
  int round_count = rounds;
  void* args[] = {&a, &sums, &round_count, &ranks};
  CHECK(hipLaunchCooperativeKernel(exchange, dim3(grid_blocks), dim3(threads), args, 0, 0));
  CHECK_LAUNCH();
  long long* host_sums = new long long[n];
  unsigned long long* host_ranks = new unsigned long long[n];
  CHECK(hipMemcpy(host_sums, sums, n * sizeof(long long), hipMemcpyDeviceToHost));
  CHECK(hipMemcpy(host_ranks, ranks, n * sizeof(unsigned long long), hipMemcpyDeviceToHost));
  for (int me = 0; me < n; ++me) {
    long long other = (me + threads) % n, expected = 0;
    for (int round = 1; round <= rounds; ++round) expected += other * round + 1;
    if (host_sums[me] != expected || host_ranks[me] != (unsigned long long)me) {
      if (errors < 10)
        std::fprintf(stderr, "thread %d: sum %lld (expected %lld), rank %llu\n", me,
                     host_sums[me], expected, host_ranks[me]);
      ++errors;
    }
  }
  delete[] host_sums;
  delete[] host_ranks;

  // A grid that cannot be resident at once is refused.
  hipError_t too_large =
      hipLaunchCooperativeKernel(exchange, dim3(1 << 20), dim3(1024), args, 0, 0);
  if (too_large != hipErrorCooperativeLaunchTooLarge) {
    std::fprintf(stderr, "oversized cooperative launch: %s\n", hipGetErrorName(too_large));
    ++errors;
  }
  (void)hipGetLastError();

  CHECK(hipFree(a));
  CHECK(hipFree(sums));
  CHECK(hipFree(ranks));
  return finish("cooperative", errors);
}
