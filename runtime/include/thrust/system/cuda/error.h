/* oxhip: <thrust/system/cuda/error.h>. oxhip's Thrust keeps its code in thrust/detail/ (docs/thrust.md);
 * every public header brings all of it. */
#ifndef OXHIP_THRUST_SYSTEM_CUDA_ERROR_H
#define OXHIP_THRUST_SYSTEM_CUDA_ERROR_H
#include <thrust/detail/all.h>
#endif
