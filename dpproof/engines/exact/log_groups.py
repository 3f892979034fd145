"""Logs grouped by their coefficients: a margin whose sign sympy reads term by term (issue 13).

A bound on a divergence derived from the densities (a Renyi divergence of two normals
against a printed budget, azize23.alg2.renyi_bound) has a margin ``R + sum_i c_i log p_i``
whose log terms only have a sign together: 2 log(x + 1) - 2 log x - (log(x + 1) - log x) is
log(1 + 1/x) > 0, while each log alone has none.  ``logs_grouped`` rewrites the margin
exactly into

    factor(together(R)) + sum_g  g/d log(1 + factor(N_g - D_g)/D_g),

where every coefficient c_i (a rational function, split into partial fractions in each of
its denominator's symbols) is written as a sum of rational multiples q g of its terms g,
the logs sharing g are combined into one log of N_g/D_g = prod p_i^(d q_i) (d the common
denominator of the q_i, integer exponents), which is exact because every p_i is positive
under the symbols' assumptions (else no rewrite), and N_g/D_g is written 1 + (N_g - D_g)/D_g
so that sympy's sign rules see log(1 + u) > 0 when u > 0.  Used as one of the exact forms
of ``exact_forms.forms``; it decides nothing itself.
"""

from __future__ import annotations

import functools

import sympy
from sympy.core.cache import cacheit


def _coefficient_terms(c):
    """The terms q*g (q rational) of the coefficient c after partial fractions."""
    c = sympy.cancel(c)
    for s in sorted(sympy.fraction(c)[1].free_symbols, key=str):
        c = sympy.apart(c, s)
    for t in sympy.Add.make_args(sympy.expand(c)):
        q, g = t.as_coeff_Mul()
        if not q.is_Rational:
            return None
        yield q, g


def logs_grouped(expr):
    """The exact rewrite above, or ``expr`` unchanged when it does not apply."""
    try:
        return _grouped(expr)
    except sympy.PolynomialError:     # apart / factor on a non-polynomial coefficient
        return expr


@cacheit
def logs_of_factors(expr):
    """Powers denested and logs split where sympy's assumptions allow (``force=False``),
    each log's argument factored first (log((x + 1)^2) = 2 log(x + 1) needs x + 1 > 0): an
    exact rewrite, shared by ``logs_grouped`` and ``exact_forms`` (cached: both take it of
    one margin, and ``factor`` can be slow -- the cache is emptied with sympy's per claim)."""
    e = sympy.expand_log(sympy.powdenest(sympy.powsimp(expr), force=False), force=False)
    return e.replace(lambda z: isinstance(z, sympy.log),
                     lambda z: sympy.expand_log(sympy.log(sympy.factor(z.args[0])), force=False))


def _grouped(expr):
    if not expr.has(sympy.log):
        return expr
    e = sympy.expand(logs_of_factors(expr))
    logs = sorted((g for g in e.atoms(sympy.log) if g.free_symbols), key=sympy.default_sort_key)
    if len(logs) < 2 or any(g.args[0].is_positive is not True for g in logs):
        return expr
    parts = sympy.collect(e, logs, evaluate=False)
    rest = parts.pop(sympy.S.One, sympy.S.Zero)
    if set(parts) - set(logs) or any(c.has(*logs) for c in parts.values()) or rest.has(*logs):
        return expr
    groups: dict = {}
    for g_log, c in parts.items():
        terms = list(_coefficient_terms(c))
        if None in terms:
            return expr
        for q, g in terms:
            groups.setdefault(g, []).append((q, g_log.args[0]))
    out = [sympy.factor(sympy.together(rest))]
    for g, items in groups.items():
        d = functools.reduce(sympy.ilcm, (q.q for q, _ in items), 1)
        num = sympy.Mul(*(p**(q * d) for q, p in items if q > 0))
        den = sympy.Mul(*(p**(-q * d) for q, p in items if q < 0))
        out.append(g / d * sympy.log(1 + sympy.factor(sympy.expand(num - den)) / den))
    return sympy.Add(*out)
