// The module API from many threads at once (issue 29): modules loaded, resolved, launched
// and unloaded in parallel. Each round of the first phase loads a fresh module, so its
// image is loaded and its kernels resolved for the first time by sixteen threads at once:
// the race that crashed the CPU device, repeated inside one process. Every thread must get
// the same function handle and the same variable address (one loaded image per module,
// not one per racing thread).
#include "../check.h"
#include "../module_file.h"

#include <atomic>
#include <chrono>
#include <thread>

constexpr int kThreads = 16;
constexpr int kElements = 128;

static std::atomic<long long> errors{0};

#define EXPECT(condition)                                                          \
  do {                                                                             \
    if (!(condition)) {                                                            \
      std::fprintf(stderr, "%s:%d: expected %s\n", __FILE__, __LINE__, #condition); \
      ++errors;                                                                    \
    }                                                                              \
  } while (0)

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

// Launches add_offset into `out` on `stream` and checks every element is i + offset.
static void add_and_check(hipFunction_t function, int* out, hipStream_t stream, int offset) {
  int n = kElements;
  void* args[] = {&out, &n};
  CHECK(hipModuleLaunchKernel(function, kElements / 64, 1, 1, 64, 1, 1, 0, stream, args,
                              nullptr));
  CHECK(hipStreamSynchronize(stream));
  int host[kElements];
  CHECK(hipMemcpy(host, out, sizeof host, hipMemcpyDeviceToHost));
  for (int i = 0; i < kElements; ++i)
    if (host[i] != i + offset) {
      std::fprintf(stderr, "element %d is %d, expected %d\n", i, host[i], i + offset);
      ++errors;
      return;
    }
}

int main(int argc, char** argv) {
  std::vector<char> bytes = read_file(module_path(argc, argv));
  if (bytes.empty()) {
    std::fprintf(stderr, "module_threads: cannot read the code object\n");
    return 1;
  }
  int* outputs[kThreads];
  for (int t = 0; t < kThreads; ++t) CHECK(hipMalloc(&outputs[t], kElements * sizeof(int)));
  print_device("module_threads");

  // A fresh module per round, resolved by every thread at once.
  for (int round = 0; round < 20; ++round) {
    hipModule_t module;
    CHECK(hipModuleLoadData(&module, bytes.data()));
    hipFunction_t functions[kThreads];
    hipDeviceptr_t variables[kThreads];
    in_threads([&](int t) {
      hipStream_t stream;
      CHECK(hipStreamCreate(&stream));
      CHECK(hipModuleGetFunction(&functions[t], module, "add_offset"));
      size_t size = 0;
      CHECK(hipModuleGetGlobal(&variables[t], &size, module, "module_offset"));
      EXPECT(size == sizeof(int));
      add_and_check(functions[t], outputs[t], stream, 7);
      CHECK(hipStreamDestroy(stream));
    });
    for (int t = 1; t < kThreads; ++t) {
      EXPECT(functions[t] == functions[0]);
      EXPECT(variables[t] == variables[0]);
    }
    // A value written through the address every thread saw reaches the kernels.
    int offset = 1000 + round;
    CHECK(hipMemcpy(variables[0], &offset, sizeof offset, hipMemcpyHostToDevice));
    add_and_check(functions[0], outputs[0], nullptr, offset);
    CHECK(hipModuleUnload(module));
  }

  // Every thread loads, uses and unloads modules of its own, all at once.
  in_threads([&](int t) {
    hipStream_t stream;
    CHECK(hipStreamCreateWithFlags(&stream, hipStreamNonBlocking));
    for (int round = 0; round < 8; ++round) {
      hipModule_t module;
      CHECK(hipModuleLoadData(&module, bytes.data()));
      hipFunction_t add_offset;
      CHECK(hipModuleGetFunction(&add_offset, module, "add_offset"));
      hipDeviceptr_t variable;
      CHECK(hipModuleGetGlobal(&variable, nullptr, module, "module_offset"));
      int offset = t * 100 + round;
      CHECK(hipMemcpy(variable, &offset, sizeof offset, hipMemcpyHostToDevice));
      add_and_check(add_offset, outputs[t], stream, offset);
      CHECK(hipModuleUnload(module));
      // Its functions are gone with it.
      int n = kElements;
      void* args[] = {&outputs[t], &n};
      EXPECT(hipModuleLaunchKernel(add_offset, 1, 1, 1, 64, 1, 1, 0, stream, args, nullptr) ==
             hipErrorInvalidHandle);
    }
    CHECK(hipStreamDestroy(stream));
  });

  // One module shared by every thread while one thread unloads it: each launch either runs
  // completely or is refused with hipErrorInvalidHandle.
  hipModule_t shared;
  CHECK(hipModuleLoadData(&shared, bytes.data()));
  hipFunction_t fill;
  CHECK(hipModuleGetFunction(&fill, shared, "fill"));
  std::atomic<int> refused{0};
  in_threads([&](int t) {
    if (t == 0) {
      std::this_thread::sleep_for(std::chrono::milliseconds(2));
      CHECK(hipModuleUnload(shared));
      return;
    }
    for (int i = 0; i < 50; ++i) {
      int n = kElements, value = t * 1000 + i;
      void* args[] = {&outputs[t], &n, &value};
      hipError_t status =
          hipModuleLaunchKernel(fill, kElements / 64, 1, 1, 64, 1, 1, 0, nullptr, args, nullptr);
      if (status == hipErrorInvalidHandle) {
        ++refused;
        break;
      }
      CHECK(status);
      CHECK(hipDeviceSynchronize());
      int host[kElements];
      CHECK(hipMemcpy(host, outputs[t], sizeof host, hipMemcpyDeviceToHost));
      for (int e = 0; e < kElements; ++e) EXPECT(host[e] == value);
    }
  });
  (void)hipGetLastError();
  std::printf("module_threads: %d of %d threads saw the shared module unloaded\n", refused.load(),
              kThreads - 1);

  for (int t = 0; t < kThreads; ++t) CHECK(hipFree(outputs[t]));
  return finish("module_threads", errors.load());
}
