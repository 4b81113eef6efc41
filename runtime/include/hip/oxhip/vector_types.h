/* oxhip headers: the CUDA/HIP vector types (char1 ... double4), their make_* functions
 * and, in C++, HIP's operators on them.
 *
 * Layout is CUDA's, which HIP follows: N elements of T in order (x, y, z, w), size
 * N * sizeof(T), aligned to the whole vector for 1, 2 and 4 elements (at most 16
 * bytes) and to one element for 3. The types are plain structs, so they can be
 * __shared__, __constant__, memcpy'd and brace-initialised ({a, b, c, d}, {} and
 * partial lists) as in CUDA; C++ adds HIP's constructors (element-wise, and an explicit
 * one that fills every element) and operators. There is no `.data` member.
 *
 * The operators are function templates on purpose: CUDA code often brings its own
 * (helper_math.h style `float4 operator+(float4, float4)`), and an ordinary function
 * always wins over a template with the same conversions, so the user's definitions are
 * neither redefinitions nor ambiguous. A scalar operand is converted to the element
 * type first (float4 * 2.5 multiplies in float), as in HIP.
 *
 * Usable from C (structs and make_* functions only) and C++, in HIP compiles (every
 * function is __host__ __device__) and plain host compiles.
 */
#ifndef OXHIP_VECTOR_TYPES_H
#define OXHIP_VECTOR_TYPES_H

#if defined(__HIP__) || defined(__CUDA__)
#define __OXHIP_VHD __attribute__((host, device)) inline
#else
#define __OXHIP_VHD inline
#endif

#if defined(__cplusplus)
#define __OXHIP_VCONSTEXPR constexpr
#else
#define __OXHIP_VCONSTEXPR
#endif

#define __OXHIP_VALIGN1(T) sizeof(T)
#define __OXHIP_VALIGN2(T) (2 * sizeof(T) > 16 ? 16 : 2 * sizeof(T))
#define __OXHIP_VALIGN3(T) sizeof(T)
#define __OXHIP_VALIGN4(T) (4 * sizeof(T) > 16 ? 16 : 4 * sizeof(T))

#if defined(__cplusplus)

/* What the operator templates know about a vector type: its element type, its number
 * of elements and whether it holds integers. Only our vector types have it. */
template <class V> struct __oxhip_vector_info {};
template <bool B, class T> struct __oxhip_vec_enable_if {};
template <class T> struct __oxhip_vec_enable_if<true, T> {
  typedef T type;
};

#define __OXHIP_VSTRUCT_BEGIN(name, T, N)                                                       \
  struct __attribute__((aligned(__OXHIP_VALIGN##N(T)))) name;                                  \
  template <> struct __oxhip_vector_info<name> {                                                \
    typedef T element;                                                                          \
    enum { rank = N, integral = __is_integral(T) };                                             \
  };                                                                                            \
  struct __attribute__((aligned(__OXHIP_VALIGN##N(T)))) name {                                 \
    typedef T value_type;                                                                       \
    name() = default;

#define __OXHIP_VSTRUCT1(name, T)                                                               \
  __OXHIP_VSTRUCT_BEGIN(name, T, 1)                                                             \
  T x;                                                                                          \
  __OXHIP_VHD constexpr name(T x_) : x(x_) {}                                                   \
  }                                                                                             \
  ;
#define __OXHIP_VSTRUCT2(name, T)                                                               \
  __OXHIP_VSTRUCT_BEGIN(name, T, 2)                                                             \
  T x, y;                                                                                       \
  __OXHIP_VHD explicit constexpr name(T s) : x(s), y(s) {}                                      \
  __OXHIP_VHD constexpr name(T x_, T y_) : x(x_), y(y_) {}                                      \
  }                                                                                             \
  ;
#define __OXHIP_VSTRUCT3(name, T)                                                               \
  __OXHIP_VSTRUCT_BEGIN(name, T, 3)                                                             \
  T x, y, z;                                                                                    \
  __OXHIP_VHD explicit constexpr name(T s) : x(s), y(s), z(s) {}                                \
  __OXHIP_VHD constexpr name(T x_, T y_, T z_ = 0) : x(x_), y(y_), z(z_) {}                   \
  }                                                                                             \
  ;
#define __OXHIP_VSTRUCT4(name, T)                                                               \
  __OXHIP_VSTRUCT_BEGIN(name, T, 4)                                                             \
  T x, y, z, w;                                                                                 \
  __OXHIP_VHD explicit constexpr name(T s) : x(s), y(s), z(s), w(s) {}                          \
  __OXHIP_VHD constexpr name(T x_, T y_, T z_ = 0, T w_ = 0)                                \
      : x(x_), y(y_), z(z_), w(w_) {}                                                           \
  }                                                                                             \
  ;

#define __OXHIP_MAKE1(name, T)                                                                  \
  __OXHIP_VHD constexpr name make_##name(T x) { return name(x); }
#define __OXHIP_MAKE2(name, T)                                                                  \
  __OXHIP_VHD constexpr name make_##name(T x, T y) { return name(x, y); }
#define __OXHIP_MAKE3(name, T)                                                                  \
  __OXHIP_VHD constexpr name make_##name(T x, T y, T z) { return name(x, y, z); }
#define __OXHIP_MAKE4(name, T)                                                                  \
  __OXHIP_VHD constexpr name make_##name(T x, T y, T z, T w) { return name(x, y, z, w); }

#else /* C */

#define __OXHIP_VSTRUCT1(name, T)                                                               \
  typedef struct __attribute__((aligned(__OXHIP_VALIGN1(T)))) name { T x; } name;
#define __OXHIP_VSTRUCT2(name, T)                                                               \
  typedef struct __attribute__((aligned(__OXHIP_VALIGN2(T)))) name { T x, y; } name;
#define __OXHIP_VSTRUCT3(name, T)                                                               \
  typedef struct __attribute__((aligned(__OXHIP_VALIGN3(T)))) name { T x, y, z; } name;
#define __OXHIP_VSTRUCT4(name, T)                                                               \
  typedef struct __attribute__((aligned(__OXHIP_VALIGN4(T)))) name { T x, y, z, w; } name;

#define __OXHIP_MAKE1(name, T)                                                                  \
  static __OXHIP_VHD name make_##name(T x) { name v; v.x = x; return v; }
#define __OXHIP_MAKE2(name, T)                                                                  \
  static __OXHIP_VHD name make_##name(T x, T y) { name v; v.x = x; v.y = y; return v; }
#define __OXHIP_MAKE3(name, T)                                                                  \
  static __OXHIP_VHD name make_##name(T x, T y, T z) {                                         \
    name v; v.x = x; v.y = y; v.z = z; return v;                                               \
  }
#define __OXHIP_MAKE4(name, T)                                                                  \
  static __OXHIP_VHD name make_##name(T x, T y, T z, T w) {                                    \
    name v; v.x = x; v.y = y; v.z = z; v.w = w; return v;                                      \
  }

#endif

#define __OXHIP_VECTORS(prefix, T)                                                              \
  __OXHIP_VSTRUCT1(prefix##1, T) __OXHIP_VSTRUCT2(prefix##2, T)                                 \
  __OXHIP_VSTRUCT3(prefix##3, T) __OXHIP_VSTRUCT4(prefix##4, T)                                 \
  __OXHIP_MAKE1(prefix##1, T) __OXHIP_MAKE2(prefix##2, T)                                       \
  __OXHIP_MAKE3(prefix##3, T) __OXHIP_MAKE4(prefix##4, T)

__OXHIP_VECTORS(char, signed char)
__OXHIP_VECTORS(uchar, unsigned char)
__OXHIP_VECTORS(short, short)
__OXHIP_VECTORS(ushort, unsigned short)
__OXHIP_VECTORS(int, int)
__OXHIP_VECTORS(uint, unsigned int)
__OXHIP_VECTORS(long, long)
__OXHIP_VECTORS(ulong, unsigned long)
__OXHIP_VECTORS(longlong, long long)
__OXHIP_VECTORS(ulonglong, unsigned long long)
__OXHIP_VECTORS(float, float)
__OXHIP_VECTORS(double, double)

#undef __OXHIP_VECTORS
#undef __OXHIP_VSTRUCT_BEGIN
#undef __OXHIP_VSTRUCT1
#undef __OXHIP_VSTRUCT2
#undef __OXHIP_VSTRUCT3
#undef __OXHIP_VSTRUCT4
#undef __OXHIP_MAKE1
#undef __OXHIP_MAKE2
#undef __OXHIP_MAKE3
#undef __OXHIP_MAKE4
#undef __OXHIP_VALIGN1
#undef __OXHIP_VALIGN2
#undef __OXHIP_VALIGN3
#undef __OXHIP_VALIGN4

#if defined(__cplusplus)

/* ---- operators (C++) ----------------------------------------------------------------- */

/* The return type R of an operator on vector V with n elements (the I forms: integer
 * elements only; the S forms: with an arithmetic scalar S); substitution fails for
 * anything else, so these templates never compete with user types. */
#define __OXHIP_VRET(V, R, n) typename __oxhip_vec_enable_if<__oxhip_vector_info<V>::rank == n, R>::type
#define __OXHIP_VRETI(V, R, n)                                                                  \
  typename __oxhip_vec_enable_if<__oxhip_vector_info<V>::rank == n && __oxhip_vector_info<V>::integral, \
                             R>::type
#define __OXHIP_VSRET(V, S, R, n)                                                               \
  typename __oxhip_vec_enable_if<__oxhip_vector_info<V>::rank == n && __is_arithmetic(S), R>::type
#define __OXHIP_VSRETI(V, S, R, n)                                                              \
  typename __oxhip_vec_enable_if<__oxhip_vector_info<V>::rank == n &&                               \
                                 __oxhip_vector_info<V>::integral && __is_integral(S),          \
                             R>::type
#define __OXHIP_E(V) typename __oxhip_vector_info<V>::element

/* M(op, member) for each member of an n-element vector, comma-separated. */
#define __OXHIP_VLIST1(M, op) M(op, x)
#define __OXHIP_VLIST2(M, op) M(op, x), M(op, y)
#define __OXHIP_VLIST3(M, op) M(op, x), M(op, y), M(op, z)
#define __OXHIP_VLIST4(M, op) M(op, x), M(op, y), M(op, z), M(op, w)
#define __OXHIP_VVV(op, c) (__OXHIP_E(V))(a.c op b.c)
#define __OXHIP_VVS(op, c) (__OXHIP_E(V))(a.c op(__OXHIP_E(V)) s)
#define __OXHIP_VSV(op, c) (__OXHIP_E(V))((__OXHIP_E(V))s op a.c)
#define __OXHIP_VUN(op, c) (__OXHIP_E(V))(op a.c)
#define __OXHIP_VEQ(op, c) a.c == b.c

/* One binary operator for n-element vectors: vector op vector, vector op scalar, scalar op
 * vector and the compound assignments. */
#define __OXHIP_VBINARY_N(op, n, RET, SRET)                                                     \
  template <class V> __OXHIP_VHD constexpr RET(V, V, n) operator op(const V &a, const V &b) {   \
    return V(__OXHIP_VLIST##n(__OXHIP_VVV, op));                                                \
  }                                                                                             \
  template <class V, class S>                                                                   \
  __OXHIP_VHD constexpr SRET(V, S, V, n) operator op(const V &a, S s) {                         \
    return V(__OXHIP_VLIST##n(__OXHIP_VVS, op));                                                \
  }                                                                                             \
  template <class V, class S>                                                                   \
  __OXHIP_VHD constexpr SRET(V, S, V, n) operator op(S s, const V &a) {                         \
    return V(__OXHIP_VLIST##n(__OXHIP_VSV, op));                                                \
  }                                                                                             \
  template <class V> __OXHIP_VHD RET(V, V &, n) operator op##=(V &a, const V &b) {              \
    a = a op b;                                                                                 \
    return a;                                                                                   \
  }                                                                                             \
  template <class V, class S> __OXHIP_VHD SRET(V, S, V &, n) operator op##=(V &a, S s) {        \
    a = a op s;                                                                                 \
    return a;                                                                                   \
  }
#define __OXHIP_VBINARY(op, RET, SRET)                                                          \
  __OXHIP_VBINARY_N(op, 1, RET, SRET)                                                           \
  __OXHIP_VBINARY_N(op, 2, RET, SRET)                                                           \
  __OXHIP_VBINARY_N(op, 3, RET, SRET)                                                           \
  __OXHIP_VBINARY_N(op, 4, RET, SRET)

__OXHIP_VBINARY(+, __OXHIP_VRET, __OXHIP_VSRET)
__OXHIP_VBINARY(-, __OXHIP_VRET, __OXHIP_VSRET)
__OXHIP_VBINARY(*, __OXHIP_VRET, __OXHIP_VSRET)
__OXHIP_VBINARY(/, __OXHIP_VRET, __OXHIP_VSRET)
__OXHIP_VBINARY(%, __OXHIP_VRETI, __OXHIP_VSRETI)
__OXHIP_VBINARY(&, __OXHIP_VRETI, __OXHIP_VSRETI)
__OXHIP_VBINARY(|, __OXHIP_VRETI, __OXHIP_VSRETI)
__OXHIP_VBINARY(^, __OXHIP_VRETI, __OXHIP_VSRETI)
__OXHIP_VBINARY(<<, __OXHIP_VRETI, __OXHIP_VSRETI)
__OXHIP_VBINARY(>>, __OXHIP_VRETI, __OXHIP_VSRETI)

/* Unary operators, equality (all elements equal), increment and decrement. */
#define __OXHIP_VUNARY_N(n)                                                                     \
  template <class V> __OXHIP_VHD constexpr __OXHIP_VRET(V, V, n) operator-(const V &a) {        \
    return V(__OXHIP_VLIST##n(__OXHIP_VUN, -));                                                 \
  }                                                                                             \
  template <class V> __OXHIP_VHD constexpr __OXHIP_VRET(V, V, n) operator+(const V &a) {        \
    return a;                                                                                   \
  }                                                                                             \
  template <class V> __OXHIP_VHD constexpr __OXHIP_VRETI(V, V, n) operator~(const V &a) {       \
    return V(__OXHIP_VLIST##n(__OXHIP_VUN, ~));                                                 \
  }                                                                                             \
  template <class V>                                                                            \
  __OXHIP_VHD constexpr __OXHIP_VRET(V, bool, n) operator==(const V &a, const V &b) {           \
    return __OXHIP_VAND##n(__OXHIP_VEQ);                                                        \
  }                                                                                             \
  template <class V>                                                                            \
  __OXHIP_VHD constexpr __OXHIP_VRET(V, bool, n) operator!=(const V &a, const V &b) {           \
    return !(a == b);                                                                           \
  }                                                                                             \
  template <class V> __OXHIP_VHD __OXHIP_VRET(V, V &, n) operator++(V &a) { return a += 1; }    \
  template <class V> __OXHIP_VHD __OXHIP_VRET(V, V &, n) operator--(V &a) { return a -= 1; }    \
  template <class V> __OXHIP_VHD __OXHIP_VRET(V, V, n) operator++(V &a, int) {                  \
    V old = a;                                                                                  \
    a += 1;                                                                                     \
    return old;                                                                                 \
  }                                                                                             \
  template <class V> __OXHIP_VHD __OXHIP_VRET(V, V, n) operator--(V &a, int) {                  \
    V old = a;                                                                                  \
    a -= 1;                                                                                     \
    return old;                                                                                 \
  }
#define __OXHIP_VAND1(M) M(==, x)
#define __OXHIP_VAND2(M) M(==, x) && M(==, y)
#define __OXHIP_VAND3(M) M(==, x) && M(==, y) && M(==, z)
#define __OXHIP_VAND4(M) M(==, x) && M(==, y) && M(==, z) && M(==, w)
__OXHIP_VUNARY_N(1)
__OXHIP_VUNARY_N(2)
__OXHIP_VUNARY_N(3)
__OXHIP_VUNARY_N(4)

#undef __OXHIP_VUNARY_N
#undef __OXHIP_VAND1
#undef __OXHIP_VAND2
#undef __OXHIP_VAND3
#undef __OXHIP_VAND4
#undef __OXHIP_VBINARY
#undef __OXHIP_VBINARY_N
#undef __OXHIP_VLIST1
#undef __OXHIP_VLIST2
#undef __OXHIP_VLIST3
#undef __OXHIP_VLIST4
#undef __OXHIP_VVV
#undef __OXHIP_VVS
#undef __OXHIP_VSV
#undef __OXHIP_VUN
#undef __OXHIP_VEQ
#undef __OXHIP_VRET
#undef __OXHIP_VRETI
#undef __OXHIP_VSRET
#undef __OXHIP_VSRETI
#undef __OXHIP_E

#endif /* __cplusplus */

#endif /* OXHIP_VECTOR_TYPES_H */
