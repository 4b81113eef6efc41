/* hip/nvidia_detail/nvidia_hip_runtime.h for oxhip: HIP's NVIDIA platform layer maps HIP onto the CUDA
 * toolkit's headers. oxhip implements HIP itself on NVIDIA GPUs (platform AMD on every
 * target, see hip/oxhip/defines.h), so this layer does not exist; the file keeps a ROCm or
 * CUDA installation's copy out of oxhip compiles. */
#error "oxhip implements HIP on NVIDIA GPUs itself: include <hip/hip_runtime.h>, and do not define __HIP_PLATFORM_NVIDIA__"
