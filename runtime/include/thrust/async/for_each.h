/* oxhip: <thrust/async/for_each.h>. oxhip's Thrust keeps its code in thrust/detail/ (docs/thrust.md);
 * every public header brings all of it. */
#ifndef OXHIP_THRUST_ASYNC_FOR_EACH_H
#define OXHIP_THRUST_ASYNC_FOR_EACH_H
#include <thrust/detail/all.h>
#endif
