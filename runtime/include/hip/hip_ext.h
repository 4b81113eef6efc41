/* hip/hip_ext.h for oxhip: HIP's AMD extensions. hipExtLaunchKernel and
 * hipExtMallocWithFlags are declared in hip/hip_runtime_api.h; this adds the macro form
 * of the launch, which records the two events around it. */
#ifndef HIP_HIP_EXT_H
#define HIP_HIP_EXT_H
/* HIP's own guard as well: code tests it, and oxhipify writes it for CUDA's. */
#define HIP_INCLUDE_HIP_HIP_EXT_H
#include <hip/hip_runtime.h>

/* hipExtLaunchKernelGGL(kernel, grid, block, shared bytes, stream, start event, stop
 * event, flags, arguments...): a <<<>>> launch between two event records (either event
 * may be null); flags are accepted and ignored. */
#define hipExtLaunchKernelGGL(kernel_name, num_blocks, num_threads, shared_bytes, stream, start_event,  \
                              stop_event, flags, ...)                                                  \
  do {                                                                                                 \
    hipEvent_t __oxhip_start = (start_event), __oxhip_stop = (stop_event);                             \
    (void)(flags);                                                                                     \
    if (__oxhip_start) (void)hipEventRecord(__oxhip_start, (stream));                                  \
    kernel_name<<<(num_blocks), (num_threads), (shared_bytes), (stream)>>>(__VA_ARGS__);              \
    if (__oxhip_stop) (void)hipEventRecord(__oxhip_stop, (stream));                                    \
  } while (0)

#endif /* HIP_HIP_EXT_H */
