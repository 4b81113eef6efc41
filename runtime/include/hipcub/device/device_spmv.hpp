/* oxhip: hipCUB's DeviceSpmv::CsrMV (docs/libraries.md): y = A * x for a sparse matrix A in
 * CSR form (values, row offsets, column indices), written for oxhip, load-balanced along the
 * merge path of the rows' end offsets and the nonzeros' indices, so that a long row among
 * short ones is split across threads and blocks.
 *
 * The path has num_rows + num_nonzeros steps: at (row i, nonzero j) a step takes nonzero j
 * into row i's sum while j < row_offsets[i + 1], and otherwise ends row i. Each thread walks
 * SPMV_ITEMS consecutive steps from a start it finds by a binary search along its diagonal;
 * a block of SPMV_THREADS threads walks a tile of them. A thread writes y for each row it
 * ends, with the sum of the row's nonzeros it took itself, and carries the sum it holds when
 * its steps run out (the row it is in then). The threads' carries are combined across the
 * block by a segmented inclusive scan (a carry adds to the next one only where they have the
 * same row): the thread that ends a row adds the scan's value from the thread before it when
 * that value is for the same row. The block's last value is the block's carry, kept in the
 * temporary storage; a second launch adds, for each row that blocks carry into, the carries
 * of the consecutive blocks that carry into it, in block order, to y. So every row's sum is
 * in order within a thread and combined in a fixed order across threads and blocks: the
 * result does not depend on how blocks are scheduled, but its summation order differs from
 * a sequential one (floating-point results may differ from it by rounding).
 * Shuffles appear only in the block scan, which on the CPU device goes through shared memory.
 */
#ifndef OXHIP_HIPCUB_DEVICE_SPMV_HPP
#define OXHIP_HIPCUB_DEVICE_SPMV_HPP

#include "../util.hpp"
#include "../block/block_scan.hpp"

#if defined(__cplusplus) && defined(__OXHIP_OFFLOAD__)

namespace hipcub {
namespace detail {

enum { SPMV_THREADS = 256, SPMV_ITEMS = 7, SPMV_TILE = SPMV_THREADS * SPMV_ITEMS };

/* A partial sum of one row. */
template <class ValueT>
struct SpmvCarry {
  int row;
  ValueT value;
};

/* Adds partial sums of the same row; a later row's starts afresh. Associative because the
 * rows of the carries it meets never decrease. */
struct SpmvCarryOp {
  template <class Carry>
  __host__ __device__ __forceinline__ Carry operator()(const Carry& a, const Carry& b) const {
    Carry sum = b;
    if (a.row == b.row) sum.value = a.value + b.value;
    return sum;
  }
};

/* The number of rows ended within the first `diagonal` steps of the path. */
static __device__ __forceinline__ int spmv_path_rows(const int* row_offsets, int num_rows,
                                                     int num_nonzeros, long long diagonal) {
  long long low = diagonal > num_nonzeros ? diagonal - num_nonzeros : 0;
  long long high = diagonal < num_rows ? diagonal : num_rows;
  while (low < high) {
    long long rows = (low + high) >> 1;
    /* Row `rows` ends before nonzero diagonal - rows - 1 is taken: more rows are ended. */
    if ((long long)row_offsets[rows + 1] <= diagonal - rows - 1)
      low = rows + 1;
    else
      high = rows;
  }
  return (int)low;
}

template <class ValueT>
__global__ void __launch_bounds__(SPMV_THREADS)
    spmv_merge_path_kernel(const ValueT* values, const int* row_offsets,
                           const int* column_indices, const ValueT* x, ValueT* y, int num_rows,
                           int num_nonzeros, SpmvCarry<ValueT>* block_carries) {
  typedef SpmvCarry<ValueT> Carry;
  typedef BlockScan<Carry, SPMV_THREADS> Scan;
  __shared__ typename Scan::TempStorage scan_storage;
  __shared__ Uninitialized<Carry> inclusive[SPMV_THREADS];

  const long long path = (long long)num_rows + num_nonzeros;
  long long begin = (long long)blockIdx.x * SPMV_TILE + (long long)threadIdx.x * SPMV_ITEMS;
  if (begin > path) begin = path;
  long long end = begin + SPMV_ITEMS;
  if (end > path) end = path;
  int row = spmv_path_rows(row_offsets, num_rows, num_nonzeros, begin);
  long long nonzero = begin - row;

  /* The first row this thread ends may have begun in an earlier thread: its sum waits for
   * the scan. The rows ended after it are whole. */
  const int first_row = row;
  bool ended_first = false;
  ValueT first_sum = ValueT();
  ValueT sum = ValueT();
  for (long long step = begin; step < end; ++step) {
    if (row < num_rows && nonzero < row_offsets[row + 1]) {
      sum += values[nonzero] * x[column_indices[nonzero]];
      ++nonzero;
    } else {
      if (row >= num_rows) break; /* only where row_offsets[num_rows] < num_nonzeros */
      if (!ended_first) {
        ended_first = true;
        first_sum = sum;
      } else {
        y[row] = sum;
      }
      sum = ValueT();
      ++row;
    }
  }

  Carry carry;
  carry.row = row;
  carry.value = sum;
  Carry scanned;
  Scan(scan_storage).InclusiveScan(carry, scanned, SpmvCarryOp());
  inclusive[threadIdx.x].get() = scanned;
  __syncthreads();
  if (ended_first) {
    if (threadIdx.x > 0) {
      const Carry before = inclusive[threadIdx.x - 1].get();
      if (before.row == first_row) first_sum = before.value + first_sum;
    }
    y[first_row] = first_sum;
  }
  if (threadIdx.x == SPMV_THREADS - 1) block_carries[blockIdx.x] = scanned;
}

/* For each run of consecutive blocks that carry into the same row, the last one adds their
 * carries, in block order, to that row's y. A carry past the last row holds nothing. */
template <class ValueT>
__global__ void spmv_fixup_kernel(const SpmvCarry<ValueT>* block_carries, long long blocks,
                                  ValueT* y, int num_rows) {
  long long block = (long long)blockIdx.x * blockDim.x + threadIdx.x;
  if (block >= blocks) return;
  const int row = block_carries[block].row;
  if (row >= num_rows) return;
  if (block + 1 < blocks && block_carries[block + 1].row == row) return;
  long long first = block;
  while (first > 0 && block_carries[first - 1].row == row) --first;
  ValueT sum = block_carries[first].value;
  for (long long k = first + 1; k <= block; ++k) sum = sum + block_carries[k].value;
  y[row] = sum + y[row];
}

}  // namespace detail

struct DeviceSpmv {
  /* Asks for one carry (a row and a value) a tile of SPMV_TILE path steps. */
  template <class ValueT>
  static hipError_t CsrMV(void* d_temp_storage, size_t& temp_storage_bytes, const ValueT* d_values,
                          const int* d_row_offsets, const int* d_column_indices,
                          const ValueT* d_vector_x, ValueT* d_vector_y, int num_rows,
                          int num_cols, int num_nonzeros, hipStream_t stream = 0,
                          bool debug_synchronous = false) {
    (void)num_cols;
    typedef detail::SpmvCarry<ValueT> Carry;
    long long path = num_rows > 0 ? (long long)num_rows + (num_nonzeros > 0 ? num_nonzeros : 0)
                                  : 0;
    long long blocks = (path + detail::SPMV_TILE - 1) / detail::SPMV_TILE;
    hipError_t status;
    if (!detail::temp_storage_check(d_temp_storage, temp_storage_bytes,
                                    (size_t)blocks * sizeof(Carry), status))
      return status;
    if (blocks == 0) return hipSuccess;
    Carry* carries = static_cast<Carry*>(d_temp_storage);
    detail::spmv_merge_path_kernel<ValueT>
        <<<(unsigned int)blocks, detail::SPMV_THREADS, 0, stream>>>(
            d_values, d_row_offsets, d_column_indices, d_vector_x, d_vector_y, num_rows,
            num_nonzeros > 0 ? num_nonzeros : 0, carries);
    status = hipGetLastError();
    if (status != hipSuccess) return status;
    detail::spmv_fixup_kernel<ValueT>
        <<<(unsigned int)((blocks + 255) / 256), 256, 0, stream>>>(carries, blocks, d_vector_y,
                                                                   num_rows);
    status = hipGetLastError();
    if (status == hipSuccess && debug_synchronous) status = hipStreamSynchronize(stream);
    return status;
  }
};

}  // namespace hipcub

#endif /* __cplusplus && __OXHIP_OFFLOAD__ */

#endif /* OXHIP_HIPCUB_DEVICE_SPMV_HPP */
