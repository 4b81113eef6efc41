// CUDA's address conversions (__cvta_generic_to_shared and the rest): a shared variable's
// offset in the shared window fits 32 bits and steps by the element size, and converting an
// offset back gives a pointer the kernel can use, for shared, global and local memory.
#include "check.h"

__device__ int global_table[64];

__global__ void convert(int* out) {
  __shared__ int tile[64];
  int i = threadIdx.x;
  size_t offset = __cvta_generic_to_shared(&tile[i]);
  int* back = (int*)__cvta_shared_to_generic(offset);
  *back = 3 * i;
  __syncthreads();
  int* result = out + i * 5;
  result[0] = tile[i];
  result[1] = (int)(__cvta_generic_to_shared(&tile[i]) - __cvta_generic_to_shared(&tile[0]));
#if defined(__OXHIP_CPU__)
  result[2] = 1;  // the CPU device has one address space: offsets are addresses
#else
  result[2] = (uint32_t)offset == offset;  // a 32-bit offset, as PTX's shared addresses are
#endif
  int* global_back = (int*)__cvta_global_to_generic(__cvta_generic_to_global(&global_table[i]));
  *global_back = i + 100;
  result[3] = global_table[i];
  int local = i * 7;
  int* local_back = (int*)__cvta_local_to_generic(__cvta_generic_to_local(&local));
  result[4] = *local_back;
}

int main() {
  print_device("address_spaces");
  int* out;
  CHECK(hipMalloc(&out, 64 * 5 * sizeof(int)));
  convert<<<1, 64>>>(out);
  CHECK_LAUNCH();
  int host[64 * 5];
  CHECK(hipMemcpy(host, out, sizeof host, hipMemcpyDeviceToHost));
  long long errors = 0;
  for (int i = 0; i < 64; ++i) {
    const int* r = host + i * 5;
    int want[5] = {3 * i, 4 * i, 1, i + 100, 7 * i};
    for (int k = 0; k < 5; ++k)
      if (r[k] != want[k] && errors++ < 5)
        std::printf("thread %d, value %d: %d, want %d\n", i, k, r[k], want[k]);
  }
  CHECK(hipFree(out));
  return finish("address_spaces", errors);
}
