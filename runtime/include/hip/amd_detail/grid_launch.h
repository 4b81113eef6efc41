/* hip/amd_detail/grid_launch.h for oxhip: the HCC grid_launch interface are not part of oxhip's HIP. The file exists so
 * that a ROCm installation's copy is never mixed into an oxhip compile. */
#error "oxhip does not provide hip/amd_detail/grid_launch.h (the HCC grid_launch interface)"
