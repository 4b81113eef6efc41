// hipCUB's DeviceReduce (oxhip's portable hipcub/hipcub.hpp) with CUB's temp-storage
// convention: the size query with a null pointer, then Sum, Min, Max and Reduce with a user
// operator and an initial value, on a stream, for sizes around the block size and above
// the two-pass split (up to 2^22 elements), and for no elements at all.
#include "check.h"
#include <hipcub/hipcub.hpp>
#include <vector>

struct Xor {
  __host__ __device__ unsigned int operator()(unsigned int a, unsigned int b) const { return a ^ b; }
};

int main() {
  print_device("hipcub_device");
  hipStream_t stream;
  CHECK(hipStreamCreate(&stream));
  long long errors = 0;
  for (int n : {0, 1, 255, 256, 257, 1000, 262145, 1 << 22}) {
    std::vector<int> host(n > 0 ? n : 1);
    long long want_sum = 0;
    int want_max = -2147483647 - 1, want_min = 2147483647;
    unsigned int want_xor = 0x5a5a5a5au;
    for (int i = 0; i < n; ++i) {
      host[i] = (int)((i * 7919u) % 2001u) - 1000;
      want_sum += host[i];
      want_max = host[i] > want_max ? host[i] : want_max;
      want_min = host[i] < want_min ? host[i] : want_min;
      want_xor ^= (unsigned int)host[i];
    }
    int *input, *results;
    long long* sum;
    CHECK(hipMalloc(&input, host.size() * sizeof(int)));
    CHECK(hipMalloc(&results, 3 * sizeof(int)));
    CHECK(hipMalloc(&sum, sizeof(long long)));
    CHECK(hipMemcpy(input, host.data(), host.size() * sizeof(int), hipMemcpyHostToDevice));
    size_t bytes = 0;
    CHECK(hipcub::DeviceReduce::Sum(nullptr, bytes, input, sum, n, stream));
    if (bytes == 0) ++errors;
    void* temp;
    CHECK(hipMalloc(&temp, bytes));
    CHECK(hipcub::DeviceReduce::Sum(temp, bytes, input, sum, n, stream));
    CHECK(hipcub::DeviceReduce::Max(temp, bytes, input, results, n, stream));
    CHECK(hipcub::DeviceReduce::Min(temp, bytes, input, results + 1, n, stream));
    CHECK(hipcub::DeviceReduce::Reduce(temp, bytes, (unsigned int*)input,
                                       (unsigned int*)results + 2, n, Xor(), 0x5a5a5a5au,
                                       stream));
    // Too little temporary storage is an error, not a wrong result.
    size_t too_little = bytes - 1;
    if (n > 256 && hipcub::DeviceReduce::Sum(temp, too_little, input, sum, n, stream) !=
                       hipErrorInvalidValue)
      ++errors;
    CHECK(hipStreamSynchronize(stream));
    long long got_sum = 0;
    int got[3];
    CHECK(hipMemcpy(&got_sum, sum, sizeof got_sum, hipMemcpyDeviceToHost));
    CHECK(hipMemcpy(got, results, sizeof got, hipMemcpyDeviceToHost));
    // CUB's Sum accumulates in the input's type; these sums fit an int.
    if (got_sum != want_sum || got[0] != want_max || got[1] != want_min ||
        (unsigned int)got[2] != want_xor) {
      std::printf("n = %d: sum %lld max %d min %d xor %x, want %lld %d %d %x\n", n, got_sum,
                  got[0], got[1], (unsigned int)got[2], want_sum, want_max, want_min, want_xor);
      ++errors;
    }
    CHECK(hipFree(input));
    CHECK(hipFree(results));
    CHECK(hipFree(sum));
    CHECK(hipFree(temp));
  }
  CHECK(hipStreamDestroy(stream));
  return finish("hipcub_device", errors);
}
