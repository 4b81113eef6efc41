// hipCUB's BlockReduce and BlockScan where the order of the items matters and the storage is
// used back to back, the patterns of real programs (HeCBench's channelSum, adamw, topk):
// an associative operator that does not commute (composing affine maps x -> a*x + b modulo
// 2^32, an 8-byte item), a 2-D block (4 x 32 and 8 x 16: the rank is x-major), two
// reductions of one type into two storages with no barrier between them, num_valid of 1
// and of all but one, and BlockScan's inclusive and exclusive scans with a running prefix
// callback over several tiles; then WarpReduce and WarpScan with the same operator over
// logical warps of 32 and 8 lanes (valid_items, aggregates, an initial value). On the CPU
// device these collectives go through shared memory rather than warp shuffles
// (docs/libraries.md), so the order they combine items in is checked against the host's
// left fold.
#include "check.h"
#include <hipcub/hipcub.hpp>

struct Affine {
  unsigned a, b;
};

// first then second: x -> second.a * (first.a * x + first.b) + second.b.
struct Compose {
  __host__ __device__ Affine operator()(const Affine& first, const Affine& second) const {
    Affine r;
    r.a = second.a * first.a;
    r.b = second.a * first.b + second.b;
    return r;
  }
};

__host__ __device__ static Affine item_of(unsigned rank, unsigned block, unsigned round) {
  unsigned h = rank * 2654435761u ^ (block * 40503u + round * 977u);
  Affine r;
  r.a = (h | 1u) * 0x9E3779B1u;
  r.b = h >> 7;
  return r;
}

// A running prefix for BlockScan's callback: the first warp calls it with the tile's
// aggregate and lane 0's return value is the tile's prefix.
struct RunningPrefix {
  Affine running;
  __device__ Affine operator()(Affine aggregate) {
    Affine before = running;
    running = Compose()(running, aggregate);
    return before;
  }
};

enum { ROUNDS = 3, FIELDS = 6 + 2 * ROUNDS };

template <int X, int Y>
__global__ void ordered(Affine* out) {
  typedef hipcub::BlockReduce<Affine, X, hipcub::BLOCK_REDUCE_WARP_REDUCTIONS, Y> Reduce;
  typedef hipcub::BlockScan<Affine, X, hipcub::BLOCK_SCAN_RAKING, Y> Scan;
  __shared__ typename Reduce::TempStorage first_storage;
  __shared__ typename Reduce::TempStorage second_storage;
  __shared__ typename Scan::TempStorage scan_storage;
  const unsigned threads = X * Y;
  unsigned rank = threadIdx.y * X + threadIdx.x;
  Affine* r = out + (blockIdx.x * threads + rank) * FIELDS;
  Affine mine = item_of(rank, blockIdx.x, 0), other = item_of(rank, blockIdx.x, 1);
  // Two storages of one type, no barrier between (CUB allows it: they are different storage).
  Affine whole = Reduce(first_storage).Reduce(mine, Compose());
  Affine second = Reduce(second_storage).Reduce(other, Compose());
  // The results are defined in thread 0 only.
  if (rank == 0) {
    r[0] = whole;
    r[1] = second;
  }
  Affine one = Reduce(first_storage).Reduce(mine, Compose(), 1);
  __syncthreads();
  Affine most = Reduce(first_storage).Reduce(mine, Compose(), threads - 1);
  if (rank == 0) {
    r[2] = one;
    r[3] = most;
  }
  Affine inclusive, exclusive, aggregate;
  Scan(scan_storage).InclusiveScan(mine, inclusive, Compose());
  Scan(scan_storage).ExclusiveScan(other, exclusive, Compose(), aggregate);
  r[4] = inclusive;
  r[5] = rank == 0 ? aggregate : exclusive;  // thread 0's exclusive result is undefined
  RunningPrefix prefix;
  prefix.running.a = 1u;
  prefix.running.b = 0u;
  for (unsigned round = 0; round < ROUNDS; ++round) {
    Affine x = item_of(rank, blockIdx.x, 2 + round), in_tile, ex_tile;
    Scan(scan_storage).InclusiveScan(x, in_tile, Compose(), prefix);
    __syncthreads();
    Scan(scan_storage).ExclusiveScan(x, ex_tile, Compose(), prefix);
    __syncthreads();
    r[6 + 2 * round] = in_tile;
    r[7 + 2 * round] = ex_tile;
  }
}

enum { WARP_FIELDS = 5, WARP_THREADS = 96 };

template <int Width>
__global__ void warp_ordered(Affine* out) {
  typedef hipcub::WarpReduce<Affine, Width> Reduce;
  typedef hipcub::WarpScan<Affine, Width> Scan;
  __shared__ typename Reduce::TempStorage reduce_storage[WARP_THREADS / Width];
  __shared__ typename Scan::TempStorage scan_storage[WARP_THREADS / Width];
  unsigned rank = threadIdx.x, warp = rank / Width;
  Affine* r = out + rank * WARP_FIELDS;
  Affine mine = item_of(rank, 7, 0), initial = item_of(999, 7, 1);
  r[0] = Reduce(reduce_storage[warp]).Reduce(mine, Compose());
  r[1] = Reduce(reduce_storage[warp]).Reduce(mine, Compose(), Width / 2 + 1);
  Affine aggregate;
  Scan(scan_storage[warp]).InclusiveScan(mine, r[2], Compose(), aggregate);
  r[3] = aggregate;
  Scan(scan_storage[warp]).ExclusiveScan(mine, r[4], initial, Compose());
}

static long long check_warps(Affine* out, int width) {
  static Affine got[WARP_THREADS * WARP_FIELDS];
  CHECK(hipMemset(out, 0, sizeof got));
  if (width == 32) warp_ordered<32><<<1, WARP_THREADS>>>(out);
  else warp_ordered<8><<<1, WARP_THREADS>>>(out);
  CHECK_LAUNCH();
  CHECK(hipMemcpy(got, out, sizeof got, hipMemcpyDeviceToHost));
  const Affine identity = {1u, 0u};
  Compose op;
  long long errors = 0;
  for (unsigned t = 0; t < WARP_THREADS; ++t) {
    unsigned base = t - t % width, lane = t % width;
    Affine whole = identity, part = identity, inclusive = identity;
    Affine exclusive = item_of(999, 7, 1);
    for (unsigned k = 0; k < (unsigned)width; ++k) {
      Affine x = item_of(base + k, 7, 0);
      whole = op(whole, x);
      if (k < (unsigned)width / 2 + 1) part = op(part, x);
      if (k <= lane) inclusive = op(inclusive, x);
      if (k < lane) exclusive = op(exclusive, x);
    }
    Affine want[WARP_FIELDS] = {whole, part, inclusive, whole, exclusive};
    for (unsigned f = 0; f < WARP_FIELDS; ++f) {
      if (f < 2 && lane != 0) continue;  // a warp reduction's result is lane 0's
      const Affine& g = got[t * WARP_FIELDS + f];
      if ((g.a != want[f].a || g.b != want[f].b) && errors++ < 8)
        std::printf("warps of %d: thread %u field %u is (%u, %u), want (%u, %u)\n", width, t, f,
                    g.a, g.b, want[f].a, want[f].b);
    }
  }
  return errors;
}

// The host's answer: left folds in rank order.
static void expect(unsigned threads, unsigned block, Affine* want) {
  const Affine identity = {1u, 0u};
  Compose op;
  Affine whole = identity, second = identity, most = identity;
  for (unsigned k = 0; k < threads; ++k) {
    whole = op(whole, item_of(k, block, 0));
    second = op(second, item_of(k, block, 1));
    if (k + 1 < threads) most = op(most, item_of(k, block, 0));
  }
  // The prefix callback's running value: after round n's two scans it has taken the tile's
  // aggregate twice.
  Affine running = identity;
  Affine tile_prefix_in[ROUNDS], tile_prefix_ex[ROUNDS], tile_total[ROUNDS];
  for (unsigned round = 0; round < ROUNDS; ++round) {
    Affine total = identity;
    for (unsigned k = 0; k < threads; ++k) total = op(total, item_of(k, block, 2 + round));
    tile_total[round] = total;
    tile_prefix_in[round] = running;
    running = op(running, total);
    tile_prefix_ex[round] = running;
    running = op(running, total);
  }
  for (unsigned t = 0; t < threads; ++t) {
    Affine* r = want + (block * threads + t) * FIELDS;
    Affine inclusive = identity, exclusive = identity;
    for (unsigned k = 0; k <= t; ++k) inclusive = op(inclusive, item_of(k, block, 0));
    for (unsigned k = 0; k < t; ++k) exclusive = op(exclusive, item_of(k, block, 1));
    if (t == 0) {
      r[0] = whole;
      r[1] = second;
      r[2] = item_of(0, block, 0);
      r[3] = most;
    }
    r[4] = inclusive;
    r[5] = t == 0 ? second : exclusive;
    for (unsigned round = 0; round < ROUNDS; ++round) {
      Affine in_tile = tile_prefix_in[round], ex_tile = tile_prefix_ex[round];
      for (unsigned k = 0; k <= t; ++k) in_tile = op(in_tile, item_of(k, block, 2 + round));
      for (unsigned k = 0; k < t; ++k) ex_tile = op(ex_tile, item_of(k, block, 2 + round));
      r[6 + 2 * round] = in_tile;
      r[7 + 2 * round] = ex_tile;
    }
  }
}

int main() {
  print_device("hipcub_block_order");
  const unsigned blocks = 3, threads = 128;
  const size_t count = blocks * threads * FIELDS;
  Affine* out;
  CHECK(hipMalloc(&out, count * sizeof(Affine)));
  static Affine got[blocks * threads * FIELDS], want[blocks * threads * FIELDS];
  long long errors = 0;
  for (int shape = 0; shape < 2; ++shape) {
    CHECK(hipMemset(out, 0, count * sizeof(Affine)));
    if (shape == 0) ordered<4, 32><<<blocks, dim3(4, 32)>>>(out);
    else ordered<8, 16><<<blocks, dim3(8, 16)>>>(out);
    CHECK_LAUNCH();
    CHECK(hipMemcpy(got, out, count * sizeof(Affine), hipMemcpyDeviceToHost));
    for (unsigned b = 0; b < blocks; ++b) expect(threads, b, want);
    for (size_t i = 0; i < count; ++i) {
      unsigned field = (unsigned)(i % FIELDS), thread = (unsigned)(i / FIELDS % threads);
      if (field < 4 && thread != 0) continue;  // thread 0's results only
      if (got[i].a != want[i].a || got[i].b != want[i].b) {
        if (errors++ < 8)
          std::printf("shape %d: block %u thread %u field %u is (%u, %u), want (%u, %u)\n",
                      shape, (unsigned)(i / FIELDS / threads), thread, field, got[i].a,
                      got[i].b, want[i].a, want[i].b);
      }
    }
  }
  errors += check_warps(out, 32);
  errors += check_warps(out, 8);
  CHECK(hipFree(out));
  return finish("hipcub_block_order", errors);
}
