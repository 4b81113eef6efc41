/* The driver's floor for a first launch (docs/gpu-bench.md, "First launch"): after the
 * context exists (outside the timing, as launch.hip's hipMalloc is), load an image with
 * cuModuleLoadData, get the function, launch it once and synchronise; prints each step's
 * time in microseconds. The CUDA driver alone, opened with dlopen, so it builds without a
 * CUDA toolkit:
 *
 *   clang-22 -O2 benches/gpu/first-launch-floor.c -o floor -ldl
 *   oxhip -O3 --offload-arch=sm_90 --cuda-device-only -S benches/gpu/launch.hip -o launch.ptx
 *   target/ptxas/bin/ptxas -arch=sm_90 launch.ptx -o launch.cubin
 *   CUDA_CACHE_DISABLE=1 ./floor launch.cubin _Z12empty_kernelPi      # on the GPU machine
 */
#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
typedef int CUresult; typedef int CUdevice; typedef void* CUcontext; typedef void* CUmodule; typedef void* CUfunction;
static double now(void) { struct timespec t; clock_gettime(CLOCK_MONOTONIC, &t); return t.tv_sec * 1e6 + t.tv_nsec / 1e3; }
int main(int argc, char** argv) {
  void* lib = dlopen("libcuda.so.1", RTLD_NOW);
  if (!lib) { printf("no libcuda\n"); return 1; }
  CUresult (*cuInit)(unsigned) = dlsym(lib, "cuInit");
  CUresult (*cuDeviceGet)(CUdevice*, int) = dlsym(lib, "cuDeviceGet");
  CUresult (*cuDevicePrimaryCtxRetain)(CUcontext*, CUdevice) = dlsym(lib, "cuDevicePrimaryCtxRetain");
  CUresult (*cuCtxSetCurrent)(CUcontext) = dlsym(lib, "cuCtxSetCurrent");
  CUresult (*cuMemAlloc)(unsigned long long*, size_t) = dlsym(lib, "cuMemAlloc_v2");
  CUresult (*cuModuleLoadData)(CUmodule*, const void*) = dlsym(lib, "cuModuleLoadData");
  CUresult (*cuModuleGetFunction)(CUfunction*, CUmodule, const char*) = dlsym(lib, "cuModuleGetFunction");
  CUresult (*cuLaunchKernel)(CUfunction, unsigned, unsigned, unsigned, unsigned, unsigned, unsigned, unsigned, void*, void**, void**) = dlsym(lib, "cuLaunchKernel");
  CUresult (*cuCtxSynchronize)(void) = dlsym(lib, "cuCtxSynchronize");
  if (argc < 3) { printf("usage: floor IMAGE KERNEL\n"); return 2; }
  FILE* f = fopen(argv[1], "rb");
  if (!f) { printf("cannot open %s\n", argv[1]); return 1; }
  fseek(f, 0, SEEK_END); long n = ftell(f); fseek(f, 0, SEEK_SET);
  char* image = calloc(n + 1, 1); fread(image, 1, n, f); fclose(f);
  CUdevice dev; CUcontext ctx; unsigned long long p;
  if (cuInit(0) || cuDeviceGet(&dev, 0) || cuDevicePrimaryCtxRetain(&ctx, dev) || cuCtxSetCurrent(ctx) || cuMemAlloc(&p, 256)) { printf("init failed\n"); return 1; }
  CUmodule m; CUfunction fn;
  double t0 = now();
  CUresult r1 = cuModuleLoadData(&m, image);
  double t1 = now();
  CUresult r2 = cuModuleGetFunction(&fn, m, argv[2]);
  double t2 = now();
  void* args[] = {&p};
  CUresult r3 = cuLaunchKernel(fn, 1, 1, 1, 1, 1, 1, 0, 0, args, 0);
  double t3 = now();
  CUresult r4 = cuCtxSynchronize();
  double t4 = now();
  printf("floor %s: load %.1f us, get function %.1f us, launch %.1f us, sync %.1f us, total %.1f us (rc %d %d %d %d)\n",
         argv[1], t1 - t0, t2 - t1, t3 - t2, t4 - t3, t4 - t0, r1, r2, r3, r4);
  return 0;
}
