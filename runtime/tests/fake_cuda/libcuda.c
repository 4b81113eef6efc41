/* A stand-in for libcuda.so.1, for testing how the runtime *uses* the CUDA driver API
 * on a machine without a GPU: entry-point resolution through cuGetProcAddress_v2 at one
 * version, context binding, image selection and JIT-log capture, argument passing to
 * cuLaunchKernel. It is not a model of the driver: "device memory" is host memory and
 * the only kernel it can run is the test's `square`, emulated on the host.
 * Every call of interest prints one "fake: ..." line on stdout. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef int CUresult;
typedef unsigned long long CUdeviceptr;

static int initialized;

CUresult cuInit(unsigned flags) {
  (void)flags;
  initialized = 1;
  return 0;
}

CUresult cuDriverGetVersion(int* version) {
  const char* forced = getenv("FAKE_CUDA_VERSION");
  *version = forced ? atoi(forced) : 12080;
  return 0;
}

static CUresult ok(void) { return 0; }

static CUresult get_error_name(CUresult code, const char** name) {
  *name = code == 218 ? "CUDA_ERROR_INVALID_PTX" : "CUDA_ERROR_FAKE";
  return 0;
}
static CUresult device_get_count(int* count) { *count = 1; return 0; }
static CUresult device_get(int* device, int ordinal) {
  *device = ordinal;
  return ordinal == 0 ? 0 : 101;
}
static CUresult device_get_name(char* name, int length, int device) {
  (void)device;
  snprintf(name, (size_t)length, "Fake H100");
  return 0;
}
static CUresult device_get_uuid(unsigned char* uuid, int device) {
  (void)device;
  for (int i = 0; i < 16; ++i) uuid[i] = (unsigned char)i;
  return 0;
}
static CUresult device_total_mem(size_t* bytes, int device) {
  (void)device;
  *bytes = (size_t)80 << 30;
  return 0;
}
static CUresult device_get_attribute(int* value, int attribute, int device) {
  (void)device;
  switch (attribute) {
    case 1: *value = 1024; break;   /* max threads per block */
    case 8: *value = 49152; break;  /* shared memory per block */
    case 10: *value = 32; break;    /* warp size */
    case 16: *value = 132; break;   /* multiprocessors */
    case 75: *value = 9; break;     /* compute capability */
    case 76: *value = 0; break;
    case 120: return 1;             /* unknown to this "driver" */
    default: *value = 7; break;
  }
  return 0;
}
static CUresult primary_ctx_retain(void** context, int device) {
  printf("fake: cuDevicePrimaryCtxRetain %d\n", device);
  *context = (void*)0x1000;
  return 0;
}
static CUresult ctx_set_current(void* context) {
  printf("fake: cuCtxSetCurrent %p\n", context);
  return 0;
}
static CUresult ctx_synchronize(void) {
  printf("fake: cuCtxSynchronize\n");
  return 0;
}
static CUresult mem_alloc(CUdeviceptr* pointer, size_t size) {
  *pointer = (CUdeviceptr)(uintptr_t)calloc(1, size);
  return 0;
}
static CUresult mem_free(CUdeviceptr pointer) {
  free((void*)(uintptr_t)pointer);
  return 0;
}
static CUresult mem_copy(CUdeviceptr dst, CUdeviceptr src, size_t size) {
  memcpy((void*)(uintptr_t)dst, (const void*)(uintptr_t)src, size);
  return 0;
}
static CUresult mem_set(CUdeviceptr dst, unsigned char value, size_t size) {
  memset((void*)(uintptr_t)dst, value, size);
  return 0;
}

enum { JIT_INFO_LOG = 3, JIT_INFO_SIZE = 4, JIT_ERROR_LOG = 5, JIT_ERROR_SIZE = 6 };

static void write_log(unsigned count, const int* options, void** values, int buffer_option,
                      int size_option, const char* text) {
  char* buffer = NULL;
  size_t capacity = 0;
  unsigned size_index = 0;
  for (unsigned i = 0; i < count; ++i) {
    if (options[i] == buffer_option) buffer = (char*)values[i];
    if (options[i] == size_option) {
      capacity = (size_t)(uintptr_t)values[i];
      size_index = i;
    }
  }
  if (!buffer || capacity == 0) return;
  snprintf(buffer, capacity, "%s", text);
  values[size_index] = (void*)(uintptr_t)(strlen(buffer) + 1);
}

static CUresult module_load_data_ex(void** module, const void* image, unsigned count,
                                    int* options, void** values) {
  const char* text = (const char*)image;
  /* PTX must arrive NUL-terminated: strlen stops at the terminator the runtime adds. */
  const char* target = strstr(text, ".target ");
  char line[64] = "?";
  if (target) sscanf(target, ".target %63s", line);
  printf("fake: cuModuleLoadDataEx %s, %zu bytes\n", line, strlen(text));
  if (strstr(text, "SYNTAX ERROR")) {
    write_log(count, options, values, JIT_ERROR_LOG, JIT_ERROR_SIZE,
              "ptxas application ptx input, line 3; fatal : Parsing error near 'ERROR'");
    return 218;
  }
  write_log(count, options, values, JIT_INFO_LOG, JIT_INFO_SIZE,
            "ptxas info    : Used 8 registers");
  *module = (void*)0x2000;
  return 0;
}
static CUresult module_get_function(void** function, void* module, const char* name) {
  (void)module;
  if (strcmp(name, "_Z6squarePii") != 0) return 500;
  *function = (void*)0x3000;
  return 0;
}
static CUresult mem_alloc_managed(CUdeviceptr* pointer, size_t size, unsigned flags) {
  printf("fake: cuMemAllocManaged %zu %u\n", size, flags);
  *pointer = (CUdeviceptr)(uintptr_t)calloc(1, size);
  return 0;
}
static char table_storage[16];
/* The device copy of a managed variable's pointer (`mvar`, 8 bytes). */
static int* managed_storage;
static CUresult module_get_global(CUdeviceptr* pointer, size_t* size, void* module,
                                  const char* name) {
  (void)module;
  if (strcmp(name, "table") == 0) {
    *pointer = (CUdeviceptr)(uintptr_t)table_storage;
    *size = sizeof table_storage;
    return 0;
  }
  if (strcmp(name, "mvar") == 0) {
    *pointer = (CUdeviceptr)(uintptr_t)&managed_storage;
    *size = sizeof managed_storage;
    return 0;
  }
  return 500;
}
static CUresult func_set_attribute(void* function, int attribute, int value) {
  printf("fake: cuFuncSetAttribute %p %d %d\n", function, attribute, value);
  return 0;
}
static CUresult launch_kernel(void* function, unsigned gx, unsigned gy, unsigned gz,
                              unsigned bx, unsigned by, unsigned bz, unsigned shared,
                              void* stream, void** params, void** extra) {
  printf("fake: cuLaunchKernel %p grid %u,%u,%u block %u,%u,%u shared %u stream %p extra %p\n",
         function, gx, gy, gz, bx, by, bz, shared, stream, (void*)extra);
  if (managed_storage) printf("fake: managed value %d\n", *managed_storage);
  if (!params && extra) {
    /* The packed form: {BUFFER_POINTER 1, buf, BUFFER_SIZE 2, &size, END 0}. */
    printf("fake: extra %zu %zu %zu bytes %zu first int %d\n", (size_t)extra[0],
           (size_t)extra[2], *(size_t*)extra[3], (size_t)extra[4], **(int**)extra[1]);
    return 0;
  }
  /* square(int* data, int n): params[i] points at argument i. */
  int* data = *(int**)params[0];
  int n = *(int*)params[1];
  for (int i = 0; i < n; ++i) data[i] *= data[i];
  return 0;
}

static CUresult launch_cooperative_kernel(void* function, unsigned gx, unsigned gy, unsigned gz,
                                          unsigned bx, unsigned by, unsigned bz, unsigned shared,
                                          void* stream, void** params) {
  printf("fake: cuLaunchCooperativeKernel %p grid %u,%u,%u block %u,%u,%u shared %u stream %p "
         "n %d\n",
         function, gx, gy, gz, bx, by, bz, shared, stream, *(int*)params[1]);
  return 0;
}

static CUresult func_get_attribute(int* value, int attribute, void* function) {
  (void)function;
  *value = attribute == 4 ? 40 : attribute == 0 ? 1024 : 0; /* registers, threads */
  return 0;
}

/* ---- The wider API: each call prints what the runtime passed. ---- */

static CUresult ctx_get_stream_priority_range(int* least, int* greatest) {
  *least = 0;
  *greatest = -5;
  return 0;
}
static CUresult stream_create_with_priority(void** stream, unsigned flags, int priority) {
  printf("fake: cuStreamCreateWithPriority %u %d\n", flags, priority);
  *stream = (void*)0x5000;
  return 0;
}
static CUresult launch_host_func(void* stream, void (*function)(void*), void* data) {
  printf("fake: cuLaunchHostFunc %p\n", stream);
  function(data);
  return 0;
}
/* CUDA_MEMCPY2D. */
struct memcpy_2d {
  size_t src_x, src_y;
  unsigned src_type;
  const void* src_host;
  CUdeviceptr src_device;
  void* src_array;
  size_t src_pitch;
  size_t dst_x, dst_y;
  unsigned dst_type;
  void* dst_host;
  CUdeviceptr dst_device;
  void* dst_array;
  size_t dst_pitch;
  size_t width, height;
};
static CUresult mem_copy_2d(const struct memcpy_2d* copy) {
  printf("fake: cuMemcpy2D types %u %u pitches %zu %zu width %zu height %zu\n", copy->src_type,
         copy->dst_type, copy->src_pitch, copy->dst_pitch, copy->width, copy->height);
  const char* src = copy->src_type == 1 ? (const char*)copy->src_host
                                        : (const char*)(uintptr_t)copy->src_device;
  char* dst = copy->dst_type == 1 ? (char*)copy->dst_host : (char*)(uintptr_t)copy->dst_device;
  for (size_t row = 0; row < copy->height; ++row)
    memcpy(dst + row * copy->dst_pitch, src + row * copy->src_pitch, copy->width);
  return 0;
}
static CUresult mem_set_d32(CUdeviceptr dst, unsigned value, size_t count) {
  printf("fake: cuMemsetD32 %#x %zu\n", value, count);
  for (size_t i = 0; i < count; ++i) ((unsigned*)(uintptr_t)dst)[i] = value;
  return 0;
}
static CUresult mem_set_d2d8(CUdeviceptr dst, size_t pitch, unsigned char value, size_t width,
                             size_t height) {
  printf("fake: cuMemsetD2D8 pitch %zu value %u width %zu height %zu\n", pitch, value, width,
         height);
  for (size_t row = 0; row < height; ++row) memset((char*)(uintptr_t)dst + row * pitch, value, width);
  return 0;
}
static CUresult mem_alloc_pitch(CUdeviceptr* pointer, size_t* pitch, size_t width, size_t height,
                                unsigned element_size) {
  printf("fake: cuMemAllocPitch %zu %zu %u\n", width, height, element_size);
  *pitch = (width + 511) / 512 * 512;
  *pointer = (CUdeviceptr)(uintptr_t)calloc(height, *pitch);
  return 0;
}
/* square(int* data, int n): two parameters of 8 and 4 bytes. */
static CUresult func_get_param_info(void* function, size_t index, size_t* offset, size_t* size) {
  (void)function;
  if (index >= 2) return 1; /* CUDA_ERROR_INVALID_VALUE */
  *offset = index * 8;
  if (size) *size = index == 0 ? 8 : 4;
  return 0;
}
/* Everything the runtime allocated is device memory of 64 bytes here. */
static CUresult pointer_get_attribute(void* data, int attribute, CUdeviceptr pointer) {
  switch (attribute) {
    case 2: *(unsigned*)data = 2; return 0;             /* MEMORY_TYPE: device */
    case 3: *(CUdeviceptr*)data = pointer; return 0;    /* DEVICE_POINTER */
    case 8: *(unsigned char*)data = 0; return 0;        /* IS_MANAGED (a bool) */
    case 9: *(int*)data = 0; return 0;                  /* DEVICE_ORDINAL */
    case 11: *(CUdeviceptr*)data = pointer; return 0;   /* RANGE_START_ADDR */
    case 12: *(size_t*)data = 64; return 0;             /* RANGE_SIZE */
    default: return 1;
  }
}

struct entry {
  const char* name;
  void* function;
};

static const struct entry entries[] = {
    {"cuGetErrorName", (void*)get_error_name},
    {"cuDeviceGetCount", (void*)device_get_count},
    {"cuDeviceGet", (void*)device_get},
    {"cuDeviceGetName", (void*)device_get_name},
    {"cuDeviceGetUuid", (void*)device_get_uuid},
    {"cuDeviceTotalMem", (void*)device_total_mem},
    {"cuDeviceGetAttribute", (void*)device_get_attribute},
    {"cuDevicePrimaryCtxRetain", (void*)primary_ctx_retain},
    {"cuDevicePrimaryCtxReset", (void*)ok},
    {"cuCtxSetCurrent", (void*)ctx_set_current},
    {"cuCtxSynchronize", (void*)ctx_synchronize},
    {"cuMemAlloc", (void*)mem_alloc},
    {"cuMemFree", (void*)mem_free},
    {"cuMemGetInfo", (void*)ok},
    {"cuMemHostAlloc", (void*)ok},
    {"cuMemFreeHost", (void*)ok},
    {"cuMemAllocManaged", (void*)mem_alloc_managed},
    {"cuStreamWaitEvent", (void*)ok},
    {"cuMemcpy", (void*)mem_copy},
    {"cuMemcpyAsync", (void*)mem_copy},
    {"cuMemsetD8", (void*)mem_set},
    {"cuMemsetD8Async", (void*)mem_set},
    {"cuModuleLoadDataEx", (void*)module_load_data_ex},
    {"cuModuleGetFunction", (void*)module_get_function},
    {"cuModuleGetGlobal", (void*)module_get_global},
    {"cuModuleUnload", (void*)ok},
    {"cuFuncSetAttribute", (void*)func_set_attribute},
    {"cuFuncGetAttribute", (void*)func_get_attribute},
    {"cuLaunchKernel", (void*)launch_kernel},
    {"cuLaunchCooperativeKernel", (void*)launch_cooperative_kernel},
    {"cuStreamCreate", (void*)ok},
    {"cuStreamDestroy", (void*)ok},
    {"cuStreamSynchronize", (void*)ok},
    {"cuStreamQuery", (void*)ok},
    {"cuEventCreate", (void*)ok},
    {"cuEventRecord", (void*)ok},
    {"cuEventSynchronize", (void*)ok},
    {"cuEventQuery", (void*)ok},
    {"cuEventElapsedTime", (void*)ok},
    {"cuEventDestroy", (void*)ok},
    {"cuCtxGetStreamPriorityRange", (void*)ctx_get_stream_priority_range},
    {"cuStreamCreateWithPriority", (void*)stream_create_with_priority},
    {"cuLaunchHostFunc", (void*)launch_host_func},
    {"cuMemcpy2D", (void*)mem_copy_2d},
    {"cuMemsetD32", (void*)mem_set_d32},
    {"cuMemsetD2D8", (void*)mem_set_d2d8},
    {"cuMemAllocPitch", (void*)mem_alloc_pitch},
    {"cuPointerGetAttribute", (void*)pointer_get_attribute},
    {"cuFuncGetParamInfo", (void*)func_get_param_info},
};

/* Like the real driver: CUDA_SUCCESS even for unknown names, with a NULL pointer and a
 * status of 1 (symbol not found) or 2 (version not sufficient). */
CUresult cuGetProcAddress_v2(const char* symbol, void** function, int version,
                             unsigned long long flags, int* status) {
  const char* missing = getenv("FAKE_CUDA_MISSING");
  *function = NULL;
  if (!initialized) return 3; /* CUDA_ERROR_NOT_INITIALIZED */
  /* cuFuncGetParamInfo exists from CUDA 12.4 on. */
  int wanted = strcmp(symbol, "cuFuncGetParamInfo") == 0 ? 12040 : 12000;
  if (version != wanted || flags != 0) {
    printf("fake: %s requested at version %d flags %llu\n", symbol, version, flags);
    *status = 2;
    return 0;
  }
  for (size_t i = 0; i < sizeof entries / sizeof entries[0]; ++i) {
    if (strcmp(entries[i].name, symbol) == 0 && !(missing && strcmp(missing, symbol) == 0)) {
      *function = entries[i].function;
      *status = 0;
      return 0;
    }
  }
  *status = 1;
  return 0;
}
