/* oxhip: <thrust/random/linear_congruential_engine.h>; see thrust/random.h. */
#include <thrust/random.h>
