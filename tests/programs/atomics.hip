// Every atomic overload the headers promise, on int, unsigned,
// unsigned long long and float, with results that are exact.
#include "check.h"

struct Counters {
  int i_add, i_max, i_min, i_exch_count;
  unsigned u_add, u_max, u_min;
  unsigned long long ull_add, ull_max, ull_min;
  float f_add;
  int cas_lock_sum;
  int lock;
  float f_exch;
  unsigned u_exch;
  unsigned long long ull_exch, ull_cas;
};

__global__ void hammer(Counters* c, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  atomicAdd(&c->i_add, i % 3 - 1);
  atomicMax(&c->i_max, i - n / 2);
  atomicMin(&c->i_min, i - n / 2);
  atomicAdd(&c->u_add, 2u);
  atomicMax(&c->u_max, (unsigned)i * 3u);
  atomicMin(&c->u_min, (unsigned)i + 5u);
  atomicAdd(&c->ull_add, 1ull << 33);
  atomicMax(&c->ull_max, (unsigned long long)i << 34);
  atomicMin(&c->ull_min, ((unsigned long long)i << 34) + 9);
  atomicAdd(&c->f_add, 0.5f);
  // atomicExch: the old values seen by all threads, plus the final value,
  // are exactly the values written.
  int old = atomicExch(&c->i_exch_count, i);
  (void)old;
  atomicExch(&c->f_exch, 2.5f);
  atomicExch(&c->u_exch, 77u);
  atomicExch(&c->ull_exch, 1ull << 40);
  // atomicCAS loop: increments by 3 with compare-and-swap on 32 and 64 bits.
  int seen = c->cas_lock_sum, assumed;
  do {
    assumed = seen;
    seen = atomicCAS(&c->cas_lock_sum, assumed, assumed + 3);
  } while (seen != assumed);
  unsigned long long seen64 = c->ull_cas, assumed64;
  do {
    assumed64 = seen64;
    seen64 = atomicCAS(&c->ull_cas, assumed64, assumed64 + 5);
  } while (seen64 != assumed64);
}

// System-scoped atomics on managed memory while the host updates the same words: with
// device-scoped instructions, updates of one side are lost.
__global__ void system_side(int* counts, unsigned* highest, int rounds) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  for (int r = 0; r < rounds; ++r) {
    atomicAdd_system(&counts[0], 1);
    atomicSub_system(&counts[1], 2);
    atomicMax_system(highest, 0x80000000u + (unsigned)i);
  }
}

int main() {
  print_device("atomics");
  const int n = 65537;
  Counters init = {};
  init.i_max = -2147483647 - 1;
  init.i_min = 2147483647;
  init.u_min = 0xffffffffu;
  init.ull_min = ~0ull;
  init.i_exch_count = -1;
  Counters* dc;
  CHECK(hipMalloc(&dc, sizeof(Counters)));
  CHECK(hipMemcpy(dc, &init, sizeof init, hipMemcpyHostToDevice));
  hammer<<<(n + 255) / 256, 256>>>(dc, n);
  CHECK_LAUNCH();
  Counters r;
  CHECK(hipMemcpy(&r, dc, sizeof r, hipMemcpyDeviceToHost));
  CHECK(hipFree(dc));

  long long expected_i_add = 0;
  for (int i = 0; i < n; ++i) expected_i_add += i % 3 - 1;
  long long errors = 0;
  auto expect = [&](const char* what, long double got, long double want) {
    if (got != want) {
      std::printf("atomics: %s = %.1Lf, expected %.1Lf\n", what, got, want);
      ++errors;
    }
  };
  expect("int add", r.i_add, expected_i_add);
  expect("int max", r.i_max, (n - 1) - n / 2);
  expect("int min", r.i_min, 0 - n / 2);
  expect("unsigned add", r.u_add, 2.0L * n);
  expect("unsigned max", r.u_max, 3.0L * (n - 1));
  expect("unsigned min", r.u_min, 5);
  expect("ull add", r.ull_add, (long double)n * (1ull << 33));
  expect("ull max", r.ull_max, (long double)((unsigned long long)(n - 1) << 34));
  expect("ull min", r.ull_min, 9);
  expect("float add", r.f_add, 0.5L * n);
  expect("int exch in range", (r.i_exch_count >= 0 && r.i_exch_count < n), 1);
  expect("float exch", r.f_exch, 2.5L);
  expect("unsigned exch", r.u_exch, 77);
  expect("ull exch", r.ull_exch, (long double)(1ull << 40));
  expect("int cas", r.cas_lock_sum, 3.0L * n);
  expect("ull cas", r.ull_cas, 5.0L * n);

  int managed = 0;
  CHECK(hipDeviceGetAttribute(&managed, hipDeviceAttributeConcurrentManagedAccess, 0));
  if (managed) {
    int* counts;
    const int blocks = 64, threads = 128, rounds = 200, host_rounds = 2000000;
    CHECK(hipMallocManaged(&counts, 4 * sizeof(int)));
    counts[0] = counts[1] = counts[2] = 0;
    unsigned* highest = (unsigned*)&counts[2];
    system_side<<<blocks, threads>>>(counts, highest, rounds);
    for (int r = 0; r < host_rounds; ++r) {
      __atomic_fetch_add(&counts[0], 1, __ATOMIC_RELAXED);
      __atomic_fetch_sub(&counts[1], 2, __ATOMIC_RELAXED);
    }
    CHECK(hipDeviceSynchronize());
    expect("system add beside the host", counts[0], (long double)blocks * threads * rounds + host_rounds);
    expect("system sub beside the host", counts[1], -2.0L * ((long double)blocks * threads * rounds + host_rounds));
    expect("system unsigned max", *highest, 0x80000000u + blocks * threads - 1);
    CHECK(hipFree(counts));
  } else {
    std::printf("atomics: no concurrent managed access, system atomics beside the host not tested\n");
  }
  return finish("atomics", errors);
}
