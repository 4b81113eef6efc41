// Host code of the CUDA program in a .cpp file, as nvcc compiles it: the CUDA runtime
// API without device code.
#include <cmath>
#include <vector>

#include "cuda_check.h"
#include "kernels.cuh"

int run_pipeline(int n) {
  std::vector<float> x(n), y(n);
  for (int i = 0; i < n; ++i) {
    x[i] = float(i % 17);
    y[i] = 1.0f;
  }
  float *dx = nullptr, *dy = nullptr, *dsum = nullptr;
  checkCuda(cudaMalloc(&dx, n * sizeof(float)));
  checkCuda(cudaMalloc(&dy, n * sizeof(float)));
  checkCuda(cudaMalloc(&dsum, sizeof(float)));
  cudaStream_t stream;
  checkCuda(cudaStreamCreateWithFlags(&stream, cudaStreamNonBlocking));
  cudaEvent_t start, stop;
  checkCuda(cudaEventCreate(&start));
  checkCuda(cudaEventCreate(&stop));
  checkCuda(cudaMemcpyAsync(dx, x.data(), n * sizeof(float), cudaMemcpyHostToDevice, stream));
  checkCuda(cudaMemcpyAsync(dy, y.data(), n * sizeof(float), cudaMemcpyHostToDevice, stream));
  checkCuda(cudaEventRecord(start, stream));
  launch_saxpy(2.0f, dx, dy, n, stream);
  launch_sum(dy, dsum, n, stream);
  checkCuda(cudaEventRecord(stop, stream));
  float total = 0.0f;
  checkCuda(cudaMemcpyAsync(y.data(), dy, n * sizeof(float), cudaMemcpyDeviceToHost, stream));
  checkCuda(cudaMemcpyAsync(&total, dsum, sizeof(float), cudaMemcpyDeviceToHost, stream));
  checkCuda(cudaStreamSynchronize(stream));
  float ms = -1.0f;
  checkCuda(cudaEventElapsedTime(&ms, start, stop));
  int failures = 0;
  double expected_total = 0.0;
  for (int i = 0; i < n; ++i) {
    float expected = saxpy_value(2.0f, float(i % 17), 1.0f, 0.5f);
    expected_total += expected;
    if (y[i] != expected && failures++ < 5) {
      std::printf("y[%d] = %f, expected %f\n", i, y[i], expected);
    }
  }
  if (std::abs(total - expected_total) > 1e-4 * expected_total) {
    std::printf("sum %f, expected %f\n", total, expected_total);
    ++failures;
  }
  if (ms < 0.0f) {
    std::printf("elapsed time %f\n", ms);
    ++failures;
  }
  checkCuda(cudaEventDestroy(start));
  checkCuda(cudaEventDestroy(stop));
  checkCuda(cudaStreamDestroy(stream));
  checkCuda(cudaFree(dx));
  checkCuda(cudaFree(dy));
  checkCuda(cudaFree(dsum));
  return failures;
}
