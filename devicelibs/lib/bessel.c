/* oxhip devicelibs: the Bessel functions of the first and second kind of orders 0, 1 and
 * n (j0, j1, jn, y0, y1, yn) and the modified Bessel functions of the first kind of orders
 * 0 and 1 (cyl_bessel_i0, cyl_bessel_i1), included by math.c after math_more.c.
 *
 * Below 8, j0, j1, y0 and y1 are polynomials in h = x - c on rows of width 1 (0.5 or less
 * next to the logarithmic singularity of y0 and y1 at 0), Chebyshev interpolants of
 * degree 13 (j) and 16 (y) fitted with mpmath. A row that contains a zero z of the
 * function, or lies within 1/2 of one, is centred on it and computes (h - z_lo) g(h), with
 * z = c + z_lo in two parts and g = f / (x - z): the result keeps its relative accuracy
 * next to the zero, where a plain polynomial would leave an absolute error. Near 0, j0
 * and j1 / x are polynomials in x^2, and y0 and y1 are (2/pi) ln(x) j(x) plus an entire
 * function of x^2 (for y1 also -2/(pi x)), away from the first zero of y0 where those
 * terms cancel.
 * From 8 on, the Hankel form: j0 = (P cos(x - pi/4) - Q sin(x - pi/4)) sqrt(2 / (pi x))
 * and its three siblings, with P and x Q polynomials of degree 15 and 16 in 64 / x^2
 * (their values from mpmath's j and y). CUDA's bound there is an absolute error.
 * jn runs the three-term recurrence forwards from j0 and j1 when x > n (where it is
 * stable) and backwards from far above n otherwise (Miller's algorithm, normalised by j0
 * or j1); yn runs it forwards from y0 and y1, which is stable for every x.
 * cyl_bessel_i0 and i1 are polynomials in x^2 below 16 (all terms positive), and above
 * e^x / sqrt(x) times a polynomial in 1 / x of degree 16.
 *
 * j0f, j1f, y0f and y1f follow the same plan in float (at the end). jnf and ynf are the
 * double functions rounded once (as in math_more.c), cyl_bessel_i0f and i1f the double
 * polynomials without the double-double steps: within half an ulp plus the double error,
 * far inside CUDA's single-precision bounds.
 * devicelibs/fit/bessel.py fits the tables (mpmath) and prints them.
 */

/* 2/pi - TWO_OVER_PI */
#define TWO_OVER_PI_LO -0x1.6b01ec5417056p-55

/* Horner's scheme for a polynomial stored from the highest coefficient down. */
INLINE double bessel_poly(const double *c, int count, double t) {
  double p = c[0];
  for (int i = 1; i < count; ++i) p = FMA(p, t, c[i]);
  return p;
}

/* j0(x) for x^2 in [0, 1] */
static const double J0_SMALL[11] = {
    0x1.5223fc40eff4bp-64, -0x1.0b2c9d8eee7e8p-55, 0x1.522a3dd175ba5p-47,
    -0x1.522a43f1367acp-39, 0x1.02e85c0895fa0p-31, -0x1.23456789abcc1p-24,
    0x1.c71c71c71c71cp-18, -0x1.c71c71c71c71cp-12, 0x1.0000000000000p-6,
    -0x1.0000000000000p-2, 0x1.0000000000000p+0,
};
/* j1(x) / x for x^2 in [0, 1] */
static const double J1_SMALL[11] = {
    0x1.ec4ea580b883dp-69, -0x1.ab7bcd9e967acp-60, 0x1.2c9754c1b9e76p-51,
    -0x1.522a43f2ea951p-43, 0x1.27e4fb7788222p-35, -0x1.845c8a0ce5115p-28,
    0x1.6c16c16c16c17p-21, -0x1.c71c71c71c71cp-15, 0x1.5555555555555p-9,
    -0x1.0000000000000p-4, 0x1.0000000000000p-1,
};
/* y0(x) - (2/pi) ln(x) j0(x) for x^2 in [0, 9] */
static const double Y0_LOG[18] = {
    0x1.548a58fa7db72p-130, -0x1.9213abac5d2b8p-120, 0x1.8ba8e3481e13bp-110,
    -0x1.55030ca40e75ep-100, 0x1.ff195382d6d37p-91, -0x1.4987e586ecb86p-81,
    0x1.69201941ce8f1p-72, -0x1.4b7ac8a1b157cp-63, 0x1.f4ed4b492ebcbp-55,
    -0x1.31085da82054cp-46, 0x1.2393d82c6b2e4p-38, -0x1.a6ee796b871b6p-31,
    0x1.bce4a600d3ea4p-24, -0x1.3e99794203bbdp-17, 0x1.1a6206b7b973dp-11,
    -0x1.075b1bbf41364p-6, 0x1.6bbcb41034286p-3, -0x1.2e4d699cbd01fp-4,
};
/* (y1(x) - (2/pi) (ln(x) j1(x) - 1/x)) / x for x^2 in [0, 2.25] */
static const double Y1_LOG[15] = {
    -0x1.68d2e334a84bcp-105, 0x1.272c4077cd31cp-95, -0x1.9a6bf6928d836p-86,
    0x1.e7e5fcd2c9969p-77, -0x1.e9598c0138593p-68, 0x1.978ba84f216c0p-59,
    -0x1.1474ade9154abp-50, 0x1.2a4e1aea45c18p-42, -0x1.f0ce34d2066a6p-35,
    0x1.32e5a4ddeea30p-27, -0x1.0a780ac776eacp-20, 0x1.2c7dbffcde97dp-14,
    -0x1.835b97894be5bp-9, 0x1.bd3975c75b4a7p-5, -0x1.91866143cbc8ap-3,
};
static const double J0_ROWS[7][18] = {
    /* [1, 2) */
    {0x1.33d152e971b40p+1, -0x1.0f539d7da258ep-53, 1.0, -0x1.8259d1e647da4p-55, -0x1.09cdb365512e5p-1,
     -0x1.4a2d689ec320dp-43, -0x1.3eb8c1fe09ac8p-35, -0x1.874491a42a346p-32,
     0x1.22cdf86be92dcp-28, 0x1.7e91079bdeebfp-25, -0x1.1ceaf878cf2d6p-21,
     -0x1.232feaefb9f5fp-18, 0x1.6ed36a1806f67p-15, 0x1.1538263533a7bp-12,
     -0x1.1f9925d65ea04p-9, -0x1.1bb1cbe6a2e43p-7, 0x1.cfae86432aa7cp-5,
     0x1.ba1deea0259f4p-4},
    /* [2, 3) */
    {0x1.33d152e971b40p+1, -0x1.0f539d7da258ep-53, 1.0, -0x1.3768db3bd6fb2p-55, -0x1.09cdb36551280p-1,
     0x1.f3a3573d77299p-40, -0x1.bd97cca087a32p-36, -0x1.5c404563d18a4p-32,
     0x1.2951f9c01724ap-28, 0x1.7ff99963fa3b7p-25, -0x1.1cce304a6798cp-21,
     -0x1.232c77d3b2efap-18, 0x1.6ed3b9f08cfd3p-15, 0x1.15382ba06d105p-12,
     -0x1.1f992590d12e5p-9, -0x1.1bb1cbe1a4073p-7, 0x1.cfae864368d70p-5,
     0x1.ba1deea029495p-4},
    /* [3, 4) */
    {0x1.c000000000000p+1, 0x0.0p+0, 0.0, 0x1.c9f841453d5eap-56, -0x1.854034ce30d51p-2,
     0x1.1b93623f5f5fdp-37, -0x1.ee7e7ae322512p-32, -0x1.58b72df483372p-30,
     0x1.174461f6eafdap-24, 0x1.1d57f880bb11cp-23, -0x1.b32adc7dd7605p-18,
     -0x1.1edc7bd6ac609p-17, 0x1.af6ea77137a0dp-12, 0x1.05f1986b5d86fp-12,
     -0x1.d8d4c2443c297p-7, 0x1.15069b76d7714p-10, 0x1.ad718c2d4e8a4p-3,
     -0x1.19596399cff47p-3},
    /* [4, 5) */
    {0x1.2000000000000p+2, 0x0.0p+0, 0.0, 0x1.31e6c5df81e40p-57, -0x1.483c4ba446893p-2,
     0x1.1706392625fd7p-35, -0x1.72c292aac80dbp-33, -0x1.6bcf9eaec7fc5p-28,
     0x1.bc17cce1174d0p-26, 0x1.4f769fa465133p-21, -0x1.749cefcadb23ap-19,
     -0x1.97986ab12169dp-15, 0x1.969645d152d7dp-13, 0x1.21690d2703359p-9,
     -0x1.fabe5e99bc4c9p-8, -0x1.7d924e27ef440p-5, 0x1.13a80cbaeecf8p-3,
     0x1.d93636341586fp-3},
    /* [5, 6) */
    {0x1.6148f5b2c2e45p+2, 0x1.75054cd60a517p-54, 1.0, -0x1.5325e8f44019cp-57, 0x1.5c6e60a097823p-2,
     -0x1.79a11501b200ap-40, 0x1.e12ad2e3e997ep-36, 0x1.1cfca06f0695fp-32,
     -0x1.41d69640677d3p-28, -0x1.2da37a0881ea5p-25, 0x1.32e6d96a550eap-21,
     0x1.ad77d74664d07p-19, -0x1.863f481a31e10p-15, -0x1.6f641f4194dbbp-13,
     0x1.27e31fe9a974cp-9, 0x1.2f7ffe90256b8p-8, -0x1.b2150cb41e8c1p-5,
     -0x1.f8f72e7a848dep-6},
    /* [6, 7) */
    {0x1.6148f5b2c2e45p+2, 0x1.75054cd60a517p-54, 1.0, -0x1.bfbe74db0cb86p-58, 0x1.5c6e60a097868p-2,
     -0x1.43633d5a2fc15p-39, 0x1.155a00ef2eb8ap-35, 0x1.0f8a2a907df9ep-32,
     -0x1.4003a3c24b7f5p-28, -0x1.2e0232d67c587p-25, 0x1.32ee2835db057p-21,
     0x1.ad761bb8565c2p-19, -0x1.863f33e5db2cap-15, -0x1.6f64220fc9f48p-13,
     0x1.27e31ffc51840p-9, 0x1.2f7ffe8d568e6p-8, -0x1.b2150cb40c0dbp-5,
     -0x1.f8f72e7a89351p-6},
    /* [7, 8) */
    {0x1.e000000000000p+2, 0x0.0p+0, 0.0, 0x1.2bbbe5419d874p-57, 0x1.10bb57e0e56e6p-2,
     -0x1.dbd56b379a59ap-36, 0x1.1763c20d4f1e4p-32, 0x1.2e4b2c6170a2cp-28,
     -0x1.462566e1c5a49p-25, -0x1.0c864279cdb37p-21, 0x1.06ff254318cccp-18,
     0x1.34486d57b2556p-15, -0x1.0ccd71b510559p-12, -0x1.8f884bd4075f7p-10,
     0x1.29a1c87794c8ap-7, 0x1.c5288a7bc4534p-6, -0x1.fc8822de4866fp-4,
     -0x1.14fd20aa5273ap-3},
};
static const double J1_ROWS[7][18] = {
    /* [1, 2) */
    {0x1.8000000000000p+0, 0x0.0p+0, 0.0, 0x1.546fb1e0a923ep-57, 0x1.1da9da9d6fc81p-1,
     0x1.1948ad331ca0bp-38, 0x1.eb143a06af87dp-32, -0x1.88e7e18cb06cep-31,
     -0x1.130595d4b7af0p-24, 0x1.8c8a5efc24b47p-24, 0x1.a82fd5f053457p-18,
     -0x1.10cb17acb8583p-17, -0x1.9f84d3e4c3247p-12, 0x1.d237e2af21a6cp-12,
     0x1.c23f827e4c51cp-7, -0x1.a680b1d2f1fa6p-7, -0x1.9ce3728bc4d24p-3,
     0x1.1e74299684869p-3},
    /* [2, 3) */
    {0x1.4000000000000p+1, 0x0.0p+0, 0.0, -0x1.1f27611006891p-57, 0x1.fd063c84795ffp-2,
     -0x1.b75a091360da6p-36, 0x1.480af8ea9c3bbp-32, 0x1.1dd4c5376f118p-28,
     -0x1.74fedc2c2aca2p-25, -0x1.0740c67beb865p-21, 0x1.25722a6221775p-18,
     0x1.4067acc315b08p-15, -0x1.277d8e2d5dbdfp-12, -0x1.cbdc9f9363d49p-10,
     0x1.4d6f582e18856p-7, 0x1.3cb0a63cd0e86p-5, -0x1.46518dd78ab28p-3,
     -0x1.fa4f38f6aeb01p-3},
    /* [3, 4) */
    {0x1.ea75575af6f09p+1, -0x1.60155a9d1b256p-53, 1.0, 0x1.2af551b6c9b6cp-56, -0x1.9c6cf582cbf7fp-2,
     0x1.5c5d0e7f10211p-41, -0x1.014f86411198cp-35, -0x1.053bc051121c9p-32,
     0x1.455aadcb884acp-28, 0x1.1705f207ce852p-25, -0x1.33825dcd81177p-21,
     -0x1.9799d4aeeb202p-19, 0x1.83a06e3146c81p-15, 0x1.6e4c2d5354982p-13,
     -0x1.24b340995911dp-9, -0x1.537544c331daep-8, 0x1.b589d1da13904p-5,
     0x1.ae8a39f51ad06p-5},
    /* [4, 5) */
    {0x1.ea75575af6f09p+1, -0x1.60155a9d1b256p-53, 1.0, -0x1.199211f54f4acp-67, -0x1.9c6cf582cbf7fp-2,
     0x1.2810f84d39e6dp-39, -0x1.121a6cb5b3267p-35, -0x1.f6fff19bc65abp-33,
     0x1.4493acc42ba48p-28, 0x1.1725debd0f438p-25, -0x1.33840c36cf472p-21,
     -0x1.97998fa6612f9p-19, 0x1.83a06c206c564p-15, 0x1.6e4c2d81f4d1dp-13,
     -0x1.24b3409a1825ap-9, -0x1.537544c320a9bp-8, 0x1.b589d1da134ebp-5,
     0x1.ae8a39f51ad50p-5},
    /* [5, 6) */
    {0x1.6000000000000p+2, 0x0.0p+0, 0.0, -0x1.4507fa79dd9cep-58, -0x1.5da1fac37d47bp-2,
     0x1.49a7a429e2568p-36, -0x1.8c1a85c559e9cp-32, -0x1.9f9ed093da43bp-29,
     0x1.c05871090425fp-25, 0x1.6dde52fbb78b3p-22, -0x1.5d75b7d794fa5p-18,
     -0x1.9f84da366645dp-16, 0x1.592d7c133d53bp-12, 0x1.093400959090bp-10,
     -0x1.754082553a981p-7, -0x1.20944ba66c61ep-6, 0x1.47ca6cd150ac5p-3,
     0x1.c47de19a97634p-5},
    /* [6, 7) */
    {0x1.c0ff5f3b47250p+2, -0x1.b226d9d243827p-54, 1.0, 0x1.8a50c702df490p-56, 0x1.33518b3874e8ap-2,
     -0x1.23ee1d9cc6418p-43, 0x1.1338df71ab293p-35, 0x1.d4160c235c9f5p-33,
     -0x1.43d790040875bp-28, -0x1.d46f76c76c4dbp-26, 0x1.3027752b909e8p-21,
     0x1.4255c03005bbep-19, -0x1.796a74d09eecdp-15, -0x1.07358bb992158p-13,
     0x1.13fbc7d6a1965p-9, 0x1.9a4b292e3ebc3p-9, -0x1.80c83bdeee5a5p-5,
     -0x1.5e70dc60362c1p-6},
    /* [7, 8) */
    {0x1.c0ff5f3b47250p+2, -0x1.b226d9d243827p-54, 1.0, 0x1.89fb08733e262p-56, 0x1.33518b3874e8ap-2,
     -0x1.004502c3f8deap-39, 0x1.0786b835b114bp-35, 0x1.bee164c87e0f9p-33,
     -0x1.4422146ea744ap-28, -0x1.d49a7903546c9p-26, 0x1.302717a4ba80cp-21,
     0x1.4255aae6e93bbp-19, -0x1.796a750a034b4p-15, -0x1.07358bbeac59cp-13,
     0x1.13fbc7d699b1cp-9, 0x1.9a4b292e3dcd8p-9, -0x1.80c83bdeee5b0p-5,
     -0x1.5e70dc60362c2p-6},
};
static const double Y0_ROWS[7][21] = {
    /* [0.7, 1) */
    {0x1.c982eb8d417eap-1, 0x1.ea9d270347f83p-56, 1.0, -0x1.95d9e11d5600dp-59, 0x1.c24371844b88ap-1,
     0x1.46253b4e30cacp-1, -0x1.0ba01a0687fc6p-3, 0x1.d55dd99357cf1p-3,
     -0x1.c951b42cc4c99p-3, 0x1.aef5b252c3b5dp-3, -0x1.a19a8aa07c456p-3,
     0x1.96e30a8905d29p-3, -0x1.8f7e58a241526p-3, 0x1.8c08c5d0c8ba9p-3,
     -0x1.8d35b47c07301p-3, 0x1.9424b93d33ce8p-3, -0x1.a396a80584b90p-3,
     0x1.c068086c22675p-3, -0x1.cf18e6a4b3991p-3, 0x1.c3b1338af3eb0p-3,
     -0x1.f7e38a46d7102p-2},
    /* [2.5, 3) */
    {0x1.6000000000000p+1, 0x0.0p+0, 0.0, 0x1.e2663b1f7e6b9p-56, 0x1.cb6d3120d1805p-2,
     -0x1.032695203c02fp-28, 0x1.7b06f67a7d312p-27, -0x1.0da2f2d11d276p-25,
     0x1.8d85954886725p-24, -0x1.2689133c7512cp-22, 0x1.b9f848daac86ep-21,
     -0x1.4da7e30d986d2p-19, 0x1.c841495adcbaep-18, -0x1.40f687d296ffep-16,
     0x1.eb7d7a3706d0ap-14, -0x1.d19620a79aa90p-12, -0x1.9cc7d9029544ap-10,
     0x1.bc5ebc1bc03d7p-8, 0x1.d5d153ec8137dp-5, -0x1.6fd168815cd34p-3,
     -0x1.f7d8cf6d01b7fp-3},
    /* [3, 4) */
    {0x1.fa9534d98569cp+1, -0x1.f06ae7804384ep-54, 1.0, -0x1.00c2c1ab52e08p-62, -0x1.9c34256a12a0cp-2,
     0x1.5c952bab17b75p-36, 0x1.3b2f5eceffd80p-34, 0x1.0e7fb9c3b19cap-32,
     0x1.10dd0e06a4f21p-33, 0x1.2c7c3ffaa5d65p-30, -0x1.d524e34e36ad2p-29,
     0x1.476d1dd7559ccp-26, -0x1.769254d2d8c7ap-26, -0x1.3b1d9c645dc4bp-22,
     -0x1.48636692ee1d3p-18, 0x1.ab2c2017635a0p-15, 0x1.998276520832dp-13,
     -0x1.1e32bc4ef8a35p-9, -0x1.c116fdc5980d4p-8, 0x1.df6d59bf50ebcp-5,
     0x1.a09c9290367f0p-5},
    /* [4, 5) */
    {0x1.fa9534d98569cp+1, -0x1.f06ae7804384ep-54, 1.0, -0x1.06ee4f28f8568p-62, -0x1.9c34256a12a0cp-2,
     0x1.78dc158bfb149p-42, -0x1.3d014a20aa8b1p-38, 0x1.1a8cb82c92d2ep-35,
     -0x1.6f67066ea89b4p-33, 0x1.99a5758e03e1dp-31, -0x1.f3f7e7354cd02p-29,
     0x1.44f6f98e130e2p-26, -0x1.7753d7acda295p-26, -0x1.3b221b34d5ab9p-22,
     -0x1.48636e906854ep-18, 0x1.ab2c1fd4f6953p-15, 0x1.9982765261d4fp-13,
     -0x1.1e32bc4efa7cfp-9, -0x1.c116fdc597f68p-8, 0x1.df6d59bf50ebbp-5,
     0x1.a09c9290367f0p-5},
    /* [5, 6) */
    {0x1.6000000000000p+2, 0x0.0p+0, 0.0, -0x1.bdbfeeb56278ap-56, -0x1.5ba0ccf037ce6p-2,
     -0x1.1854978eaab3cp-44, 0x1.043a8d43c7f37p-42, 0x1.ecb5cbc6e31a1p-44,
     0x1.04a9e16daf42fp-35, -0x1.e325ce098708ap-32, -0x1.73345de2d664dp-29,
     0x1.c4b3a21bef63dp-25, 0x1.7e374ef87af89p-22, -0x1.7766fec1b39e8p-18,
     -0x1.953c0ce21ffc5p-16, 0x1.6ee43fa45ead1p-12, 0x1.01700cdc2a648p-10,
     -0x1.96e938a041e28p-7, -0x1.ca4458e622489p-7, 0x1.57346c22293d0p-3,
     0x1.854146d501fdfp-6},
    /* [6, 7) */
    {0x1.c581dc4e72103p+2, -0x1.9774a495f56cfp-54, 1.0, -0x1.afc73346d8913p-56, 0x1.334cca0697a5bp-2,
     0x1.23b6326f8d59ep-50, 0x1.e50d5c8eda4aep-48, -0x1.eb8c0aa804a92p-44,
     -0x1.6d21570aed7ecp-40, 0x1.f1ad0a6145e11p-36, 0x1.fa78bff23e63dp-33,
     -0x1.4429ee37a91d9p-28, -0x1.0a280ed955affp-25, 0x1.34aa75a0a0028p-21,
     0x1.6a9227392c9b9p-19, -0x1.8177e4fe40e46p-15, -0x1.26dd71e390e81p-13,
     0x1.1d35e85fde2c5p-9, 0x1.b2f14a95527d0p-9, -0x1.8969c64cbf452p-5,
     -0x1.5aef611fc4d5ap-6},
    /* [7, 8) */
    {0x1.c581dc4e72103p+2, -0x1.9774a495f56cfp-54, 1.0, -0x1.afc78f25dc080p-56, 0x1.334cca0697a5bp-2,
     0x1.79ead276ca630p-52, 0x1.63a9dd4d79524p-48, -0x1.09491bcd02a89p-43,
     -0x1.70ddc711942b8p-40, 0x1.f1487e5d6ff0bp-36, 0x1.fa6cbf7ffc5a5p-33,
     -0x1.442a3ea20bf06p-28, -0x1.0a2814caf4bcbp-25, 0x1.34aa7573cce17p-21,
     0x1.6a92273530288p-19, -0x1.8177e4fe52313p-15, -0x1.26dd71e391c8dp-13,
     0x1.1d35e85fde2a3p-9, 0x1.b2f14a95527cdp-9, -0x1.8969c64cbf452p-5,
     -0x1.5aef611fc4d5ap-6},
};
static const double Y1_ROWS[8][21] = {
    /* [1.5, 2) */
    {0x1.193bed4dff243p+1, -0x1.bd1e50d219bfdp-55, 1.0, -0x1.73cad9f8705b9p-55, 0x1.0aa48442f5e56p-1,
     0x1.859958276201bp-16, 0x1.074007e5bad86p-13, 0x1.6e98c6d1a3821p-12,
     0x1.3bef4d1a34607p-11, 0x1.8cfb4622e7713p-11, 0x1.596265275498ap-11,
     0x1.12c05ddb8789dp-11, 0x1.397cc7a77b66fp-13, 0x1.69eaed1aece05p-12,
     -0x1.f01d7dcbaf431p-12, 0x1.1a2a001dbc17fp-10, -0x1.53e96def85580p-9,
     0x1.e676b3e672913p-8, -0x1.3a6d5f5adaf21p-8, -0x1.0d2af38db1339p-5,
     -0x1.e56f82193b72fp-4},
    /* [2, 2.5) */
    {0x1.193bed4dff243p+1, -0x1.bd1e50d219bfdp-55, 1.0, -0x1.b2b7c008d7cebp-56, 0x1.0aa48442f014bp-1,
     0x1.4ecb0ac670813p-22, -0x1.02e2ccc72ea7dp-20, 0x1.20cba598d2724p-19,
     -0x1.3a6ba7e3bdc90p-18, 0x1.585efc380f3f0p-17, -0x1.79556e19b049fp-16,
     0x1.9d1753bf352c1p-15, -0x1.c3fae661e44dep-14, 0x1.eea7bbbb7275cp-13,
     -0x1.0b2d877bd4910p-11, 0x1.17ab4afabb674p-10, -0x1.5429dc5a46443p-9,
     0x1.e671c7d119730p-8, -0x1.3a6dec37290a1p-8, -0x1.0d2af4e932386p-5,
     -0x1.e56f82217b8f2p-4},
    /* [2.5, 3) */
    {0x1.193bed4dff243p+1, -0x1.bd1e50d219bfdp-55, 1.0, -0x1.7cf41f54c8d78p-55, 0x1.0aa48442efea6p-1,
     0x1.59ef3bb4071d1p-27, -0x1.f53873213d674p-24, 0x1.689af7e1967fep-21,
     -0x1.5de83b97b4700p-19, 0x1.07f1ba6038c5bp-17, -0x1.53a97deea11b6p-16,
     0x1.8ecf6abd7ba54p-15, -0x1.bf99d809ca0dep-14, 0x1.ed923123d668ep-13,
     -0x1.0b11ed0c9a7ffp-11, 0x1.17a6eba6e35edp-10, -0x1.54295131c3cacp-9,
     0x1.e671ba8b1c1d5p-8, -0x1.3a6dea5768d08p-8, -0x1.0d2af4ef189d4p-5,
     -0x1.e56f82214d5c2p-4},
    /* [3, 4) */
    {0x1.c000000000000p+1, 0x0.0p+0, 0.0, 0x1.f9bad5a9108a7p-57, 0x1.a4086ec01970fp-2,
     -0x1.a41ef01af5e89p-32, 0x1.6e6cf31599d8ap-30, -0x1.2399b7534ddc6p-28,
     0x1.fb3595f28bcd0p-27, -0x1.b71651119913ep-25, 0x1.8326bcf9388f0p-23,
     -0x1.6e5fbf93b76cfp-21, 0x1.0d4edfa158065p-19, -0x1.488577d932552p-20,
     0x1.20491042406dap-15, -0x1.ed70169be16a0p-12, -0x1.0e74389c929a2p-15,
     0x1.94d475751f999p-7, 0x1.763615f30a07bp-8, -0x1.96c23090fdd7dp-3,
     0x1.26323c912cfc8p-4},
    /* [4, 5) */
    {0x1.5b7fe4e87b02ep+2, 0x1.dfe7bac228e8cp-52, 1.0, 0x1.69748a1d36aa7p-56, -0x1.5c7c556f0c0b9p-2,
     0x1.07b15c54192f9p-40, 0x1.56a54ba9bebd7p-37, 0x1.f1b54d95d7489p-35,
     0x1.aa95afab335f5p-33, 0x1.15ac155df6da8p-31, 0x1.35729e8d1c762p-31,
     0x1.dee9a7174bf4ap-28, 0x1.d0b59244bd47cp-26, -0x1.24a287a634d02p-21,
     -0x1.8040d7a13af9dp-19, 0x1.85ba5eb1b587dp-15, 0x1.337c9c45b11f8p-13,
     -0x1.1be6dafe3fb0bp-9, -0x1.10a329d0907abp-8, 0x1.a15d92e0425cep-5,
     0x1.00b9f85726169p-5},
    /* [5, 6) */
    {0x1.5b7fe4e87b02ep+2, 0x1.dfe7bac228e8cp-52, 1.0, 0x1.9060e7b81326dp-57, -0x1.5c7c556f0c19ap-2,
     0x1.09d26f2d1071dp-45, -0x1.c6f1fc6f207d5p-43, 0x1.4adedd3973171p-40,
     -0x1.384535bc7ecc7p-38, 0x1.402f7a6efdddep-39, -0x1.a7edf9ff4da84p-32,
     0x1.80b1abd7301dbp-28, 0x1.b62cd0152bfc1p-26, -0x1.255e6cf73f054p-21,
     -0x1.80619147b578cp-19, 0x1.85b940eb60899p-15, 0x1.337c7e138f47ap-13,
     -0x1.1be6db9923ad0p-9, -0x1.10a329e2c23f6p-8, 0x1.a15d92dfe3e27p-5,
     0x1.00b9f8571ca19p-5},
    /* [6, 7) */
    {0x1.a000000000000p+2, 0x0.0p+0, 0.0, 0x1.28132a5171d4ap-57, -0x1.18ab620718a46p-2,
     -0x1.43beb8dcef14ap-46, 0x1.e493eb6759b1ep-45, 0x1.07f6d7ab3fa90p-39,
     0x1.87b9467a8a4e8p-39, -0x1.ed725e8e2601ap-32, 0x1.8529c3f2e80ddp-33,
     0x1.03fe3b330121dp-24, -0x1.f03fd2fec9919p-26, -0x1.8e7aa9216d51dp-18,
     0x1.58f53e95a62fap-18, 0x1.76002b8cff57cp-12, -0x1.8fd9c47ed6496p-12,
     -0x1.7bb3112dd3f0dp-7, 0x1.c31271fe1202ap-7, 0x1.26acf98ab4837p-3,
     -0x1.0c70cfd87bc18p-3},
    /* [7, 8) */
    {0x1.e000000000000p+2, 0x0.0p+0, 0.0, -0x1.12041127f6699p-56, -0x1.0958fbf7ff0a3p-2,
     -0x1.826f422f15db2p-48, -0x1.04cc145640654p-43, 0x1.4713f6dc464dfp-40,
     0x1.da07f725c8d15p-36, -0x1.0c51fd1442780p-32, -0x1.2799b8d862fc0p-28,
     0x1.318d518c47456p-25, 0x1.08d532805c225p-21, -0x1.eae0b1ad37688p-19,
     -0x1.318b02e08e732p-15, 0x1.efafbfe8e1afcp-13, 0x1.9524b4beeb4f2p-10,
     -0x1.124bbfb5412b7p-7, -0x1.e1e2f5de1ad38p-6, 0x1.dfcaab7c9649dp-4,
     0x1.3704580e577e1p-3},
};
/* P0(x) for w = 64/x^2 in (0, 1] */
static const double P0_LARGE[16] = {
    -0x1.f1270e181149fp-35, 0x1.114b5cd0f4d51p-31, -0x1.185b4d616fc1fp-29,
    0x1.67e0b9b0a1d6dp-28, -0x1.4998dc74712b9p-27, 0x1.d87d19ac494e0p-27,
    -0x1.2303b6b7e82e4p-26, 0x1.59e05f5880d1dp-26, -0x1.c77d195442d6bp-26,
    0x1.7af69db342e02p-25, -0x1.b80431b148908p-24, 0x1.84bccf73edb30p-22,
    -0x1.251ee77d8b046p-19, 0x1.cb5fffff87568p-16, -0x1.1ffffffffffa7p-10,
    0x1.0000000000000p+0,
};
/* x Q0(x) for w = 64/x^2 in (0, 1] */
static const double Q0_LARGE[17] = {
    -0x1.04119eee234ffp-31, 0x1.2a94f32d47eecp-28, -0x1.3f5159342c02fp-26,
    0x1.a8fea01f7553ap-25, -0x1.8e7fc20b07729p-24, 0x1.1cdcbdf1f5705p-23,
    -0x1.4ce5382c32440p-23, 0x1.58d48d25efa4cp-23, -0x1.5fc8fe16157d1p-23,
    0x1.9046218483014p-23, -0x1.1cc4709bd4f80p-22, 0x1.13a38426d05e7p-21,
    -0x1.86165c435fd3bp-20, 0x1.ba4c589d6e109p-18, -0x1.d11dffff46bf7p-15,
    0x1.2bfffffffff0dp-10, -0x1.0000000000000p-3,
};
/* P1(x) for w = 64/x^2 in (0, 1] */
static const double P1_LARGE[16] = {
    0x1.05da5f02213e4p-34, -0x1.1ffb8725746c6p-31, 0x1.278ebc6588706p-29,
    -0x1.7ba52267a12dcp-28, 0x1.5c10f78bebb22p-27, -0x1.f3d3504522c0ep-27,
    0x1.34c0a03f0c192p-26, -0x1.70c49fac9fe8cp-26, 0x1.e97293efef2c1p-26,
    -0x1.9bf2590549900p-25, 0x1.e65638782c4d6p-24, -0x1.b891be314ad57p-22,
    0x1.5a6a577705fe1p-19, -0x1.274fffffc0a61p-15, 0x1.dffffffffffa2p-10,
    0x1.0000000000000p+0,
};
/* x Q1(x) for w = 64/x^2 in (0, 1] */
static const double Q1_LARGE[17] = {
    0x1.10fea9704b4bfp-31, -0x1.397e0e05ef954p-28, 0x1.4f5e007cb285cp-26,
    -0x1.be8d2f950ce3dp-25, 0x1.a2fc4209d4893p-24, -0x1.2bcfb7bc76bf9p-23,
    0x1.5ef1f2b23986ap-23, -0x1.6c87b17c45e6bp-23, 0x1.7590f8bda8394p-23,
    -0x1.ac06e293718a0p-23, 0x1.3390e3c972daep-22, -0x1.2de4375148acap-21,
    0x1.b3fae4d9517a4p-20, -0x1.fe581792d83acp-18, 0x1.1c3cffff9f0a1p-14,
    -0x1.a3fffffffff02p-10, 0x1.8000000000000p-2,
};
/* i0(x) for x^2 in [0, 256] */
static const double I0_SMALL[26] = {
    0x1.4ffba41c4cf5dp-216, -0x1.7a9429d37a0d6p-207, 0x1.f363e5bbbf439p-195,
    0x1.946fccb889580p-185, 0x1.1fdfb01df8b05p-173, 0x1.c390f910f88d6p-163,
    0x1.68a0a6b65548ep-152, 0x1.fa59ceadd856ap-142, 0x1.40aba5ad83629p-131,
    0x1.69f65f6809174p-121, 0x1.69f80f0a22f01p-111, 0x1.3e22d112162dcp-101,
    0x1.e7255a6e267b2p-92, 0x1.4197a7df0c208p-82, 0x1.69ca9cf678036p-73,
    0x1.5601885e1d137p-64, 0x1.0b313289c3b70p-55, 0x1.522a43f653d0cp-47,
    0x1.522a43f654981p-39, 0x1.02e85c0898b5dp-31, 0x1.23456789abce1p-24,
    0x1.c71c71c71c71cp-18, 0x1.c71c71c71c71cp-12, 0x1.0000000000000p-6,
    0x1.0000000000000p-2, 0x1.0000000000000p+0,
};
/* sqrt(x) e^-x i0(x) for t = 1/x in (0, 1/16] */
static const double I0_LARGE[17] = {
    -0x1.2613a8135a0a1p+31, 0x1.1cc752e104d99p+30, -0x1.e904f316b2beep+27,
    0x1.f1d57080a5e20p+24, -0x1.4f81c1d70f70ap+21, 0x1.3d9cd47cfa15ep+17,
    -0x1.ad9011d424689p+12, 0x1.c1ed48a7a5610p+7, -0x1.3d12439c79c2ap+1,
    0x1.8a558e49bfc63p-1, 0x1.d1ce5c9ecfbedp-3, 0x1.73242db8b70acp-4,
    0x1.6e87239657335p-5, 0x1.debb11af71ebdp-6, 0x1.cb94dda4dc9b4p-6,
    0x1.9884533d43665p-5, 0x1.9884533d43651p-2,
};
/* i1(x) / x for x^2 in [0, 256] */
static const double I1_SMALL[26] = {
    0x1.8bd72b6e1b352p-222, -0x1.74066b6f4b45bp-213, 0x1.37d9844959e96p-200,
    0x1.2d1923b3b325bp-190, 0x1.9c3c11e7a4283p-179, 0x1.59a404cf83ec8p-168,
    0x1.203362349c95fp-157, 0x1.aa7dba7aa9d4dp-147, 0x1.1d078ea0ffc60p-136,
    0x1.54ac3199823f3p-126, 0x1.69f7f87a3ca84p-116, 0x1.535859729124ap-106,
    0x1.165e7c7efa922p-96, 0x1.8bce58838a1acp-87, 0x1.e2637bf131493p-78,
    0x1.f17697cef4933p-69, 0x1.ab81ea76001a8p-60, 0x1.2c9758daf5993p-51,
    0x1.522a43f6548b9p-43, 0x1.27e4fb7789f57p-35, 0x1.845c8a0ce512ap-28,
    0x1.6c16c16c16c17p-21, 0x1.c71c71c71c71cp-15, 0x1.5555555555555p-9,
    0x1.0000000000000p-4, 0x1.0000000000000p-1,
};
/* sqrt(x) e^-x i1(x) for t = 1/x in (0, 1/16] */
static const double I1_LARGE[17] = {
    0x1.2cfa1d475ae67p+31, -0x1.2402ab3be2602p+30, 0x1.f60df15b2343cp+27,
    -0x1.ff9775fbec9d8p+24, 0x1.5904c54b82b89p+21, -0x1.46d8b644d602ap+17,
    0x1.ba04dbf1fcc95p+12, -0x1.d115823832740p+7, 0x1.26ae6434450ffp+1,
    -0x1.c1e437c9e14e7p-1, -0x1.136567b0419d9p-2, -0x1.c59c741eb58a0p-4,
    -0x1.d7400ebf0c209p-5, -0x1.4f1c8c5aa321cp-5, -0x1.7efc0e096756ap-5,
    -0x1.32633e6df28c2p-3, 0x1.9884533d43651p-2,
};

/* 1/(2 pi) in 32-bit words after a zero word (word j holds the bits of weight 2^-(32j-31)
 * to 2^-32j), enough for every double. */
static const unsigned BESSEL_INV_2PI_WORDS[39] = {
    0x00000000, 0x28be60db, 0x9391054a, 0x7f09d5f4, 0x7d4d3770, 0x36d8a566, 0x4f10e410,
    0x7f9458ea, 0xf7aef158, 0x6dc91b8e, 0x909374b8, 0x01924bba, 0x82746487, 0x3f877ac7,
    0x2c4a69cf, 0xba208d7d, 0x4baed121, 0x3a671c09, 0xad17df90, 0x4e64758e, 0x60d4ce7d,
    0x272117e2, 0xef7e4a0e, 0xc7fe25ff, 0xf7816603, 0xfbcbc462, 0xd6829b47, 0xdb4d9fb3,
    0xc9f2c26d, 0xd3d18fd9, 0xa797fa8b, 0x5d49eeb1, 0xfaf97c5e, 0xcf41ce7d, 0xe294a4ba,
    0x9afed7ec, 0x47e35742, 0x1580cc11, 0xbf1edaea,
};

/* Payne-Hanek for 2^20 <= x < inf: x = m 2^e (m an integer of 53 bits) times a 160-bit
 * window of 1/(2 pi) whose higher bits give only whole turns, so that 4 frac(x / (2 pi))
 * comes out in 128-bit fixed point: 2 bits of quadrant and 126 of fraction. The window
 * leaves the fraction within 2^-76 of a turn; with `extended`, 64 more bits of 1/(2 pi)
 * (their product's carry into the window) take that to 2^-128, which x - k pi/2 needs
 * where it is tiny: 2^-61 for x = 6381956970095103 2^797, whose cosine was 2^36 ulps
 * off with the window alone. */
INLINE int payne_hanek_pio2(double x, double *hi, double *lo, int extended) {
  u64 bits = bits_of(x);
  u64 m = (bits & 0x000fffffffffffffull) | 0x0010000000000000ull;
  int e = (int)(bits >> 52) - 1075; /* x = m 2^e, e >= -32 */
  int j = (e >> 5) + 1;             /* the window's first word; e >> 5 floors */
  int shift = e - 32 * (j - 1);     /* 0 .. 31 */
  const unsigned *w = BESSEL_INV_2PI_WORDS + j;
  u64 a = w[0], b = ((u64)w[1] << 32) | w[2], c = ((u64)w[3] << 32) | w[4];
  /* m (a 2^128 + b 2^64 + c) as high * 2^128 + low. */
  unsigned __int128 pc = (unsigned __int128)m * c, pb = (unsigned __int128)m * b;
  if (extended) { /* m d's high half, below 2^53, added to m c (below 2^117) */
    u64 d = ((u64)w[5] << 32) | w[6];
    pc += (u64)(((unsigned __int128)m * d) >> 64);
  }
  unsigned __int128 low = pc + (pb << 64);
  unsigned __int128 high = (pb >> 64) + (unsigned __int128)m * a + (low < pc ? 1 : 0);
  /* The product's weight is 2^(shift - 160); the 128 bits from weight 2^1 down. */
  int s = 32 - shift; /* 1 .. 32 */
  unsigned __int128 t = (low >> s) | (high << (128 - s));
  int quadrant = (int)(t >> 126);
  __int128 f = (__int128)(t & ((((unsigned __int128)1) << 126) - 1));
  if (f >= ((__int128)1 << 125)) {
    f -= (__int128)1 << 126;
    quadrant += 1;
  }
  /* f 2^-126 quarter turns, as t1 + t2 in units of 2^-62, times pi/2. */
  long long top = (long long)(f >> 64);
  double t1 = (double)top;
  double t2 = (double)(top - (long long)t1) + (double)(u64)f * 0x1p-64;
  t1 *= 0x1p-62;
  t2 *= 0x1p-62;
  double h = t1 * PIO2_HI;
  double l = FMA(t1, PIO2_HI, -h) + FMA(t1, PIO2_LO, t2 * PIO2_HI);
  two_sum(h, l, hi, lo);
  return quadrant & 3;
}

SLOW int bessel_reduce_huge_slow(double x, double *hi, double *lo) {
  return payne_hanek_pio2(x, hi, lo, 0);
}

/* For sin, cos and tan (math.c). */
SLOW int trig_reduce_huge_slow(double x, double *hi, double *lo) {
  return payne_hanek_pio2(x, hi, lo, 1);
}

/* The polynomial c (count coefficients, the highest first) at s + s_lo as *hi + *lo: the
 * last `tail` steps of Horner's scheme in double-double, the s_lo term included. Where the
 * partial sums of those steps are each most of the result, their roundings would add up
 * to several ulps in double. */
INLINE void bessel_poly_dd(const double *c, int count, int tail, double s, double s_lo,
                           double *hi, double *lo) {
  double p = c[0];
  for (int i = 1; i < count - tail; ++i) p = FMA(p, s, c[i]);
  double h = p, l = 0.0;
  for (int i = count - tail; i < count; ++i) {
    double product = h * s;
    double product_err = FMA(h, s, -product);
    double sum, sum_err;
    two_sum(product, c[i], &sum, &sum_err);
    double t = FMA(l, s, FMA(h, s_lo, product_err + sum_err));
    h = sum + t;
    l = t - (h - sum);
  }
  *hi = h;
  *lo = l;
}

/* A row of J0_ROWS .. Y1_ROWS: centre c, z_lo, whether the row is centred on a zero, the
 * constant coefficient in two parts, then the others from the highest down. */
#define BESSEL_ROW_HEAD 5
INLINE double bessel_row(const double *row, int degree, double x) {
  double h = x - row[0]; /* exact: x is within a factor of 2 of the centre */
  double p = row[BESSEL_ROW_HEAD];
  for (int i = BESSEL_ROW_HEAD + 1; i < BESSEL_ROW_HEAD + degree; ++i) p = FMA(p, h, row[i]);
  double g = row[4] + FMA(p, h, row[3]);
  double factor = row[2] != 0.0 ? h - row[1] : 1.0;
  return factor * g;
}

/* The Hankel form for x >= 8 (or an infinity or a NaN): with u = P + Q, v = P - Q,
 * A = u cos x + v sin x and B = u sin x - v cos x, j0 = A r, y0 = B r, j1 = B r and
 * y1 = -A r, where r = 1 / sqrt(pi x) and P, Q are those of the order. */
INLINE double bessel_large(double x, int order, int second_kind) {
  if (!(x < INF)) return x == INF ? 0.0 : x + x;
  double w = 64.0 / (x * x); /* 0 once x * x overflows */
  double p = order ? bessel_poly(P1_LARGE, 16, w) : bessel_poly(P0_LARGE, 16, w);
  double q = (order ? bessel_poly(Q1_LARGE, 17, w) : bessel_poly(Q0_LARGE, 17, w)) / x;
  double hi, lo;
  int n = reduce_pio2(x, &hi, &lo); /* Payne-Hanek from 2^20 on, where the values are below
                                     * 8e-4 and CUDA bounds only their absolute error */
  double s = sin_kernel(hi, lo), c = cos_kernel(hi, lo);
  /* sin x and cos x by selects, not a switch a warp would run case by case. */
  double sx = (n & 1) ? c : s, cx = (n & 1) ? s : c;
  sx = (n & 2) ? -sx : sx;
  cx = ((n + 1) & 2) ? -cx : cx;
  double u = p + q, v = p - q;
  double a = FMA(u, cx, v * sx), b = FMA(u, sx, -v * cx);
  double r = INV_SQRT_PI / __builtin_sqrt(x);
  if (order == 0) return (second_kind ? b : a) * r;
  return (second_kind ? -a : b) * r;
}

EXPORT double __oxhip_j0(double x) {
  double ax = fabs_(x);
  if (ax < 1.0) return bessel_poly(J0_SMALL, 11, ax * ax);
  if (ax < 8.0) return bessel_row(J0_ROWS[(int)ax - 1], 13, ax);
  return bessel_large(ax, 0, 0);
}

EXPORT double __oxhip_j1(double x) {
  double ax = fabs_(x), r;
  if (ax < 1.0) return x * bessel_poly(J1_SMALL, 11, x * x); /* keeps -0 */
  if (ax < 8.0) r = bessel_row(J1_ROWS[(int)ax - 1], 13, ax);
  else r = bessel_large(ax, 1, 0);
  return x < 0.0 ? -r : r;
}

EXPORT double __oxhip_y0(double x) {
  if (!(x > 0.0)) return x == 0.0 ? -INF : NAN_VALUE + x;
  if (x < 0.7 || (x >= 1.0 && x < 2.5)) {
    /* Both terms have the sign of the result there. U(x^2) cancels between its constant
     * term and the rest near x = 1 (4.3 ulp of y0 in double): its last six Horner steps in
     * double-double, with the rounding error of x^2. */
    double s = x * x, u_hi, u_lo;
    bessel_poly_dd(Y0_LOG, 18, 6, s, FMA(x, x, -s), &u_hi, &u_lo);
    /* (2/pi) ln x in two parts (the rounded product cost up to 1.5 ulp where U ~ 0). */
    double lh, ll;
    log_dd(x, &lh, &ll);
    double a = TWO_OVER_PI * lh;
    double a_lo = FMA(TWO_OVER_PI, lh, -a) + FMA(TWO_OVER_PI, ll, TWO_OVER_PI_LO * lh);
    double j = __oxhip_j0(x);
    return FMA(a, j, FMA(a_lo, j, u_lo)) + u_hi;
  }
  if (x < 8.0) return bessel_row(Y0_ROWS[x < 1.0 ? 0 : x < 3.0 ? 1 : (int)x - 1], 16, x);
  return bessel_large(x, 0, 1);
}

EXPORT double __oxhip_y1(double x) {
  if (!(x > 0.0)) return x == 0.0 ? -INF : NAN_VALUE + x;
  if (x < 1.5) {
    /* -2 / (pi x) dominates; (2/pi) ln(x) j1(x) + x V(x^2) is less than half of it. */
    double v = bessel_poly(Y1_LOG, 15, x * x);
    double rest = FMA(TWO_OVER_PI * __oxhip_log(x), __oxhip_j1(x), x * v);
    return rest - TWO_OVER_PI / x;
  }
  if (x < 8.0) return bessel_row(Y1_ROWS[x < 3.0 ? (int)(x + x) - 3 : (int)x], 16, x);
  return bessel_large(x, 1, 1);
}

/* jn and yn of a negative order are NaN, as in CUDA (C's are (-1)^n J_-n and Y_-n). */
EXPORT double __oxhip_jn(int n, double x) {
  if (n < 0) return NAN_VALUE;
  unsigned m = (unsigned)n;
  int negate = 0;
  if (__builtin_signbit(x)) { /* -0 too: jn(3, -0) is -0 */
    x = -x;
    negate = (int)(m & 1);
  }
  double r;
  if (m == 0) return __oxhip_j0(x);
  if (m == 1) r = __oxhip_j1(x);
  else if (!(x < INF)) r = x == INF ? 0.0 : x + x;
  else if (x == 0.0) r = 0.0;
  else if (x > (double)m) {
    /* Forward recurrence J_(k+1) = (2k / x) J_k - J_(k-1): stable while k < x. */
    double a = __oxhip_j0(x), b = __oxhip_j1(x);
    for (unsigned k = 1; k < m; ++k) {
      double t = FMA(2.0 * (double)k / x, b, -a);
      a = b;
      b = t;
    }
    r = b;
  } else if (x < 0x1p-20) {
    /* (x/2)^m / m! (1 - (x/2)^2 / (m + 1)): the next term is below 2^-80. */
    double half = 0.5 * x, t = 1.0;
    for (unsigned k = 1; k <= m && t != 0.0; ++k) t *= half / (double)k;
    r = t * (1.0 - half * half / ((double)m + 1.0));
  } else {
    /* Miller's algorithm: the recurrence run backwards from `top`, where J_top(x) is far
     * below J_m(x) (x <= m), from arbitrary values; the sequence is J up to a factor, found
     * from j0 or j1 (the larger of the two). Rescaled by 2^-600 whenever it grows past
     * 2^600. */
    unsigned top = m + 16 + (unsigned)__builtin_sqrt(40.0 * (double)m);
    double next = 0.0, cur = 0x1p-600, at_m = 0.0;
    for (unsigned k = top; k > 0; --k) {
      double prev = FMA(2.0 * (double)k / x, cur, -next); /* J_(k-1) */
      next = cur;
      cur = prev;
      if (k - 1 == m) at_m = cur;
      if (fabs_(cur) > 0x1p600) {
        cur *= 0x1p-600;
        next *= 0x1p-600;
        at_m *= 0x1p-600;
      }
    }
    /* cur ~ J_0 and next ~ J_1. */
    r = fabs_(cur) >= fabs_(next) ? at_m * (__oxhip_j0(x) / cur)
                                  : at_m * (__oxhip_j1(x) / next);
  }
  return negate ? -r : r;
}

EXPORT double __oxhip_yn(int n, double x) {
  if (n < 0) return NAN_VALUE;
  unsigned m = (unsigned)n;
  if (m == 0) return __oxhip_y0(x);
  if (!(x > 0.0)) return x == 0.0 ? -INF : NAN_VALUE + x;
  double r;
  if (m == 1) r = __oxhip_y1(x);
  else if (x == INF) r = 0.0;
  else {
    /* Forward recurrence, stable for Y at every x; the magnitude only grows once k > x,
     * so an infinity is final. */
    double a = __oxhip_y0(x), b = __oxhip_y1(x);
    for (unsigned k = 1; k < m && !is_inf(b); ++k) {
      double t = FMA(2.0 * (double)k / x, b, -a);
      a = b;
      b = t;
    }
    r = b;
  }
  return r;
}

/* The polynomial of I0_SMALL or I1_SMALL at x^2. Their terms peak at the power x/2 (up to
 * 8), so the last ten steps run in double-double (4.8 ulp to 0.9 with them). */
INLINE void bessel_i_small(const double *c, double ax, double *hi, double *lo) {
  double s = ax * ax;
  bessel_poly_dd(c, 26, 10, s, FMA(ax, ax, -s), hi, lo);
}

/* e^x / sqrt(x) R(1/x) for x >= 16, R of I0_LARGE or I1_LARGE: e^(x - ln(x)/2) from
 * double-double arguments as p 2^k, rounded once. */
INLINE double bessel_i_large(double ax, const double *c) {
  if (!(ax < 720.0)) return ax == ax ? INF : ax; /* overflow, inf or NaN */
  double lh, ll;
  log_dd(ax, &lh, &ll);
  double h, l;
  two_sum(ax, -0.5 * lh, &h, &l);
  int k;
  double p = exp_dd_parts(h, l - 0.5 * ll, &k);
  return scale2(p * bessel_poly(c, 17, 1.0 / ax), k);
}

EXPORT double __oxhip_cyl_bessel_i0(double x) {
  double ax = fabs_(x);
  if (ax < 16.0) {
    double hi, lo;
    bessel_i_small(I0_SMALL, ax, &hi, &lo);
    return hi + lo;
  }
  return bessel_i_large(ax, I0_LARGE);
}

EXPORT double __oxhip_cyl_bessel_i1(double x) {
  double ax = fabs_(x);
  if (ax < 16.0) {
    double hi, lo;
    bessel_i_small(I1_SMALL, ax, &hi, &lo);
    return FMA(x, hi, x * lo); /* keeps -0 */
  }
  double r = bessel_i_large(ax, I1_LARGE);
  return x < 0.0 ? -r : r;
}

/* ---- float forms through double ------------------------------------------------------ */

EXPORT float __oxhip_jnf(int n, float x) { return (float)__oxhip_jn(n, x); }
EXPORT float __oxhip_ynf(int n, float x) { return (float)__oxhip_yn(n, x); }
/* cyl_bessel_i0f and i1f: the double polynomials in plain double (their few double ulps
 * vanish in the rounding to float), and e^x / sqrt(x) R(1/x) from double exp, which cannot
 * overflow before the float result does (at 91.9). */
EXPORT float __oxhip_cyl_bessel_i0f(float x) {
  double ax = fabs_((double)x);
  if (ax < 16.0) return (float)bessel_poly(I0_SMALL, 26, ax * ax);
  if (!(ax < 100.0)) return ax == ax ? INFF : x; /* overflow, inf or NaN */
  return (float)(__oxhip_exp(ax) * bessel_poly(I0_LARGE, 17, 1.0 / ax) / __builtin_sqrt(ax));
}
EXPORT float __oxhip_cyl_bessel_i1f(float x) {
  double ax = fabs_((double)x);
  if (ax < 16.0) return (float)((double)x * bessel_poly(I1_SMALL, 26, ax * ax));
  if (!(ax < 100.0)) return ax == ax ? copysignf_(INFF, x) : x;
  double r = __oxhip_exp(ax) * bessel_poly(I1_LARGE, 17, 1.0 / ax) / __builtin_sqrt(ax);
  return (float)(x < 0.0f ? -r : r);
}

/* ---- single precision: j0f, j1f, y0f, y1f ------------------------------------------------
 * The double functions' structure in float: rows of degree 7 (j) and 9 (y), float
 * coefficients fitted for relative error (2^-25.7 to 2^-31 with them rounded), the zeros
 * in two floats, and above 8 P and x Q of degree 4 in 64/x^2 with the float reduction of
 * sinf and cosf (Payne-Hanek from 105615 on). j0f below 8 is one polynomial times its
 * zeros instead (at __oxhip_j0f). */

/* j0(x) for x^2 in [0, 1] */
static const float J0F_SMALL[6] = {
    -0x1.1d42bc0000000p-24f, 0x1.c7017c0000000p-18f, -0x1.c71c3a0000000p-12f, 0x1.0000000000000p-6f,
    -0x1.0000000000000p-2f, 0x1.0000000000000p+0f,
};
/* j1(x) / x for x^2 in [0, 1] */
static const float J1F_SMALL[6] = {
    -0x1.7d7bf40000000p-28f, 0x1.6c07520000000p-21f, -0x1.c71c520000000p-15f, 0x1.5555560000000p-9f,
    -0x1.0000000000000p-4f, 0x1.0000000000000p-1f,
};
/* y0(x) - (2/pi) ln(x) j0(x) for x^2 in [0, 6.25] */
static const float Y0F_LOG[10] = {
    0x1.cdf9300000000p-55f, -0x1.3008f60000000p-46f, 0x1.238c8e0000000p-38f, -0x1.a6ee380000000p-31f,
    0x1.bce4a40000000p-24f, -0x1.3e997a0000000p-17f, 0x1.1a62060000000p-11f, -0x1.075b1c0000000p-6f,
    0x1.6bbcb40000000p-3f, -0x1.2e4d6a0000000p-4f,
};
/* (y1(x) - (2/pi) (ln(x) j1(x) - 1/x)) / x for x^2 in [0, 2.25] */
static const float Y1F_LOG[8] = {
    0x1.20bbea0000000p-42f, -0x1.f088920000000p-35f, 0x1.32e5200000000p-27f, -0x1.0a780a0000000p-20f,
    0x1.2c7dc00000000p-14f, -0x1.835b980000000p-9f, 0x1.bd39760000000p-5f, -0x1.9186620000000p-3f,
};

/* j0 on [1, 3) in rows (y0f's logarithmic term below 2.5; j0f itself no longer uses them) */
static const float J0F_ROWS[2][12] = {
    /* [1, 2) */
    {0x1.33d1520000000p+1f, 0x1.d2e3680000000p-24f, 1.0f, -0x1.0682700000000p-26f, -0x1.09cdae0000000p-1f,
     0x1.9342260000000p-22f, 0x1.eebf0a0000000p-15f, 0x1.314e240000000p-12f, -0x1.1bdf100000000p-9f,
     -0x1.1b14820000000p-7f, 0x1.cfbe440000000p-5f, 0x1.ba1faa0000000p-4f},
    /* [2, 3) */
    {0x1.33d1520000000p+1f, 0x1.d2e3680000000p-24f, 1.0f, 0x1.af2e3a0000000p-28f, -0x1.09cdb40000000p-1f,
     -0x1.3ba3de0000000p-18f, 0x1.6db64e0000000p-15f, 0x1.1557620000000p-12f, -0x1.1f98da0000000p-9f,
     -0x1.1bb1e00000000p-7f, 0x1.cfae880000000p-5f, 0x1.ba1dec0000000p-4f},
};
static const float J1F_ROWS[7][12] = {
    /* [1, 2) */
    {0x1.8000000000000p+0f, 0x0.0p+0f, 0.0f, 0x1.37937a0000000p-26f, 0x1.1da9da0000000p-1f,
     -0x1.0f3f9a0000000p-17f, -0x1.9c37660000000p-12f, 0x1.d235f40000000p-12f, 0x1.c23b620000000p-7f,
     -0x1.a680b20000000p-7f, -0x1.9ce3700000000p-3f, 0x1.1e742a0000000p-3f},
    /* [2, 3) */
    {0x1.4000000000000p+1f, 0x0.0p+0f, 0.0f, 0x1.0462c80000000p-27f, 0x1.fd063c0000000p-2f,
     0x1.3e5ab40000000p-15f, -0x1.2534aa0000000p-12f, -0x1.cbda100000000p-10f, 0x1.4d6c7e0000000p-7f,
     0x1.3cb0a60000000p-5f, -0x1.46518c0000000p-3f, -0x1.fa4f380000000p-3f},
    /* [3, 4) */
    {0x1.ea75580000000p+1f, -0x1.4a121e0000000p-24f, 1.0f, 0x1.85c6ee0000000p-27f, -0x1.9c6cf60000000p-2f,
     -0x1.78598c0000000p-20f, 0x1.913d160000000p-15f, 0x1.6fb1c80000000p-13f, -0x1.24b1140000000p-9f,
     -0x1.5375aa0000000p-8f, 0x1.b589d00000000p-5f, 0x1.ae8a3e0000000p-5f},
    /* [4, 5) */
    {0x1.ea75580000000p+1f, -0x1.4a121e0000000p-24f, 1.0f, 0x1.ed19980000000p-27f, -0x1.9c6cf60000000p-2f,
     -0x1.6a34b80000000p-18f, 0x1.ab49060000000p-15f, 0x1.62e7d40000000p-13f, -0x1.2434020000000p-9f,
     -0x1.5390720000000p-8f, 0x1.b58aac0000000p-5f, 0x1.ae8a200000000p-5f},
    /* [5, 6) */
    {0x1.6000000000000p+2f, 0x0.0p+0f, 0.0f, -0x1.818bb60000000p-27f, -0x1.5da1fa0000000p-2f,
     -0x1.9cab580000000p-16f, 0x1.5674f80000000p-12f, 0x1.09323a0000000p-10f, -0x1.753d1c0000000p-7f,
     -0x1.20944a0000000p-6f, 0x1.47ca6a0000000p-3f, 0x1.c47de20000000p-5f},
    /* [6, 7) */
    {0x1.c0ff600000000p+2f, -0x1.8971b60000000p-23f, 1.0f, 0x1.e7ce000000000p-27f, 0x1.33518a0000000p-2f,
     -0x1.edbf3c0000000p-24f, -0x1.9d90420000000p-15f, -0x1.0f3cc80000000p-13f, 0x1.13bc0e0000000p-9f,
     0x1.9a39b80000000p-9f, -0x1.80c8620000000p-5f, -0x1.5e70f40000000p-6f},
    /* [7, 8) */
    {0x1.c0ff600000000p+2f, -0x1.8971b60000000p-23f, 1.0f, 0x1.ea73880000000p-27f, 0x1.33518a0000000p-2f,
     0x1.1f714a0000000p-18f, -0x1.90a6460000000p-15f, -0x1.02a9a80000000p-13f, 0x1.13dc3e0000000p-9f,
     0x1.9a52800000000p-9f, -0x1.80c8480000000p-5f, -0x1.5e70ee0000000p-6f},
};

static const float Y0F_ROWS[7][14] = {
    /* [0.7, 1) */
    {0x1.c982ec0000000p-1f, -0x1.cafa060000000p-27f, 1.0f, -0x1.6866660000000p-26f, 0x1.c243720000000p-1f,
     -0x1.5026060000000p-2f, 0x1.71f95a0000000p-3f, -0x1.87642c0000000p-3f, 0x1.94f5780000000p-3f,
     -0x1.a3a0e60000000p-3f, 0x1.c066420000000p-3f, -0x1.cf18de0000000p-3f, 0x1.c3b1340000000p-3f,
     -0x1.f7e38a0000000p-2f},
    /* [2.5, 3) */
    {0x1.6000000000000p+1f, 0x0.0p+0f, 0.0f, -0x1.be5d0a0000000p-27f, 0x1.cb6d320000000p-2f,
     0x1.d0fca00000000p-18f, -0x1.478db00000000p-16f, 0x1.eb75d00000000p-14f, -0x1.d190580000000p-12f,
     -0x1.9cc7d60000000p-10f, 0x1.bc5eba0000000p-8f, 0x1.d5d1540000000p-5f, -0x1.6fd1680000000p-3f,
     -0x1.f7d8d00000000p-3f},
    /* [3, 4) */
    {0x1.fa95340000000p+1f, 0x1.b30ad40000000p-24f, 1.0f, 0x1.eb734c0000000p-29f, -0x1.9c34260000000p-2f,
     -0x1.8c149e0000000p-23f, -0x1.66d2ac0000000p-21f, -0x1.654f260000000p-18f, 0x1.a8cd580000000p-15f,
     0x1.99482a0000000p-13f, -0x1.1e33860000000p-9f, -0x1.c117040000000p-8f, 0x1.df6d5a0000000p-5f,
     0x1.a09c8c0000000p-5f},
    /* [4, 5) */
    {0x1.fa95340000000p+1f, 0x1.b30ad40000000p-24f, 1.0f, 0x1.eb5fe60000000p-29f, -0x1.9c34260000000p-2f,
     0x1.52d1560000000p-25f, -0x1.b86cbc0000000p-22f, -0x1.3f2b160000000p-18f, 0x1.aa4d620000000p-15f,
     0x1.999db80000000p-13f, -0x1.1e33460000000p-9f, -0x1.c116ec0000000p-8f, 0x1.df6d5a0000000p-5f,
     0x1.a09c8c0000000p-5f},
    /* [5, 6) */
    {0x1.6000000000000p+2f, 0x0.0p+0f, 0.0f, -0x1.e06ebc0000000p-27f, -0x1.5ba0cc0000000p-2f,
     0x1.7c69600000000p-22f, -0x1.7533080000000p-18f, -0x1.953a7a0000000p-16f, 0x1.6ee2520000000p-12f,
     0x1.01700c0000000p-10f, -0x1.96e9380000000p-7f, -0x1.ca44580000000p-7f, 0x1.57346c0000000p-3f,
     0x1.8541460000000p-6f},
    /* [6, 7) */
    {0x1.c581dc0000000p+2f, 0x1.39c8400000000p-24f, 1.0f, 0x1.0998cc0000000p-29f, 0x1.334cca0000000p-2f,
     -0x1.69a6cc0000000p-32f, 0x1.5f53b20000000p-21f, 0x1.79fa240000000p-19f, -0x1.809b620000000p-15f,
     -0x1.26bdae0000000p-13f, 0x1.1d36a60000000p-9f, 0x1.b2f1720000000p-9f, -0x1.8969c60000000p-5f,
     -0x1.5aef5a0000000p-6f},
    /* [7, 8) */
    {0x1.c581dc0000000p+2f, 0x1.39c8400000000p-24f, 1.0f, 0x1.095cc20000000p-29f, 0x1.334cca0000000p-2f,
     -0x1.9629a60000000p-25f, 0x1.422ac20000000p-21f, 0x1.67cd000000000p-19f, -0x1.8164480000000p-15f,
     -0x1.26de6e0000000p-13f, 0x1.1d35e80000000p-9f, 0x1.b2f1460000000p-9f, -0x1.8969c60000000p-5f,
     -0x1.5aef5a0000000p-6f},
};
static const float Y1F_ROWS[8][14] = {
    /* [1.5, 2) */
    {0x1.193bee0000000p+1f, -0x1.6401b80000000p-24f, 1.0f, -0x1.30743e0000000p-27f, 0x1.0aa4820000000p-1f,
     -0x1.23dffa0000000p-10f, -0x1.4cd97c0000000p-9f, -0x1.17f7120000000p-8f, -0x1.0793120000000p-9f,
     -0x1.15654a0000000p-8f, 0x1.c05c180000000p-8f, -0x1.4362c80000000p-8f, -0x1.0d55d80000000p-5f,
     -0x1.e5715c0000000p-4f},
    /* [2, 2.5) */
    {0x1.193bee0000000p+1f, -0x1.6401b80000000p-24f, 1.0f, -0x1.17264a0000000p-29f, 0x1.0aa4840000000p-1f,
     -0x1.6c777e0000000p-14f, 0x1.f258080000000p-13f, -0x1.0c37420000000p-11f, 0x1.17b1080000000p-10f,
     -0x1.5427cc0000000p-9f, 0x1.e671b20000000p-8f, -0x1.3a6de40000000p-8f, -0x1.0d2af60000000p-5f,
     -0x1.e56f840000000p-4f},
    /* [2.5, 3) */
    {0x1.193bee0000000p+1f, -0x1.6401b80000000p-24f, 1.0f, -0x1.5b6f160000000p-27f, 0x1.0aa4840000000p-1f,
     -0x1.84665c0000000p-17f, 0x1.76ddf40000000p-14f, -0x1.6b223c0000000p-12f, 0x1.eaba560000000p-11f,
     -0x1.4a56ee0000000p-9f, 0x1.e474960000000p-8f, -0x1.39dfac0000000p-8f, -0x1.0d2e360000000p-5f,
     -0x1.e56f560000000p-4f},
    /* [3, 4) */
    {0x1.c000000000000p+1f, 0x0.0p+0f, 0.0f, 0x1.8026e00000000p-27f, 0x1.a4086e0000000p-2f,
     0x1.1cf3160000000p-19f, -0x1.be98e20000000p-20f, 0x1.2011bc0000000p-15f, -0x1.ed56020000000p-12f,
     -0x1.0e6f420000000p-15f, 0x1.94d4620000000p-7f, 0x1.7636160000000p-8f, -0x1.96c2300000000p-3f,
     0x1.26323c0000000p-4f},
    /* [4, 5) */
    {0x1.5b7fe40000000p+2f, 0x1.d0f6060000000p-23f, 1.0f, -0x1.a2b7540000000p-31f, -0x1.5c7c560000000p-2f,
     -0x1.b7fba60000000p-25f, -0x1.e51b7c0000000p-21f, -0x1.faef920000000p-19f, 0x1.7966340000000p-15f,
     0x1.3030e20000000p-13f, -0x1.1c0cfc0000000p-9f, -0x1.10ac5a0000000p-8f, 0x1.a15d380000000p-5f,
     0x1.00b9dc0000000p-5f},
    /* [5, 6) */
    {0x1.5b7fe40000000p+2f, 0x1.d0f6060000000p-23f, 1.0f, 0x1.c6239a0000000p-30f, -0x1.5c7c560000000p-2f,
     0x1.d9a42e0000000p-26f, -0x1.2393d80000000p-21f, -0x1.80846a0000000p-19f, 0x1.85b7940000000p-15f,
     0x1.337c8c0000000p-13f, -0x1.1be6dc0000000p-9f, -0x1.10a3220000000p-8f, 0x1.a15d940000000p-5f,
     0x1.00b9ec0000000p-5f},
    /* [6, 7) */
    {0x1.a000000000000p+2f, 0x0.0p+0f, 0.0f, -0x1.c608be0000000p-32f, -0x1.18ab620000000p-2f,
     -0x1.ee563e0000000p-26f, -0x1.8bf2a20000000p-18f, 0x1.58f4d40000000p-18f, 0x1.75fdf60000000p-12f,
     -0x1.8fd9c40000000p-12f, -0x1.7bb3100000000p-7f, 0x1.c312720000000p-7f, 0x1.26acfa0000000p-3f,
     -0x1.0c70d00000000p-3f},
    /* [7, 8) */
    {0x1.e000000000000p+2f, 0x0.0p+0f, 0.0f, 0x1.00283c0000000p-31f, -0x1.0958fc0000000p-2f,
     0x1.0764a20000000p-21f, -0x1.e7e6f00000000p-19f, -0x1.3189c00000000p-15f, 0x1.efad260000000p-13f,
     0x1.9524b40000000p-10f, -0x1.124bbe0000000p-7f, -0x1.e1e2f60000000p-6f, 0x1.dfcaac0000000p-4f,
     0x1.3704580000000p-3f},
};

/* P0(x) for w = 64/x^2 in (0, 1] */
static const float P0F_LARGE[5] = {
    0x1.becedc0000000p-23f, -0x1.15ecac0000000p-19f, 0x1.cabf180000000p-16f, -0x1.1fffb20000000p-10f,
    0x1.0000000000000p+0f,
};
/* x Q0(x) for w = 64/x^2 in (0, 1] */
static const float Q0F_LARGE[5] = {
    -0x1.8e03d00000000p-21f, 0x1.9843560000000p-18f, -0x1.cfba9c0000000p-15f, 0x1.2bfeaa0000000p-10f,
    -0x1.0000000000000p-3f,
};
/* P1(x) for w = 64/x^2 in (0, 1] */
static const float P1F_LARGE[5] = {
    -0x1.007c940000000p-22f, 0x1.49726e0000000p-19f, -0x1.26f60c0000000p-15f, 0x1.dfffaa0000000p-10f,
    0x1.0000000000000p+0f,
};
/* x Q1(x) for w = 64/x^2 in (0, 1] */
static const float Q1F_LARGE[5] = {
    0x1.c278e00000000p-21f, -0x1.d8b2e00000000p-18f, 0x1.1b78340000000p-14f, -0x1.a3fe860000000p-10f,
    0x1.8000000000000p-2f,
};


INLINE float bessel_poly_f(const float *c, int count, float t) {
  float p = c[0];
  for (int i = 1; i < count; ++i) p = FMAF(p, t, c[i]);
  return p;
}

INLINE float bessel_row_f(const float *row, int degree, float x) {
  float h = x - row[0]; /* exact, as in bessel_row */
  float p = row[BESSEL_ROW_HEAD];
  for (int i = BESSEL_ROW_HEAD + 1; i < BESSEL_ROW_HEAD + degree; ++i) p = FMAF(p, h, row[i]);
  float g = row[4] + FMAF(p, h, row[3]);
  float factor = row[2] != 0.0f ? h - row[1] : 1.0f;
  return factor * g;
}

#define INV_SQRT_PIF 0x1.20dd76p-1f
#define TWO_OVER_PIF_HI 0x1.45f306p-1f

/* bessel_large in float (x >= 8, inf or NaN). */
INLINE float bessel_large_f(float x, int order, int second_kind) {
  if (!(x < INFF)) return x == INFF ? 0.0f : x + x;
  float w = x < 0x1p60f ? div_fast(64.0f, x * x) : 0.0f;
  float p = bessel_poly_f(order ? P1F_LARGE : P0F_LARGE, 5, w);
  float q = x < 0x1p60f ? div_fast(bessel_poly_f(order ? Q1F_LARGE : Q0F_LARGE, 5, w), x) : 0.0f;
  float sx, cx;
  sin_cos_f(x, &sx, &cx);
  float u = p + q, v = p - q;
  float a = FMAF(u, cx, v * sx), b = FMAF(u, sx, -v * cx);
  float scale = INV_SQRT_PIF * __oxhip_rsqrtf(x);
  if (order == 0) return (second_kind ? b : a) * scale;
  return (second_kind ? -a : b) * scale;
}

/* j0f above 8 (inf, NaN): bessel_large_f's form with what CUDA's absolute bound there
 * (2.2e-6) leaves room for: one approximate reciprocal square root y gives both 1/x = y^2
 * and the amplitude's 1/sqrt(x) (no division, no x^2 to overflow), and P0 and x Q0 are
 * of degree 2 in w = 64/x^2 (absolute errors 6.0e-8 and 1.5e-7 with float coefficients,
 * devicelibs/fit/j0f_large.py; bessel_large_f's degree 4 serves j1f, y0f, y1f). Out of
 * line, because the bench-like loops of CUDA code take it in a few warps only; about half
 * the instructions of bessel_large_f. */
SLOW float j0f_large(float ax) {
  if (!(ax < INFF)) return ax == INFF ? 0.0f : ax + ax;
  float y = __oxhip_rsqrtf(ax);
  float inv = y * y;
  float w = 64.0f * inv * inv;
  float p = FMAF(FMAF(0x1.9cf6a6p-16f, w, -0x1.1fbeap-10f), w, 0x1.fffffep-1f);
  float q = FMAF(FMAF(-0x1.8e7444p-15f, w, 0x1.2b47b2p-10f), w, -0x1.ffffdap-4f) * inv;
  float sx, cx;
  sin_cos_f(ax, &sx, &cx);
  return FMAF(p + q, cx, (p - q) * sx) * (INV_SQRT_PIF * y);
}

/* j0 below 8, branch-free and even: (t - z1^2)(t - z2^2)(t - z3^2) U(t) with t = x^2, the
 * squares of the first three zeros in two floats (fma(x, x, -hi) is x^2 - hi rounded once,
 * so the factor keeps its relative accuracy next to a zero), and U of degree 7 in t - 48
 * (relative fit 2^-25.3, devicelibs/fit/j0f.py; centred, because in t itself the terms
 * cancel a hundredfold near 8; 48 is where they cancel least). 17 FP32 operations, no
 * table and no branch below 8. Every float in [2^-8, 8): 5.35 ulp at most, from the
 * roundings of the three factors and their products (CUDA's bound is 9; nvcc's measured
 * 6.4 on the H100). */
EXPORT float __oxhip_j0f(float x) {
  float ax = fabsf_(x);
  if (__builtin_expect(!(ax < 8.0f), 0)) return j0f_large(ax);
  float s = FMAF(ax, ax, -48.0f);
  float u = 0x1.30a8bap-65f;
  u = FMAF(u, s, -0x1.419274p-57f);
  u = FMAF(u, s, 0x1.6d7ea0p-49f);
  u = FMAF(u, s, -0x1.346f38p-41f);
  u = FMAF(u, s, 0x1.790580p-34f);
  u = FMAF(u, s, -0x1.35cac4p-27f);
  u = FMAF(u, s, 0x1.2bf132p-21f);
  u = FMAF(u, s, -0x1.f83042p-17f);
  u *= FMAF(ax, ax, -0x1.721fb8p+2f) - 0x1.18aeeep-28f;
  u *= FMAF(ax, ax, -0x1.e78a4ap+4f) - 0x1.88775cp-22f;
  u *= FMAF(ax, ax, -0x1.2b8c4cp+6f) + 0x1.f7aa26p-20f;
  return u;
}

EXPORT float __oxhip_j1f(float x) {
  float ax = fabsf_(x), r;
  if (ax < 1.0f) return x * bessel_poly_f(J1F_SMALL, 6, x * x); /* keeps -0 */
  if (ax < 8.0f) r = bessel_row_f(J1F_ROWS[(int)ax - 1], 7, ax);
  else r = bessel_large_f(ax, 1, 0);
  return x < 0.0f ? -r : r;
}

EXPORT float __oxhip_y0f(float x) {
  if (!(x > 0.0f)) return x == 0.0f ? -INFF : NANF + x;
  if (x < 0.7f || (x >= 1.0f && x < 2.5f)) {
    float u = bessel_poly_f(Y0F_LOG, 10, x * x);
    float j0 = x < 1.0f ? bessel_poly_f(J0F_SMALL, 6, x * x)
                        : bessel_row_f(J0F_ROWS[(int)x - 1], 7, x);
    return FMAF(TWO_OVER_PIF_HI * __oxhip_logf(x), j0, u);
  }
  if (x < 8.0f) return bessel_row_f(Y0F_ROWS[x < 1.0f ? 0 : x < 3.0f ? 1 : (int)x - 1], 9, x);
  return bessel_large_f(x, 0, 1);
}

EXPORT float __oxhip_y1f(float x) {
  if (!(x > 0.0f)) return x == 0.0f ? -INFF : NANF + x;
  if (x < 1.5f) {
    /* Below 2^-100 only -2 / (pi x) counts; x scaled by 2^24 first, since the GPUs'
     * reciprocal flushes subnormals (the result overflows only below 1.9e-39). */
    if (x < 0x1p-100f) return -(div_fast(TWO_OVER_PIF_HI, x * 0x1p24f) * 0x1p24f);
    float v = bessel_poly_f(Y1F_LOG, 8, x * x);
    float rest = FMAF(TWO_OVER_PIF_HI * __oxhip_logf(x), __oxhip_j1f(x), x * v);
    return rest - div_fast(TWO_OVER_PIF_HI, x);
  }
  if (x < 8.0f) return bessel_row_f(Y1F_ROWS[x < 3.0f ? (int)(x + x) - 3 : (int)x], 9, x);
  return bessel_large_f(x, 1, 1);
}
