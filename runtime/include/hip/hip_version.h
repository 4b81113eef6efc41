/* hip/hip_version.h for oxhip: the HIP version the headers and runtime implement (the
 * API of HIP 6.4; hipRuntimeGetVersion returns HIP_VERSION). */
#ifndef HIP_HIP_VERSION_H
#define HIP_HIP_VERSION_H
#define HIP_VERSION_MAJOR 6
#define HIP_VERSION_MINOR 4
#define HIP_VERSION_PATCH 0
#define HIP_VERSION_GITHASH ""
#define HIP_VERSION_BUILD_ID 0
#define HIP_VERSION_BUILD_NAME ""
#define HIP_VERSION (HIP_VERSION_MAJOR * 10000000 + HIP_VERSION_MINOR * 100000 + HIP_VERSION_PATCH)
#define __HIP_HAS_GET_PCH 0
#endif
