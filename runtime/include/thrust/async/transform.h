/* oxhip: <thrust/async/transform.h>. oxhip's Thrust keeps its code in thrust/detail/ (docs/thrust.md);
 * every public header brings all of it. */
#ifndef OXHIP_THRUST_ASYNC_TRANSFORM_H
#define OXHIP_THRUST_ASYNC_TRANSFORM_H
#include <thrust/detail/all.h>
#endif
