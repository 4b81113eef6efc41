/* oxhip: hipCUB's DeviceSpmv::CsrMV (docs/libraries.md): y = A * x for a sparse matrix A in
 * CSR form (values, row offsets, column indices), written for oxhip. One grid-stride launch of
 * 256-thread blocks, with G threads a row (G a power of two up to 32, the average row length
 * rounded down, chosen on the host): each thread sums every G-th product of its row in order,
 * then the row's G partial sums are added pairwise in shared memory with barriers, the same on
 * every target (no shuffles, so the CPU device runs it as loops). Not load-balanced across rows
 * as CUB's merge-path SpMV is (FIXME(#25)): one long row is one group's work. Asks for no
 * temporary storage (16 bytes, by oxhip's convention).
 */
#ifndef OXHIP_HIPCUB_DEVICE_SPMV_HPP
#define OXHIP_HIPCUB_DEVICE_SPMV_HPP

#include "../util.hpp"

#if defined(__cplusplus) && defined(__OXHIP_OFFLOAD__)

namespace hipcub {
namespace detail {

enum { SPMV_THREADS = 256, SPMV_MAX_BLOCKS = 4096 };

template <class ValueT>
__global__ void __launch_bounds__(SPMV_THREADS)
    spmv_csr_kernel(const ValueT* values, const int* row_offsets, const int* column_indices,
                    const ValueT* x, ValueT* y, int num_rows, int group) {
  __shared__ Uninitialized<ValueT> partials[SPMV_THREADS];
  int rows_per_block = SPMV_THREADS / group;
  int lane = (int)threadIdx.x % group;
  int local_row = (int)threadIdx.x / group;
  /* The trip count is the same for every thread of the block, as the barriers need. */
  for (long long base = (long long)blockIdx.x * rows_per_block; base < num_rows;
       base += (long long)gridDim.x * rows_per_block) {
    long long row = base + local_row;
    ValueT sum = ValueT();
    if (row < num_rows) {
      int end = row_offsets[row + 1];
      for (int k = row_offsets[row] + lane; k < end; k += group)
        sum += values[k] * x[column_indices[k]];
    }
    partials[threadIdx.x].get() = sum;
    __syncthreads();
    for (int half = group / 2; half > 0; half /= 2) {
      if (lane < half) {
        ValueT& mine = partials[threadIdx.x].get();
        mine = mine + partials[threadIdx.x + half].get();
      }
      __syncthreads();
    }
    if (lane == 0 && row < num_rows) y[row] = partials[threadIdx.x].get();
    __syncthreads();
  }
}

}  // namespace detail

struct DeviceSpmv {
  template <class ValueT>
  static hipError_t CsrMV(void* d_temp_storage, size_t& temp_storage_bytes, const ValueT* d_values,
                          const int* d_row_offsets, const int* d_column_indices,
                          const ValueT* d_vector_x, ValueT* d_vector_y, int num_rows,
                          int num_cols, int num_nonzeros, hipStream_t stream = 0,
                          bool debug_synchronous = false) {
    (void)num_cols;
    hipError_t status;
    if (!detail::temp_storage_check(d_temp_storage, temp_storage_bytes, 0, status)) return status;
    if (num_rows <= 0) return hipSuccess;
    int average = num_nonzeros > 0 ? num_nonzeros / num_rows : 0;
    int group = 1;
    while (group < 32 && group * 2 <= average) group *= 2;
    int rows_per_block = detail::SPMV_THREADS / group;
    long long blocks = ((long long)num_rows + rows_per_block - 1) / rows_per_block;
    if (blocks > detail::SPMV_MAX_BLOCKS) blocks = detail::SPMV_MAX_BLOCKS;
    detail::spmv_csr_kernel<ValueT><<<(unsigned int)blocks, detail::SPMV_THREADS, 0, stream>>>(
        d_values, d_row_offsets, d_column_indices, d_vector_x, d_vector_y, num_rows, group);
    status = hipGetLastError();
    if (status == hipSuccess && debug_synchronous) status = hipStreamSynchronize(stream);
    return status;
  }
};

}  // namespace hipcub

#endif /* __cplusplus && __OXHIP_OFFLOAD__ */

#endif /* OXHIP_HIPCUB_DEVICE_SPMV_HPP */
