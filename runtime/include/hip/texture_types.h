/* hip/texture_types.h for oxhip: textures are not supported by oxhip yet. The file exists so that a
 * ROCm installation's copy is never mixed into an oxhip compile. */
#error "oxhip does not support textures yet (hip/texture_types.h)"
