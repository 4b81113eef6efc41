#!/usr/bin/env python3
"""Fits j0f's P0 and x Q0 above 8 (lib/bessel.c, j0f_large) in w = 64/x^2, w in (0, 1].

j0(x) = sqrt(2/(pi x)) (P0 cos(x - pi/4) - Q0 sin(x - pi/4)), with P0 and Q0 from j0 and
y0 (mpmath). Above 8 CUDA bounds j0f by an absolute error (2.2e-6), so both are fitted for
absolute error (iteratively reweighted least squares on Chebyshev nodes, close to
minimax), then rounded to float from the highest coefficient down, the lower ones refitted
after each rounding. Prints the coefficients highest first and the largest error of the
float polynomials on a dense grid.

usage: j0f_large.py [degree]     (default 2)
"""
import sys

import mpmath as mp
import numpy as np

mp.mp.dps = 40
DEGREE = int(sys.argv[1]) if len(sys.argv) > 1 else 2


def p0_q0(w):
    x = mp.sqrt(64 / mp.mpf(w))
    chi = x - mp.pi / 4
    scale = mp.sqrt(mp.pi * x / 2)
    j, y = mp.besselj(0, x), mp.bessely(0, x)
    return scale * (j * mp.cos(chi) + y * mp.sin(chi)), x * scale * (y * mp.cos(chi) - j * mp.sin(chi))


def fit(ts, ys, fixed):
    free = [j for j in range(DEGREE + 1) if j not in fixed]
    rest = ys - sum(fixed[j] * ts**j for j in fixed)
    a = np.array([[t**j for j in free] for t in ts])
    weights = np.ones(len(ts))
    for _ in range(60):
        c, *_ = np.linalg.lstsq(a * weights[:, None], rest * weights, rcond=None)
        err = np.abs(a @ c - rest)
        weights = weights * (err / err.max()) ** 0.5 + 1e-4
    full = dict(fixed)
    full.update(zip(free, c))
    return full


def main():
    n = 400
    ts = np.array([0.5 + 0.5 * np.cos(np.pi * (2 * i + 1) / (2 * n)) for i in range(n)])
    values = [p0_q0(t) for t in ts]
    grid = np.linspace(1e-6, 1, 2001)
    exact = [p0_q0(t) for t in grid]
    for k, name in enumerate(["P0", "x Q0"]):
        ys = np.array([float(v[k]) for v in values])
        fixed = {}
        for j in range(DEGREE, -1, -1):
            fixed[j] = float(np.float32(fit(ts, ys, fixed)[j]))
        worst = max(abs(float(sum(mp.mpf(fixed[j]) * mp.mpf(t)**j for j in fixed) - e[k]))
                    for t, e in zip(grid, exact))
        print(f"{name}: error {worst:.2e}; highest first:",
              ", ".join(hex_f(fixed[j]) for j in range(DEGREE, -1, -1)))


def hex_f(c):
    mantissa, exponent = float.hex(float(np.float32(c))).split("p")
    return mantissa.rstrip("0").rstrip(".") + "p" + exponent + "f"


if __name__ == "__main__":
    main()
