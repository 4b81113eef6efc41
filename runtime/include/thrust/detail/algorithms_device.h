/* oxhip: Thrust's algorithms on the device system: kernels from detail/kernels.h over the
 * caller's iterators (device_ptrs unwrapped to raw pointers first). Each returns after the
 * work is done (the stream is synchronized), except under par_nosync where nothing the
 * caller reads back is pending. */
#ifndef OXHIP_THRUST_DETAIL_ALGORITHMS_DEVICE_H
#define OXHIP_THRUST_DETAIL_ALGORITHMS_DEVICE_H

#include <thrust/detail/algorithms_host.h>
#include <thrust/detail/cub.h>
#include <thrust/detail/kernels.h>

namespace thrust {
namespace detail {
namespace algo {

using dev::index_t;

template <class It>
using raw = typename unwrapped<It>::type;

/* ---- elementwise ---------------------------------------------------------------------------- */

template <class It, class F>
struct for_each_fn {
  It it;
  mutable F f;
  __device__ void operator()(index_t i) const { f(it[i]); }
};
template <class It, class F>
It for_each(const device_exec& exec, It first, It last, F f) {
  index_t n = last - first;
  dev::for_n(exec, n, for_each_fn<raw<It>, F>{unwrap(first), f});
  finish(exec, "thrust::for_each");
  return first + n;
}
template <class It, class Size, class F>
It for_each_n(const device_exec& exec, It first, Size n, F f) {
  return algo::for_each(exec, first, first + n, f);
}

/* out[i] = f(in[i]) where pred(stencil[i]) (transform: every i). */
template <class In, class St, class Out, class F, class P>
struct transform_fn {
  In in;
  St stencil;
  Out out;
  mutable F f;
  mutable P pred;
  __device__ void operator()(index_t i) const {
    if (pred(stencil[i])) out[i] = f(in[i]);
  }
};
template <class In1, class In2, class St, class Out, class F, class P>
struct transform2_fn {
  In1 in1;
  In2 in2;
  St stencil;
  Out out;
  mutable F f;
  mutable P pred;
  __device__ void operator()(index_t i) const {
    if (pred(stencil[i])) out[i] = f(in1[i], in2[i]);
  }
};
struct always {
  template <class T>
  OXHIP_THRUST_HD bool operator()(const T&) const {
    return true;
  }
};

template <class It, class St, class Out, class F, class P>
Out transform_if_stencil(const device_exec& exec, It first, It last, St stencil, Out out, F f,
                         P pred) {
  index_t n = last - first;
  dev::for_n(exec, n,
             transform_fn<raw<It>, raw<St>, raw<Out>, F, P>{unwrap(first), unwrap(stencil),
                                                             unwrap(out), f, pred});
  finish(exec, "thrust::transform");
  return out + n;
}
template <class It, class Out, class F>
Out transform(const device_exec& exec, It first, It last, Out out, F f) {
  return algo::transform_if_stencil(exec, first, last, first, out, f, always());
}
template <class It1, class It2, class St, class Out, class F, class P>
Out transform_if2(const device_exec& exec, It1 first1, It1 last1, It2 first2, St stencil, Out out,
                  F f, P pred) {
  index_t n = last1 - first1;
  dev::for_n(exec, n,
             transform2_fn<raw<It1>, raw<It2>, raw<St>, raw<Out>, F, P>{
                 unwrap(first1), unwrap(first2), unwrap(stencil), unwrap(out), f, pred});
  finish(exec, "thrust::transform");
  return out + n;
}
template <class It1, class It2, class Out, class F>
Out transform(const device_exec& exec, It1 first1, It1 last1, It2 first2, Out out, F f) {
  return algo::transform_if2(exec, first1, last1, first2, first1, out, f, always());
}

template <class It, class T>
struct fill_fn {
  It it;
  T value;
  __device__ void operator()(index_t i) const { it[i] = value; }
};
template <class It, class T>
void fill(const device_exec& exec, It first, It last, const T& value) {
  dev::for_n(exec, last - first, fill_fn<raw<It>, T>{unwrap(first), value});
  finish(exec, "thrust::fill");
}
template <class It, class T>
struct sequence_fn {
  It it;
  T init;
  T step;
  __device__ void operator()(index_t i) const { it[i] = init + static_cast<T>(i) * step; }
};
template <class It, class T>
void sequence(const device_exec& exec, It first, It last, T init, T step) {
  dev::for_n(exec, last - first, sequence_fn<raw<It>, T>{unwrap(first), init, step});
  finish(exec, "thrust::sequence");
}
template <class It, class F>
struct tabulate_fn {
  It it;
  mutable F f;
  __device__ void operator()(index_t i) const { it[i] = f(static_cast<diff_of<It>>(i)); }
};
template <class It, class F>
void tabulate(const device_exec& exec, It first, It last, F f) {
  dev::for_n(exec, last - first, tabulate_fn<raw<It>, F>{unwrap(first), f});
  finish(exec, "thrust::tabulate");
}
template <class It, class G>
struct generate_fn {
  It it;
  mutable G gen;
  __device__ void operator()(index_t i) const { it[i] = gen(); }
};
template <class It, class G>
void generate(const device_exec& exec, It first, It last, G gen) {
  dev::for_n(exec, last - first, generate_fn<raw<It>, G>{unwrap(first), gen});
  finish(exec, "thrust::generate");
}
template <class In, class Out>
struct copy_fn {
  In in;
  Out out;
  __device__ void operator()(index_t i) const { out[i] = in[i]; }
};
template <class It, class Out>
Out copy(const device_exec& exec, It first, It last, Out out) {
  index_t n = last - first;
  dev::for_n(exec, n, copy_fn<raw<It>, raw<Out>>{unwrap(first), unwrap(out)});
  finish(exec, "thrust::copy");
  return out + n;
}
template <class It, class St, class P, class T>
struct replace_fn {
  It it;
  St stencil;
  mutable P pred;
  T value;
  __device__ void operator()(index_t i) const {
    if (pred(stencil[i])) it[i] = value;
  }
};
template <class It, class St, class P, class T>
void replace_if_stencil(const device_exec& exec, It first, It last, St stencil, P pred,
                        const T& value) {
  dev::for_n(exec, last - first,
             replace_fn<raw<It>, raw<St>, P, T>{unwrap(first), unwrap(stencil), pred, value});
  finish(exec, "thrust::replace");
}
template <class In, class Out, class P, class T>
struct replace_copy_fn {
  In in;
  Out out;
  mutable P pred;
  T value;
  __device__ void operator()(index_t i) const {
    if (pred(in[i]))
      out[i] = value;
    else
      out[i] = in[i];
  }
};
template <class It, class Out, class P, class T>
Out replace_copy_if(const device_exec& exec, It first, It last, Out out, P pred, const T& value) {
  index_t n = last - first;
  dev::for_n(exec, n,
             replace_copy_fn<raw<It>, raw<Out>, P, T>{unwrap(first), unwrap(out), pred, value});
  finish(exec, "thrust::replace_copy");
  return out + n;
}
template <class MIt, class St, class In, class Out, class P>
struct gather_fn {
  MIt map;
  St stencil;
  In in;
  Out out;
  mutable P pred;
  __device__ void operator()(index_t i) const {
    if (pred(stencil[i])) out[i] = in[map[i]];
  }
};
template <class MIt, class St, class In, class Out, class P>
Out gather_if(const device_exec& exec, MIt map, MIt map_last, St stencil, In in, Out out, P pred) {
  index_t n = map_last - map;
  dev::for_n(exec, n,
             gather_fn<raw<MIt>, raw<St>, raw<In>, raw<Out>, P>{unwrap(map), unwrap(stencil),
                                                                unwrap(in), unwrap(out), pred});
  finish(exec, "thrust::gather");
  return out + n;
}
template <class MIt, class In, class Out>
Out gather(const device_exec& exec, MIt map, MIt map_last, In in, Out out) {
  return algo::gather_if(exec, map, map_last, map, in, out, always());
}
template <class In, class MIt, class St, class Out, class P>
struct scatter_fn {
  In in;
  MIt map;
  St stencil;
  Out out;
  mutable P pred;
  __device__ void operator()(index_t i) const {
    if (pred(stencil[i])) out[map[i]] = in[i];
  }
};
template <class In, class MIt, class St, class Out, class P>
void scatter_if(const device_exec& exec, In first, In last, MIt map, St stencil, Out out, P pred) {
  dev::for_n(exec, last - first,
             scatter_fn<raw<In>, raw<MIt>, raw<St>, raw<Out>, P>{
                 unwrap(first), unwrap(map), unwrap(stencil), unwrap(out), pred});
  finish(exec, "thrust::scatter");
}
template <class In, class MIt, class Out>
void scatter(const device_exec& exec, In first, In last, MIt map, Out out) {
  algo::scatter_if(exec, first, last, map, map, out, always());
}
template <class It>
struct reverse_fn {
  It it;
  index_t n;
  __device__ void operator()(index_t i) const {
    value_of<It> saved = it[i];
    it[i] = it[n - 1 - i];
    it[n - 1 - i] = saved;
  }
};
template <class It>
void reverse(const device_exec& exec, It first, It last) {
  index_t n = last - first;
  dev::for_n(exec, n / 2, reverse_fn<raw<It>>{unwrap(first), n});
  finish(exec, "thrust::reverse");
}
template <class It1, class It2>
struct swap_fn {
  It1 a;
  It2 b;
  __device__ void operator()(index_t i) const {
    value_of<It1> saved = a[i];
    a[i] = b[i];
    b[i] = saved;
  }
};
template <class It1, class It2>
It2 swap_ranges(const device_exec& exec, It1 first1, It1 last1, It2 first2) {
  index_t n = last1 - first1;
  dev::for_n(exec, n, swap_fn<raw<It1>, raw<It2>>{unwrap(first1), unwrap(first2)});
  finish(exec, "thrust::swap_ranges");
  return first2 + n;
}
template <class In, class T, class Op>
struct adjacent_difference_fn {
  In in;
  T* out;
  mutable Op op;
  __device__ void operator()(index_t i) const {
    if (i == 0)
      out[0] = in[0];
    else
      out[i] = op(in[i], in[i - 1]);
  }
};
template <class It, class Out, class Op>
Out adjacent_difference(const device_exec& exec, It first, It last, Out out, Op op) {
  typedef value_of<It> T;
  index_t n = last - first;
  if (n <= 0) return out;
  /* Through a buffer, so that out may be first. */
  dev::temp_buffer<T> buffer(n, exec);
  dev::for_n(exec, n, adjacent_difference_fn<raw<It>, T, Op>{unwrap(first), buffer.get(), op});
  dev::for_n(exec, n, copy_fn<const T*, raw<Out>>{buffer.get(), unwrap(out)});
  finish(exec, "thrust::adjacent_difference");
  return out + n;
}

/* ---- reductions -------------------------------------------------------------------------------- */

template <class T, class It, class F>
struct read_transformed {
  It it;
  mutable F f;
  __device__ T operator()(index_t i) const { return f(it[i]); }
};
template <class T, class It1, class It2, class F>
struct read_pairwise {
  It1 a;
  It2 b;
  mutable F f;
  __device__ T operator()(index_t i) const { return f(a[i], b[i]); }
};

template <class It, class F, class T, class Op>
T transform_reduce(const device_exec& exec, It first, It last, F f, T init, Op op) {
  return dev::reduce(exec, last - first, read_transformed<T, raw<It>, F>{unwrap(first), f}, op,
                     init);
}
template <class It, class T, class Op>
T reduce(const device_exec& exec, It first, It last, T init, Op op) {
  return algo::transform_reduce(exec, first, last, thrust::identity<>(), init, op);
}
template <class It1, class It2, class T, class Op1, class Op2>
T inner_product(const device_exec& exec, It1 first1, It1 last1, It2 first2, T init, Op1 op1,
                Op2 op2) {
  return dev::reduce(exec, last1 - first1,
                     read_pairwise<T, raw<It1>, raw<It2>, Op2>{unwrap(first1), unwrap(first2), op2},
                     op1, init);
}
template <class P>
struct count_one {
  mutable P pred;
  template <class U>
  __device__ index_t operator()(const U& x) const {
    return pred(x) ? 1 : 0;
  }
};
template <class It, class P>
diff_of<It> count_if(const device_exec& exec, It first, It last, P pred) {
  return (diff_of<It>)algo::transform_reduce(exec, first, last, count_one<P>{pred}, (index_t)0,
                                             dev::plus_index());
}

/* Index reductions: the index of the first minimum (or maximum) under comp. */
template <class It, class C, bool Max>
struct pick_index {
  It it;
  mutable C comp;
  __device__ index_t operator()(index_t a, index_t b) const {
    bool b_first = Max ? comp(it[a], it[b]) : comp(it[b], it[a]);
    bool a_first = Max ? comp(it[b], it[a]) : comp(it[a], it[b]);
    if (b_first) return b;
    if (a_first) return a;
    return a < b ? a : b;
  }
};
struct own_index {
  __device__ index_t operator()(index_t i) const { return i; }
};
template <class It, class C>
It min_element(const device_exec& exec, It first, It last, C comp) {
  index_t n = last - first;
  if (n <= 0) return last;
  return first + dev::reduce(exec, n, own_index{}, pick_index<raw<It>, C, false>{unwrap(first), comp},
                             (index_t)0);
}
template <class It, class C>
It max_element(const device_exec& exec, It first, It last, C comp) {
  index_t n = last - first;
  if (n <= 0) return last;
  return first + dev::reduce(exec, n, own_index{}, pick_index<raw<It>, C, true>{unwrap(first), comp},
                             (index_t)0);
}
template <class It, class C>
pair<It, It> minmax_element(const device_exec& exec, It first, It last, C comp) {
  return pair<It, It>(algo::min_element(exec, first, last, comp),
                      algo::max_element(exec, first, last, comp));
}
/* The first i with pred(it[i]), or n. */
template <class It, class P>
struct first_match {
  It it;
  mutable P pred;
  index_t n;
  __device__ index_t operator()(index_t i) const { return pred(it[i]) ? i : n; }
};
struct min_index {
  __device__ index_t operator()(index_t a, index_t b) const { return a < b ? a : b; }
};
template <class It, class P>
It find_if(const device_exec& exec, It first, It last, P pred) {
  index_t n = last - first;
  return first + dev::reduce(exec, n, first_match<raw<It>, P>{unwrap(first), pred, n}, min_index(),
                             n);
}
template <class It1, class It2, class P>
struct mismatch_at {
  It1 a;
  It2 b;
  mutable P pred;
  index_t n;
  __device__ index_t operator()(index_t i) const { return pred(a[i], b[i]) ? n : i; }
};
template <class It1, class It2, class P>
bool equal(const device_exec& exec, It1 first1, It1 last1, It2 first2, P pred) {
  index_t n = last1 - first1;
  return dev::reduce(exec, n,
                     mismatch_at<raw<It1>, raw<It2>, P>{unwrap(first1), unwrap(first2), pred, n},
                     min_index(), n) == n;
}
template <class It, class C>
struct unsorted_at {
  It it;
  mutable C comp;
  index_t n;
  __device__ index_t operator()(index_t i) const {
    return i > 0 && comp(it[i], it[i - 1]) ? i : n;
  }
};
template <class It, class C>
It is_sorted_until(const device_exec& exec, It first, It last, C comp) {
  index_t n = last - first;
  return first + dev::reduce(exec, n, unsorted_at<raw<It>, C>{unwrap(first), comp, n}, min_index(),
                             n);
}

/* ---- scans ------------------------------------------------------------------------------------- */

template <class T, class It>
struct read_as {
  It it;
  __device__ T operator()(index_t i) const { return it[i]; }
};
template <class T, class Out>
struct write_value {
  Out out;
  __device__ void operator()(index_t i, const T& value, const T&) const { out[i] = value; }
};
/* An iterator's elements as values of T: hipCUB takes an input's value type from what it
 * dereferences to, which for a zip iterator is a tuple of references. */
template <class T>
struct as_value {
  template <class U>
  OXHIP_THRUST_HD T operator()(const U& u) const {
    return T(u);
  }
};
template <class T, class It>
transform_iterator<as_value<T>, It> values_of(It it) {
  return transform_iterator<as_value<T>, It>(it, as_value<T>{});
}
/* An array of T is passed as it is: hipCUB reads a whole tile of an aligned array as 16-byte
 * vectors, which it cannot do through an iterator. */
template <class T, class U>
typename std::enable_if<std::is_same<typename std::remove_cv<U>::type, T>::value, U*>::type
values_of(U* it) {
  return it;
}

template <class It, class Out, class T, class Op>
Out scan(const device_exec& exec, It first, It last, Out out, bool has_init, T init, bool exclusive,
         Op op) {
  index_t n = last - first;
  const char* what = exclusive ? "thrust::exclusive_scan" : "thrust::inclusive_scan";
  if (n <= 0) return out;
  if (cub::fits(n) && (exclusive || !has_init)) {
    auto in = values_of<T>(unwrap(first));
    raw<Out> to = unwrap(out);
    cub::const_call<Op> scan_op{op};
    if (exclusive)
      cub::call(exec, [&](void* storage, std::size_t& bytes) {
        return hipcub::DeviceScan::ExclusiveScan(storage, bytes, in, to, scan_op, init, (int)n,
                                                 exec.stream);
      }, what);
    else
      cub::call(exec, [&](void* storage, std::size_t& bytes) {
        return hipcub::DeviceScan::InclusiveScan(storage, bytes, in, to, scan_op, (int)n,
                                                 exec.stream);
      }, what);
  } else {
    dev::scan<T>(exec, n, read_as<T, raw<It>>{unwrap(first)}, op, has_init, init, exclusive,
                 write_value<T, raw<Out>>{unwrap(out)}, (T*)nullptr);
  }
  finish(exec, what);
  return out + n;
}

/* Segmented scans: (head, value) pairs, where head marks that a segment starts within. */
template <class V, class Op>
struct segmented_op {
  mutable Op op;
  __device__ pair<index_t, V> operator()(const pair<index_t, V>& a,
                                         const pair<index_t, V>& b) const {
    return pair<index_t, V>(a.first + b.first, b.first ? b.second : V(op(a.second, b.second)));
  }
};
template <class KIt, class P>
struct is_head {
  KIt keys;
  mutable P pred;
  __device__ bool operator()(index_t i) const { return i == 0 || !pred(keys[i - 1], keys[i]); }
};
/* (head, value); with fold_init a segment's first value is init op value. */
template <class KIt, class VIt, class V, class P, class Op>
struct read_segmented {
  mutable is_head<KIt, P> head;
  VIt values;
  bool fold_init;
  V init;
  mutable Op op;
  __device__ pair<index_t, V> operator()(index_t i) const {
    bool starts = head(i);
    V value = values[i];
    return pair<index_t, V>(starts ? 1 : 0, starts && fold_init ? V(op(init, value)) : value);
  }
};
template <class V, class Out>
struct write_segmented {
  Out out;
  bool exclusive;
  V init;
  __device__ void operator()(index_t i, const pair<index_t, V>& value,
                             const pair<index_t, V>& own) const {
    if (exclusive && own.first)
      out[i] = init;
    else
      out[i] = value.second;
  }
};
template <class KIt, class VIt, class Out, class T, class P, class Op>
Out scan_by_key(const device_exec& exec, KIt keys, KIt keys_last, VIt values, Out out,
                bool exclusive, T init, P pred, Op op) {
  typedef pair<index_t, T> S;
  index_t n = keys_last - keys;
  const char* what = exclusive ? "thrust::exclusive_scan_by_key" : "thrust::inclusive_scan_by_key";
  if (n <= 0) return out;
  if (cub::fits(n)) {
    auto k = values_of<value_of<KIt>>(unwrap(keys));
    auto v = values_of<T>(unwrap(values));
    raw<Out> to = unwrap(out);
    cub::const_call<Op> scan_op{op};
    cub::const_call<P> equal{pred};
    if (exclusive)
      cub::call(exec, [&](void* storage, std::size_t& bytes) {
        return hipcub::DeviceScan::ExclusiveScanByKey(storage, bytes, k, v, to, scan_op, init,
                                                      (int)n, equal, exec.stream);
      }, what);
    else
      cub::call(exec, [&](void* storage, std::size_t& bytes) {
        return hipcub::DeviceScan::InclusiveScanByKey(storage, bytes, k, v, to, scan_op, (int)n,
                                                      equal, exec.stream);
      }, what);
  } else {
    dev::scan<S>(exec, n,
                 read_segmented<raw<KIt>, raw<VIt>, T, P, Op>{
                     is_head<raw<KIt>, P>{unwrap(keys), pred}, unwrap(values), exclusive, init, op},
                 segmented_op<T, Op>{op}, false, S(0, init), exclusive,
                 write_segmented<T, raw<Out>>{unwrap(out), exclusive, init}, (S*)nullptr);
  }
  finish(exec, what);
  return out + n;
}

/* reduce_by_key: the inclusive segmented scan's value at each segment's last element is the
 * segment's sum; the running head count numbers the segments. */
template <class KIt, class P, class KOut, class VOut, class V>
struct write_reduced {
  mutable is_head<KIt, P> head;
  index_t n;
  KOut keys_out;
  VOut values_out;
  __device__ void operator()(index_t i, const pair<index_t, V>& value,
                             const pair<index_t, V>& own) const {
    index_t segment = value.first - 1;
    if (own.first) keys_out[segment] = head.keys[i];
    if (i == n - 1 || head(i + 1)) values_out[segment] = value.second;
  }
};
template <class KIt, class VIt, class KOut, class VOut, class P, class Op>
pair<KOut, VOut> reduce_by_key(const device_exec& exec, KIt keys, KIt keys_last, VIt values,
                               KOut keys_out, VOut values_out, P pred, Op op) {
  typedef value_of<VIt> V;
  typedef pair<index_t, V> S;
  index_t n = keys_last - keys;
  if (n <= 0) return pair<KOut, VOut>(keys_out, values_out);
  if (cub::is_equality<P>::value && cub::fits(n)) {
    auto k = values_of<value_of<KIt>>(unwrap(keys));
    auto v = values_of<V>(unwrap(values));
    raw<KOut> k_out = unwrap(keys_out);
    raw<VOut> v_out = unwrap(values_out);
    cub::const_call<Op> reduce_op{op};
    /* One allocation holds CUB's storage and, after it, the count of runs. */
    std::size_t bytes = 0;
    throw_on_error(hipcub::DeviceReduce::ReduceByKey(nullptr, bytes, k, k_out, v, v_out,
                                                     (int*)nullptr, reduce_op, (int)n,
                                                     exec.stream),
                   "thrust::reduce_by_key");
    std::size_t runs_at = (bytes + 255) & ~(std::size_t)255;
    dev::temp_buffer<unsigned char> storage((dev::index_t)(runs_at + sizeof(int)), exec);
    int* runs_out = reinterpret_cast<int*>(storage.get() + runs_at);
    throw_on_error(hipcub::DeviceReduce::ReduceByKey(storage.get(), bytes, k, k_out, v, v_out,
                                                     runs_out, reduce_op, (int)n, exec.stream),
                   "thrust::reduce_by_key");
    throw_on_error(hipGetLastError(), "thrust::reduce_by_key");
    int count = 0;
    throw_on_error(hipMemcpyAsync(&count, runs_out, sizeof(int), hipMemcpyDeviceToHost, exec.stream),
                   "thrust::reduce_by_key: copying the count");
    wait(exec, "thrust::reduce_by_key");
    return pair<KOut, VOut>(keys_out + count, values_out + count);
  }
  is_head<raw<KIt>, P> head{unwrap(keys), pred};
  S total;
  dev::scan<S>(exec, n,
               read_segmented<raw<KIt>, raw<VIt>, V, P, Op>{head, unwrap(values), false, V(), op},
               segmented_op<V, Op>{op}, false, S(), false,
               write_reduced<raw<KIt>, P, raw<KOut>, raw<VOut>, V>{head, n, unwrap(keys_out),
                                                                   unwrap(values_out)},
               &total);
  return pair<KOut, VOut>(keys_out + total.first, values_out + total.first);
}

/* ---- compactions -------------------------------------------------------------------------------- */

template <class St, class P>
struct flag_by_stencil {
  St stencil;
  mutable P pred;
  __device__ bool operator()(index_t i) const { return pred(stencil[i]); }
};
template <class St, class P>
struct flag_by_stencil_not {
  St stencil;
  mutable P pred;
  __device__ bool operator()(index_t i) const { return !pred(stencil[i]); }
};

template <class It, class St, class Out, class P>
Out copy_if_stencil(const device_exec& exec, It first, It last, St stencil, Out out, P pred) {
  index_t count = cub::select(exec, last - first,
                               flag_by_stencil<raw<St>, P>{unwrap(stencil), pred},
                               unwrap(first), unwrap(out));
  return out + count;
}

/* Compacts the flagged elements of [first, first + n) to the front, through a buffer. */
template <class It, class Flag>
It compact_in_place(const device_exec& exec, It first, index_t n, Flag flag) {
  typedef value_of<It> T;
  if (n <= 0) return first;
  dev::temp_buffer<T> buffer(n, exec);
  index_t count =
      cub::select(exec, n, flag, unwrap(first), buffer.get());
  dev::for_n(exec, count, copy_fn<const T*, raw<It>>{buffer.get(), unwrap(first)});
  finish(exec, "thrust: compaction");
  return first + count;
}
template <class It, class St, class P>
It remove_if_stencil(const device_exec& exec, It first, It last, St stencil, P pred) {
  return algo::compact_in_place(exec, first, last - first,
                                flag_by_stencil_not<raw<St>, P>{unwrap(stencil), pred});
}
template <class It, class P>
It remove_if(const device_exec& exec, It first, It last, P pred) {
  return algo::remove_if_stencil(exec, first, last, first, pred);
}
template <class It, class P>
It unique(const device_exec& exec, It first, It last, P pred) {
  return algo::compact_in_place(exec, first, last - first, is_head<raw<It>, P>{unwrap(first), pred});
}
template <class It, class Out, class P>
Out unique_copy(const device_exec& exec, It first, It last, Out out, P pred) {
  index_t count = cub::select(exec, last - first, is_head<raw<It>, P>{unwrap(first), pred},
                               unwrap(first), unwrap(out));
  return out + count;
}
template <class KIt, class VIt, class KOut, class VOut, class P>
pair<KOut, VOut> unique_by_key_copy(const device_exec& exec, KIt keys, KIt keys_last, VIt values,
                                    KOut keys_out, VOut values_out, P pred) {
  index_t count = cub::select(
      exec, keys_last - keys, is_head<raw<KIt>, P>{unwrap(keys), pred},
      thrust::make_zip_iterator(unwrap(keys), unwrap(values)),
      thrust::make_zip_iterator(unwrap(keys_out), unwrap(values_out)));
  return pair<KOut, VOut>(keys_out + count, values_out + count);
}
template <class KIt, class VIt, class P>
pair<KIt, VIt> unique_by_key(const device_exec& exec, KIt keys, KIt keys_last, VIt values, P pred) {
  typedef value_of<KIt> K;
  typedef value_of<VIt> V;
  index_t n = keys_last - keys;
  if (n <= 0) return pair<KIt, VIt>(keys, values);
  dev::temp_buffer<K> key_buffer(n, exec);
  dev::temp_buffer<V> value_buffer(n, exec);
  index_t count = cub::select(exec, n, is_head<raw<KIt>, P>{unwrap(keys), pred},
                               thrust::make_zip_iterator(unwrap(keys), unwrap(values)),
                               thrust::make_zip_iterator(key_buffer.get(), value_buffer.get()));
  dev::for_n(exec, count, copy_fn<const K*, raw<KIt>>{key_buffer.get(), unwrap(keys)});
  dev::for_n(exec, count, copy_fn<const V*, raw<VIt>>{value_buffer.get(), unwrap(values)});
  finish(exec, "thrust::unique_by_key");
  return pair<KIt, VIt>(keys + count, values + count);
}

/* ---- sorting and searching ---------------------------------------------------------------------- */

/* Arithmetic keys under less or greater: hipCUB's radix sort; other keys and comparators:
 * hipCUB's merge sort. */
template <class KIt, class VIt, class C>
void sort(const device_exec& exec, KIt keys, KIt keys_last, VIt values, bool has_values, C comp) {
  index_t n = keys_last - keys;
  const int order = cub::radix_order<value_of<KIt>, C>::value;
  if (order != 0 && n > 1 && cub::fits(n))
    cub::radix_sort(exec, unwrap(keys), n, unwrap(values), has_values, order == 2);
  else
    cub::merge_sort(exec, unwrap(keys), n, unwrap(values), has_values, comp);
  finish(exec, "thrust::sort");
}

template <class It, class VIt, class Out, class C>
struct search_fn {
  It first;
  index_t n;
  VIt values;
  Out out;
  mutable C comp;
  int kind;
  __device__ void operator()(index_t i) const {
    value_of<VIt> v = values[i];
    if (kind == 0) {
      out[i] = lower_index(first, n, v, comp);
    } else if (kind == 1) {
      out[i] = upper_index(first, n, v, comp);
    } else {
      index_t at = lower_index(first, n, v, comp);
      out[i] = at < n && !comp(v, first[at]);
    }
  }
};
template <class It, class VIt, class Out, class C>
Out search_many(const device_exec& exec, It first, It last, VIt values, VIt values_last, Out out,
                C comp, int kind) {
  index_t n = values_last - values;
  dev::for_n(exec, n,
             search_fn<raw<It>, raw<VIt>, raw<Out>, C>{unwrap(first), (index_t)(last - first),
                                                       unwrap(values), unwrap(out), comp, kind});
  finish(exec, "thrust: vectorized search");
  return out + n;
}

/* merge: each element's place is its index in its own range plus its rank in the other
 * (the first range's elements go first among equals). */
template <class It1, class It2, class Out, class C, bool First>
struct merge_fn {
  It1 mine;
  It2 other;
  index_t other_n;
  Out out;
  mutable C comp;
  __device__ void operator()(index_t i) const {
    index_t rank = First ? lower_index(other, other_n, mine[i], comp)
                         : upper_index(other, other_n, mine[i], comp);
    out[i + rank] = mine[i];
  }
};
template <class It1, class It2, class Out, class C>
Out merge(const device_exec& exec, It1 first1, It1 last1, It2 first2, It2 last2, Out out, C comp) {
  index_t n1 = last1 - first1, n2 = last2 - first2;
  dev::for_n(exec, n1,
             merge_fn<raw<It1>, raw<It2>, raw<Out>, C, true>{unwrap(first1), unwrap(first2), n2,
                                                             unwrap(out), comp});
  dev::for_n(exec, n2,
             merge_fn<raw<It2>, raw<It1>, raw<Out>, C, false>{unwrap(first2), unwrap(first1), n1,
                                                              unwrap(out), comp});
  finish(exec, "thrust::merge");
  return out + (n1 + n2);
}

/* Set operations on multisets: the k-th copy of a value in one range (k counted within its
 * run of equal elements) matches the k-th copy in the other. `keep_matched` keeps the elements
 * with a match (intersection), otherwise those without (difference, and the extras of union). */
template <class It1, class It2, class C>
struct set_flag {
  It1 mine;
  It2 other;
  index_t other_n;
  mutable C comp;
  bool keep_matched;
  __device__ bool operator()(index_t i) const {
    index_t copy = i - lower_index(mine, i, mine[i], comp);
    index_t in_other = upper_index(other, other_n, mine[i], comp) -
                       lower_index(other, other_n, mine[i], comp);
    return (copy < in_other) == keep_matched;
  }
};
template <class It1, class It2, class Out, class C>
Out set_select(const device_exec& exec, It1 first1, It1 last1, It2 first2, It2 last2, Out out,
               C comp, bool keep_matched) {
  index_t count = cub::select(
      exec, last1 - first1,
      set_flag<raw<It1>, raw<It2>, C>{unwrap(first1), unwrap(first2), (index_t)(last2 - first2),
                                      comp, keep_matched},
      unwrap(first1), unwrap(out));
  return out + count;
}
/* kind: 0 union, 1 intersection, 2 difference, 3 symmetric difference. */
template <class It1, class It2, class Out, class C>
Out set_operation(const device_exec& exec, It1 first1, It1 last1, It2 first2, It2 last2, Out out,
                  C comp, int kind) {
  typedef value_of<It1> T;
  if (kind == 1) return algo::set_select(exec, first1, last1, first2, last2, out, comp, true);
  if (kind == 2) return algo::set_select(exec, first1, last1, first2, last2, out, comp, false);
  index_t n1 = last1 - first1, n2 = last2 - first2;
  dev::temp_buffer<T> extra(n1 + n2, exec);
  T* extra2 = extra.get();
  T* end2 = algo::set_select(exec, first2, last2, first1, last1, extra2, comp, false);
  if (kind == 0) return algo::merge(exec, first1, last1, extra2, end2, out, comp);
  T* extra1 = end2;
  T* end1 = algo::set_select(exec, first1, last1, first2, last2, extra1, comp, false);
  return algo::merge(exec, extra1, end1, extra2, end2, out, comp);
}

template <class It1, class It2, class P>
pair<It1, It2> mismatch(const device_exec& exec, It1 first1, It1 last1, It2 first2, P pred) {
  index_t n = last1 - first1;
  index_t at = dev::reduce(exec, n,
                           mismatch_at<raw<It1>, raw<It2>, P>{unwrap(first1), unwrap(first2), pred, n},
                           min_index(), n);
  return pair<It1, It2>(first1 + at, first2 + at);
}
template <class It, class TrueOut, class FalseOut, class P>
pair<TrueOut, FalseOut> partition_copy(const device_exec& exec, It first, It last,
                                       TrueOut out_true, FalseOut out_false, P pred) {
  index_t selected = cub::select(exec, last - first, flag_by_stencil<raw<It>, P>{unwrap(first), pred},
                                  unwrap(first), unwrap(out_true));
  index_t rejected = cub::select(exec, last - first,
                                  flag_by_stencil_not<raw<It>, P>{unwrap(first), pred},
                                  unwrap(first), unwrap(out_false));
  return pair<TrueOut, FalseOut>(out_true + selected, out_false + rejected);
}
template <class It, class P>
It stable_partition(const device_exec& exec, It first, It last, P pred) {
  typedef value_of<It> T;
  index_t n = last - first;
  if (n <= 0) return first;
  dev::temp_buffer<T> buffer(n, exec);
  index_t selected = cub::select(exec, n, flag_by_stencil<raw<It>, P>{unwrap(first), pred},
                                  unwrap(first), buffer.get());
  cub::select(exec, n, flag_by_stencil_not<raw<It>, P>{unwrap(first), pred},
               unwrap(first), buffer.get() + selected);
  dev::for_n(exec, n, copy_fn<const T*, raw<It>>{buffer.get(), unwrap(first)});
  finish(exec, "thrust::stable_partition");
  return first + selected;
}
template <class It, class P>
struct partition_break {
  It it;
  mutable P pred;
  __device__ index_t operator()(index_t i) const { return !pred(it[i]) && pred(it[i + 1]) ? 1 : 0; }
};
template <class It, class P>
bool is_partitioned(const device_exec& exec, It first, It last, P pred) {
  index_t n = last - first;
  if (n <= 1) return true;
  return dev::reduce(exec, n - 1, partition_break<raw<It>, P>{unwrap(first), pred},
                     dev::plus_index(), (index_t)0) == 0;
}

}  // namespace algo
}  // namespace detail
}  // namespace thrust

#endif /* OXHIP_THRUST_DETAIL_ALGORITHMS_DEVICE_H */
