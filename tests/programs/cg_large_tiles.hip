// Cooperative-groups tiles larger than a warp (CUDA's tiles of 64 to 1024 threads, declared
// with block_tile_memory): ranks, meta-group ranks, sync among a tile's threads, shuffles,
// any/all/ballot/match_any, and reduce and the scans over 64-, 128-, 256- and 1024-thread
// tiles, checked against the host. Both of CUDA's block_tile_memory spellings are used.
#include "check.h"
#include <hip/hip_cooperative_groups.h>

namespace cg = cooperative_groups;

enum { FIELDS = 10 };

template <unsigned int Size>
__device__ void tile_work(int* out, unsigned int block_rank) {
  cg::thread_block block = cg::this_thread_block();
  cg::thread_block_tile<Size> tile = cg::tiled_partition<Size>(block);
  __shared__ int staged[1024];
  int value = (int)((block_rank * 7 + blockIdx.x) % 13) - 3;
  int* r = out + (blockIdx.x * blockDim.x + block_rank) * FIELDS;
  r[0] = (int)tile.thread_rank();
  r[1] = (int)tile.meta_group_rank() * 1000 + (int)tile.meta_group_size();
  // Each thread writes its slot; after the tile's sync it reads its mirror in the tile.
  staged[block_rank] = value;
  tile.sync();
  r[2] = staged[(block_rank & ~(Size - 1)) + (Size - 1 - tile.thread_rank())];
  tile.sync();
  r[3] = tile.shfl(value, 5);
  r[4] = tile.shfl_down(value, 3) + 100 * tile.shfl_xor(value, Size / 2);
  r[5] = cg::reduce(tile, value, cg::plus<int>());
  r[6] = cg::inclusive_scan(tile, value);
  r[7] = cg::exclusive_scan(tile, value, cg::greater<int>());
  r[8] = tile.any(value == 9) * 10 + tile.all(value > -4);
  r[9] = cg::reduce(tile, value, cg::greater<int>());
}

__global__ void tiles64(int* out, unsigned long long* masks) {
  __shared__ cg::block_tile_memory<256> memory;
  cg::thread_block block = cg::this_thread_block(memory);
  tile_work<64>(out, block.thread_rank());
  cg::thread_block_tile<64> tile = cg::tiled_partition<64>(block);
  int value = (int)((block.thread_rank() * 7 + blockIdx.x) % 13) - 3;
  masks[(blockIdx.x * blockDim.x + block.thread_rank()) * 2] = tile.ballot(value > 0);
  masks[(blockIdx.x * blockDim.x + block.thread_rank()) * 2 + 1] = tile.match_any(value % 3);
}
__global__ void tiles128(int* out) {
  __shared__ cg::block_tile_memory<4, 256> memory;  // CUDA 11's spelling
  tile_work<128>(out, cg::this_thread_block(memory).thread_rank());
}
__global__ void tiles256(int* out) { tile_work<256>(out, cg::this_thread_block().thread_rank()); }
__global__ void tiles1024(int* out) { tile_work<1024>(out, cg::this_thread_block().thread_rank()); }

static void host_tile(unsigned int size, unsigned int block, unsigned int threads, int* want) {
  for (unsigned int t = 0; t < threads; ++t) {
    unsigned int base = t & ~(size - 1), rank = t & (size - 1);
    auto value = [&](unsigned int at) { return (int)((at * 7 + block) % 13) - 3; };
    int* r = want + (block * threads + t) * FIELDS;
    r[0] = (int)rank;
    r[1] = (int)(t / size) * 1000 + (int)((threads + size - 1) / size);
    r[2] = value(base + size - 1 - rank);
    r[3] = value(base + 5);
    int down = rank + 3 < size ? value(base + rank + 3) : value(t);
    r[4] = down + 100 * value(base + (rank ^ (size / 2)));
    int sum = 0, inclusive = 0, top = -1000, before = -2147483647 - 1, any9 = 0, all = 1;
    for (unsigned int k = 0; k < size; ++k) {
      int v = value(base + k);
      sum += v;
      if (k <= rank) inclusive += v;
      if (k < rank && v > before) before = v;
      top = v > top ? v : top;
      any9 |= v == 9;
      all &= v > -4;
    }
    r[5] = sum;
    r[6] = inclusive;
    r[7] = rank == 0 ? -2147483647 - 1 : before;
    r[8] = any9 * 10 + all;
    r[9] = top;
  }
}

int main() {
  print_device("cg_large_tiles");
  const int blocks = 3;
  int* out;
  unsigned long long* masks;
  CHECK(hipMalloc(&out, blocks * 1024 * FIELDS * sizeof(int)));
  CHECK(hipMalloc(&masks, blocks * 256 * 2 * sizeof(unsigned long long)));
  static int got[blocks * 1024 * FIELDS], want[blocks * 1024 * FIELDS];
  static unsigned long long host_masks[blocks * 256 * 2];
  long long errors = 0;
  const unsigned int sizes[] = {64, 128, 256, 1024};
  for (unsigned int size : sizes) {
    unsigned int threads = size == 1024 ? 1024 : 256;
    if (size == 64) tiles64<<<blocks, threads>>>(out, masks);
    if (size == 128) tiles128<<<blocks, threads>>>(out);
    if (size == 256) tiles256<<<blocks, threads>>>(out);
    if (size == 1024) tiles1024<<<blocks, threads>>>(out);
    CHECK_LAUNCH();
    CHECK(hipMemcpy(got, out, blocks * threads * FIELDS * sizeof(int), hipMemcpyDeviceToHost));
    for (unsigned int b = 0; b < blocks; ++b) host_tile(size, b, threads, want);
    for (unsigned int i = 0; i < blocks * threads * FIELDS; ++i)
      if (got[i] != want[i] && errors++ < 8)
        std::printf("tile %u: thread %u field %u is %d, want %d\n", size, i / FIELDS, i % FIELDS,
                    got[i], want[i]);
    if (size == 64) {
      CHECK(hipMemcpy(host_masks, masks, sizeof host_masks, hipMemcpyDeviceToHost));
      for (unsigned int b = 0; b < blocks; ++b)
        for (unsigned int t = 0; t < 256; ++t) {
          unsigned long long ballot = 0, match = 0;
          unsigned int base = t & ~63u;
          int mine = (int)((t * 7 + b) % 13) - 3;
          for (unsigned int k = 0; k < 64; ++k) {
            int v = (int)(((base + k) * 7 + b) % 13) - 3;
            if (v > 0) ballot |= 1ull << k;
            if (v % 3 == mine % 3) match |= 1ull << k;
          }
          const unsigned long long* m = host_masks + (b * 256 + t) * 2;
          if ((m[0] != ballot || m[1] != match) && errors++ < 8)
            std::printf("tile 64: thread %u ballot %llx match %llx, want %llx %llx\n", t, m[0],
                        m[1], ballot, match);
        }
    }
  }
  CHECK(hipFree(out));
  CHECK(hipFree(masks));
  return finish("cg_large_tiles", errors);
}
