/* oxhip device headers: attribute macros, platform macros and the target selector.
 *
 * Written for clang 22 only. The same file serves the amdgcn and nvptx device
 * compiles and the host compile of a HIP translation unit, and plain C/C++ host
 * compiles that only want the host API (there the attributes expand to nothing).
 *
 * Exactly one of __OXHIP_AMDGCN__, __OXHIP_NVPTX__, __OXHIP_CPU__ or __OXHIP_HOST__ is
 * defined: the target that code in a __device__ function body is compiled for in this
 * pass. __OXHIP_CPU__ is the device pass for the CPU offload target (`--offload-arch=host`:
 * clang's device mode with the host triple); its runtime interface is hip/oxhip/cpu.h.
 * On the host pass device bodies are parsed but never emitted, so the host branch
 * only has to be valid C++.
 */
#ifndef OXHIP_DEFINES_H
#define OXHIP_DEFINES_H

/* Platform. We present platform AMD to every compile, including nvptx ones: code
 * that tests __HIP_PLATFORM_NVIDIA__ expects the CUDA runtime headers underneath HIP
 * (cuda_runtime.h, CUDA types named directly), which we do not have; everything our
 * headers offer is the AMD flavour of the HIP API, implemented for both targets.
 * CMake also insists on platform "amd" for a clang-based HIP compiler. */
#if !defined(__HIP_PLATFORM_AMD__)
#define __HIP_PLATFORM_AMD__ 1
#endif
#if !defined(__HIP_PLATFORM_HCC__)
#define __HIP_PLATFORM_HCC__ 1
#endif
#if defined(__HIP_PLATFORM_NVIDIA__) || defined(__HIP_PLATFORM_NVCC__)
#error "oxhip headers implement the HIP API for every GPU; do not define __HIP_PLATFORM_NVIDIA__"
#endif
#define __OXHIP__ 1
#include <hip/hip_version.h>

#if defined(__HIP__) || defined(__CUDA__)
#define __OXHIP_OFFLOAD__ 1
#endif

/* In CUDA mode clang does not define __HIP_DEVICE_COMPILE__; derive it. */
#if defined(__CUDA__) && defined(__CUDA_ARCH__) && !defined(__HIP_DEVICE_COMPILE__)
#define __HIP_DEVICE_COMPILE__ 1
#endif

#if defined(__HIP_DEVICE_COMPILE__) && defined(__AMDGCN__)
#define __OXHIP_AMDGCN__ 1
#elif defined(__HIP_DEVICE_COMPILE__) && defined(__NVPTX__)
#define __OXHIP_NVPTX__ 1
#elif defined(__HIP_DEVICE_COMPILE__) && defined(__x86_64__)
#define __OXHIP_CPU__ 1
#else
#define __OXHIP_HOST__ 1
#endif

#if defined(__OXHIP_OFFLOAD__)
#define __host__ __attribute__((host))
#define __device__ __attribute__((device))
#if defined(__OXHIP_NVPTX__) && !defined(__OXHIP_CUDA_SOURCE__)
/* HIP lets a kernel without __launch_bounds__ take blocks of up to 1024 threads (AMD
 * compiles for that). The annotation marks HIP kernels for oxhip's NVPTX codegen, which gives
 * those without bounds .maxntid 1024, so that the JIT keeps registers within what such a
 * block can hold (codegen/src/limits.rs). CUDA kernels stay unbounded, as under nvcc. */
#define __global__ __attribute__((global)) __attribute__((annotate("oxhip.hip_kernel")))
#else
#define __global__ __attribute__((global))
#endif
#define __shared__ __attribute__((shared))
#define __constant__ __attribute__((constant))
#if defined(__HIP__)
#define __managed__ __attribute__((managed))
#else
#define __managed__
#endif
#else
/* Plain C/C++ host compile: device code cannot appear, the names must still parse. */
#define __host__
#define __device__
#define __global__
#define __shared__
#define __constant__
#define __managed__
#endif

/* __grid_constant__: a kernel parameter the kernel never writes, so it may be read in
 * place from the parameter memory. clang checks it for every target. */
#if defined(__OXHIP_OFFLOAD__)
#define __grid_constant__ __attribute__((grid_constant))
#else
#define __grid_constant__
#endif
#define __align__(n) __attribute__((aligned(n)))

/* Feature macros of the device compile, as HIP defines them for every GPU it supports
 * (the warp size itself is the device value warpSize). */
#if defined(__HIP_DEVICE_COMPILE__)
#define __HIP_ARCH_HAS_GLOBAL_INT32_ATOMICS__ 1
#define __HIP_ARCH_HAS_GLOBAL_FLOAT_ATOMIC_EXCH__ 1
#define __HIP_ARCH_HAS_SHARED_INT32_ATOMICS__ 1
#define __HIP_ARCH_HAS_SHARED_FLOAT_ATOMIC_EXCH__ 1
#define __HIP_ARCH_HAS_FLOAT_ATOMIC_ADD__ 1
#define __HIP_ARCH_HAS_GLOBAL_INT64_ATOMICS__ 1
#define __HIP_ARCH_HAS_SHARED_INT64_ATOMICS__ 1
#define __HIP_ARCH_HAS_DOUBLES__ 1
#define __HIP_ARCH_HAS_WARP_VOTE__ 1
#define __HIP_ARCH_HAS_WARP_BALLOT__ 1
#define __HIP_ARCH_HAS_WARP_SHUFFLE__ 1
#define __HIP_ARCH_HAS_WARP_FUNNEL_SHIFT__ 0
#define __HIP_ARCH_HAS_THREAD_FENCE_SYSTEM__ 1
#define __HIP_ARCH_HAS_SYNC_THREAD_EXT__ 0
#define __HIP_ARCH_HAS_SURFACE_FUNCS__ 0
#define __HIP_ARCH_HAS_3DGRID__ 1
#define __HIP_ARCH_HAS_DYNAMIC_PARALLEL__ 0
#endif

/* clang treats __noinline__ as a keyword in CUDA/HIP mode (so that
 * __attribute__((__noinline__)) in libstdc++ keeps working); only plain C/C++ needs it. */
#if !defined(__OXHIP_OFFLOAD__) && !defined(__noinline__)
#define __noinline__ __attribute__((noinline))
#endif
#define __forceinline__ __inline__ __attribute__((always_inline))

/* __launch_bounds__(max threads per block[, min waves per execution unit]).
 * HIP's second argument is a wave occupancy hint (CUDA's is blocks per SM). clang's
 * launch_bounds attribute does not reach the AMDGPU backend, so amdgcn (and the host
 * pass paired with it) gets the AMDGPU attributes instead. */
#if defined(__OXHIP_OFFLOAD__) && defined(__AMDGCN__)
#define __OXHIP_LB1(max_threads) __attribute__((amdgpu_flat_work_group_size(1, max_threads)))
#define __OXHIP_LB2(max_threads, min_waves)                                                   \
  __attribute__((amdgpu_flat_work_group_size(1, max_threads), amdgpu_waves_per_eu(min_waves)))
#elif defined(__OXHIP_OFFLOAD__)
#define __OXHIP_LB1(max_threads) __attribute__((launch_bounds(max_threads)))
#define __OXHIP_LB2(max_threads, min_blocks) __attribute__((launch_bounds(max_threads, min_blocks)))
#else
#define __OXHIP_LB1(max_threads)
#define __OXHIP_LB2(max_threads, min_waves)
#endif
#define __OXHIP_LB_PICK(_1, _2, name, ...) name
#define __launch_bounds__(...) __OXHIP_LB_PICK(__VA_ARGS__, __OXHIP_LB2, __OXHIP_LB1, )(__VA_ARGS__)

#if defined(__OXHIP_CPU__)
#include <hip/oxhip/cpu.h>
#endif

/* What every device helper in these headers is declared as. */
#define __OXHIP_DEVICE__ static __device__ __forceinline__
#define __OXHIP_HD__ static __host__ __device__ __forceinline__

#endif /* OXHIP_DEFINES_H */
