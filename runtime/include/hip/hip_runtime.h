/* hip/hip_runtime.h for oxhip: the HIP device language (attributes, built-in variables,
 * barriers, atomics, warp functions, device math) on top of the host API in
 * hip/hip_runtime_api.h.
 *
 * Written for clang 22 only; one file set for the amdgcn and nvptx device compiles and
 * the host compile. Nothing here needs ROCm or CUDA: clang is run without its HIP or CUDA
 * wrapper headers. Platform macro: __HIP_PLATFORM_AMD__ on every target (see
 * hip/oxhip/defines.h for why).
 */
#ifndef HIP_HIP_RUNTIME_H
#define HIP_HIP_RUNTIME_H
/* HIP's own guard as well: code tests it, and oxhipify writes it for CUDA's. */
#define HIP_INCLUDE_HIP_HIP_RUNTIME_H

#include <hip/oxhip/defines.h>

/* What HIP's hip_runtime.h makes available without further includes, and real programs
 * rely on (printf, EXIT_FAILURE, atoi, memcpy, clock_t, INT_MAX, the math functions on
 * the host). Included before the device overloads, so that host code sees the C
 * library's declarations whatever the user includes next. */
#if defined(__cplusplus)
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <climits>
#include <ctime>
#include <limits>
#include <new>
#include <type_traits>
#include <utility>
#else
#include <limits.h>
#include <math.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#endif

#include <hip/hip_runtime_api.h>
#include <hip/hip_vector_types.h>
/* As HIP's hip_runtime.h does (and CUDA's cuda_runtime.h with library_types.h). */
#include <hip/library_types.h>

#if defined(__cplusplus)
#include <hip/oxhip/builtin_vars.h>
#include <hip/oxhip/device_functions.h>
#include <hip/oxhip/math.h>
#include <hip/oxhip/intrinsics.h>
#include <hip/oxhip/simd.h>
#endif

/* Kernel launch in macro form: the triple-chevron launch, which clang lowers to
 * __hipPushCallConfiguration + the kernel's stub + hipLaunchKernel. */
#define hipLaunchKernelGGL(kernel_name, num_blocks, num_threads, shared_bytes, stream, ...)    \
  do {                                                                                         \
    kernel_name<<<(num_blocks), (num_threads), (shared_bytes), (stream)>>>(__VA_ARGS__);      \
  } while (0)
#define hipLaunchKernelGGLInternal(kernel_name, num_blocks, num_threads, shared_bytes, stream, ...) \
  hipLaunchKernelGGL(kernel_name, num_blocks, num_threads, shared_bytes, stream, __VA_ARGS__)
/* Wraps a kernel name that contains commas (template arguments). */
#define HIP_KERNEL_NAME(...) __VA_ARGS__
#define HIP_SYMBOL(symbol) (&(symbol))

/* Dynamic shared memory: `HIP_DYNAMIC_SHARED(float, buffer)` declares the unsized
 * array whose size comes from the launch's shared-memory argument. */
#define HIP_DYNAMIC_SHARED(type, name) extern __shared__ type name[];
#define HIP_DYNAMIC_SHARED_ATTRIBUTE

#endif /* HIP_HIP_RUNTIME_H */
