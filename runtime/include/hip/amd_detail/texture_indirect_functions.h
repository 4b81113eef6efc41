/* hip/amd_detail/texture_indirect_functions.h for oxhip: texture object fetches are not part of oxhip's HIP. The file exists so
 * that a ROCm installation's copy is never mixed into an oxhip compile. */
#error "oxhip does not provide hip/amd_detail/texture_indirect_functions.h (texture object fetches)"
