/* hip/surface_types.h for oxhip: surfaces are not supported by oxhip yet. The file exists so that a
 * ROCm installation's copy is never mixed into an oxhip compile. */
#error "oxhip does not support surfaces yet (hip/surface_types.h)"
