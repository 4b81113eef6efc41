// Many host threads using the runtime at once (issue 29). The first phase is the program
// that crashed the CPU device in 9 of 40 runs: 16 threads, each with its own stream,
// launch a small kernel 200 times, synchronise and destroy their stream. Every thread
// waits at a start gate first, so that their first launches (the same kernel, and a kernel
// of its own) race to load the image and resolve the kernel. Later phases churn streams
// and events, the per-thread default stream, allocations and memory pools, and stream
// capture, from every thread at once. Each phase checks its results exactly.
//
// The same executable runs many times in CI (tests/tests/cpu_programs.rs) because the race
// of first launches happens once per process.
#include "check.h"

#include <atomic>
#include <thread>
#include <vector>

constexpr int kThreads = 16;
constexpr int kElements = 256;
constexpr int kLaunches = 200;

__global__ void bump(int* data, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) data[i] += 1;
}

// One kernel per thread in the first phase: sixteen first launches of different kernels.
template <int K>
__global__ void mark(int* data, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) data[i] = K * 1000;
}

// A kernel that synchronises (so it runs as split loops or fibers on the CPU device).
__global__ void block_sum(const int* in, int* out) {
  __shared__ int partial[64];
  partial[threadIdx.x] = in[blockIdx.x * 64 + threadIdx.x];
  __syncthreads();
  for (int stride = 32; stride > 0; stride /= 2) {
    if ((int)threadIdx.x < stride) partial[threadIdx.x] += partial[threadIdx.x + stride];
    __syncthreads();
  }
  if (threadIdx.x == 0) out[blockIdx.x] = partial[0];
}

using Marker = void (*)(int*, int);

template <int... K>
static std::vector<Marker> markers(std::integer_sequence<int, K...>) {
  return {mark<K>...};
}

static std::atomic<long long> errors{0};

// All threads of a phase start together, so that their first calls overlap.
struct Gate {
  std::atomic<int> arrived{0};
  void wait(int count) {
    arrived.fetch_add(1);
    while (arrived.load() < count) std::this_thread::yield();
  }
};

template <typename Body>
static void in_threads(Body body) {
  Gate gate;
  std::vector<std::thread> threads;
  for (int t = 0; t < kThreads; ++t)
    threads.emplace_back([&, t] {
      gate.wait(kThreads);
      body(t);
    });
  for (auto& thread : threads) thread.join();
}

static void expect_all(const int* data, int n, int value, const char* what, int thread) {
  for (int i = 0; i < n; ++i)
    if (data[i] != value) {
      std::fprintf(stderr, "%s (thread %d): element %d is %d, expected %d\n", what, thread, i,
                   data[i], value);
      ++errors;
      return;
    }
}

// The issue's program, with first launches of different kernels before the shared one.
static void first_launches() {
  std::vector<int*> buffers(kThreads), own(kThreads);
  for (int t = 0; t < kThreads; ++t) {
    CHECK(hipMalloc(&buffers[t], kElements * sizeof(int)));
    CHECK(hipMalloc(&own[t], kElements * sizeof(int)));
    CHECK(hipMemset(buffers[t], 0, kElements * sizeof(int)));
  }
  std::vector<Marker> kernels = markers(std::make_integer_sequence<int, kThreads>());
  in_threads([&](int t) {
    hipStream_t stream;
    CHECK(hipStreamCreate(&stream));
    hipLaunchKernelGGL(kernels[t], dim3(kElements / 64), dim3(64), 0, stream, own[t], kElements);
    CHECK(hipGetLastError());
    for (int i = 0; i < kLaunches; ++i)
      hipLaunchKernelGGL(bump, dim3(kElements / 64), dim3(64), 0, stream, buffers[t], kElements);
    CHECK(hipGetLastError());
    CHECK(hipStreamSynchronize(stream));
    CHECK(hipStreamDestroy(stream));
  });
  std::vector<int> host(kElements);
  for (int t = 0; t < kThreads; ++t) {
    CHECK(hipMemcpy(host.data(), buffers[t], kElements * sizeof(int), hipMemcpyDeviceToHost));
    expect_all(host.data(), kElements, kLaunches, "first launches, shared kernel", t);
    CHECK(hipMemcpy(host.data(), own[t], kElements * sizeof(int), hipMemcpyDeviceToHost));
    expect_all(host.data(), kElements, t * 1000, "first launches, own kernel", t);
    CHECK(hipFree(buffers[t]));
    CHECK(hipFree(own[t]));
  }
}

// Streams and events created, used across streams and destroyed in every thread at once;
// kernels that synchronise; the per-thread default stream.
static void stream_and_event_churn() {
  in_threads([&](int t) {
    CHECK(hipSetDevice(0));
    int* in;
    int* out;
    CHECK(hipMalloc(&in, 4 * 64 * sizeof(int)));
    CHECK(hipMalloc(&out, 4 * sizeof(int)));
    std::vector<int> host(4 * 64, t + 1);
    for (int round = 0; round < 20; ++round) {
      hipStream_t producer, consumer;
      CHECK(hipStreamCreateWithFlags(&producer, hipStreamNonBlocking));
      CHECK(hipStreamCreate(&consumer));
      hipEvent_t copied, done;
      CHECK(hipEventCreate(&copied));
      CHECK(hipEventCreateWithFlags(&done, hipEventDisableTiming));
      CHECK(hipMemcpyAsync(in, host.data(), host.size() * sizeof(int), hipMemcpyHostToDevice,
                           producer));
      CHECK(hipEventRecord(copied, producer));
      CHECK(hipStreamWaitEvent(consumer, copied, 0));
      hipLaunchKernelGGL(block_sum, dim3(4), dim3(64), 0, consumer, in, out);
      CHECK(hipGetLastError());
      CHECK(hipEventRecord(done, consumer));
      CHECK(hipEventSynchronize(done));
      int sums[4];
      CHECK(hipMemcpyAsync(sums, out, sizeof sums, hipMemcpyDeviceToHost, hipStreamPerThread));
      CHECK(hipStreamSynchronize(hipStreamPerThread));
      for (int b = 0; b < 4; ++b)
        if (sums[b] != 64 * (t + 1)) {
          std::fprintf(stderr, "churn (thread %d): block %d sums to %d\n", t, b, sums[b]);
          ++errors;
        }
      CHECK(hipEventDestroy(copied));
      CHECK(hipEventDestroy(done));
      CHECK(hipStreamDestroy(producer));
      CHECK(hipStreamDestroy(consumer));
    }
    // The per-thread default stream runs each thread's work in order.
    for (int i = 0; i < 10; ++i)
      hipLaunchKernelGGL(bump, dim3(1), dim3(64), 0, hipStreamPerThread, in, 64);
    CHECK(hipGetLastError());
    CHECK(hipStreamSynchronize(hipStreamPerThread));
    CHECK(hipMemcpy(host.data(), in, 64 * sizeof(int), hipMemcpyDeviceToHost));
    expect_all(host.data(), 64, t + 1 + 10, "per-thread stream", t);
    CHECK(hipFree(in));
    CHECK(hipFree(out));
  });
}

// Allocations of every kind in parallel, and stream-ordered allocation from the default
// pool and from a pool each thread makes.
static void allocations() {
  in_threads([&](int t) {
    hipStream_t stream;
    CHECK(hipStreamCreate(&stream));
    hipMemPool_t own_pool;
    hipMemPoolProps props = {};
    props.allocType = hipMemAllocationTypePinned;
    props.location.type = hipMemLocationTypeDevice;
    props.location.id = 0;
    CHECK(hipMemPoolCreate(&own_pool, &props));
    for (int round = 0; round < 25; ++round) {
      size_t count = 64 + 64 * ((t + round) % 8);
      int* device;
      int* pinned;
      int* from_pool;
      int* from_own_pool;
      CHECK(hipMalloc(&device, count * sizeof(int)));
      CHECK(hipHostMalloc(&pinned, count * sizeof(int), hipHostMallocDefault));
      CHECK(hipMallocAsync(&from_pool, count * sizeof(int), stream));
      CHECK(hipMallocFromPoolAsync(&from_own_pool, count * sizeof(int), own_pool, stream));
      CHECK(hipMemsetAsync(device, 0, count * sizeof(int), stream));
      hipLaunchKernelGGL(bump, dim3((count + 63) / 64), dim3(64), 0, stream, device, (int)count);
      CHECK(hipMemcpyAsync(from_pool, device, count * sizeof(int), hipMemcpyDeviceToDevice,
                           stream));
      hipLaunchKernelGGL(bump, dim3((count + 63) / 64), dim3(64), 0, stream, from_pool,
                         (int)count);
      CHECK(hipMemcpyAsync(from_own_pool, from_pool, count * sizeof(int),
                           hipMemcpyDeviceToDevice, stream));
      CHECK(hipMemcpyAsync(pinned, from_own_pool, count * sizeof(int), hipMemcpyDeviceToHost,
                           stream));
      CHECK(hipFreeAsync(from_pool, stream));
      CHECK(hipFreeAsync(from_own_pool, stream));
      CHECK(hipStreamSynchronize(stream));
      expect_all(pinned, (int)count, 2, "allocations", t);
      CHECK(hipHostFree(pinned));
      CHECK(hipFree(device));
    }
    CHECK(hipStreamDestroy(stream));
    CHECK(hipMemPoolDestroy(own_pool));
  });
}

// Every thread captures its own stream into a graph at the same time (thread-local mode, so
// that one thread's capture does not forbid the others' calls), then replays it.
static void captures() {
  in_threads([&](int t) {
    hipStream_t stream;
    CHECK(hipStreamCreate(&stream));
    int* data;
    CHECK(hipMalloc(&data, kElements * sizeof(int)));
    CHECK(hipMemset(data, 0, kElements * sizeof(int)));
    CHECK(hipStreamBeginCapture(stream, t % 2 ? hipStreamCaptureModeThreadLocal
                                               : hipStreamCaptureModeRelaxed));
    for (int i = 0; i <= t; ++i)
      hipLaunchKernelGGL(bump, dim3(kElements / 64), dim3(64), 0, stream, data, kElements);
    hipGraph_t graph;
    CHECK(hipStreamEndCapture(stream, &graph));
    hipGraphExec_t exec;
    CHECK(hipGraphInstantiate(&exec, graph, nullptr, nullptr, 0));
    for (int replay = 0; replay < 5; ++replay) CHECK(hipGraphLaunch(exec, stream));
    CHECK(hipStreamSynchronize(stream));
    std::vector<int> host(kElements);
    CHECK(hipMemcpy(host.data(), data, kElements * sizeof(int), hipMemcpyDeviceToHost));
    expect_all(host.data(), kElements, 5 * (t + 1), "capture", t);
    CHECK(hipGraphExecDestroy(exec));
    CHECK(hipGraphDestroy(graph));
    CHECK(hipFree(data));
    CHECK(hipStreamDestroy(stream));
  });
}

int main() {
  first_launches();
  print_device("concurrent_launches");
  stream_and_event_churn();
  allocations();
  captures();
  CHECK(hipDeviceSynchronize());
  return finish("concurrent_launches", errors.load());
}
