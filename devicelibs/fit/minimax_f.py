#!/usr/bin/env python3
"""Fits the float polynomials of lib/math_float.c that have no script of their own.

Each fit is a weighted near-minimax polynomial (iteratively reweighted least squares on
Chebyshev nodes, as in j0f.py) in double, rounded to float from the highest coefficient
down with the lower coefficients refitted after each rounding, so that the rounding of one
coefficient is absorbed by those below it. The weights are what the function's formula
makes of the polynomial's error, given per fit below. Prints the coefficients highest
first (as the Horner loops read them) and the weighted error of the float polynomial on a
dense grid (evaluated in double: the Horner roundings are the C checks' business).

usage: minimax_f.py NAME [DEGREE] [X]      (log1p, tanh, atan, pow_log2, exp2; X: tanh's upper end)
"""
import sys

import mpmath as mp
import numpy as np

mp.mp.dps = 40

FITS = {
    # (log1p(f) - f) / f^2 in f, for f in [-1/4, 1/2] (a little wider:
    # u = 1 + x rounds before the reduction); weighted by |f| / log1p(f) f^2, the relative
    # error it makes in log1p(f) = f + f^2 q.
    "log1p": dict(
        lo=-0.25 - 2**-22, hi=0.5 + 2**-22, degree=int(sys.argv[2]) if len(sys.argv) > 2 else 8,
        target=lambda f: (mp.log1p(f) - f) / f**2 if f != 0 else mp.mpf(-0.5),
        weight=lambda f: f * f / mp.log1p(f) if f != 0 else mp.mpf(0)),
    # (tanh(x) - x) / x^3 in s = x^2, for x in [0, X] (X = 0.6 unless given; tanhf's is
    # `tanh 6 1.1`, 2^-24.74): weighted by x^3 / tanh(x).
    "tanh": dict(
        lo=0.0, hi=(float(sys.argv[3]) if len(sys.argv) > 3 else 0.6)**2, degree=int(sys.argv[2]) if len(sys.argv) > 2 else 4,
        target=lambda s: (mp.tanh(mp.sqrt(s)) - mp.sqrt(s)) / mp.sqrt(s)**3 if s != 0
        else mp.mpf(-1) / 3,
        weight=lambda s: mp.sqrt(s)**3 / mp.tanh(mp.sqrt(s)) if s != 0 else mp.mpf(0)),
    # (atan(t) - t) / t^3 in s = t^2, for t in [0, 1]: weighted by t^3 / atan(t).
    "atan": dict(
        lo=0.0, hi=1.0, degree=int(sys.argv[2]) if len(sys.argv) > 2 else 9,
        target=lambda s: (mp.atan(mp.sqrt(s)) - mp.sqrt(s)) / mp.sqrt(s)**3 if s != 0
        else mp.mpf(-1) / 3,
        weight=lambda s: mp.sqrt(s)**3 / mp.atan(mp.sqrt(s)) if s != 0 else mp.mpf(0)),
    # powf's log2 tail: (log2((1 + s)/(1 - s)) - K s) / s^3 in u = s^2 with K = 2/ln 2, for
    # |s| <= 0.0896 (m / c in [0.8356, 1.1893], s = (m - c)/(m + c)): weighted by
    # s^3 / log2((1 + s)/(1 - s)), the relative error it makes in the logarithm.
    "pow_log2": dict(
        lo=0.0, hi=0.0896**2, degree=int(sys.argv[2]) if len(sys.argv) > 2 else 2,
        target=lambda u: pow_log2_tail(mp.sqrt(u)),
        weight=lambda u: mp.sqrt(u)**3 / mp.log((1 + mp.sqrt(u)) / (1 - mp.sqrt(u)), 2)
        if u != 0 else mp.mpf(0)),
    # powf's 2^f for |f| <= 1/2 + 2^-12 (f = t - rint(t) plus t's low part), weighted by
    # 2^-f, the relative error. The constant term is fixed at 1 and the linear one at ln 2
    # rounded to float before the others are fitted, so that the higher terms absorb the
    # linear one's rounding (fitted last, it left 2^-25.9; first, 2^-28.1).
    "exp2": dict(
        lo=-0.5 - 2**-12, hi=0.5 + 2**-12, degree=int(sys.argv[2]) if len(sys.argv) > 2 else 6,
        target=lambda f: mp.mpf(2)**f, weight=lambda f: mp.mpf(2)**-f,
        fixed={0: 1.0, 1: float(np.float32(mp.log(2)))}),
}


def pow_log2_tail(s):
    k = 2 / mp.log(2)
    if s == 0:
        return k / 3
    return (mp.log((1 + s) / (1 - s), 2) - k * s) / s**3


def fit(spec, fixed):
    """Least squares for the coefficients not in `fixed` (index -> float value)."""
    n = 600
    lo, hi, degree = spec["lo"], spec["hi"], spec["degree"]
    ts = np.array([(lo + hi) / 2 + (hi - lo) / 2 * np.cos(np.pi * (2 * i + 1) / (2 * n))
                   for i in range(n)])
    ys = np.array([float(spec["target"](mp.mpf(t))) for t in ts])
    ws0 = np.array([float(spec["weight"](mp.mpf(t))) for t in ts]) + 1e-30
    free = [j for j in range(degree + 1) if j not in fixed]
    rest = ys - sum(fixed[j] * ts**j for j in fixed)
    a = np.array([[t**j for j in free] for t in ts])
    weights = np.ones(n)
    for _ in range(60):
        w = weights * ws0
        c, *_ = np.linalg.lstsq(a * w[:, None], rest * w, rcond=None)
        err = np.abs((a @ c - rest) * ws0)
        weights = weights * (err / err.max()) ** 0.5 + 1e-4
    full = dict(fixed)
    for j, v in zip(free, c):
        full[j] = v
    return full


def main():
    spec = FITS[sys.argv[1]]
    degree = spec["degree"]
    fixed = dict(spec.get("fixed", {}))
    for j in range(degree, -1, -1):
        if j in spec.get("fixed", {}):
            continue
        full = fit(spec, fixed)
        fixed[j] = float(np.float32(full[j]))
    coeffs = [fixed[j] for j in range(degree + 1)]
    worst = 0.0
    for t in np.linspace(spec["lo"], spec["hi"], 20001):
        t = mp.mpf(float(t))
        p = sum(mp.mpf(c) * t**j for j, c in enumerate(coeffs))
        worst = max(worst, abs(float((p - spec["target"](t)) * spec["weight"](t))))
    print(f"weighted error of the float polynomial: 2^{np.log2(worst):.2f}")
    print("highest first:", ", ".join(hex_f(c) for c in coeffs[::-1]))


def hex_f(c):
    """C's spelling of a float: 0x1.383d32p-4f."""
    mantissa, exponent = float.hex(float(np.float32(c))).split("p")
    return mantissa.rstrip("0").rstrip(".") + "p" + exponent + "f"


if __name__ == "__main__":
    main()
