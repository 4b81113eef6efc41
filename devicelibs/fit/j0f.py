#!/usr/bin/env python3
"""Fits j0f's polynomial below 8 (lib/bessel.c, __oxhip_j0f).

j0(x) = (t - z1^2)(t - z2^2)(t - z3^2) U(t), t = x^2, z_k the first three zeros of J0.
U is smooth and without zeros on [0, 64]; it is fitted for
relative error in the variable s = t - 48 by iteratively reweighted least squares on
Chebyshev nodes (close to minimax), then rounded to float. Prints the coefficients of
U in s (highest first, as the Horner loop in lib/bessel.c reads them) and the squares of
the zeros as float pairs (hi, lo), and an estimate of the resulting error in ulps from a
float simulation (FMA emulated in double) against mpmath on 20,000 random points and the
neighbourhoods of the zeros. lib/bessel.c's comment gives the exhaustive figure.

usage: j0f.py [degree] [centre]     (defaults: 7 48)
"""
import random
import sys

import mpmath as mp
import numpy as np

mp.mp.dps = 40
DEGREE = int(sys.argv[1]) if len(sys.argv) > 1 else 7
CENTRE = float(sys.argv[2]) if len(sys.argv) > 2 else 48.0
ZEROS = [mp.besseljzero(0, k) for k in (1, 2, 3)]


def u_exact(t):
    t = mp.mpf(t)
    d = mp.mpf(1)
    for z in ZEROS:
        d *= t - z * z
    return mp.besselj(0, mp.sqrt(t)) / d


def fit():
    n = 400
    ts = np.array([float(32 + 32 * mp.cos(mp.pi * (2 * i + 1) / (2 * n))) for i in range(n)])
    ys = np.array([float(u_exact(t)) for t in ts])
    a = np.array([[((t - CENTRE) / 32) ** j for j in range(DEGREE + 1)] for t in ts])
    weights = np.ones(n)
    for _ in range(40):
        w = weights / np.abs(ys)
        c, *_ = np.linalg.lstsq(a * w[:, None], ys * w, rcond=None)
        err = np.abs(a @ c / ys - 1)
        weights = weights * (err / err.max()) ** 0.5 + 1e-3
    print(f"relative error of the fit: 2^{np.log2(err.max()):.2f}")
    return [np.float32(c[j] / 32**j) for j in range(DEGREE + 1)]


def split(v):
    hi = np.float32(float(v))
    return hi, np.float32(float(v - mp.mpf(float(hi))))


def fma(a, b, c):
    return np.float32(np.float64(a) * np.float64(b) + np.float64(c))


def main():
    coeffs = fit()
    squares = [split(z * z) for z in ZEROS]

    def j0f(x):
        x = np.float32(abs(x))
        s = fma(x, x, np.float32(-CENTRE))
        u = coeffs[DEGREE]
        for j in range(DEGREE - 1, -1, -1):
            u = fma(u, s, coeffs[j])
        for hi, lo in squares:
            u = np.float32(u * np.float32(fma(x, x, -hi) - lo))
        return u

    random.seed(1)
    xs = [random.uniform(0, 8) for _ in range(20000)]
    for z in ZEROS[:2]:
        xf = float(np.float32(float(z)))
        step = float(np.spacing(np.float32(xf)))
        xs += [xf + k * step for k in range(-200, 201)]
    worst, where = 0.0, 0.0
    for x in xs:
        xf = np.float32(x)
        ref = mp.besselj(0, mp.mpf(float(xf)))
        r = abs(float(ref))
        ulp = 2.0 ** (np.floor(np.log2(r)) - 23) if r >= 2**-126 else 2.0**-149
        err = abs(float(mp.mpf(float(j0f(xf))) - ref)) / ulp
        if err > worst:
            worst, where = err, float(xf)
    print(f"estimated max error: {worst:.3f} ulp at {where!r}")
    print("U in s = x*x -", CENTRE, "highest first:", [float.hex(float(c)) for c in coeffs[::-1]])
    print("zeros squared (hi, lo):", [(float.hex(float(h)), float.hex(float(l))) for h, l in squares])


if __name__ == "__main__":
    main()
