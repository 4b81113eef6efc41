/* oxhip: <thrust/device_malloc_allocator.h>. oxhip's Thrust keeps its code in thrust/detail/ (docs/thrust.md);
 * every public header brings all of it. */
#ifndef OXHIP_THRUST_DEVICE_MALLOC_ALLOCATOR_H
#define OXHIP_THRUST_DEVICE_MALLOC_ALLOCATOR_H
#include <thrust/detail/all.h>
#endif
