/* oxhip devicelibs: the device side of printf on amdgcn.
 *
 * clang lowers printf in amdgcn device code to calls of __ockl_printf_begin,
 * __ockl_printf_append_args and __ockl_printf_append_string_n (the "hostcall" printf
 * kind, clang's default). These definitions accept the calls and discard the output, so
 * that kernels using printf link and run.
 * FIXME(#2): a real implementation needs a host service (hostcall buffer or buffered
 * printf with `-mprintf-kind=buffered`) in the runtime; until then device printf on AMD
 * prints nothing. nvptx needs nothing here: clang lowers printf to vprintf, which the
 * CUDA driver provides.
 */

typedef unsigned long long u64;
typedef unsigned int u32;

#define EXPORT __attribute__((visibility("hidden")))

EXPORT u64 __ockl_printf_begin(u64 version) {
  (void)version;
  return 0;
}

EXPORT u64 __ockl_printf_append_args(u64 descriptor, u32 count, u64 a0, u64 a1, u64 a2, u64 a3, u64 a4,
                                     u64 a5, u64 a6, u32 is_last) {
  (void)count, (void)a0, (void)a1, (void)a2, (void)a3, (void)a4, (void)a5, (void)a6, (void)is_last;
  return descriptor;
}

EXPORT u64 __ockl_printf_append_string_n(u64 descriptor, const char *text, u64 length, u32 is_last) {
  (void)text, (void)length, (void)is_last;
  return descriptor;
}
