// Cooperative groups as warp-aggregated atomics use them: coalesced_threads() in divergent
// code reserving slots with one atomic per group (the CUDA samples' pattern, which once gave
// 0 instead of the maximum on the CPU device), and invoke_one / invoke_one_broadcast on tiles
// and coalesced groups, with a scalar and a struct result.
#include "check.h"
#include <hip/hip_cooperative_groups.h>

namespace cg = cooperative_groups;

struct Ticket {
  int first;
  short group_size;
  char tag;
};

__device__ int aggregated_increment(int* counter) {
  cg::coalesced_group active = cg::coalesced_threads();
  int base = 0;
  if (active.thread_rank() == 0) base = atomicAdd(counter, (int)active.size());
  return active.shfl(base, 0) + (int)active.thread_rank();
}

// Keeps the positive values (compacted in any order), their count and their maximum.
__global__ void compact(const int* in, int* out, int* count, int* largest, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  int value = in[i];
  if (value <= 0) return;
  out[aggregated_increment(count)] = value;
  cg::coalesced_group active = cg::coalesced_threads();
  int top = cg::reduce(active, value, cg::greater<int>());
  cg::invoke_one(active, [&] { atomicMax(largest, top); });
}

template <unsigned int Size>
__device__ void tickets(int* counter, Ticket* out, int i) {
  cg::thread_block_tile<Size> tile = cg::tiled_partition<Size>(cg::this_thread_block());
  Ticket ticket = cg::invoke_one_broadcast(tile, [&]() {
    Ticket t;
    t.first = atomicAdd(counter, (int)Size);
    t.group_size = (short)tile.size();
    t.tag = 'T';
    return t;
  });
  ticket.first += (int)tile.thread_rank();
  out[i] = ticket;
}

__global__ void tile_tickets(int* counters, Ticket* out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  tickets<4>(&counters[0], out + 0 * 512, i);
  tickets<16>(&counters[1], out + 1 * 512, i);
  tickets<32>(&counters[2], out + 2 * 512, i);
  // In divergent code: the odd lanes of each warp, as one coalesced group.
  if (threadIdx.x & 1) {
    cg::coalesced_group odd = cg::coalesced_threads();
    int base = cg::invoke_one_broadcast(odd, [&] { return atomicAdd(&counters[3], (int)odd.size()); });
    out[3 * 512 + i / 2].first = base + (int)odd.thread_rank();
  }
}

int main() {
  print_device("cg_invoke");
  const int n = 10000;
  static int in[n];
  int want_count = 0, want_max = 0;
  unsigned long long seed = 7;
  for (int i = 0; i < n; ++i) {
    in[i] = (int)(next_random(&seed) % 2001) - 1000;
    if (in[i] > 0) {
      ++want_count;
      want_max = in[i] > want_max ? in[i] : want_max;
    }
  }
  int *gin, *gout, *gcount, *glargest, *counters;
  Ticket* gtickets;
  CHECK(hipMalloc(&gin, sizeof in));
  CHECK(hipMalloc(&gout, sizeof in));
  CHECK(hipMalloc(&gcount, sizeof(int)));
  CHECK(hipMalloc(&glargest, sizeof(int)));
  CHECK(hipMalloc(&counters, 4 * sizeof(int)));
  CHECK(hipMalloc(&gtickets, 4 * 512 * sizeof(Ticket)));
  CHECK(hipMemcpy(gin, in, sizeof in, hipMemcpyHostToDevice));
  CHECK(hipMemset(gcount, 0, sizeof(int)));
  CHECK(hipMemset(glargest, 0, sizeof(int)));
  CHECK(hipMemset(counters, 0, 4 * sizeof(int)));
  compact<<<(n + 127) / 128, 128>>>(gin, gout, gcount, glargest, n);
  CHECK_LAUNCH();
  tile_tickets<<<4, 128>>>(counters, gtickets);
  CHECK_LAUNCH();

  long long errors = 0;
  int count = 0, largest = 0;
  static int out[n];
  CHECK(hipMemcpy(&count, gcount, sizeof count, hipMemcpyDeviceToHost));
  CHECK(hipMemcpy(&largest, glargest, sizeof largest, hipMemcpyDeviceToHost));
  CHECK(hipMemcpy(out, gout, sizeof out, hipMemcpyDeviceToHost));
  if (count != want_count || largest != want_max) {
    std::printf("compact: %d values, largest %d; want %d and %d\n", count, largest, want_count,
                want_max);
    ++errors;
  }
  // The kept values are the positive inputs, each once: compare histograms.
  static int seen[1001];
  for (int i = 0; i < n; ++i)
    if (in[i] > 0) ++seen[in[i]];
  for (int i = 0; i < count && i < n; ++i)
    if (out[i] <= 0 || out[i] > 1000 || --seen[out[i]] < 0) ++errors;

  static Ticket host_tickets[4 * 512];
  int host_counters[4];
  CHECK(hipMemcpy(host_tickets, gtickets, sizeof host_tickets, hipMemcpyDeviceToHost));
  CHECK(hipMemcpy(host_counters, counters, sizeof host_counters, hipMemcpyDeviceToHost));
  const int sizes[3] = {4, 16, 32};
  for (int t = 0; t < 3; ++t) {
    // Every ticket number 0..511 handed out exactly once, by groups of the tile's size.
    static bool taken[512];
    for (bool& b : taken) b = false;
    for (int i = 0; i < 512; ++i) {
      const Ticket& ticket = host_tickets[t * 512 + i];
      if (ticket.first < 0 || ticket.first >= 512 || taken[ticket.first] ||
          ticket.group_size != sizes[t] || ticket.tag != 'T') {
        if (errors++ < 5)
          std::printf("tile %d, thread %d: ticket %d size %d tag %d\n", sizes[t], i, ticket.first,
                      ticket.group_size, ticket.tag);
        continue;
      }
      taken[ticket.first] = true;
    }
    if (host_counters[t] != 512) ++errors;
  }
  static bool odd_taken[256];
  for (int i = 0; i < 256; ++i) {
    int first = host_tickets[3 * 512 + i].first;
    if (first < 0 || first >= 256 || odd_taken[first]) {
      ++errors;
      continue;
    }
    odd_taken[first] = true;
  }
  if (host_counters[3] != 256) ++errors;
  CHECK(hipFree(gin));
  CHECK(hipFree(gout));
  CHECK(hipFree(gcount));
  CHECK(hipFree(glargest));
  CHECK(hipFree(counters));
  CHECK(hipFree(gtickets));
  return finish("cg_invoke", errors);
}
