// vadd + shared-memory reduction + a bit of everything the headers offer.
#include <hip/hip_runtime.h>

__global__ void vadd(const float *a, const float *b, float *c, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) c[i] = a[i] + b[i];
}

__global__ __launch_bounds__(256) void reduce_sum(const float *input, float *output, int n) {
  __shared__ float partial[256];
  unsigned int tid = threadIdx.x;
  unsigned int i = blockIdx.x * blockDim.x * 2 + tid;
  float sum = 0.0f;
  if (i < (unsigned)n) sum += input[i];
  if (i + blockDim.x < (unsigned)n) sum += input[i + blockDim.x];
  partial[tid] = sum;
  __syncthreads();
  for (unsigned int stride = blockDim.x / 2; stride > 0; stride >>= 1) {
    if (tid < stride) partial[tid] += partial[tid + stride];
    __syncthreads();
  }
  if (tid == 0) atomicAdd(output, partial[0]);
}

__global__ void dynamic_shared(int *out) {
  HIP_DYNAMIC_SHARED(int, buffer)
  buffer[threadIdx.x] = (int)(gridDim.x * blockDim.y + warpSize);
  __syncthreads();
  int v = __shfl_down(buffer[threadIdx.x], 1);
  if (__any(v > 3)) atomicMax(out, v);
  atomicInc((unsigned *)out + 1, 10u);
  atomicCAS(out + 2, 0, __popc(v));
  dim3 b = blockDim;
  out[3] = b.x + hipThreadIdx_x;
}

__global__ void maths(float *f, double *d) {
  f[0] = sqrtf(f[0]) + expf(f[1]) + sinf(f[2]) + powf(f[3], 2.5f) + __expf(f[4]) + __fdividef(f[5], 3.0f);
  f[1] = fmaxf(f[1], 0.0f) + floorf(f[2]) + fmaf(f[0], f[1], f[2]) + rsqrtf(f[6]) + log2f(f[7]);
  d[0] = exp(d[0]) + log(d[1]) + pow(d[2], d[3]) + tan(d[4]) + sqrt(d[5]) + fabs(d[6]);
  f[2] = sin(f[0]); // C++ float overload
}

int launch(const float *a, const float *b, float *c, int n, hipStream_t stream) {
  vadd<<<dim3((n + 255) / 256), dim3(256), 0, stream>>>(a, b, c, n);
  hipLaunchKernelGGL(reduce_sum, dim3(1), dim3(256), 0, 0, a, c, n);
  return 0;
}
