// A host program that loads the HIP library with dlopen: the library registers its kernels
// when it is loaded, and the program's memory is the library's.
#include <dlfcn.h>
#include <hip/hip_runtime_api.h>
#include <cstdio>
#include <cstdlib>

int main() {
  // The build tree's library, unless $VECOPS_PATH names a copy (tests/gpu/run.sh carries the
  // programs to another machine).
  const char *path = std::getenv("VECOPS_PATH");
  void *library = dlopen(path ? path : VECOPS_PATH, RTLD_NOW | RTLD_LOCAL);
  if (!library) {
    std::printf("FAILED: dlopen: %s\n", dlerror());
    return 1;
  }
  auto add = reinterpret_cast<int (*)(float *, const float *, int)>(dlsym(library, "vecops_add"));
  if (!add) {
    std::printf("FAILED: dlsym\n");
    return 1;
  }
  const int n = 100;
  float host[n];
  for (int i = 0; i < n; ++i) host[i] = float(i);
  float *a, *b;
  (void)hipMalloc(&a, sizeof host);
  (void)hipMalloc(&b, sizeof host);
  (void)hipMemcpy(a, host, sizeof host, hipMemcpyHostToDevice);
  (void)hipMemcpy(b, host, sizeof host, hipMemcpyHostToDevice);
  int err = add(a, b, n);
  (void)hipMemcpy(host, a, sizeof host, hipMemcpyDeviceToHost);
  if (err != 0 || host[99] != 198.0f) {
    std::printf("FAILED: %d %g\n", err, host[99]);
    return 1;
  }
  dlclose(library);
  std::printf("PASSED\n");
  return 0;
}
