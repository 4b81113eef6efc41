/* oxhip devicelibs: the one translation unit build.rs compiles per target family, so
 * that each family's library is a single bitcode module. */
#include "math.c"
#include "printf.c"
#include "heap.c"
#include "cxxabi.c"
