/* hip/hiprtc.h for oxhip: run-time compilation (hiprtc) is not supported by oxhip yet. The file exists so that a
 * ROCm installation's copy is never mixed into an oxhip compile. */
#error "oxhip does not support run-time compilation (hiprtc) yet (hip/hiprtc.h)"
