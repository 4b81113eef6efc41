// hipCUB's device-wide algorithms with capture-less __device__ lambdas as operators: on the
// CPU target a kernel whose template arguments hold a lambda type, and whose parameters
// include an empty class (the lambda, hipCUB's Sum), must map each argument slot right
// (codegen::cpu_params: a template taking a lambda is not itself a lambda).
#include "check.h"
#include <hipcub/hipcub.hpp>

int main() {
  print_device("hipcub_lambda");
  const int n = 100003;
  int *in, *out, *count;
  CHECK(hipMallocManaged(&in, n * sizeof(int)));
  CHECK(hipMallocManaged(&out, n * sizeof(int)));
  CHECK(hipMallocManaged(&count, sizeof(int)));
  for (int i = 0; i < n; ++i) in[i] = (int)((i * 7919u) % 100000u);
  auto odd = [] __device__(int x) { return (x & 1) != 0; };
  size_t bytes = 0;
  CHECK(hipcub::DeviceSelect::If(nullptr, bytes, in, out, count, n, odd));
  void* temp;
  CHECK(hipMalloc(&temp, bytes));
  CHECK(hipcub::DeviceSelect::If(temp, bytes, in, out, count, n, odd));
  CHECK(hipDeviceSynchronize());
  long errors = 0;
  int expected = 0;
  for (int i = 0; i < n; ++i)
    if (in[i] & 1) {
      if (expected >= *count || out[expected] != in[i]) ++errors;
      ++expected;
    }
  if (*count != expected) ++errors;
  // A user operator as a lambda in a reduction.
  auto larger = [] __device__(int a, int b) { return a > b ? a : b; };
  size_t reduce_bytes = 0;
  CHECK(hipcub::DeviceReduce::Reduce(nullptr, reduce_bytes, in, count, n, larger, -1));
  void* reduce_temp;
  CHECK(hipMalloc(&reduce_temp, reduce_bytes));
  CHECK(hipcub::DeviceReduce::Reduce(reduce_temp, reduce_bytes, in, count, n, larger, -1));
  CHECK(hipDeviceSynchronize());
  int want_max = -1;
  for (int i = 0; i < n; ++i) want_max = in[i] > want_max ? in[i] : want_max;
  if (*count != want_max) ++errors;
  // Flags summed into a wider integer through a TransformInputIterator whose functor is an
  // empty class: CUB sums in the output's type (a bool sum would be 1), and the CPU target
  // reads the iterator's pointer from the second eightbyte of its argument.
  struct NonZero {
    __host__ __device__ bool operator()(const int& x) const { return x != 0; }
  };
  hipcub::TransformInputIterator<bool, NonZero, int*> flags(in, NonZero());
  long long* nonzero;
  CHECK(hipMallocManaged(&nonzero, sizeof(long long)));
  size_t flag_bytes = 0;
  CHECK(hipcub::DeviceReduce::Sum(nullptr, flag_bytes, flags, nonzero, n));
  void* flag_temp;
  CHECK(hipMalloc(&flag_temp, flag_bytes));
  CHECK(hipcub::DeviceReduce::Sum(flag_temp, flag_bytes, flags, nonzero, n));
  CHECK(hipDeviceSynchronize());
  long long want_nonzero = 0;
  for (int i = 0; i < n; ++i) want_nonzero += in[i] != 0;
  if (*nonzero != want_nonzero) ++errors;
  CHECK(hipFree(flag_temp));
  CHECK(hipFree(nonzero));
  CHECK(hipFree(temp));
  CHECK(hipFree(reduce_temp));
  CHECK(hipFree(in));
  CHECK(hipFree(out));
  CHECK(hipFree(count));
  std::printf("hipcub_lambda: %s\n", errors == 0 ? "PASSED" : "FAILED");
  return errors == 0 ? 0 : 1;
}
