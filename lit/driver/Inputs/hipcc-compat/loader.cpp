// Loads a HIP shared library with dlopen and runs its kernel on memory of the program.
#include <dlfcn.h>
#include <hip/hip_runtime_api.h>
#include <cstdio>

int main(int argc, char **argv) {
  if (argc < 2) return 2;
  void *library = dlopen(argv[1], RTLD_NOW | RTLD_LOCAL);
  if (!library) {
    std::printf("FAILED: %s\n", dlerror());
    return 1;
  }
  auto add_one_all = reinterpret_cast<int (*)(int *, int)>(dlsym(library, "add_one_all"));
  int host[64];
  for (int i = 0; i < 64; ++i) host[i] = i;
  int *device = nullptr;
  if (!add_one_all || hipMalloc(&device, sizeof host) != hipSuccess) {
    std::printf("FAILED: setup\n");
    return 1;
  }
  (void)hipMemcpy(device, host, sizeof host, hipMemcpyHostToDevice);
  int err = add_one_all(device, 64);
  (void)hipMemcpy(host, device, sizeof host, hipMemcpyDeviceToHost);
  if (err != 0 || host[0] != 1 || host[63] != 64) {
    std::printf("FAILED: %d %d %d\n", err, host[0], host[63]);
    return 1;
  }
  std::printf("PASSED\n");
  return 0;
}
