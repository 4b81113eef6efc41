// hipCUB's warp and block collectives (oxhip's portable hipcub/hipcub.hpp) against the host:
// WarpReduce and WarpScan over logical warps of 32, 16 and 4 threads (partial warps with
// valid_items), BlockReduce and BlockScan for a 256-thread block and a 200-thread one (not a
// multiple of a warp), with Sum, Max, num_valid, items per thread and the temp-storage
// convention.
#include "check.h"
#include <hipcub/hipcub.hpp>

enum { FIELDS = 16 };
static const int SKIP = -2147483647 - 1;

__device__ int value_of(unsigned int rank, unsigned int block) {
  return (int)((rank * 37u + block * 11u) % 101u) - 50;
}

template <int Width>
__device__ void warp_part(int* r, int v, unsigned int rank) {
  typedef hipcub::WarpReduce<int, Width> Reduce;
  typedef hipcub::WarpScan<int, Width> Scan;
  __shared__ typename Reduce::TempStorage reduce_storage[1024 / Width];
  __shared__ typename Scan::TempStorage scan_storage[1024 / Width];
  unsigned int warp = rank / Width;
  r[0] = Reduce(reduce_storage[warp]).Sum(v);
  r[1] = Reduce(reduce_storage[warp]).Reduce(v, hipcub::Max());
  r[2] = Reduce(reduce_storage[warp]).Sum(v, Width / 2 + 1);
  int inclusive, exclusive, aggregate;
  Scan(scan_storage[warp]).InclusiveSum(v, inclusive);
  Scan(scan_storage[warp]).ExclusiveSum(v, exclusive, aggregate);
  r[3] = inclusive;
  r[4] = exclusive;
  r[5] = aggregate;
  int scanned;
  Scan(scan_storage[warp]).ExclusiveScan(v, scanned, -1000, hipcub::Max());
  r[6] = scanned;
}

template <int Threads>
__global__ void collectives(int* out) {
  typedef hipcub::BlockReduce<int, Threads> Reduce;
  typedef hipcub::BlockScan<int, Threads> Scan;
  __shared__ typename Reduce::TempStorage reduce_storage;
  __shared__ typename Scan::TempStorage scan_storage;
  unsigned int rank = threadIdx.x;
  int v = value_of(rank, blockIdx.x);
  int* r = out + (blockIdx.x * Threads + rank) * FIELDS;
  warp_part<32>(r, v, rank);
  r[7] = Reduce(reduce_storage).Sum(v);
  r[8] = Reduce(reduce_storage).Reduce(v, hipcub::Max());
  r[9] = Reduce(reduce_storage).Sum(v, Threads / 3);
  int items[4] = {v, v + 1, 2 * v, -v};
  r[10] = Reduce(reduce_storage).Sum(items);
  int inclusive, exclusive, aggregate;
  Scan(scan_storage).InclusiveSum(v, inclusive);
  Scan(scan_storage).ExclusiveSum(v, exclusive, aggregate);
  r[11] = inclusive;
  r[12] = exclusive;
  r[13] = aggregate;
  int scanned;
  Scan(scan_storage).ExclusiveScan(v, scanned, -1000, hipcub::Max());
  r[14] = scanned;
  int item_out[4];
  Scan(scan_storage).ExclusiveSum(items, item_out);
  r[15] = item_out[2];
}

template <int Width>
__global__ void small_warps(int* out) {
  unsigned int rank = threadIdx.x;
  warp_part<Width>(out + rank * FIELDS, value_of(rank, 0), rank);
}

static int host_value(unsigned int rank, unsigned int block) {
  return (int)((rank * 37u + block * 11u) % 101u) - 50;
}

static void host_warp(int width, unsigned int rank, unsigned int block, int* r) {
  unsigned int base = rank & ~(unsigned)(width - 1), lane = rank & (width - 1);
  int sum = 0, top = -1000, partial = 0, inclusive = 0, exclusive = 0, scanned = -1000;
  for (int k = 0; k < width; ++k) {
    int x = host_value(base + k, block);
    sum += x;
    top = x > top ? x : top;
    if (k < width / 2 + 1) partial += x;
    if ((unsigned)k <= lane) inclusive += x;
    if ((unsigned)k < lane) {
      exclusive += x;
      scanned = x > scanned ? x : scanned;
    }
  }
  int want[7] = {sum, top, partial, inclusive, exclusive, sum, scanned};
  for (int k = 0; k < 7; ++k) r[k] = want[k];
}

static void host_block(int threads, unsigned int block, int* want) {
  for (int t = 0; t < threads; ++t) {
    int* r = want + (block * threads + t) * FIELDS;
    host_warp(32, t, block, r);
    // The last logical warp of a 200-thread block holds 8 threads: CUB defines warp
    // collectives for whole warps only, so those are not checked there.
    if ((t & ~31) + 32 > threads)
      for (int k = 0; k < 7; ++k) r[k] = SKIP;
    int sum = 0, top = -1000, partial = 0, items = 0, inclusive = 0, exclusive = 0,
        scanned = -1000, item_exclusive = 0;
    for (int k = 0; k < threads; ++k) {
      int x = host_value(k, block);
      sum += x;
      top = x > top ? x : top;
      if (k < threads / 3) partial += x;
      items += x + (x + 1) + 2 * x - x;
      if (k <= t) inclusive += x;
      if (k < t) {
        exclusive += x;
        scanned = x > scanned ? x : scanned;
        item_exclusive += x + (x + 1) + 2 * x - x;
      }
    }
    int x = host_value(t, block);
    int want_block[9] = {sum, top, partial, items, inclusive, exclusive, sum, scanned,
                         item_exclusive + x + (x + 1)};
    for (int k = 0; k < 9; ++k) r[7 + k] = want_block[k];
  }
}

int main() {
  print_device("hipcub_collectives");
  const int blocks = 3;
  int* out;
  CHECK(hipMalloc(&out, blocks * 256 * FIELDS * sizeof(int)));
  static int got[blocks * 256 * FIELDS], want[blocks * 256 * FIELDS];
  long long errors = 0;
  for (int threads : {256, 200}) {
    if (threads == 256) collectives<256><<<blocks, 256>>>(out);
    else collectives<200><<<blocks, 200>>>(out);
    CHECK_LAUNCH();
    CHECK(hipMemcpy(got, out, blocks * threads * FIELDS * sizeof(int), hipMemcpyDeviceToHost));
    for (int b = 0; b < blocks; ++b) host_block(threads, b, want);
    for (int i = 0; i < blocks * threads * FIELDS; ++i)
      if (want[i] != SKIP && got[i] != want[i] && errors++ < 8)
        std::printf("block of %d: thread %d field %d is %d, want %d\n", threads, i / FIELDS,
                    i % FIELDS, got[i], want[i]);
  }
  for (int width : {16, 4}) {
    if (width == 16) small_warps<16><<<1, 64>>>(out);
    else small_warps<4><<<1, 64>>>(out);
    CHECK_LAUNCH();
    CHECK(hipMemcpy(got, out, 64 * FIELDS * sizeof(int), hipMemcpyDeviceToHost));
    for (int t = 0; t < 64; ++t) {
      int r[7];
      host_warp(width, t, 0, r);
      for (int k = 0; k < 7; ++k)
        if (got[t * FIELDS + k] != r[k] && errors++ < 8)
          std::printf("warp of %d: thread %d field %d is %d, want %d\n", width, t, k,
                      got[t * FIELDS + k], r[k]);
    }
  }
  CHECK(hipFree(out));
  return finish("hipcub_collectives", errors);
}
