// Asynchronous streams: launches and copies on created streams return before they run,
// so the runtime must copy kernel arguments (the launch's argument array lives in the
// caller's frame) and pageable copy sources, run each stream in order, order streams
// through events, and make the null stream and hipDeviceSynchronize wait for them.
#include "check.h"
#include <cstring>
#include <vector>

struct Big {
  double weights[4];
  int bias;
};

struct Pair {
  int a, b, c;
};

// p = p * 2 + step, in launch order: any reordering or lost argument changes the result.
__global__ void fold(long long* p, int step, Big big, Pair pair) {
  if (threadIdx.x == 0 && blockIdx.x == 0)
    *p = *p * 2 + step + (long long)big.weights[3] + big.bias + pair.c - pair.a;
}

// A long single-thread loop (a recurrence the compiler cannot shorten).
__global__ void spin(unsigned long long* out, long long iterations, unsigned long long seed) {
  unsigned long long x = seed;
  for (long long i = 0; i < iterations; ++i) x = x * 6364136223846793005ull + 1442695040888963407ull;
  *out = x;
}

__global__ void copy_if_ready(const unsigned long long* in, unsigned long long* out) {
  *out = *in + 1;
}

// Waits until the host opens the gate (CPU device only: its device memory is host memory);
// gives up after a few seconds, so that a runtime that runs launches before returning
// fails the check below instead of hanging.
__global__ void wait_for_gate(int* gate, int* seen) {
  for (long long spins = 0; spins < 2000000000LL; ++spins) {
    if (__hip_atomic_load(gate, __ATOMIC_ACQUIRE, __HIP_MEMORY_SCOPE_SYSTEM) != 0) {
      *seen = 1;
      return;
    }
  }
  *seen = 2;
}

__global__ void fill(int* p, int n, int value) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) p[i] = value;
}

static unsigned long long spin_on_host(long long iterations, unsigned long long seed) {
  unsigned long long x = seed;
  for (long long i = 0; i < iterations; ++i) x = x * 6364136223846793005ull + 1442695040888963407ull;
  return x;
}

int main() {
  print_device("async_streams");
  long long errors = 0;
  hipDeviceProp_t props;
  CHECK(hipGetDeviceProperties(&props, 0));
  bool cpu = std::strcmp(props.gcnArchName, "host") == 0;

  hipStream_t a, b;
  CHECK(hipStreamCreate(&a));
  CHECK(hipStreamCreate(&b));

  // 1. Arguments are taken at launch time: the values change right after each launch.
  long long* folded;
  CHECK(hipMalloc(&folded, sizeof(long long)));
  CHECK(hipMemsetAsync(folded, 0, sizeof(long long), a));
  long long expected = 0;
  for (int step = 1; step <= 20; ++step) {
    Big big = {{0.0, 0.0, 0.0, (double)step}, -step};
    Pair pair = {step, 0, step};
    fold<<<1, 32, 0, a>>>(folded, step, big, pair);
    CHECK(hipGetLastError());
    big.weights[3] = 1e9;
    pair.c = 12345;
    expected = expected * 2 + step + step - step + step - step;
  }
  long long result = -1;
  CHECK(hipMemcpyAsync(&result, folded, sizeof result, hipMemcpyDeviceToHost, a));
  CHECK(hipStreamSynchronize(a));
  if (result != expected) {
    std::printf("async_streams: folded %lld, expected %lld\n", result, expected);
    ++errors;
  }

  // 2. A long kernel on stream a; stream b waits for it through an event.
  const long long iterations = 20000000;
  const unsigned long long seed = 12345;
  unsigned long long *spun, *after;
  CHECK(hipMalloc(&spun, sizeof *spun));
  CHECK(hipMalloc(&after, sizeof *after));
  CHECK(hipMemset(spun, 0, sizeof *spun));
  hipEvent_t start, spun_event, end;
  CHECK(hipEventCreate(&start));
  CHECK(hipEventCreate(&spun_event));
  CHECK(hipEventCreate(&end));
  CHECK(hipEventRecord(start, a));
  spin<<<1, 1, 0, a>>>(spun, iterations, seed);
  CHECK(hipGetLastError());
  CHECK(hipEventRecord(spun_event, a));
  hipError_t query = hipStreamQuery(a);
  hipError_t event_query = hipEventQuery(spun_event);
  // GPUs may finish first; the CPU device must have returned before running the loop.
  if (query != hipSuccess && query != hipErrorNotReady) ++errors;
  if (event_query != hipSuccess && event_query != hipErrorNotReady) ++errors;
  CHECK(hipStreamWaitEvent(b, spun_event, 0));
  copy_if_ready<<<1, 1, 0, b>>>(spun, after);
  CHECK(hipGetLastError());
  CHECK(hipEventRecord(end, b));
  CHECK(hipEventSynchronize(end));
  CHECK(hipEventQuery(spun_event));
  unsigned long long host_after = 0;
  CHECK(hipMemcpy(&host_after, after, sizeof host_after, hipMemcpyDeviceToHost));
  unsigned long long want = spin_on_host(iterations, seed);
  if (host_after != want + 1) {
    std::printf("async_streams: stream b saw %llu, expected %llu\n", host_after, want + 1);
    ++errors;
  }
  float ms = -1.0f;
  CHECK(hipEventElapsedTime(&ms, start, end));
  if (!(ms > 0.0f)) {
    std::printf("async_streams: elapsed %f ms\n", ms);
    ++errors;
  }

  // On the CPU device a launch returns before it runs: a kernel that waits for the host
  // is still pending when the launch returns, and completes once the host lets it go.
  if (cpu) {
    int *gate, *seen;
    CHECK(hipMalloc(&gate, sizeof(int)));
    CHECK(hipMalloc(&seen, sizeof(int)));
    *gate = 0;
    *seen = 0;
    hipEvent_t gated;
    CHECK(hipEventCreate(&gated));
    wait_for_gate<<<1, 1, 0, a>>>(gate, seen);
    CHECK(hipGetLastError());
    CHECK(hipEventRecord(gated, a));
    hipError_t pending = hipStreamQuery(a), event_pending = hipEventQuery(gated);
    if (pending != hipErrorNotReady || event_pending != hipErrorNotReady) {
      std::printf("async_streams: stream query %s, event query %s while a kernel waits\n",
                  hipGetErrorName(pending), hipGetErrorName(event_pending));
      ++errors;
    }
    (void)hipGetLastError();
    __atomic_store_n(gate, 1, __ATOMIC_RELEASE);
    CHECK(hipEventSynchronize(gated));
    CHECK(hipStreamQuery(a));
    if (*seen != 1) ++errors;
    CHECK(hipEventDestroy(gated));
    CHECK(hipFree(gate));
    CHECK(hipFree(seen));
  }

  // 3. A pageable source may be reused as soon as hipMemcpyAsync returns.
  const int n = 1 << 16;
  int* device;
  CHECK(hipMalloc(&device, n * sizeof(int)));
  spin<<<1, 1, 0, a>>>(spun, iterations / 4, seed);
  std::vector<int> staging(n, 3);
  CHECK(hipMemcpyAsync(device, staging.data(), n * sizeof(int), hipMemcpyHostToDevice, a));
  std::fill(staging.begin(), staging.end(), 9);
  CHECK(hipStreamSynchronize(a));
  std::vector<int> back(n, 0);
  CHECK(hipMemcpy(back.data(), device, n * sizeof(int), hipMemcpyDeviceToHost));
  for (int i = 0; i < n; ++i) errors += back[i] != 3;

  // 4. The null stream waits for blocking streams: a synchronous copy sees the fill.
  spin<<<1, 1, 0, b>>>(spun, iterations / 4, seed);
  fill<<<(n + 255) / 256, 256, 0, b>>>(device, n, 42);
  CHECK(hipMemcpy(back.data(), device, n * sizeof(int), hipMemcpyDeviceToHost));
  for (int i = 0; i < n; ++i) errors += back[i] != 42;

  // 5. hipDeviceSynchronize waits for every stream.
  fill<<<(n + 255) / 256, 256, 0, a>>>(device, n / 2, 7);
  spin<<<1, 1, 0, b>>>(spun, iterations / 4, seed + 1);
  CHECK(hipDeviceSynchronize());
  CHECK(hipStreamQuery(a));
  CHECK(hipStreamQuery(b));
  unsigned long long host_spun = 0;
  CHECK(hipMemcpy(&host_spun, spun, sizeof host_spun, hipMemcpyDeviceToHost));
  if (host_spun != spin_on_host(iterations / 4, seed + 1)) ++errors;

  CHECK(hipEventDestroy(start));
  CHECK(hipEventDestroy(spun_event));
  CHECK(hipEventDestroy(end));
  CHECK(hipStreamDestroy(a));
  CHECK(hipStreamDestroy(b));
  CHECK(hipFree(folded));
  CHECK(hipFree(spun));
  CHECK(hipFree(after));
  CHECK(hipFree(device));
  return finish("async_streams", errors);
}
