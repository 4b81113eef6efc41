/* hip/amd_detail/ockl_image.h for oxhip: ROCm's image intrinsics are not part of oxhip's HIP. The file exists so
 * that a ROCm installation's copy is never mixed into an oxhip compile. */
#error "oxhip does not provide hip/amd_detail/ockl_image.h (ROCm's image intrinsics)"
