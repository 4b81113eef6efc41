#pragma once
// Included from another header: translated as well.
__device__ inline float twice(float x) { return 2.0f * x; }
__device__ inline int bits(unsigned x) { return __popc(x); }
