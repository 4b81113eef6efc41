/* oxhip: <thrust/adjacent_difference.h>. oxhip's Thrust keeps its code in thrust/detail/ (docs/thrust.md);
 * every public header brings all of it. */
#ifndef OXHIP_THRUST_ADJACENT_DIFFERENCE_H
#define OXHIP_THRUST_ADJACENT_DIFFERENCE_H
#include <thrust/detail/all.h>
#endif
