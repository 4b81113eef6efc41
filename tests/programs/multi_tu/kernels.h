// Declarations shared by the translation units of the multi_tu program.
#pragma once
#include <hip/hip_runtime.h>

// scale.hip: y[i] = a * x[i], staged through dynamic shared memory.
void launch_scale(const float* x, float* y, float a, int n, hipStream_t stream);
// stencil.hip: 1-D three-point average with a halo in dynamic shared memory.
void launch_stencil(const float* in, float* out, int n, int block);
// histogram.hip: per-block histogram in dynamic shared memory, merged with atomics.
void launch_histogram(const unsigned* values, unsigned* bins, int n, int nbins);
