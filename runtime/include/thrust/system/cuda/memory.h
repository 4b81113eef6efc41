/* oxhip: <thrust/system/cuda/memory.h>. oxhip's Thrust keeps its code in thrust/detail/ (docs/thrust.md);
 * every public header brings all of it. */
#ifndef OXHIP_THRUST_SYSTEM_CUDA_MEMORY_H
#define OXHIP_THRUST_SYSTEM_CUDA_MEMORY_H
#include <thrust/detail/all.h>
#endif
