// CUB from CUDA source: <cub/cub.cuh>, cub:: names and the CUDA runtime API, as a CUDA
// program writes them (oxhip translates the file; cub:: becomes oxhip's portable hipcub::).
// A block-level kernel (BlockLoad, BlockScan with a prefix callback, BlockReduce,
// BlockRadixSort, BlockStore, WarpReduce) and the device-wide DeviceReduce::Sum,
// DeviceScan::ExclusiveSum, DeviceRadixSort::SortPairs, DeviceSelect::If,
// DeviceRunLengthEncode::Encode, the three-way DevicePartition::If and
// DeviceSegmentedSort::SortKeysDescending; CUB's newer BlockMergeSort, BlockShuffle, WarpLoad,
// WarpMergeSort, WarpStore through a CacheModifiedOutputIterator, DeviceSpmv::CsrMV,
// DeviceMemcpy::Batched and DeviceCopy::Batched; each checked against the host.
#include <cub/cub.cuh>
#include <cuda_runtime.h>
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <vector>

#define CHECK(call)                                                                    \
  do {                                                                                 \
    cudaError_t status_ = (call);                                                      \
    if (status_ != cudaSuccess) {                                                      \
      std::printf("%s:%d: %s: %s\n", __FILE__, __LINE__, #call, cudaGetErrorString(status_)); \
      std::exit(1);                                                                    \
    }                                                                                  \
  } while (0)

enum { THREADS = 128, ITEMS = 4, TILE = THREADS * ITEMS };

// The running total of the tiles before, CUB's prefix callback idiom.
struct RunningTotal {
  int total;
  __device__ int operator()(int block_aggregate) {
    int before = total;
    total += block_aggregate;
    return before;
  }
};

// One block scans `tiles` tiles in order, and sorts and sums the first.
__global__ void block_kernel(const int* in, int* scanned, int* sorted, int* sums, int tiles) {
  typedef cub::BlockLoad<int, THREADS, ITEMS, cub::BLOCK_LOAD_TRANSPOSE> Load;
  typedef cub::BlockStore<int, THREADS, ITEMS, cub::BLOCK_STORE_TRANSPOSE> Store;
  typedef cub::BlockScan<int, THREADS> Scan;
  typedef cub::BlockReduce<int, THREADS> Reduce;
  typedef cub::BlockRadixSort<int, THREADS, ITEMS> Sort;
  typedef cub::WarpReduce<int> WarpSum;
  __shared__ union {
    typename Load::TempStorage load;
    typename Store::TempStorage store;
    typename Scan::TempStorage scan;
    typename Reduce::TempStorage reduce;
    typename Sort::TempStorage sort;
  } storage;
  __shared__ typename WarpSum::TempStorage warp_storage[THREADS / 32];
  RunningTotal running = {0};
  for (int tile = 0; tile < tiles; ++tile) {
    int items[ITEMS];
    Load(storage.load).Load(in + tile * TILE, items);
    __syncthreads();
    Scan(storage.scan).ExclusiveSum(items, items, running);
    __syncthreads();
    Store(storage.store).Store(scanned + tile * TILE, items);
    __syncthreads();
  }
  int items[ITEMS];
  Load(storage.load).Load(in, items);
  __syncthreads();
  int total = Reduce(storage.reduce).Sum(items);
  __syncthreads();
  int warp_total = WarpSum(warp_storage[threadIdx.x / 32]).Sum(items[0]);
  Sort(storage.sort).Sort(items);
  __syncthreads();
  cub::StoreDirectBlocked(threadIdx.x, sorted, items);
  if (threadIdx.x == 0) sums[0] = total;
  if (threadIdx.x % 32 == 0) sums[1 + threadIdx.x / 32] = warp_total;
}

struct Less {
  __host__ __device__ bool operator()(int a, int b) const { return a < b; }
};

// The first tile sorted by BlockMergeSort and shifted up one item by BlockShuffle; each warp's
// 32 x ITEMS items of the second tile sorted by WarpLoad, WarpMergeSort and WarpStore.
__global__ void newer_kernel(const int* in, int* block_sorted, int* shifted, int* warp_sorted) {
  typedef cub::BlockMergeSort<int, THREADS, ITEMS> MergeSort;
  typedef cub::BlockShuffle<int, THREADS> Shuffle;
  typedef cub::WarpLoad<int, ITEMS, cub::WARP_LOAD_TRANSPOSE, 32> WarpLoadT;
  typedef cub::WarpMergeSort<int, ITEMS, 32> WarpSort;
  typedef cub::WarpStore<int, ITEMS, cub::WARP_STORE_TRANSPOSE, 32> WarpStoreT;
  __shared__ typename MergeSort::TempStorage merge_storage;
  __shared__ typename Shuffle::TempStorage shuffle_storage;
  __shared__ typename WarpLoadT::TempStorage load_storage[THREADS / 32];
  __shared__ typename WarpSort::TempStorage sort_storage[THREADS / 32];
  __shared__ typename WarpStoreT::TempStorage store_storage[THREADS / 32];
  int items[ITEMS], previous[ITEMS];
  cub::LoadDirectBlocked(threadIdx.x, in, items);
  MergeSort(merge_storage).Sort(items, Less());
  cub::StoreDirectBlocked(threadIdx.x, block_sorted, items);
  for (int i = 0; i < ITEMS; ++i) previous[i] = -1000;
  Shuffle(shuffle_storage).Up(items, previous);
  cub::StoreDirectBlocked(threadIdx.x, shifted, previous);
  int warp = threadIdx.x / 32;
  WarpLoadT(load_storage[warp]).Load(in + TILE + warp * 32 * ITEMS, items);
  WarpSort(sort_storage[warp]).Sort(items, Less());
  cub::CacheModifiedOutputIterator<cub::STORE_CG, int> out(warp_sorted + warp * 32 * ITEMS);
  WarpStoreT(store_storage[warp]).Store(out, items);
}

struct IsMultipleOf3 {
  __host__ __device__ bool operator()(int x) const { return x % 3 == 0; }
};
struct IsNegative {
  __host__ __device__ bool operator()(int x) const { return x < 0; }
};

int main() {
  int errors = 0;
  const int tiles = 3, n = 1 << 18;
  std::vector<int> in(n);
  unsigned int state = 25;
  for (int i = 0; i < n; ++i) {
    state = state * 1103515245u + 12345u;
    in[i] = (int)((state >> 8) % 1001) - 500;
  }
  int *d_in, *d_out, *d_sorted, *d_sums;
  CHECK(cudaMalloc(&d_in, n * sizeof(int)));
  CHECK(cudaMalloc(&d_out, n * sizeof(int)));
  CHECK(cudaMalloc(&d_sorted, n * sizeof(int)));
  CHECK(cudaMalloc(&d_sums, 8 * sizeof(int)));
  CHECK(cudaMemcpy(d_in, in.data(), n * sizeof(int), cudaMemcpyHostToDevice));

  block_kernel<<<1, THREADS>>>(d_in, d_out, d_sorted, d_sums, tiles);
  CHECK(cudaGetLastError());
  CHECK(cudaDeviceSynchronize());
  std::vector<int> got(n), sums(8);
  CHECK(cudaMemcpy(got.data(), d_out, tiles * TILE * sizeof(int), cudaMemcpyDeviceToHost));
  CHECK(cudaMemcpy(sums.data(), d_sums, 8 * sizeof(int), cudaMemcpyDeviceToHost));
  int running = 0;
  for (int i = 0; i < tiles * TILE; ++i) {
    if (got[i] != running) {
      std::printf("block scan: item %d is %d, want %d\n", i, got[i], running);
      ++errors;
      break;
    }
    running += in[i];
  }
  std::vector<int> first(in.begin(), in.begin() + TILE);
  int total = 0;
  for (int x : first) total += x;
  if (sums[0] != total) {
    std::printf("block reduce: %d, want %d\n", sums[0], total);
    ++errors;
  }
  for (int warp = 0; warp < THREADS / 32; ++warp) {
    int want = 0;
    for (int lane = 0; lane < 32; ++lane) want += in[(warp * 32 + lane) * ITEMS];
    if (sums[1 + warp] != want) {
      std::printf("warp reduce %d: %d, want %d\n", warp, sums[1 + warp], want);
      ++errors;
    }
  }
  std::sort(first.begin(), first.end());
  CHECK(cudaMemcpy(got.data(), d_sorted, TILE * sizeof(int), cudaMemcpyDeviceToHost));
  if (!std::equal(first.begin(), first.end(), got.begin())) {
    std::printf("block radix sort: wrong order\n");
    ++errors;
  }

  // Device-wide: the size query, then the run.
  void* temp = nullptr;
  size_t bytes = 0, most = 0;
  int *d_values, *d_values_out, *d_count;
  CHECK(cudaMalloc(&d_values, n * sizeof(int)));
  CHECK(cudaMalloc(&d_values_out, n * sizeof(int)));
  CHECK(cudaMalloc(&d_count, sizeof(int)));
  CHECK(cub::DeviceReduce::Sum(temp, bytes, d_in, d_sums, n));
  most = std::max(most, bytes);
  CHECK(cub::DeviceScan::ExclusiveSum(temp, bytes, d_in, d_out, n));
  most = std::max(most, bytes);
  CHECK(cub::DeviceRadixSort::SortPairs(temp, bytes, d_in, d_sorted, d_in, d_values_out, n));
  most = std::max(most, bytes);
  CHECK(cub::DeviceSelect::If(temp, bytes, d_in, d_values, d_count, n, IsNegative()));
  most = std::max(most, bytes);
  CHECK(cudaMalloc(&temp, most));
  cudaStream_t stream;
  CHECK(cudaStreamCreate(&stream));
  bytes = most;
  CHECK(cub::DeviceReduce::Sum(temp, bytes, d_in, d_sums, n, stream));
  CHECK(cub::DeviceScan::ExclusiveSum(temp, bytes, d_in, d_out, n, stream));
  CHECK(cub::DeviceRadixSort::SortPairs(temp, bytes, d_in, d_sorted, d_in, d_values_out, n, 0,
                                        32, stream));
  CHECK(cudaStreamSynchronize(stream));
  CHECK(cudaMemcpy(sums.data(), d_sums, sizeof(int), cudaMemcpyDeviceToHost));
  total = 0;
  for (int x : in) total += x;
  if (sums[0] != total) {
    std::printf("DeviceReduce::Sum: %d, want %d\n", sums[0], total);
    ++errors;
  }
  CHECK(cudaMemcpy(got.data(), d_out, n * sizeof(int), cudaMemcpyDeviceToHost));
  running = 0;
  for (int i = 0; i < n; ++i) {
    if (got[i] != running) {
      std::printf("DeviceScan::ExclusiveSum: item %d is %d, want %d\n", i, got[i], running);
      ++errors;
      break;
    }
    running += in[i];
  }
  std::vector<int> sorted_host(in);
  std::sort(sorted_host.begin(), sorted_host.end());
  CHECK(cudaMemcpy(got.data(), d_sorted, n * sizeof(int), cudaMemcpyDeviceToHost));
  if (got != sorted_host) {
    std::printf("DeviceRadixSort::SortPairs: wrong order\n");
    ++errors;
  }
  bytes = most;
  CHECK(cub::DeviceSelect::If(temp, bytes, d_in, d_values, d_count, n, IsNegative()));
  int count = 0;
  CHECK(cudaMemcpy(&count, d_count, sizeof(int), cudaMemcpyDeviceToHost));
  std::vector<int> negatives;
  for (int x : in)
    if (x < 0) negatives.push_back(x);
  CHECK(cudaMemcpy(got.data(), d_values, count * sizeof(int), cudaMemcpyDeviceToHost));
  if (count != (int)negatives.size() || !std::equal(negatives.begin(), negatives.end(), got.begin())) {
    std::printf("DeviceSelect::If: %d items, want %zu\n", count, negatives.size());
    ++errors;
  }
  // Run-length encoding of the sorted keys.
  CHECK(cudaFree(temp));
  temp = nullptr;
  bytes = 0;
  CHECK(cub::DeviceRunLengthEncode::Encode(temp, bytes, d_sorted, d_out, d_values, d_count, n));
  CHECK(cudaMalloc(&temp, bytes));
  CHECK(cub::DeviceRunLengthEncode::Encode(temp, bytes, d_sorted, d_out, d_values, d_count, n));
  CHECK(cudaMemcpy(&count, d_count, sizeof(int), cudaMemcpyDeviceToHost));
  std::vector<int> lengths(count);
  CHECK(cudaMemcpy(lengths.data(), d_values, count * sizeof(int), cudaMemcpyDeviceToHost));
  int runs = 0, covered = 0;
  for (int i = 0; i < n; ++i) runs += i == 0 || sorted_host[i] != sorted_host[i - 1];
  for (int length : lengths) covered += length;
  if (count != runs || covered != n) {
    std::printf("DeviceRunLengthEncode::Encode: %d runs covering %d, want %d covering %d\n",
                count, covered, runs, n);
    ++errors;
  }
  CHECK(cudaFree(temp));

  // The three-way partition: negatives, then multiples of 3 among the rest, then the others,
  // each in input order; then DeviceSegmentedSort of segments of 1000 keys (the last
  // shorter) by one offsets array for both ends.
  int *d_second, *d_counts;
  CHECK(cudaMalloc(&d_second, n * sizeof(int)));
  CHECK(cudaMalloc(&d_counts, 2 * sizeof(int)));
  temp = nullptr;
  bytes = 0;
  CHECK(cub::DevicePartition::If(temp, bytes, d_in, d_values, d_second, d_out, d_counts, n,
                                 IsNegative(), IsMultipleOf3()));
  CHECK(cudaMalloc(&temp, bytes));
  CHECK(cub::DevicePartition::If(temp, bytes, d_in, d_values, d_second, d_out, d_counts, n,
                                 IsNegative(), IsMultipleOf3(), stream));
  CHECK(cudaStreamSynchronize(stream));
  CHECK(cudaFree(temp));
  std::vector<int> parts[3];
  for (int x : in) parts[x < 0 ? 0 : x % 3 == 0 ? 1 : 2].push_back(x);
  int counts[2];
  CHECK(cudaMemcpy(counts, d_counts, sizeof counts, cudaMemcpyDeviceToHost));
  int* part_outputs[3] = {d_values, d_second, d_out};
  if (counts[0] != (int)parts[0].size() || counts[1] != (int)parts[1].size()) {
    std::printf("DevicePartition::If (three-way): counts %d %d, want %zu %zu\n", counts[0],
                counts[1], parts[0].size(), parts[1].size());
    ++errors;
  } else {
    for (int part = 0; part < 3; ++part) {
      std::vector<int> got_part(parts[part].size());
      CHECK(cudaMemcpy(got_part.data(), part_outputs[part], got_part.size() * sizeof(int),
                       cudaMemcpyDeviceToHost));
      if (got_part != parts[part]) {
        std::printf("DevicePartition::If (three-way): part %d differs\n", part);
        ++errors;
      }
    }
  }
  std::vector<int> offsets;
  for (int at = 0; at < n; at += 1000) offsets.push_back(at);
  offsets.push_back(n);
  int segments = (int)offsets.size() - 1;
  int* d_offsets;
  CHECK(cudaMalloc(&d_offsets, offsets.size() * sizeof(int)));
  CHECK(cudaMemcpy(d_offsets, offsets.data(), offsets.size() * sizeof(int),
                   cudaMemcpyHostToDevice));
  temp = nullptr;
  bytes = 0;
  CHECK(cub::DeviceSegmentedSort::SortKeysDescending(temp, bytes, d_in, d_sorted, n, segments,
                                                     d_offsets, d_offsets + 1));
  CHECK(cudaMalloc(&temp, bytes));
  CHECK(cub::DeviceSegmentedSort::SortKeysDescending(temp, bytes, d_in, d_sorted, n, segments,
                                                     d_offsets, d_offsets + 1));
  std::vector<int> want_sorted(in);
  for (int s = 0; s < segments; ++s)
    std::sort(want_sorted.begin() + offsets[s], want_sorted.begin() + offsets[s + 1],
              [](int a, int b) { return b < a; });
  CHECK(cudaMemcpy(got.data(), d_sorted, n * sizeof(int), cudaMemcpyDeviceToHost));
  if (got != want_sorted) {
    std::printf("DeviceSegmentedSort::SortKeysDescending: wrong order\n");
    ++errors;
  }
  CHECK(cudaFree(temp));
  CHECK(cudaFree(d_offsets));
  CHECK(cudaFree(d_second));
  CHECK(cudaFree(d_counts));
  // CUB's newer block and warp primitives.
  newer_kernel<<<1, THREADS>>>(d_in, d_out, d_values, d_sorted);
  CHECK(cudaGetLastError());
  CHECK(cudaDeviceSynchronize());
  {
    std::vector<int> tile_sorted(in.begin(), in.begin() + TILE), got_sorted(TILE),
        got_shifted(TILE), got_warps(TILE);
    std::sort(tile_sorted.begin(), tile_sorted.end());
    CHECK(cudaMemcpy(got_sorted.data(), d_out, TILE * sizeof(int), cudaMemcpyDeviceToHost));
    CHECK(cudaMemcpy(got_shifted.data(), d_values, TILE * sizeof(int), cudaMemcpyDeviceToHost));
    CHECK(cudaMemcpy(got_warps.data(), d_sorted, TILE * sizeof(int), cudaMemcpyDeviceToHost));
    std::vector<int> want_shifted(TILE, -1000),
        want_warps(in.begin() + TILE, in.begin() + 2 * TILE);
    for (int i = 1; i < TILE; ++i) want_shifted[i] = tile_sorted[i - 1];
    for (int w = 0; w < THREADS / 32; ++w)
      std::sort(want_warps.begin() + w * 32 * ITEMS, want_warps.begin() + (w + 1) * 32 * ITEMS);
    if (got_sorted != tile_sorted) {
      std::printf("BlockMergeSort::Sort: wrong order\n");
      ++errors;
    }
    if (got_shifted != want_shifted) {
      std::printf("BlockShuffle::Up: wrong items\n");
      ++errors;
    }
    if (got_warps != want_warps) {
      std::printf("WarpLoad, WarpMergeSort, WarpStore: wrong items\n");
      ++errors;
    }
  }

  // DeviceSpmv::CsrMV over a band of three items a row, as CUB's signature has it.
  {
    const int rows = 5000;
    std::vector<int> row_offsets(rows + 1), columns;
    std::vector<float> values, x(rows), want_y(rows, 0.0f), got_y(rows);
    for (int r = 0; r < rows; ++r) x[r] = (float)(r % 7 - 3);
    for (int r = 0; r < rows; ++r) {
      row_offsets[r] = (int)columns.size();
      for (int c = r - 1; c <= r + 1; ++c)
        if (c >= 0 && c < rows) {
          columns.push_back(c);
          values.push_back((float)((r + c) % 5 - 2));
          want_y[r] += values.back() * x[c];
        }
    }
    row_offsets[rows] = (int)columns.size();
    int nonzeros = (int)columns.size();
    float *d_matrix, *d_x, *d_y;
    int *d_row_offsets, *d_columns;
    CHECK(cudaMalloc(&d_matrix, nonzeros * sizeof(float)));
    CHECK(cudaMalloc(&d_x, rows * sizeof(float)));
    CHECK(cudaMalloc(&d_y, rows * sizeof(float)));
    CHECK(cudaMalloc(&d_row_offsets, (rows + 1) * sizeof(int)));
    CHECK(cudaMalloc(&d_columns, nonzeros * sizeof(int)));
    CHECK(cudaMemcpy(d_matrix, values.data(), nonzeros * sizeof(float), cudaMemcpyHostToDevice));
    CHECK(cudaMemcpy(d_x, x.data(), rows * sizeof(float), cudaMemcpyHostToDevice));
    CHECK(cudaMemcpy(d_row_offsets, row_offsets.data(), (rows + 1) * sizeof(int),
                     cudaMemcpyHostToDevice));
    CHECK(cudaMemcpy(d_columns, columns.data(), nonzeros * sizeof(int), cudaMemcpyHostToDevice));
    temp = nullptr;
    bytes = 0;
    CHECK(cub::DeviceSpmv::CsrMV(temp, bytes, d_matrix, d_row_offsets, d_columns, d_x, d_y, rows,
                                 rows, nonzeros));
    CHECK(cudaMalloc(&temp, bytes));
    CHECK(cub::DeviceSpmv::CsrMV(temp, bytes, d_matrix, d_row_offsets, d_columns, d_x, d_y, rows,
                                 rows, nonzeros, stream));
    CHECK(cudaStreamSynchronize(stream));
    CHECK(cudaMemcpy(got_y.data(), d_y, rows * sizeof(float), cudaMemcpyDeviceToHost));
    if (got_y != want_y) {
      std::printf("DeviceSpmv::CsrMV: wrong products\n");
      ++errors;
    }
    CHECK(cudaFree(temp));
    CHECK(cudaFree(d_matrix));
    CHECK(cudaFree(d_x));
    CHECK(cudaFree(d_y));
    CHECK(cudaFree(d_row_offsets));
    CHECK(cudaFree(d_columns));
  }

  // DeviceMemcpy::Batched moves three byte ranges of the input, DeviceCopy::Batched three
  // ranges of items, to the front of two outputs.
  {
    const int parts = 3;
    int item_sizes[parts] = {1000, 0, 4097};
    const void* sources[parts];
    void* destinations[parts];
    const int* item_sources[parts];
    int* item_destinations[parts];
    size_t byte_sizes[parts];
    std::vector<int> want_out;
    int at = 0, from = 0;
    for (int p = 0; p < parts; ++p) {
      sources[p] = d_in + from;
      destinations[p] = d_out + at;
      item_sources[p] = d_in + from;
      item_destinations[p] = d_values + at;
      byte_sizes[p] = item_sizes[p] * sizeof(int);
      want_out.insert(want_out.end(), in.begin() + from, in.begin() + from + item_sizes[p]);
      at += item_sizes[p];
      from += item_sizes[p] + 17;
    }
    const void** d_sources;
    void** d_destinations;
    const int** d_item_sources;
    int** d_item_destinations;
    size_t* d_byte_sizes;
    int* d_item_sizes;
    CHECK(cudaMalloc(&d_sources, sizeof sources));
    CHECK(cudaMalloc(&d_destinations, sizeof destinations));
    CHECK(cudaMalloc(&d_item_sources, sizeof item_sources));
    CHECK(cudaMalloc(&d_item_destinations, sizeof item_destinations));
    CHECK(cudaMalloc(&d_byte_sizes, sizeof byte_sizes));
    CHECK(cudaMalloc(&d_item_sizes, sizeof item_sizes));
    CHECK(cudaMemcpy(d_sources, sources, sizeof sources, cudaMemcpyHostToDevice));
    CHECK(cudaMemcpy(d_destinations, destinations, sizeof destinations, cudaMemcpyHostToDevice));
    CHECK(cudaMemcpy(d_item_sources, item_sources, sizeof item_sources, cudaMemcpyHostToDevice));
    CHECK(cudaMemcpy(d_item_destinations, item_destinations, sizeof item_destinations,
                     cudaMemcpyHostToDevice));
    CHECK(cudaMemcpy(d_byte_sizes, byte_sizes, sizeof byte_sizes, cudaMemcpyHostToDevice));
    CHECK(cudaMemcpy(d_item_sizes, item_sizes, sizeof item_sizes, cudaMemcpyHostToDevice));
    temp = nullptr;
    bytes = 0;
    CHECK(cub::DeviceMemcpy::Batched(temp, bytes, d_sources, d_destinations, d_byte_sizes, parts));
    CHECK(cudaMalloc(&temp, bytes));
    CHECK(cub::DeviceMemcpy::Batched(temp, bytes, d_sources, d_destinations, d_byte_sizes, parts,
                                     stream));
    CHECK(cudaStreamSynchronize(stream));
    CHECK(cudaFree(temp));
    temp = nullptr;
    bytes = 0;
    CHECK(cub::DeviceCopy::Batched(temp, bytes, d_item_sources, d_item_destinations, d_item_sizes,
                                   parts));
    CHECK(cudaMalloc(&temp, bytes));
    CHECK(cub::DeviceCopy::Batched(temp, bytes, d_item_sources, d_item_destinations, d_item_sizes,
                                   parts, stream));
    CHECK(cudaStreamSynchronize(stream));
    CHECK(cudaFree(temp));
    std::vector<int> got_bytes(want_out.size()), got_items(want_out.size());
    CHECK(cudaMemcpy(got_bytes.data(), d_out, want_out.size() * sizeof(int),
                     cudaMemcpyDeviceToHost));
    CHECK(cudaMemcpy(got_items.data(), d_values, want_out.size() * sizeof(int),
                     cudaMemcpyDeviceToHost));
    if (got_bytes != want_out) {
      std::printf("DeviceMemcpy::Batched: wrong bytes\n");
      ++errors;
    }
    if (got_items != want_out) {
      std::printf("DeviceCopy::Batched: wrong items\n");
      ++errors;
    }
    CHECK(cudaFree(d_sources));
    CHECK(cudaFree(d_destinations));
    CHECK(cudaFree(d_item_sources));
    CHECK(cudaFree(d_item_destinations));
    CHECK(cudaFree(d_byte_sizes));
    CHECK(cudaFree(d_item_sizes));
  }
  CHECK(cudaStreamDestroy(stream));
  CHECK(cudaFree(d_in));
  CHECK(cudaFree(d_out));
  CHECK(cudaFree(d_sorted));
  CHECK(cudaFree(d_sums));
  CHECK(cudaFree(d_values));
  CHECK(cudaFree(d_values_out));
  CHECK(cudaFree(d_count));
  if (errors) {
    std::printf("cub_cuda: FAILED (%d errors)\n", errors);
    return 1;
  }
  std::printf("cub_cuda: PASSED\n");
  return 0;
}
