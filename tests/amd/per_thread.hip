// hipStreamPerThread on the AMD backend (checked against the HSA stand-in, which runs no
// kernel): each host thread's launches and copies on hipStreamPerThread, and its launches
// through the per-thread-default-stream entry point, go to a queue of that thread's own, and
// synchronising hipStreamPerThread waits for them. Exits 0 and prints "per_thread: PASSED".
#include <hip/hip_runtime.h>
#include <cstdio>
#include <thread>

__global__ void touch(int* data, int value) { data[threadIdx.x] = value; }

static int failures = 0;

#define EXPECT(call)                                                                       \
  do {                                                                                     \
    hipError_t status_ = (call);                                                           \
    if (status_ != hipSuccess) {                                                           \
      std::printf("%s failed: %s\n", #call, hipGetErrorName(status_));                     \
      ++failures;                                                                          \
    }                                                                                      \
  } while (0)

static void work(int* device_data, int value) {
  int host[32] = {};
  touch<<<1, 32, 0, hipStreamPerThread>>>(device_data, value);
  EXPECT(hipGetLastError());
  EXPECT(hipMemcpyAsync(host, device_data, sizeof host, hipMemcpyDeviceToHost, hipStreamPerThread));
  EXPECT(hipStreamSynchronize(hipStreamPerThread));
  EXPECT(hipStreamQuery(hipStreamPerThread));
}

int main() {
  int *first, *second;
  EXPECT(hipMalloc(&first, 128));
  EXPECT(hipMalloc(&second, 128));
  std::thread one(work, first, 1), two(work, second, 2);
  one.join();
  two.join();
  // The legacy null stream and the main thread's per-thread stream are distinct queues.
  touch<<<1, 32>>>(first, 3);
  touch<<<1, 32, 0, hipStreamPerThread>>>(first, 4);
  EXPECT(hipDeviceSynchronize());
  EXPECT(hipFree(first));
  EXPECT(hipFree(second));
  std::printf("per_thread: %s\n", failures ? "FAILED" : "PASSED");
  return failures != 0;
}
