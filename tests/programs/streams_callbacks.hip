// Streams beyond create/synchronize: priorities, flags and devices, host functions and
// callbacks in stream order, the per-thread default stream, event records with flags,
// hipExtLaunchKernel, and the errors of misuse.
#include "check.h"
#include <atomic>
#include <vector>

static long long errors = 0;

static void expect(bool ok, const char* what) {
  if (!ok) {
    std::printf("streams_callbacks: %s\n", what);
    ++errors;
  }
}

static void expect_error(hipError_t got, hipError_t want, const char* what) {
  if (got != want) {
    std::printf("streams_callbacks: %s: got %s, want %s\n", what, hipGetErrorName(got),
                hipGetErrorName(want));
    ++errors;
  }
  (void)hipGetLastError();
}

__global__ void set_value(int* slot, int value) {
  if (threadIdx.x == 0 && blockIdx.x == 0) *slot = value;
}

__global__ void slow_add(int* data, int n, int amount) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    int value = data[i];
    for (int k = 0; k < 64; ++k) value = value * 3 % 1000003;
    data[i] = value % 1 + data[i] + amount;
  }
}

// What host functions saw, in the order they ran.
struct Journal {
  std::atomic<int> next{0};
  int order[16];
  int seen[16];
};

struct Entry {
  Journal* journal;
  int tag;
  const int* watched;  // mapped pinned memory a kernel wrote before this point
};

static void record_entry(void* data) {
  Entry* entry = static_cast<Entry*>(data);
  int at = entry->journal->next.fetch_add(1);
  if (at < 16) {
    entry->journal->order[at] = entry->tag;
    entry->journal->seen[at] = *entry->watched;
  }
}

struct CallbackRecord {
  hipStream_t stream;
  hipError_t status;
  int calls;
};

static void stream_callback(hipStream_t stream, hipError_t status, void* data) {
  CallbackRecord* record = static_cast<CallbackRecord*>(data);
  record->stream = stream;
  record->status = status;
  ++record->calls;
}

int main() {
  print_device("streams_callbacks");
  int device = 0;
  CHECK(hipGetDevice(&device));
  int least = 0, greatest = 0;
  CHECK(hipDeviceGetStreamPriorityRange(&least, &greatest));

  // Priorities are clamped into the device's range and read back.
  hipStream_t high, low, beyond, quiet;
  CHECK(hipStreamCreateWithPriority(&high, hipStreamDefault, greatest));
  CHECK(hipStreamCreateWithPriority(&low, hipStreamNonBlocking, least));
  CHECK(hipStreamCreateWithPriority(&beyond, hipStreamDefault, greatest - 100));
  CHECK(hipStreamCreateWithFlags(&quiet, hipStreamNonBlocking));
  int priority = 12345;
  CHECK(hipStreamGetPriority(high, &priority));
  expect(priority == greatest, "the greatest priority");
  CHECK(hipStreamGetPriority(low, &priority));
  expect(priority == least, "the least priority");
  CHECK(hipStreamGetPriority(beyond, &priority));
  expect(priority == greatest, "a priority beyond the range is clamped");
  CHECK(hipStreamGetPriority(0, &priority));
  expect(priority == 0 || (priority <= least && priority >= greatest), "the null stream's priority");
  unsigned flags = 99;
  CHECK(hipStreamGetFlags(low, &flags));
  expect(flags == hipStreamNonBlocking, "non-blocking flags");
  CHECK(hipStreamGetFlags(high, &flags));
  expect(flags == hipStreamDefault, "default flags");
  CHECK(hipStreamGetFlags(quiet, &flags));
  expect(flags == hipStreamNonBlocking, "hipStreamCreateWithFlags flags");
  hipDevice_t owner = -1;
  CHECK(hipStreamGetDevice(low, &owner));
  expect(owner == device, "hipStreamGetDevice");
  expect(hipGetStreamDeviceId(low) == device, "hipGetStreamDeviceId");
  expect_error(hipStreamCreateWithPriority(&quiet, 0x10, 0), hipErrorInvalidValue,
               "a bad stream flag");
  expect_error(hipStreamGetFlags(low, nullptr), hipErrorInvalidValue, "flags into NULL");
  CHECK(hipStreamDestroy(beyond));
  expect_error(hipStreamGetPriority(beyond, &priority), hipErrorInvalidHandle,
               "priority of a destroyed stream");

  // Host functions run in stream order, after the work before them.
  int* pinned = nullptr;
  CHECK(hipHostMalloc(&pinned, sizeof(int), hipHostMallocMapped));
  *pinned = 0;
  int* mapped = nullptr;
  CHECK(hipHostGetDevicePointer((void**)&mapped, pinned, 0));
  Journal journal;
  Entry entries[4] = {{&journal, 1, pinned}, {&journal, 2, pinned}, {&journal, 3, pinned},
                      {&journal, 4, pinned}};
  for (int round = 0; round < 4; ++round) {
    set_value<<<1, 1, 0, high>>>(mapped, 100 + round);
    CHECK(hipLaunchHostFunc(high, record_entry, &entries[round]));
  }
  CHECK(hipStreamSynchronize(high));
  expect(journal.next.load() == 4, "every host function ran");
  for (int round = 0; round < 4 && round < journal.next.load(); ++round) {
    expect(journal.order[round] == round + 1, "host functions in order");
    expect(journal.seen[round] == 100 + round, "a host function sees the kernel before it");
  }
  expect_error(hipLaunchHostFunc(high, nullptr, nullptr), hipErrorInvalidValue,
               "hipLaunchHostFunc(NULL)");

  // Host functions on the null stream and the per-thread stream.
  Entry on_null = {&journal, 5, pinned};
  set_value<<<1, 1>>>(mapped, 500);
  CHECK(hipLaunchHostFunc(0, record_entry, &on_null));
  CHECK(hipDeviceSynchronize());
  expect(journal.next.load() == 5 && journal.seen[4] == 500, "a host function on the null stream");
  Entry on_per_thread = {&journal, 6, pinned};
  set_value<<<1, 1, 0, hipStreamPerThread>>>(mapped, 600);
  CHECK(hipLaunchHostFunc(hipStreamPerThread, record_entry, &on_per_thread));
  CHECK(hipStreamSynchronize(hipStreamPerThread));
  expect(journal.next.load() == 6 && journal.seen[5] == 600,
         "a host function on the per-thread stream");

  // Callbacks get the stream and hipSuccess.
  CallbackRecord record = {nullptr, hipErrorUnknown, 0};
  const int n = 4096;
  int* data = nullptr;
  CHECK(hipMalloc(&data, n * sizeof(int)));
  CHECK(hipMemsetAsync(data, 0, n * sizeof(int), low));
  slow_add<<<n / 256, 256, 0, low>>>(data, n, 2);
  CHECK(hipStreamAddCallback(low, stream_callback, &record, 0));
  CHECK(hipStreamSynchronize(low));
  expect(record.calls == 1 && record.stream == low && record.status == hipSuccess,
         "hipStreamAddCallback");
  expect_error(hipStreamAddCallback(low, stream_callback, &record, 1), hipErrorInvalidValue,
               "callback flags");
  expect_error(hipStreamAddCallback(low, nullptr, &record, 0), hipErrorInvalidValue,
               "a NULL callback");

  // The per-thread default stream takes copies and kernels like any other.
  std::vector<int> host(n, 7), back(n, 0);
  CHECK(hipMemcpyAsync(data, host.data(), n * sizeof(int), hipMemcpyHostToDevice,
                       hipStreamPerThread));
  slow_add<<<n / 256, 256, 0, hipStreamPerThread>>>(data, n, 1);
  CHECK(hipMemcpyAsync(back.data(), data, n * sizeof(int), hipMemcpyDeviceToHost,
                       hipStreamPerThread));
  CHECK(hipStreamSynchronize(hipStreamPerThread));
  long long bad = 0;
  for (int i = 0; i < n; ++i) bad += back[i] != 8;
  expect(bad == 0, "work on hipStreamPerThread");

  // Events recorded with flags, and a launch between two events.
  hipEvent_t start, stop;
  CHECK(hipEventCreate(&start));
  CHECK(hipEventCreate(&stop));
  CHECK(hipEventRecordWithFlags(start, high, hipEventRecordDefault));
  expect_error(hipEventRecordWithFlags(start, high, 5), hipErrorInvalidValue,
               "event record flags");
  int* value_slot = data;
  int value = 42;
  void* args[] = {&value_slot, &value};
  CHECK(hipExtLaunchKernel((const void*)set_value, dim3(1), dim3(1), args, 0, high, start, stop,
                           0));
  CHECK(hipEventSynchronize(stop));
  float elapsed = -1.0f;
  CHECK(hipEventElapsedTime(&elapsed, start, stop));
  expect(elapsed >= 0.0f, "time between hipExtLaunchKernel's events");
  CHECK(hipMemcpy(&value, data, sizeof(int), hipMemcpyDeviceToHost));
  expect(value == 42, "hipExtLaunchKernel ran the kernel");

  CHECK(hipEventDestroy(start));
  CHECK(hipEventDestroy(stop));
  CHECK(hipFree(data));
  CHECK(hipHostFree(pinned));
  CHECK(hipStreamDestroy(high));
  CHECK(hipStreamDestroy(low));
  CHECK(hipStreamDestroy(quiet));
  CHECK(hipDeviceSynchronize());
  return finish("streams_callbacks", errors);
}
