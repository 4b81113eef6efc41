/* oxhip: <thrust/detail/type_traits.h>, which some programs include directly; it brings
 * the whole of oxhip's Thrust and a few of Thrust's trait names. */
#ifndef OXHIP_THRUST_DETAIL_TYPE_TRAITS_H
#define OXHIP_THRUST_DETAIL_TYPE_TRAITS_H
#include <thrust/detail/all.h>
namespace thrust {
namespace detail {
using std::integral_constant;
using std::is_same;
typedef std::true_type true_type;
typedef std::false_type false_type;
template <class T>
struct is_arithmetic : std::is_arithmetic<T> {};
template <class T>
struct is_floating_point : std::is_floating_point<T> {};
template <class T>
struct is_integral : std::is_integral<T> {};
template <bool B, class T = void>
struct enable_if : std::enable_if<B, T> {};
}  // namespace detail
}  // namespace thrust
#endif
