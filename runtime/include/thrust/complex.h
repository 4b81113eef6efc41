/* oxhip: thrust::complex<T>, usable in host and device code: arithmetic with complex and
 * real operands, comparisons, abs, arg, norm, conj, polar, proj, exp, log, log10, sqrt, pow,
 * the trigonometric and hyperbolic functions, and stream output. The layout is two T's, as
 * std::complex<T> and hipFloatComplex/hipDoubleComplex. */
#ifndef OXHIP_THRUST_COMPLEX_H
#define OXHIP_THRUST_COMPLEX_H

#include <thrust/detail/config.h>

#include <complex>

namespace thrust {

namespace detail {
/* The C math functions for float and double, by overload. */
OXHIP_THRUST_HD inline float c_sqrt(float x) { return ::sqrtf(x); }
OXHIP_THRUST_HD inline double c_sqrt(double x) { return ::sqrt(x); }
OXHIP_THRUST_HD inline float c_hypot(float x, float y) { return ::hypotf(x, y); }
OXHIP_THRUST_HD inline double c_hypot(double x, double y) { return ::hypot(x, y); }
OXHIP_THRUST_HD inline float c_atan2(float y, float x) { return ::atan2f(y, x); }
OXHIP_THRUST_HD inline double c_atan2(double y, double x) { return ::atan2(y, x); }
OXHIP_THRUST_HD inline float c_exp(float x) { return ::expf(x); }
OXHIP_THRUST_HD inline double c_exp(double x) { return ::exp(x); }
OXHIP_THRUST_HD inline float c_log(float x) { return ::logf(x); }
OXHIP_THRUST_HD inline double c_log(double x) { return ::log(x); }
OXHIP_THRUST_HD inline float c_sin(float x) { return ::sinf(x); }
OXHIP_THRUST_HD inline double c_sin(double x) { return ::sin(x); }
OXHIP_THRUST_HD inline float c_cos(float x) { return ::cosf(x); }
OXHIP_THRUST_HD inline double c_cos(double x) { return ::cos(x); }
OXHIP_THRUST_HD inline float c_sinh(float x) { return ::sinhf(x); }
OXHIP_THRUST_HD inline double c_sinh(double x) { return ::sinh(x); }
OXHIP_THRUST_HD inline float c_cosh(float x) { return ::coshf(x); }
OXHIP_THRUST_HD inline double c_cosh(double x) { return ::cosh(x); }
}  // namespace detail

template <class T>
struct alignas(2 * sizeof(T)) complex {
 public:
  typedef T value_type;

  OXHIP_THRUST_HD constexpr complex(const T& re = T(), const T& im = T()) : re_(re), im_(im) {}
  template <class U>
  OXHIP_THRUST_HD constexpr complex(const complex<U>& other)
      : re_((T)other.real()), im_((T)other.imag()) {}
  complex(const std::complex<T>& other) : re_(other.real()), im_(other.imag()) {}
  operator std::complex<T>() const { return std::complex<T>(re_, im_); }

  OXHIP_THRUST_HD constexpr T real() const { return re_; }
  OXHIP_THRUST_HD constexpr T imag() const { return im_; }
  OXHIP_THRUST_HD void real(T re) { re_ = re; }
  OXHIP_THRUST_HD void imag(T im) { im_ = im; }

  OXHIP_THRUST_HD complex& operator=(const T& re) {
    re_ = re;
    im_ = T();
    return *this;
  }
  OXHIP_THRUST_HD complex& operator+=(const complex& z) {
    re_ += z.re_;
    im_ += z.im_;
    return *this;
  }
  OXHIP_THRUST_HD complex& operator-=(const complex& z) {
    re_ -= z.re_;
    im_ -= z.im_;
    return *this;
  }
  OXHIP_THRUST_HD complex& operator*=(const complex& z) {
    T re = re_ * z.re_ - im_ * z.im_;
    im_ = re_ * z.im_ + im_ * z.re_;
    re_ = re;
    return *this;
  }
  OXHIP_THRUST_HD complex& operator/=(const complex& z) {
    /* Scaled by the larger part of z, so that |z|^2 does not overflow early. */
    T scale = (z.re_ < 0 ? -z.re_ : z.re_) > (z.im_ < 0 ? -z.im_ : z.im_) ? (z.re_ < 0 ? -z.re_ : z.re_)
                                                                         : (z.im_ < 0 ? -z.im_ : z.im_);
    T a = z.re_ / scale, b = z.im_ / scale;
    T denominator = a * a + b * b;
    T re = (re_ * a + im_ * b) / denominator / scale;
    im_ = (im_ * a - re_ * b) / denominator / scale;
    re_ = re;
    return *this;
  }
  OXHIP_THRUST_HD complex& operator+=(const T& x) {
    re_ += x;
    return *this;
  }
  OXHIP_THRUST_HD complex& operator-=(const T& x) {
    re_ -= x;
    return *this;
  }
  OXHIP_THRUST_HD complex& operator*=(const T& x) {
    re_ *= x;
    im_ *= x;
    return *this;
  }
  OXHIP_THRUST_HD complex& operator/=(const T& x) {
    re_ /= x;
    im_ /= x;
    return *this;
  }

 private:
  T re_;
  T im_;
};

#define OXHIP_THRUST_COMPLEX_OP(op)                                                        \
  template <class T>                                                                       \
  OXHIP_THRUST_HD complex<T> operator op(const complex<T>& a, const complex<T>& b) {       \
    complex<T> r(a);                                                                       \
    r op## = b;                                                                            \
    return r;                                                                              \
  }                                                                                        \
  template <class T>                                                                       \
  OXHIP_THRUST_HD complex<T> operator op(const complex<T>& a, const T& b) {                \
    complex<T> r(a);                                                                       \
    r op## = complex<T>(b);                                                                \
    return r;                                                                              \
  }                                                                                        \
  template <class T>                                                                       \
  OXHIP_THRUST_HD complex<T> operator op(const T& a, const complex<T>& b) {                \
    complex<T> r(a);                                                                       \
    r op## = b;                                                                            \
    return r;                                                                              \
  }
OXHIP_THRUST_COMPLEX_OP(+)
OXHIP_THRUST_COMPLEX_OP(-)
OXHIP_THRUST_COMPLEX_OP(*)
OXHIP_THRUST_COMPLEX_OP(/)
#undef OXHIP_THRUST_COMPLEX_OP

template <class T>
OXHIP_THRUST_HD complex<T> operator+(const complex<T>& z) {
  return z;
}
template <class T>
OXHIP_THRUST_HD complex<T> operator-(const complex<T>& z) {
  return complex<T>(-z.real(), -z.imag());
}
template <class T>
OXHIP_THRUST_HD bool operator==(const complex<T>& a, const complex<T>& b) {
  return a.real() == b.real() && a.imag() == b.imag();
}
template <class T>
OXHIP_THRUST_HD bool operator==(const complex<T>& a, const T& b) {
  return a.real() == b && a.imag() == T();
}
template <class T>
OXHIP_THRUST_HD bool operator==(const T& a, const complex<T>& b) {
  return b == a;
}
template <class T>
OXHIP_THRUST_HD bool operator!=(const complex<T>& a, const complex<T>& b) {
  return !(a == b);
}
template <class T>
OXHIP_THRUST_HD bool operator!=(const complex<T>& a, const T& b) {
  return !(a == b);
}

template <class T>
OXHIP_THRUST_HD T real(const complex<T>& z) {
  return z.real();
}
template <class T>
OXHIP_THRUST_HD T imag(const complex<T>& z) {
  return z.imag();
}
template <class T>
OXHIP_THRUST_HD T abs(const complex<T>& z) {
  return detail::c_hypot(z.real(), z.imag());
}
template <class T>
OXHIP_THRUST_HD T arg(const complex<T>& z) {
  return detail::c_atan2(z.imag(), z.real());
}
template <class T>
OXHIP_THRUST_HD T norm(const complex<T>& z) {
  return z.real() * z.real() + z.imag() * z.imag();
}
template <class T>
OXHIP_THRUST_HD complex<T> conj(const complex<T>& z) {
  return complex<T>(z.real(), -z.imag());
}
template <class T>
OXHIP_THRUST_HD complex<T> polar(const T& magnitude, const T& angle = T()) {
  return complex<T>(magnitude * detail::c_cos(angle), magnitude * detail::c_sin(angle));
}
template <class T>
OXHIP_THRUST_HD complex<T> proj(const complex<T>& z) {
  return z;
}
template <class T>
OXHIP_THRUST_HD complex<T> exp(const complex<T>& z) {
  return polar(detail::c_exp(z.real()), z.imag());
}
template <class T>
OXHIP_THRUST_HD complex<T> log(const complex<T>& z) {
  return complex<T>(detail::c_log(abs(z)), arg(z));
}
template <class T>
OXHIP_THRUST_HD complex<T> log10(const complex<T>& z) {
  return log(z) / T(2.302585092994045684);
}
template <class T>
OXHIP_THRUST_HD complex<T> sqrt(const complex<T>& z) {
  T magnitude = abs(z);
  T re = detail::c_sqrt((magnitude + (z.real() < 0 ? -z.real() : z.real())) / T(2));
  if (re == T()) return complex<T>();
  if (z.real() >= T()) return complex<T>(re, z.imag() / (T(2) * re));
  return complex<T>((z.imag() < 0 ? -z.imag() : z.imag()) / (T(2) * re),
                    z.imag() < T() ? -re : re);
}
template <class T>
OXHIP_THRUST_HD complex<T> pow(const complex<T>& base, const complex<T>& exponent) {
  if (base == complex<T>()) return complex<T>();
  return exp(exponent * log(base));
}
template <class T>
OXHIP_THRUST_HD complex<T> pow(const complex<T>& base, const T& exponent) {
  if (base == complex<T>()) return complex<T>();
  return polar(detail::c_exp(exponent * detail::c_log(abs(base))), exponent * arg(base));
}
template <class T>
OXHIP_THRUST_HD complex<T> pow(const T& base, const complex<T>& exponent) {
  return pow(complex<T>(base), exponent);
}
template <class T>
OXHIP_THRUST_HD complex<T> sin(const complex<T>& z) {
  return complex<T>(detail::c_sin(z.real()) * detail::c_cosh(z.imag()),
                    detail::c_cos(z.real()) * detail::c_sinh(z.imag()));
}
template <class T>
OXHIP_THRUST_HD complex<T> cos(const complex<T>& z) {
  return complex<T>(detail::c_cos(z.real()) * detail::c_cosh(z.imag()),
                    -detail::c_sin(z.real()) * detail::c_sinh(z.imag()));
}
template <class T>
OXHIP_THRUST_HD complex<T> tan(const complex<T>& z) {
  return sin(z) / cos(z);
}
template <class T>
OXHIP_THRUST_HD complex<T> sinh(const complex<T>& z) {
  return complex<T>(detail::c_sinh(z.real()) * detail::c_cos(z.imag()),
                    detail::c_cosh(z.real()) * detail::c_sin(z.imag()));
}
template <class T>
OXHIP_THRUST_HD complex<T> cosh(const complex<T>& z) {
  return complex<T>(detail::c_cosh(z.real()) * detail::c_cos(z.imag()),
                    detail::c_sinh(z.real()) * detail::c_sin(z.imag()));
}
template <class T>
OXHIP_THRUST_HD complex<T> tanh(const complex<T>& z) {
  return sinh(z) / cosh(z);
}

template <class T, class C, class Traits>
std::basic_ostream<C, Traits>& operator<<(std::basic_ostream<C, Traits>& os, const complex<T>& z) {
  return os << '(' << z.real() << ',' << z.imag() << ')';
}

}  // namespace thrust

#endif /* OXHIP_THRUST_COMPLEX_H */
