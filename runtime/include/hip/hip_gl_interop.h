/* hip/hip_gl_interop.h for oxhip: OpenGL interop is not supported by oxhip yet. The file exists so that a
 * ROCm installation's copy is never mixed into an oxhip compile. */
#error "oxhip does not support OpenGL interop yet (hip/hip_gl_interop.h)"
