// CUDA's SIMD intrinsics on halfwords and bytes, the __dp4a/__dp2a dot products, CUDA 12's
// max/min helpers (hip/oxhip/simd.h) and llmax .. umin (hip/oxhip/math.h), each against a
// value worked out by hand: the lanes sit at the edges of their ranges, where wrapping,
// saturation and signedness show.
// See: issue 10 (the intrinsics of the CUDA Math API).
#include "check.h"

constexpr int kResults = 49;

__global__ void simd(unsigned* out, unsigned a, unsigned b, unsigned c, unsigned d) {
  int k = 0;
  out[k++] = __vadd2(a, b);
  out[k++] = __vaddss2(a, b);
  out[k++] = __vaddus2(a, b);
  out[k++] = __vsub2(b, a);
  out[k++] = __vsubus2(b, a);
  out[k++] = __vabsdiffs2(a, b);
  out[k++] = __vabsdiffu2(a, b);
  out[k++] = __vmaxs2(a, b);
  out[k++] = __vmaxu2(a, b);
  out[k++] = __vcmpgts2(a, b);
  out[k++] = __vsetlts2(a, b);
  out[k++] = __vavgu2(a, b);
  out[k++] = __vavgs2(a, b);
  out[k++] = __vhaddu2(a, b);
  out[k++] = __vsads2(a, b);
  out[k++] = __vsadu2(a, b);
  out[k++] = __vabs2(a);
  out[k++] = __vabs2(0x80000000u | (a & 0xffffu) - 0x7fffu + 0x8000u);  // 0x80008000
  out[k++] = __vabsss2(0x80008000u + (b & 0u));
  out[k++] = __vneg2(b);
  out[k++] = __vnegss2(0x80000000u + (b & 0u));
  out[k++] = __vadd4(c, d);
  out[k++] = __vaddss4(c, d);
  out[k++] = __vaddus4(c, d);
  out[k++] = __vsubus4(d, c);
  out[k++] = __vcmpeq4(c, d);
  out[k++] = __vsetgeu4(c, d);
  out[k++] = __vsetges4(c, d);
  out[k++] = __vminu4(c, d);
  out[k++] = __vmins4(c, d);
  out[k++] = __vsadu4(c, d);
  out[k++] = __vsads4(c, d);
  out[k++] = (unsigned)__dp4a((int)c, (int)d, 10);
  out[k++] = __dp4a(c, d, 10u);
  out[k++] = (unsigned)__dp2a_lo((int)a, 0x04030201, 0);
  out[k++] = (unsigned)__dp2a_hi((int)a, 0x04030201, 5);
  out[k++] = __dp2a_lo(a, 0x04030201u, 0u);
  out[k++] = __dp2a_hi(a, 0x04030201u, 0u);
  int small = (int)(b & 0xffffu);  // 1
  out[k++] = (unsigned)__vimax3_s32(-5 * small, 3, 2);
  out[k++] = __vimin3_u32(1u, 0xffffffffu, 7u * small);
  out[k++] = (unsigned)__viaddmax_s32(0x7fffffff, small, -3);
  out[k++] = (unsigned)__vimax_s32_relu(-5, -3 * small);
  bool chosen_max = false, chosen_min = true;
  out[k++] = (unsigned)__vibmax_s32(4 * small, 4, &chosen_max) + (chosen_max ? 100u : 0u);
  out[k++] = __vibmin_u32(5u * small, 3u, &chosen_min) + (chosen_min ? 100u : 0u);
  out[k++] = __vimax3_s16x2(0x80010005u, 0x0002fffbu, 0x00000001u * small);
  out[k++] = __viaddmax_u16x2(0xffff0001u, 0x00010001u, 0x00050001u * small);
  // CUDA's named integer min/max.
  out[k++] = (unsigned)llmax(-5ll * small, 3ll);
  out[k++] = umin(0xffffffffu, 7u * small);
  out[k++] = (unsigned)(ullmax(1ull << 40, 5ull * small) >> 32);
  // k == kResults
}

int main() {
  print_device("simd_intrinsics");
  unsigned* d_out;
  CHECK(hipMalloc(&d_out, kResults * sizeof(unsigned)));
  CHECK(hipMemset(d_out, 0xee, kResults * sizeof(unsigned)));
  // Halfwords: a = (hi -32767 or 32769, lo 32767), b = (2, 1). Bytes: c = (0x80, 0xff,
  // 0x7f, 0x01) from the top, d = 1 in every byte.
  simd<<<1, 1>>>(d_out, 0x80017fffu, 0x00020001u, 0x80ff7f01u, 0x01010101u);
  CHECK_LAUNCH();
  unsigned got[kResults];
  CHECK(hipMemcpy(got, d_out, sizeof got, hipMemcpyDeviceToHost));
  const unsigned want[kResults] = {
      0x80038000u, 0x80037fffu, 0x80038000u, 0x80018002u, 0x00000000u, 0x80017ffeu,
      0x7fff7ffeu, 0x00027fffu, 0x80017fffu, 0x0000ffffu, 0x00010000u, 0x40024000u,
      0xc0014000u, 0x40014000u, 65535u,      65533u,      0x7fff7fffu, 0x80008000u,
      0x7fff7fffu, 0xfffeffffu, 0x7fff0000u, 0x81008002u, 0x81007f02u, 0x81ff8002u,
      0x00000000u, 0x000000ffu, 0x01010101u, 0x00000101u, 0x01010101u, 0x80ff0101u,
      507u,        257u,        9u,          521u,        (unsigned)-32767, (unsigned)-32762,
      98305u,      229377u,     3u,          1u,          (unsigned)-3, 0u,
      104u,        3u,          0x00020005u, 0x00050002u, 3u,          7u,
      256u};
  const char* names[kResults] = {
      "__vadd2", "__vaddss2", "__vaddus2", "__vsub2", "__vsubus2", "__vabsdiffs2",
      "__vabsdiffu2", "__vmaxs2", "__vmaxu2", "__vcmpgts2", "__vsetlts2", "__vavgu2",
      "__vavgs2", "__vhaddu2", "__vsads2", "__vsadu2", "__vabs2", "__vabs2(0x80008000)",
      "__vabsss2(0x80008000)", "__vneg2", "__vnegss2(0x80000000)", "__vadd4", "__vaddss4",
      "__vaddus4", "__vsubus4", "__vcmpeq4", "__vsetgeu4", "__vsetges4", "__vminu4",
      "__vmins4", "__vsadu4", "__vsads4", "__dp4a(int)", "__dp4a(unsigned)",
      "__dp2a_lo(int)", "__dp2a_hi(int)", "__dp2a_lo(unsigned)", "__dp2a_hi(unsigned)",
      "__vimax3_s32", "__vimin3_u32", "__viaddmax_s32", "__vimax_s32_relu", "__vibmax_s32",
      "__vibmin_u32", "__vimax3_s16x2", "__viaddmax_u16x2", "llmax", "umin", "ullmax"};
  long long errors = 0;
  for (int k = 0; k < kResults; ++k) {
    if (got[k] != want[k]) {
      std::printf("%s: 0x%08x, expected 0x%08x\n", names[k], got[k], want[k]);
      ++errors;
    }
  }
  // The __vi* helpers and the dot products are host functions too.
  bool chosen = false;
  if (__vimax3_s32(-5, 3, 2) != 3 || __dp4a(0x80ff7f01u, 0x01010101u, 10u) != 521u ||
      __vibmin_s32(-1, 2, &chosen) != -1 || !chosen || llmin(-1ll, 1ll) != -1 ||
      ullmin(1ull, 2ull) != 1 || umax(1u, 0xffffffffu) != 0xffffffffu) {
    std::printf("host __vimax3_s32, __dp4a, __vibmin_s32, llmin, ullmin or umax wrong\n");
    ++errors;
  }
  CHECK(hipFree(d_out));
  return finish("simd_intrinsics", errors);
}
