/* oxhip: <thrust/binary_search.h>. oxhip's Thrust keeps its code in thrust/detail/ (docs/thrust.md);
 * every public header brings all of it. */
#ifndef OXHIP_THRUST_BINARY_SEARCH_H
#define OXHIP_THRUST_BINARY_SEARCH_H
#include <thrust/detail/all.h>
#endif
