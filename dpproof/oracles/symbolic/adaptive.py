"""Lemma 5.1's recursion and the sup over t of one RR_{eps,t} with d eps-DP RRs, derived in
sympy from their definitions (Cesar-Rogers 2021, Sections 4-5; issue 13).  The ball oracles
(``oracles.composition.adaptive`` and ``bounded_range.sup_delta``, branch and bound) are the
separate derivation; a test cross-checks the two.

* D steps: delta(D, rest; x) = a g(x - eps) + b g(x + eps) applied m times to
  delta(empty; y) = max(1 - e^y, 0) gives sum_i w_i max(1 - e^(y + c_i), 0) (``dp_terms``).
  The same terms are the m-fold eps-DP RR product's groups: P-mass w_j = C(m,j) a^(m-j) b^j,
  likelihood ratio Q/P = e^(c_j), c_j = (2j - m) eps, so (P_j - e^x Q_j)_+ = w_j (1 - e^(x +
  c_j))_+.
* One B step over such a g: f(t) = p_t g(x - t) + (1 - p_t) g(x - t + eps), t in [0, eps].
  Between the kinks t = x + c_i and x + c_i + eps the active terms are fixed and, with u = e^t,
  f = A + B u + C/u with B = -alpha/(e^eps - 1), C = -e^(x + eps) beta/(e^eps - 1), alpha =
  sum w_i, beta = sum w_i e^(c_i) over the terms active in the first sum only (the second's
  kinks come eps later, so its active terms are a subset): B, C < 0 make f concave in u, its
  maximum on the piece at u^2 = C/B clipped to the piece; no such term makes f constant.
  The sup is the Max of the pieces' maxima (a maximum clipped to a piece's inner upper end
  is dropped: the next piece's maximum is at least that value, by continuity).
* br_sup_delta(k, k - 1): the product's outcome (o, j) has (P - e^eps_g Q)_+ = P_o w_j
  (1 - e^(eps_g + c_j) Q_o/P_o)_+ with Q_0/P_0 = e^-t, Q_1/P_1 = e^(eps - t): f above at x =
  eps_g over the d DP terms.  br_sup_delta(k, k) is the product at t = 0 (no BR).

Orders with two B steps (the inner sup is then a function of its argument) and products of
two or more RR_{eps,t} are not derived (Underivable); kinks whose order the assumptions do not
decide are not either.
"""

from __future__ import annotations

import functools

import sympy
from flint import arb, ctx, fmpq
from sympy import Max, Min, exp, log

from .pieces import Underivable, certainly, require
from .products import MAX_COORDS, _int, dp_rr, genrr


def dp_terms(m: int, eps):
    """[(w_i, c_i)]: delta(D^m; y) = sum_i w_i max(1 - e^(y + c_i), 0), by the D step."""
    (a, b), _ = dp_rr(eps)
    terms = {sympy.S.Zero: sympy.S.One}
    for _ in range(m):
        nxt: dict = {}
        for c, w in terms.items():
            for wc, cc in ((a * w, c - eps), (b * w, c + eps)):
                cc = sympy.expand(cc)
                nxt[cc] = nxt.get(cc, 0) + wc
        terms = nxt
    return [(sympy.factor(w), c) for c, w in sorted(terms.items(), key=lambda kv: sympy.default_sort_key(kv[0]))]


#: the largest power z^(q L) written out: exp(1/4 + 10^-12) gave L = 10^12, and sympy's
#: gcd of such polynomials killed the process (SIGFPE in flint)
MAX_POWER = 4096


def exp_powers(expr, back: bool = True):
    """``expr`` with every exp(q), q rational (E included), written z^(q L) for one positive
    symbol z = e^(1/L) (L the common denominator), over a common denominator (``cancel``),
    z written back as exp(1/L) if ``back``: an exact rewrite and a polynomial computation,
    so that equal constants of Q(e^(1/L)) get one form.  ``expr`` if it has no such exp, or
    if some power q L exceeds ``MAX_POWER``."""
    exps = [a for a in expr.atoms(sympy.exp) if a.args[0].is_Rational]
    if expr.has(sympy.E):
        exps.append(sympy.E)
    if not exps:
        return expr
    qs = [sympy.S.One if a is sympy.E else a.args[0] for a in exps]
    L = functools.reduce(sympy.ilcm, [q.q for q in qs], 1)
    if max(abs(q * L) for q in qs) > MAX_POWER:
        return expr
    z = sympy.Dummy("z", positive=True)
    out = sympy.cancel(sympy.together(expr.xreplace({a: z ** int(q * L) for a, q in zip(exps, qs)})))
    return out.xreplace({z: exp(sympy.Rational(1, L))}) if back else out


def _tidy(expr):
    """A constant in one exponential form (``exp_powers``); anything else (a symbol, a Max
    that rebuilding would evaluate by sympy's float comparisons) as it is."""
    return exp_powers(expr) if expr.is_number and not expr.has(Max, Min) else expr


def _clamp(z):
    """max(1 - e^z, 0), the branch taken where sympy decides the sign of z."""
    if certainly(z <= 0):
        return 1 - exp(z)
    if certainly(z >= 0):
        return sympy.S.Zero
    return Max(1 - exp(z), 0, evaluate=False)


def explicit(terms, y):
    """sum_i w_i max(1 - e^(y + c_i), 0)."""
    return sympy.Add(*(w * _clamp(y + c) for w, c in terms))


def _le(u, v) -> bool:
    if certainly(u <= v):
        return True
    if certainly(u > v):
        return False
    raise Underivable(f"the order of {u} and {v}")


def _kinks(x, eps, terms):
    """0, eps and the kinks inside (0, eps), sorted (ties merged)."""
    inside = []
    for _, c in terms:
        for k in (x + c, x + c + eps):
            if not _le(k, 0) and _le(k, eps) and not _le(eps, k):
                inside.append(sympy.simplify(k))
    out = [sympy.S.Zero]
    for k in sorted(set(inside), key=sympy.default_sort_key):
        pos = 0
        while pos < len(out) and _le(out[pos], k):
            pos += 1
        if not (_le(out[pos - 1], k) and _le(k, out[pos - 1])):
            out.insert(pos, k)
    return out + [eps]


def _clip(t, lo, hi):
    """(clip of t to [lo, hi], 'lo' / 'hi' / 'in' / None where undecided)."""
    if certainly(t <= lo):
        return lo, "lo"
    if certainly(t >= hi):
        return hi, "hi"
    if certainly(t >= lo) and certainly(t <= hi):
        return t, "in"
    return Min(Max(t, lo), hi), None


def br_sup(x, eps, terms):
    """sup_{t in [0, eps]} p_t g(x - t) + (1 - p_t) g(x - t + eps), g = explicit(terms, .)."""
    require(eps > 0, "eps > 0")
    cuts = _kinks(x, eps, terms)
    t_ = sympy.Dummy("t", real=True)
    (p, _), _ = genrr(eps, t_)
    best = []
    for n, (lo, hi) in enumerate(zip(cuts, cuts[1:])):
        first = [(w, c) for w, c in terms if _le(x + c, lo)]
        second = [(w, c) for w, c in terms if _le(x + c + eps, lo)]
        f = (p * sympy.Add(*(w * (1 - exp(x - t_ + c)) for w, c in first))
             + (1 - p) * sympy.Add(*(w * (1 - exp(x - t_ + eps + c)) for w, c in second)))
        only = [wc for wc in first if wc not in second]
        if not only:
            at, where = lo, "lo"
        elif len(only) == 1:
            at, where = _clip((x + eps + only[0][1]) / 2, lo, hi)
        else:
            beta_alpha = sympy.Add(*(w * exp(c) for w, c in only)) / sympy.Add(*(w for w, _ in only))
            at, where = _clip((x + eps + log(beta_alpha)) / 2, lo, hi)
        if where == "hi" and n < len(cuts) - 2:
            continue        # dominated by the next piece's maximum
        best.append(_tidy(f.xreplace({t_: at})))
    return _largest(list(dict.fromkeys(best)))


def _ball(c):
    """An arb enclosure of a constant of Q(e^(1/L)) (``exp_powers`` form), else None."""
    z = sympy.Dummy("z", positive=True)
    form = exp_powers(c, back=False)
    zs = [s for s in form.free_symbols]
    if form.has(sympy.exp, sympy.E) or len(zs) > 1 or not form.is_rational_function():
        return None
    num, den = sympy.fraction(sympy.cancel(form))
    L = None
    for a in c.atoms(sympy.exp):
        L = a.args[0].q if L is None else sympy.ilcm(L, a.args[0].q)
    L = 1 if L is None else L
    zb = arb(1) if not zs else (arb(1) / L).exp()

    def val(p):
        poly = sympy.Poly(p, *zs) if zs else sympy.Poly(p, z)
        out = arb(0)
        for (k,), co in poly.terms():
            if not co.is_Rational:
                raise ValueError(co)
            out += arb(fmpq(int(co.p), int(co.q))) * zb ** k
        return out
    try:
        with ctx.workprec(256):
            return +(val(num) / val(den))
    except (ValueError, TypeError, sympy.PolynomialError):
        return None


def _largest(cands):
    """Max of the candidates, those certified (arb, 256 bits) below another dropped: the
    maximum is then one exact form, or a Max of the candidates that may tie."""
    balls = [_ball(c) if c.is_number else None for c in cands]
    keep = [c for c, b in zip(cands, balls)
            if b is None or not any(o is not None and o > b for o in balls)]
    return keep[0] if len(keep) == 1 else Max(*keep, evaluate=False)


def _order(n, code) -> str:
    n = _int(n, "n", 0)
    code = _int(code, "code", 0, max((1 << n) - 1, 0))
    return "".join("B" if (code >> (n - 1 - i)) & 1 else "D" for i in range(n))


def recursion(order: str, eps, x):
    """delta(order; x) of Lemma 5.1 with at most one B step."""
    if "B" not in order:
        return explicit(dp_terms(len(order), eps), x)
    if order[0] == "D":
        (a, b), _ = dp_rr(eps)
        return a * recursion(order[1:], eps, x - eps) + b * recursion(order[1:], eps, x + eps)
    if "B" in order[1:]:
        raise Underivable("two BR steps (the inner sup is a function of its argument)")
    return br_sup(x, eps, dp_terms(len(order) - 1, eps))


def br_adaptive_delta(n, code, eps, x):
    require(eps > 0, "eps > 0")
    return _tidy(recursion(_order(n, code), eps, x))


def br_sup_delta(k, d, eps, eps_g):
    k, d = _int(k, "k"), _int(d, "d", 0, MAX_COORDS)
    require(eps > 0, "eps > 0")
    if d == k:
        return _tidy(explicit(dp_terms(d, eps), eps_g))
    if d != k - 1:
        raise Underivable(f"{k - d} RR_(eps,t) in the product (one is derived)")
    return br_sup(eps_g, eps, dp_terms(d, eps))


RULES = {"br_adaptive_delta": br_adaptive_delta, "br_sup_delta": br_sup_delta}
