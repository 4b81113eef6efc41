// rocPRIM's names over oxhip's portable hipCUB (rocprim/rocprim.hpp) against the host:
// reduce, inclusive_scan, exclusive_scan, radix_sort_keys and radix_sort_pairs (pointers and
// double_buffer) with rocPRIM's temp-storage convention, and block_reduce, block_scan,
// warp_reduce and warp_scan in a kernel.
#include "check.h"
#include <rocprim/rocprim.hpp>
#include <algorithm>
#include <vector>

__global__ void collectives(const int* in, int* out) {
  typedef rocprim::block_reduce<int, 256> BlockReduce;
  typedef rocprim::block_scan<int, 256> BlockScan;
  typedef rocprim::warp_reduce<int, 32> WarpReduce;
  typedef rocprim::warp_scan<int, 16> WarpScan;
  __shared__ typename BlockReduce::storage_type reduce_storage;
  __shared__ typename BlockScan::storage_type scan_storage;
  __shared__ typename WarpReduce::storage_type warp_storage[8];
  __shared__ typename WarpScan::storage_type warp_scan_storage[16];
  int rank = threadIdx.x, value = in[rank];
  int total, inclusive, exclusive, warp_total, warp_inclusive;
  BlockReduce().reduce(value, total, reduce_storage);
  BlockScan().inclusive_scan(value, inclusive, scan_storage);
  BlockScan().exclusive_scan(value, exclusive, 10, scan_storage, rocprim::maximum<int>());
  WarpReduce().reduce(value, warp_total, warp_storage[rank / 32]);
  WarpScan().inclusive_scan(value, warp_inclusive, warp_scan_storage[rank / 16]);
  out[rank * 5 + 0] = total;
  out[rank * 5 + 1] = inclusive;
  out[rank * 5 + 2] = exclusive;
  out[rank * 5 + 3] = warp_total;
  out[rank * 5 + 4] = warp_inclusive;
}

int main() {
  print_device("rocprim_basic");
  long long errors = 0;
  unsigned long long seed = 11;
  const int n = 300000;
  std::vector<int> in(n), values(n);
  for (int i = 0; i < n; ++i) {
    in[i] = (int)(next_random(&seed) % 2001) - 1000;
    values[i] = i;
  }
  int *d_in, *d_out, *d_values, *d_values_out;
  CHECK(hipMalloc(&d_in, n * sizeof(int)));
  CHECK(hipMalloc(&d_out, n * sizeof(int)));
  CHECK(hipMalloc(&d_values, n * sizeof(int)));
  CHECK(hipMalloc(&d_values_out, n * sizeof(int)));
  CHECK(hipMemcpy(d_in, in.data(), n * sizeof(int), hipMemcpyHostToDevice));
  CHECK(hipMemcpy(d_values, values.data(), n * sizeof(int), hipMemcpyHostToDevice));
  std::vector<int> got(n);

  size_t size = 0;
  CHECK(rocprim::reduce(nullptr, size, d_in, d_out, 5, n));
  void* temp;
  CHECK(hipMalloc(&temp, size));
  CHECK(rocprim::reduce(temp, size, d_in, d_out, 5, n));
  CHECK(hipMemcpy(got.data(), d_out, sizeof(int), hipMemcpyDeviceToHost));
  int total = 5;
  for (int x : in) total += x;
  if (got[0] != total) {
    std::printf("reduce: %d, want %d\n", got[0], total);
    ++errors;
  }
  CHECK(hipFree(temp));

  size = 0;
  CHECK(rocprim::inclusive_scan(nullptr, size, d_in, d_out, n));
  CHECK(hipMalloc(&temp, size));
  CHECK(rocprim::inclusive_scan(temp, size, d_in, d_out, n));
  CHECK(hipMemcpy(got.data(), d_out, n * sizeof(int), hipMemcpyDeviceToHost));
  for (int i = 0, running = 0; i < n; ++i) {
    running += in[i];
    if (got[i] != running) {
      std::printf("inclusive_scan: item %d\n", i);
      ++errors;
      break;
    }
  }
  CHECK(hipFree(temp));
  size = 0;
  CHECK(rocprim::exclusive_scan(nullptr, size, d_in, d_out, -2000, n, rocprim::maximum<int>()));
  CHECK(hipMalloc(&temp, size));
  CHECK(rocprim::exclusive_scan(temp, size, d_in, d_out, -2000, n, rocprim::maximum<int>()));
  CHECK(hipMemcpy(got.data(), d_out, n * sizeof(int), hipMemcpyDeviceToHost));
  for (int i = 0, running = -2000; i < n; ++i) {
    if (got[i] != running) {
      std::printf("exclusive_scan: item %d\n", i);
      ++errors;
      break;
    }
    running = std::max(running, in[i]);
  }
  CHECK(hipFree(temp));

  std::vector<int> order(n);
  for (int i = 0; i < n; ++i) order[i] = i;
  std::stable_sort(order.begin(), order.end(), [&](int x, int y) { return in[x] < in[y]; });
  size = 0;
  CHECK(rocprim::radix_sort_pairs(nullptr, size, d_in, d_out, d_values, d_values_out, n));
  CHECK(hipMalloc(&temp, size));
  CHECK(rocprim::radix_sort_pairs(temp, size, d_in, d_out, d_values, d_values_out, n));
  std::vector<int> got_values(n);
  CHECK(hipMemcpy(got.data(), d_out, n * sizeof(int), hipMemcpyDeviceToHost));
  CHECK(hipMemcpy(got_values.data(), d_values_out, n * sizeof(int), hipMemcpyDeviceToHost));
  for (int i = 0; i < n; ++i)
    if (got[i] != in[order[i]] || got_values[i] != order[i]) {
      std::printf("radix_sort_pairs: item %d\n", i);
      ++errors;
      break;
    }
  CHECK(hipFree(temp));
  rocprim::double_buffer<int> keys(d_in, d_out);
  size = 0;
  CHECK(rocprim::radix_sort_keys(nullptr, size, keys, n));
  CHECK(hipMalloc(&temp, size));
  CHECK(rocprim::radix_sort_keys(temp, size, keys, n));
  CHECK(hipMemcpy(got.data(), keys.current(), n * sizeof(int), hipMemcpyDeviceToHost));
  for (int i = 0; i < n; ++i)
    if (got[i] != in[order[i]]) {
      std::printf("radix_sort_keys (double_buffer): item %d\n", i);
      ++errors;
      break;
    }
  CHECK(hipFree(temp));

  CHECK(hipMemcpy(d_in, in.data(), n * sizeof(int), hipMemcpyHostToDevice));
  collectives<<<1, 256>>>(d_in, d_out);
  CHECK_LAUNCH();
  CHECK(hipMemcpy(got.data(), d_out, 256 * 5 * sizeof(int), hipMemcpyDeviceToHost));
  int block_total = 0;
  for (int i = 0; i < 256; ++i) block_total += in[i];
  for (int r = 0, inclusive = 0, exclusive = 10; r < 256; ++r) {
    inclusive += in[r];
    int warp_total = 0, warp_inclusive = 0;
    for (int k = r / 32 * 32; k < r / 32 * 32 + 32; ++k) warp_total += in[k];
    for (int k = r / 16 * 16; k <= r; ++k) warp_inclusive += in[k];
    int want[5] = {block_total, inclusive, exclusive, warp_total, warp_inclusive};
    for (int f = 0; f < 5; ++f)
      if (got[r * 5 + f] != want[f]) {
        std::printf("collectives: thread %d field %d is %d, want %d\n", r, f, got[r * 5 + f],
                    want[f]);
        ++errors;
        r = 256;
        break;
      }
    exclusive = std::max(exclusive, in[r < 256 ? r : 0]);
  }
  CHECK(hipFree(d_in));
  CHECK(hipFree(d_out));
  CHECK(hipFree(d_values));
  CHECK(hipFree(d_values_out));
  return finish("rocprim_basic", errors);
}
