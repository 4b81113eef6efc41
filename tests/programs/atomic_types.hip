// The atomics beyond atomics.hip: double and 64-bit integer operations, the _block and
// _system scopes, atomicInc/atomicDec wrap-around, unsigned long, 16-bit compare-and-swap,
// HIP's safe/unsafe float forms and atomicAddNoRet. Every result is exact.
#include "check.h"

struct Results {
  double d_add, d_max, d_min, d_exch, d_cas_sum;
  unsigned long long ull_and, ull_or, ull_xor;
  long long ll_min, ll_max;
  int block_add, system_add;
  unsigned inc, dec;
  unsigned long ul_add, ul_max;
  unsigned short shorts[4];
  float f_unsafe, f_safe_max, f_safe_min;
  double d_noret;
};

__global__ void hammer(Results* r, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  atomicAdd(&r->d_add, 0.25);
  atomicMax(&r->d_max, (double)i * 1.5);
  atomicMin(&r->d_min, -(double)i);
  atomicExch(&r->d_exch, 7.0);
  // A double compare-and-swap loop through the 64-bit integer CAS.
  unsigned long long* bits = (unsigned long long*)&r->d_cas_sum;
  unsigned long long old = *bits, assumed;
  do {
    assumed = old;
    old = atomicCAS(bits, assumed, (unsigned long long)__double_as_longlong(__longlong_as_double((long long)assumed) + 1.0));
  } while (old != assumed);
  atomicAnd(&r->ull_and, ~(1ull << (i % 64)));
  atomicOr(&r->ull_or, 1ull << (i % 64));
  atomicXor(&r->ull_xor, 1ull << (i % 64));
  atomicMin(&r->ll_min, -(long long)i * 1000000000000ll);
  atomicMax(&r->ll_max, (long long)i * 1000000000000ll);
  atomicAdd_block(&r->block_add, 1);
  atomicAdd_system(&r->system_add, 2);
  atomicInc(&r->inc, 9u);  // counts 0..9 and wraps
  atomicDec(&r->dec, 9u);  // counts down from 0 through 9
  atomicAdd(&r->ul_add, 3ul);
  atomicMax(&r->ul_max, (unsigned long)i);
  unsigned short* slot = &r->shorts[i % 4];
  unsigned short seen = *slot, expected;
  do {
    expected = seen;
    seen = atomicCAS(slot, expected, (unsigned short)(expected + 1));
  } while (seen != expected);
  unsafeAtomicAdd(&r->f_unsafe, 1.0f);
  safeAtomicMax(&r->f_safe_max, (float)i);
  unsafeAtomicMin(&r->f_safe_min, -(float)i);
  atomicAddNoRet(&r->d_noret, 0.5);
}

int main() {
  const int n = 1000;
  Results init = {};
  init.d_max = -1.0;
  init.d_min = 1.0;
  init.ull_and = ~0ull;
  init.ll_min = 0;
  init.ll_max = 0;
  Results* d;
  CHECK(hipMalloc(&d, sizeof(Results)));
  CHECK(hipMemcpy(d, &init, sizeof init, hipMemcpyHostToDevice));
  hammer<<<(n + 127) / 128, 128>>>(d, n);
  CHECK_LAUNCH();
  Results r;
  CHECK(hipMemcpy(&r, d, sizeof r, hipMemcpyDeviceToHost));
  long long errors = 0;
  auto expect = [&](const char* what, double got, double want) {
    if (got != want) {
      std::printf("%s: %.17g, want %.17g\n", what, got, want);
      ++errors;
    }
  };
  expect("double add", r.d_add, 0.25 * n);
  expect("double max", r.d_max, 1.5 * (n - 1));
  expect("double min", r.d_min, -(double)(n - 1));
  expect("double exch", r.d_exch, 7.0);
  expect("double CAS loop", r.d_cas_sum, n);
  expect("ull and", (double)r.ull_and, 0.0);
  expect("ull or", r.ull_or == ~0ull, 1);
  // Each bit is flipped once per thread with i % 64 == bit: n / 64 or that plus one times.
  unsigned long long want_xor = 0;
  for (int i = 0; i < n; ++i) want_xor ^= 1ull << (i % 64);
  expect("ull xor", r.ull_xor == want_xor, 1);
  expect("ll min", (double)r.ll_min, -(double)(n - 1) * 1e12);
  expect("ll max", (double)r.ll_max, (double)(n - 1) * 1e12);
  expect("block add", r.block_add, n);
  expect("system add", r.system_add, 2 * n);
  expect("inc", r.inc, n % 10);
  // dec: 0 -> 9 -> 8 ... each step down, wrapping to the limit from 0: n steps from 0.
  unsigned want_dec = 0;
  for (int i = 0; i < n; ++i) want_dec = (want_dec == 0 || want_dec > 9) ? 9 : want_dec - 1;
  expect("dec", r.dec, want_dec);
  expect("ul add", (double)r.ul_add, 3.0 * n);
  expect("ul max", (double)r.ul_max, n - 1);
  for (int k = 0; k < 4; ++k) expect("16-bit CAS", r.shorts[k], n / 4);
  expect("unsafe add", r.f_unsafe, n);
  expect("safe max", r.f_safe_max, n - 1);
  expect("unsafe min", r.f_safe_min, -(float)(n - 1));
  expect("add no ret", r.d_noret, 0.5 * n);
  CHECK(hipFree(d));
  return finish("atomic_types", errors);
}
