// The module API: loads the code object that module/kernels.hip was built into, from a
// file and from memory, looks kernels and a variable up by name, and launches them with
// kernelParams and with a packed `extra` buffer.
//
// The module path: module_file.h.
#include "../check.h"
#include "../module_file.h"

#include <cstring>

#define EXPECT(condition)                                                     \
  do {                                                                        \
    if (!(condition)) {                                                       \
      std::fprintf(stderr, "%s:%d: expected %s\n", __FILE__, __LINE__, #condition); \
      ++errors;                                                               \
    }                                                                         \
  } while (0)

struct Pair {
  int a;
  double b;
};

// A kernel of the program itself, next to the loaded ones. (It also gives the program a
// CPU image, which is what lists the CPU device by default when no GPU is present.)
__global__ void negate(float* data, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) data[i] = -data[i];
}

int main(int argc, char** argv) {
  print_device("module");
  long long errors = 0;
  std::string path = module_path(argc, argv);

  hipModule_t missing_module;
  EXPECT(hipModuleLoad(&missing_module, "/nonexistent/oxhip-module.hipfb") == hipErrorFileNotFound);
  const char garbage[] = "not a code object";
  EXPECT(hipModuleLoadData(&missing_module, garbage) == hipErrorInvalidImage);
  (void)hipGetLastError();

  hipModule_t module;
  CHECK(hipModuleLoad(&module, path.c_str()));

  hipFunction_t scale, add_offset, absent;
  CHECK(hipModuleGetFunction(&scale, module, "scale"));
  CHECK(hipModuleGetFunction(&add_offset, module, "add_offset"));
  hipFunction_t again;
  CHECK(hipModuleGetFunction(&again, module, "scale"));
  EXPECT(again == scale);
  EXPECT(hipModuleGetFunction(&absent, module, "no_such_kernel") == hipErrorNotFound);
  (void)hipGetLastError();

  // kernelParams launch.
  const int n = 1000;
  std::vector<float> host(n);
  for (int i = 0; i < n; ++i) host[i] = (float)i;
  float* data;
  CHECK(hipMalloc(&data, n * sizeof(float)));
  CHECK(hipMemcpy(data, host.data(), n * sizeof(float), hipMemcpyHostToDevice));
  float factor = 2.5f;
  int count = n;
  void* scale_args[] = {&data, &factor, &count};
  CHECK(hipModuleLaunchKernel(scale, (n + 127) / 128, 1, 1, 128, 1, 1, 0, nullptr, scale_args,
                              nullptr));
  CHECK(hipDeviceSynchronize());
  CHECK(hipMemcpy(host.data(), data, n * sizeof(float), hipMemcpyDeviceToHost));
  for (int i = 0; i < n; ++i) errors += host[i] != 2.5f * (float)i;
  negate<<<(n + 127) / 128, 128>>>(data, n);
  CHECK_LAUNCH();
  CHECK(hipMemcpy(host.data(), data, n * sizeof(float), hipMemcpyDeviceToHost));
  for (int i = 0; i < n; ++i) errors += host[i] != -2.5f * (float)i;
  negate<<<(n + 127) / 128, 128>>>(data, n);
  CHECK_LAUNCH();

  // Both argument forms at once is an error.
  void* both_extra[] = {HIP_LAUNCH_PARAM_END};
  EXPECT(hipModuleLaunchKernel(scale, 1, 1, 1, 1, 1, 1, 0, nullptr, scale_args, both_extra) ==
         hipErrorInvalidValue);
  (void)hipGetLastError();

  // A module variable: read it, change it, and see a kernel use the new value.
  hipDeviceptr_t offset_address = nullptr;
  size_t offset_size = 0;
  CHECK(hipModuleGetGlobal(&offset_address, &offset_size, module, "module_offset"));
  EXPECT(offset_size == sizeof(int));
  int offset = 0;
  CHECK(hipMemcpy(&offset, offset_address, sizeof offset, hipMemcpyDeviceToHost));
  EXPECT(offset == 7);
  offset = 100;
  CHECK(hipMemcpy(offset_address, &offset, sizeof offset, hipMemcpyHostToDevice));
  EXPECT(hipModuleGetGlobal(&offset_address, &offset_size, module, "no_such_global") ==
         hipErrorNotFound);
  (void)hipGetLastError();
  int* out;
  CHECK(hipMalloc(&out, n * sizeof(int)));
  void* offset_args[] = {&out, &count};
  CHECK(hipModuleLaunchKernel(add_offset, (n + 63) / 64, 1, 1, 64, 1, 1, 0, nullptr, offset_args,
                              nullptr));
  CHECK(hipDeviceSynchronize());
  std::vector<int> values(n);
  CHECK(hipMemcpy(values.data(), out, n * sizeof(int), hipMemcpyDeviceToHost));
  for (int i = 0; i < n; ++i) errors += values[i] != i + 100;

  // The packed form: arguments at their natural offsets in one buffer.
  hipFunction_t mixed;
  CHECK(hipModuleGetFunction(&mixed, module, "mixed"));
  long long* result;
  int* base;
  CHECK(hipMalloc(&result, sizeof(long long)));
  CHECK(hipMalloc(&base, sizeof(int)));
  int base_value = 1000;
  CHECK(hipMemcpy(base, &base_value, sizeof base_value, hipMemcpyHostToDevice));
  struct {
    long long* out;  // 0
    char c;          // 8
    Pair pair;       // 16
    short s;         // 32
    int* base;       // 40
  } packed = {result, 3, {20, 400.0}, 5000, base};
  size_t packed_size = sizeof packed;
  void* extra[] = {HIP_LAUNCH_PARAM_BUFFER_POINTER, &packed, HIP_LAUNCH_PARAM_BUFFER_SIZE,
                   &packed_size, HIP_LAUNCH_PARAM_END};
  CHECK(hipModuleLaunchKernel(mixed, 1, 1, 1, 32, 1, 1, 0, nullptr, nullptr, extra));
  CHECK(hipDeviceSynchronize());
  long long sum = 0;
  CHECK(hipMemcpy(&sum, result, sizeof sum, hipMemcpyDeviceToHost));
  EXPECT(sum == 3 + 20 + 400 + 5000 + 1000);

  // The same code object from memory; a second load is independent of the first.
  std::vector<char> bytes = read_file(path);
  EXPECT(!bytes.empty());
  hipModule_t from_memory;
  CHECK(hipModuleLoadData(&from_memory, bytes.data()));
  hipFunction_t scale_again;
  CHECK(hipModuleGetFunction(&scale_again, from_memory, "scale"));
  EXPECT(scale_again != scale);
  float two = 2.0f;
  void* again_args[] = {&data, &two, &count};
  CHECK(hipModuleLaunchKernel(scale_again, (n + 255) / 256, 1, 1, 256, 1, 1, 0, nullptr,
                              again_args, nullptr));
  CHECK(hipDeviceSynchronize());
  CHECK(hipMemcpy(host.data(), data, n * sizeof(float), hipMemcpyDeviceToHost));
  for (int i = 0; i < n; ++i) errors += host[i] != 5.0f * (float)i;
  hipDeviceptr_t second_offset;
  CHECK(hipModuleGetGlobal(&second_offset, nullptr, from_memory, "module_offset"));
  CHECK(hipMemcpy(&offset, second_offset, sizeof offset, hipMemcpyDeviceToHost));
  EXPECT(offset == 7);

  // After unloading, the module's functions are gone.
  CHECK(hipModuleUnload(from_memory));
  EXPECT(hipModuleLaunchKernel(scale_again, 1, 1, 1, 1, 1, 1, 0, nullptr, again_args, nullptr) !=
         hipSuccess);
  EXPECT(hipModuleUnload(from_memory) == hipErrorInvalidHandle);
  (void)hipGetLastError();

  CHECK(hipFree(data));
  CHECK(hipFree(out));
  CHECK(hipFree(result));
  CHECK(hipFree(base));
  CHECK(hipModuleUnload(module));
  return finish("module", errors);
}
