/* Minimal stand-in for runtime/include/hip/hip_runtime_api.h, used only by the frontend
 * tests while the runtime's header is absent: the declarations clang needs to lower
 * `<<<>>>` and what hip_runtime.h uses (dim3, hipStream_t). */
#ifndef OXHIP_TEST_STUB_HIP_RUNTIME_API_H
#define OXHIP_TEST_STUB_HIP_RUNTIME_API_H
#include <stddef.h>
typedef enum hipError_t { hipSuccess = 0 } hipError_t;
typedef struct ihipStream_t *hipStream_t;
typedef struct dim3 {
  unsigned int x, y, z;
#if defined(__cplusplus)
  constexpr __host__ __device__ dim3(unsigned int x_ = 1, unsigned int y_ = 1, unsigned int z_ = 1) : x(x_), y(y_), z(z_) {}
#endif
} dim3;
#if defined(__cplusplus)
extern "C" {
#endif
hipError_t hipLaunchKernel(const void *function, dim3 grid, dim3 block, void **args, size_t shared_bytes, hipStream_t stream);
hipError_t __hipPushCallConfiguration(dim3 grid, dim3 block, size_t shared_bytes, hipStream_t stream);
hipError_t __hipPopCallConfiguration(dim3 *grid, dim3 *block, size_t *shared_bytes, hipStream_t *stream);
hipError_t hipMalloc(void **pointer, size_t size);
#if defined(__cplusplus)
}
#endif
#endif
