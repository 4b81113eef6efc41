/* oxhip: Thrust's algorithms on the host system (thrust::host, thrust::seq, and calls whose
 * iterators are host iterators): sequential loops over the iterators. They are
 * __host__ __device__, so that thrust::seq also works inside kernels; sorting uses
 * std::sort over positions on the host and an insertion sort in device code. */
#ifndef OXHIP_THRUST_DETAIL_ALGORITHMS_HOST_H
#define OXHIP_THRUST_DETAIL_ALGORITHMS_HOST_H

#include <thrust/detail/iterators.h>

namespace thrust {
namespace detail {
namespace algo {

template <class It>
using value_of = typename std::iterator_traits<It>::value_type;
template <class It>
using diff_of = typename std::iterator_traits<It>::difference_type;

template <class T>
struct equal_to_value {
  T value;
  template <class U>
  OXHIP_THRUST_HD bool operator()(const U& x) const {
    return x == value;
  }
};
template <class P>
struct negated {
  mutable P pred;
  template <class U>
  OXHIP_THRUST_HD bool operator()(const U& x) const {
    return !pred(x);
  }
};

template <class It, class F>
OXHIP_THRUST_HD It for_each(host_exec, It first, It last, F f) {
  for (; first != last; ++first) f(*first);
  return first;
}
template <class It, class Size, class F>
OXHIP_THRUST_HD It for_each_n(host_exec, It first, Size n, F f) {
  for (Size i = 0; i < n; ++i, ++first) f(*first);
  return first;
}
template <class It, class Out, class F>
OXHIP_THRUST_HD Out transform(host_exec, It first, It last, Out out, F f) {
  for (; first != last; ++first, ++out) *out = f(*first);
  return out;
}
template <class It1, class It2, class Out, class F>
OXHIP_THRUST_HD Out transform(host_exec, It1 first1, It1 last1, It2 first2, Out out, F f) {
  for (; first1 != last1; ++first1, ++first2, ++out) *out = f(*first1, *first2);
  return out;
}
template <class It, class St, class Out, class F, class P>
OXHIP_THRUST_HD Out transform_if_stencil(host_exec, It first, It last, St stencil, Out out, F f,
                                         P pred) {
  for (; first != last; ++first, ++stencil, ++out)
    if (pred(*stencil)) *out = f(*first);
  return out;
}
template <class It1, class It2, class St, class Out, class F, class P>
OXHIP_THRUST_HD Out transform_if2(host_exec, It1 first1, It1 last1, It2 first2, St stencil,
                                  Out out, F f, P pred) {
  for (; first1 != last1; ++first1, ++first2, ++stencil, ++out)
    if (pred(*stencil)) *out = f(*first1, *first2);
  return out;
}
template <class It, class T>
OXHIP_THRUST_HD void fill(host_exec, It first, It last, const T& value) {
  for (; first != last; ++first) *first = value;
}
template <class It, class T>
OXHIP_THRUST_HD void sequence(host_exec, It first, It last, T init, T step) {
  for (diff_of<It> i = 0; first != last; ++first, ++i) *first = init + static_cast<T>(i) * step;
}
template <class It, class F>
OXHIP_THRUST_HD void tabulate(host_exec, It first, It last, F f) {
  for (diff_of<It> i = 0; first != last; ++first, ++i) *first = f(i);
}
template <class It, class G>
OXHIP_THRUST_HD void generate(host_exec, It first, It last, G gen) {
  for (; first != last; ++first) *first = gen();
}
template <class It, class Out>
OXHIP_THRUST_HD Out copy(host_exec, It first, It last, Out out) {
  for (; first != last; ++first, ++out) *out = *first;
  return out;
}
template <class It, class St, class Out, class P>
OXHIP_THRUST_HD Out copy_if_stencil(host_exec, It first, It last, St stencil, Out out, P pred) {
  for (; first != last; ++first, ++stencil)
    if (pred(*stencil)) {
      *out = *first;
      ++out;
    }
  return out;
}
template <class It, class St, class P>
OXHIP_THRUST_HD It remove_if_stencil(host_exec, It first, It last, St stencil, P pred) {
  It out = first;
  for (; first != last; ++first, ++stencil)
    if (!pred(*stencil)) {
      if (!(out == first)) *out = *first;
      ++out;
    }
  return out;
}
template <class It, class P>
OXHIP_THRUST_HD It remove_if(host_exec, It first, It last, P pred) {
  It out = first;
  for (; first != last; ++first)
    if (!pred(*first)) {
      if (!(out == first)) *out = *first;
      ++out;
    }
  return out;
}
template <class It, class St, class P, class T>
OXHIP_THRUST_HD void replace_if_stencil(host_exec, It first, It last, St stencil, P pred,
                                        const T& value) {
  for (; first != last; ++first, ++stencil)
    if (pred(*stencil)) *first = value;
}
template <class It, class Out, class P, class T>
OXHIP_THRUST_HD Out replace_copy_if(host_exec, It first, It last, Out out, P pred,
                                    const T& value) {
  for (; first != last; ++first, ++out) {
    if (pred(*first))
      *out = value;
    else
      *out = *first;
  }
  return out;
}
template <class It, class T, class Op>
OXHIP_THRUST_HD T reduce(host_exec, It first, It last, T init, Op op) {
  for (; first != last; ++first) init = op(init, *first);
  return init;
}
template <class It, class F, class T, class Op>
OXHIP_THRUST_HD T transform_reduce(host_exec, It first, It last, F f, T init, Op op) {
  for (; first != last; ++first) init = op(init, f(*first));
  return init;
}
template <class It1, class It2, class T, class Op1, class Op2>
OXHIP_THRUST_HD T inner_product(host_exec, It1 first1, It1 last1, It2 first2, T init, Op1 op1,
                                Op2 op2) {
  for (; first1 != last1; ++first1, ++first2) init = op1(init, op2(*first1, *first2));
  return init;
}
template <class It, class P>
OXHIP_THRUST_HD diff_of<It> count_if(host_exec, It first, It last, P pred) {
  diff_of<It> n = 0;
  for (; first != last; ++first)
    if (pred(*first)) ++n;
  return n;
}
template <class It, class C>
OXHIP_THRUST_HD It min_element(host_exec, It first, It last, C comp) {
  It best = first;
  if (first == last) return last;
  for (++first; first != last; ++first)
    if (comp(*first, *best)) best = first;
  return best;
}
template <class It, class C>
OXHIP_THRUST_HD It max_element(host_exec, It first, It last, C comp) {
  It best = first;
  if (first == last) return last;
  for (++first; first != last; ++first)
    if (comp(*best, *first)) best = first;
  return best;
}
template <class It, class C>
OXHIP_THRUST_HD pair<It, It> minmax_element(host_exec, It first, It last, C comp) {
  It low = first, high = first;
  if (first == last) return pair<It, It>(last, last);
  for (++first; first != last; ++first) {
    if (comp(*first, *low)) low = first;
    if (comp(*high, *first)) high = first;
  }
  return pair<It, It>(low, high);
}
template <class It1, class It2, class P>
OXHIP_THRUST_HD bool equal(host_exec, It1 first1, It1 last1, It2 first2, P pred) {
  for (; first1 != last1; ++first1, ++first2)
    if (!pred(*first1, *first2)) return false;
  return true;
}
template <class It, class Out, class T, class Op>
OXHIP_THRUST_HD Out scan(host_exec, It first, It last, Out out, bool has_init, T init, bool exclusive,
                         Op op) {
  T running = init;
  bool has = has_init;
  for (; first != last; ++first, ++out) {
    T x = *first;
    if (exclusive) {
      *out = running;
      running = op(running, x);
    } else {
      running = has ? T(op(running, x)) : x;
      *out = running;
    }
    has = true;
  }
  return out;
}
template <class KIt, class VIt, class Out, class T, class P, class Op>
OXHIP_THRUST_HD Out scan_by_key(host_exec, KIt keys, KIt keys_last, VIt values, Out out,
                                bool exclusive, T init, P pred, Op op) {
  T running = init;
  KIt previous = keys;
  for (bool first = true; keys != keys_last; ++keys, ++values, ++out) {
    bool head = first || !pred(*previous, *keys);
    T x = *values;
    if (exclusive) {
      if (head) running = init;
      *out = running;
      running = op(running, x);
    } else {
      running = head ? x : T(op(running, x));
      *out = running;
    }
    previous = keys;
    first = false;
  }
  return out;
}

template <class KIt, class VIt, class C>
void sort_host(KIt keys, diff_of<KIt> n, VIt values, bool has_values, C comp) {
  typedef value_of<KIt> K;
  std::vector<K> key_copy(n);
  for (diff_of<KIt> i = 0; i < n; ++i) key_copy[i] = keys[i];
  std::vector<std::size_t> order(n);
  for (std::size_t i = 0; i < order.size(); ++i) order[i] = i;
  /* Stable: equal keys keep their order by position. */
  std::sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) {
    if (comp(key_copy[a], key_copy[b])) return true;
    if (comp(key_copy[b], key_copy[a])) return false;
    return a < b;
  });
  if (has_values) {
    typedef value_of<VIt> V;
    std::vector<V> value_copy(n);
    for (diff_of<KIt> i = 0; i < n; ++i) value_copy[i] = values[i];
    for (diff_of<KIt> i = 0; i < n; ++i) values[i] = value_copy[order[i]];
  }
  for (diff_of<KIt> i = 0; i < n; ++i) keys[i] = key_copy[order[i]];
}

template <class KIt, class VIt, class C>
OXHIP_THRUST_HD void sort(host_exec, KIt keys, KIt keys_last, VIt values, bool has_values,
                          C comp) {
#if defined(__HIP_DEVICE_COMPILE__)
  /* thrust::seq inside a kernel: a stable insertion sort, for the small ranges kernels sort. */
  diff_of<KIt> n = keys_last - keys;
  for (diff_of<KIt> i = 1; i < n; ++i) {
    value_of<KIt> key = keys[i];
    diff_of<KIt> j = i;
    if (has_values) {
      value_of<VIt> value = values[i];
      for (; j > 0 && comp(key, keys[j - 1]); --j) {
        keys[j] = keys[j - 1];
        values[j] = values[j - 1];
      }
      values[j] = value;
    } else {
      for (; j > 0 && comp(key, keys[j - 1]); --j) keys[j] = keys[j - 1];
    }
    keys[j] = key;
  }
#else
  sort_host(keys, keys_last - keys, values, has_values, comp);
#endif
}

template <class It, class Out, class P>
OXHIP_THRUST_HD Out unique_copy(host_exec, It first, It last, Out out, P pred) {
  if (first == last) return out;
  It previous = first;
  *out = *first;
  ++out;
  for (++first; first != last; ++first) {
    if (!pred(*previous, *first)) {
      *out = *first;
      ++out;
    }
    previous = first;
  }
  return out;
}
template <class It, class P>
OXHIP_THRUST_HD It unique(host_exec, It first, It last, P pred) {
  if (first == last) return last;
  It out = first;
  value_of<It> kept = *first;
  ++out;
  for (++first; first != last; ++first) {
    value_of<It> x = *first;
    if (!pred(kept, x)) {
      *out = x;
      ++out;
    }
    kept = x;
  }
  return out;
}
template <class KIt, class VIt, class KOut, class VOut, class P>
OXHIP_THRUST_HD pair<KOut, VOut> unique_by_key_copy(host_exec, KIt keys, KIt keys_last,
                                                    VIt values, KOut keys_out, VOut values_out,
                                                    P pred) {
  if (keys == keys_last) return pair<KOut, VOut>(keys_out, values_out);
  value_of<KIt> kept = *keys;
  *keys_out = kept;
  *values_out = *values;
  ++keys_out;
  ++values_out;
  for (++keys, ++values; keys != keys_last; ++keys, ++values) {
    value_of<KIt> k = *keys;
    if (!pred(kept, k)) {
      *keys_out = k;
      *values_out = *values;
      ++keys_out;
      ++values_out;
    }
    kept = k;
  }
  return pair<KOut, VOut>(keys_out, values_out);
}
/* In place: the sequential copy never writes ahead of what it reads. */
template <class KIt, class VIt, class P>
OXHIP_THRUST_HD pair<KIt, VIt> unique_by_key(host_exec exec, KIt keys, KIt keys_last, VIt values,
                                             P pred) {
  return algo::unique_by_key_copy(exec, keys, keys_last, values, keys, values, pred);
}
template <class KIt, class VIt, class KOut, class VOut, class P, class Op>
OXHIP_THRUST_HD pair<KOut, VOut> reduce_by_key(host_exec, KIt keys, KIt keys_last, VIt values,
                                               KOut keys_out, VOut values_out, P pred, Op op) {
  typedef value_of<VIt> V;
  if (keys == keys_last) return pair<KOut, VOut>(keys_out, values_out);
  /* Each group's first key is written; consecutive keys are compared. */
  value_of<KIt> head = *keys;
  value_of<KIt> previous = head;
  V sum = *values;
  for (++keys, ++values; keys != keys_last; ++keys, ++values) {
    value_of<KIt> k = *keys;
    if (pred(previous, k)) {
      sum = op(sum, *values);
    } else {
      *keys_out = head;
      *values_out = sum;
      ++keys_out;
      ++values_out;
      head = k;
      sum = *values;
    }
    previous = k;
  }
  *keys_out = head;
  *values_out = sum;
  ++keys_out;
  ++values_out;
  return pair<KOut, VOut>(keys_out, values_out);
}
template <class MIt, class In, class Out>
OXHIP_THRUST_HD Out gather(host_exec, MIt map, MIt map_last, In in, Out out) {
  for (; map != map_last; ++map, ++out) *out = in[*map];
  return out;
}
template <class MIt, class St, class In, class Out, class P>
OXHIP_THRUST_HD Out gather_if(host_exec, MIt map, MIt map_last, St stencil, In in, Out out,
                              P pred) {
  for (; map != map_last; ++map, ++stencil, ++out)
    if (pred(*stencil)) *out = in[*map];
  return out;
}
template <class In, class MIt, class Out>
OXHIP_THRUST_HD void scatter(host_exec, In first, In last, MIt map, Out out) {
  for (; first != last; ++first, ++map) out[*map] = *first;
}
template <class In, class MIt, class St, class Out, class P>
OXHIP_THRUST_HD void scatter_if(host_exec, In first, In last, MIt map, St stencil, Out out,
                                P pred) {
  for (; first != last; ++first, ++map, ++stencil)
    if (pred(*stencil)) out[*map] = *first;
}

/* The first position in [first, first + n) where !below(element): with below = "element < value"
 * that is lower_bound, with below = "!(value < element)" upper_bound. */
template <class It, class Below>
OXHIP_THRUST_HD diff_of<It> partition_point_index(It first, diff_of<It> n, Below below) {
  diff_of<It> lo = 0, hi = n;
  while (lo < hi) {
    diff_of<It> mid = lo + (hi - lo) / 2;
    if (below(first[mid]))
      lo = mid + 1;
    else
      hi = mid;
  }
  return lo;
}
template <class T, class C>
struct below_lower {
  const T* value;
  mutable C comp;
  template <class U>
  OXHIP_THRUST_HD bool operator()(const U& element) const {
    return comp(element, *value);
  }
};
template <class T, class C>
struct below_upper {
  const T* value;
  mutable C comp;
  template <class U>
  OXHIP_THRUST_HD bool operator()(const U& element) const {
    return !comp(*value, element);
  }
};
template <class It, class T, class C>
OXHIP_THRUST_HD diff_of<It> lower_index(It first, diff_of<It> n, const T& value, C comp) {
  return partition_point_index(first, n, below_lower<T, C>{&value, comp});
}
template <class It, class T, class C>
OXHIP_THRUST_HD diff_of<It> upper_index(It first, diff_of<It> n, const T& value, C comp) {
  return partition_point_index(first, n, below_upper<T, C>{&value, comp});
}

/* kind: 0 lower_bound, 1 upper_bound, 2 binary_search. */
template <class It, class VIt, class Out, class C>
OXHIP_THRUST_HD Out search_many(host_exec, It first, It last, VIt values, VIt values_last, Out out,
                                C comp, int kind) {
  diff_of<It> n = last - first;
  for (; values != values_last; ++values, ++out) {
    value_of<VIt> v = *values;
    if (kind == 0) {
      *out = lower_index(first, n, v, comp);
    } else if (kind == 1) {
      *out = upper_index(first, n, v, comp);
    } else {
      diff_of<It> at = lower_index(first, n, v, comp);
      *out = at < n && !comp(v, first[at]);
    }
  }
  return out;
}
template <class It1, class It2, class Out, class C>
OXHIP_THRUST_HD Out merge(host_exec, It1 first1, It1 last1, It2 first2, It2 last2, Out out,
                          C comp) {
  while (first1 != last1 && first2 != last2) {
    if (comp(*first2, *first1)) {
      *out = *first2;
      ++first2;
    } else {
      *out = *first1;
      ++first1;
    }
    ++out;
  }
  for (; first1 != last1; ++first1, ++out) *out = *first1;
  for (; first2 != last2; ++first2, ++out) *out = *first2;
  return out;
}
/* kind: 0 union, 1 intersection, 2 difference, 3 symmetric difference. */
template <class It1, class It2, class Out, class C>
OXHIP_THRUST_HD Out set_operation(host_exec, It1 first1, It1 last1, It2 first2, It2 last2, Out out,
                                  C comp, int kind) {
  while (first1 != last1 && first2 != last2) {
    if (comp(*first1, *first2)) {
      if (kind != 1) {
        *out = *first1;
        ++out;
      }
      ++first1;
    } else if (comp(*first2, *first1)) {
      if (kind == 0 || kind == 3) {
        *out = *first2;
        ++out;
      }
      ++first2;
    } else {
      if (kind == 0 || kind == 1) {
        *out = *first1;
        ++out;
      }
      ++first1;
      ++first2;
    }
  }
  if (kind != 1)
    for (; first1 != last1; ++first1, ++out) *out = *first1;
  if (kind == 0 || kind == 3)
    for (; first2 != last2; ++first2, ++out) *out = *first2;
  return out;
}
template <class It, class Out, class Op>
OXHIP_THRUST_HD Out adjacent_difference(host_exec, It first, It last, Out out, Op op) {
  if (first == last) return out;
  value_of<It> previous = *first;
  *out = previous;
  for (++first, ++out; first != last; ++first, ++out) {
    value_of<It> x = *first;
    *out = op(x, previous);
    previous = x;
  }
  return out;
}
template <class It, class P>
OXHIP_THRUST_HD It find_if(host_exec, It first, It last, P pred) {
  for (; first != last; ++first)
    if (pred(*first)) return first;
  return last;
}
template <class It>
OXHIP_THRUST_HD void reverse(host_exec, It first, It last) {
  diff_of<It> n = last - first;
  for (diff_of<It> i = 0; i < n / 2; ++i) {
    value_of<It> saved = first[i];
    first[i] = first[n - 1 - i];
    first[n - 1 - i] = saved;
  }
}
template <class It1, class It2>
OXHIP_THRUST_HD It2 swap_ranges(host_exec, It1 first1, It1 last1, It2 first2) {
  for (; first1 != last1; ++first1, ++first2) {
    value_of<It1> saved = *first1;
    *first1 = *first2;
    *first2 = saved;
  }
  return first2;
}
template <class It, class C>
OXHIP_THRUST_HD It is_sorted_until(host_exec, It first, It last, C comp) {
  if (first == last) return last;
  It previous = first;
  for (++first; first != last; ++first, ++previous)
    if (comp(*first, *previous)) return first;
  return last;
}

template <class It1, class It2, class P>
OXHIP_THRUST_HD pair<It1, It2> mismatch(host_exec, It1 first1, It1 last1, It2 first2, P pred) {
  for (; first1 != last1; ++first1, ++first2)
    if (!pred(*first1, *first2)) break;
  return pair<It1, It2>(first1, first2);
}
template <class It, class TrueOut, class FalseOut, class P>
OXHIP_THRUST_HD pair<TrueOut, FalseOut> partition_copy(host_exec, It first, It last,
                                                       TrueOut out_true, FalseOut out_false,
                                                       P pred) {
  for (; first != last; ++first) {
    if (pred(*first)) {
      *out_true = *first;
      ++out_true;
    } else {
      *out_false = *first;
      ++out_false;
    }
  }
  return pair<TrueOut, FalseOut>(out_true, out_false);
}
/* Stable, through a copy of the range (host code only). */
template <class It, class P>
It stable_partition(host_exec exec, It first, It last, P pred) {
  std::vector<value_of<It>> copy;
  for (It it = first; it != last; ++it) copy.push_back(*it);
  It out = first;
  for (auto& x : copy)
    if (pred(x)) {
      *out = x;
      ++out;
    }
  It middle = out;
  for (auto& x : copy)
    if (!pred(x)) {
      *out = x;
      ++out;
    }
  (void)exec;
  return middle;
}
template <class It, class P>
OXHIP_THRUST_HD bool is_partitioned(host_exec, It first, It last, P pred) {
  for (; first != last && pred(*first); ++first) {
  }
  for (; first != last; ++first)
    if (pred(*first)) return false;
  return true;
}

}  // namespace algo
}  // namespace detail
}  // namespace thrust

#endif /* OXHIP_THRUST_DETAIL_ALGORITHMS_HOST_H */
