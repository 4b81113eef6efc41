/* oxhip: <thrust/random/uniform_real_distribution.h>; see thrust/random.h. */
#include <thrust/random.h>
