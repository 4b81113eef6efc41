"""Fits the coefficient tables of devicelibs/lib/bessel.c with mpmath and writes
devicelibs/tests/bessel_zeros.h, the harness's reference values next to the zeros.

    python3 devicelibs/fit/bessel.py rows|small|large|i   # C tables, fit errors (log2) on stderr
    python3 devicelibs/fit/bessel.py float rows 7         # float tables: j rows, degree 7
    python3 devicelibs/fit/bessel.py float yrows 9        # y rows, degree 9
    python3 devicelibs/fit/bessel.py float small 9        # small-x polynomials (y0's of degree 9)
    python3 devicelibs/fit/bessel.py float large 4        # P and x Q, degree 4
    python3 devicelibs/fit/bessel.py words                # 1/(2 pi) in 32-bit words
    python3 devicelibs/fit/bessel.py zeros > devicelibs/tests/bessel_zeros.h

Fits are Chebyshev interpolants (solved in 130-digit arithmetic) written out as monomial
coefficients; the errors printed are the relative errors with the coefficients exact and
rounded to double.
"""
import random
import sys
from mpmath import mp, mpf
mp.dps = 60
TWO_PI = 2/mp.pi
def J0(x): return mp.besselj(0, x)
def J1(x): return mp.besselj(1, x)
def Y0(x): return mp.bessely(0, x)
def Y1(x): return mp.bessely(1, x)

def fit(g, a, b, n):
    a, b = mpf(a), mpf(b)
    nodes = [(a + b) / 2 + (b - a) / 2 * mp.cos(mp.pi * (k + mpf(1) / 2) / (n + 1)) for k in range(n + 1)]
    A = mp.matrix([[t ** j for j in range(n + 1)] for t in nodes])
    y = mp.matrix([g(t) for t in nodes])
    c = mp.lu_solve(A, y)
    return [c[j] for j in range(n + 1)]

def horner(cs, t):
    p = mpf(0)
    for c in reversed(cs):
        p = p * t + mpf(c)
    return p

def relerr(g, cs, a, b, m=300):
    a, b = mpf(a), mpf(b)
    worst = mpf(0)
    for i in range(m + 1):
        t = a + (b - a) * i / m
        v = g(t)
        if v == 0: continue
        worst = max(worst, abs(horner(cs, t) / v - 1))
    return float(mp.log(worst, 2)) if worst > 0 else -999

def split(z):
    hi = float(z)
    lo = float(z - mpf(hi))
    return hi, lo

F = {'j0': J0, 'j1': J1, 'y0': Y0, 'y1': Y1}
ZEROS = {
 'j0': [mp.besseljzero(0, k) for k in (1, 2, 3)],
 'j1': [mp.besseljzero(1, k) for k in (1, 2, 3)],
 'y0': [mp.besselyzero(0, k) for k in (1, 2, 3)],
 'y1': [mp.besselyzero(1, k) for k in (1, 2, 3)],
}
def row(name, a, b, n):
    f = F[name]
    a, b = mpf(a), mpf(b)
    zs = [z for z in ZEROS[name] if a - mpf(1)/2 <= z < b + mpf(1)/2]
    if zs:
        zh, zl = split(zs[0])
        g = lambda h: f(zh + h) / (h - zl)
        c = zh
    else:
        c = float((a + b) / 2); zl = None
        g = lambda h: f(c + h)
    cs = fit(g, a - c, b - c, n)
    return c, zl, cs, (relerr(g, cs, a - c, b - c, 100), relerr(g, [float(v) for v in cs], a - c, b - c, 100))

# Generates the coefficient tables of devicelibs/lib/bessel.c (printed as C).
out = []
def hexs(v): return float(v).hex()
def emit_poly(name, cs, comment):
    out.append(f"/* {comment} */")
    out.append(f"static const double {name}[{len(cs)}] = {{")
    vals = [hexs(c) for c in reversed(cs)]
    for i in range(0, len(vals), 3):
        out.append("    " + ", ".join(vals[i:i+3]) + ",")
    out.append("};")
def report(label, g, cs, a, b):
    e = relerr(g, [float(c) for c in cs], a, b, 150)
    e2 = relerr(g, cs, a, b, 150)
    print(label, 'rounded', e, 'exact', e2, file=sys.stderr, flush=True)

def emit_rows(name, fname, bounds, n):
    pairs = list(zip(bounds, bounds[1:])) if not isinstance(bounds[0], tuple) else bounds
    out.append(f"static const double {name}[{len(pairs)}][{n + 5}] = {{")
    for a, b in pairs:
        c, zl, cs, errs = row(fname, mpf(a), mpf(b), n)
        print(fname, a, b, c, errs, file=sys.stderr, flush=True)
        c0 = cs[0]; c0h = float(c0); c0l = float(c0 - mpf(c0h))
        vals = [float(c).hex(), (zl if zl is not None else 0.0).hex(), '1.0' if zl is not None else '0.0', c0l.hex(), c0h.hex()] + [hexs(v) for v in cs[1:]][::-1]
        # layout: centre, zero_lo, has_zero, c0_lo, c0, then c_n .. c_1 (Horner order)
        vals = vals[:5] + vals[5:]
        out.append(f"    /* [{a}, {b}) */")
        out.append("    {" + ", ".join(vals[:5]) + ",")
        rest = vals[5:]
        for i in range(0, len(rest), 3):
            out.append("     " + ", ".join(rest[i:i+3]) + ("," if i + 3 < len(rest) else "},"))
    out.append("};")

def tables(which):
    if which == 'rows':
        DJ = 13; DY = 16
        emit_rows('J0_ROWS', 'j0', [1,2,3,4,5,6,7,8], DJ)
        emit_rows('J1_ROWS', 'j1', [1,2,3,4,5,6,7,8], DJ)
        emit_rows('Y0_ROWS', 'y0', [('0.7','1'),('2.5',3),(3,4),(4,5),(5,6),(6,7),(7,8)], DY)
        emit_rows('Y1_ROWS', 'y1', ['1.5',2,'2.5',3,4,5,6,7,8], DY)
    elif which == 'small':
        g = lambda s: J0(mp.sqrt(s)); cs = fit(g, 0, 1, 10); report('j0 small', g, cs, 0, 1)
        emit_poly('J0_SMALL', cs, 'j0(x) for x^2 in [0, 1]')
        g = lambda s: J1(mp.sqrt(s)) / mp.sqrt(s) if s > 0 else mpf(1)/2; cs = fit(g, 0, 1, 10); report('j1 small', g, cs, 0, 1)
        emit_poly('J1_SMALL', cs, 'j1(x) / x for x^2 in [0, 1]')
        g = lambda s: (Y0(mp.sqrt(s)) - TWO_PI * mp.log(mp.sqrt(s)) * J0(mp.sqrt(s))) if s > 0 else TWO_PI * (mp.euler - mp.log(2))
        cs = fit(g, 0, 9, 17); report('y0 log', g, cs, 0, 9)
        emit_poly('Y0_LOG', cs, 'y0(x) - (2/pi) ln(x) j0(x) for x^2 in [0, 9]')
        def v1(s):
            x = mp.sqrt(s)
            return (Y1(x) - TWO_PI * (mp.log(x) * J1(x) - 1 / x)) / x
        cs = fit(v1, mpf(10)**-50, mpf(9)/4, 14); report('y1 log', v1, cs, mpf(10)**-50, mpf(9)/4)
        emit_poly('Y1_LOG', cs, '(y1(x) - (2/pi) (ln(x) j1(x) - 1/x)) / x for x^2 in [0, 2.25]')
    elif which == 'large':
        def PQ(nu, x):
            chi = x - (mpf(nu) / 2 + mpf(1) / 4) * mp.pi
            s = mp.sqrt(mp.pi * x / 2)
            J, Y = mp.besselj(nu, x), mp.bessely(nu, x)
            return s * (J * mp.cos(chi) + Y * mp.sin(chi)), s * (-J * mp.sin(chi) + Y * mp.cos(chi))
        a = mpf(10)**-40
        for nu in (0, 1):
            P = lambda w: PQ(nu, 8 / mp.sqrt(w))[0]
            Qx = lambda w: PQ(nu, 8 / mp.sqrt(w))[1] * 8 / mp.sqrt(w)
            cs = fit(P, a, 1, 15); report(f'P{nu}', P, cs, a, 1)
            emit_poly(f'P{nu}_LARGE', cs, f'P{nu}(x) for w = 64/x^2 in (0, 1]')
            cs = fit(Qx, a, 1, 16); report(f'Q{nu}', Qx, cs, a, 1)
            emit_poly(f'Q{nu}_LARGE', cs, f'x Q{nu}(x) for w = 64/x^2 in (0, 1]')
    elif which == 'i':
        a = mpf(10)**-60
        for nu in (0, 1):
            if nu == 0: S = lambda s: mp.besseli(0, mp.sqrt(s))
            else: S = lambda s: mp.besseli(1, mp.sqrt(s)) / mp.sqrt(s) if s > 0 else mpf(1)/2
            cs = fit(S, 0, 256, 25); report(f'i{nu} small', S, cs, 0, 256)
            emit_poly(f'I{nu}_SMALL', cs, f'i{nu}(x){" / x" if nu else ""} for x^2 in [0, 256]')
            R = lambda t: mp.sqrt(1/t) * mp.exp(-1/t) * mp.besseli(nu, 1/t)
            cs = fit(R, a, mpf(1)/16, 16); report(f'i{nu} large', R, cs, a, mpf(1)/16)
            emit_poly(f'I{nu}_LARGE', cs, f'sqrt(x) e^-x i{nu}(x) for t = 1/x in (0, 1/16]')
    print("\n".join(out))

def words():
    mp.dps = 500
    v = int(mp.floor(mpf(1) / (2 * mp.pi) * mpf(2) ** (32 * 38)))
    print(", ".join("0x%08x" % ((v >> (32 * (37 - i))) & 0xffffffff) for i in range(38)))

def zeros_table():
    mp.dps = 50
    # Writes devicelibs/tests/bessel_zeros.h: j0, j1, y0 and y1 next to their zeros below 8,
    # where glibc's long double functions are too inaccurate to measure ulps against.
    random.seed(10)
    out = ["/* Generated by devicelibs/fit/bessel.py zeros (mpmath, 50 digits): inputs",
           " * next to the zeros below 8 of j0, j1, y0 and y1, and the values as hi + lo. */",
           "struct bessel_point { int function; double x, hi, lo; }; /* 0 j0, 1 j1, 2 y0, 3 y1 */",
           "static const struct bessel_point BESSEL_NEAR_ZEROS[] = {"]
    funcs = [(0, lambda x: mp.besselj(0, x), [mp.besseljzero(0, k) for k in (1, 2)]),
             (1, lambda x: mp.besselj(1, x), [mp.besseljzero(1, k) for k in (1, 2)]),
             (2, lambda x: mp.bessely(0, x), [mp.besselyzero(0, k) for k in (1, 2, 3)]),
             (3, lambda x: mp.bessely(1, x), [mp.besselyzero(1, k) for k in (1, 2)])]
    count = 0
    for f_id, f, zeros in funcs:
        for z in zeros:
            zd = float(z)
            xs = set()
            for k in range(-8, 9):
                xs.add(zd + k * (2.0 ** (int(mp.floor(mp.log(zd, 2))) - 52)))
            for _ in range(100):
                d = 2.0 ** random.uniform(-50, -6) * random.choice((-1, 1))
                xs.add(float(z * (1 + d)))
            for x in sorted(xs):
                v = f(mpf(x))
                hi = float(v); lo = float(v - mpf(hi))
                out.append(f"    {{{f_id}, {x.hex()}, {hi.hex()}, {lo.hex()}}},")
                count += 1
    out.append("};")
    print("\n".join(out))


if __name__ == "__main__":
    command = sys.argv[1]
    if command == "zeros":
        zeros_table()
    elif command == "words":
        words()
    elif command != "float":
        mp.dps = 130
        tables(command)

# ---- single precision --------------------------------------------------------------

import struct

def f32(v):
    return struct.unpack('f', struct.pack('f', float(v)))[0]

def hexf(v):
    return float(f32(v)).hex() + 'f'

def split_f(z):
    hi = f32(z)
    return hi, f32(z - mpf(hi))

def row_f(name, a, b, n):
    f = F[name]
    a, b = mpf(a), mpf(b)
    zs = [z for z in ZEROS[name] if a - mpf(1) / 2 <= z < b + mpf(1) / 2]
    if zs:
        zh, zl = split_f(zs[0])
        g = lambda h: f(zh + h) / (h - zl)
        c = zh
    else:
        c = f32((a + b) / 2); zl = None
        g = lambda h: f(c + h)
    cs = fit(g, a - c, b - c, n)
    return c, zl, cs, relerr(g, [cs[0]] + [f32(v) for v in cs[1:]], a - c, b - c, 100)

def emit_rows_f(name, fname, pairs, n):
    out.append(f"static const float {name}[{len(pairs)}][{n + 5}] = {{")
    for a, b in pairs:
        c, zl, cs, err = row_f(fname, mpf(a), mpf(b), n)
        print(fname, a, b, c, err, file=sys.stderr, flush=True)
        c0 = cs[0]; c0h = f32(c0); c0l = f32(c0 - mpf(c0h))
        vals = [hexf(c), hexf(zl if zl is not None else 0.0), '1.0f' if zl is not None else '0.0f', hexf(c0l), hexf(c0h)] + [hexf(v) for v in cs[1:]][::-1]
        out.append(f"    /* [{a}, {b}) */")
        out.append("    {" + ", ".join(vals[:5]) + ",")
        rest = vals[5:]
        for i in range(0, len(rest), 4):
            out.append("     " + ", ".join(rest[i:i+4]) + ("," if i + 4 < len(rest) else "},"))
    out.append("};")

def emit_poly_f(name, cs, comment):
    out.append(f"/* {comment} */")
    out.append(f"static const float {name}[{len(cs)}] = {{")
    vals = [hexf(c) for c in reversed(cs)]
    for i in range(0, len(vals), 4):
        out.append("    " + ", ".join(vals[i:i+4]) + ",")
    out.append("};")

def report_f(label, g, cs, a, b):
    print(label, 'float', relerr(g, [f32(c) for c in cs], a, b, 150), 'exact', relerr(g, cs, a, b, 150), file=sys.stderr, flush=True)

def tables_f(which, n):
    if which == 'rows':
        emit_rows_f('J0F_ROWS', 'j0', [(1, 2), (2, 3), (3, 4), (4, 5), (5, 6), (6, 7), (7, 8)], n)
        emit_rows_f('J1F_ROWS', 'j1', [(1, 2), (2, 3), (3, 4), (4, 5), (5, 6), (6, 7), (7, 8)], n)
    elif which == 'yrows':
        emit_rows_f('Y0F_ROWS', 'y0', [('0.7', '1'), ('2.5', 3), (3, 4), (4, 5), (5, 6), (6, 7), (7, 8)], n)
        emit_rows_f('Y1F_ROWS', 'y1', [('1.5', 2), (2, '2.5'), ('2.5', 3), (3, 4), (4, 5), (5, 6), (6, 7), (7, 8)], n)
    elif which == 'small':
        g = lambda s: J0(mp.sqrt(s)); cs = fit(g, 0, 1, 5); report_f('j0f small', g, cs, 0, 1)
        emit_poly_f('J0F_SMALL', cs, 'j0(x) for x^2 in [0, 1]')
        g = lambda s: J1(mp.sqrt(s)) / mp.sqrt(s) if s > 0 else mpf(1) / 2; cs = fit(g, 0, 1, 5); report_f('j1f small', g, cs, 0, 1)
        emit_poly_f('J1F_SMALL', cs, 'j1(x) / x for x^2 in [0, 1]')
        g = lambda s: (Y0(mp.sqrt(s)) - TWO_PI * mp.log(mp.sqrt(s)) * J0(mp.sqrt(s))) if s > 0 else TWO_PI * (mp.euler - mp.log(2))
        cs = fit(g, 0, mpf(25) / 4, n); report_f('y0f log', g, cs, 0, mpf(25) / 4)
        emit_poly_f('Y0F_LOG', cs, 'y0(x) - (2/pi) ln(x) j0(x) for x^2 in [0, 6.25]')
        def v1(s):
            x = mp.sqrt(s)
            return (Y1(x) - TWO_PI * (mp.log(x) * J1(x) - 1 / x)) / x
        cs = fit(v1, mpf(10) ** -50, mpf(9) / 4, 7); report_f('y1f log', v1, cs, mpf(10) ** -20, mpf(9) / 4)
        emit_poly_f('Y1F_LOG', cs, '(y1(x) - (2/pi) (ln(x) j1(x) - 1/x)) / x for x^2 in [0, 2.25]')
    elif which == 'large':
        def PQ(nu, x):
            chi = x - (mpf(nu) / 2 + mpf(1) / 4) * mp.pi
            s = mp.sqrt(mp.pi * x / 2)
            J, Y = mp.besselj(nu, x), mp.bessely(nu, x)
            return s * (J * mp.cos(chi) + Y * mp.sin(chi)), s * (-J * mp.sin(chi) + Y * mp.cos(chi))
        a = mpf(10) ** -40
        for nu in (0, 1):
            P = lambda w: PQ(nu, 8 / mp.sqrt(w))[0]
            Qx = lambda w: PQ(nu, 8 / mp.sqrt(w))[1] * 8 / mp.sqrt(w)
            cs = fit(P, a, 1, n); report_f(f'P{nu}f', P, cs, a, 1)
            emit_poly_f(f'P{nu}F_LARGE', cs, f'P{nu}(x) for w = 64/x^2 in (0, 1]')
            cs = fit(Qx, a, 1, n); report_f(f'Q{nu}f', Qx, cs, a, 1)
            emit_poly_f(f'Q{nu}F_LARGE', cs, f'x Q{nu}(x) for w = 64/x^2 in (0, 1]')
    print("\n".join(out))

if __name__ == "__main__" and len(sys.argv) > 2 and sys.argv[1] == "float":
    mp.dps = 60
    tables_f(sys.argv[2], int(sys.argv[3]))
