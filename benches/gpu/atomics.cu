// Atomics benchmark: compare-and-swap loops at each scope, in one CUDA source that nvcc and
// oxhip both build. The inline-PTX kernels fix the scope by hand (relaxed
// `atom.cas` at .cta, .gpu and .sys), so one binary shows what the scope itself costs; the
// CUDA-API kernels show what each compiler makes of atomicCAS, atomicCAS_block and
// atomicCAS_system. Prints "<name> <median ms>" per measure, then "check <name> ok|FAILED".
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <vector>

#define CHECK(call)                                                                        \
  do {                                                                                     \
    cudaError_t status_ = (call);                                                          \
    if (status_ != cudaSuccess) {                                                          \
      std::printf("%s:%d: %s: %s\n", __FILE__, __LINE__, #call, cudaGetErrorString(status_)); \
      std::exit(1);                                                                        \
    }                                                                                      \
  } while (0)

static const int THREADS = 1 << 20;
static const int BLOCK = 256;
static const int REPS = 15;
static const int ROUNDS = 16;  // compare-and-swap increments per thread
static const int HOT = 1024;    // counters the contended kernels share

enum Scope { API_GPU, API_BLOCK, API_SYSTEM, PTX_CTA, PTX_GPU, PTX_SYS };

template <int S>
__device__ __forceinline__ unsigned cas(unsigned *address, unsigned compare, unsigned value) {
  unsigned old;
  if (S == API_GPU) return atomicCAS(address, compare, value);
  if (S == API_BLOCK) return atomicCAS_block(address, compare, value);
  if (S == API_SYSTEM) return atomicCAS_system(address, compare, value);
  if (S == PTX_CTA)
    asm volatile("atom.relaxed.cta.global.cas.b32 %0, [%1], %2, %3;"
                 : "=r"(old) : "l"(address), "r"(compare), "r"(value) : "memory");
  if (S == PTX_GPU)
    asm volatile("atom.relaxed.gpu.global.cas.b32 %0, [%1], %2, %3;"
                 : "=r"(old) : "l"(address), "r"(compare), "r"(value) : "memory");
  if (S == PTX_SYS)
    asm volatile("atom.relaxed.sys.global.cas.b32 %0, [%1], %2, %3;"
                 : "=r"(old) : "l"(address), "r"(compare), "r"(value) : "memory");
  return old;
}

// Every thread adds 1, ROUNDS times, by compare-and-swap to one of `counters` words: shared
// by many threads (contended, HOT words) or each its own (spread, one word per thread).
template <int S>
__global__ void cas_add(unsigned *counters, unsigned words) {
  unsigned *word = counters + (blockIdx.x * blockDim.x + threadIdx.x) % words;
  for (int round = 0; round < ROUNDS; ++round) {
    unsigned old = *(volatile unsigned *)word, seen;
    while ((seen = cas<S>(word, old, old + 1)) != old) old = seen;
  }
}

// The same on block-private words in shared memory, added into global memory at the end.
template <int S>
__global__ void cas_add_shared(unsigned *counters) {
  __shared__ unsigned words[32];
  if (threadIdx.x < 32) words[threadIdx.x] = 0;
  __syncthreads();
  unsigned *word = words + threadIdx.x % 32;
  for (int round = 0; round < ROUNDS; ++round) {
    unsigned old = *(volatile unsigned *)word, seen;
    while ((seen = (S == API_BLOCK ? atomicCAS_block(word, old, old + 1)
                                   : atomicCAS(word, old, old + 1))) != old)
      old = seen;
  }
  __syncthreads();
  if (threadIdx.x < 32) atomicAdd(&counters[threadIdx.x], words[threadIdx.x]);
}

template <class Body>
float median_ms(unsigned *counters, size_t bytes, Body body) {
  cudaEvent_t start, stop;
  CHECK(cudaEventCreate(&start));
  CHECK(cudaEventCreate(&stop));
  std::vector<float> times;
  for (int rep = 0; rep < REPS + 2; ++rep) {
    CHECK(cudaMemset(counters, 0, bytes));
    CHECK(cudaEventRecord(start));
    body();
    CHECK(cudaEventRecord(stop));
    CHECK(cudaEventSynchronize(stop));
    float ms = 0;
    CHECK(cudaEventElapsedTime(&ms, start, stop));
    if (rep >= 2) times.push_back(ms);
  }
  CHECK(cudaEventDestroy(start));
  CHECK(cudaEventDestroy(stop));
  std::sort(times.begin(), times.end());
  return times[times.size() / 2];
}

static bool check(unsigned *counters, unsigned words, unsigned long long expected_total) {
  std::vector<unsigned> host(words);
  CHECK(cudaMemcpy(host.data(), counters, words * sizeof(unsigned), cudaMemcpyDeviceToHost));
  unsigned long long total = 0;
  for (unsigned w : host) total += w;
  return total == expected_total;
}

template <int S>
static void measure(const char *name, unsigned *counters, std::vector<const char *> &failed) {
  const unsigned long long total = (unsigned long long)THREADS * ROUNDS;
  float hot = median_ms(counters, THREADS * sizeof(unsigned),
                        [&] { cas_add<S><<<THREADS / BLOCK, BLOCK>>>(counters, HOT); });
  std::printf("cas_hot_%s %.4f\n", name, hot);
  if (!check(counters, HOT, total)) failed.push_back("hot");
  float spread = median_ms(counters, THREADS * sizeof(unsigned),
                           [&] { cas_add<S><<<THREADS / BLOCK, BLOCK>>>(counters, THREADS); });
  std::printf("cas_spread_%s %.4f\n", name, spread);
  if (!check(counters, THREADS, total)) failed.push_back("spread");
}

int main() {
  cudaDeviceProp prop;
  CHECK(cudaGetDeviceProperties(&prop, 0));
  std::printf("# device %s, %d threads x %d compare-and-swap increments, median of %d\n",
              prop.name, THREADS, ROUNDS, REPS);
  unsigned *counters;
  CHECK(cudaMalloc(&counters, THREADS * sizeof(unsigned)));
  std::vector<const char *> failed;
  measure<API_GPU>("atomicCAS", counters, failed);
  measure<API_BLOCK>("atomicCAS_block", counters, failed);
  measure<API_SYSTEM>("atomicCAS_system", counters, failed);
  measure<PTX_CTA>("ptx_cta", counters, failed);
  measure<PTX_GPU>("ptx_gpu", counters, failed);
  measure<PTX_SYS>("ptx_sys", counters, failed);
  const unsigned long long total = (unsigned long long)THREADS * ROUNDS;
  float shared = median_ms(counters, 32 * sizeof(unsigned),
                           [&] { cas_add_shared<API_GPU><<<THREADS / BLOCK, BLOCK>>>(counters); });
  std::printf("cas_shared_atomicCAS %.4f\n", shared);
  if (!check(counters, 32, total)) failed.push_back("shared");
  shared = median_ms(counters, 32 * sizeof(unsigned),
                     [&] { cas_add_shared<API_BLOCK><<<THREADS / BLOCK, BLOCK>>>(counters); });
  std::printf("cas_shared_atomicCAS_block %.4f\n", shared);
  if (!check(counters, 32, total)) failed.push_back("shared_block");
  CHECK(cudaFree(counters));
  if (failed.empty()) {
    std::printf("check all ok\n");
    return 0;
  }
  for (const char *name : failed) std::printf("check %s FAILED\n", name);
  return 1;
}
