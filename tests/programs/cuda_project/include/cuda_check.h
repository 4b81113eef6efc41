// Error checking and device selection in the style CUDA projects copy from project to
// project: the helpers exist only when the CUDA runtime header came first, and a
// version test picks the API.
#ifndef CUDA_PROJECT_CHECK_H
#define CUDA_PROJECT_CHECK_H

#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

#ifdef __CUDA_RUNTIME_H__
#define checkCuda(call) check_cuda((call), #call, __FILE__, __LINE__)

inline void check_cuda(cudaError_t status, const char *what, const char *file, int line) {
  if (status != cudaSuccess) {
    std::fprintf(stderr, "%s:%d: %s failed: %s (%s)\n", file, line, what,
                 cudaGetErrorString(status), cudaGetErrorName(status));
    std::exit(EXIT_FAILURE);
  }
}

inline int find_device() {
  int count = 0;
  checkCuda(cudaGetDeviceCount(&count));
  if (count == 0) {
    std::fprintf(stderr, "no device\n");
    std::exit(EXIT_FAILURE);
  }
  cudaDeviceProp props;
  checkCuda(cudaGetDeviceProperties(&props, 0));
#if CUDART_VERSION >= 11000
  std::printf("device 0: %s, compute capability %d.%d, %d SMs\n", props.name, props.major,
              props.minor, props.multiProcessorCount);
#else
#error "the CUDA 11 path is expected"
#endif
  checkCuda(cudaSetDevice(0));
  return 0;
}
#endif

#endif
