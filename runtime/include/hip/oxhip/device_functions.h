/* oxhip device headers: barriers, fences, warpSize, atomics, warp shuffles and votes,
 * clocks.
 *
 * amdgcn uses clang's __builtin_amdgcn_* and __hip_atomic_* builtins; nvptx uses
 * clang's NVPTX builtins (__nvvm_*), which need PTX ISA 6.0 or later (the frontend
 * never passes less). On the host pass the bodies are placeholders: they are parsed,
 * never emitted.
 */
#ifndef OXHIP_DEVICE_FUNCTIONS_H
#define OXHIP_DEVICE_FUNCTIONS_H

#if defined(__OXHIP_OFFLOAD__)

/* ---- barriers and fences ---------------------------------------------------------- */

#if defined(__OXHIP_AMDGCN__)
/* Same sequence as clang's HIP headers: release fence, s_barrier, acquire fence, all at
 * workgroup scope, so that shared and global memory written before the barrier is
 * visible to the whole block after it. */
#define __OXHIP_SYNCTHREADS()                                                                   \
  do {                                                                                          \
    __builtin_amdgcn_fence(__ATOMIC_RELEASE, "workgroup");                                      \
    __builtin_amdgcn_s_barrier();                                                               \
    __builtin_amdgcn_fence(__ATOMIC_ACQUIRE, "workgroup");                                      \
  } while (0)
__OXHIP_DEVICE__ void __threadfence_block(void) { __builtin_amdgcn_fence(__ATOMIC_SEQ_CST, "workgroup"); }
__OXHIP_DEVICE__ void __threadfence(void) { __builtin_amdgcn_fence(__ATOMIC_SEQ_CST, "agent"); }
__OXHIP_DEVICE__ void __threadfence_system(void) { __builtin_amdgcn_fence(__ATOMIC_SEQ_CST, ""); }
#elif defined(__OXHIP_NVPTX__)
#define __OXHIP_SYNCTHREADS() __nvvm_barrier_sync(0)
__OXHIP_DEVICE__ void __threadfence_block(void) { __nvvm_membar_cta(); }
__OXHIP_DEVICE__ void __threadfence(void) { __nvvm_membar_gl(); }
__OXHIP_DEVICE__ void __threadfence_system(void) { __nvvm_membar_sys(); }
#elif defined(__OXHIP_CPU__)
#define __OXHIP_SYNCTHREADS() __oxhip_cpu_barrier()
/* Also a lockstep point, for warp-synchronous code that separates its steps with
 * __threadfence_block() alone (codegen's cpu_lockstep). */
__OXHIP_DEVICE__ void __threadfence_block(void) {
  __atomic_thread_fence(__ATOMIC_SEQ_CST);
  __oxhip_cpu_step();
}
__OXHIP_DEVICE__ void __threadfence(void) { __atomic_thread_fence(__ATOMIC_SEQ_CST); }
__OXHIP_DEVICE__ void __threadfence_system(void) { __atomic_thread_fence(__ATOMIC_SEQ_CST); }
#else
#define __OXHIP_SYNCTHREADS() ((void)0)
__OXHIP_DEVICE__ void __threadfence_block(void) {}
__OXHIP_DEVICE__ void __threadfence(void) {}
__OXHIP_DEVICE__ void __threadfence_system(void) {}
#endif

/* clang's NVPTX target knows __syncthreads as a builtin (also on a host pass paired with
 * nvptx), so the name is a macro over our own function rather than a second definition. */
__OXHIP_DEVICE__ void __oxhip_syncthreads(void) { __OXHIP_SYNCTHREADS(); }
#define __syncthreads() __oxhip_syncthreads()

__OXHIP_DEVICE__ int __syncthreads_count(int predicate);
__OXHIP_DEVICE__ int __syncthreads_and(int predicate);
__OXHIP_DEVICE__ int __syncthreads_or(int predicate);

/* ---- warp size and lane --------------------------------------------------------- */

/* warpSize is a device value (64 on gfx9, 32 on gfx10+ and NVIDIA), not a constant
 * expression, as in current HIP. It is an object with a conversion to int so that
 * hipDeviceProp_t::warpSize and other members of that name are left alone. */
struct __oxhip_warp_size_t {
  __device__ __forceinline__ operator int() const {
#if defined(__OXHIP_AMDGCN__)
    return __builtin_amdgcn_wavefrontsize();
#else
    return 32;
#endif
  }
};
static __device__ const __oxhip_warp_size_t warpSize = {};

__OXHIP_DEVICE__ unsigned int __lane_id(void) {
#if defined(__OXHIP_AMDGCN__)
  return __builtin_amdgcn_mbcnt_hi(~0u, __builtin_amdgcn_mbcnt_lo(~0u, 0u));
#elif defined(__OXHIP_NVPTX__)
  return __nvvm_read_ptx_sreg_laneid();
#elif defined(__OXHIP_CPU__)
  return __oxhip_cpu_item->lane;
#else
  return 0;
#endif
}

/* ---- atomics -------------------------------------------------------------------- */

/* Device-wide ("agent") scope by default, _block for the workgroup, _system for the
 * whole system; all relaxed, as in CUDA and HIP. */
#define __OXHIP_SCOPE_ __HIP_MEMORY_SCOPE_AGENT
#define __OXHIP_SCOPE__block __HIP_MEMORY_SCOPE_WORKGROUP
#define __OXHIP_SCOPE__system __HIP_MEMORY_SCOPE_SYSTEM

#define __OXHIP_ATOMIC_RMW(name, builtin, type, suffix)                                         \
  __OXHIP_DEVICE__ type name##suffix(type *address, type value) {                              \
    return builtin(address, value, __ATOMIC_RELAXED, __OXHIP_SCOPE_##suffix);                  \
  }
#define __OXHIP_ATOMIC_CAS(type, suffix)                                                        \
  __OXHIP_DEVICE__ type atomicCAS##suffix(type *address, type compare, type value) {           \
    __hip_atomic_compare_exchange_strong(address, &compare, value, __ATOMIC_RELAXED,           \
                                         __ATOMIC_RELAXED, __OXHIP_SCOPE_##suffix);            \
    return compare;                                                                             \
  }
#define __OXHIP_ATOMIC_SUB(type, suffix)                                                        \
  __OXHIP_DEVICE__ type atomicSub##suffix(type *address, type value) {                         \
    return __hip_atomic_fetch_add(address, (type)-value, __ATOMIC_RELAXED,                     \
                                  __OXHIP_SCOPE_##suffix);                                      \
  }
#define __OXHIP_ATOMIC_INTEGER(type, suffix)                                                    \
  __OXHIP_ATOMIC_RMW(atomicAdd, __hip_atomic_fetch_add, type, suffix)                           \
  __OXHIP_ATOMIC_SUB(type, suffix)                                                              \
  __OXHIP_ATOMIC_RMW(atomicExch, __hip_atomic_exchange, type, suffix)                           \
  __OXHIP_ATOMIC_RMW(atomicMin, __hip_atomic_fetch_min, type, suffix)                           \
  __OXHIP_ATOMIC_RMW(atomicMax, __hip_atomic_fetch_max, type, suffix)                           \
  __OXHIP_ATOMIC_RMW(atomicAnd, __hip_atomic_fetch_and, type, suffix)                           \
  __OXHIP_ATOMIC_RMW(atomicOr, __hip_atomic_fetch_or, type, suffix)                             \
  __OXHIP_ATOMIC_RMW(atomicXor, __hip_atomic_fetch_xor, type, suffix)                           \
  __OXHIP_ATOMIC_CAS(type, suffix)
#define __OXHIP_ATOMIC_FLOAT(type, suffix)                                                      \
  __OXHIP_ATOMIC_RMW(atomicAdd, __hip_atomic_fetch_add, type, suffix)                           \
  __OXHIP_ATOMIC_SUB(type, suffix)                                                              \
  __OXHIP_ATOMIC_RMW(atomicExch, __hip_atomic_exchange, type, suffix)                           \
  __OXHIP_ATOMIC_RMW(atomicMin, __hip_atomic_fetch_min, type, suffix)                           \
  __OXHIP_ATOMIC_RMW(atomicMax, __hip_atomic_fetch_max, type, suffix)
/* atomicInc/atomicDec: ((old >= limit) ? 0 : old + 1) and
 * ((old == 0 || old > limit) ? limit : old - 1). The GPUs have instructions for both
 * (a compare-and-swap loop on one hot address is orders of magnitude slower); the CPU
 * target uses the loop. */
#if defined(__OXHIP_AMDGCN__)
#define __OXHIP_INC_SCOPE_ "agent"
#define __OXHIP_INC_SCOPE__block "workgroup"
#define __OXHIP_INC_SCOPE__system ""
#define __OXHIP_ATOMIC_INC_DEC(suffix)                                                          \
  __OXHIP_DEVICE__ unsigned int atomicInc##suffix(unsigned int *address, unsigned int limit) { \
    return __builtin_amdgcn_atomic_inc32(address, limit, __ATOMIC_RELAXED, __OXHIP_INC_SCOPE_##suffix); \
  }                                                                                             \
  __OXHIP_DEVICE__ unsigned int atomicDec##suffix(unsigned int *address, unsigned int limit) { \
    return __builtin_amdgcn_atomic_dec32(address, limit, __ATOMIC_RELAXED, __OXHIP_DEC_SCOPE_##suffix); \
  }
#define __OXHIP_DEC_SCOPE_ "agent"
#define __OXHIP_DEC_SCOPE__block "workgroup"
#define __OXHIP_DEC_SCOPE__system ""
#elif defined(__OXHIP_NVPTX__)
#define __OXHIP_NV_SCOPE_
#define __OXHIP_NV_SCOPE__block cta_
#define __OXHIP_NV_SCOPE__system sys_
#define __OXHIP_NV_ATOM(scope, op) __OXHIP_NV_ATOM2(scope, op)
#define __OXHIP_NV_ATOM2(scope, op) __nvvm_atom_##scope##op##_gen_ui
#define __OXHIP_ATOMIC_INC_DEC(suffix)                                                          \
  __OXHIP_DEVICE__ unsigned int atomicInc##suffix(unsigned int *address, unsigned int limit) { \
    return __OXHIP_NV_ATOM(__OXHIP_NV_SCOPE_##suffix, inc)(address, limit);                    \
  }                                                                                             \
  __OXHIP_DEVICE__ unsigned int atomicDec##suffix(unsigned int *address, unsigned int limit) { \
    return __OXHIP_NV_ATOM(__OXHIP_NV_SCOPE_##suffix, dec)(address, limit);                    \
  }
#else
#define __OXHIP_ATOMIC_INC_DEC(suffix)                                                          \
  __OXHIP_DEVICE__ unsigned int atomicInc##suffix(unsigned int *address, unsigned int limit) { \
    unsigned int old = __hip_atomic_load(address, __ATOMIC_RELAXED, __OXHIP_SCOPE_##suffix);   \
    unsigned int next;                                                                          \
    do {                                                                                        \
      next = old >= limit ? 0u : old + 1u;                                                      \
    } while (!__hip_atomic_compare_exchange_weak(address, &old, next, __ATOMIC_RELAXED,        \
                                                 __ATOMIC_RELAXED, __OXHIP_SCOPE_##suffix));   \
    return old;                                                                                 \
  }                                                                                             \
  __OXHIP_DEVICE__ unsigned int atomicDec##suffix(unsigned int *address, unsigned int limit) { \
    unsigned int old = __hip_atomic_load(address, __ATOMIC_RELAXED, __OXHIP_SCOPE_##suffix);   \
    unsigned int next;                                                                          \
    do {                                                                                        \
      next = (old == 0u || old > limit) ? limit : old - 1u;                                     \
    } while (!__hip_atomic_compare_exchange_weak(address, &old, next, __ATOMIC_RELAXED,        \
                                                 __ATOMIC_RELAXED, __OXHIP_SCOPE_##suffix));   \
    return old;                                                                                 \
  }
#endif
#define __OXHIP_ATOMICS(suffix)                                                                 \
  __OXHIP_ATOMIC_INTEGER(int, suffix)                                                           \
  __OXHIP_ATOMIC_INTEGER(unsigned int, suffix)                                                  \
  __OXHIP_ATOMIC_INTEGER(unsigned long long, suffix)                                            \
  __OXHIP_ATOMIC_INTEGER(long long, suffix)                                                     \
  __OXHIP_ATOMIC_FLOAT(float, suffix)                                                           \
  __OXHIP_ATOMIC_FLOAT(double, suffix)                                                          \
  __OXHIP_ATOMIC_INC_DEC(suffix)

__OXHIP_ATOMICS()
__OXHIP_ATOMICS(_block)
/* unsigned long and long: the same width as the long long types on every target. */
__OXHIP_ATOMIC_INTEGER(unsigned long, )
__OXHIP_ATOMIC_INTEGER(unsigned long, _block)

#if defined(__OXHIP_NVPTX__)
/* NVPTX, _system: LLVM lowers every atomicrmw to the default scope of `atom` (.gpu) whatever
 * its syncscope, so that host threads updating managed or mapped memory at the same time
 * lose updates; and its sys-scoped builtins for unsigned min/max use the signed
 * instructions. These are written in PTX: `atom.sys` (relaxed). Compare-and-swap is lowered
 * with its scope (atom.relaxed.sys.cas); float min/max, which PTX has no atom for, loop on it. */
#define __OXHIP_NV_SYS_RMW(name, type, ptx, reg, operand)                                        \
  __OXHIP_DEVICE__ type name##_system(type *address, type value) {                            \
    type old;                                                                                 \
    __asm__ volatile("atom.sys." ptx " %0, [%1], %2;"                                         \
                     : "=" reg(old)                                                           \
                     : "l"(address), reg(operand)                                             \
                     : "memory");                                                             \
    return old;                                                                               \
  }
#define __OXHIP_NV_SYS_INTEGER(type, bits, sign, reg)                                           \
  __OXHIP_NV_SYS_RMW(atomicAdd, type, "add.u" #bits, reg, value)                                \
  __OXHIP_NV_SYS_RMW(atomicSub, type, "add.u" #bits, reg, (type)-value)                         \
  __OXHIP_NV_SYS_RMW(atomicExch, type, "exch.b" #bits, reg, value)                              \
  __OXHIP_NV_SYS_RMW(atomicMin, type, "min." #sign #bits, reg, value)                           \
  __OXHIP_NV_SYS_RMW(atomicMax, type, "max." #sign #bits, reg, value)                           \
  __OXHIP_NV_SYS_RMW(atomicAnd, type, "and.b" #bits, reg, value)                                \
  __OXHIP_NV_SYS_RMW(atomicOr, type, "or.b" #bits, reg, value)                                  \
  __OXHIP_NV_SYS_RMW(atomicXor, type, "xor.b" #bits, reg, value)                                \
  __OXHIP_ATOMIC_CAS(type, _system)
#define __OXHIP_NV_SYS_FLOAT_MINMAX(name, type, better)                                         \
  __OXHIP_DEVICE__ type name##_system(type *address, type value) {                            \
    type old = __hip_atomic_load(address, __ATOMIC_RELAXED, __HIP_MEMORY_SCOPE_SYSTEM);        \
    while ((better) && !__hip_atomic_compare_exchange_weak(address, &old, value, __ATOMIC_RELAXED, \
                                                          __ATOMIC_RELAXED,                   \
                                                          __HIP_MEMORY_SCOPE_SYSTEM)) {        \
    }                                                                                         \
    return old;                                                                               \
  }
#define __OXHIP_NV_SYS_FLOAT(type, bits, reg)                                                   \
  __OXHIP_NV_SYS_RMW(atomicAdd, type, "add.f" #bits, reg, value)                                \
  __OXHIP_NV_SYS_RMW(atomicSub, type, "add.f" #bits, reg, -value)                               \
  __OXHIP_NV_SYS_RMW(atomicExch, type, "exch.b" #bits, reg, value)                              \
  __OXHIP_NV_SYS_FLOAT_MINMAX(atomicMin, type, value < old || old != old)                       \
  __OXHIP_NV_SYS_FLOAT_MINMAX(atomicMax, type, value > old || old != old)                       \
  __OXHIP_ATOMIC_CAS(type, _system)
__OXHIP_NV_SYS_INTEGER(int, 32, s, "r")
__OXHIP_NV_SYS_INTEGER(unsigned int, 32, u, "r")
__OXHIP_NV_SYS_INTEGER(long long, 64, s, "l")
__OXHIP_NV_SYS_INTEGER(unsigned long long, 64, u, "l")
__OXHIP_NV_SYS_INTEGER(unsigned long, 64, u, "l")
__OXHIP_NV_SYS_FLOAT(float, 32, "f")
__OXHIP_NV_SYS_FLOAT(double, 64, "d")
__OXHIP_ATOMIC_INC_DEC(_system)
#undef __OXHIP_NV_SYS_FLOAT
#undef __OXHIP_NV_SYS_FLOAT_MINMAX
#undef __OXHIP_NV_SYS_INTEGER
#undef __OXHIP_NV_SYS_RMW
#else
__OXHIP_ATOMICS(_system)
__OXHIP_ATOMIC_INTEGER(unsigned long, _system)
#endif

/* 16-bit compare-and-swap (CUDA 12's unsigned short atomicCAS), as a 32-bit CAS on the
 * aligned word that holds it. */
#define __OXHIP_ATOMIC_CAS16(suffix)                                                            \
  __OXHIP_DEVICE__ unsigned short atomicCAS##suffix(unsigned short *address, unsigned short compare, \
                                                    unsigned short value) {                     \
    unsigned int *word = (unsigned int *)((__UINTPTR_TYPE__)address & ~(__UINTPTR_TYPE__)3);   \
    unsigned int shift = ((unsigned int)(__UINTPTR_TYPE__)address & 2u) * 8u;                   \
    unsigned int old = __hip_atomic_load(word, __ATOMIC_RELAXED, __OXHIP_SCOPE_##suffix);       \
    for (;;) {                                                                                  \
      unsigned short current = (unsigned short)(old >> shift);                                  \
      if (current != compare) return current;                                                   \
      unsigned int next = (old & ~(0xffffu << shift)) | ((unsigned int)value << shift);          \
      if (__hip_atomic_compare_exchange_weak(word, &old, next, __ATOMIC_RELAXED, __ATOMIC_RELAXED, \
                                             __OXHIP_SCOPE_##suffix))                            \
        return compare;                                                                         \
    }                                                                                           \
  }
__OXHIP_ATOMIC_CAS16()
__OXHIP_ATOMIC_CAS16(_block)
__OXHIP_ATOMIC_CAS16(_system)
#undef __OXHIP_ATOMIC_CAS16

/* HIP's float atomics with an explicit choice of instruction: on AMD the "unsafe" forms
 * may use hardware float atomics that do not work on fine-grained host memory, the
 * "safe" forms a compare-and-swap loop. Every target here gives both the same, correct
 * result; the NoRet forms discard the old value. */
__OXHIP_DEVICE__ float unsafeAtomicAdd(float *address, float value) { return atomicAdd(address, value); }
__OXHIP_DEVICE__ double unsafeAtomicAdd(double *address, double value) { return atomicAdd(address, value); }
__OXHIP_DEVICE__ float safeAtomicAdd(float *address, float value) { return atomicAdd(address, value); }
__OXHIP_DEVICE__ double safeAtomicAdd(double *address, double value) { return atomicAdd(address, value); }
__OXHIP_DEVICE__ float unsafeAtomicMax(float *address, float value) { return atomicMax(address, value); }
__OXHIP_DEVICE__ double unsafeAtomicMax(double *address, double value) { return atomicMax(address, value); }
__OXHIP_DEVICE__ float safeAtomicMax(float *address, float value) { return atomicMax(address, value); }
__OXHIP_DEVICE__ double safeAtomicMax(double *address, double value) { return atomicMax(address, value); }
__OXHIP_DEVICE__ float unsafeAtomicMin(float *address, float value) { return atomicMin(address, value); }
__OXHIP_DEVICE__ double unsafeAtomicMin(double *address, double value) { return atomicMin(address, value); }
__OXHIP_DEVICE__ float safeAtomicMin(float *address, float value) { return atomicMin(address, value); }
__OXHIP_DEVICE__ double safeAtomicMin(double *address, double value) { return atomicMin(address, value); }
__OXHIP_DEVICE__ void atomicAddNoRet(float *address, float value) { (void)atomicAdd(address, value); }
__OXHIP_DEVICE__ void atomicAddNoRet(double *address, double value) { (void)atomicAdd(address, value); }

#undef __OXHIP_ATOMICS
#undef __OXHIP_ATOMIC_INC_DEC
#undef __OXHIP_ATOMIC_FLOAT
#undef __OXHIP_ATOMIC_INTEGER
#undef __OXHIP_ATOMIC_SUB
#undef __OXHIP_ATOMIC_CAS
#undef __OXHIP_ATOMIC_RMW

#include <hip/oxhip/warp.h>

__OXHIP_DEVICE__ int __syncthreads_count(int predicate) {
  /* Each wave counts its votes; the first lane of each wave adds them up in shared
   * memory between two barriers. */
  __shared__ int count;
  if (threadIdx.x == 0 && threadIdx.y == 0 && threadIdx.z == 0) count = 0;
  __syncthreads();
#if defined(__OXHIP_CPU__)
  /* One atomic per work-item: a warp vote would keep the kernel on fibers, where plain
   * barriers let codegen run it as loops over the work-items (codegen::cpu_regions). */
  if (predicate) atomicAdd_block(&count, 1);
#else
  unsigned long long votes = __ballot(predicate);
  if (__lane_id() == 0) atomicAdd_block(&count, __builtin_popcountll(votes));
#endif
  __syncthreads();
  int total = count;
  __syncthreads();
  return total;
}
__OXHIP_DEVICE__ int __syncthreads_and(int predicate) {
  int block_size = (int)(blockDim.x * blockDim.y * blockDim.z);
  return __syncthreads_count(predicate) == block_size;
}
__OXHIP_DEVICE__ int __syncthreads_or(int predicate) { return __syncthreads_count(predicate) != 0; }

/* ---- printf ---------------------------------------------------------------------- */

/* Device printf. clang lowers calls to it: nvptx to vprintf (provided by the CUDA
 * driver), amdgcn to the __ockl_printf_* calls that devicelibs defines.
 * FIXME(#2): on amdgcn the output is discarded until the runtime serves printf. */
extern "C" __device__ int printf(const char *format, ...);

/* ---- device heap, new and delete ------------------------------------------------ */

/* The CPU target calls the C library's malloc and free (resolved when the image is
 * loaded); nvptx calls the CUDA driver's device heap (malloc and free are extern
 * functions of PTX that the driver links; the heap size is hipLimitMallocHeapSize);
 * amdgcn links devicelibs' heap (devicelibs/lib/heap.c); the host pass declares them so
 * that kernels using them parse there. */
extern "C" {
__device__ void *malloc(__SIZE_TYPE__ size);
__device__ void free(void *pointer);
}

/* Device new and delete over malloc and free; clang allows these next to the host's
 * replaceable global forms. A failed allocation gives a null pointer, as in CUDA. */
#pragma clang diagnostic push
#pragma clang diagnostic ignored "-Winline-new-delete"
__device__ inline void *operator new(__SIZE_TYPE__ size) { return malloc(size); }
__device__ inline void *operator new[](__SIZE_TYPE__ size) { return malloc(size); }
__device__ inline void operator delete(void *pointer) noexcept { free(pointer); }
__device__ inline void operator delete[](void *pointer) noexcept { free(pointer); }
__device__ inline void operator delete(void *pointer, __SIZE_TYPE__) noexcept { free(pointer); }
__device__ inline void operator delete[](void *pointer, __SIZE_TYPE__) noexcept { free(pointer); }
/* The forms of <new> that device code reaches as in CUDA, where <new> is always included:
 * placement new (the host's inline one is a host function), nothrow, and the aligned
 * forms C++17 uses for over-aligned types. malloc's blocks are 16-byte aligned; a larger
 * alignment over-allocates and keeps the block's start just below the object. */
__device__ inline void *operator new(__SIZE_TYPE__, void *place) noexcept { return place; }
__device__ inline void *operator new[](__SIZE_TYPE__, void *place) noexcept { return place; }
__device__ inline void operator delete(void *, void *) noexcept {}
__device__ inline void operator delete[](void *, void *) noexcept {}
__device__ inline void *operator new(__SIZE_TYPE__ size, const std::nothrow_t &) noexcept {
  return malloc(size);
}
__device__ inline void *operator new[](__SIZE_TYPE__ size, const std::nothrow_t &) noexcept {
  return malloc(size);
}
__device__ inline void operator delete(void *pointer, const std::nothrow_t &) noexcept {
  free(pointer);
}
__device__ inline void operator delete[](void *pointer, const std::nothrow_t &) noexcept {
  free(pointer);
}
/* The aligned forms exist from C++17 on (std::align_val_t). */
#if defined(__cpp_aligned_new)
__device__ inline void *__oxhip_aligned_malloc(__SIZE_TYPE__ size, std::align_val_t alignment) {
  __SIZE_TYPE__ align = (__SIZE_TYPE__)alignment;
  if (align <= 16) return malloc(size);
  char *block = (char *)malloc(size + align);
  if (!block) return nullptr;
  char *object = (char *)(((__UINTPTR_TYPE__)block + align) & ~(__UINTPTR_TYPE__)(align - 1));
  ((void **)object)[-1] = block;
  return object;
}
__device__ inline void __oxhip_aligned_free(void *pointer, std::align_val_t alignment) {
  if (!pointer) return;
  free((__SIZE_TYPE__)alignment <= 16 ? pointer : ((void **)pointer)[-1]);
}
__device__ inline void *operator new(__SIZE_TYPE__ size, std::align_val_t alignment) {
  return __oxhip_aligned_malloc(size, alignment);
}
__device__ inline void *operator new[](__SIZE_TYPE__ size, std::align_val_t alignment) {
  return __oxhip_aligned_malloc(size, alignment);
}
__device__ inline void operator delete(void *pointer, std::align_val_t alignment) noexcept {
  __oxhip_aligned_free(pointer, alignment);
}
__device__ inline void operator delete[](void *pointer, std::align_val_t alignment) noexcept {
  __oxhip_aligned_free(pointer, alignment);
}
__device__ inline void operator delete(void *pointer, __SIZE_TYPE__,
                                       std::align_val_t alignment) noexcept {
  __oxhip_aligned_free(pointer, alignment);
}
__device__ inline void operator delete[](void *pointer, __SIZE_TYPE__,
                                         std::align_val_t alignment) noexcept {
  __oxhip_aligned_free(pointer, alignment);
}
#endif
#pragma clang diagnostic pop

/* CUDA's address conversions (sm_20_intrinsics.h): a generic pointer as an offset in the
 * global, shared, constant or local window, and back; code that hands shared addresses to
 * PTX (`cp.async`, `ldmatrix`) uses them. The GPUs cast between LLVM's address spaces (the
 * same numbers on NVPTX and AMDGPU: 1 global, 3 shared, 4 constant, 5 local); the CPU target
 * has one address space, so the values are the addresses themselves. */
#if defined(__OXHIP_NVPTX__) || defined(__OXHIP_AMDGCN__)
#define __OXHIP_CVTA(space, number)                                                            \
  __OXHIP_DEVICE__ __SIZE_TYPE__ __cvta_generic_to_##space(const void *pointer) {             \
    return (__SIZE_TYPE__)(const __attribute__((address_space(number))) void *)pointer;      \
  }                                                                                          \
  __OXHIP_DEVICE__ void *__cvta_##space##_to_generic(__SIZE_TYPE__ raw) {                     \
    return (void *)(__attribute__((address_space(number))) void *)raw;                       \
  }
#else
#define __OXHIP_CVTA(space, number)                                                            \
  __OXHIP_DEVICE__ __SIZE_TYPE__ __cvta_generic_to_##space(const void *pointer) {             \
    return (__SIZE_TYPE__)pointer;                                                           \
  }                                                                                          \
  __OXHIP_DEVICE__ void *__cvta_##space##_to_generic(__SIZE_TYPE__ raw) { return (void *)raw; }
#endif
__OXHIP_CVTA(global, 1)
__OXHIP_CVTA(shared, 3)
__OXHIP_CVTA(constant, 4)
__OXHIP_CVTA(local, 5)
#undef __OXHIP_CVTA

/* memcpy and memset in device code. On the GPUs llvm.memcpy/memset are always expanded
 * in place; the CPU target resolves the C library's when the image is loaded. */
#if defined(__OXHIP_CPU__)
extern "C" {
__device__ void *memcpy(void *destination, const void *source, __SIZE_TYPE__ size);
__device__ void *memset(void *destination, int value, __SIZE_TYPE__ size);
}
#else
extern "C" {
__device__ inline void *memcpy(void *destination, const void *source, __SIZE_TYPE__ size) {
  __builtin_memcpy(destination, source, size);
  return destination;
}
__device__ inline void *memset(void *destination, int value, __SIZE_TYPE__ size) {
  __builtin_memset(destination, value, size);
  return destination;
}
}
#endif

/* ---- assert ---------------------------------------------------------------------- */

/* glibc's assert() calls __assert_fail, a host function; device code gets this one.
 * nvptx reports through the CUDA driver's __assertfail (file, line, function, block
 * and thread, then the launch fails with an assertion error); the CPU target prints the
 * same message and ends the work-item, and the launch fails with hipErrorAssert
 * (__oxhip_cpu_assert_failed, hip/oxhip/cpu.h).
 * FIXME(#2): amdgcn traps without the message until device printf reaches the host. */
#if defined(__OXHIP_NVPTX__)
extern "C" __device__ void __assertfail(const char *message, const char *file, unsigned int line,
                                        const char *function, __SIZE_TYPE__ char_size);
#endif
extern "C" {
__device__ __attribute__((noreturn)) static inline void
__assert_fail(const char *assertion, const char *file, unsigned int line, const char *function) {
#if defined(__OXHIP_CPU__)
  const struct __oxhip_cpu_item_t *item = __oxhip_cpu_item;
  printf("%s:%u: %s: block: [%u,%u,%u], thread: [%u,%u,%u] Assertion `%s` failed.\n", file, line,
         function, item->block_idx[0], item->block_idx[1], item->block_idx[2], item->thread_idx[0],
         item->thread_idx[1], item->thread_idx[2], assertion);
  __oxhip_cpu_assert_failed();
#elif defined(__OXHIP_NVPTX__)
  __assertfail(assertion, file, line, function, 1);
#else
  (void)assertion;
  (void)file;
  (void)line;
  (void)function;
#endif
  __builtin_trap();
}
}

/* ---- clocks --------------------------------------------------------------------- */

__OXHIP_DEVICE__ long long clock64(void) {
#if defined(__OXHIP_AMDGCN__)
  return (long long)__builtin_readcyclecounter();
#elif defined(__OXHIP_NVPTX__)
  return (long long)__nvvm_read_ptx_sreg_clock64();
#elif defined(__OXHIP_CPU__)
  return (long long)__builtin_readcyclecounter();
#else
  return 0;
#endif
}
__OXHIP_DEVICE__ long long clock(void) { return clock64(); }
/* A constant-rate counter (100 MHz on AMD Instinct parts, 1 GHz globaltimer on NVIDIA). */
__OXHIP_DEVICE__ long long wall_clock64(void) {
#if defined(__OXHIP_AMDGCN__)
  return (long long)__builtin_readsteadycounter();
#elif defined(__OXHIP_NVPTX__)
  return (long long)__nvvm_read_ptx_sreg_globaltimer();
#elif defined(__OXHIP_CPU__)
  return (long long)__builtin_readcyclecounter();
#else
  return 0;
#endif
}

#endif /* __OXHIP_OFFLOAD__ */

#endif /* OXHIP_DEVICE_FUNCTIONS_H */
