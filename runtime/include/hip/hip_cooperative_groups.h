/* oxhip: cooperative groups (namespace cooperative_groups), for amdgcn, nvptx and the
 * CPU target.
 *
 * - thread_block: the work-group; sync() is __syncthreads().
 * - grid_group: every thread of the launch; sync() is a grid-wide barrier, which only
 *   completes when all blocks are resident, i.e. under hipLaunchCooperativeKernel.
 *   On GPUs it is a generation barrier on a device variable: thread 0 of each block
 *   counts its block in with a device-scope atomic and waits for the last block to bump
 *   the generation; the block's other threads wait at __syncthreads. On the CPU target the
 *   runtime's barrier does the same across the groups' OS threads.
 * - thread_block_tile<N> (N a power of two, at most warpSize) from tiled_partition<N>:
 *   N consecutive lanes of one warp; sync, shfl, shfl_up/down/xor, any, all, ballot.
 *   ballot() returns the tile's votes in its low N bits.
 */
#ifndef HIP_HIP_COOPERATIVE_GROUPS_H
#define HIP_HIP_COOPERATIVE_GROUPS_H

#include <hip/hip_runtime.h>

#if defined(__cplusplus)

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

class thread_block {
 public:
  __device__ void sync() const { __syncthreads(); }
  __device__ unsigned int thread_rank() const { return __oxhip_thread_rank_in_block(); }
  __device__ unsigned int size() const { return blockDim.x * blockDim.y * blockDim.z; }
  __device__ unsigned int num_threads() const { return size(); }
  __device__ dim3 group_index() const { return dim3(blockIdx.x, blockIdx.y, blockIdx.z); }
  __device__ dim3 thread_index() const { return dim3(threadIdx.x, threadIdx.y, threadIdx.z); }
  __device__ dim3 group_dim() const { return dim3(blockDim.x, blockDim.y, blockDim.z); }
};

static __device__ __forceinline__ thread_block this_thread_block() { return thread_block(); }

class grid_group {
 public:
  __device__ void sync() const { __oxhip_grid_sync(); }
  __device__ unsigned long long size() const {
    return (unsigned long long)(gridDim.x * gridDim.y * gridDim.z) *
           (blockDim.x * blockDim.y * blockDim.z);
  }
  __device__ unsigned long long num_threads() const { return size(); }
  __device__ unsigned long long thread_rank() const {
    return (unsigned long long)__oxhip_block_rank() * (blockDim.x * blockDim.y * blockDim.z) +
           __oxhip_thread_rank_in_block();
  }
  __device__ unsigned int block_rank() const { return __oxhip_block_rank(); }
  __device__ unsigned int num_blocks() const { return gridDim.x * gridDim.y * gridDim.z; }
  __device__ dim3 group_dim() const { return dim3(gridDim.x, gridDim.y, gridDim.z); }
  /* FIXME(#4): true for every launch; sync() only completes under a cooperative one. */
  __device__ bool is_valid() const { return true; }
};

static __device__ __forceinline__ grid_group this_grid() { return grid_group(); }

template <unsigned int Size>
class thread_block_tile {
  static_assert(Size > 0 && (Size & (Size - 1)) == 0 && Size <= 64,
                "thread_block_tile size must be a power of two, at most the warp size");

  /* The tile's lanes within the warp's ballot. */
  __device__ static unsigned long long tile_bits(unsigned long long warp_mask) {
    unsigned int base = __lane_id() & ~(Size - 1);
    unsigned long long ones = Size >= 64 ? ~0ull : ((1ull << Size) - 1);
    return (warp_mask >> base) & ones;
  }

 public:
  __device__ void sync() const {
#if defined(__OXHIP_AMDGCN__)
    __builtin_amdgcn_fence(__ATOMIC_RELEASE, "wavefront");
    __builtin_amdgcn_wave_barrier();
    __builtin_amdgcn_fence(__ATOMIC_ACQUIRE, "wavefront");
#elif defined(__OXHIP_NVPTX__)
    __nvvm_bar_warp_sync(__nvvm_activemask());
#elif defined(__OXHIP_CPU__)
    /* A ballot returns once every live lane of the warp has arrived. */
    (void)__oxhip_cpu_ballot(1);
#endif
  }
  __device__ unsigned int thread_rank() const { return __lane_id() & (Size - 1); }
  __device__ static constexpr unsigned int size() { return Size; }
  __device__ static constexpr unsigned int num_threads() { return Size; }
  __device__ unsigned int meta_group_rank() const { return __oxhip_thread_rank_in_block() / Size; }
  __device__ unsigned int meta_group_size() const {
    return (blockDim.x * blockDim.y * blockDim.z + Size - 1) / Size;
  }

  template <class T>
  __device__ T shfl(T value, int source_rank) const {
    return __shfl(value, source_rank, (int)Size);
  }
  template <class T>
  __device__ T shfl_down(T value, unsigned int delta) const {
    return __shfl_down(value, delta, (int)Size);
  }
  template <class T>
  __device__ T shfl_up(T value, unsigned int delta) const {
    return __shfl_up(value, delta, (int)Size);
  }
  template <class T>
  __device__ T shfl_xor(T value, int mask) const {
    return __shfl_xor(value, mask, (int)Size);
  }

  __device__ unsigned long long ballot(int predicate) const {
    return tile_bits(__ballot(predicate));
  }
  __device__ int any(int predicate) const { return ballot(predicate) != 0; }
  __device__ int all(int predicate) const { return ballot(predicate) == tile_bits(__ballot(1)); }
};

template <unsigned int Size>
static __device__ __forceinline__ thread_block_tile<Size> tiled_partition(const thread_block&) {
  return thread_block_tile<Size>();
}

template <class Group>
static __device__ __forceinline__ void sync(const Group& group) {
  group.sync();
}

}  // namespace cooperative_groups

#endif /* __cplusplus */

#endif /* HIP_HIP_COOPERATIVE_GROUPS_H */
