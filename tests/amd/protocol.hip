// Launches kernels with arguments of every kind on an AMD GPU, for the protocol test
// (tests/tests/amd_backend.rs) against the HSA stand-in, which runs no kernel: this program
// checks only that every call succeeds; the test reads the stand-in's log of packets and
// kernarg bytes. Each argument has a value the test looks for.
#include <hip/hip_runtime.h>
#include <cstdio>
#include <cstdlib>
#include <cstring>

__constant__ int table[4];
__device__ long long counter;

struct Odd {
  char c;
  double d;
  int i[3];
};

__global__ void many(char a, short b, int c, long long d, float e, double f, int* p, Odd s,
                     unsigned char last) {
  extern __shared__ int scratch[];
  scratch[threadIdx.x] = a + b + c + (int)d + (int)e + (int)f + s.c + s.i[2] + last;
  __syncthreads();
  if (threadIdx.x == 0) p[blockIdx.x] = scratch[blockDim.x - 1] + gridDim.y;
}

__global__ void dims(int* out) {
  out[0] = blockDim.x * blockDim.y * blockDim.z + gridDim.x + gridDim.y + gridDim.z;
}

__global__ void talk(int value) { printf("talk %d\n", value); }

#define CHECK(call)                                                             \
  do {                                                                          \
    hipError_t status = (call);                                                 \
    if (status != hipSuccess) {                                                 \
      std::printf("protocol: %s failed: %s\n", #call, hipGetErrorString(status)); \
      return 1;                                                                 \
    }                                                                           \
  } while (0)

int main() {
  int* buffer = nullptr;
  CHECK(hipMalloc(&buffer, 4096));
  int host[16] = {};
  hipStream_t stream;
  CHECK(hipStreamCreate(&stream));
  // A copy first, so that the launch after it needs a barrier packet on its signal.
  CHECK(hipMemcpyAsync(buffer, host, sizeof host, hipMemcpyHostToDevice, stream));
  Odd odd{'s', 2.5, {7, 8, 9}};
  hipLaunchKernelGGL(many, dim3(3, 2, 1), dim3(64, 2, 1), 256, stream, (char)'A', (short)-2,
                     123456, 0x1122334455667788LL, 1.5f, -0.25, buffer, odd, (unsigned char)0xEE);
  CHECK(hipGetLastError());
  hipEvent_t start, stop;
  CHECK(hipEventCreate(&start));
  CHECK(hipEventCreate(&stop));
  CHECK(hipEventRecord(start, stream));
  hipLaunchKernelGGL(dims, dim3(5, 1, 7), dim3(8, 4, 2), 0, stream, buffer + 100);
  CHECK(hipGetLastError());
  CHECK(hipEventRecord(stop, stream));
  CHECK(hipStreamSynchronize(stream));
  float ms = -1;
  CHECK(hipEventElapsedTime(&ms, start, stop));
  hipLaunchKernelGGL(talk, dim3(1), dim3(1), 0, 0, 77);
  CHECK(hipGetLastError());
  CHECK(hipDeviceSynchronize());
  CHECK(hipMemcpy(host, buffer, sizeof host, hipMemcpyDeviceToHost));
  // A block larger than the kernel allows is refused before anything is queued.
  hipLaunchKernelGGL(dims, dim3(1), dim3(2048), 0, 0, buffer);
  if (hipGetLastError() == hipSuccess) {
    std::printf("protocol: a 2048-thread block was accepted\n");
    return 1;
  }
  // Device variables: the symbol's address comes from the loaded executable, and a copy
  // there and back returns what was written.
  int values[4] = {11, 22, 33, 44}, back[4] = {};
  CHECK(hipMemcpyToSymbol(HIP_SYMBOL(table), values, sizeof values));
  CHECK(hipMemcpyFromSymbol(back, HIP_SYMBOL(table), sizeof back));
  if (std::memcmp(values, back, sizeof values) != 0) {
    std::printf("protocol: __constant__ round trip gave %d %d %d %d\n", back[0], back[1], back[2], back[3]);
    return 1;
  }
  void* address = nullptr;
  size_t size = 0;
  CHECK(hipGetSymbolAddress(&address, HIP_SYMBOL(counter)));
  CHECK(hipGetSymbolSize(&size, HIP_SYMBOL(counter)));
  if (address == nullptr || size != sizeof(long long)) {
    std::printf("protocol: counter at %p, %zu bytes\n", address, size);
    return 1;
  }
  // The module API, with kernelParams and with the packed `extra` form.
  if (const char* path = std::getenv("OXHIP_PROTOCOL_MODULE")) {
    hipModule_t module;
    hipFunction_t function;
    CHECK(hipModuleLoad(&module, path));
    CHECK(hipModuleGetFunction(&function, module, "scale"));
    float* data = reinterpret_cast<float*>(buffer);
    float factor = 0.5f;
    int count = 1000;
    void* params[] = {&data, &factor, &count};
    CHECK(hipModuleLaunchKernel(function, 4, 1, 1, 256, 1, 1, 0, nullptr, params, nullptr));
    struct {
      float* data;
      float factor;
      int count;
    } packed = {data, 4.0f, 77};
    size_t packed_size = sizeof packed;
    void* extra[] = {HIP_LAUNCH_PARAM_BUFFER_POINTER, &packed, HIP_LAUNCH_PARAM_BUFFER_SIZE,
                     &packed_size, HIP_LAUNCH_PARAM_END};
    CHECK(hipModuleLaunchKernel(function, 1, 1, 1, 128, 1, 1, 0, nullptr, nullptr, extra));
    CHECK(hipDeviceSynchronize());
    CHECK(hipModuleUnload(module));
  }
  hipDeviceProp_t props;
  CHECK(hipGetDeviceProperties(&props, 0));
  std::printf("protocol: %s (%s), %d CUs, elapsed %s\n", props.name, props.gcnArchName,
              props.multiProcessorCount, ms >= 0 ? "measured" : "missing");
  CHECK(hipStreamDestroy(stream));
  CHECK(hipFree(buffer));
  std::printf("protocol: PASSED\n");
  return 0;
}
