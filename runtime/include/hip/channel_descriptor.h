/* hip/channel_descriptor.h for oxhip: textures and surfaces are not supported by oxhip yet. The file exists so that a
 * ROCm installation's copy is never mixed into an oxhip compile. */
#error "oxhip does not support textures and surfaces yet (hip/channel_descriptor.h)"
