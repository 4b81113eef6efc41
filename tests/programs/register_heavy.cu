// A CUDA kernel without __launch_bounds__ that keeps 128 floats live across a loop, so the
// JIT gives it far more than 64 registers, launched with blocks of 1,024 and 512 threads.
// nvcc's build of such a kernel launches when its register count fits; oxhip's runtime gives
// such kernels register-limited copies (docs/runtime-api.md, "Register-limited copies") so
// that every block size up to 1,024 launches. On the CPU device and AMD the launch always fits.
// The results are checked against the same arithmetic on the host.
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

#define STATE 128

#define CHECK(call)                                                                    \
  do {                                                                                 \
    cudaError_t status_ = (call);                                                      \
    if (status_ != cudaSuccess) {                                                      \
      std::printf("%s:%d: %s: %s\n", __FILE__, __LINE__, #call, cudaGetErrorString(status_)); \
      std::exit(1);                                                                    \
    }                                                                                  \
  } while (0)

__host__ __device__ inline unsigned int churn(const unsigned int* seed, int rounds) {
  unsigned int state[STATE];
#pragma unroll
  for (int j = 0; j < STATE; ++j) state[j] = seed[j] * 2654435761u + (unsigned int)j;
  for (int round = 0; round < rounds; ++round) {
    unsigned int first = state[0];
#pragma unroll
    for (int j = 0; j < STATE - 1; ++j) state[j] = (state[j] ^ (state[j + 1] >> 3)) + state[(j * 37 + 11) % STATE];
    state[STATE - 1] = (state[STATE - 1] ^ (first >> 3)) + (unsigned int)round;
  }
  unsigned int folded = 0;
#pragma unroll
  for (int j = 0; j < STATE; ++j) folded = folded * 31u + state[j];
  return folded;
}

__global__ void heavy(const unsigned int* seeds, unsigned int* out, int rounds) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  unsigned int seed[STATE];
#pragma unroll
  for (int j = 0; j < STATE; ++j) seed[j] = seeds[(i + j) % 4096];
  out[i] = churn(seed, rounds + (i & 1));
}

int main() {
  int device = 0;
  cudaDeviceProp prop;
  CHECK(cudaGetDevice(&device));
  CHECK(cudaGetDeviceProperties(&prop, device));
  std::printf("register_heavy: device %s\n", prop.name);
  cudaFuncAttributes attributes;
  CHECK(cudaFuncGetAttributes(&attributes, heavy));
  std::printf("register_heavy: %d registers, blocks of at most %d threads as built\n",
              attributes.numRegs, attributes.maxThreadsPerBlock);

  const int blocks = 4, rounds = 9;
  unsigned int host_seeds[4096];
  for (int i = 0; i < 4096; ++i) host_seeds[i] = (unsigned int)i * 7919u + 17u;
  unsigned int *seeds, *out;
  CHECK(cudaMalloc(&seeds, sizeof host_seeds));
  CHECK(cudaMalloc(&out, blocks * 1024 * sizeof(unsigned int)));
  CHECK(cudaMemcpy(seeds, host_seeds, sizeof host_seeds, cudaMemcpyHostToDevice));
  static unsigned int result[4 * 1024];
  long errors = 0;
  for (int threads : {1024, 512, 96}) {
    int n = blocks * threads;
    CHECK(cudaMemset(out, 0, blocks * 1024 * sizeof(unsigned int)));
    heavy<<<blocks, threads>>>(seeds, out, rounds);
    CHECK(cudaGetLastError());
    CHECK(cudaMemcpy(result, out, n * sizeof(unsigned int), cudaMemcpyDeviceToHost));
    long wrong = 0;
    for (int i = 0; i < n; ++i) {
      unsigned int seed[STATE];
      for (int j = 0; j < STATE; ++j) seed[j] = host_seeds[(i + j) % 4096];
      if (result[i] != churn(seed, rounds + (i & 1))) ++wrong;
    }
    std::printf("register_heavy: blocks of %d threads: %ld of %d wrong\n", threads, wrong, n);
    errors += wrong;
  }
  CHECK(cudaFree(seeds));
  CHECK(cudaFree(out));
  std::printf("register_heavy: %s\n", errors == 0 ? "PASSED" : "FAILED");
  return errors == 0 ? 0 : 1;
}
