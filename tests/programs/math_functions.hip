// The C and CUDA math functions beyond the elementary ones, in device code, in double and
// float: gamma, the inverse error functions and the normal distribution, erfcx, the
// pi-scaled trigonometric functions, reciprocal cube root, norms, the exact operations
// on the representation (frexp, modf, logb, ilogb, scalbn, nextafter, remainder, remquo,
// lround), and the Bessel functions (j0 .. yn also on the host, from the C library). Each
// result is compared with a value known in closed form or computed here on the host; the
// accuracy over whole ranges is devicelibs/tests/ulp.rs's job. CUDA's own functions
// (erfinv, normcdf, sinpi, rcbrt, norm3d, cyl_bessel_i0, ...) are also called from host
// code, which links the device library's host bitcode.
#include "check.h"
#include <cmath>
#include <cstring>
#include <vector>

struct Case {
  const char* name;
  double got;
  double want;
  double tolerance;  // relative; 0: exact
};

constexpr int kCases = 105;

__global__ void compute(double* out, int* ints) {
  int k = 0;
  const double sqrt_pi = 1.7724538509055160273;
  out[k++] = lgamma(0.5) - log(sqrt_pi);    // 0
  out[k++] = lgamma(10.0);                   // ln 9!
  out[k++] = lgamma(-2.5);                   // ln(8 sqrt(pi) / 15)
  out[k++] = tgamma(5.0);                    // 24
  out[k++] = tgamma(0.5);                    // sqrt(pi)
  out[k++] = tgamma(-1.5);                   // 4 sqrt(pi) / 3
  out[k++] = tgamma(100.5) / tgamma(99.5);   // 99.5
  out[k++] = erfinv(erf(0.3));
  out[k++] = erfinv(erf(2.75));
  out[k++] = erfcinv(erfc(5.5));
  out[k++] = erfcinv(1e-300);                // 26.209469960516124...
  out[k++] = normcdf(0.0);
  out[k++] = normcdf(-1.0);                  // 0.158655253931457...
  out[k++] = normcdfinv(0.975);              // 1.959963984540054
  out[k++] = erfcx(0.0);
  out[k++] = erfcx(30.0);                    // 0.01879201...
  out[k++] = sinpi(0.5);
  out[k++] = sinpi(1.0);
  out[k++] = cospi(1.0);
  out[k++] = sinpi(1.0 / 6.0);
  out[k++] = rcbrt(8.0);
  out[k++] = rcbrt(-27.0);
  out[k++] = norm3d(2.0, 3.0, 6.0);
  out[k++] = rnorm3d(2.0, 3.0, 6.0);
  out[k++] = norm4d(1.0, 1.0, 1.0, 1.0);
  out[k++] = rhypot(3.0, 4.0);
  double values[5] = {1, 2, 2, 4, 4};
  out[k++] = norm(5, values);                // 41^0.5
  int e = 0;
  out[k++] = frexp(12.0, &e);                // 0.75, e = 4
  ints[0] = e;
  double whole;
  out[k++] = modf(-3.25, &whole);            // -0.25, whole = -3
  out[k++] = whole;
  out[k++] = logb(1000.0);                   // 9
  ints[1] = ilogb(0x1p-1070);                // -1070
  out[k++] = scalbn(3.0, -1080);             // 3 * 2^-1080: a subnormal
  out[k++] = nextafter(1.0, 2.0) - 1.0;      // 2^-52
  out[k++] = remainder(10.0, 3.0);           // 1
  out[k++] = remainder(11.0, 2.0);           // -1 (ties to even: 5.5 -> 6)
  int quotient = 0;
  out[k++] = remquo(29.0, 3.0, &quotient);   // -1, quotient 10
  ints[2] = quotient;
  ints[3] = (int)lround(2.5);                // 3
  ints[4] = (int)lrint(2.5);                 // 2
  ints[5] = (int)llround(-2.5);              // -3
  // float forms
  out[k++] = lgammaf(0.5f) - logf(1.7724539f);
  out[k++] = tgammaf(6.0f);                  // 120
  out[k++] = erfinvf(erff(0.5f));
  out[k++] = erfcinvf(erfcf(1.5f));
  out[k++] = normcdff(1.0f);                 // 0.841344746...
  out[k++] = normcdfinvf(0.5f);              // 0
  out[k++] = erfcxf(1.0f);                   // 0.427583576...
  out[k++] = sinpif(0.25f);                  // sqrt(2)/2
  out[k++] = cospif(2.0f / 3.0f);            // -0.5
  out[k++] = rcbrtf(0.125f);                 // 2
  out[k++] = norm3df(1.0f, 2.0f, 2.0f);      // 3
  out[k++] = rhypotf(6.0f, 8.0f);            // 0.1
  int ef = 0;
  out[k++] = frexpf(-5.0f, &ef);             // -0.625, e = 3
  ints[6] = ef;
  out[k++] = remainderf(7.0f, 2.0f);         // -1
  out[k++] = nextafterf(1.0f, 0.0f);         // 1 - 2^-24
  out[k++] = logbf(0.1f);                    // -4
  float sine, cosine;
  sincospif(1.0f / 3.0f, &sine, &cosine);
  out[k++] = sine;                           // sqrt(3)/2
  out[k++] = cosine;                         // 0.5
  double sd, cd;
  sincospi(0.75, &sd, &cd);
  out[k++] = sd + cd;                        // 0
  out[k++] = std::lgamma(3.0);               // ln 2, through std::
  out[k++] = std::tgamma(4.0);               // 6
  // pow with constant exponents (the headers' product, argument, 1 and quotient forms).
  volatile double one_point_one = 1.1;
  double x = one_point_one;
  out[k++] = pow(x, 2.0);                    // 1.1 * 1.1, rounded once
  out[k++] = 1.0 / pow(-0.0, 2.0);           // +inf: (-0)^2 is +0
  out[k++] = pow(__builtin_nan(""), 0.0);    // 1
  out[k++] = pow(-0.0, -1.0);                // -inf
  out[k++] = powf((float)x * 2.0f, 2.0f) + pow(2.5f, 2);  // 2.2f^2 + 6.25 (float)
  out[k++] = pow(x, 3.0);                    // the general path
  out[k++] = pow(x, 1.0) + pow(x, 0);        // 2.1
  // Bessel functions (values from mpmath).
  out[k++] = j0(0.0);                        // 1
  out[k++] = j0(2.404825557695773);          // next to the first zero: -6.1087652597367304e-17
  out[k++] = j1(1.0);
  out[k++] = y0(1.0);
  out[k++] = y1(1.0);
  out[k++] = jn(5, 2.0);
  out[k++] = yn(3, 2.0);
  out[k++] = cyl_bessel_i0(1.0);
  out[k++] = cyl_bessel_i1(20.0);
  out[k++] = j0(1e6);                        // the Hankel form
  out[k++] = jn(50, 10.0);                   // Miller's backward recurrence
  out[k++] = jn(-3, 2.0);                    // NaN, as in CUDA (C: -jn(3, 2))
  out[k++] = y0(1e-300);
  out[k++] = y0(0.0);                        // -inf
  out[k++] = j0f(1.0f);
  out[k++] = j1f(8.0f);
  out[k++] = y0f(0.5f);
  out[k++] = y1f(3.0f);
  out[k++] = jnf(2, 10.0f);
  out[k++] = ynf(2, 10.0f);
  out[k++] = cyl_bessel_i0f(3.0f);
  out[k++] = cyl_bessel_i1f(-2.0f);
  out[k++] = y1(-1.0);                       // NaN
  out[k++] = j1(-0.0);                       // -0
  out[k++] = j0(1.0);                        // compared with the host's j0 below
  out[k++] = jnf(3, 1.5f);                   // compared with the host's jnf below
  const float just_above_one = 1.0f + 0x1p-23f;  // its square is 1 + 2^-22 + 2^-46
  out[k++] = fdividef(1.0f, (float)(x + 1.9));  // 1/3, correctly rounded
  out[k++] = __fmaf_ieee_ru(just_above_one, just_above_one, 0.0f);
  out[k++] = __fmaf_ieee_rd(just_above_one, just_above_one, 0.0f);
  // log1pf and cbrtf at their rare inputs, which both take by a selection, not a branch,
  // and at the edges of their reductions; the arguments hidden from the optimiser.
  volatile float opaque_one = 1.0f;
  const float unit = opaque_one;
  out[k++] = log1pf(-0.0f * unit);                // -0
  out[k++] = log1pf(-unit);                       // -inf
  out[k++] = log1pf(-2.0f * unit);                // NaN
  out[k++] = log1pf(INFINITY * unit);             // inf
  out[k++] = log1pf(0x1.fffffep-2f * unit);       // 1 + x rounds to 3/2 (nearest)
  out[k++] = log1pf(0x1p-140f * unit);            // a subnormal: x itself
  out[k++] = cbrtf(-0.0f * unit);                 // -0
  out[k++] = cbrtf(-INFINITY * unit);             // -inf
  out[k++] = cbrtf(__builtin_nanf("") * unit);    // NaN
  out[k++] = cbrtf(-0x1p-147f * unit);            // -2^-49, from a subnormal
  out[k++] = cbrtf(0x1p-120f * unit);             // 2^-40, scaled by 2^75 inside
  out[k++] = cbrtf(-27.0f * unit);                // -3
  ints[7] = k;
}

int main() {
  print_device("math_functions");
  double* d_out;
  int* d_ints;
  CHECK(hipMalloc(&d_out, kCases * sizeof(double)));
  CHECK(hipMalloc(&d_ints, 8 * sizeof(int)));
  CHECK(hipMemset(d_out, 0xff, kCases * sizeof(double)));
  compute<<<1, 1>>>(d_out, d_ints);
  CHECK_LAUNCH();
  std::vector<double> got(kCases);
  int ints[8];
  CHECK(hipMemcpy(got.data(), d_out, kCases * sizeof(double), hipMemcpyDeviceToHost));
  CHECK(hipMemcpy(ints, d_ints, sizeof ints, hipMemcpyDeviceToHost));
  const double sqrt_pi = 1.7724538509055160273;
  const double tight = 1e-14, loose = 4e-7;
  const Case cases[] = {
      {"lgamma(0.5) - ln sqrt(pi)", got[0], 0.0, tight},
      {"lgamma(10)", got[1], std::log(362880.0), tight},
      {"lgamma(-2.5)", got[2], std::log(8 * sqrt_pi / 15), tight},
      {"tgamma(5)", got[3], 24.0, 0},
      {"tgamma(0.5)", got[4], sqrt_pi, tight},
      {"tgamma(-1.5)", got[5], 4 * sqrt_pi / 3, tight},
      {"tgamma(100.5) / tgamma(99.5)", got[6], 99.5, tight},
      {"erfinv(erf(0.3))", got[7], 0.3, tight},
      {"erfinv(erf(2.75))", got[8], 2.75, 1e-12},
      {"erfcinv(erfc(5.5))", got[9], 5.5, tight},
      {"erfcinv(1e-300)", got[10], 26.209469960516124, tight},
      {"normcdf(0)", got[11], 0.5, 0},
      {"normcdf(-1)", got[12], 0.15865525393145705, tight},
      {"normcdfinv(0.975)", got[13], 1.959963984540054, tight},
      {"erfcx(0)", got[14], 1.0, 0},
      {"erfcx(30)", got[15], 0.018795888861416751, tight},
      {"sinpi(0.5)", got[16], 1.0, 0},
      {"sinpi(1)", got[17], 0.0, 0},
      {"cospi(1)", got[18], -1.0, 0},
      {"sinpi(1/6)", got[19], 0.5, tight},
      {"rcbrt(8)", got[20], 0.5, 0},
      {"rcbrt(-27)", got[21], -1.0 / 3.0, tight},
      {"norm3d(2, 3, 6)", got[22], 7.0, 0},
      {"rnorm3d(2, 3, 6)", got[23], 1.0 / 7.0, tight},
      {"norm4d(1, 1, 1, 1)", got[24], 2.0, 0},
      {"rhypot(3, 4)", got[25], 0.2, tight},
      {"norm(5, ...)", got[26], std::sqrt(41.0), tight},
      {"frexp(12)", got[27], 0.75, 0},
      {"modf(-3.25)", got[28], -0.25, 0},
      {"modf(-3.25) whole", got[29], -3.0, 0},
      {"logb(1000)", got[30], 9.0, 0},
      {"scalbn(3, -1080)", got[31], std::ldexp(3.0, -1080), 0},
      {"nextafter(1, 2) - 1", got[32], std::ldexp(1.0, -52), 0},
      {"remainder(10, 3)", got[33], 1.0, 0},
      {"remainder(11, 2)", got[34], -1.0, 0},
      {"remquo(29, 3)", got[35], -1.0, 0},
      {"lgammaf(0.5) - ln sqrt(pi)", got[36], 0.0, loose},
      {"tgammaf(6)", got[37], 120.0, 0},
      {"erfinvf(erff(0.5))", got[38], 0.5, loose},
      {"erfcinvf(erfcf(1.5))", got[39], 1.5, loose},
      {"normcdff(1)", got[40], 0.8413447460685429, loose},
      {"normcdfinvf(0.5)", got[41], 0.0, 0},
      {"erfcxf(1)", got[42], 0.42758357615580700, loose},
      {"sinpif(0.25)", got[43], std::sqrt(0.5), loose},
      {"cospif(2/3)", got[44], -0.5, loose},
      {"rcbrtf(0.125)", got[45], 2.0, 0},
      {"norm3df(1, 2, 2)", got[46], 3.0, 0},
      {"rhypotf(6, 8)", got[47], 0.1, loose},
      {"frexpf(-5)", got[48], -0.625, 0},
      {"remainderf(7, 2)", got[49], -1.0, 0},
      {"nextafterf(1, 0)", got[50], 1.0 - std::ldexp(1.0, -24), 0},
      {"logbf(0.1)", got[51], -4.0, 0},
      {"sincospif(1/3) sine", got[52], std::sqrt(3.0) / 2, loose},
      {"sincospif(1/3) cosine", got[53], 0.5, loose},
      {"sincospi(0.75) sum", got[54], 0.0, tight},
      {"std::lgamma(3)", got[55], std::log(2.0), tight},
      {"std::tgamma(4)", got[56], 6.0, 0},
      {"pow(1.1, 2.0)", got[57], 1.1 * 1.1, 0},
      {"1 / pow(-0, 2.0)", got[58], INFINITY, 0},
      {"pow(NaN, 0.0)", got[59], 1.0, 0},
      {"pow(-0, -1.0)", got[60], -INFINITY, 0},
      {"powf(2.2f, 2) + pow(2.5f, 2)", got[61], (double)(2.2f * 2.2f + 6.25f), 0},
      {"pow(1.1, 3.0)", got[62], std::pow(1.1, 3.0), tight},
      {"pow(1.1, 1.0) + pow(1.1, 0)", got[63], 1.1 + 1.0, 0},
      {"j0(0)", got[64], 1.0, 0},
      {"j0(2.404825557695773)", got[65], -6.108765259736730397e-17, tight},
      {"j1(1)", got[66], 0.44005058574493351596, tight},
      {"y0(1)", got[67], 0.088256964215676957983, tight},
      {"y1(1)", got[68], -0.78121282130028871655, tight},
      {"jn(5, 2)", got[69], 0.0070396297558716854842, tight},
      {"yn(3, 2)", got[70], -1.1277837768404277861, tight},
      {"cyl_bessel_i0(1)", got[71], 1.2660658777520083356, tight},
      {"cyl_bessel_i1(20)", got[72], 42454973.385127770181, tight},
      {"j0(1e6)", got[73], 0.00033104301373987374099, 1e-12},
      {"jn(50, 10)", got[74], 1.7845136078715953063e-30, 1e-13},
      {"jn(-3, 2) is NaN", std::isnan(got[75]) ? 0.0 : 1.0, 0.0, 0},
      {"y0(1e-300)", got[76], -439.83516362276533173, tight},
      {"y0(0)", got[77], -INFINITY, 0},
      {"j0f(1)", got[78], 0.76519768655796655145, loose},
      {"j1f(8)", got[79], 0.23463634685391462438, loose},
      {"y0f(0.5)", got[80], -0.44451873350670655715, loose},
      {"y1f(3)", got[81], 0.32467442479179997844, loose},
      {"jnf(2, 10)", got[82], 0.25463031368512062253, loose},
      {"ynf(2, 10)", got[83], -0.0058680824422086146398, loose},
      {"cyl_bessel_i0f(3)", got[84], 4.8807925858650240856, loose},
      {"cyl_bessel_i1f(-2)", got[85], -1.5906368546373290634, loose},
      {"y1(-1) is NaN", std::isnan(got[86]) ? 0.0 : 1.0, 0.0, 0},
      {"j1(-0) is -0", std::signbit(got[87]) && got[87] == 0 ? 0.0 : 1.0, 0.0, 0},
      {"j0(1), device and host", got[88], j0(1.0), tight},
      {"jnf(3, 1.5), device and host", got[89], (double)jnf(3, 1.5f), loose},
      {"fdividef(1, 3)", got[90], (double)(1.0f / 3.0f), 0},
      {"__fmaf_ieee_ru", got[91], 1.0 + 0x1p-22 + 0x1p-23, 0},
      {"__fmaf_ieee_rd", got[92], 1.0 + 0x1p-22, 0},
      {"log1pf(-0) is -0", std::signbit(got[93]) && got[93] == 0 ? 0.0 : 1.0, 0.0, 0},
      {"log1pf(-1)", got[94], -INFINITY, 0},
      {"log1pf(-2) is NaN", std::isnan(got[95]) ? 0.0 : 1.0, 0.0, 0},
      {"log1pf(inf)", got[96], INFINITY, 0},
      // Within an ulp (CUDA's bound): 2^-25 at 0.405.
      {"log1pf(1/2 - 2^-25)", got[97], std::log1p(0.5 - 0x1p-25),
       0x1p-25 / std::log1p(0.5 - 0x1p-25)},
      {"log1pf(2^-140)", got[98], 0x1p-140, 0},
      {"cbrtf(-0) is -0", std::signbit(got[99]) && got[99] == 0 ? 0.0 : 1.0, 0.0, 0},
      {"cbrtf(-inf)", got[100], -INFINITY, 0},
      {"cbrtf(NaN) is NaN", std::isnan(got[101]) ? 0.0 : 1.0, 0.0, 0},
      {"cbrtf(-2^-147)", got[102], -0x1p-49, loose},
      {"cbrtf(2^-120)", got[103], 0x1p-40, loose},
      {"cbrtf(-27)", got[104], -3.0, loose},
  };
  // CUDA's own functions from host code: the host compile links the device library's host
  // bitcode, so these are the library's functions, not a second implementation.
  volatile double host_one = 1.0;
  const double one = host_one;  // arguments the compiler cannot fold
  const float onef = (float)one;
  double host_values[5] = {1, 2, 2, 4, 4};
  float host_floats[3] = {2, 3, 6};
  double host_sine = 0, host_cosine = 0;
  sincospi(0.75 * one, &host_sine, &host_cosine);
  float host_sinef = 0, host_cosinef = 0;
  sincospif(0.5f * onef, &host_sinef, &host_cosinef);
  const Case host_cases[] = {
      {"host erfinv(erf(0.3))", erfinv(std::erf(0.3 * one)), 0.3, tight},
      {"host erfinv, device", erfinv(std::erf(0.3 * one)), got[7], tight},
      {"host erfcinv(1e-300)", erfcinv(1e-300 * one), 26.209469960516124, tight},
      {"host normcdf(-1)", normcdf(-one), 0.15865525393145705, tight},
      {"host normcdfinv(0.975)", normcdfinv(0.975 * one), 1.959963984540054, tight},
      {"host erfcx(30)", erfcx(30 * one), 0.018795888861416751, tight},
      {"host sinpi(1/6)", sinpi(one / 6), 0.5, tight},
      {"host cospi(1)", cospi(one), -1.0, 0},
      {"host sincospi(0.75) sum", host_sine + host_cosine, 0.0, tight},
      {"host rcbrt(-27)", rcbrt(-27 * one), -1.0 / 3.0, tight},
      {"host rhypot(3, 4)", rhypot(3 * one, 4.0), 0.2, tight},
      {"host norm3d(2, 3, 6)", norm3d(2.0, 3 * one, 6.0), 7.0, 0},
      {"host rnorm3d(2, 3, 6)", rnorm3d(2.0, 3 * one, 6.0), 1.0 / 7.0, tight},
      {"host norm4d(1, 1, 1, 1)", norm4d(1.0, 1.0, 1.0, one), 2.0, 0},
      {"host rnorm4d(1, 1, 1, 1)", rnorm4d(1.0, 1.0, 1.0, one), 0.5, 0},
      {"host norm(5, ...)", norm(5, host_values), std::sqrt(41.0), tight},
      {"host rnorm(5, ...)", rnorm(5, host_values), 1 / std::sqrt(41.0), tight},
      {"host cyl_bessel_i0(1)", cyl_bessel_i0(one), 1.2660658777520083356, tight},
      {"host cyl_bessel_i1(20)", cyl_bessel_i1(20 * one), 42454973.385127770181, tight},
      {"host cyl_bessel_i1, device", cyl_bessel_i1(20 * one), got[72], tight},
      {"host rsqrt(0.25)", rsqrt(0.25 * one), 2.0, 0},
      {"host erfinvf(erff(0.5))", erfinvf(std::erf(0.5f * onef)), 0.5, loose},
      {"host erfcinvf(erfcf(1.5))", erfcinvf(std::erfc(1.5f * onef)), 1.5, loose},
      {"host normcdff(1)", normcdff(onef), 0.8413447460685429, loose},
      {"host normcdfinvf(0.5)", normcdfinvf(0.5f * onef), 0.0, 0},
      {"host erfcxf(1)", erfcxf(onef), 0.42758357615580700, loose},
      {"host sinpif(0.25)", sinpif(0.25f * onef), std::sqrt(0.5), loose},
      {"host cospif(2/3)", cospif(2.0f / 3.0f * onef), -0.5, loose},
      {"host sincospif(0.5) sine", host_sinef, 1.0, 0},
      {"host sincospif(0.5) cosine", host_cosinef, 0.0, 0},
      {"host rcbrtf(0.125)", rcbrtf(0.125f * onef), 2.0, 0},
      {"host rhypotf(6, 8)", rhypotf(6 * onef, 8.0f), 0.1, loose},
      {"host norm3df(2, 3, 6)", norm3df(2.0f, 3 * onef, 6.0f), 7.0, 0},
      {"host rnorm3df(2, 3, 6)", rnorm3df(2.0f, 3 * onef, 6.0f), 1.0 / 7.0, loose},
      {"host norm4df(1, 1, 1, 1)", norm4df(1, 1, 1, onef), 2.0, 0},
      {"host rnorm4df(1, 1, 1, 1)", rnorm4df(1, 1, 1, onef), 0.5, 0},
      {"host normf(3, ...)", normf(3, host_floats), 7.0, 0},
      {"host rnormf(3, ...)", rnormf(3, host_floats), 1.0 / 7.0, loose},
      {"host cyl_bessel_i0f(3)", cyl_bessel_i0f(3 * onef), 4.8807925858650240856, loose},
      {"host cyl_bessel_i1f(-2)", cyl_bessel_i1f(-2 * onef), -1.5906368546373290634, loose},
      {"host rsqrtf(4)", rsqrtf(4 * onef), 0.5, 0},
  };
  int failures = 0;
  for (const Case& c : host_cases) {
    double scale = std::fabs(c.want) > 1e-300 ? std::fabs(c.want) : 1.0;
    bool ok = c.tolerance == 0 ? (c.got == c.want)
                               : std::fabs(c.got - c.want) <= c.tolerance * scale;
    if (c.want == 0.0 && c.tolerance != 0) ok = std::fabs(c.got) <= c.tolerance;
    if (!ok) {
      std::printf("%s: %.17g, expected %.17g\n", c.name, c.got, c.want);
      ++failures;
    }
  }
  for (const Case& c : cases) {
    double scale = std::fabs(c.want) > 1e-300 ? std::fabs(c.want) : 1.0;
    bool ok = c.tolerance == 0 ? (c.got == c.want)
                               : std::fabs(c.got - c.want) <= c.tolerance * scale;
    if (c.want == 0.0 && c.tolerance != 0) ok = std::fabs(c.got) <= c.tolerance;
    if (!ok) {
      std::printf("%s: %.17g, expected %.17g\n", c.name, c.got, c.want);
      ++failures;
    }
  }
  const int want_ints[8] = {4, -1070, 10, 3, 2, -3, 3, kCases};
  const char* int_names[8] = {"frexp exponent", "ilogb(2^-1070)", "remquo quotient",
                              "lround(2.5)",    "lrint(2.5)",     "llround(-2.5)",
                              "frexpf exponent", "results written"};
  for (int i = 0; i < 8; ++i) {
    if (ints[i] != want_ints[i]) {
      std::printf("%s: %d, expected %d\n", int_names[i], ints[i], want_ints[i]);
      ++failures;
    }
  }
  CHECK(hipFree(d_out));
  CHECK(hipFree(d_ints));
  if (failures) {
    std::printf("math_functions: FAILED (%d)\n", failures);
    return 1;
  }
  std::printf("math_functions: PASSED\n");
  return 0;
}
