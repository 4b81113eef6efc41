/* oxhip: <thrust/random/normal_distribution.h>; see thrust/random.h. */
#include <thrust/random.h>
