// Error checking and device selection in the style of the helper header that CUDA's sample
// programs copy from project to project: each helper is defined only when the CUDA header
// it needs was included before this file, which the helper tells by that header's include
// guard. A guard the compile does not define makes its helpers vanish, and the program
// that calls them no longer compiles.
#ifndef HELPER_CHECKS_H
#define HELPER_CHECKS_H

#include <cstdio>
#include <cstdlib>

// Runtime API errors: driver_types.h declares cudaError_t.
#ifdef __DRIVER_TYPES_H__
static const char *errorEnum(cudaError_t error) { return cudaGetErrorName(error); }
#endif

// Driver API errors: cuda.h is not included, so this must stay out. (With it, the
// translation would make both overloads take hipError_t.)
#ifdef __cuda_cuda_h__
static const char *errorEnum(CUresult error) {
  const char *name = nullptr;
  cuGetErrorName(error, &name);
  return name;
}
#endif

template <typename T>
void check(T result, const char *what, const char *file, int line) {
  if (result) {
    std::fprintf(stderr, "%s:%d: %s failed: %s\n", file, line, what, errorEnum(result));
    std::exit(EXIT_FAILURE);
  }
}

#ifdef __DRIVER_TYPES_H__
#define checkCudaErrors(val) check((val), #val, __FILE__, __LINE__)
#define getLastCudaError(msg) lastCudaError((msg), __FILE__, __LINE__)

inline void lastCudaError(const char *message, const char *file, int line) {
  cudaError_t error = cudaGetLastError();
  if (error != cudaSuccess) {
    std::fprintf(stderr, "%s:%d: %s: %s\n", file, line, message, cudaGetErrorString(error));
    std::exit(EXIT_FAILURE);
  }
}
#endif

// Vector types: vector_types.h.
#ifdef __VECTOR_TYPES_H__
inline float sumOf(float3 v) { return v.x + v.y + v.z; }
#endif

// Device selection: the runtime (helper_cuda.h's findCudaDevice sits under this guard).
#ifdef __CUDA_RUNTIME_H__
inline int findCudaDevice() {
  int count = 0;
  checkCudaErrors(cudaGetDeviceCount(&count));
  if (count == 0) {
    std::fprintf(stderr, "no device\n");
    std::exit(EXIT_FAILURE);
  }
  cudaDeviceProp props;
  checkCudaErrors(cudaGetDeviceProperties(&props, 0));
  checkCudaErrors(cudaSetDevice(0));
  std::printf("device 0: %s\n", props.name);
  return 0;
}
#endif

// Half precision, once cuda_fp16.h came first.
#ifdef __CUDA_FP16_H__
__host__ __device__ inline float halfToFloat(__half value) { return __half2float(value); }
#endif

// Cooperative groups, once cooperative_groups.h came first.
#ifdef _COOPERATIVE_GROUPS_H_
template <typename Group>
__device__ unsigned int rankIn(const Group &group) {
  return group.thread_rank();
}
#endif

#endif
