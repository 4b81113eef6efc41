// Streams and events: work queued on two streams with asynchronous copies,
// ordered across streams by hipStreamWaitEvent, timed with events, and checked
// after hipStreamSynchronize / hipEventSynchronize / hipDeviceSynchronize.
#include "check.h"
#include <vector>

__global__ void add_value(int* p, int n, int value) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) p[i] += value;
}

__global__ void double_it(int* p, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) p[i] *= 2;
}

int main() {
  print_device("streams_events");
  long long errors = 0;
  const int n = 1 << 20;
  std::vector<int> host(n), back(n);
  for (int i = 0; i < n; ++i) host[i] = i;
  int* d;
  CHECK(hipMalloc(&d, n * sizeof(int)));
  hipStream_t first, second;
  CHECK(hipStreamCreate(&first));
  CHECK(hipStreamCreate(&second));
  hipEvent_t start, copied, done;
  CHECK(hipEventCreate(&start));
  CHECK(hipEventCreate(&copied));
  CHECK(hipEventCreate(&done));

  CHECK(hipEventRecord(start, first));
  CHECK(hipMemcpyAsync(d, host.data(), n * sizeof(int), hipMemcpyHostToDevice, first));
  add_value<<<(n + 255) / 256, 256, 0, first>>>(d, n, 5);
  CHECK(hipGetLastError());
  CHECK(hipEventRecord(copied, first));
  // The second stream must see the first stream's work: (i + 5) * 2.
  CHECK(hipStreamWaitEvent(second, copied, 0));
  double_it<<<(n + 255) / 256, 256, 0, second>>>(d, n);
  CHECK(hipGetLastError());
  CHECK(hipEventRecord(done, second));
  CHECK(hipMemcpyAsync(back.data(), d, n * sizeof(int), hipMemcpyDeviceToHost, second));
  CHECK(hipStreamSynchronize(second));
  for (int i = 0; i < n; ++i)
    if (back[i] != (i + 5) * 2) ++errors;

  CHECK(hipEventSynchronize(done));
  CHECK(hipEventQuery(done));
  CHECK(hipStreamQuery(first));
  float ms = -1.0f;
  CHECK(hipEventElapsedTime(&ms, start, done));
  if (!(ms >= 0.0f)) {
    std::printf("streams_events: elapsed time %f ms\n", ms);
    ++errors;
  }

  // The null stream orders after the created streams' work.
  add_value<<<(n + 255) / 256, 256, 0, first>>>(d, n, 1);
  CHECK(hipMemset(d, 0, sizeof(int)));
  CHECK(hipMemcpy(back.data(), d, n * sizeof(int), hipMemcpyDeviceToHost));
  if (back[0] != 0 || back[1] != 13 || back[n - 1] != (n - 1 + 5) * 2 + 1) {
    std::printf("streams_events: null stream order: %d %d %d\n", back[0], back[1], back[n - 1]);
    ++errors;
  }

  CHECK(hipDeviceSynchronize());
  CHECK(hipEventDestroy(start));
  CHECK(hipEventDestroy(copied));
  CHECK(hipEventDestroy(done));
  CHECK(hipStreamDestroy(first));
  CHECK(hipStreamDestroy(second));
  CHECK(hipFree(d));
  return finish("streams_events", errors);
}
