/* hip/driver_types.h for oxhip: the memory description types of the HIP API (copy
 * directions, memory kinds, pitched pointers, extents and positions, 2D and 3D copy
 * descriptions) and their make_* helpers. Included by hip/hip_runtime_api.h.
 *
 * Names, values and layouts follow HIP 6.x so that existing code compiles unchanged; the
 * text is oxhip's own. Usable from C and C++. hipArray_t is declared so that the copy
 * descriptions have their full layout, but arrays (and textures) are not implemented:
 * a copy that names one returns hipErrorNotSupported.
 */
#ifndef HIP_DRIVER_TYPES_H
#define HIP_DRIVER_TYPES_H
/* HIP's own guard as well: code tests it, and oxhipify writes it for CUDA's. */
#define HIP_INCLUDE_HIP_DRIVER_TYPES_H

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Direction of a copy. */
typedef enum hipMemcpyKind {
  hipMemcpyHostToHost = 0,
  hipMemcpyHostToDevice = 1,
  hipMemcpyDeviceToHost = 2,
  hipMemcpyDeviceToDevice = 3,
  hipMemcpyDefault = 4 /* direction inferred from the pointers */
} hipMemcpyKind;

/* What a pointer points at (hipPointerAttribute_t::type, hip_Memcpy2D). */
typedef enum hipMemoryType {
  hipMemoryTypeUnregistered = 0,
  hipMemoryTypeHost = 1,
  hipMemoryTypeDevice = 2,
  hipMemoryTypeManaged = 3,
  hipMemoryTypeArray = 10,
  hipMemoryTypeUnified = 11
} hipMemoryType;

/* Opaque CUDA-style arrays (not implemented by oxhip). */
typedef struct hipArray* hipArray_t;
typedef const struct hipArray* hipArray_const_t;

/* Pitched memory: rows of `pitch` bytes; `xsize` bytes used per row, `ysize` rows per
 * slice of a 3D allocation. */
typedef struct hipPitchedPtr {
  void* ptr;
  size_t pitch;
  size_t xsize;
  size_t ysize;
} hipPitchedPtr;

/* A 3D size: width in bytes for linear memory, height in rows, depth in slices. */
typedef struct hipExtent {
  size_t width;
  size_t height;
  size_t depth;
} hipExtent;

/* A 3D position: x in bytes for linear memory, y in rows, z in slices. */
typedef struct hipPos {
  size_t x;
  size_t y;
  size_t z;
} hipPos;

/* A 3D copy between pitched allocations (the array members must be NULL here). */
typedef struct hipMemcpy3DParms {
  hipArray_t srcArray;
  struct hipPos srcPos;
  struct hipPitchedPtr srcPtr;
  hipArray_t dstArray;
  struct hipPos dstPos;
  struct hipPitchedPtr dstPtr;
  struct hipExtent extent;
  enum hipMemcpyKind kind;
} hipMemcpy3DParms;

/* A 2D copy in the driver-API style (hipMemcpyParam2D): each side is host memory
 * (srcHost), device or unified memory (srcDevice) or an array, per its memory type. */
typedef struct hip_Memcpy2D {
  size_t srcXInBytes;
  size_t srcY;
  hipMemoryType srcMemoryType;
  const void* srcHost;
  void* srcDevice;
  hipArray_t srcArray;
  size_t srcPitch;
  size_t dstXInBytes;
  size_t dstY;
  hipMemoryType dstMemoryType;
  void* dstHost;
  void* dstDevice;
  hipArray_t dstArray;
  size_t dstPitch;
  size_t WidthInBytes;
  size_t Height;
} hip_Memcpy2D;

static inline struct hipPitchedPtr make_hipPitchedPtr(void* ptr, size_t pitch, size_t xsize,
                                                      size_t ysize) {
  struct hipPitchedPtr result;
  result.ptr = ptr;
  result.pitch = pitch;
  result.xsize = xsize;
  result.ysize = ysize;
  return result;
}

static inline struct hipPos make_hipPos(size_t x, size_t y, size_t z) {
  struct hipPos result;
  result.x = x;
  result.y = y;
  result.z = z;
  return result;
}

static inline struct hipExtent make_hipExtent(size_t width, size_t height, size_t depth) {
  struct hipExtent result;
  result.width = width;
  result.height = height;
  result.depth = depth;
  return result;
}

#ifdef __cplusplus
} /* extern "C" */
#endif

#endif /* HIP_DRIVER_TYPES_H */
