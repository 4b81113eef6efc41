// hipDeviceReset while other threads are working (issue 29): the reset destroys every
// stream, event, pool and allocation of the device, so calls that other threads make with
// handles from before it must fail with an error, never crash the process or hang. Workers
// churn streams, events, captures, launches, allocations, pools and copies while the main
// thread resets the device five times. Every call must succeed or return one of the errors
// a destroyed handle gives. Afterwards, one more reset and the device must work as new.
//
// Device memory does not cross a reset (see `memory` below): that is the program's duty, as
// HIP and CUDA say. Workers launch only kernels without pointer arguments, for the same
// reason.
#include "check.h"

#include <atomic>
#include <chrono>
#include <mutex>
#include <shared_mutex>
#include <thread>
#include <vector>

constexpr int kWorkers = 8;
constexpr int kElements = 256;

__device__ unsigned int ticks;

__global__ void tick() { atomicAdd(&ticks, 1u); }

__global__ void fill(int* data, int n, int value) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) data[i] = value;
}

static std::atomic<bool> stop{false};
static std::atomic<long long> unexpected{0};
static std::atomic<long long> refused{0};
static std::atomic<long long> succeeded{0};

// The errors a call may get for a handle or pointer that a reset destroyed, or for a capture
// that the reset ended.
static bool after_reset(hipError_t status) {
  switch (status) {
    case hipErrorInvalidValue:
    case hipErrorInvalidDevicePointer:
    case hipErrorInvalidHandle:
    case hipErrorInvalidContext:
    case hipErrorContextIsDestroyed:
    case hipErrorIllegalState:
    case hipErrorStreamCaptureInvalidated:
      return true;
    default:
      return false;
  }
}

// Records the outcome of one call; false when it failed (the worker starts its round again).
static bool ok(hipError_t status, const char* what, int worker) {
  if (status == hipSuccess) {
    ++succeeded;
    return true;
  }
  (void)hipGetLastError();
  if (after_reset(status)) {
    ++refused;
  } else {
    ++unexpected;
    std::fprintf(stderr, "worker %d: %s: %s\n", worker, what, hipGetErrorName(status));
  }
  return false;
}

// Device memory and a reset never overlap: a reset frees the device's memory, and the driver
// may give the same addresses to the next allocations, so a pointer from before a reset can
// name another thread's new buffer. As HIP and CUDA say, it is the program that keeps other
// threads off the device's memory while it resets: the workers hold this lock (shared) from
// allocating a buffer to freeing it, and the main thread holds it (alone) while it resets.
// Handles (streams, events, graphs) do cross resets: the runtime must refuse them after one.
static std::shared_mutex memory;

// One round's work on device memory, all of it done before the lock is released.
static void use_memory(int worker, hipStream_t stream, const std::vector<int>& host) {
  std::shared_lock<std::shared_mutex> held(memory);
  int* device = nullptr;
  int* pooled = nullptr;
  if (!ok(hipMalloc(&device, kElements * sizeof(int)), "hipMalloc", worker)) return;
  if (ok(hipMallocAsync(&pooled, kElements * sizeof(int), stream), "hipMallocAsync", worker)) {
    ok(hipMemcpyAsync(device, host.data(), kElements * sizeof(int), hipMemcpyHostToDevice,
                      stream),
       "hipMemcpyAsync", worker);
    ok(hipMemcpyAsync(pooled, device, kElements * sizeof(int), hipMemcpyDeviceToDevice, stream),
       "hipMemcpyAsync", worker);
    if (!ok(hipFreeAsync(pooled, stream), "hipFreeAsync", worker))
      ok(hipFree(pooled), "hipFree", worker);
  }
  // The stream may be one a reset destroyed: then nothing was queued on it.
  ok(hipStreamSynchronize(stream), "hipStreamSynchronize", worker);
  ok(hipMemcpy(device, host.data(), kElements * sizeof(int), hipMemcpyHostToDevice), "hipMemcpy",
     worker);
  std::vector<int> back(kElements);
  ok(hipMemcpy(back.data(), device, kElements * sizeof(int), hipMemcpyDeviceToHost), "hipMemcpy",
     worker);
  if (back != host) {
    ++unexpected;
    std::fprintf(stderr, "worker %d: the copy came back changed\n", worker);
  }
  ok(hipFree(device), "hipFree", worker);
}

static void work(int worker) {
  std::vector<int> host(kElements, worker);
  while (!stop.load()) {
    hipStream_t stream = nullptr;
    hipEvent_t event = nullptr;
    if (!ok(hipStreamCreateWithFlags(&stream, hipStreamNonBlocking), "hipStreamCreate", worker))
      continue;
    if (ok(hipEventCreate(&event), "hipEventCreate", worker)) {
      hipLaunchKernelGGL(tick, dim3(1), dim3(32), 0, stream);
      ok(hipGetLastError(), "launch", worker);
      ok(hipEventRecord(event, stream), "hipEventRecord", worker);
      ok(hipStreamWaitEvent(stream, event, 0), "hipStreamWaitEvent", worker);
      use_memory(worker, stream, host);
      ok(hipEventSynchronize(event), "hipEventSynchronize", worker);
      if (worker % 2 == 0) {
        // A capture of its own, replayed once.
        if (ok(hipStreamBeginCapture(stream, hipStreamCaptureModeThreadLocal),
               "hipStreamBeginCapture", worker)) {
          hipLaunchKernelGGL(tick, dim3(1), dim3(32), 0, stream);
          hipGraph_t graph = nullptr;
          if (ok(hipStreamEndCapture(stream, &graph), "hipStreamEndCapture", worker)) {
            hipGraphExec_t exec = nullptr;
            if (ok(hipGraphInstantiate(&exec, graph, nullptr, nullptr, 0), "hipGraphInstantiate",
                   worker)) {
              ok(hipGraphLaunch(exec, stream), "hipGraphLaunch", worker);
              ok(hipGraphExecDestroy(exec), "hipGraphExecDestroy", worker);
            }
            ok(hipGraphDestroy(graph), "hipGraphDestroy", worker);
          }
        }
      }
      ok(hipStreamSynchronize(stream), "hipStreamSynchronize", worker);
      ok(hipEventDestroy(event), "hipEventDestroy", worker);
    }
    ok(hipStreamDestroy(stream), "hipStreamDestroy", worker);
  }
}

int main() {
  print_device("concurrent_reset");
  std::vector<std::thread> workers;
  for (int w = 0; w < kWorkers; ++w) workers.emplace_back(work, w);
  // Each reset comes once the workers are busy (a few hundred calls since the last one),
  // whatever the device: a GPU's first context takes far longer to make than the CPU
  // device's. A second at most, so that a stuck worker cannot hold the test up.
  for (int reset = 0; reset <= 5; ++reset) {
    long long start = succeeded.load();
    for (int waited = 0; waited < 1000 && succeeded.load() < start + 300; ++waited)
      std::this_thread::sleep_for(std::chrono::milliseconds(1));
    // Five resets, then a last stretch of work before the workers stop.
    if (reset < 5) {
      std::unique_lock<std::shared_mutex> alone(memory);
      CHECK(hipDeviceReset());
    }
  }
  stop = true;
  for (auto& thread : workers) thread.join();
  std::fprintf(stderr, "concurrent_reset: %lld calls succeeded, %lld refused after a reset\n",
               succeeded.load(), refused.load());

  // A last reset, then the device works as new.
  CHECK(hipDeviceReset());
  int* data;
  CHECK(hipMalloc(&data, kElements * sizeof(int)));
  hipStream_t stream;
  CHECK(hipStreamCreate(&stream));
  hipLaunchKernelGGL(fill, dim3(kElements / 64), dim3(64), 0, stream, data, kElements, 42);
  CHECK(hipGetLastError());
  CHECK(hipStreamSynchronize(stream));
  std::vector<int> host(kElements);
  CHECK(hipMemcpy(host.data(), data, kElements * sizeof(int), hipMemcpyDeviceToHost));
  long long errors = unexpected.load();
  for (int value : host) errors += value != 42;
  CHECK(hipStreamDestroy(stream));
  CHECK(hipFree(data));
  return finish("concurrent_reset", errors);
}
