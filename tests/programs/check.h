// Shared helpers for the test programs: every HIP call is checked, and a
// program ends by printing "<name>: PASSED" or "<name>: FAILED ..." .
#pragma once
#include <hip/hip_runtime.h>
#include <cstdio>
#include <cstdlib>

#define CHECK(call)                                                              \
  do {                                                                           \
    hipError_t check_status_ = (call);                                           \
    if (check_status_ != hipSuccess) {                                           \
      std::fprintf(stderr, "%s:%d: %s failed: %s (%s)\n", __FILE__, __LINE__,    \
                   #call, hipGetErrorString(check_status_),                      \
                   hipGetErrorName(check_status_));                              \
      std::exit(1);                                                              \
    }                                                                            \
  } while (0)

// Checks the launch just made and waits for it, so that a fault is reported
// at the launch that caused it.
#define CHECK_LAUNCH()                                                           \
  do {                                                                           \
    CHECK(hipGetLastError());                                                    \
    CHECK(hipDeviceSynchronize());                                               \
  } while (0)

static inline void print_device(const char* program) {
  int device = 0;
  CHECK(hipGetDevice(&device));
  hipDeviceProp_t props;
  CHECK(hipGetDeviceProperties(&props, device));
  std::printf("%s: device %d: %s (%s), %d multiprocessors\n", program, device,
              props.name, props.gcnArchName, props.multiProcessorCount);
}

// A small deterministic generator, so that inputs are not zeros and differ
// from run to run only when the seed does.
static inline unsigned next_random(unsigned long long* state) {
  *state = *state * 6364136223846793005ull + 1442695040888963407ull;
  return (unsigned)(*state >> 33);
}

static inline int finish(const char* program, long long errors) {
  if (errors == 0) {
    std::printf("%s: PASSED\n", program);
    return 0;
  }
  std::printf("%s: FAILED (%lld errors)\n", program, errors);
  return 1;
}
