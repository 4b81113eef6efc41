/* hip/hip_bfloat16.h for oxhip: the older bfloat16 type of HIP and rocBLAS,
 * `hip_bfloat16`: a struct whose public member `data` holds the bits, explicitly
 * constructed from float (to nearest even, or truncated with `hip_bfloat16::truncate`),
 * converted implicitly to float, with arithmetic computed in float and rounded back.
 * std::isinf, std::isnan and std::iszero take it, and it prints through std::ostream.
 *
 * C sees only the struct. Newer code uses __hip_bfloat16 from hip/hip_bf16.h, whose
 * rounding functions this header shares.
 */
#ifndef HIP_HIP_BFLOAT16_H
#define HIP_HIP_BFLOAT16_H
/* HIP's own guard as well: code tests it, and oxhipify writes it for CUDA's. */
#define _HIP_BFLOAT16_H_

#if defined(__cplusplus) && defined(__clang__)

#if defined(__OXHIP_OFFLOAD__) || defined(__HIP__) || defined(__CUDA__)
#include <hip/hip_runtime.h>
#endif
#include <hip/oxhip/bf16.h>
#include <ostream>
#include <stdint.h>

/* hip/hip_bf16.h, included first, made hip_bfloat16 a name of __hip_bfloat16. */
#if !defined(__OXHIP_HIP_BFLOAT16_IS_ALIAS)

struct hip_bfloat16 {
  uint16_t data;

  enum truncate_t { truncate };

  hip_bfloat16() = default;
  __OXHIP_HM explicit hip_bfloat16(float value)
      : data(__oxhip_bf_from_float(value, __OXHIP_H_RN)) {}
  __OXHIP_HM explicit hip_bfloat16(float value, truncate_t)
      : data(__oxhip_bf_from_float(value, __OXHIP_H_RZ)) {}
  __OXHIP_HM operator float() const {
    return __builtin_bit_cast(float, (uint32_t)data << 16);
  }
  __OXHIP_HM hip_bfloat16 &operator=(const float &value) {
    data = __oxhip_bf_from_float(value, __OXHIP_H_RN);
    return *this;
  }
  static __OXHIP_HM hip_bfloat16 round_to_bfloat16(float value) { return hip_bfloat16(value); }
  static __OXHIP_HM hip_bfloat16 round_to_bfloat16(float value, truncate_t) {
    return hip_bfloat16(value, truncate);
  }
};

static_assert(sizeof(hip_bfloat16) == 2 && __is_trivial(hip_bfloat16) &&
                  __is_standard_layout(hip_bfloat16),
              "hip_bfloat16 has the layout of its C definition");

__OXHIP_HD__ hip_bfloat16 operator+(hip_bfloat16 value) { return value; }
__OXHIP_HD__ hip_bfloat16 operator-(hip_bfloat16 value) {
  value.data ^= 0x8000u;
  return value;
}
__OXHIP_HD__ hip_bfloat16 operator+(hip_bfloat16 a, hip_bfloat16 b) {
  return hip_bfloat16(float(a) + float(b));
}
__OXHIP_HD__ hip_bfloat16 operator-(hip_bfloat16 a, hip_bfloat16 b) {
  return hip_bfloat16(float(a) - float(b));
}
__OXHIP_HD__ hip_bfloat16 operator*(hip_bfloat16 a, hip_bfloat16 b) {
  return hip_bfloat16(float(a) * float(b));
}
__OXHIP_HD__ hip_bfloat16 operator/(hip_bfloat16 a, hip_bfloat16 b) {
  return hip_bfloat16(float(a) / float(b));
}
__OXHIP_HD__ bool operator==(hip_bfloat16 a, hip_bfloat16 b) { return float(a) == float(b); }
__OXHIP_HD__ bool operator!=(hip_bfloat16 a, hip_bfloat16 b) { return !(float(a) == float(b)); }
__OXHIP_HD__ bool operator<(hip_bfloat16 a, hip_bfloat16 b) { return float(a) < float(b); }
__OXHIP_HD__ bool operator>(hip_bfloat16 a, hip_bfloat16 b) { return float(a) > float(b); }
/* As HIP defines them: the negations of > and <, so true when either is NaN. */
__OXHIP_HD__ bool operator<=(hip_bfloat16 a, hip_bfloat16 b) { return !(float(a) > float(b)); }
__OXHIP_HD__ bool operator>=(hip_bfloat16 a, hip_bfloat16 b) { return !(float(a) < float(b)); }
__OXHIP_HD__ hip_bfloat16 &operator+=(hip_bfloat16 &a, hip_bfloat16 b) { return a = a + b; }
__OXHIP_HD__ hip_bfloat16 &operator-=(hip_bfloat16 &a, hip_bfloat16 b) { return a = a - b; }
__OXHIP_HD__ hip_bfloat16 &operator*=(hip_bfloat16 &a, hip_bfloat16 b) { return a = a * b; }
__OXHIP_HD__ hip_bfloat16 &operator/=(hip_bfloat16 &a, hip_bfloat16 b) { return a = a / b; }
__OXHIP_HD__ hip_bfloat16 &operator++(hip_bfloat16 &a) { return a = a + hip_bfloat16(1.0f); }
__OXHIP_HD__ hip_bfloat16 &operator--(hip_bfloat16 &a) { return a = a - hip_bfloat16(1.0f); }
__OXHIP_HD__ hip_bfloat16 operator++(hip_bfloat16 &a, int) {
  hip_bfloat16 old = a;
  ++a;
  return old;
}
__OXHIP_HD__ hip_bfloat16 operator--(hip_bfloat16 &a, int) {
  hip_bfloat16 old = a;
  --a;
  return old;
}

inline std::ostream &operator<<(std::ostream &stream, const hip_bfloat16 &value) {
  return stream << float(value);
}

namespace std {
__OXHIP_HM constexpr bool isinf(hip_bfloat16 value) { return (value.data & 0x7fffu) == 0x7f80u; }
__OXHIP_HM constexpr bool isnan(hip_bfloat16 value) { return (value.data & 0x7fffu) > 0x7f80u; }
__OXHIP_HM constexpr bool iszero(hip_bfloat16 value) { return (value.data & 0x7fffu) == 0; }
} // namespace std

#endif /* !__OXHIP_HIP_BFLOAT16_IS_ALIAS */

#else /* C, or a compiler other than clang */

#include <stdint.h>
typedef struct {
  uint16_t data;
} hip_bfloat16;

#endif

#endif /* HIP_HIP_BFLOAT16_H */
