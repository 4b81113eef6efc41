/* hip/amd_detail/hip_fp16_gcc.h for oxhip: the GCC-only half type are not part of oxhip's HIP. The file exists so
 * that a ROCm installation's copy is never mixed into an oxhip compile. */
#error "oxhip does not provide hip/amd_detail/hip_fp16_gcc.h (the GCC-only half type)"
