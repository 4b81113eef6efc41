/* oxhip: hipCUB's type traits (docs/libraries.md): Traits<T> for the key types radix sorting
 * takes, with UnsignedBits (the unsigned integer of T's size), the bit twiddles that make
 * T's order the unsigned order of its bits (TwiddleIn) and back (TwiddleOut), and the
 * lowest and highest keys as bits. Integers, bool, char, float and double. (hipCUB has them
 * in util_type.hpp, which hipcub.hpp includes as this does.)
 */
#ifndef OXHIP_HIPCUB_UTIL_TRAITS_HPP
#define OXHIP_HIPCUB_UTIL_TRAITS_HPP

#include "util.hpp"

#if defined(__cplusplus) && defined(__OXHIP_OFFLOAD__)

#include <type_traits>

namespace hipcub {

enum Category { NOT_A_NUMBER, SIGNED_INTEGER, UNSIGNED_INTEGER, FLOATING_POINT };

namespace detail {

template <int Bytes>
struct unsigned_of_size;
template <>
struct unsigned_of_size<1> {
  typedef unsigned char type;
};
template <>
struct unsigned_of_size<2> {
  typedef unsigned short type;
};
template <>
struct unsigned_of_size<4> {
  typedef unsigned int type;
};
template <>
struct unsigned_of_size<8> {
  typedef unsigned long long type;
};

template <class T, Category C>
struct BaseTraits {
  static const Category CATEGORY = C;
  enum { PRIMITIVE = C != NOT_A_NUMBER, NULL_TYPE = false };
  typedef typename unsigned_of_size<sizeof(T)>::type UnsignedBits;
  static const UnsignedBits HIGH_BIT = (UnsignedBits)((UnsignedBits)1 << (sizeof(T) * 8 - 1));
  static const UnsignedBits ALL_ONES = (UnsignedBits)~(UnsignedBits)0;

  /* Unsigned: the bits as they are; signed: the sign bit flipped; floating point: negative
   * numbers inverted, positive ones with the sign bit set. */
  static __host__ __device__ __forceinline__ UnsignedBits TwiddleIn(UnsignedBits key) {
    if (C == SIGNED_INTEGER) return (UnsignedBits)(key ^ HIGH_BIT);
    if (C == FLOATING_POINT) {
      UnsignedBits mask = (key & HIGH_BIT) ? ALL_ONES : HIGH_BIT;
      return (UnsignedBits)(key ^ mask);
    }
    return key;
  }
  static __host__ __device__ __forceinline__ UnsignedBits TwiddleOut(UnsignedBits key) {
    if (C == SIGNED_INTEGER) return (UnsignedBits)(key ^ HIGH_BIT);
    if (C == FLOATING_POINT) {
      UnsignedBits mask = (key & HIGH_BIT) ? HIGH_BIT : ALL_ONES;
      return (UnsignedBits)(key ^ mask);
    }
    return key;
  }
  /* The lowest and highest keys, as T's bits (floating point: -inf and +inf as the largest
   * magnitudes of their sign with every bit set, as in CUB). */
  static __host__ __device__ __forceinline__ UnsignedBits LowestKey() {
    if (C == SIGNED_INTEGER) return HIGH_BIT;
    if (C == FLOATING_POINT) return ALL_ONES;
    return 0;
  }
  static __host__ __device__ __forceinline__ UnsignedBits MaxKey() {
    if (C == SIGNED_INTEGER || C == FLOATING_POINT) return (UnsignedBits)(ALL_ONES ^ HIGH_BIT);
    return ALL_ONES;
  }
};

template <class T, bool Integral = std::is_integral<T>::value,
          bool Floating = std::is_floating_point<T>::value>
struct category_of {
  static const Category value = NOT_A_NUMBER;
};
template <class T>
struct category_of<T, true, false> {
  static const Category value = std::is_signed<T>::value ? SIGNED_INTEGER : UNSIGNED_INTEGER;
};
template <class T>
struct category_of<T, false, true> {
  static const Category value = FLOATING_POINT;
};

}  // namespace detail

template <class T>
struct NumericTraits : detail::BaseTraits<T, detail::category_of<T>::value> {};

template <class T>
struct Traits : NumericTraits<typename std::remove_cv<T>::type> {};

}  // namespace hipcub

#endif
#endif /* OXHIP_HIPCUB_UTIL_TRAITS_HPP */
