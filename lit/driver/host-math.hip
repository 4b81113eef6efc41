// CUDA's own math functions (normcdf, erfinv, sinpi, rcbrt, norm3d, cyl_bessel_i0, ...) are
// __host__ __device__ in CUDA: host code here calls the device library's functions, which
// the host compile links from the library's host bitcode, only those it calls, internalised
// (docs/math.md, "Host code").
//
// RUN: %oxhip -### --offload-arch=sm_90 -c %s -o %t.o 2>&1 | FileCheck %s --check-prefix=JOBS
// JOBS: "-triple" "x86_64-unknown-linux-gnu" "-aux-triple" "nvptx64-nvidia-cuda" {{.*}} "-mlink-builtin-bitcode" "/tmp/oxhip-XXXXXX/oxhip-devicelibs-host.bc"
//
// RUN: %oxhip --cuda-host-only -S -O2 --offload-arch=gfx942 %s -o - | FileCheck %s --check-prefix=ASM
// ASM-NOT: .globl{{.*}}__oxhip_
// ASM-LABEL: {{^}}main:
// ASM: callq __oxhip_normcdf
// ASM-NOT: .globl{{.*}}__oxhip_
// ASM: .type __oxhip_normcdf,@function
// ASM-NEXT: {{^}}__oxhip_normcdf:
// ASM-NOT: .globl{{.*}}__oxhip_
//
// RUN: %oxhip --offload-arch=host -O2 %s -o %t && %t | FileCheck %s --check-prefix=OUT
// OUT: normcdf(0) = 0.5
// OUT-NEXT: normcdf(-1) = 0.158655
// OUT-NEXT: normcdfinv(0.975) = 1.959964
// OUT-NEXT: erfinv(0.5) = 0.476936
// OUT-NEXT: erfcinvf(0.5) = 0.476936
// OUT-NEXT: erfcx(30) = 0.0187959
// OUT-NEXT: sinpi(0.5) = 1, cospif(1) = -1
// OUT-NEXT: sincospi(0.25) = 0.707107 0.707107
// OUT-NEXT: rcbrt(8) = 0.5, rcbrtf(-27) = -0.333333
// OUT-NEXT: rhypot(3, 4) = 0.2, norm3d(2, 3, 6) = 7, rnorm4df(1, 1, 1, 1) = 0.5
// OUT-NEXT: norm(3, v) = 7, rnormf(3, v) = 0.142857
// OUT-NEXT: cyl_bessel_i0(1) = 1.26607, cyl_bessel_i1f(20) = 4.2455e+07
// OUT-NEXT: rsqrt(0.25) = 2, rsqrtf(4) = 0.5
#include <hip/hip_runtime.h>
#include <cstdio>

int main() {
  volatile double one_volatile = 1.0;
  const double one = one_volatile;  // arguments the compiler cannot fold
  const float onef = (float)one;
  std::printf("normcdf(0) = %g\n", normcdf(0 * one));
  std::printf("normcdf(-1) = %g\n", normcdf(-one));
  std::printf("normcdfinv(0.975) = %f\n", normcdfinv(0.975 * one));
  std::printf("erfinv(0.5) = %f\n", erfinv(0.5 * one));
  std::printf("erfcinvf(0.5) = %f\n", erfcinvf(0.5f * onef));
  std::printf("erfcx(30) = %g\n", erfcx(30 * one));
  std::printf("sinpi(0.5) = %g, cospif(1) = %g\n", sinpi(0.5 * one), cospif(onef));
  double sine, cosine;
  sincospi(0.25 * one, &sine, &cosine);
  std::printf("sincospi(0.25) = %g %g\n", sine, cosine);
  std::printf("rcbrt(8) = %g, rcbrtf(-27) = %g\n", rcbrt(8 * one), rcbrtf(-27 * onef));
  std::printf("rhypot(3, 4) = %g, norm3d(2, 3, 6) = %g, rnorm4df(1, 1, 1, 1) = %g\n",
              rhypot(3 * one, 4), norm3d(2, 3 * one, 6), rnorm4df(1, 1, 1, onef));
  double v[3] = {2 * one, 3, 6};
  float vf[3] = {2 * onef, 3, 6};
  std::printf("norm(3, v) = %g, rnormf(3, v) = %g\n", norm(3, v), rnormf(3, vf));
  std::printf("cyl_bessel_i0(1) = %g, cyl_bessel_i1f(20) = %g\n", cyl_bessel_i0(one),
              cyl_bessel_i1f(20 * onef));
  std::printf("rsqrt(0.25) = %g, rsqrtf(4) = %g\n", rsqrt(0.25 * one), rsqrtf(4 * onef));
  return 0;
}
