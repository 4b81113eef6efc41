// A project header whose name starts with "cuda", of a HIP program: the scan reads it
// as the user's file, and finds the HIP runtime header in it.
#include <hip/hip_runtime.h>
