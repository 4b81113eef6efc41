// Kernel parameters of every shape the host ABI treats differently: empty classes (a
// stateless functor, a capture-less lambda), which the x86-64 ABI passes as nothing at all,
// small structs split over registers, large ones passed in memory, enums, templates, and
// doubles, in orders that put the empty ones first, between others and last.
#include "check.h"
#include <vector>

struct Empty {};
struct Twice {
  __device__ int operator()(int v) const { return 2 * v; }
};
struct Split {
  int a, b, c;
};
struct Big {
  double d[4];
};
enum class Mode : short { Add = 3, Mul = 7 };
namespace ns {
template <class T>
struct Pair {
  T x, y;
};
}  // namespace ns

__global__ void mixed(Empty e, Split s, int* out, Empty f, Big big, ns::Pair<int> p, Mode mode,
                      double scale) {
  int t = threadIdx.x;
  out[t] = (int)(s.a + s.b * 10 + s.c * 100 + big.d[3] * 1000 + p.x * 10000 + p.y * 100000 +
                 (int)mode * 1000000 + scale * t);
}

template <class F>
__global__ void apply(F f, int* out, int n, Empty tail) {
  int t = threadIdx.x;
  if (t < n) out[t] = f(t);
}

template <class F, class G>
__global__ void compose(F f, Big big, G g, int* out) {
  int t = threadIdx.x;
  out[t] = g(f(t)) + (int)big.d[0];
}

// An empty operator followed by a small structure passed in one register and a bool: the
// shape of hipCUB's segmented reduction with ArgMin, which the CPU device's kernel ABI once
// refused ("cannot tell which of its parameters the x86-64 ABI dropped").
struct KeyValue {
  int key;
  float value;
};
struct Smaller {
  __device__ KeyValue operator()(KeyValue a, KeyValue b) const { return b.value < a.value ? b : a; }
};
template <class Op, class T>
__global__ void pick(const float* in, T* out, Op op, T initial, bool seeded) {
  int t = threadIdx.x;
  T best = seeded ? initial : T{0, in[t * 4]};
  for (int i = 0; i < 4; ++i) best = op(best, T{i, in[t * 4 + i]});
  out[t] = best;
}

static long long compare(const char* what, const std::vector<int>& got,
                         const std::vector<int>& want) {
  long long errors = 0;
  for (size_t i = 0; i < want.size(); ++i)
    if (got[i] != want[i] && errors++ < 5)
      std::printf("kernel_params: %s[%zu]: got %d, expected %d\n", what, i, got[i], want[i]);
  return errors;
}

int main() {
  print_device("kernel_params");
  const int n = 64;
  int* d_out;
  CHECK(hipMalloc(&d_out, n * sizeof(int)));
  std::vector<int> got(n), want(n);
  long long errors = 0;

  mixed<<<1, n>>>(Empty{}, Split{1, 2, 3}, d_out, Empty{}, Big{{0, 0, 0, 4}}, ns::Pair<int>{5, 6},
                  Mode::Mul, 2.0);
  CHECK_LAUNCH();
  CHECK(hipMemcpy(got.data(), d_out, n * sizeof(int), hipMemcpyDeviceToHost));
  for (int t = 0; t < n; ++t) want[t] = 321 + 4000 + 50000 + 600000 + 7000000 + 2 * t;
  errors += compare("mixed", got, want);

  apply<<<1, n>>>(Twice{}, d_out, n, Empty{});
  CHECK_LAUNCH();
  CHECK(hipMemcpy(got.data(), d_out, n * sizeof(int), hipMemcpyDeviceToHost));
  for (int t = 0; t < n; ++t) want[t] = 2 * t;
  errors += compare("apply(functor)", got, want);

  apply<<<1, n>>>([] __device__(int v) { return v * v + 1; }, d_out, n, Empty{});
  CHECK_LAUNCH();
  CHECK(hipMemcpy(got.data(), d_out, n * sizeof(int), hipMemcpyDeviceToHost));
  for (int t = 0; t < n; ++t) want[t] = t * t + 1;
  errors += compare("apply(lambda)", got, want);

  compose<<<1, n>>>(Twice{}, Big{{100, 0, 0, 0}}, [] __device__(int v) { return v + 3; }, d_out);
  CHECK_LAUNCH();
  CHECK(hipMemcpy(got.data(), d_out, n * sizeof(int), hipMemcpyDeviceToHost));
  for (int t = 0; t < n; ++t) want[t] = 2 * t + 3 + 100;
  errors += compare("compose", got, want);

  std::vector<float> values(4 * n);
  for (int i = 0; i < 4 * n; ++i) values[i] = (float)((i * 7) % 11) - (i % 4 == 2 ? 0.5f : 0.0f);
  float* d_values;
  KeyValue* d_pairs;
  CHECK(hipMalloc(&d_values, values.size() * sizeof(float)));
  CHECK(hipMalloc(&d_pairs, n * sizeof(KeyValue)));
  CHECK(hipMemcpy(d_values, values.data(), values.size() * sizeof(float), hipMemcpyHostToDevice));
  pick<<<1, n>>>(d_values, d_pairs, Smaller{}, KeyValue{-1, 3.0f}, true);
  CHECK_LAUNCH();
  std::vector<KeyValue> pairs(n);
  CHECK(hipMemcpy(pairs.data(), d_pairs, n * sizeof(KeyValue), hipMemcpyDeviceToHost));
  for (int t = 0; t < n; ++t) {
    KeyValue best{-1, 3.0f};
    for (int i = 0; i < 4; ++i)
      if (values[t * 4 + i] < best.value) best = KeyValue{i, values[t * 4 + i]};
    if ((pairs[t].key != best.key || pairs[t].value != best.value) && errors++ < 5)
      std::printf("kernel_params: pick[%d]: got {%d, %g}, expected {%d, %g}\n", t, pairs[t].key,
                  pairs[t].value, best.key, best.value);
  }
  CHECK(hipFree(d_values));
  CHECK(hipFree(d_pairs));

  CHECK(hipFree(d_out));
  return finish("kernel_params", errors);
}
