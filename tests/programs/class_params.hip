// Kernel parameters of classes with a user-provided copy constructor or destructor, passed by
// value. The x86-64 ABI passes such a class indirectly (a pointer to the caller's copy), which
// the CPU device must turn back into a value of the kernel's own: one copy per work-item that
// the kernel may change, made at launch (the caller's object may change or die before the
// kernel runs), of the class's whole size, whichever of a template's instantiations it is.
#include "check.h"
#include <vector>

template <int N>
struct Counted {
  int value;
  int extra[N];
  __host__ __device__ explicit Counted(int v) : value(v) {
    for (int i = 0; i < N; ++i) extra[i] = v + i + 1;
  }
  __host__ __device__ Counted(const Counted& other) : value(other.value) {
    for (int i = 0; i < N; ++i) extra[i] = other.extra[i];
  }
  __host__ __device__ ~Counted() {}
  __host__ __device__ int last() const { return extra[N - 1]; }
};

// Only a destructor: its copy is trivial, so clang copies it with memcpy.
struct Tagged {
  long long tag;
  float scale;
  __host__ __device__ ~Tagged() {}
};

struct Empty {};

// The kernel changes its own copy: every work-item must start from the caller's value.
__global__ void own_copy(Counted<3> c, int* out) {
  c.value += static_cast<int>(threadIdx.x);
  c.extra[2] *= 2;
  out[threadIdx.x] = c.value * 1000 + c.extra[2];
}

// Two instantiations of one template, of different sizes, in one kernel: the larger after
// the smaller, then a pointer, so that a short copy of the second would read the wrong bytes.
__global__ void two_sizes(Counted<1> small, Counted<40> large, int* out) {
  out[threadIdx.x] = small.last() * 100000 + large.last() * 10 + large.extra[threadIdx.x % 40] % 10;
}

// Used only through a lambda that captures it by reference (the pointer escapes), and with a
// barrier, which splits the kernel into phases.
__global__ void captured(Tagged t, Empty e, int* out) {
  __shared__ int staged[64];
  auto scaled = [&](int i) { return static_cast<int>(t.tag + t.scale * i); };
  staged[threadIdx.x] = scaled(threadIdx.x);
  __syncthreads();
  out[threadIdx.x] = staged[63 - threadIdx.x];
  (void)e;
}

// Plain aggregates passed `byval` (over 16 bytes) with a 16-byte alignment after one of 20
// bytes: the call into the kernel must place the second copy where the kernel reads it.
struct Twenty {
  int v[5];
};
struct alignas(16) Wide {
  float x[5];
};
__global__ void aligned(Twenty a, Wide b, int* out) {
  out[threadIdx.x] = a.v[threadIdx.x % 5] * 100 + static_cast<int>(b.x[threadIdx.x % 5]);
}

// Never read: its size must not matter, and the pointer after it must still arrive.
__global__ void unused(Counted<7> c, int* out, int base) { out[threadIdx.x] = base + threadIdx.x; }

static long long compare(const char* what, const std::vector<int>& got,
                         const std::vector<int>& want) {
  long long errors = 0;
  for (size_t i = 0; i < got.size(); ++i) {
    if (got[i] != want[i]) {
      if (errors < 5) std::printf("%s[%zu]: got %d, want %d\n", what, i, got[i], want[i]);
      ++errors;
    }
  }
  return errors;
}

int main() {
  print_device("class_params");
  const int n = 64;
  int* d_out;
  CHECK(hipMalloc(&d_out, n * sizeof(int)));
  std::vector<int> got(n), want(n);
  long long errors = 0;

  own_copy<<<1, n>>>(Counted<3>(7), d_out);
  CHECK_LAUNCH();
  CHECK(hipMemcpy(got.data(), d_out, n * sizeof(int), hipMemcpyDeviceToHost));
  for (int t = 0; t < n; ++t) want[t] = (7 + t) * 1000 + 2 * (7 + 3);
  errors += compare("own_copy", got, want);

  two_sizes<<<1, n>>>(Counted<1>(3), Counted<40>(5), d_out);
  CHECK_LAUNCH();
  CHECK(hipMemcpy(got.data(), d_out, n * sizeof(int), hipMemcpyDeviceToHost));
  for (int t = 0; t < n; ++t) want[t] = 4 * 100000 + 45 * 10 + (5 + t % 40 + 1) % 10;
  errors += compare("two_sizes", got, want);

  captured<<<1, n>>>(Tagged{1000, 2.0f}, Empty{}, d_out);
  CHECK_LAUNCH();
  CHECK(hipMemcpy(got.data(), d_out, n * sizeof(int), hipMemcpyDeviceToHost));
  for (int t = 0; t < n; ++t) want[t] = 1000 + 2 * (63 - t);
  errors += compare("captured", got, want);

  unused<<<1, n>>>(Counted<7>(1), d_out, 500);
  CHECK_LAUNCH();
  CHECK(hipMemcpy(got.data(), d_out, n * sizeof(int), hipMemcpyDeviceToHost));
  for (int t = 0; t < n; ++t) want[t] = 500 + t;
  errors += compare("unused", got, want);

  aligned<<<1, n>>>(Twenty{{1, 2, 3, 4, 5}}, Wide{{10, 20, 30, 40, 50}}, d_out);
  CHECK_LAUNCH();
  CHECK(hipMemcpy(got.data(), d_out, n * sizeof(int), hipMemcpyDeviceToHost));
  for (int t = 0; t < n; ++t) want[t] = (t % 5 + 1) * 100 + 10 * (t % 5 + 1);
  errors += compare("aligned", got, want);

  // Asynchronous: the caller's object is gone before the stream runs the kernel.
  hipStream_t stream;
  CHECK(hipStreamCreate(&stream));
  for (int round = 0; round < 4; ++round) {
    Counted<40> value(10 * round);
    hipLaunchKernelGGL(two_sizes, dim3(1), dim3(n), 0, stream, Counted<1>(round), value, d_out);
    CHECK(hipGetLastError());
  }
  CHECK(hipStreamSynchronize(stream));
  CHECK(hipMemcpy(got.data(), d_out, n * sizeof(int), hipMemcpyDeviceToHost));
  for (int t = 0; t < n; ++t) want[t] = 4 * 100000 + 70 * 10 + (30 + t % 40 + 1) % 10;
  errors += compare("async", got, want);
  CHECK(hipStreamDestroy(stream));

  CHECK(hipFree(d_out));
  return finish("class_params", errors);
}
