/* oxhip: <thrust/iterator/tabulate_output_iterator.h>. oxhip's Thrust keeps its code in thrust/detail/ (docs/thrust.md);
 * every public header brings all of it. */
#ifndef OXHIP_THRUST_ITERATOR_TABULATE_OUTPUT_ITERATOR_H
#define OXHIP_THRUST_ITERATOR_TABULATE_OUTPUT_ITERATOR_H
#include <thrust/detail/all.h>
#endif
