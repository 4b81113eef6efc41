#pragma once
#define VECOPS_API extern "C" __attribute__((visibility("default")))

// Adds b to a, element by element, on the device; returns a hipError_t.
VECOPS_API int vecops_add(float *a, const float *b, int n);
// The number of the kernel launches so far (state of the library).
VECOPS_API int vecops_launches(void);
