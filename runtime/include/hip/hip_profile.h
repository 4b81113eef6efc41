/* hip/hip_profile.h for oxhip: HIP's profiling markers, which expand to nothing (oxhip has
 * no profiler hooks; use the vendor profilers on the executable). */
#ifndef HIP_HIP_PROFILE_H
#define HIP_HIP_PROFILE_H
/* HIP's own guard as well: code tests it, and oxhipify writes it for CUDA's. */
#define HIP_INCLUDE_HIP_HIP_PROFILE_H
#define HIP_SCOPED_MARKER(markerName, group)
#define HIP_BEGIN_MARKER(markerName, group)
#define HIP_END_MARKER()
#endif
