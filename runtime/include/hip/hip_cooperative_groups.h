/* oxhip: cooperative groups (namespace cooperative_groups), for amdgcn, nvptx and the
 * CPU target. Self-sufficient: includes hip/hip_runtime.h; CUDA's <cooperative_groups.h>
 * becomes this header through hipify, and what CUDA splits into
 * <cooperative_groups/reduce.h>, <cooperative_groups/scan.h> and
 * <cooperative_groups/memcpy_async.h> (memcpy_async, wait, wait_prior; reduce, inclusive_scan,
 * exclusive_scan and the operator objects) is here too.
 *
 * - thread_group: the type-erased group every other group converts to (by copy); its
 *   size(), thread_rank(), sync() and meta_group_* dispatch on the kind of group.
 * - thread_block: the work-group; sync() is __syncthreads().
 * - grid_group: every thread of the launch; sync() is a grid-wide barrier, which only
 *   completes when all blocks are resident, i.e. under hipLaunchCooperativeKernel.
 *   On GPUs it is a generation barrier on a device variable: thread 0 of each block
 *   counts its block in with a device-scope atomic and waits for the last block to bump
 *   the generation; the block's other threads wait at __syncthreads. On the CPU target the
 *   runtime's barrier does the same across the groups' OS threads.
 * - multi_grid_group: one grid on one device (num_grids() is 1); sync() is the grid's.
 * - thread_block_tile<N> from tiled_partition<N> (N a power of two, at most warpSize):
 *   N consecutive lanes of one warp, aligned to N. Its ballot and match masks have one
 *   bit per thread rank of the tile. N may also be larger than a warp, up to 1024 (CUDA's
 *   large tiles, with block_tile_memory): N consecutive threads of the block (see
 *   __oxhip_large_tile_sync for their barrier).
 * - tiled_partition(group, n): the same as a thread_group; for n above warpSize, a tile
 *   of n consecutive threads of the block whose sync() is the block barrier (so every
 *   tile of the block must synchronise at the same point).
 * - coalesced_group from coalesced_threads() (the active lanes of the warp),
 *   binary_partition, labeled_partition and tiled_partition of a coalesced group: any set
 *   of lanes of one warp, ranked in lane order; its ballot and match masks are packed
 *   by rank too.
 * - invoke_one and invoke_one_broadcast on tiles and coalesced groups.
 * On the CPU target every warp-level operation is an exchange among all live lanes of
 * the warp (see hip/oxhip/warp.h): groups of one warp may run side by side only while
 * every lane of the warp keeps doing warp operations, or has exited.
 */
#ifndef HIP_HIP_COOPERATIVE_GROUPS_H
#define HIP_HIP_COOPERATIVE_GROUPS_H
/* HIP's own guard as well: code tests it, and oxhipify writes it for CUDA's. */
#define HIP_INCLUDE_HIP_HIP_COOPERATIVE_GROUP_H
/* In a CUDA compile (oxhip's translation of a .cu, __OXHIP_CUDA_SOURCE__), this header
 * stands in for CUDA's cooperative_groups.h, cooperative_groups/reduce.h, scan.h and
 * memcpy_async.h, whose declarations are all here, and defines their guards together
 * (driver/src/cuda_headers.rs). */
#ifdef __OXHIP_CUDA_SOURCE__
#define _COOPERATIVE_GROUPS_H_
#define _COOPERATIVE_GROUPS_REDUCE_H
#define _COOPERATIVE_GROUPS_SCAN_H
#define _COOPERATIVE_GROUPS_MEMCPY_ASYNC
#endif

#include <hip/hip_runtime.h>

#if defined(__cplusplus) && defined(__OXHIP_OFFLOAD__)

#if defined(__OXHIP_AMDGCN__) || defined(__OXHIP_NVPTX__)
/* [0]: blocks arrived in the current phase; [1]: phase generation. One copy per
 * translation unit (and so per code object in the default non-RDC mode); it returns to
 * count 0 after every barrier, so launches can reuse it one after another. */
static __device__ unsigned int __oxhip_grid_barrier[2];
#endif

namespace cooperative_groups {

/* The grid-wide barrier. */
static __device__ __forceinline__ void __oxhip_grid_sync() {
#if defined(__OXHIP_CPU__)
  __oxhip_cpu_grid_sync();
#elif defined(__OXHIP_AMDGCN__) || defined(__OXHIP_NVPTX__)
  __syncthreads();
  if (threadIdx.x == 0 && threadIdx.y == 0 && threadIdx.z == 0) {
    unsigned int blocks = gridDim.x * gridDim.y * gridDim.z;
    unsigned int* count = &__oxhip_grid_barrier[0];
    unsigned int* generation = &__oxhip_grid_barrier[1];
    /* Read the phase before arriving: the last block bumps it only after every block of
     * this phase has arrived. */
    unsigned int seen =
        __hip_atomic_load(generation, __ATOMIC_ACQUIRE, __HIP_MEMORY_SCOPE_AGENT);
    __threadfence();
    unsigned int arrived =
        __hip_atomic_fetch_add(count, 1u, __ATOMIC_ACQ_REL, __HIP_MEMORY_SCOPE_AGENT) + 1;
    if (arrived == blocks) {
      __hip_atomic_store(count, 0u, __ATOMIC_RELAXED, __HIP_MEMORY_SCOPE_AGENT);
      __hip_atomic_fetch_add(generation, 1u, __ATOMIC_RELEASE, __HIP_MEMORY_SCOPE_AGENT);
    } else {
      while (__hip_atomic_load(generation, __ATOMIC_ACQUIRE, __HIP_MEMORY_SCOPE_AGENT) == seen) {
      }
    }
    __threadfence();
  }
  __syncthreads();
#endif
}

static __device__ __forceinline__ unsigned int __oxhip_block_rank() {
  return (blockIdx.z * gridDim.y + blockIdx.y) * gridDim.x + blockIdx.x;
}
static __device__ __forceinline__ unsigned int __oxhip_thread_rank_in_block() {
  return (threadIdx.z * blockDim.y + threadIdx.y) * blockDim.x + threadIdx.x;
}
static __device__ __forceinline__ unsigned int __oxhip_block_size() {
  return blockDim.x * blockDim.y * blockDim.z;
}
static __device__ __forceinline__ unsigned int __oxhip_grid_blocks() {
  return gridDim.x * gridDim.y * gridDim.z;
}
static __device__ __forceinline__ unsigned long long __oxhip_grid_thread_rank() {
  return (unsigned long long)__oxhip_block_rank() * __oxhip_block_size() +
         __oxhip_thread_rank_in_block();
}
static __device__ __forceinline__ unsigned long long __oxhip_grid_size() {
  return (unsigned long long)__oxhip_grid_blocks() * __oxhip_block_size();
}
/* The `size` consecutive lanes, aligned to `size`, that hold the caller. */
static __device__ __forceinline__ unsigned long long __oxhip_tile_lanes(unsigned int size) {
  unsigned long long ones = size >= 64 ? ~0ull : (1ull << size) - 1ull;
  return ones << (__lane_id() & ~(size - 1u));
}
/* The lanes of `lanes` whose ranks are first .. first + count - 1. */
static __device__ __forceinline__ unsigned long long __oxhip_rank_range(unsigned long long lanes,
                                                                       unsigned int first,
                                                                       unsigned int count) {
  unsigned int total = (unsigned int)__builtin_popcountll(lanes);
  if (first >= total) return 0ull;
  unsigned long long from = ~0ull << __oxhip_nth_lane(lanes, first);
  unsigned long long below_end =
      first + count >= total ? ~0ull : (1ull << __oxhip_nth_lane(lanes, first + count)) - 1ull;
  return lanes & from & below_end;
}

enum __oxhip_group_kind {
  __oxhip_kind_block,
  __oxhip_kind_grid,
  __oxhip_kind_multi_grid,
  __oxhip_kind_tile,
  __oxhip_kind_coalesced
};

/* Constructor tag: groups are made by this header's functions, not by users. */
struct __oxhip_make {};

class thread_group {
 public:
  /* The state of a group, for this header's functions (not part of the API). */
  unsigned int __oxhip_kind;
  /* Tiles: the tile size. */
  unsigned int __oxhip_tile_size;
  /* Tiles of at most a warp and coalesced groups: the member lanes of the warp. */
  unsigned long long __oxhip_lanes;
  unsigned int __oxhip_meta_rank;
  unsigned int __oxhip_meta_size;


  __device__ __forceinline__ thread_group(__oxhip_make, unsigned int kind,
                                          unsigned int tile_size = 0,
                                          unsigned long long lanes = 0,
                                          unsigned int meta_rank = 0,
                                          unsigned int meta_size = 1)
      : __oxhip_kind(kind),
        __oxhip_tile_size(tile_size),
        __oxhip_lanes(lanes),
        __oxhip_meta_rank(meta_rank),
        __oxhip_meta_size(meta_size) {}

  __device__ __forceinline__ unsigned int size() const {
    switch (__oxhip_kind) {
      case __oxhip_kind_block:
        return __oxhip_block_size();
      case __oxhip_kind_grid:
      case __oxhip_kind_multi_grid:
        return (unsigned int)__oxhip_grid_size();
      case __oxhip_kind_tile:
        return __oxhip_tile_size;
      default:
        return (unsigned int)__builtin_popcountll(__oxhip_lanes);
    }
  }
  __device__ __forceinline__ unsigned int num_threads() const { return size(); }
  __device__ __forceinline__ unsigned int thread_rank() const {
    switch (__oxhip_kind) {
      case __oxhip_kind_block:
        return __oxhip_thread_rank_in_block();
      case __oxhip_kind_grid:
      case __oxhip_kind_multi_grid:
        return (unsigned int)__oxhip_grid_thread_rank();
      default:
        if (__oxhip_lanes == 0) return __oxhip_thread_rank_in_block() & (__oxhip_tile_size - 1u);
        return (unsigned int)__builtin_popcountll(__oxhip_lanes & __oxhip_lanes_below());
    }
  }
  __device__ __forceinline__ void sync() const {
    switch (__oxhip_kind) {
      case __oxhip_kind_block:
        __syncthreads();
        break;
      case __oxhip_kind_grid:
      case __oxhip_kind_multi_grid:
        __oxhip_grid_sync();
        break;
      default:
        if (__oxhip_lanes == 0)
          __syncthreads();
        else
          __syncwarp(__oxhip_lanes);
        break;
    }
  }
  /* FIXME(#4): a grid group is valid in every launch; its sync() only completes under a
   * cooperative one. */
  __device__ __forceinline__ bool is_valid() const { return true; }
  __device__ __forceinline__ unsigned int meta_group_rank() const { return __oxhip_meta_rank; }
  __device__ __forceinline__ unsigned int meta_group_size() const { return __oxhip_meta_size; }
  /* The group's kind, as HIP's cg_type() numbers them: 0 multi-grid, 1 grid, 2 block,
   * 3 tile, 4 coalesced. */
  __device__ __forceinline__ unsigned int cg_type() const {
    switch (__oxhip_kind) {
      case __oxhip_kind_multi_grid:
        return 0;
      case __oxhip_kind_grid:
        return 1;
      case __oxhip_kind_block:
        return 2;
      case __oxhip_kind_tile:
        return 3;
      default:
        return 4;
    }
  }
};

/* ---- blocks, grids -------------------------------------------------------------- */

class thread_block : public thread_group {
 public:
  __device__ __forceinline__ explicit thread_block(__oxhip_make make)
      : thread_group(make, __oxhip_kind_block) {}

  __device__ static __forceinline__ void sync() { __syncthreads(); }
  __device__ static __forceinline__ unsigned int thread_rank() {
    return __oxhip_thread_rank_in_block();
  }
  __device__ static __forceinline__ unsigned int size() { return __oxhip_block_size(); }
  __device__ static __forceinline__ unsigned int num_threads() { return __oxhip_block_size(); }
  __device__ static __forceinline__ dim3 group_index() {
    return dim3(blockIdx.x, blockIdx.y, blockIdx.z);
  }
  __device__ static __forceinline__ dim3 thread_index() {
    return dim3(threadIdx.x, threadIdx.y, threadIdx.z);
  }
  __device__ static __forceinline__ dim3 group_dim() {
    return dim3(blockDim.x, blockDim.y, blockDim.z);
  }
  __device__ static __forceinline__ dim3 dim_threads() { return group_dim(); }
};

/* CUDA's block_tile_memory: the memory that tiles larger than a warp communicate through
 * before sm_80. Here large tiles keep their own shared slots (see the tiles below), so it is
 * a placeholder that programs declare and pass to this_thread_block; both of CUDA's
 * spellings are accepted (block_tile_memory<MaxBlockSize> from CUDA 12 and
 * block_tile_memory<TileCommunicationSize, MaxBlockSize> before). */
template <unsigned int First = 1024, unsigned int Second = 0>
struct block_tile_memory {
  static const unsigned int max_block_size = Second ? Second : First;
  static_assert(max_block_size >= 1 && max_block_size <= 1024,
                "block_tile_memory's block size is at most 1024 threads");
  unsigned char __oxhip_unused;
};

static __device__ __forceinline__ thread_block this_thread_block() {
  return thread_block(__oxhip_make());
}
template <unsigned int First, unsigned int Second>
static __device__ __forceinline__ thread_block this_thread_block(
    block_tile_memory<First, Second>& memory) {
  (void)memory;
  return thread_block(__oxhip_make());
}

class grid_group : public thread_group {
 public:
  __device__ __forceinline__ explicit grid_group(__oxhip_make make)
      : thread_group(make, __oxhip_kind_grid) {}

  __device__ static __forceinline__ void sync() { __oxhip_grid_sync(); }
  __device__ static __forceinline__ unsigned long long size() { return __oxhip_grid_size(); }
  __device__ static __forceinline__ unsigned long long num_threads() { return __oxhip_grid_size(); }
  __device__ static __forceinline__ unsigned long long thread_rank() {
    return __oxhip_grid_thread_rank();
  }
  __device__ static __forceinline__ unsigned int block_rank() { return __oxhip_block_rank(); }
  __device__ static __forceinline__ unsigned int num_blocks() { return __oxhip_grid_blocks(); }
  __device__ static __forceinline__ dim3 block_index() {
    return dim3(blockIdx.x, blockIdx.y, blockIdx.z);
  }
  __device__ static __forceinline__ dim3 dim_blocks() {
    return dim3(gridDim.x, gridDim.y, gridDim.z);
  }
  __device__ static __forceinline__ dim3 group_dim() { return dim_blocks(); }
  /* FIXME(#4): true for every launch; sync() only completes under a cooperative one. */
  __device__ static __forceinline__ bool is_valid() { return true; }
};

static __device__ __forceinline__ grid_group this_grid() { return grid_group(__oxhip_make()); }

/* One device's grid: oxhip has no multi-device cooperative launch. */
class multi_grid_group : public thread_group {
 public:
  __device__ __forceinline__ explicit multi_grid_group(__oxhip_make make)
      : thread_group(make, __oxhip_kind_multi_grid) {}

  __device__ static __forceinline__ void sync() { __oxhip_grid_sync(); }
  __device__ static __forceinline__ unsigned long long size() { return __oxhip_grid_size(); }
  __device__ static __forceinline__ unsigned long long num_threads() { return __oxhip_grid_size(); }
  __device__ static __forceinline__ unsigned long long thread_rank() {
    return __oxhip_grid_thread_rank();
  }
  __device__ static __forceinline__ unsigned int num_grids() { return 1; }
  __device__ static __forceinline__ unsigned int grid_rank() { return 0; }
  __device__ static __forceinline__ bool is_valid() { return true; }
};

static __device__ __forceinline__ multi_grid_group this_multi_grid() {
  return multi_grid_group(__oxhip_make());
}

/* ---- tiles ---------------------------------------------------------------------- */

/* Tiles larger than a warp (CUDA's tiles of 64 to 1024 threads with block_tile_memory):
 * `size` consecutive threads of the block, by thread rank in the block. Their barrier is a
 * named barrier of their own on NVIDIA (while the block has at most 15 such tiles), and
 * the block's barrier on AMD GPUs and the CPU device, which have no barrier for part of a
 * block: there every tile of the block must synchronise at the same point, as with
 * __syncthreads. Their shuffles go through a shared slot per thread of the block. */
static __device__ __forceinline__ void __oxhip_large_tile_sync(unsigned int size) {
#if defined(__OXHIP_NVPTX__)
  unsigned int tiles = (__oxhip_block_size() + size - 1) / size;
  if (tiles <= 15) {
    __nvvm_barrier_sync_cnt(1u + __oxhip_thread_rank_in_block() / size, size);
    return;
  }
#endif
  (void)size;
  __syncthreads();
}

template <class T>
struct __oxhip_slot {
  alignas(T) unsigned char bytes[sizeof(T)];
};

/* The value that the thread of block rank `source` gave, read by every thread of a large
 * tile that calls this together; `source` is within the caller's tile. */
template <class T>
static __device__ __forceinline__ T __oxhip_large_tile_exchange(unsigned int size, T value,
                                                                unsigned int source) {
  __shared__ __oxhip_slot<T> slots[1024];
  unsigned int self = __oxhip_thread_rank_in_block();
  __oxhip_large_tile_sync(size); /* earlier readers are done with the slots */
  __builtin_memcpy(slots[self].bytes, &value, sizeof(T));
  __oxhip_large_tile_sync(size);
  __oxhip_slot<T> read = slots[source];
  return __builtin_bit_cast(T, read);
}

template <unsigned int Size, class ParentT = void>
class thread_block_tile;

/* A tile that has forgotten its parent's type; every thread_block_tile<Size, ParentT>
 * converts to it. */
template <unsigned int Size>
class thread_block_tile<Size, void> : public thread_group {
  static_assert(Size > 0 && (Size & (Size - 1)) == 0 && Size <= 1024,
                "thread_block_tile size must be a power of two, at most 1024");

  /* A tile of more than a warp (decided per target: warpSize folds to a constant). */
  __device__ static __forceinline__ bool large() { return Size > (unsigned int)(int)warpSize; }
  /* A large tile's first thread, by rank in the block. */
  __device__ static __forceinline__ unsigned int base() {
    return __oxhip_thread_rank_in_block() & ~(Size - 1u);
  }
  template <class T>
  __device__ static __forceinline__ T from_rank(T value, unsigned int rank) {
    return __oxhip_large_tile_exchange(Size, value, base() + rank);
  }
  /* OR (or AND) over a large tile, for any, all and ballot. */
  __device__ static __forceinline__ unsigned long long large_or(unsigned long long bits) {
    for (unsigned int step = 1; step < Size; step <<= 1)
      bits |= from_rank(bits, thread_rank() ^ step);
    return bits;
  }

  __device__ static __forceinline__ unsigned int first_lane() { return __lane_id() & ~(Size - 1u); }
  __device__ static __forceinline__ unsigned long long ones() {
    return Size >= 64 ? ~0ull : (1ull << (Size % 64)) - 1ull;
  }
  /* The tile's bits of a warp-wide lane mask, by thread rank. */
  __device__ static __forceinline__ unsigned long long own_bits(unsigned long long warp_mask) {
    return (warp_mask >> first_lane()) & ones();
  }
  /* The member lanes of the warp. */
  __device__ static __forceinline__ unsigned long long lanes() { return __oxhip_tile_lanes(Size); }

 public:
  __device__ __forceinline__ thread_block_tile(__oxhip_make make, unsigned int meta_rank,
                                               unsigned int meta_size)
      : thread_group(make, __oxhip_kind_tile, Size, large() ? 0ull : __oxhip_tile_lanes(Size),
                     meta_rank, meta_size) {}

  __host__ __device__ static constexpr unsigned int size() { return Size; }
  __host__ __device__ static constexpr unsigned int num_threads() { return Size; }
  __device__ static __forceinline__ unsigned int thread_rank() {
    return (large() ? __oxhip_thread_rank_in_block() : __lane_id()) & (Size - 1u);
  }
  __device__ static __forceinline__ void sync() {
    if (large())
      __oxhip_large_tile_sync(Size);
    else
      __syncwarp(lanes());
  }

  template <class T>
  __device__ __forceinline__ T shfl(T value, int source_rank) const {
    if (large()) return from_rank(value, (unsigned int)source_rank & (Size - 1u));
    return __oxhip_shfl(__OXHIP_SHFL_IDX, lanes(), value, source_rank, (int)Size);
  }
  template <class T>
  __device__ __forceinline__ T shfl_up(T value, unsigned int delta) const {
    if (large()) {
      unsigned int rank = thread_rank();
      return from_rank(value, rank >= delta ? rank - delta : rank);
    }
    return __oxhip_shfl(__OXHIP_SHFL_UP, lanes(), value, (int)delta, (int)Size);
  }
  template <class T>
  __device__ __forceinline__ T shfl_down(T value, unsigned int delta) const {
    if (large()) {
      unsigned int rank = thread_rank();
      return from_rank(value, rank + delta < Size ? rank + delta : rank);
    }
    return __oxhip_shfl(__OXHIP_SHFL_DOWN, lanes(), value, (int)delta, (int)Size);
  }
  template <class T>
  __device__ __forceinline__ T shfl_xor(T value, unsigned int lane_mask) const {
    if (large()) {
      unsigned int rank = thread_rank(), other = rank ^ lane_mask;
      return from_rank(value, other < Size ? other : rank);
    }
    return __oxhip_shfl(__OXHIP_SHFL_XOR, lanes(), value, (int)lane_mask, (int)Size);
  }

  /* One bit per thread rank: tiles of at most 64 threads. */
  __device__ __forceinline__ unsigned long long ballot(int predicate) const {
    static_assert(Size <= 64, "ballot needs a tile of at most 64 threads (one bit per thread)");
    if (large()) return large_or(predicate ? 1ull << (thread_rank() % 64) : 0ull);
    return own_bits(__ballot_sync(lanes(), predicate));
  }
  __device__ __forceinline__ int any(int predicate) const {
    if (large()) return large_or(predicate != 0) != 0;
    return __any_sync(lanes(), predicate);
  }
  __device__ __forceinline__ int all(int predicate) const {
    if (large()) return large_or(predicate == 0) == 0;
    return __all_sync(lanes(), predicate);
  }
  template <class T>
  __device__ __forceinline__ unsigned long long match_any(T value) const {
    static_assert(Size <= 64, "match_any needs a tile of at most 64 threads (one bit per thread)");
    if (large()) {
      unsigned long long bits = 0;
      for (unsigned int rank = 0; rank < Size; ++rank)
        if (from_rank(value, rank) == value) bits |= 1ull << (rank % 64);
      return bits;
    }
    return own_bits(__match_any_sync(lanes(), value));
  }
  template <class T>
  __device__ __forceinline__ unsigned long long match_all(T value, int& predicate) const {
    static_assert(Size <= 64, "match_all needs a tile of at most 64 threads (one bit per thread)");
    if (large()) {
      predicate = all(from_rank(value, 0) == value);
      return predicate ? (Size >= 64 ? ~0ull : (1ull << (Size % 64)) - 1ull) : 0ull;
    }
    return own_bits(__match_all_sync(lanes(), value, &predicate));
  }
};

template <unsigned int Size, class ParentT>
class thread_block_tile : public thread_block_tile<Size, void> {
 public:
  __device__ __forceinline__ thread_block_tile(__oxhip_make make, unsigned int meta_rank,
                                               unsigned int meta_size)
      : thread_block_tile<Size, void>(make, meta_rank, meta_size) {}
};

/* tiled_partition<N>(block) and tiled_partition<N>(tile): tile i of the parent holds its
 * thread ranks i*N .. i*N + N - 1. */
template <unsigned int Size>
static __device__ __forceinline__ thread_block_tile<Size, thread_block> tiled_partition(
    const thread_block& parent) {
  return thread_block_tile<Size, thread_block>(__oxhip_make(), parent.thread_rank() / Size,
                                               (parent.size() + Size - 1) / Size);
}
template <unsigned int Size, unsigned int ParentSize, class GrandParentT>
static __device__ __forceinline__
    thread_block_tile<Size, thread_block_tile<ParentSize, GrandParentT> >
    tiled_partition(const thread_block_tile<ParentSize, GrandParentT>& parent) {
  static_assert(Size <= ParentSize, "a tile cannot be larger than the tile it partitions");
  return thread_block_tile<Size, thread_block_tile<ParentSize, GrandParentT> >(
      __oxhip_make(), parent.thread_rank() / Size, ParentSize / Size);
}

/* A group of one thread. */
static __device__ __forceinline__ thread_block_tile<1, void> this_thread() {
  return thread_block_tile<1, void>(__oxhip_make(), __oxhip_thread_rank_in_block(),
                                    __oxhip_block_size());
}

/* ---- coalesced groups ----------------------------------------------------------- */

class coalesced_group : public thread_group {
  __device__ __forceinline__ unsigned long long lanes() const { return __oxhip_lanes; }
  /* The lane of thread rank `rank`. */
  __device__ __forceinline__ int lane_of(unsigned int rank) const {
    return __oxhip_nth_lane(__oxhip_lanes, rank);
  }

 public:
  __device__ __forceinline__ coalesced_group(__oxhip_make make, unsigned long long lanes,
                                             unsigned int meta_rank = 0,
                                             unsigned int meta_size = 1)
      : thread_group(make, __oxhip_kind_coalesced, 0, lanes, meta_rank, meta_size) {}

  __device__ __forceinline__ unsigned int size() const {
    return (unsigned int)__builtin_popcountll(__oxhip_lanes);
  }
  __device__ __forceinline__ unsigned int num_threads() const { return size(); }
  __device__ __forceinline__ unsigned int thread_rank() const {
    return (unsigned int)__builtin_popcountll(__oxhip_lanes & __oxhip_lanes_below());
  }
  __device__ __forceinline__ void sync() const { __syncwarp(__oxhip_lanes); }

  /* Shuffles by thread rank; a source rank beyond the group wraps around, and up/down
   * shuffles whose source is outside the group return the caller's own value. */
  template <class T>
  __device__ __forceinline__ T shfl(T value, int source_rank) const {
    return __oxhip_read_lane(lanes(), value, lane_of((unsigned int)source_rank % size()));
  }
  template <class T>
  __device__ __forceinline__ T shfl_up(T value, unsigned int delta) const {
    unsigned int rank = thread_rank();
    int source = rank >= delta ? lane_of(rank - delta) : (int)__lane_id();
    return __oxhip_read_lane(lanes(), value, source);
  }
  template <class T>
  __device__ __forceinline__ T shfl_down(T value, unsigned int delta) const {
    unsigned int rank = thread_rank();
    int source = rank + delta < size() ? lane_of(rank + delta) : (int)__lane_id();
    return __oxhip_read_lane(lanes(), value, source);
  }
  template <class T>
  __device__ __forceinline__ T shfl_xor(T value, unsigned int rank_mask) const {
    unsigned int source_rank = thread_rank() ^ rank_mask;
    int source = source_rank < size() ? lane_of(source_rank) : (int)__lane_id();
    return __oxhip_read_lane(lanes(), value, source);
  }

  __device__ __forceinline__ unsigned long long ballot(int predicate) const {
    return __oxhip_pack_lanes(__ballot_sync(lanes(), predicate), lanes());
  }
  __device__ __forceinline__ int any(int predicate) const { return __any_sync(lanes(), predicate); }
  __device__ __forceinline__ int all(int predicate) const { return __all_sync(lanes(), predicate); }
  template <class T>
  __device__ __forceinline__ unsigned long long match_any(T value) const {
    return __oxhip_pack_lanes(__match_any_sync(lanes(), value), lanes());
  }
  template <class T>
  __device__ __forceinline__ unsigned long long match_all(T value, int& predicate) const {
    return __oxhip_pack_lanes(__match_all_sync(lanes(), value, &predicate), lanes());
  }
};

static __device__ __forceinline__ coalesced_group coalesced_threads() {
  return coalesced_group(__oxhip_make(), __activemask());
}

/* Tile i of a coalesced group holds its thread ranks i*n .. i*n + n - 1. */
static __device__ __forceinline__ coalesced_group tiled_partition(const coalesced_group& parent,
                                                                  unsigned int tile_size) {
  unsigned int tile = parent.thread_rank() / tile_size;
  return coalesced_group(
      __oxhip_make(),
      __oxhip_rank_range(parent.__oxhip_lanes, tile * tile_size, tile_size), tile,
      (parent.size() + tile_size - 1) / tile_size);
}

/* Tile i of any group holds its thread ranks i*n .. i*n + n - 1; a tile at least as large
 * as a tile it partitions is that tile. */
static __device__ __forceinline__ thread_group tiled_partition(const thread_group& parent,
                                                               unsigned int tile_size) {
  unsigned int tile = parent.thread_rank() / tile_size;
  unsigned int tiles = (parent.size() + tile_size - 1) / tile_size;
  if (parent.__oxhip_kind == __oxhip_kind_coalesced)
    return coalesced_group(
        __oxhip_make(),
        __oxhip_rank_range(parent.__oxhip_lanes, tile * tile_size, tile_size), tile, tiles);
  if (parent.__oxhip_kind == __oxhip_kind_tile && tile_size >= parent.__oxhip_tile_size)
    return parent;
  unsigned long long lanes =
      tile_size <= (unsigned int)warpSize ? __oxhip_tile_lanes(tile_size) : 0ull;
  return thread_group(__oxhip_make(), __oxhip_kind_tile, tile_size, lanes, tile, tiles);
}

/* The parent's threads whose predicate is the caller's. */
static __device__ __forceinline__ coalesced_group __oxhip_split(unsigned long long lanes,
                                                                bool predicate) {
  unsigned long long votes = __ballot_sync(lanes, predicate) & lanes;
  return coalesced_group(__oxhip_make(), predicate ? votes : lanes & ~votes);
}
static __device__ __forceinline__ coalesced_group binary_partition(const coalesced_group& parent,
                                                                   bool predicate) {
  return __oxhip_split(parent.__oxhip_lanes, predicate);
}
template <unsigned int Size, class ParentT>
static __device__ __forceinline__ coalesced_group binary_partition(
    const thread_block_tile<Size, ParentT>& parent, bool predicate) {
  return __oxhip_split(parent.__oxhip_lanes, predicate);
}

/* The parent's threads whose label is the caller's. */
static __device__ __forceinline__ coalesced_group labeled_partition(const coalesced_group& parent,
                                                                    int label) {
  return coalesced_group(__oxhip_make(), __match_any_sync(parent.__oxhip_lanes, label));
}
template <unsigned int Size, class ParentT>
static __device__ __forceinline__ coalesced_group labeled_partition(
    const thread_block_tile<Size, ParentT>& parent, int label) {
  return coalesced_group(__oxhip_make(), __match_any_sync(parent.__oxhip_lanes, label));
}

/* ---- free functions ------------------------------------------------------------- */

template <class Group>
static __device__ __forceinline__ void sync(const Group& group) {
  group.sync();
}
template <class Group>
static __device__ __forceinline__ bool is_valid(const Group& group) {
  return group.is_valid();
}
template <class Group>
static __device__ __forceinline__ auto group_size(const Group& group) -> decltype(group.size()) {
  return group.size();
}
template <class Group>
static __device__ __forceinline__ auto thread_rank(const Group& group)
    -> decltype(group.thread_rank()) {
  return group.thread_rank();
}

/* ---- invoke_one ----------------------------------------------------------------- */

/* invoke_one (CUDA 12.2's <cooperative_groups.h>): one thread of a tile or coalesced group
 * calls fn(args...); invoke_one_broadcast also hands its result, which must be trivially
 * copyable, to every thread of the group. The caller is thread rank 0 (CUDA leaves which
 * one unspecified). Only the broadcast synchronises the group (through its shuffle). */
template <class Group>
struct __oxhip_is_warp_group {
  static const bool value = false;
};
template <unsigned int Size, class ParentT>
struct __oxhip_is_warp_group<thread_block_tile<Size, ParentT> > {
  static const bool value = true;
};
template <>
struct __oxhip_is_warp_group<coalesced_group> {
  static const bool value = true;
};

template <class Group, class Fn, class... Args>
static __device__ __forceinline__ void invoke_one(const Group& group, Fn&& fn, Args&&... args) {
  static_assert(__oxhip_is_warp_group<Group>::value,
                "invoke_one takes a thread_block_tile or a coalesced_group");
  if (group.thread_rank() == 0) static_cast<Fn&&>(fn)(static_cast<Args&&>(args)...);
}

template <class Group, class Fn, class... Args>
static __device__ __forceinline__ auto invoke_one_broadcast(const Group& group, Fn&& fn,
                                                            Args&&... args)
    -> decltype(static_cast<Fn&&>(fn)(static_cast<Args&&>(args)...)) {
  typedef decltype(static_cast<Fn&&>(fn)(static_cast<Args&&>(args)...)) Result;
  static_assert(__oxhip_is_warp_group<Group>::value,
                "invoke_one_broadcast takes a thread_block_tile or a coalesced_group");
  static_assert(!__is_same(Result, void), "invoke_one_broadcast needs a function that returns a value");
  static_assert(__is_trivially_copyable(Result),
                "invoke_one_broadcast's result must be trivially copyable");
  struct Box {
    alignas(Result) unsigned char bytes[sizeof(Result)];
  } box;
  if (group.thread_rank() == 0) {
    Result result = static_cast<Fn&&>(fn)(static_cast<Args&&>(args)...);
    __builtin_memcpy(box.bytes, &result, sizeof(Result));
  }
  box = group.shfl(box, 0);
  return __builtin_bit_cast(Result, box);
}

/* ---- reduce and scans ----------------------------------------------------------- */

/* The operators of reduce and the scans: less gives the smaller value, greater the
 * larger. */
template <class T>
struct plus {
  __host__ __device__ __forceinline__ T operator()(const T& a, const T& b) const { return a + b; }
};
template <class T>
struct less {
  __host__ __device__ __forceinline__ T operator()(const T& a, const T& b) const {
    return b < a ? b : a;
  }
};
template <class T>
struct greater {
  __host__ __device__ __forceinline__ T operator()(const T& a, const T& b) const {
    return a < b ? b : a;
  }
};
template <class T>
struct bit_and {
  __host__ __device__ __forceinline__ T operator()(const T& a, const T& b) const { return a & b; }
};
template <class T>
struct bit_or {
  __host__ __device__ __forceinline__ T operator()(const T& a, const T& b) const { return a | b; }
};
template <class T>
struct bit_xor {
  __host__ __device__ __forceinline__ T operator()(const T& a, const T& b) const { return a ^ b; }
};

/* The largest and lowest values of the arithmetic types (the identities of less and
 * greater); value-initialised for other types. */
template <class T>
struct __oxhip_limits {
  __device__ static __forceinline__ T highest() { return T(); }
  __device__ static __forceinline__ T lowest() { return T(); }
};
#define __OXHIP_LIMITS(type, high, low)                                                         \
  template <>                                                                                   \
  struct __oxhip_limits<type> {                                                                 \
    __device__ static __forceinline__ type highest() { return high; }                          \
    __device__ static __forceinline__ type lowest() { return low; }                            \
  };
__OXHIP_LIMITS(char, (char)((char)-1 < 0 ? __SCHAR_MAX__ : 2 * __SCHAR_MAX__ + 1),
               (char)((char)-1 < 0 ? -__SCHAR_MAX__ - 1 : 0))
__OXHIP_LIMITS(signed char, __SCHAR_MAX__, -__SCHAR_MAX__ - 1)
__OXHIP_LIMITS(unsigned char, (unsigned char)~0u, 0)
__OXHIP_LIMITS(short, __SHRT_MAX__, -__SHRT_MAX__ - 1)
__OXHIP_LIMITS(unsigned short, (unsigned short)~0u, 0)
__OXHIP_LIMITS(int, __INT_MAX__, -__INT_MAX__ - 1)
__OXHIP_LIMITS(unsigned int, ~0u, 0u)
__OXHIP_LIMITS(long, __LONG_MAX__, -__LONG_MAX__ - 1)
__OXHIP_LIMITS(unsigned long, ~0ul, 0ul)
__OXHIP_LIMITS(long long, __LONG_LONG_MAX__, -__LONG_LONG_MAX__ - 1)
__OXHIP_LIMITS(unsigned long long, ~0ull, 0ull)
__OXHIP_LIMITS(float, __builtin_huge_valf(), -__builtin_huge_valf())
__OXHIP_LIMITS(double, __builtin_huge_val(), -__builtin_huge_val())
#undef __OXHIP_LIMITS

/* What exclusive_scan gives thread rank 0: the operator's identity for the operators
 * above, a value-initialised T for any other operation. */
template <class T, class Op>
struct __oxhip_identity {
  __device__ static __forceinline__ T value() { return T(); }
};
template <class T>
struct __oxhip_identity<T, less<T> > {
  __device__ static __forceinline__ T value() { return __oxhip_limits<T>::highest(); }
};
template <class T>
struct __oxhip_identity<T, greater<T> > {
  __device__ static __forceinline__ T value() { return __oxhip_limits<T>::lowest(); }
};
template <class T>
struct __oxhip_identity<T, bit_and<T> > {
  __device__ static __forceinline__ T value() { return (T)~T(); }
};

/* redux.sync (sm_80 and later) for int and unsigned under the operators above. */
template <class T, class Op>
struct __oxhip_redux {
  static const bool native = false;
  __device__ static __forceinline__ T apply(unsigned long long lanes, T value) {
    (void)lanes;
    return value;
  }
};
#if defined(__OXHIP_NVPTX_REDUX)
#define __OXHIP_REDUX(type, op, function)                                                       \
  template <>                                                                                   \
  struct __oxhip_redux<type, op<type> > {                                                       \
    static const bool native = true;                                                            \
    __device__ static __forceinline__ type apply(unsigned long long lanes, type value) {       \
      return function(lanes, value);                                                            \
    }                                                                                           \
  };
#define __OXHIP_REDUX_TYPE(type)                                                                \
  __OXHIP_REDUX(type, plus, __reduce_add_sync)                                                  \
  __OXHIP_REDUX(type, less, __reduce_min_sync)                                                  \
  __OXHIP_REDUX(type, greater, __reduce_max_sync)                                               \
  __OXHIP_REDUX(type, bit_and, __reduce_and_sync)                                               \
  __OXHIP_REDUX(type, bit_or, __reduce_or_sync)                                                 \
  __OXHIP_REDUX(type, bit_xor, __reduce_xor_sync)
__OXHIP_REDUX_TYPE(int)
__OXHIP_REDUX_TYPE(unsigned int)
#undef __OXHIP_REDUX_TYPE
#undef __OXHIP_REDUX
#endif

/* reduce: every thread of the group gets op applied over the group's values in thread
 * rank order (so op need only be associative). */
template <unsigned int Size, class ParentT, class T, class Op>
static __device__ __forceinline__ T reduce(const thread_block_tile<Size, ParentT>& group,
                                           T value, Op op) {
  if (__oxhip_redux<T, Op>::native && Size <= (unsigned int)(int)warpSize)
    return __oxhip_redux<T, Op>::apply(group.__oxhip_lanes, value);
  /* Butterfly: after the round of distance d, each thread holds the reduction of its
   * aligned run of 2d ranks, the lower half on the left. */
  unsigned int rank = group.thread_rank();
  for (unsigned int step = 1; step < Size; step <<= 1) {
    T other = group.shfl_xor(value, step);
    value = (rank & step) ? op(other, value) : op(value, other);
  }
  return value;
}
template <class T, class Op>
static __device__ __forceinline__ T reduce(const coalesced_group& group, T value, Op op) {
  if (__oxhip_redux<T, Op>::native)
    return __oxhip_redux<T, Op>::apply(group.__oxhip_lanes, value);
  return __oxhip_reduce_lanes(group.__oxhip_lanes, value, op);
}

/* inclusive_scan: thread rank r gets op over ranks 0 .. r, in rank order. */
template <unsigned int Size, class ParentT, class T, class Op>
static __device__ __forceinline__ T inclusive_scan(const thread_block_tile<Size, ParentT>& group,
                                                   T value, Op op) {
  unsigned int rank = group.thread_rank();
  for (unsigned int step = 1; step < Size; step <<= 1) {
    T other = group.shfl_up(value, step);
    if (rank >= step) value = op(other, value);
  }
  return value;
}
template <class T, class Op>
static __device__ __forceinline__ T inclusive_scan(const coalesced_group& group, T value, Op op) {
  return __oxhip_scan_lanes(group.__oxhip_lanes, value, op);
}
template <class Group, class T>
static __device__ __forceinline__ T inclusive_scan(const Group& group, T value) {
  return inclusive_scan(group, value, plus<T>());
}

/* exclusive_scan: thread rank r gets op over ranks 0 .. r - 1; rank 0 gets the
 * operator's identity (see __oxhip_identity). */
template <class Group, class T, class Op>
static __device__ __forceinline__ T exclusive_scan(const Group& group, T value, Op op) {
  T inclusive = inclusive_scan(group, value, op);
  T previous = group.shfl_up(inclusive, 1);
  return group.thread_rank() == 0 ? __oxhip_identity<T, Op>::value() : previous;
}
template <class Group, class T>
static __device__ __forceinline__ T exclusive_scan(const Group& group, T value) {
  return exclusive_scan(group, value, plus<T>());
}

/* memcpy_async (CUDA's <cooperative_groups/memcpy_async.h>): a collective copy of `bytes`
 * bytes by the threads of `group`, complete for the whole group after wait(group) or
 * wait_prior<N>(group). Here the copy is made at once, each thread taking every
 * num_threads()-th word, and the waits are the group's barrier, which makes the copied
 * data visible to all of it. */
template <class Group, class T, class Size>
static __device__ __forceinline__ void memcpy_async(const Group& group, T* dst, const T* src,
                                                    const Size& bytes) {
  unsigned long long count = (unsigned long long)bytes;
  unsigned long long rank = group.thread_rank(), threads = group.num_threads();
  unsigned long long alignment =
      (unsigned long long)(__SIZE_TYPE__)dst | (unsigned long long)(__SIZE_TYPE__)src | count;
  if (alignment % 16 == 0) {
    uint4* d = (uint4*)dst;
    const uint4* s = (const uint4*)src;
    for (unsigned long long i = rank; i < count / 16; i += threads) d[i] = s[i];
  } else if (alignment % 4 == 0) {
    unsigned int* d = (unsigned int*)dst;
    const unsigned int* s = (const unsigned int*)src;
    for (unsigned long long i = rank; i < count / 4; i += threads) d[i] = s[i];
  } else {
    char* d = (char*)dst;
    const char* s = (const char*)src;
    for (unsigned long long i = rank; i < count; i += threads) d[i] = s[i];
  }
}
template <class Group>
static __device__ __forceinline__ void wait(const Group& group) {
  group.sync();
}
template <unsigned int NumStages, class Group>
static __device__ __forceinline__ void wait_prior(const Group& group) {
  group.sync();
}

}  // namespace cooperative_groups

#endif /* __cplusplus && __OXHIP_OFFLOAD__ */

#endif /* HIP_HIP_COOPERATIVE_GROUPS_H */
