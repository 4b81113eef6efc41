/* oxhip: <thrust/random/uniform_int_distribution.h>; see thrust/random.h. */
#include <thrust/random.h>
