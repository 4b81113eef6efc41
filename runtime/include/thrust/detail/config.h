/* oxhip: Thrust's configuration, shared by every thrust/ header. oxhip's Thrust is a
 * portable, header-only implementation written for oxhip (docs/thrust.md): one set of
 * templates serves AMD GPUs, NVIDIA GPUs and the CPU device from one host compile, for HIP
 * programs (rocThrust's headers) and CUDA programs (Thrust's) alike. */
#ifndef OXHIP_THRUST_DETAIL_CONFIG_H
#define OXHIP_THRUST_DETAIL_CONFIG_H

#include <hip/hip_runtime.h>

#if defined(__cplusplus) && __cplusplus < 201402L
#error "Thrust (oxhip) needs C++14 or later: compile with -std=c++14 or a later standard"
#endif

/* What Thrust's own headers bring with them, which programs come to rely on. */
#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstddef>
#include <cstdio>
#include <cstdlib>
#include <functional>
#include <iostream>
#include <memory>
#include <numeric>
#include <tuple>
#include <cstring>
#include <initializer_list>
#include <iterator>
#include <limits>
#include <new>
#include <ostream>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

/* Thrust's version macros: major * 100000 + minor * 100 + subminor. The API follows
 * Thrust 2.x where Thrust and rocThrust agree. */
#define THRUST_MAJOR_VERSION 2
#define THRUST_MINOR_VERSION 2
#define THRUST_SUBMINOR_VERSION 0
#define THRUST_PATCH_NUMBER 0
#define THRUST_VERSION 200200

#define THRUST_HOST_SYSTEM_CPP 1
#define THRUST_HOST_SYSTEM_OMP 2
#define THRUST_HOST_SYSTEM_TBB 3
#define THRUST_DEVICE_SYSTEM_CUDA 1
#define THRUST_DEVICE_SYSTEM_OMP 2
#define THRUST_DEVICE_SYSTEM_TBB 3
#define THRUST_DEVICE_SYSTEM_CPP 4
#define THRUST_DEVICE_SYSTEM_HIP 5
#ifndef THRUST_HOST_SYSTEM
#define THRUST_HOST_SYSTEM THRUST_HOST_SYSTEM_CPP
#endif
/* The device system a program sees is the one its own Thrust would report: CUDA in a CUDA
 * program (the driver defines __OXHIP_CUDA_SOURCE__ for .cu sources), as NVIDIA's Thrust
 * does, and HIP in a HIP program, as rocThrust does. Both run the same code here; the value
 * only steers the program's own `#if`s. */
#ifndef THRUST_DEVICE_SYSTEM
#ifdef __OXHIP_CUDA_SOURCE__
#define THRUST_DEVICE_SYSTEM THRUST_DEVICE_SYSTEM_CUDA
#else
#define THRUST_DEVICE_SYSTEM THRUST_DEVICE_SYSTEM_HIP
#endif
#endif
#if THRUST_DEVICE_SYSTEM == THRUST_DEVICE_SYSTEM_CUDA
#define __THRUST_DEVICE_SYSTEM_NAMESPACE cuda
#else
#define __THRUST_DEVICE_SYSTEM_NAMESPACE hip
#endif

#define THRUST_HOST_DEVICE __host__ __device__
#define THRUST_DEVICE __device__
#define THRUST_HOST __host__
#define __thrust_exec_check_disable__
#define THRUST_NAMESPACE_BEGIN namespace thrust {
#define THRUST_NAMESPACE_END }

/* Every function an algorithm may call on either side. */
#define OXHIP_THRUST_HD __host__ __device__

#endif /* OXHIP_THRUST_DETAIL_CONFIG_H */
