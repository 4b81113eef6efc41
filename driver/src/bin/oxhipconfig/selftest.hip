// The self-test program of `oxhipconfig --check` (docs/driver.md, "oxhipconfig --check").
//
// oxhipconfig writes this file to a temporary directory, builds it with `oxhip` for every
// target it was asked for, and runs it once per device. The program checks one feature
// after another and prints a line for each that oxhipconfig parses:
//
//   selftest devices                   DEVICES <n>, then DEVICE <i> <gcnArchName> <name>,
//                                      then FEATURE <name> group|alone, one per feature
//   selftest run <device> <feature>... for each feature: BEGIN <feature>, then
//                                      CHECK <feature> PASS|FAIL <one-line detail>
//
// A feature that fails does not stop the others: every HIP call is checked and a failure
// ends only its own feature. After a failure the program asks the device whether it still
// works (hipDeviceSynchronize); when it does not, it prints LOST <error> and exits with
// status 3, and oxhipconfig starts it again for the features left. A crash or a hang is
// seen by oxhipconfig: the feature that began and never reported is the culprit. Features
// marked `alone` (the failing device assert, which leaves the device unusable on CUDA)
// are run by oxhipconfig in a process of their own.
//
// Device printf cannot be seen from inside: the feature prints EXPECT device_printf
// <line>, and oxhipconfig looks for that line in the program's output.
//
// OXHIP_CHECK_BREAK breaks features on purpose, so that oxhipconfig's handling of each kind
// of failure can be tested: a comma-separated list of <feature> (the feature compares
// against a wrong expected value, expects a wrong printf line or error code),
// <feature>:crash (the process raises SIGSEGV when the feature begins) and <feature>:hang
// (it sleeps for ever instead).
#include <hip/hip_runtime.h>

#include <atomic>
#include <cassert>
#include <csignal>
#include <cstdarg>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <type_traits>
#include <vector>

#include <unistd.h>

namespace {

// ---- Reporting ------------------------------------------------------------------------

// Set while the feature named by OXHIP_CHECK_BREAK runs.
bool g_breaking = false;

// What the device is; some sizes depend on it (the CPU device is slower).
hipDeviceProp_t g_props;
int g_device = 0;
bool g_on_cpu = false;

// One feature's outcome: passed unless `fail` was called; `detail` is one line.
struct Result {
  bool failed = false;
  char detail[400] = "";

  void fail(const char* format, ...) __attribute__((format(printf, 2, 3))) {
    if (failed) return;
    failed = true;
    va_list args;
    va_start(args, format);
    std::vsnprintf(detail, sizeof detail, format, args);
    va_end(args);
  }

  void note(const char* format, ...) __attribute__((format(printf, 2, 3))) {
    if (failed) return;
    va_list args;
    va_start(args, format);
    std::vsnprintf(detail, sizeof detail, format, args);
    va_end(args);
  }

  // A HIP call failed: its name (the text before the first parenthesis), the error and
  // the runtime's own explanation.
  void fail_call(const char* call, hipError_t error) {
    int name_length = (int)std::strcspn(call, "(");
    const char* why = oxhipGetLastErrorMessage();
    fail("%.*s: %s%s%s", name_length, call, hipGetErrorName(error), why && *why ? ": " : "",
         why ? why : "");
  }

  // A kernel's launch or its work failed.
  void fail_kernel(const char* kernel, hipError_t error) {
    const char* why = oxhipGetLastErrorMessage();
    fail("kernel %s: %s%s%s", kernel, hipGetErrorName(error), why && *why ? ": " : "",
         why ? why : "");
  }
};

// What the feature expects, made wrong when the feature is being broken on purpose.
template <class T>
T want(T value) {
  if (!g_breaking) return value;
  if constexpr (std::is_same_v<T, bool>) {
    return !value;
  } else {
    return value + 1;
  }
}

#define HIP_OK(call)                     \
  do {                                   \
    hipError_t status_ = (call);         \
    if (status_ != hipSuccess) {         \
      r.fail_call(#call, status_);       \
      return;                            \
    }                                    \
  } while (0)

// Checks a launch: the launch itself, then the work, so a fault shows at its kernel.
#define LAUNCH_OK(name)                                              \
  do {                                                               \
    hipError_t status_ = hipGetLastError();                          \
    if (status_ == hipSuccess) status_ = hipDeviceSynchronize();     \
    if (status_ != hipSuccess) {                                     \
      r.fail_kernel(name, status_);                                  \
      if (status_ == hipErrorNoBinaryForGpu) no_binary_hint(r);      \
      return;                                                        \
    }                                                                \
  } while (0)

// A check of the feature; the value it compares against goes through `want` (or
// `first_mismatch`), so that OXHIP_CHECK_BREAK can make it wrong.
#define EXPECT(condition, ...) \
  do {                         \
    if (!(condition)) {        \
      r.fail(__VA_ARGS__);     \
      return;                  \
    }                          \
  } while (0)

void no_binary_hint(Result& r) {
  char hint[sizeof r.detail];
  std::snprintf(hint, sizeof hint,
                "%s (the test program has no code object for %s: run oxhipconfig --check "
                "--offload-arch=%s)",
                r.detail, g_props.gcnArchName, g_props.gcnArchName);
  std::memcpy(r.detail, hint, sizeof hint);
}

// The first index where `got` differs from `expected` (made wrong when breaking), or -1.
template <class T>
long first_mismatch(const T* got, const T* expected, size_t n) {
  for (size_t i = 0; i < n; ++i)
    if (got[i] != want(expected[i])) return (long)i;
  return -1;
}

// Memory the feature owns, freed however it ends.
template <class T>
struct DeviceBuffer {
  T* ptr = nullptr;
  ~DeviceBuffer() {
    if (ptr) (void)hipFree(ptr);
  }
};
template <class T>
struct PinnedBuffer {
  T* ptr = nullptr;
  ~PinnedBuffer() {
    if (ptr) (void)hipHostFree(ptr);
  }
};
struct Stream {
  hipStream_t handle = nullptr;
  ~Stream() {
    if (handle) (void)hipStreamDestroy(handle);
  }
};
struct Event {
  hipEvent_t handle = nullptr;
  ~Event() {
    if (handle) (void)hipEventDestroy(handle);
  }
};

// ---- Kernels --------------------------------------------------------------------------

__global__ void store_value(int* out, int value) { *out = value; }

__global__ void set_all(int* data, int n, int value) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) data[i] = value;
}

__global__ void add_one(const int* in, int* out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[i] = in[i] + 1;
}

__global__ void double_in_place(int* data, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) data[i] *= 2;
}

// Arguments of every size and alignment class the kernarg layouts treat differently.
struct Packed {
  char c;
  int i;
  short s;
} __attribute__((packed));  // size 7, alignment 1
struct Mixed {
  char c;
  double d;
  short s;
};  // size 24, alignment 8, padding inside
struct Tiny {
  char a, b, c;
};  // size 3
struct alignas(16) Aligned16 {
  int x, y, z;
};  // size 16, alignment 16

constexpr int kArgs = 26;

__global__ void many_arguments(long long* out, char a0, unsigned char a1, short a2,
                               unsigned short a3, int a4, unsigned a5, long long a6,
                               unsigned long long a7, float a8, double a9, bool a10, Packed a11,
                               char a12, Mixed a13, Tiny a14, Aligned16 a15, const int* a16,
                               float a17, char a18, double a19, short a20, long a21, int* a22,
                               char a23) {
  long long v[kArgs] = {a0,
                        a1,
                        a2,
                        a3,
                        a4,
                        a5,
                        a6,
                        (long long)a7,
                        __float_as_int(a8),
                        __double_as_longlong(a9),
                        a10,
                        a11.c + 1000LL * a11.i + 1000000000000LL * a11.s,
                        a12,
                        a13.c + 1000LL * a13.s + (long long)(a13.d * 1000000.0),
                        a14.a + 256LL * a14.b + 65536LL * a14.c,
                        a15.x + 1000LL * a15.y + 1000000LL * a15.z,
                        *a16,
                        __float_as_int(a17),
                        a18,
                        __double_as_longlong(a19),
                        a20,
                        a21,
                        0,
                        a23,
                        0,
                        0};
  *a22 = 77;
  for (int k = 0; k < kArgs; ++k) out[k] = v[k];
}

// Each thread writes its coordinates, so every block and thread of a 3-D launch is seen.
__global__ void geometry(unsigned* out) {
  unsigned x = blockIdx.x * blockDim.x + threadIdx.x;
  unsigned y = blockIdx.y * blockDim.y + threadIdx.y;
  unsigned z = blockIdx.z * blockDim.z + threadIdx.z;
  unsigned width = gridDim.x * blockDim.x, height = gridDim.y * blockDim.y;
  unsigned* mine = out + 4 * ((z * height + y) * width + x);
  mine[0] = threadIdx.x | threadIdx.y << 11 | threadIdx.z << 22;
  mine[1] = blockIdx.x | blockIdx.y << 11 | blockIdx.z << 22;
  mine[2] = blockDim.x | blockDim.y << 11 | blockDim.z << 22;
  mine[3] = gridDim.x | gridDim.y << 11 | gridDim.z << 22;
}

__global__ void block_index(unsigned* out) {
  if (threadIdx.x == 0) out[blockIdx.x] = blockIdx.x;
}

constexpr int kTile = 256;

__global__ void reverse_static(int* data) {
  __shared__ int tile[kTile];
  int t = threadIdx.x;
  tile[t] = data[blockIdx.x * kTile + t];
  __syncthreads();
  data[blockIdx.x * kTile + t] = tile[kTile - 1 - t];
}

__global__ void reverse_dynamic(double* data, int n) {
  extern __shared__ double dynamic_doubles[];
  for (int i = threadIdx.x; i < n; i += blockDim.x) dynamic_doubles[i] = data[i];
  __syncthreads();
  for (int i = threadIdx.x; i < n; i += blockDim.x) data[i] = dynamic_doubles[n - 1 - i];
}

// Static and dynamic shared memory side by side must not overlap.
__global__ void static_and_dynamic(int* out) {
  __shared__ int fixed[64];
  extern __shared__ int dynamic_ints[];
  int t = threadIdx.x;
  if (t < 64) fixed[t] = 1000 + t;
  dynamic_ints[t] = 2000 + t;
  __syncthreads();
  out[t] = dynamic_ints[blockDim.x - 1 - t] + (t < 64 ? fixed[63 - t] * 10000 : 0);
}

constexpr int kReduce = 512;

__global__ void block_sum(const int* in, int* out) {
  __shared__ int partial[kReduce];
  int t = threadIdx.x;
  partial[t] = in[blockIdx.x * kReduce + t];
  __syncthreads();
  for (int stride = kReduce / 2; stride > 0; stride >>= 1) {
    if (t < stride) partial[t] += partial[t + stride];
    __syncthreads();
  }
  int count = __syncthreads_count(t % 3 == 0);
  int all = __syncthreads_and(t < kReduce);
  int any = __syncthreads_or(t == 17);
  if (t == 0) {
    out[blockIdx.x * 4 + 0] = partial[0];
    out[blockIdx.x * 4 + 1] = count;
    out[blockIdx.x * 4 + 2] = all;
    out[blockIdx.x * 4 + 3] = any;
  }
}

struct AtomicCells {
  int count;
  int maximum;
  int minimum;
  int block_total;
  unsigned cas;
  float sum;
  unsigned long long wide;
  int exchanged;
};

__global__ void atomics(AtomicCells* cells) {
  __shared__ int in_block;
  if (threadIdx.x == 0) in_block = 0;
  __syncthreads();
  int id = blockIdx.x * blockDim.x + threadIdx.x;
  atomicAdd(&cells->count, 1);
  atomicAdd(&cells->sum, 0.5f);
  atomicMax(&cells->maximum, id * 7 % 1009);
  atomicMin(&cells->minimum, 5000 - id * 7 % 1009);
  atomicAdd(&cells->wide, (1ull << 33) | 1ull);
  atomicExch(&cells->exchanged, 1);
  unsigned seen = *(volatile unsigned*)&cells->cas, expected;
  do {
    expected = seen;
    seen = atomicCAS(&cells->cas, expected, expected + 2);
  } while (seen != expected);
  atomicAdd(&in_block, 1);
  __syncthreads();
  if (threadIdx.x == 0) atomicAdd(&cells->block_total, in_block);
}

constexpr int kWarpChecks = 11;

__global__ void warp_ops(int* out) {
  int lane = threadIdx.x % warpSize;
  int* mine = out + (blockIdx.x * blockDim.x + threadIdx.x) * kWarpChecks;
  mine[0] = __shfl(lane * 3, 0);
  mine[1] = __shfl_up(lane, 1);
  mine[2] = __shfl_down(lane, 2);
  mine[3] = __shfl_xor(lane, 1);
  mine[4] = (int)__shfl_xor((float)lane + 0.5f, 3);
  long long wide = ((long long)lane << 40) | lane;
  mine[5] = (int)(__shfl(wide, (lane + 1) % warpSize) >> 40);
  mine[6] = __popcll(__ballot(lane & 1));
  mine[7] = __any(lane == 5);
  mine[8] = __all(lane < warpSize);
  int sum = lane;
  for (int offset = warpSize / 2; offset > 0; offset /= 2) sum += __shfl_down(sum, offset);
  mine[9] = __shfl(sum, 0);
  mine[10] = warpSize;
}

__global__ void say_hello(int number) {
  if (blockIdx.x == 0 && threadIdx.x == 0)
    printf("selftest device printf: %d %s %.3f %c 0x%llx\n", number, "text", 2.5, 'z',
           0xabcdefull);
}

__global__ void heap_round_trip(int* out, int** kept) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  int n = 4 + t % 13;
  int* block = (int*)malloc(n * sizeof(int));
  if (block == nullptr) {
    out[t] = -1;
  } else if ((uintptr_t)block % 16 != 0) {
    out[t] = -2;
  } else {
    for (int i = 0; i < n; ++i) block[i] = t + i;
    int sum = 0;
    for (int i = 0; i < n; ++i) sum += block[i];
    out[t] = sum;
    free(block);
  }
  if (t == 0) {
    int* keep = (int*)malloc(64 * sizeof(int));
    if (keep)
      for (int i = 0; i < 64; ++i) keep[i] = 3 * i;
    *kept = keep;
  }
}

__global__ void heap_later(int** kept, int* out) {
  int* keep = *kept;
  *out = keep ? keep[63] : -1;
  free(keep);
}

__constant__ int c_table[16];
__device__ float d_scale;
__device__ int d_counter;
__device__ int d_initialised = 1234;

__global__ void use_symbols(int* out) {
  int t = threadIdx.x;
  out[t] = (int)(c_table[t] * d_scale) + d_initialised;
  atomicAdd(&d_counter, 1);
}

__global__ void busy(float* data, int n, int rounds) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  float value = data[i];
  for (int round = 0; round < rounds; ++round) value = value * 0.999f + 0.001f;
  data[i] = value;
}

__global__ void assert_holds(int* out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  assert(i < n);
  out[i] = i;
}

__global__ void assert_fails(int* out, int limit) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  assert(threadIdx.x < limit && "selftest: this assert fails on purpose");
  out[i] = i;
}

// ---- Features -------------------------------------------------------------------------

void device_props(Result& r) {
  int count = 0, current = -1;
  HIP_OK(hipGetDeviceCount(&count));
  HIP_OK(hipGetDevice(&current));
  EXPECT(count > g_device && current == g_device, "hipGetDeviceCount says %d, hipGetDevice %d",
         count, current);
  const hipDeviceProp_t& p = g_props;
  EXPECT(p.name[0] != '\0', "the device has no name");
  EXPECT(p.gcnArchName[0] != '\0', "gcnArchName is empty");
  EXPECT(p.warpSize == 32 || p.warpSize == 64, "warpSize is %d", p.warpSize);
  EXPECT(p.multiProcessorCount > 0, "multiProcessorCount is %d", p.multiProcessorCount);
  EXPECT(p.totalGlobalMem > 0, "totalGlobalMem is 0");
  EXPECT(p.sharedMemPerBlock >= 16384, "sharedMemPerBlock is %zu", p.sharedMemPerBlock);
  EXPECT(p.maxThreadsPerBlock >= 256 && p.maxThreadsPerBlock <= 4096,
         "maxThreadsPerBlock is %d", p.maxThreadsPerBlock);
  EXPECT(p.maxThreadsDim[0] >= 256 && p.maxThreadsDim[1] >= 1 && p.maxThreadsDim[2] >= 1,
         "maxThreadsDim is %d x %d x %d", p.maxThreadsDim[0], p.maxThreadsDim[1],
         p.maxThreadsDim[2]);
  EXPECT(p.maxGridSize[0] >= 65535 && p.maxGridSize[1] >= 1 && p.maxGridSize[2] >= 1,
         "maxGridSize is %d x %d x %d", p.maxGridSize[0], p.maxGridSize[1], p.maxGridSize[2]);
  int warp = 0;
  HIP_OK(hipDeviceGetAttribute(&warp, hipDeviceAttributeWarpSize, g_device));
  EXPECT(warp == want(p.warpSize), "hipDeviceGetAttribute(WarpSize) is %d, the properties say %d",
         warp, p.warpSize);
  size_t free_bytes = 0, total_bytes = 0;
  HIP_OK(hipMemGetInfo(&free_bytes, &total_bytes));
  EXPECT(total_bytes > 0 && free_bytes <= total_bytes, "hipMemGetInfo: %zu free of %zu",
         free_bytes, total_bytes);
  r.note("warpSize %d, %d multiprocessors, %zu KiB shared per block, %zu MiB", p.warpSize,
         p.multiProcessorCount, p.sharedMemPerBlock / 1024, p.totalGlobalMem >> 20);
}

void memory(Result& r) {
  const size_t n = (1 << 20) + 3;  // not a multiple of anything
  std::vector<unsigned char> source(n), back(n);
  for (size_t i = 0; i < n; ++i) source[i] = (unsigned char)(i * 7 + i / 251);
  DeviceBuffer<unsigned char> a, b;
  HIP_OK(hipMalloc(&a.ptr, n));
  HIP_OK(hipMalloc(&b.ptr, n));
  HIP_OK(hipMemcpy(a.ptr, source.data(), n, hipMemcpyHostToDevice));
  HIP_OK(hipMemcpy(b.ptr, a.ptr, n, hipMemcpyDeviceToDevice));
  HIP_OK(hipMemcpy(back.data(), b.ptr, n, hipMemcpyDeviceToHost));
  long at = first_mismatch(back.data(), source.data(), n);
  EXPECT(at < 0, "byte %ld after H2D, D2D, D2H: got %d, expected %d", at, back[at], source[at]);
  // Unaligned ranges, and the direction left to the runtime.
  HIP_OK(hipMemcpy(b.ptr + 5, a.ptr + 1001, 4093, hipMemcpyDeviceToDevice));
  HIP_OK(hipMemcpy(back.data(), b.ptr + 5, 4093, hipMemcpyDefault));
  at = first_mismatch(back.data(), source.data() + 1001, 4093);
  EXPECT(at < 0, "byte %ld of an unaligned D2D copy: got %d, expected %d", at, back[at],
         source[1001 + at]);
}

void memory_set(Result& r) {
  const size_t n = 65536 + 13;
  DeviceBuffer<unsigned char> a;
  HIP_OK(hipMalloc(&a.ptr, n));
  HIP_OK(hipMemset(a.ptr, 0xa5, n));
  HIP_OK(hipMemset(a.ptr + 3, 0x3c, 1001));
  std::vector<unsigned char> back(n), expected(n, 0xa5);
  std::memset(expected.data() + 3, 0x3c, 1001);
  HIP_OK(hipMemcpy(back.data(), a.ptr, n, hipMemcpyDeviceToHost));
  long at = first_mismatch(back.data(), expected.data(), n);
  EXPECT(at < 0, "hipMemset: byte %ld is 0x%02x, expected 0x%02x", at, back[at], expected[at]);
  DeviceBuffer<unsigned> words;
  const size_t count = 4099;
  HIP_OK(hipMalloc(&words.ptr, count * sizeof(unsigned)));
  HIP_OK(hipMemsetD32(words.ptr, 0xdeadbeef, count));
  std::vector<unsigned> word_back(count), word_expected(count, 0xdeadbeef);
  HIP_OK(hipMemcpy(word_back.data(), words.ptr, count * sizeof(unsigned), hipMemcpyDeviceToHost));
  at = first_mismatch(word_back.data(), word_expected.data(), count);
  EXPECT(at < 0, "hipMemsetD32: word %ld is 0x%x", at, word_back[at]);
}

void kernel_launch(Result& r) {
  DeviceBuffer<int> out;
  HIP_OK(hipMalloc(&out.ptr, sizeof(int)));
  store_value<<<1, 1>>>(out.ptr, 4242);
  LAUNCH_OK("store_value");
  int value = 0;
  HIP_OK(hipMemcpy(&value, out.ptr, sizeof value, hipMemcpyDeviceToHost));
  EXPECT(value == want(4242), "the kernel wrote %d, expected 4242", value);
  // A grid of many blocks whose size is not a multiple of the block.
  const int n = 100003;
  DeviceBuffer<int> data;
  HIP_OK(hipMalloc(&data.ptr, n * sizeof(int)));
  set_all<<<(n + 255) / 256, 256>>>(data.ptr, n, 9);
  LAUNCH_OK("set_all");
  std::vector<int> back(n), expected(n, 9);
  HIP_OK(hipMemcpy(back.data(), data.ptr, n * sizeof(int), hipMemcpyDeviceToHost));
  long at = first_mismatch(back.data(), expected.data(), n);
  EXPECT(at < 0, "element %ld is %d, expected 9", at, back[at]);
}

void kernel_args(Result& r) {
  DeviceBuffer<long long> out;
  DeviceBuffer<int> in, written;
  HIP_OK(hipMalloc(&out.ptr, kArgs * sizeof(long long)));
  HIP_OK(hipMalloc(&in.ptr, sizeof(int)));
  HIP_OK(hipMalloc(&written.ptr, sizeof(int)));
  int input = -31337;
  HIP_OK(hipMemcpy(in.ptr, &input, sizeof input, hipMemcpyHostToDevice));
  HIP_OK(hipMemset(out.ptr, 0, kArgs * sizeof(long long)));
  Packed packed{-5, 123456, -7};
  Mixed mixed{9, 1.5, -300};
  Tiny tiny{1, 2, 3};
  Aligned16 aligned{4, 5, 6};
  float f = 3.25f, f2 = -0.125f;
  double d = 2.718281828459045, d2 = -1e300;
  many_arguments<<<1, 1>>>(out.ptr, (char)-100, (unsigned char)200, (short)-30000,
                           (unsigned short)60000, -2000000000, 4000000000u,
                           -9000000000000000000LL, 18000000000000000000ull, f, d, true, packed,
                           (char)'x', mixed, tiny, aligned, in.ptr, f2, (char)-1, d2,
                           (short)12345, -1234567890123L, written.ptr, (char)'Q');
  LAUNCH_OK("many_arguments");
  long long got[kArgs];
  HIP_OK(hipMemcpy(got, out.ptr, sizeof got, hipMemcpyDeviceToHost));
  int written_value = 0;
  HIP_OK(hipMemcpy(&written_value, written.ptr, sizeof written_value, hipMemcpyDeviceToHost));
  long long f_bits = 0, f2_bits = 0, d_bits, d2_bits;
  int f_int, f2_int;
  std::memcpy(&f_int, &f, 4);
  std::memcpy(&f2_int, &f2, 4);
  f_bits = f_int;
  f2_bits = f2_int;
  std::memcpy(&d_bits, &d, 8);
  std::memcpy(&d2_bits, &d2, 8);
  const long long expected[kArgs] = {-100,
                                     200,
                                     -30000,
                                     60000,
                                     -2000000000,
                                     4000000000LL,
                                     -9000000000000000000LL,
                                     (long long)18000000000000000000ull,
                                     f_bits,
                                     d_bits,
                                     1,
                                     -5 + 1000LL * 123456 + 1000000000000LL * -7,
                                     'x',
                                     9 + 1000LL * -300 + 1500000,
                                     1 + 256 * 2 + 65536 * 3,
                                     4 + 1000 * 5 + 1000000 * 6,
                                     -31337,
                                     f2_bits,
                                     -1,
                                     d2_bits,
                                     12345,
                                     -1234567890123LL,
                                     0,
                                     'Q',
                                     0,
                                     0};
  static const char* const names[kArgs] = {
      "char",  "unsigned char", "short",        "unsigned short", "int",
      "unsigned", "long long",  "unsigned long long", "float", "double",
      "bool",  "packed struct (size 7)", "char after a struct", "struct with padding (size 24)",
      "struct of 3 chars", "alignas(16) struct", "const int* (read)", "float", "char",
      "double", "short", "long", "int* (written)", "char (last)", "-", "-"};
  long at = first_mismatch(got, expected, kArgs);
  EXPECT(at < 0, "argument %ld (%s): got %lld, expected %lld", at + 1, names[at], got[at],
         expected[at]);
  EXPECT(written_value == want(77), "the kernel wrote %d through its pointer argument, expected 77",
         written_value);
  r.note("24 arguments plus the output pointer");
}

void launch_geometry(Result& r) {
  // A 3-D grid of 3-D blocks whose sizes are not multiples of the warp size.
  const dim3 grid(3, 2, 5), block(7, 3, 2);
  const unsigned threads = grid.x * grid.y * grid.z * block.x * block.y * block.z;
  DeviceBuffer<unsigned> out;
  HIP_OK(hipMalloc(&out.ptr, threads * 4 * sizeof(unsigned)));
  HIP_OK(hipMemset(out.ptr, 0xff, threads * 4 * sizeof(unsigned)));
  geometry<<<grid, block>>>(out.ptr);
  LAUNCH_OK("geometry");
  std::vector<unsigned> got(threads * 4);
  HIP_OK(hipMemcpy(got.data(), out.ptr, got.size() * sizeof(unsigned), hipMemcpyDeviceToHost));
  const unsigned width = grid.x * block.x, height = grid.y * block.y;
  for (unsigned z = 0; z < grid.z * block.z; ++z)
    for (unsigned y = 0; y < height; ++y)
      for (unsigned x = 0; x < width; ++x) {
        const unsigned* mine = &got[4 * ((z * height + y) * width + x)];
        unsigned expected[4] = {
            x % block.x | (y % block.y) << 11 | (z % block.z) << 22,
            x / block.x | (y / block.y) << 11 | (z / block.z) << 22,
            block.x | block.y << 11 | block.z << 22,
            grid.x | grid.y << 11 | grid.z << 22,
        };
        static const char* const what[4] = {"threadIdx", "blockIdx", "blockDim", "gridDim"};
        long at = first_mismatch(mine, expected, 4);
        EXPECT(at < 0, "thread (%u,%u,%u) of a (3,2,5)x(7,3,2) launch: %s packed as 0x%x, "
               "expected 0x%x", x, y, z, what[at], mine[at], expected[at]);
      }
  // The largest block, and more blocks than a 16-bit count holds.
  const int blocks = 70000;
  DeviceBuffer<unsigned> indices;
  HIP_OK(hipMalloc(&indices.ptr, blocks * sizeof(unsigned)));
  HIP_OK(hipMemset(indices.ptr, 0xff, blocks * sizeof(unsigned)));
  block_index<<<blocks, 1>>>(indices.ptr);
  LAUNCH_OK("block_index (70000 blocks)");
  std::vector<unsigned> seen(blocks), expected(blocks);
  for (int i = 0; i < blocks; ++i) expected[i] = i;
  HIP_OK(hipMemcpy(seen.data(), indices.ptr, blocks * sizeof(unsigned), hipMemcpyDeviceToHost));
  long at = first_mismatch(seen.data(), expected.data(), blocks);
  EXPECT(at < 0, "block %ld of 70000 wrote 0x%x", at, seen[at]);
  const int big = g_props.maxThreadsPerBlock < 1024 ? g_props.maxThreadsPerBlock : 1024;
  const unsigned big_threads = 2 * big;
  DeviceBuffer<unsigned> big_out;
  HIP_OK(hipMalloc(&big_out.ptr, big_threads * 4 * sizeof(unsigned)));
  geometry<<<2, big>>>(big_out.ptr);
  LAUNCH_OK("geometry (blocks of the largest size)");
  std::vector<unsigned> big_got(big_threads * 4);
  HIP_OK(hipMemcpy(big_got.data(), big_out.ptr, big_got.size() * sizeof(unsigned),
                   hipMemcpyDeviceToHost));
  for (unsigned i = 0; i < big_threads; ++i) {
    unsigned expected_item[4] = {i % big, i / big, (unsigned)big | 1 << 11 | 1 << 22,
                                 2u | 1 << 11 | 1 << 22};
    long k = first_mismatch(&big_got[4 * i], expected_item, 4);
    EXPECT(k < 0, "thread %u of 2 blocks of %d: word %ld is 0x%x, expected 0x%x", i, big, k,
           big_got[4 * i + k], expected_item[k]);
  }
}

void shared_memory(Result& r) {
  const int blocks = 8, n = blocks * kTile;
  std::vector<int> host(n), back(n), expected(n);
  for (int i = 0; i < n; ++i) host[i] = i * 3 + 1;
  for (int i = 0; i < n; ++i) expected[i] = host[(i / kTile) * kTile + kTile - 1 - i % kTile];
  DeviceBuffer<int> data;
  HIP_OK(hipMalloc(&data.ptr, n * sizeof(int)));
  HIP_OK(hipMemcpy(data.ptr, host.data(), n * sizeof(int), hipMemcpyHostToDevice));
  reverse_static<<<blocks, kTile>>>(data.ptr);
  LAUNCH_OK("reverse_static");
  HIP_OK(hipMemcpy(back.data(), data.ptr, n * sizeof(int), hipMemcpyDeviceToHost));
  long at = first_mismatch(back.data(), expected.data(), n);
  EXPECT(at < 0, "static __shared__: element %ld is %d, expected %d", at, back[at],
         expected[at]);

  const int count = 3000;  // 24000 bytes of dynamic shared memory
  std::vector<double> values(count), values_back(count), values_expected(count);
  for (int i = 0; i < count; ++i) values[i] = i * 0.5 - 7;
  for (int i = 0; i < count; ++i) values_expected[i] = values[count - 1 - i];
  DeviceBuffer<double> doubles;
  HIP_OK(hipMalloc(&doubles.ptr, count * sizeof(double)));
  HIP_OK(hipMemcpy(doubles.ptr, values.data(), count * sizeof(double), hipMemcpyHostToDevice));
  reverse_dynamic<<<1, 256, count * sizeof(double)>>>(doubles.ptr, count);
  LAUNCH_OK("reverse_dynamic");
  HIP_OK(hipMemcpy(values_back.data(), doubles.ptr, count * sizeof(double),
                   hipMemcpyDeviceToHost));
  at = first_mismatch(values_back.data(), values_expected.data(), count);
  EXPECT(at < 0, "dynamic shared memory (24000 bytes): element %ld is %g, expected %g", at,
         values_back[at], values_expected[at]);

  const int threads = 256;
  DeviceBuffer<int> out;
  HIP_OK(hipMalloc(&out.ptr, threads * sizeof(int)));
  static_and_dynamic<<<1, threads, threads * sizeof(int)>>>(out.ptr);
  LAUNCH_OK("static_and_dynamic");
  std::vector<int> mixed_back(threads), mixed_expected(threads);
  for (int t = 0; t < threads; ++t)
    mixed_expected[t] = 2000 + threads - 1 - t + (t < 64 ? (1000 + 63 - t) * 10000 : 0);
  HIP_OK(hipMemcpy(mixed_back.data(), out.ptr, threads * sizeof(int), hipMemcpyDeviceToHost));
  at = first_mismatch(mixed_back.data(), mixed_expected.data(), threads);
  EXPECT(at < 0, "static and dynamic shared memory together: thread %ld read %d, expected %d",
         at, mixed_back[at], mixed_expected[at]);
}

void syncthreads(Result& r) {
  const int blocks = 6, n = blocks * kReduce;
  std::vector<int> host(n);
  for (int i = 0; i < n; ++i) host[i] = (i * 37) % 101 - 50;
  DeviceBuffer<int> in, out;
  HIP_OK(hipMalloc(&in.ptr, n * sizeof(int)));
  HIP_OK(hipMalloc(&out.ptr, blocks * 4 * sizeof(int)));
  HIP_OK(hipMemcpy(in.ptr, host.data(), n * sizeof(int), hipMemcpyHostToDevice));
  block_sum<<<blocks, kReduce>>>(in.ptr, out.ptr);
  LAUNCH_OK("block_sum");
  std::vector<int> got(blocks * 4), expected(blocks * 4);
  for (int b = 0; b < blocks; ++b) {
    int sum = 0;
    for (int i = 0; i < kReduce; ++i) sum += host[b * kReduce + i];
    expected[b * 4 + 0] = sum;
    expected[b * 4 + 1] = (kReduce + 2) / 3;
    expected[b * 4 + 2] = 1;
    expected[b * 4 + 3] = 1;
  }
  HIP_OK(hipMemcpy(got.data(), out.ptr, got.size() * sizeof(int), hipMemcpyDeviceToHost));
  static const char* const what[4] = {"a tree reduction over __syncthreads",
                                      "__syncthreads_count", "__syncthreads_and",
                                      "__syncthreads_or"};
  long at = first_mismatch(got.data(), expected.data(), got.size());
  EXPECT(at < 0, "block %ld: %s gave %d, expected %d", at / 4, what[at % 4], got[at],
         expected[at]);
}

void atomic_operations(Result& r) {
  const int blocks = 64, threads = 256, total = blocks * threads;
  AtomicCells start{}, cells{};
  start.minimum = 1 << 30;
  start.maximum = -1;
  DeviceBuffer<AtomicCells> device_cells;
  HIP_OK(hipMalloc(&device_cells.ptr, sizeof(AtomicCells)));
  HIP_OK(hipMemcpy(device_cells.ptr, &start, sizeof start, hipMemcpyHostToDevice));
  atomics<<<blocks, threads>>>(device_cells.ptr);
  LAUNCH_OK("atomics");
  HIP_OK(hipMemcpy(&cells, device_cells.ptr, sizeof cells, hipMemcpyDeviceToHost));
  int maximum = -1, minimum = 1 << 30;
  for (int id = 0; id < total; ++id) {
    maximum = id * 7 % 1009 > maximum ? id * 7 % 1009 : maximum;
    minimum = 5000 - id * 7 % 1009 < minimum ? 5000 - id * 7 % 1009 : minimum;
  }
  EXPECT(cells.count == want(total), "atomicAdd(int): %d, expected %d", cells.count, total);
  EXPECT(cells.sum == want(total * 0.5f), "atomicAdd(float): %g, expected %g", cells.sum,
         total * 0.5);
  EXPECT(cells.maximum == want(maximum), "atomicMax: %d, expected %d", cells.maximum, maximum);
  EXPECT(cells.minimum == want(minimum), "atomicMin: %d, expected %d", cells.minimum, minimum);
  EXPECT(cells.cas == want(2u * total), "atomicCAS loop: %u, expected %u", cells.cas,
         2u * total);
  unsigned long long wide = (unsigned long long)total * ((1ull << 33) | 1ull);
  EXPECT(cells.wide == want(wide), "atomicAdd(unsigned long long): %llu, expected %llu",
         cells.wide, wide);
  EXPECT(cells.exchanged == want(1), "atomicExch: %d", cells.exchanged);
  EXPECT(cells.block_total == want(total), "atomicAdd on __shared__: %d, expected %d",
         cells.block_total, total);
}

void warp(Result& r) {
  const int warp_size = g_props.warpSize;
  const int block = 128, blocks = 2, n = block * blocks;
  DeviceBuffer<int> out;
  HIP_OK(hipMalloc(&out.ptr, n * kWarpChecks * sizeof(int)));
  warp_ops<<<blocks, block>>>(out.ptr);
  LAUNCH_OK("warp_ops");
  std::vector<int> got(n * kWarpChecks);
  HIP_OK(hipMemcpy(got.data(), out.ptr, got.size() * sizeof(int), hipMemcpyDeviceToHost));
  static const char* const what[kWarpChecks] = {
      "__shfl (broadcast)", "__shfl_up", "__shfl_down", "__shfl_xor", "__shfl_xor (float)",
      "__shfl (64-bit)", "__ballot", "__any", "__all", "a __shfl_down reduction", "warpSize"};
  for (int t = 0; t < n; ++t) {
    int lane = (t % block) % warp_size;
    const int expected[kWarpChecks] = {
        0,
        lane == 0 ? 0 : lane - 1,
        lane + 2 < warp_size ? lane + 2 : lane,
        lane ^ 1,
        lane ^ 3,
        (lane + 1) % warp_size,
        warp_size / 2,
        1,
        1,
        warp_size * (warp_size - 1) / 2,
        warp_size,
    };
    long at = first_mismatch(&got[t * kWarpChecks], expected, kWarpChecks);
    EXPECT(at < 0, "thread %d (lane %d of %d): %s gave %d, expected %d", t, lane, warp_size,
           what[at], got[t * kWarpChecks + at], expected[at]);
  }
  r.note("warpSize %d", warp_size);
}

void device_printf(Result& r) {
  // The line the kernel prints; oxhipconfig looks for it in the output.
  std::printf("EXPECT device_printf selftest device printf: %d text 2.500 z 0xabcdef\n",
              want(42));
  say_hello<<<2, 32>>>(42);
  LAUNCH_OK("say_hello");
}

void device_malloc(Result& r) {
  const int blocks = 4, threads = 64, n = blocks * threads;
  DeviceBuffer<int> out;
  DeviceBuffer<int*> kept;
  HIP_OK(hipMalloc(&out.ptr, n * sizeof(int)));
  HIP_OK(hipMalloc(&kept.ptr, sizeof(int*)));
  heap_round_trip<<<blocks, threads>>>(out.ptr, kept.ptr);
  LAUNCH_OK("heap_round_trip");
  std::vector<int> got(n), expected(n);
  for (int t = 0; t < n; ++t) {
    int size = 4 + t % 13;
    expected[t] = size * t + size * (size - 1) / 2;
  }
  HIP_OK(hipMemcpy(got.data(), out.ptr, n * sizeof(int), hipMemcpyDeviceToHost));
  long at = first_mismatch(got.data(), expected.data(), n);
  EXPECT(at < 0, "thread %ld: %s", at,
         got[at] == -1   ? "malloc returned NULL"
         : got[at] == -2 ? "malloc returned a pointer that is not 16-byte aligned"
                         : "the block did not hold what was written");
  DeviceBuffer<int> later;
  HIP_OK(hipMalloc(&later.ptr, sizeof(int)));
  heap_later<<<1, 1>>>(kept.ptr, later.ptr);
  LAUNCH_OK("heap_later");
  int value = 0;
  HIP_OK(hipMemcpy(&value, later.ptr, sizeof value, hipMemcpyDeviceToHost));
  EXPECT(value == want(189), "a block malloc'd by one kernel and read by the next held %d, expected 189",
         value);
}

void symbols(Result& r) {
  int initialised = 0;
  HIP_OK(hipMemcpyFromSymbol(&initialised, HIP_SYMBOL(d_initialised), sizeof(int)));
  EXPECT(initialised == want(1234), "a __device__ int initialised to 1234 reads %d", initialised);
  size_t size = 0;
  HIP_OK(hipGetSymbolSize(&size, HIP_SYMBOL(c_table)));
  EXPECT(size == sizeof c_table, "hipGetSymbolSize of a __constant__ int[16] is %zu", size);
  int table[16];
  for (int i = 0; i < 16; ++i) table[i] = i * i;
  float scale = 3.0f;
  HIP_OK(hipMemcpyToSymbol(HIP_SYMBOL(c_table), table, sizeof table));
  HIP_OK(hipMemcpyToSymbol(HIP_SYMBOL(d_scale), &scale, sizeof scale));
  int* counter = nullptr;
  HIP_OK(hipGetSymbolAddress((void**)&counter, HIP_SYMBOL(d_counter)));
  HIP_OK(hipMemset(counter, 0, sizeof(int)));
  DeviceBuffer<int> out;
  HIP_OK(hipMalloc(&out.ptr, 16 * sizeof(int)));
  use_symbols<<<1, 16>>>(out.ptr);
  LAUNCH_OK("use_symbols");
  int got[16], expected[16];
  for (int i = 0; i < 16; ++i) expected[i] = i * i * 3 + 1234;
  HIP_OK(hipMemcpy(got, out.ptr, sizeof got, hipMemcpyDeviceToHost));
  long at = first_mismatch(got, expected, 16);
  EXPECT(at < 0, "thread %ld read the __constant__ and __device__ variables as %d, expected %d",
         at, got[at], expected[at]);
  int count = 0, through_address = 0;
  HIP_OK(hipMemcpyFromSymbol(&count, HIP_SYMBOL(d_counter), sizeof count));
  HIP_OK(hipMemcpy(&through_address, counter, sizeof(int), hipMemcpyDeviceToHost));
  EXPECT(count == 16 && through_address == 16,
         "the kernel's 16 increments: hipMemcpyFromSymbol reads %d, hipGetSymbolAddress %d",
         count, through_address);
}

void streams_events(Result& r) {
  const int n = 1 << 16;
  const int rounds = g_on_cpu ? 20 : 4000;
  Stream first, second;
  Event start, stop, ready;
  HIP_OK(hipStreamCreate(&first.handle));
  HIP_OK(hipStreamCreateWithFlags(&second.handle, hipStreamNonBlocking));
  HIP_OK(hipEventCreate(&start.handle));
  HIP_OK(hipEventCreate(&stop.handle));
  HIP_OK(hipEventCreateWithFlags(&ready.handle, hipEventDisableTiming));
  DeviceBuffer<float> work;
  DeviceBuffer<int> a, b;
  HIP_OK(hipMalloc(&work.ptr, n * sizeof(float)));
  HIP_OK(hipMalloc(&a.ptr, n * sizeof(int)));
  HIP_OK(hipMalloc(&b.ptr, n * sizeof(int)));
  HIP_OK(hipMemsetAsync(work.ptr, 0, n * sizeof(float), first.handle));
  HIP_OK(hipMemsetAsync(a.ptr, 0, n * sizeof(int), first.handle));
  HIP_OK(hipEventRecord(start.handle, first.handle));
  // A slow kernel first, so the second stream would see zeros if it did not wait.
  busy<<<n / 256, 256, 0, first.handle>>>(work.ptr, n, rounds);
  set_all<<<n / 256, 256, 0, first.handle>>>(a.ptr, n, 7);
  HIP_OK(hipGetLastError());
  HIP_OK(hipEventRecord(stop.handle, first.handle));
  HIP_OK(hipEventRecord(ready.handle, first.handle));
  HIP_OK(hipStreamWaitEvent(second.handle, ready.handle, 0));
  add_one<<<n / 256, 256, 0, second.handle>>>(a.ptr, b.ptr, n);
  HIP_OK(hipGetLastError());
  std::vector<int> back(n), expected(n, 8);
  HIP_OK(hipMemcpyAsync(back.data(), b.ptr, n * sizeof(int), hipMemcpyDeviceToHost,
                        second.handle));
  HIP_OK(hipStreamSynchronize(second.handle));
  long at = first_mismatch(back.data(), expected.data(), n);
  EXPECT(at < 0, "element %ld is %d after a wait for another stream's event, expected 8", at,
         back[at]);
  HIP_OK(hipEventSynchronize(stop.handle));
  HIP_OK(hipEventQuery(stop.handle));
  HIP_OK(hipStreamSynchronize(first.handle));
  HIP_OK(hipStreamQuery(first.handle));
  float ms = -1;
  HIP_OK(hipEventElapsedTime(&ms, start.handle, stop.handle));
  EXPECT(ms > 0 && ms < 60000, "hipEventElapsedTime gave %g ms around a kernel", ms);
  r.note("%.3f ms between two events", ms);
}

struct CallbackLog {
  std::atomic<int> step{0};
  int host_function_step = -1;
  int callback_step = -1;
  int seen = -1;
  const int* value = nullptr;
  hipError_t status = hipErrorUnknown;
  hipStream_t stream = nullptr;
};

void host_function(void* data) {
  CallbackLog* log = static_cast<CallbackLog*>(data);
  log->host_function_step = log->step++;
  log->seen = *log->value;
}

void stream_callback(hipStream_t stream, hipError_t status, void* data) {
  CallbackLog* log = static_cast<CallbackLog*>(data);
  log->callback_step = log->step++;
  log->status = status;
  log->stream = stream;
}

void host_callbacks(Result& r) {
  Stream stream;
  HIP_OK(hipStreamCreate(&stream.handle));
  DeviceBuffer<int> value;
  HIP_OK(hipMalloc(&value.ptr, sizeof(int)));
  int host_value = 0;
  CallbackLog log;
  log.value = &host_value;
  store_value<<<1, 1, 0, stream.handle>>>(value.ptr, 99);
  HIP_OK(hipGetLastError());
  HIP_OK(hipMemcpyAsync(&host_value, value.ptr, sizeof(int), hipMemcpyDeviceToHost,
                        stream.handle));
  HIP_OK(hipLaunchHostFunc(stream.handle, host_function, &log));
  HIP_OK(hipStreamAddCallback(stream.handle, stream_callback, &log, 0));
  HIP_OK(hipStreamSynchronize(stream.handle));
  EXPECT(log.host_function_step == 0 && log.callback_step == 1,
         "hipLaunchHostFunc ran as step %d and hipStreamAddCallback as step %d, expected 0 and "
         "1 (-1: never)", log.host_function_step, log.callback_step);
  EXPECT(log.seen == want(99), "the host function saw %d, expected the 99 the stream copied first",
         log.seen);
  EXPECT(log.status == hipSuccess && log.stream == stream.handle,
         "the callback got status %s and %s stream", hipGetErrorName(log.status),
         log.stream == stream.handle ? "its" : "another");
}

void pinned_memory(Result& r) {
  const int n = 100000;
  PinnedBuffer<int> pinned, mapped;
  HIP_OK(hipHostMalloc((void**)&pinned.ptr, n * sizeof(int), hipHostMallocDefault));
  for (int i = 0; i < n; ++i) pinned.ptr[i] = i;
  // A kernel reads and writes the pinned memory itself.
  double_in_place<<<(n + 255) / 256, 256>>>(pinned.ptr, n);
  LAUNCH_OK("double_in_place (hipHostMalloc memory)");
  std::vector<int> expected(n);
  for (int i = 0; i < n; ++i) expected[i] = 2 * i;
  long at = first_mismatch(pinned.ptr, expected.data(), n);
  EXPECT(at < 0, "element %ld of hipHostMalloc memory is %d after a kernel doubled it", at,
         pinned.ptr[at]);
  // Copies between pinned and device memory on a stream.
  Stream stream;
  HIP_OK(hipStreamCreate(&stream.handle));
  DeviceBuffer<int> device;
  HIP_OK(hipMalloc(&device.ptr, n * sizeof(int)));
  HIP_OK(hipMemcpyAsync(device.ptr, pinned.ptr, n * sizeof(int), hipMemcpyHostToDevice,
                        stream.handle));
  double_in_place<<<(n + 255) / 256, 256, 0, stream.handle>>>(device.ptr, n);
  HIP_OK(hipGetLastError());
  HIP_OK(hipMemcpyAsync(pinned.ptr, device.ptr, n * sizeof(int), hipMemcpyDeviceToHost,
                        stream.handle));
  HIP_OK(hipStreamSynchronize(stream.handle));
  for (int i = 0; i < n; ++i) expected[i] = 4 * i;
  at = first_mismatch(pinned.ptr, expected.data(), n);
  EXPECT(at < 0, "element %ld is %d after async copies through pinned memory", at,
         pinned.ptr[at]);
  // hipHostMallocMapped memory through the device pointer the runtime gives for it.
  HIP_OK(hipHostMalloc((void**)&mapped.ptr, n * sizeof(int), hipHostMallocMapped));
  for (int i = 0; i < n; ++i) mapped.ptr[i] = 3 * i;
  int* alias = nullptr;
  HIP_OK(hipHostGetDevicePointer((void**)&alias, mapped.ptr, 0));
  double_in_place<<<(n + 255) / 256, 256>>>(alias, n);
  LAUNCH_OK("double_in_place (hipHostGetDevicePointer)");
  for (int i = 0; i < n; ++i) expected[i] = 6 * i;
  at = first_mismatch(mapped.ptr, expected.data(), n);
  EXPECT(at < 0, "element %ld of mapped memory is %d after a kernel doubled it", at,
         mapped.ptr[at]);
}

void managed_memory(Result& r) {
  const int n = 100000;
  struct Managed {
    int* ptr = nullptr;
    ~Managed() {
      if (ptr) (void)hipFree(ptr);
    }
  } managed;
  HIP_OK(hipMallocManaged((void**)&managed.ptr, n * sizeof(int)));
  for (int i = 0; i < n; ++i) managed.ptr[i] = i - 5;
  double_in_place<<<(n + 255) / 256, 256>>>(managed.ptr, n);
  LAUNCH_OK("double_in_place (managed memory)");
  std::vector<int> expected(n);
  for (int i = 0; i < n; ++i) expected[i] = 2 * (i - 5);
  long at = first_mismatch(managed.ptr, expected.data(), n);
  EXPECT(at < 0, "element %ld of managed memory is %d after a kernel doubled it", at,
         managed.ptr[at]);
  // The host writes again, the device reads again.
  for (int i = 0; i < n; ++i) managed.ptr[i] = 7;
  double_in_place<<<(n + 255) / 256, 256>>>(managed.ptr, n);
  LAUNCH_OK("double_in_place (managed memory, second time)");
  std::vector<int> fourteen(n, 14);
  at = first_mismatch(managed.ptr, fourteen.data(), n);
  EXPECT(at < 0, "element %ld of managed memory is %d after the second kernel", at,
         managed.ptr[at]);
}

void device_assert(Result& r) {
  const int n = 256;
  DeviceBuffer<int> out;
  HIP_OK(hipMalloc(&out.ptr, n * sizeof(int)));
  assert_holds<<<n / 64, 64>>>(out.ptr, n);
  LAUNCH_OK("assert_holds");
  std::fflush(stdout);
  assert_fails<<<2, 64>>>(out.ptr, 40);
  hipError_t launched = hipGetLastError();
  hipError_t synced = hipDeviceSynchronize();
  EXPECT(launched == hipSuccess, "the launch itself failed: %s", hipGetErrorName(launched));
  bool expected = (int)synced == want((int)hipErrorAssert) ||
                  (int)synced == want((int)hipErrorLaunchFailure);
  EXPECT(expected, "synchronising after a failed assert gave %s, expected hipErrorAssert or "
         "hipErrorLaunchFailure", hipGetErrorName(synced));
  r.note("%s", hipGetErrorName(synced));
}

// ---- The table ------------------------------------------------------------------------

struct Feature {
  const char* name;
  void (*run)(Result&);
  bool alone;  // run in a process of its own (it leaves the device unusable)
};

const Feature kFeatures[] = {
    {"device_props", device_props, false},
    {"memory", memory, false},
    {"memset", memory_set, false},
    {"kernel_launch", kernel_launch, false},
    {"kernel_args", kernel_args, false},
    {"launch_geometry", launch_geometry, false},
    {"shared_memory", shared_memory, false},
    {"syncthreads", syncthreads, false},
    {"atomics", atomic_operations, false},
    {"warp", warp, false},
    {"device_printf", device_printf, false},
    {"device_malloc", device_malloc, false},
    {"symbols", symbols, false},
    {"streams_events", streams_events, false},
    {"host_callbacks", host_callbacks, false},
    {"pinned_memory", pinned_memory, false},
    {"managed_memory", managed_memory, false},
    {"device_assert", device_assert, true},
};

const Feature* find_feature(const char* name) {
  for (const Feature& feature : kFeatures)
    if (std::strcmp(feature.name, name) == 0) return &feature;
  return nullptr;
}

// One line of text: no line breaks in a detail.
void one_line(char* text) {
  for (; *text; ++text)
    if (*text == '\n' || *text == '\r') *text = ' ';
}

// How OXHIP_CHECK_BREAK (`setting`) breaks `feature`: 0 not at all, 'v' a wrong expected
// value, 'c' a crash, 'h' a hang.
char break_mode(const char* setting, const char* feature) {
  size_t length = std::strlen(feature);
  while (setting != nullptr && *setting != '\0') {
    size_t entry = std::strcspn(setting, ",");
    if (entry >= length && std::strncmp(setting, feature, length) == 0) {
      if (entry == length) return 'v';
      if (entry == length + 6 && std::strncmp(setting + length, ":crash", 6) == 0) return 'c';
      if (entry == length + 5 && std::strncmp(setting + length, ":hang", 5) == 0) return 'h';
    }
    setting += entry;
    if (*setting == ',') ++setting;
  }
  return 0;
}

int list_devices() {
  int count = 0;
  hipError_t status = hipGetDeviceCount(&count);
  if (status != hipSuccess) {
    const char* why = oxhipGetLastErrorMessage();
    std::printf("NODEVICE %s%s%s\n", hipGetErrorName(status), why && *why ? ": " : "",
                why ? why : "");
    return 0;
  }
  std::printf("DEVICES %d\n", count);
  for (int device = 0; device < count; ++device) {
    hipDeviceProp_t props;
    if (hipGetDeviceProperties(&props, device) != hipSuccess) {
      std::printf("DEVICE %d ? (hipGetDeviceProperties failed)\n", device);
      continue;
    }
    one_line(props.name);
    std::printf("DEVICE %d %s %s\n", device, props.gcnArchName[0] ? props.gcnArchName : "?",
                props.name);
  }
  for (const Feature& feature : kFeatures)
    std::printf("FEATURE %s %s\n", feature.name, feature.alone ? "alone" : "group");
  return 0;
}

int run_features(int device, int count, char** names) {
  g_device = device;
  const char* broken = std::getenv("OXHIP_CHECK_BREAK");
  hipError_t status = hipSetDevice(device);
  if (status == hipSuccess) status = hipGetDeviceProperties(&g_props, device);
  if (status != hipSuccess) {
    for (int i = 0; i < count; ++i)
      std::printf("CHECK %s FAIL hipSetDevice(%d): %s\n", names[i], device,
                  hipGetErrorName(status));
    return 0;
  }
  g_on_cpu = std::strcmp(g_props.gcnArchName, "host") == 0;
  for (int i = 0; i < count; ++i) {
    const Feature* feature = find_feature(names[i]);
    if (feature == nullptr) {
      std::printf("CHECK %s FAIL no such feature in the test program\n", names[i]);
      continue;
    }
    std::printf("BEGIN %s\n", feature->name);
    std::fflush(stdout);
    char mode = break_mode(broken, feature->name);
    if (mode == 'c') std::raise(SIGSEGV);
    while (mode == 'h') pause();
    g_breaking = mode == 'v';
    Result result;
    (void)hipGetLastError();
    feature->run(result);
    one_line(result.detail);
    if (result.failed && g_breaking)
      std::strncat(result.detail, " (OXHIP_CHECK_BREAK made the expected value wrong)",
                   sizeof result.detail - std::strlen(result.detail) - 1);
    std::printf("CHECK %s %s %s\n", feature->name, result.failed ? "FAIL" : "PASS",
                result.detail);
    std::fflush(stdout);
    if (result.failed && !feature->alone) {
      // After a fault the device may refuse all further work (a CUDA context does); the
      // features left then run in a new process.
      (void)hipGetLastError();
      hipError_t health = hipDeviceSynchronize();
      if (health != hipSuccess) {
        std::printf("LOST %s\n", hipGetErrorName(health));
        std::fflush(stdout);
        return 3;
      }
    }
  }
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  std::setvbuf(stdout, nullptr, _IOLBF, 0);
  if (argc == 2 && std::strcmp(argv[1], "devices") == 0) return list_devices();
  if (argc >= 3 && std::strcmp(argv[1], "run") == 0)
    return run_features(std::atoi(argv[2]), argc - 3, argv + 3);
  std::fprintf(stderr,
               "usage: %s devices | run <device> <feature>...\n"
               "(the self-test program of `oxhipconfig --check`)\n",
               argv[0]);
  return 2;
}
