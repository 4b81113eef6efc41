/* hip/amd_detail/hip_runtime_prof.h for oxhip: ROCm's profiler hooks are not part of oxhip's HIP. The file exists so
 * that a ROCm installation's copy is never mixed into an oxhip compile. */
#error "oxhip does not provide hip/amd_detail/hip_runtime_prof.h (ROCm's profiler hooks)"
