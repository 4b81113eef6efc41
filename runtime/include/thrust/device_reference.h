/* oxhip: <thrust/device_reference.h>. oxhip's Thrust keeps its code in thrust/detail/ (docs/thrust.md);
 * every public header brings all of it. */
#ifndef OXHIP_THRUST_DEVICE_REFERENCE_H
#define OXHIP_THRUST_DEVICE_REFERENCE_H
#include <thrust/detail/all.h>
#endif
