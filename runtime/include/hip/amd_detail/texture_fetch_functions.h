/* hip/amd_detail/texture_fetch_functions.h for oxhip: texture reference fetches are not part of oxhip's HIP. The file exists so
 * that a ROCm installation's copy is never mixed into an oxhip compile. */
#error "oxhip does not provide hip/amd_detail/texture_fetch_functions.h (texture reference fetches)"
