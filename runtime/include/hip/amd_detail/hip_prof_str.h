/* hip/amd_detail/hip_prof_str.h for oxhip: ROCm's profiler API tables are not part of oxhip's HIP. The file exists so
 * that a ROCm installation's copy is never mixed into an oxhip compile. */
#error "oxhip does not provide hip/amd_detail/hip_prof_str.h (ROCm's profiler API tables)"
