/* oxhip: Thrust's algorithms, each with and without an execution policy. With one, the
 * policy says where it runs; without, the iterators' systems do (detail/execution.h). The
 * implementations are detail::algo's host (algorithms_host.h) and device
 * (algorithms_device.h) overloads. */
#ifndef OXHIP_THRUST_DETAIL_ALGORITHMS_H
#define OXHIP_THRUST_DETAIL_ALGORITHMS_H

#include <thrust/detail/algorithms_device.h>
#include <thrust/detail/copy.h>

#define OXHIP_UNPAREN(...) __VA_ARGS__

/* Declares `name` with a policy first and without one. RET, TPARAMS, PARAMS, ARGS and ITS are
 * parenthesised lists (ARGS: the parameters' names); FIRST is the type of the first parameter
 * without a policy; BODY is the implementation, using `exec`.
 *
 * Dispatch is Thrust's: the public form with a policy takes any policy as
 * `const execution_policy_base<P>&` and calls `name(P&, args...)` unqualified, so an overload
 * that a program writes for its own policy or tag (`for_each(my_system, first, last, f)`,
 * found by argument-dependent lookup) is a better match than oxhip's own,
 * `detail::dispatch::name(execution_policy<P>&, ...)`, which runs BODY. The form without a
 * policy calls the form with one, with the policy of the iterators' system. */
#define OXHIP_THRUST_ALGORITHM(RET, name, FIRST, TPARAMS, PARAMS, ARGS, ITS, BODY)                 \
  namespace detail {                                                                               \
  namespace dispatch {                                                                             \
  template <class Derived, OXHIP_UNPAREN TPARAMS>                                                  \
  OXHIP_THRUST_HD OXHIP_UNPAREN RET name(thrust::execution_policy<Derived>& policy,                \
                                         OXHIP_UNPAREN PARAMS) {                                   \
    auto exec = detail::exec_of(detail::derived_cast(policy));                                     \
    BODY;                                                                                          \
  }                                                                                                \
  }                                                                                                \
  }                                                                                                \
  template <class Derived, OXHIP_UNPAREN TPARAMS>                                                  \
  OXHIP_THRUST_HD OXHIP_UNPAREN RET name(const detail::execution_policy_base<Derived>& policy,     \
                                         OXHIP_UNPAREN PARAMS) {                                   \
    using detail::dispatch::name;                                                                  \
    return name(detail::derived_cast(policy), OXHIP_UNPAREN ARGS);                                 \
  }                                                                                                \
  template <OXHIP_UNPAREN TPARAMS>                                                                 \
  detail::enable_if_not_policy<FIRST, OXHIP_UNPAREN RET> name(OXHIP_UNPAREN PARAMS) {              \
    typedef typename detail::policy_of_system<                                                     \
        typename detail::system_of_all<OXHIP_UNPAREN ITS>::type>::type system_policy;              \
    return thrust::name(system_policy(), OXHIP_UNPAREN ARGS);                                      \
  }

namespace thrust {

namespace detail {
template <class It>
using value_t = typename std::iterator_traits<It>::value_type;
template <class It>
using diff_t = typename std::iterator_traits<It>::difference_type;
}  // namespace detail

/* ---- for_each, transform --------------------------------------------------------------------- */

OXHIP_THRUST_ALGORITHM((It), for_each, It, (class It, class F), (It first, It last, F f),
                       (first, last, f), (It),
                       return detail::algo::for_each(exec, first, last, f))
OXHIP_THRUST_ALGORITHM((It), for_each_n, It, (class It, class Size, class F),
                       (It first, Size n, F f), (first, n, f), (It),
                       return detail::algo::for_each_n(exec, first, n, f))
OXHIP_THRUST_ALGORITHM((Out), transform, It, (class It, class Out, class F),
                       (It first, It last, Out out, F f), (first, last, out, f), (It, Out),
                       return detail::algo::transform(exec, first, last, out, f))
OXHIP_THRUST_ALGORITHM((Out), transform, It1, (class It1, class It2, class Out, class F),
                       (It1 first1, It1 last1, It2 first2, Out out, F f),
                       (first1, last1, first2, out, f), (It1, It2, Out),
                       return detail::algo::transform(exec, first1, last1, first2, out, f))
OXHIP_THRUST_ALGORITHM((Out), transform_if, It, (class It, class Out, class F, class P),
                       (It first, It last, Out out, F f, P pred),
                       (first, last, out, f, pred), (It, Out),
                       return detail::algo::transform_if_stencil(exec, first, last, first, out, f,
                                                                 pred))
OXHIP_THRUST_ALGORITHM((Out), transform_if, It, (class It, class St, class Out, class F, class P),
                       (It first, It last, St stencil, Out out, F f, P pred),
                       (first, last, stencil, out, f, pred), (It, St, Out),
                       return detail::algo::transform_if_stencil(exec, first, last, stencil, out,
                                                                 f, pred))
OXHIP_THRUST_ALGORITHM((Out), transform_if, It1,
                       (class It1, class It2, class St, class Out, class F, class P),
                       (It1 first1, It1 last1, It2 first2, St stencil, Out out, F f, P pred),
                       (first1, last1, first2, stencil, out, f, pred),
                       (It1, It2, St, Out),
                       return detail::algo::transform_if2(exec, first1, last1, first2, stencil,
                                                          out, f, pred))

/* ---- fill, sequence, tabulate, generate --------------------------------------------------------- */

OXHIP_THRUST_ALGORITHM((void), fill, It, (class It, class T), (It first, It last, const T& value),
                       (first, last, value),
                       (It), detail::algo::fill(exec, first, last, value))
OXHIP_THRUST_ALGORITHM((It), fill_n, It, (class It, class Size, class T),
                       (It first, Size n, const T& value), (first, n, value), (It),
                       detail::algo::fill(exec, first, first + n, value);
                       return first + n)
OXHIP_THRUST_ALGORITHM((void), uninitialized_fill, It, (class It, class T),
                       (It first, It last, const T& value), (first, last, value), (It),
                       detail::algo::fill(exec, first, last, value))
OXHIP_THRUST_ALGORITHM((void), sequence, It, (class It), (It first, It last), (first, last), (It),
                       detail::algo::sequence(exec, first, last, detail::value_t<It>(0),
                                              detail::value_t<It>(1)))
OXHIP_THRUST_ALGORITHM((void), sequence, It, (class It, class T), (It first, It last, T init),
                       (first, last, init),
                       (It),
                       detail::algo::sequence(exec, first, last, detail::value_t<It>(init),
                                              detail::value_t<It>(1)))
OXHIP_THRUST_ALGORITHM((void), sequence, It, (class It, class T),
                       (It first, It last, T init, T step), (first, last, init, step), (It),
                       detail::algo::sequence(exec, first, last, detail::value_t<It>(init),
                                              detail::value_t<It>(step)))
OXHIP_THRUST_ALGORITHM((void), tabulate, It, (class It, class F), (It first, It last, F f),
                       (first, last, f), (It),
                       detail::algo::tabulate(exec, first, last, f))
OXHIP_THRUST_ALGORITHM((void), generate, It, (class It, class G), (It first, It last, G gen),
                       (first, last, gen),
                       (It), detail::algo::generate(exec, first, last, gen))

/* ---- copying, removing, replacing ------------------------------------------------------------- */

OXHIP_THRUST_ALGORITHM((Out), copy_if, It, (class It, class Out, class P),
                       (It first, It last, Out out, P pred), (first, last, out, pred), (It, Out),
                       return detail::algo::copy_if_stencil(exec, first, last, first, out, pred))
OXHIP_THRUST_ALGORITHM((Out), copy_if, It, (class It, class St, class Out, class P),
                       (It first, It last, St stencil, Out out, P pred),
                       (first, last, stencil, out, pred), (It, St, Out),
                       return detail::algo::copy_if_stencil(exec, first, last, stencil, out, pred))
OXHIP_THRUST_ALGORITHM((Out), remove_copy_if, It, (class It, class Out, class P),
                       (It first, It last, Out out, P pred), (first, last, out, pred), (It, Out),
                       return detail::algo::copy_if_stencil(exec, first, last, first, out,
                                                            detail::algo::negated<P>{pred}))
OXHIP_THRUST_ALGORITHM((Out), remove_copy_if, It, (class It, class St, class Out, class P),
                       (It first, It last, St stencil, Out out, P pred),
                       (first, last, stencil, out, pred), (It, St, Out),
                       return detail::algo::copy_if_stencil(exec, first, last, stencil, out,
                                                            detail::algo::negated<P>{pred}))
OXHIP_THRUST_ALGORITHM((Out), remove_copy, It, (class It, class Out, class T),
                       (It first, It last, Out out, const T& value),
                       (first, last, out, value), (It, Out),
                       return detail::algo::copy_if_stencil(
                           exec, first, last, first, out,
                           detail::algo::negated<detail::algo::equal_to_value<T>>{{value}}))
OXHIP_THRUST_ALGORITHM((It), remove_if, It, (class It, class P), (It first, It last, P pred),
                       (first, last, pred), (It),
                       return detail::algo::remove_if(exec, first, last, pred))
OXHIP_THRUST_ALGORITHM((It), remove_if, It, (class It, class St, class P),
                       (It first, It last, St stencil, P pred),
                       (first, last, stencil, pred), (It, St),
                       return detail::algo::remove_if_stencil(exec, first, last, stencil, pred))
OXHIP_THRUST_ALGORITHM((It), remove, It, (class It, class T), (It first, It last, const T& value),
                       (first, last, value),
                       (It),
                       return detail::algo::remove_if(exec, first, last,
                                                      detail::algo::equal_to_value<T>{value}))
OXHIP_THRUST_ALGORITHM((void), replace_if, It, (class It, class P, class T),
                       (It first, It last, P pred, const T& value),
                       (first, last, pred, value), (It),
                       detail::algo::replace_if_stencil(exec, first, last, first, pred, value))
OXHIP_THRUST_ALGORITHM((void), replace_if, It, (class It, class St, class P, class T),
                       (It first, It last, St stencil, P pred, const T& value),
                       (first, last, stencil, pred, value), (It, St),
                       detail::algo::replace_if_stencil(exec, first, last, stencil, pred, value))
OXHIP_THRUST_ALGORITHM((void), replace, It, (class It, class T),
                       (It first, It last, const T& old_value, const T& new_value),
                       (first, last, old_value, new_value), (It),
                       detail::algo::replace_if_stencil(exec, first, last, first,
                                                        detail::algo::equal_to_value<T>{old_value},
                                                        new_value))
OXHIP_THRUST_ALGORITHM((Out), replace_copy_if, It, (class It, class Out, class P, class T),
                       (It first, It last, Out out, P pred, const T& value),
                       (first, last, out, pred, value), (It, Out),
                       return detail::algo::replace_copy_if(exec, first, last, out, pred, value))
OXHIP_THRUST_ALGORITHM((Out), replace_copy, It, (class It, class Out, class T),
                       (It first, It last, Out out, const T& old_value, const T& new_value),
                       (first, last, out, old_value, new_value),
                       (It, Out),
                       return detail::algo::replace_copy_if(
                           exec, first, last, out, detail::algo::equal_to_value<T>{old_value},
                           new_value))

/* ---- reductions ---------------------------------------------------------------------------------- */

OXHIP_THRUST_ALGORITHM((detail::value_t<It>), reduce, It, (class It), (It first, It last),
                       (first, last), (It),
                       return detail::algo::reduce(exec, first, last, detail::value_t<It>(),
                                                   thrust::plus<detail::value_t<It>>()))
OXHIP_THRUST_ALGORITHM((T), reduce, It, (class It, class T), (It first, It last, T init),
                       (first, last, init), (It),
                       return detail::algo::reduce(exec, first, last, init, thrust::plus<T>()))
OXHIP_THRUST_ALGORITHM((T), reduce, It, (class It, class T, class Op),
                       (It first, It last, T init, Op op), (first, last, init, op), (It),
                       return detail::algo::reduce(exec, first, last, init, op))
OXHIP_THRUST_ALGORITHM((T), transform_reduce, It, (class It, class F, class T, class Op),
                       (It first, It last, F f, T init, Op op), (first, last, f, init, op), (It),
                       return detail::algo::transform_reduce(exec, first, last, f, init, op))
OXHIP_THRUST_ALGORITHM((T), inner_product, It1, (class It1, class It2, class T),
                       (It1 first1, It1 last1, It2 first2, T init),
                       (first1, last1, first2, init), (It1, It2),
                       return detail::algo::inner_product(exec, first1, last1, first2, init,
                                                          thrust::plus<T>(),
                                                          thrust::multiplies<T>()))
OXHIP_THRUST_ALGORITHM((T), inner_product, It1,
                       (class It1, class It2, class T, class Op1, class Op2),
                       (It1 first1, It1 last1, It2 first2, T init, Op1 op1, Op2 op2),
                       (first1, last1, first2, init, op1, op2), (It1, It2),
                       return detail::algo::inner_product(exec, first1, last1, first2, init, op1,
                                                          op2))
OXHIP_THRUST_ALGORITHM((detail::diff_t<It>), count_if, It, (class It, class P),
                       (It first, It last, P pred), (first, last, pred), (It),
                       return detail::algo::count_if(exec, first, last, pred))
OXHIP_THRUST_ALGORITHM((detail::diff_t<It>), count, It, (class It, class T),
                       (It first, It last, const T& value), (first, last, value), (It),
                       return detail::algo::count_if(exec, first, last,
                                                     detail::algo::equal_to_value<T>{value}))
OXHIP_THRUST_ALGORITHM((It), min_element, It, (class It), (It first, It last), (first, last), (It),
                       return detail::algo::min_element(exec, first, last, thrust::less<>()))
OXHIP_THRUST_ALGORITHM((It), min_element, It, (class It, class C), (It first, It last, C comp),
                       (first, last, comp),
                       (It), return detail::algo::min_element(exec, first, last, comp))
OXHIP_THRUST_ALGORITHM((It), max_element, It, (class It), (It first, It last), (first, last), (It),
                       return detail::algo::max_element(exec, first, last, thrust::less<>()))
OXHIP_THRUST_ALGORITHM((It), max_element, It, (class It, class C), (It first, It last, C comp),
                       (first, last, comp),
                       (It), return detail::algo::max_element(exec, first, last, comp))
OXHIP_THRUST_ALGORITHM((pair<It, It>), minmax_element, It, (class It), (It first, It last),
                       (first, last), (It),
                       return detail::algo::minmax_element(exec, first, last, thrust::less<>()))
OXHIP_THRUST_ALGORITHM((pair<It, It>), minmax_element, It, (class It, class C),
                       (It first, It last, C comp), (first, last, comp), (It),
                       return detail::algo::minmax_element(exec, first, last, comp))
OXHIP_THRUST_ALGORITHM((bool), equal, It1, (class It1, class It2),
                       (It1 first1, It1 last1, It2 first2), (first1, last1, first2), (It1, It2),
                       return detail::algo::equal(exec, first1, last1, first2,
                                                  thrust::equal_to<>()))
OXHIP_THRUST_ALGORITHM((bool), equal, It1, (class It1, class It2, class P),
                       (It1 first1, It1 last1, It2 first2, P pred),
                       (first1, last1, first2, pred), (It1, It2),
                       return detail::algo::equal(exec, first1, last1, first2, pred))
OXHIP_THRUST_ALGORITHM((It), find_if, It, (class It, class P), (It first, It last, P pred),
                       (first, last, pred), (It),
                       return detail::algo::find_if(exec, first, last, pred))
OXHIP_THRUST_ALGORITHM((It), find_if_not, It, (class It, class P), (It first, It last, P pred),
                       (first, last, pred),
                       (It),
                       return detail::algo::find_if(exec, first, last,
                                                    detail::algo::negated<P>{pred}))
OXHIP_THRUST_ALGORITHM((It), find, It, (class It, class T), (It first, It last, const T& value),
                       (first, last, value),
                       (It),
                       return detail::algo::find_if(exec, first, last,
                                                    detail::algo::equal_to_value<T>{value}))
OXHIP_THRUST_ALGORITHM((bool), any_of, It, (class It, class P), (It first, It last, P pred),
                       (first, last, pred), (It),
                       return !(detail::algo::find_if(exec, first, last, pred) == last))
OXHIP_THRUST_ALGORITHM((bool), none_of, It, (class It, class P), (It first, It last, P pred),
                       (first, last, pred),
                       (It), return detail::algo::find_if(exec, first, last, pred) == last)
OXHIP_THRUST_ALGORITHM((bool), all_of, It, (class It, class P), (It first, It last, P pred),
                       (first, last, pred), (It),
                       return detail::algo::find_if(exec, first, last,
                                                    detail::algo::negated<P>{pred}) == last)
OXHIP_THRUST_ALGORITHM((It), is_sorted_until, It, (class It), (It first, It last),
                       (first, last), (It),
                       return detail::algo::is_sorted_until(exec, first, last, thrust::less<>()))
OXHIP_THRUST_ALGORITHM((It), is_sorted_until, It, (class It, class C),
                       (It first, It last, C comp), (first, last, comp), (It),
                       return detail::algo::is_sorted_until(exec, first, last, comp))
OXHIP_THRUST_ALGORITHM((bool), is_sorted, It, (class It), (It first, It last), (first, last), (It),
                       return detail::algo::is_sorted_until(exec, first, last,
                                                            thrust::less<>()) == last)
OXHIP_THRUST_ALGORITHM((bool), is_sorted, It, (class It, class C), (It first, It last, C comp),
                       (first, last, comp),
                       (It), return detail::algo::is_sorted_until(exec, first, last, comp) == last)

/* ---- scans ----------------------------------------------------------------------------------------- */

OXHIP_THRUST_ALGORITHM((Out), inclusive_scan, It, (class It, class Out),
                       (It first, It last, Out out), (first, last, out), (It, Out),
                       typedef detail::value_t<It> T;
                       return detail::algo::scan(exec, first, last, out, false, T(), false,
                                                 thrust::plus<T>()))
OXHIP_THRUST_ALGORITHM((Out), inclusive_scan, It, (class It, class Out, class Op),
                       (It first, It last, Out out, Op op), (first, last, out, op), (It, Out),
                       typedef detail::value_t<It> T;
                       return detail::algo::scan(exec, first, last, out, false, T(), false, op))
OXHIP_THRUST_ALGORITHM((Out), inclusive_scan, It, (class It, class Out, class T, class Op),
                       (It first, It last, Out out, T init, Op op),
                       (first, last, out, init, op), (It, Out),
                       return detail::algo::scan(exec, first, last, out, true, init, false, op))
OXHIP_THRUST_ALGORITHM((Out), exclusive_scan, It, (class It, class Out),
                       (It first, It last, Out out), (first, last, out), (It, Out),
                       typedef detail::value_t<It> T;
                       return detail::algo::scan(exec, first, last, out, true, T(), true,
                                                 thrust::plus<T>()))
OXHIP_THRUST_ALGORITHM((Out), exclusive_scan, It, (class It, class Out, class T),
                       (It first, It last, Out out, T init), (first, last, out, init), (It, Out),
                       return detail::algo::scan(exec, first, last, out, true, init, true,
                                                 thrust::plus<T>()))
OXHIP_THRUST_ALGORITHM((Out), exclusive_scan, It, (class It, class Out, class T, class Op),
                       (It first, It last, Out out, T init, Op op),
                       (first, last, out, init, op), (It, Out),
                       return detail::algo::scan(exec, first, last, out, true, init, true, op))
OXHIP_THRUST_ALGORITHM((Out), inclusive_scan_by_key, KIt, (class KIt, class VIt, class Out),
                       (KIt keys, KIt keys_last, VIt values, Out out),
                       (keys, keys_last, values, out), (KIt, VIt, Out),
                       typedef detail::value_t<VIt> T;
                       return detail::algo::scan_by_key(exec, keys, keys_last, values, out, false,
                                                        T(), thrust::equal_to<>(),
                                                        thrust::plus<T>()))
OXHIP_THRUST_ALGORITHM((Out), inclusive_scan_by_key, KIt,
                       (class KIt, class VIt, class Out, class P),
                       (KIt keys, KIt keys_last, VIt values, Out out, P pred),
                       (keys, keys_last, values, out, pred), (KIt, VIt, Out),
                       typedef detail::value_t<VIt> T;
                       return detail::algo::scan_by_key(exec, keys, keys_last, values, out, false,
                                                        T(), pred, thrust::plus<T>()))
OXHIP_THRUST_ALGORITHM((Out), inclusive_scan_by_key, KIt,
                       (class KIt, class VIt, class Out, class P, class Op),
                       (KIt keys, KIt keys_last, VIt values, Out out, P pred, Op op),
                       (keys, keys_last, values, out, pred, op),
                       (KIt, VIt, Out),
                       typedef detail::value_t<VIt> T;
                       return detail::algo::scan_by_key(exec, keys, keys_last, values, out, false,
                                                        T(), pred, op))
OXHIP_THRUST_ALGORITHM((Out), exclusive_scan_by_key, KIt, (class KIt, class VIt, class Out),
                       (KIt keys, KIt keys_last, VIt values, Out out),
                       (keys, keys_last, values, out), (KIt, VIt, Out),
                       typedef detail::value_t<VIt> T;
                       return detail::algo::scan_by_key(exec, keys, keys_last, values, out, true,
                                                        T(), thrust::equal_to<>(),
                                                        thrust::plus<T>()))
OXHIP_THRUST_ALGORITHM((Out), exclusive_scan_by_key, KIt,
                       (class KIt, class VIt, class Out, class T),
                       (KIt keys, KIt keys_last, VIt values, Out out, T init),
                       (keys, keys_last, values, out, init), (KIt, VIt, Out),
                       return detail::algo::scan_by_key(exec, keys, keys_last, values, out, true,
                                                        init, thrust::equal_to<>(),
                                                        thrust::plus<T>()))
OXHIP_THRUST_ALGORITHM((Out), exclusive_scan_by_key, KIt,
                       (class KIt, class VIt, class Out, class T, class P),
                       (KIt keys, KIt keys_last, VIt values, Out out, T init, P pred),
                       (keys, keys_last, values, out, init, pred),
                       (KIt, VIt, Out),
                       return detail::algo::scan_by_key(exec, keys, keys_last, values, out, true,
                                                        init, pred, thrust::plus<T>()))
OXHIP_THRUST_ALGORITHM((Out), exclusive_scan_by_key, KIt,
                       (class KIt, class VIt, class Out, class T, class P, class Op),
                       (KIt keys, KIt keys_last, VIt values, Out out, T init, P pred, Op op),
                       (keys, keys_last, values, out, init, pred, op),
                       (KIt, VIt, Out),
                       return detail::algo::scan_by_key(exec, keys, keys_last, values, out, true,
                                                        init, pred, op))
OXHIP_THRUST_ALGORITHM((Out), adjacent_difference, It, (class It, class Out),
                       (It first, It last, Out out), (first, last, out), (It, Out),
                       return detail::algo::adjacent_difference(exec, first, last, out,
                                                                thrust::minus<>()))
OXHIP_THRUST_ALGORITHM((Out), adjacent_difference, It, (class It, class Out, class Op),
                       (It first, It last, Out out, Op op), (first, last, out, op), (It, Out),
                       return detail::algo::adjacent_difference(exec, first, last, out, op))

/* ---- sorting ------------------------------------------------------------------------------------- */

OXHIP_THRUST_ALGORITHM((void), sort, It, (class It), (It first, It last), (first, last), (It),
                       detail::algo::sort(exec, first, last, (char*)nullptr, false,
                                          thrust::less<>()))
OXHIP_THRUST_ALGORITHM((void), sort, It, (class It, class C), (It first, It last, C comp),
                       (first, last, comp), (It),
                       detail::algo::sort(exec, first, last, (char*)nullptr, false, comp))
OXHIP_THRUST_ALGORITHM((void), stable_sort, It, (class It), (It first, It last),
                       (first, last), (It),
                       detail::algo::sort(exec, first, last, (char*)nullptr, false,
                                          thrust::less<>()))
OXHIP_THRUST_ALGORITHM((void), stable_sort, It, (class It, class C), (It first, It last, C comp),
                       (first, last, comp),
                       (It), detail::algo::sort(exec, first, last, (char*)nullptr, false, comp))
OXHIP_THRUST_ALGORITHM((void), sort_by_key, KIt, (class KIt, class VIt),
                       (KIt keys, KIt keys_last, VIt values), (keys, keys_last, values), (KIt, VIt),
                       detail::algo::sort(exec, keys, keys_last, values, true, thrust::less<>()))
OXHIP_THRUST_ALGORITHM((void), sort_by_key, KIt, (class KIt, class VIt, class C),
                       (KIt keys, KIt keys_last, VIt values, C comp),
                       (keys, keys_last, values, comp), (KIt, VIt),
                       detail::algo::sort(exec, keys, keys_last, values, true, comp))
OXHIP_THRUST_ALGORITHM((void), stable_sort_by_key, KIt, (class KIt, class VIt),
                       (KIt keys, KIt keys_last, VIt values), (keys, keys_last, values), (KIt, VIt),
                       detail::algo::sort(exec, keys, keys_last, values, true, thrust::less<>()))
OXHIP_THRUST_ALGORITHM((void), stable_sort_by_key, KIt, (class KIt, class VIt, class C),
                       (KIt keys, KIt keys_last, VIt values, C comp),
                       (keys, keys_last, values, comp), (KIt, VIt),
                       detail::algo::sort(exec, keys, keys_last, values, true, comp))

/* ---- unique, reduce_by_key ---------------------------------------------------------------------- */

OXHIP_THRUST_ALGORITHM((It), unique, It, (class It), (It first, It last), (first, last), (It),
                       return detail::algo::unique(exec, first, last, thrust::equal_to<>()))
OXHIP_THRUST_ALGORITHM((It), unique, It, (class It, class P), (It first, It last, P pred),
                       (first, last, pred), (It),
                       return detail::algo::unique(exec, first, last, pred))
OXHIP_THRUST_ALGORITHM((Out), unique_copy, It, (class It, class Out),
                       (It first, It last, Out out), (first, last, out), (It, Out),
                       return detail::algo::unique_copy(exec, first, last, out,
                                                        thrust::equal_to<>()))
OXHIP_THRUST_ALGORITHM((Out), unique_copy, It, (class It, class Out, class P),
                       (It first, It last, Out out, P pred), (first, last, out, pred), (It, Out),
                       return detail::algo::unique_copy(exec, first, last, out, pred))
OXHIP_THRUST_ALGORITHM((pair<KIt, VIt>), unique_by_key, KIt, (class KIt, class VIt),
                       (KIt keys, KIt keys_last, VIt values), (keys, keys_last, values), (KIt, VIt),
                       return detail::algo::unique_by_key(exec, keys, keys_last, values,
                                                          thrust::equal_to<>()))
OXHIP_THRUST_ALGORITHM((pair<KIt, VIt>), unique_by_key, KIt, (class KIt, class VIt, class P),
                       (KIt keys, KIt keys_last, VIt values, P pred),
                       (keys, keys_last, values, pred), (KIt, VIt),
                       return detail::algo::unique_by_key(exec, keys, keys_last, values, pred))
OXHIP_THRUST_ALGORITHM((pair<KOut, VOut>), unique_by_key_copy, KIt,
                       (class KIt, class VIt, class KOut, class VOut),
                       (KIt keys, KIt keys_last, VIt values, KOut keys_out, VOut values_out),
                       (keys, keys_last, values, keys_out, values_out),
                       (KIt, VIt, KOut, VOut),
                       return detail::algo::unique_by_key_copy(exec, keys, keys_last, values,
                                                               keys_out, values_out,
                                                               thrust::equal_to<>()))
OXHIP_THRUST_ALGORITHM((pair<KOut, VOut>), unique_by_key_copy, KIt,
                       (class KIt, class VIt, class KOut, class VOut, class P),
                       (KIt keys, KIt keys_last, VIt values, KOut keys_out, VOut values_out,
                        P pred), (keys, keys_last, values, keys_out, values_out, pred),
                       (KIt, VIt, KOut, VOut),
                       return detail::algo::unique_by_key_copy(exec, keys, keys_last, values,
                                                               keys_out, values_out, pred))
OXHIP_THRUST_ALGORITHM((pair<KOut, VOut>), reduce_by_key, KIt,
                       (class KIt, class VIt, class KOut, class VOut),
                       (KIt keys, KIt keys_last, VIt values, KOut keys_out, VOut values_out),
                       (keys, keys_last, values, keys_out, values_out),
                       (KIt, VIt, KOut, VOut),
                       return detail::algo::reduce_by_key(exec, keys, keys_last, values, keys_out,
                                                          values_out, thrust::equal_to<>(),
                                                          thrust::plus<>()))
OXHIP_THRUST_ALGORITHM((pair<KOut, VOut>), reduce_by_key, KIt,
                       (class KIt, class VIt, class KOut, class VOut, class P),
                       (KIt keys, KIt keys_last, VIt values, KOut keys_out, VOut values_out,
                        P pred), (keys, keys_last, values, keys_out, values_out, pred),
                       (KIt, VIt, KOut, VOut),
                       return detail::algo::reduce_by_key(exec, keys, keys_last, values, keys_out,
                                                          values_out, pred, thrust::plus<>()))
OXHIP_THRUST_ALGORITHM((pair<KOut, VOut>), reduce_by_key, KIt,
                       (class KIt, class VIt, class KOut, class VOut, class P, class Op),
                       (KIt keys, KIt keys_last, VIt values, KOut keys_out, VOut values_out,
                        P pred, Op op), (keys, keys_last, values, keys_out, values_out, pred, op),
                       (KIt, VIt, KOut, VOut),
                       return detail::algo::reduce_by_key(exec, keys, keys_last, values, keys_out,
                                                          values_out, pred, op))

/* ---- gather, scatter ------------------------------------------------------------------------------ */

OXHIP_THRUST_ALGORITHM((Out), gather, MIt, (class MIt, class In, class Out),
                       (MIt map, MIt map_last, In in, Out out),
                       (map, map_last, in, out), (MIt, In, Out),
                       return detail::algo::gather(exec, map, map_last, in, out))
OXHIP_THRUST_ALGORITHM((Out), gather_if, MIt, (class MIt, class St, class In, class Out),
                       (MIt map, MIt map_last, St stencil, In in, Out out),
                       (map, map_last, stencil, in, out), (MIt, St, In, Out),
                       return detail::algo::gather_if(exec, map, map_last, stencil, in, out,
                                                      thrust::identity<>()))
OXHIP_THRUST_ALGORITHM((Out), gather_if, MIt,
                       (class MIt, class St, class In, class Out, class P),
                       (MIt map, MIt map_last, St stencil, In in, Out out, P pred),
                       (map, map_last, stencil, in, out, pred),
                       (MIt, St, In, Out),
                       return detail::algo::gather_if(exec, map, map_last, stencil, in, out, pred))
OXHIP_THRUST_ALGORITHM((void), scatter, In, (class In, class MIt, class Out),
                       (In first, In last, MIt map, Out out),
                       (first, last, map, out), (In, MIt, Out),
                       detail::algo::scatter(exec, first, last, map, out))
OXHIP_THRUST_ALGORITHM((void), scatter_if, In, (class In, class MIt, class St, class Out),
                       (In first, In last, MIt map, St stencil, Out out),
                       (first, last, map, stencil, out), (In, MIt, St, Out),
                       detail::algo::scatter_if(exec, first, last, map, stencil, out,
                                                thrust::identity<>()))
OXHIP_THRUST_ALGORITHM((void), scatter_if, In,
                       (class In, class MIt, class St, class Out, class P),
                       (In first, In last, MIt map, St stencil, Out out, P pred),
                       (first, last, map, stencil, out, pred),
                       (In, MIt, St, Out),
                       detail::algo::scatter_if(exec, first, last, map, stencil, out, pred))

/* ---- searching ------------------------------------------------------------------------------------- */

namespace detail {
/* A scalar search: the index lower_bound (kind 0) or upper_bound (kind 1) gives. */
template <class It, class T, class C>
diff_t<It> search_one_at(host_exec, It first, It last, const T& value, C comp, int kind) {
  if (kind == 0) return algo::lower_index(first, last - first, value, comp);
  return algo::upper_index(first, last - first, value, comp);
}
template <class It, class T, class C>
diff_t<It> search_one_at(const device_exec& exec, It first, It last, const T& value, C comp,
                         int kind) {
  dev::temp_buffer<T> value_buffer(1, exec);
  dev::temp_buffer<diff_t<It>> result_buffer(1, exec);
  throw_on_error(hipMemcpyAsync(value_buffer.get(), &value, sizeof(T), hipMemcpyHostToDevice,
                                exec.stream),
                 "thrust: search");
  algo::search_many(exec, first, last, value_buffer.get(), value_buffer.get() + 1,
                    result_buffer.get(), comp, kind);
  diff_t<It> result = 0;
  throw_on_error(hipMemcpyAsync(&result, result_buffer.get(), sizeof(result),
                                hipMemcpyDeviceToHost, exec.stream),
                 "thrust: search");
  wait(exec, "thrust: search");
  return result;
}
}  // namespace detail

OXHIP_THRUST_ALGORITHM((It), lower_bound, It, (class It, class T),
                       (It first, It last, const T& value), (first, last, value), (It),
                       return first + detail::search_one_at(exec, first, last, value,
                                                            thrust::less<>(), 0))
OXHIP_THRUST_ALGORITHM((It), lower_bound, It, (class It, class T, class C),
                       (It first, It last, const T& value, C comp),
                       (first, last, value, comp), (It),
                       return first + detail::search_one_at(exec, first, last, value, comp, 0))
OXHIP_THRUST_ALGORITHM((It), upper_bound, It, (class It, class T),
                       (It first, It last, const T& value), (first, last, value), (It),
                       return first + detail::search_one_at(exec, first, last, value,
                                                            thrust::less<>(), 1))
OXHIP_THRUST_ALGORITHM((It), upper_bound, It, (class It, class T, class C),
                       (It first, It last, const T& value, C comp),
                       (first, last, value, comp), (It),
                       return first + detail::search_one_at(exec, first, last, value, comp, 1))
OXHIP_THRUST_ALGORITHM((pair<It, It>), equal_range, It, (class It, class T),
                       (It first, It last, const T& value), (first, last, value), (It),
                       return thrust::make_pair(
                           first + detail::search_one_at(exec, first, last, value,
                                                         thrust::less<>(), 0),
                           first + detail::search_one_at(exec, first, last, value,
                                                         thrust::less<>(), 1)))
OXHIP_THRUST_ALGORITHM((pair<It, It>), equal_range, It, (class It, class T, class C),
                       (It first, It last, const T& value, C comp),
                       (first, last, value, comp), (It),
                       return thrust::make_pair(
                           first + detail::search_one_at(exec, first, last, value, comp, 0),
                           first + detail::search_one_at(exec, first, last, value, comp, 1)))
OXHIP_THRUST_ALGORITHM((bool), binary_search, It, (class It, class T),
                       (It first, It last, const T& value), (first, last, value), (It),
                       auto at = detail::search_one_at(exec, first, last, value, thrust::less<>(),
                                                       0);
                       return at < last - first && !(value < static_cast<detail::value_t<It>>(first[at])))
OXHIP_THRUST_ALGORITHM((bool), binary_search, It, (class It, class T, class C),
                       (It first, It last, const T& value, C comp),
                       (first, last, value, comp), (It),
                       auto at = detail::search_one_at(exec, first, last, value, comp, 0);
                       return at < last - first &&
                              !comp(value, static_cast<detail::value_t<It>>(first[at])))
OXHIP_THRUST_ALGORITHM((Out), lower_bound, It, (class It, class VIt, class Out),
                       (It first, It last, VIt values, VIt values_last, Out out),
                       (first, last, values, values_last, out), (It, VIt, Out),
                       return detail::algo::search_many(exec, first, last, values, values_last,
                                                        out, thrust::less<>(), 0))
OXHIP_THRUST_ALGORITHM((Out), lower_bound, It, (class It, class VIt, class Out, class C),
                       (It first, It last, VIt values, VIt values_last, Out out, C comp),
                       (first, last, values, values_last, out, comp),
                       (It, VIt, Out),
                       return detail::algo::search_many(exec, first, last, values, values_last,
                                                        out, comp, 0))
OXHIP_THRUST_ALGORITHM((Out), upper_bound, It, (class It, class VIt, class Out),
                       (It first, It last, VIt values, VIt values_last, Out out),
                       (first, last, values, values_last, out), (It, VIt, Out),
                       return detail::algo::search_many(exec, first, last, values, values_last,
                                                        out, thrust::less<>(), 1))
OXHIP_THRUST_ALGORITHM((Out), upper_bound, It, (class It, class VIt, class Out, class C),
                       (It first, It last, VIt values, VIt values_last, Out out, C comp),
                       (first, last, values, values_last, out, comp),
                       (It, VIt, Out),
                       return detail::algo::search_many(exec, first, last, values, values_last,
                                                        out, comp, 1))
OXHIP_THRUST_ALGORITHM((Out), binary_search, It, (class It, class VIt, class Out),
                       (It first, It last, VIt values, VIt values_last, Out out),
                       (first, last, values, values_last, out), (It, VIt, Out),
                       return detail::algo::search_many(exec, first, last, values, values_last,
                                                        out, thrust::less<>(), 2))
OXHIP_THRUST_ALGORITHM((Out), binary_search, It, (class It, class VIt, class Out, class C),
                       (It first, It last, VIt values, VIt values_last, Out out, C comp),
                       (first, last, values, values_last, out, comp),
                       (It, VIt, Out),
                       return detail::algo::search_many(exec, first, last, values, values_last,
                                                        out, comp, 2))

/* ---- merging and set operations ------------------------------------------------------------------- */

OXHIP_THRUST_ALGORITHM((Out), merge, It1, (class It1, class It2, class Out),
                       (It1 first1, It1 last1, It2 first2, It2 last2, Out out),
                       (first1, last1, first2, last2, out), (It1, It2, Out),
                       return detail::algo::merge(exec, first1, last1, first2, last2, out,
                                                  thrust::less<>()))
OXHIP_THRUST_ALGORITHM((Out), merge, It1, (class It1, class It2, class Out, class C),
                       (It1 first1, It1 last1, It2 first2, It2 last2, Out out, C comp),
                       (first1, last1, first2, last2, out, comp),
                       (It1, It2, Out),
                       return detail::algo::merge(exec, first1, last1, first2, last2, out, comp))

#define OXHIP_THRUST_SET_OPERATION(name, kind)                                                     \
  OXHIP_THRUST_ALGORITHM((Out), name, It1, (class It1, class It2, class Out),                      \
                         (It1 first1, It1 last1, It2 first2, It2 last2, Out out),                  \
                         (first1, last1, first2, last2, out), (It1, It2, Out),                     \
                         return detail::algo::set_operation(exec, first1, last1, first2, last2,    \
                                                            out, thrust::less<>(), kind))          \
  OXHIP_THRUST_ALGORITHM((Out), name, It1, (class It1, class It2, class Out, class C),             \
                         (It1 first1, It1 last1, It2 first2, It2 last2, Out out, C comp),          \
                         (first1, last1, first2, last2, out, comp), (It1, It2, Out),               \
                         return detail::algo::set_operation(exec, first1, last1, first2, last2,    \
                                                            out, comp, kind))
OXHIP_THRUST_SET_OPERATION(set_union, 0)
OXHIP_THRUST_SET_OPERATION(set_intersection, 1)
OXHIP_THRUST_SET_OPERATION(set_difference, 2)
OXHIP_THRUST_SET_OPERATION(set_symmetric_difference, 3)
#undef OXHIP_THRUST_SET_OPERATION

/* ---- merging and set operations by key ----------------------------------------------------------- */

/* The by-key forms are the plain ones over zipped (key, value) ranges, compared by key: the
 * values travel with their keys, and where both ranges hold a key the first range's element
 * wins, as in Thrust. set_intersection_by_key has no second range of values; its second range
 * is zipped with its own keys, which are never written. */
namespace detail {
template <class C>
struct key_compare {
  mutable C comp;
  template <class A, class B>
  OXHIP_THRUST_HD bool operator()(const A& a, const B& b) const {
    return comp(thrust::get<0>(a), thrust::get<0>(b));
  }
};
template <class KOut, class VOut, class Zip>
OXHIP_THRUST_HD pair<KOut, VOut> unzip_pair(const Zip& zip) {
  return pair<KOut, VOut>(thrust::get<0>(zip.get_iterator_tuple()),
                          thrust::get<1>(zip.get_iterator_tuple()));
}
template <class Exec, class KIt1, class KIt2, class VIt1, class VIt2, class KOut, class VOut,
          class C>
/* Not named merge_by_key: argument-dependent lookup from the dispatch (thrust::detail is
 * every policy's namespace) would find it. */
OXHIP_THRUST_HD pair<KOut, VOut> merge_by_key_impl(const Exec& exec, KIt1 keys_first1,
                                                   KIt1 keys_last1, KIt2 keys_first2,
                                                   KIt2 keys_last2, VIt1 values_first1,
                                                   VIt2 values_first2, KOut keys_result,
                                                   VOut values_result, C comp) {
  return unzip_pair<KOut, VOut>(algo::merge(
      exec, thrust::make_zip_iterator(keys_first1, values_first1),
      thrust::make_zip_iterator(keys_last1, values_first1 + (keys_last1 - keys_first1)),
      thrust::make_zip_iterator(keys_first2, values_first2),
      thrust::make_zip_iterator(keys_last2, values_first2 + (keys_last2 - keys_first2)),
      thrust::make_zip_iterator(keys_result, values_result), key_compare<C>{comp}));
}
/* kind: 0 union, 1 intersection, 2 difference, 3 symmetric difference. */
template <class Exec, class KIt1, class KIt2, class VIt1, class VIt2, class KOut, class VOut,
          class C>
OXHIP_THRUST_HD pair<KOut, VOut> set_operation_by_key(const Exec& exec, KIt1 keys_first1,
                                                      KIt1 keys_last1, KIt2 keys_first2,
                                                      KIt2 keys_last2, VIt1 values_first1,
                                                      VIt2 values_first2, KOut keys_result,
                                                      VOut values_result, C comp, int kind) {
  return unzip_pair<KOut, VOut>(algo::set_operation(
      exec, thrust::make_zip_iterator(keys_first1, values_first1),
      thrust::make_zip_iterator(keys_last1, values_first1 + (keys_last1 - keys_first1)),
      thrust::make_zip_iterator(keys_first2, values_first2),
      thrust::make_zip_iterator(keys_last2, values_first2 + (keys_last2 - keys_first2)),
      thrust::make_zip_iterator(keys_result, values_result), key_compare<C>{comp}, kind));
}
}  // namespace detail

OXHIP_THRUST_ALGORITHM((pair<KOut, VOut>), merge_by_key, KIt1,
                       (class KIt1, class KIt2, class VIt1, class VIt2, class KOut, class VOut),
                       (KIt1 keys_first1, KIt1 keys_last1, KIt2 keys_first2, KIt2 keys_last2,
                        VIt1 values_first1, VIt2 values_first2, KOut keys_result,
                        VOut values_result),
                       (keys_first1, keys_last1, keys_first2, keys_last2, values_first1,
                        values_first2, keys_result, values_result),
                       (KIt1, KIt2, VIt1, VIt2, KOut, VOut),
                       return detail::merge_by_key_impl(exec, keys_first1, keys_last1, keys_first2,
                                                        keys_last2, values_first1, values_first2,
                                                        keys_result, values_result,
                                                        thrust::less<>()))
OXHIP_THRUST_ALGORITHM((pair<KOut, VOut>), merge_by_key, KIt1,
                       (class KIt1, class KIt2, class VIt1, class VIt2, class KOut, class VOut,
                        class C),
                       (KIt1 keys_first1, KIt1 keys_last1, KIt2 keys_first2, KIt2 keys_last2,
                        VIt1 values_first1, VIt2 values_first2, KOut keys_result,
                        VOut values_result, C comp),
                       (keys_first1, keys_last1, keys_first2, keys_last2, values_first1,
                        values_first2, keys_result, values_result, comp),
                       (KIt1, KIt2, VIt1, VIt2, KOut, VOut),
                       return detail::merge_by_key_impl(exec, keys_first1, keys_last1, keys_first2,
                                                        keys_last2, values_first1, values_first2,
                                                        keys_result, values_result, comp))

#define OXHIP_THRUST_SET_OPERATION_BY_KEY(name, kind)                                              \
  OXHIP_THRUST_ALGORITHM((pair<KOut, VOut>), name, KIt1,                                           \
                         (class KIt1, class KIt2, class VIt1, class VIt2, class KOut, class VOut), \
                         (KIt1 keys_first1, KIt1 keys_last1, KIt2 keys_first2, KIt2 keys_last2,    \
                          VIt1 values_first1, VIt2 values_first2, KOut keys_result,                \
                          VOut values_result),                                                     \
                         (keys_first1, keys_last1, keys_first2, keys_last2, values_first1,         \
                          values_first2, keys_result, values_result),                              \
                         (KIt1, KIt2, VIt1, VIt2, KOut, VOut),                                     \
                         return detail::set_operation_by_key(                                      \
                             exec, keys_first1, keys_last1, keys_first2, keys_last2,               \
                             values_first1, values_first2, keys_result, values_result,             \
                             thrust::less<>(), kind))                                              \
  OXHIP_THRUST_ALGORITHM((pair<KOut, VOut>), name, KIt1,                                           \
                         (class KIt1, class KIt2, class VIt1, class VIt2, class KOut, class VOut,  \
                          class C),                                                                \
                         (KIt1 keys_first1, KIt1 keys_last1, KIt2 keys_first2, KIt2 keys_last2,    \
                          VIt1 values_first1, VIt2 values_first2, KOut keys_result,                \
                          VOut values_result, C comp),                                             \
                         (keys_first1, keys_last1, keys_first2, keys_last2, values_first1,         \
                          values_first2, keys_result, values_result, comp),                        \
                         (KIt1, KIt2, VIt1, VIt2, KOut, VOut),                                     \
                         return detail::set_operation_by_key(                                      \
                             exec, keys_first1, keys_last1, keys_first2, keys_last2,               \
                             values_first1, values_first2, keys_result, values_result, comp,       \
                             kind))
OXHIP_THRUST_SET_OPERATION_BY_KEY(set_union_by_key, 0)
OXHIP_THRUST_SET_OPERATION_BY_KEY(set_difference_by_key, 2)
OXHIP_THRUST_SET_OPERATION_BY_KEY(set_symmetric_difference_by_key, 3)
#undef OXHIP_THRUST_SET_OPERATION_BY_KEY
OXHIP_THRUST_ALGORITHM((pair<KOut, VOut>), set_intersection_by_key, KIt1,
                       (class KIt1, class KIt2, class VIt1, class KOut, class VOut),
                       (KIt1 keys_first1, KIt1 keys_last1, KIt2 keys_first2, KIt2 keys_last2,
                        VIt1 values_first1, KOut keys_result, VOut values_result),
                       (keys_first1, keys_last1, keys_first2, keys_last2, values_first1,
                        keys_result, values_result),
                       (KIt1, KIt2, VIt1, KOut, VOut),
                       return detail::set_operation_by_key(exec, keys_first1, keys_last1,
                                                           keys_first2, keys_last2, values_first1,
                                                           keys_first2, keys_result, values_result,
                                                           thrust::less<>(), 1))
OXHIP_THRUST_ALGORITHM((pair<KOut, VOut>), set_intersection_by_key, KIt1,
                       (class KIt1, class KIt2, class VIt1, class KOut, class VOut, class C),
                       (KIt1 keys_first1, KIt1 keys_last1, KIt2 keys_first2, KIt2 keys_last2,
                        VIt1 values_first1, KOut keys_result, VOut values_result, C comp),
                       (keys_first1, keys_last1, keys_first2, keys_last2, values_first1,
                        keys_result, values_result, comp),
                       (KIt1, KIt2, VIt1, KOut, VOut),
                       return detail::set_operation_by_key(exec, keys_first1, keys_last1,
                                                           keys_first2, keys_last2, values_first1,
                                                           keys_first2, keys_result, values_result,
                                                           comp, 1))

/* ---- reverse, swap_ranges ------------------------------------------------------------------------- */

OXHIP_THRUST_ALGORITHM((void), reverse, It, (class It), (It first, It last), (first, last), (It),
                       detail::algo::reverse(exec, first, last))
OXHIP_THRUST_ALGORITHM((Out), reverse_copy, It, (class It, class Out),
                       (It first, It last, Out out), (first, last, out), (It, Out),
                       return detail::algo::copy(exec, thrust::make_reverse_iterator(last),
                                                 thrust::make_reverse_iterator(first), out))
OXHIP_THRUST_ALGORITHM((It2), swap_ranges, It1, (class It1, class It2),
                       (It1 first1, It1 last1, It2 first2), (first1, last1, first2), (It1, It2),
                       return detail::algo::swap_ranges(exec, first1, last1, first2))

/* ---- mismatch, partitions -------------------------------------------------------------------------- */

OXHIP_THRUST_ALGORITHM((pair<It1, It2>), mismatch, It1, (class It1, class It2),
                       (It1 first1, It1 last1, It2 first2), (first1, last1, first2), (It1, It2),
                       return detail::algo::mismatch(exec, first1, last1, first2,
                                                     thrust::equal_to<>()))
OXHIP_THRUST_ALGORITHM((pair<It1, It2>), mismatch, It1, (class It1, class It2, class P),
                       (It1 first1, It1 last1, It2 first2, P pred),
                       (first1, last1, first2, pred), (It1, It2),
                       return detail::algo::mismatch(exec, first1, last1, first2, pred))
OXHIP_THRUST_ALGORITHM((It), stable_partition, It, (class It, class P),
                       (It first, It last, P pred), (first, last, pred), (It),
                       return detail::algo::stable_partition(exec, first, last, pred))
OXHIP_THRUST_ALGORITHM((It), partition, It, (class It, class P), (It first, It last, P pred),
                       (first, last, pred), (It),
                       return detail::algo::stable_partition(exec, first, last, pred))
OXHIP_THRUST_ALGORITHM((pair<TrueOut, FalseOut>), partition_copy, It,
                       (class It, class TrueOut, class FalseOut, class P),
                       (It first, It last, TrueOut out_true, FalseOut out_false, P pred),
                       (first, last, out_true, out_false, pred),
                       (It, TrueOut, FalseOut),
                       return detail::algo::partition_copy(exec, first, last, out_true, out_false,
                                                           pred))
OXHIP_THRUST_ALGORITHM((pair<TrueOut, FalseOut>), stable_partition_copy, It,
                       (class It, class TrueOut, class FalseOut, class P),
                       (It first, It last, TrueOut out_true, FalseOut out_false, P pred),
                       (first, last, out_true, out_false, pred),
                       (It, TrueOut, FalseOut),
                       return detail::algo::partition_copy(exec, first, last, out_true, out_false,
                                                           pred))
OXHIP_THRUST_ALGORITHM((bool), is_partitioned, It, (class It, class P),
                       (It first, It last, P pred), (first, last, pred), (It),
                       return detail::algo::is_partitioned(exec, first, last, pred))
OXHIP_THRUST_ALGORITHM((It), partition_point, It, (class It, class P),
                       (It first, It last, P pred), (first, last, pred), (It),
                       return detail::algo::find_if(exec, first, last,
                                                    detail::algo::negated<P>{pred}))

}  // namespace thrust

#endif /* OXHIP_THRUST_DETAIL_ALGORITHMS_H */
