/* hip/amd_detail/amd_hip_gl_interop.h for oxhip: OpenGL interop are not part of oxhip's HIP. The file exists so
 * that a ROCm installation's copy is never mixed into an oxhip compile. */
#error "oxhip does not provide hip/amd_detail/amd_hip_gl_interop.h (OpenGL interop)"
