// A helper header of the kind CUDA projects copy around: it uses the CUDA API and
// defines its checks only when the CUDA runtime header came first.
#pragma once
#include <cstdio>
#include <cuda_runtime.h>
#include "device_ops.cuh"

#ifdef __CUDA_RUNTIME_H__
#define CHECK(call)                                                              \
  do {                                                                           \
    cudaError_t status_ = (call);                                                \
    if (status_ != cudaSuccess) {                                                \
      std::printf("%s:%d: %s\n", __FILE__, __LINE__, cudaGetErrorString(status_)); \
      return 1;                                                                  \
    }                                                                            \
  } while (0)
#endif

#if CUDART_VERSION < 9000
#error "needs CUDA 9"
#endif

inline const char *check_header_file() { return __FILE__; }

#ifdef BROKEN_HEADER
inline void broken() { cudaStream_t stream; cudaStreamCreate(&stream, 42, 43); }
#endif
