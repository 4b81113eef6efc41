#include "check.h"
// The vector types: layout (sizes and alignments as CUDA's), brace and constructor
// initialisation, make_*, HIP's operators with vectors and scalars, a user's own
// helper_math-style operators next to ours, vectors in __shared__ memory, as kernel
// arguments and through memcpy.

static_assert(sizeof(char1) == 1 && alignof(char1) == 1, "char1");
static_assert(sizeof(uchar2) == 2 && alignof(uchar2) == 2, "uchar2");
static_assert(sizeof(char3) == 3 && alignof(char3) == 1, "char3");
static_assert(sizeof(uchar4) == 4 && alignof(uchar4) == 4, "uchar4");
static_assert(sizeof(short3) == 6 && alignof(short4) == 8, "short");
static_assert(sizeof(int2) == 8 && alignof(int2) == 8, "int2");
static_assert(sizeof(float3) == 12 && alignof(float3) == 4, "float3");
static_assert(sizeof(float4) == 16 && alignof(float4) == 16, "float4");
static_assert(sizeof(double2) == 16 && alignof(double2) == 16, "double2");
static_assert(sizeof(double3) == 24 && alignof(double3) == 8, "double3");
static_assert(sizeof(double4) == 32 && alignof(double4) == 16, "double4");
static_assert(sizeof(ulonglong2) == 16 && sizeof(long4) == 32, "long");
static_assert(__is_trivially_copyable(float4) && __is_trivial(int3), "trivial, so __shared__ works");

// What CUDA code brings along (helper_math.h style): ordinary functions, which must win
// over the headers' operator templates without ambiguity.
inline __host__ __device__ float3 operator+(float3 a, float3 b) {
  return make_float3(a.x + b.x, a.y + b.y, a.z + b.z);
}
inline __host__ __device__ void operator*=(float3& a, float b) {
  a.x *= b;
  a.y *= b;
  a.z *= b;
}
inline __host__ __device__ float dot(float3 a, float3 b) { return a.x * b.x + a.y * b.y + a.z * b.z; }
inline __host__ __device__ float3 make_float3(float4 a) { return make_float3(a.x, a.y, a.z); }

struct Particle {
  float4 position;
  float3 velocity;
  int2 cell;
};

constexpr float4 kOffset = {0.5f, 0.25f, 0.125f, 0.0f};

__global__ void step(Particle* particles, float4* out4, int4* outi, double2* outd, int n) {
  __shared__ float4 tile[64];
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  Particle p = particles[i];
  tile[threadIdx.x] = p.position;
  __syncthreads();
  float4 v = tile[threadIdx.x];
  v = v * 2.0f + kOffset - float4(1.0f);  // vector * scalar, + vector, explicit fill
  v += 1;                                      // compound with an int scalar
  v /= make_float4(1.0f, 2.0f, 4.0f, 8.0f);
  float3 velocity = p.velocity + p.velocity;  // the user's operator
  velocity *= 0.5f;                            // the user's compound operator
  v.w = dot(velocity, make_float3(v));
  out4[i] = -v;
  int4 k = make_int4(i, i + 1, i + 2, i + 3);
  k = (k << 2) | 1;
  k %= 7;
  k = ~k ^ int4(3);
  outi[i] = k + p.cell.x;
  double2 d = {1.0 * i, 0.5};
  d = 3.0 * d - d;
  outd[i] = d;
}

int main() {
  const int n = 256;
  Particle host[n];
  for (int i = 0; i < n; ++i) {
    host[i].position = make_float4(i, i * 0.5f, 1.0f, 0.0f);
    host[i].velocity = {1.0f * i, 2.0f, 3.0f};
    host[i].cell = int2(i % 5, 0);
  }
  Particle* particles;
  float4* out4;
  int4* outi;
  double2* outd;
  CHECK(hipMalloc(&particles, sizeof host));
  CHECK(hipMalloc(&out4, n * sizeof(float4)));
  CHECK(hipMalloc(&outi, n * sizeof(int4)));
  CHECK(hipMalloc(&outd, n * sizeof(double2)));
  CHECK(hipMemcpy(particles, host, sizeof host, hipMemcpyHostToDevice));
  step<<<n / 64, 64>>>(particles, out4, outi, outd, n);
  CHECK_LAUNCH();
  float4 got4[n];
  int4 goti[n];
  double2 gotd[n];
  CHECK(hipMemcpy(got4, out4, sizeof got4, hipMemcpyDeviceToHost));
  CHECK(hipMemcpy(goti, outi, sizeof goti, hipMemcpyDeviceToHost));
  CHECK(hipMemcpy(gotd, outd, sizeof gotd, hipMemcpyDeviceToHost));
  long long errors = 0;
  for (int i = 0; i < n; ++i) {
    // The same computation on the host, with the same operators.
    float4 v = host[i].position * 2.0f + kOffset - float4(1.0f);
    v += 1;
    v /= make_float4(1.0f, 2.0f, 4.0f, 8.0f);
    float3 velocity = host[i].velocity + host[i].velocity;
    velocity *= 0.5f;
    v.w = dot(velocity, make_float3(v));
    float4 want4 = -v;
    int4 want_i = make_int4(i, i + 1, i + 2, i + 3);
    want_i = (want_i << 2) | 1;
    want_i = want_i % 7;
    want_i = ~want_i ^ int4(3);
    want_i = want_i + host[i].cell.x;
    double2 want_d = make_double2(2.0 * i, 1.0);
    if (!(got4[i] == want4) || got4[i] != want4 || !(goti[i] == want_i) || gotd[i] != want_d) {
      if (errors < 5)
        std::printf("%d: got (%g %g %g %g) (%d %d %d %d) (%g %g)\n", i, got4[i].x, got4[i].y,
                    got4[i].z, got4[i].w, goti[i].x, goti[i].y, goti[i].z, goti[i].w, gotd[i].x,
                    gotd[i].y);
      ++errors;
    }
  }
  // Host-side construction forms.
  uint4 zero = {};
  uint4 partial = {1u, 2u};
  float2 filled(3.0f);
  ushort2 s = make_ushort2(65535, 1);
  s += 1;  // wraps in the element type
  if (zero.x != 0 || zero.w != 0 || partial.y != 2 || partial.z != 0 || filled.y != 3.0f || s.x != 0 || s.y != 2)
    ++errors;
  CHECK(hipFree(particles));
  CHECK(hipFree(out4));
  CHECK(hipFree(outi));
  CHECK(hipFree(outd));
  return finish("vector_types", errors);
}
