// A device function defined in one unit and called from a kernel in another (nvcc -dc).
__device__ float scale(float value) { return 3.0f * value; }
