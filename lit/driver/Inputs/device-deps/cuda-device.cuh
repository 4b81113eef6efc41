// Read by the device compiles of scale.cu alone (under __CUDA_ARCH__).
#define FACTOR 2.0f
__device__ inline void sync_block() { __syncthreads(); }
