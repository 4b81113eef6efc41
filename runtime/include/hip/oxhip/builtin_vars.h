/* oxhip device headers: threadIdx, blockIdx, blockDim, gridDim and the hipThreadIdx_x
 * family.
 *
 * Each variable is an empty object whose members x, y, z are properties
 * (__declspec(property), available in CUDA/HIP mode) read through static getters, so
 * reading threadIdx.x is a register read and the object itself is never emitted.
 * blockDim comes from the code object v5 implicit arguments (group size, u16 at
 * offsets 12/14/16) through __builtin_amdgcn_workgroup_size_*, which clang lowers to
 * exactly that load; gridDim is hidden_block_count_x/y/z (u32 at offsets 0/4/8).
 */
#ifndef OXHIP_BUILTIN_VARS_H
#define OXHIP_BUILTIN_VARS_H

#if defined(__OXHIP_AMDGCN__)
#define __OXHIP_TID(d) return __builtin_amdgcn_workitem_id_##d();
#define __OXHIP_BID(d) return __builtin_amdgcn_workgroup_id_##d();
#define __OXHIP_BDIM(d) return __builtin_amdgcn_workgroup_size_##d();
#define __OXHIP_GDIM_x return __oxhip_block_count(0);
#define __OXHIP_GDIM_y return __oxhip_block_count(1);
#define __OXHIP_GDIM_z return __oxhip_block_count(2);
#define __OXHIP_GDIM(d) __OXHIP_GDIM_##d
__OXHIP_DEVICE__ unsigned int __oxhip_block_count(int dim) {
  /* hidden_block_count_{x,y,z}: the first three u32 of the COV5 implicit arguments. */
  return ((const __attribute__((address_space(4))) unsigned int *)__builtin_amdgcn_implicitarg_ptr())[dim];
}
#elif defined(__OXHIP_NVPTX__)
#define __OXHIP_TID(d) return __nvvm_read_ptx_sreg_tid_##d();
#define __OXHIP_BID(d) return __nvvm_read_ptx_sreg_ctaid_##d();
#define __OXHIP_BDIM(d) return __nvvm_read_ptx_sreg_ntid_##d();
#define __OXHIP_GDIM(d) return __nvvm_read_ptx_sreg_nctaid_##d();
#elif defined(__OXHIP_CPU__)
#define __OXHIP_CPU_DIM_x 0
#define __OXHIP_CPU_DIM_y 1
#define __OXHIP_CPU_DIM_z 2
#define __OXHIP_TID(d) return __oxhip_cpu_item->thread_idx[__OXHIP_CPU_DIM_##d];
#define __OXHIP_BID(d) return __oxhip_cpu_item->block_idx[__OXHIP_CPU_DIM_##d];
#define __OXHIP_BDIM(d) return __oxhip_cpu_item->block_dim[__OXHIP_CPU_DIM_##d];
#define __OXHIP_GDIM(d) return __oxhip_cpu_item->grid_dim[__OXHIP_CPU_DIM_##d];
#else
#define __OXHIP_TID(d) return 0;
#define __OXHIP_BID(d) return 0;
#define __OXHIP_BDIM(d) return 0;
#define __OXHIP_GDIM(d) return 0;
#endif

#if defined(__OXHIP_OFFLOAD__)

#define __OXHIP_BUILTIN_VAR(type, getter)                                                       \
  struct type {                                                                                  \
    static __device__ __forceinline__ unsigned int __get_x() { getter(x) }                       \
    static __device__ __forceinline__ unsigned int __get_y() { getter(y) }                       \
    static __device__ __forceinline__ unsigned int __get_z() { getter(z) }                       \
    __declspec(property(get = __get_x)) unsigned int x;                                          \
    __declspec(property(get = __get_y)) unsigned int y;                                          \
    __declspec(property(get = __get_z)) unsigned int z;                                          \
    __device__ operator dim3() const { return dim3(__get_x(), __get_y(), __get_z()); }           \
    /* The variables stand for registers: they cannot be assigned or addressed. */             \
    void operator=(const type &) const = delete;                                                 \
    type *operator&() const = delete;                                                            \
  }

__OXHIP_BUILTIN_VAR(__oxhip_threadIdx_t, __OXHIP_TID);
__OXHIP_BUILTIN_VAR(__oxhip_blockIdx_t, __OXHIP_BID);
__OXHIP_BUILTIN_VAR(__oxhip_blockDim_t, __OXHIP_BDIM);
__OXHIP_BUILTIN_VAR(__oxhip_gridDim_t, __OXHIP_GDIM);

/* Internal, empty, constant objects: a conversion to dim3 takes their address, and at
 * -O0 that reference survives, so they must be defined in every translation unit. */
static __device__ const __oxhip_threadIdx_t threadIdx = {};
static __device__ const __oxhip_blockIdx_t blockIdx = {};
static __device__ const __oxhip_blockDim_t blockDim = {};
static __device__ const __oxhip_gridDim_t gridDim = {};

#define hipThreadIdx_x (threadIdx.x)
#define hipThreadIdx_y (threadIdx.y)
#define hipThreadIdx_z (threadIdx.z)
#define hipBlockIdx_x (blockIdx.x)
#define hipBlockIdx_y (blockIdx.y)
#define hipBlockIdx_z (blockIdx.z)
#define hipBlockDim_x (blockDim.x)
#define hipBlockDim_y (blockDim.y)
#define hipBlockDim_z (blockDim.z)
#define hipGridDim_x (gridDim.x)
#define hipGridDim_y (gridDim.y)
#define hipGridDim_z (gridDim.z)

#endif /* __OXHIP_OFFLOAD__ */

#undef __OXHIP_BUILTIN_VAR
#undef __OXHIP_TID
#undef __OXHIP_BID
#undef __OXHIP_BDIM
#undef __OXHIP_GDIM

#endif /* OXHIP_BUILTIN_VARS_H */
