/* oxhip: <thrust/system/hip/experimental/pinned_allocator.h>. oxhip's Thrust keeps its code in thrust/detail/ (docs/thrust.md);
 * every public header brings all of it. */
#ifndef OXHIP_THRUST_SYSTEM_HIP_EXPERIMENTAL_PINNED_ALLOCATOR_H
#define OXHIP_THRUST_SYSTEM_HIP_EXPERIMENTAL_PINNED_ALLOCATOR_H
#include <thrust/detail/all.h>
#endif
