"""Symbolic oracles: divergences and moments derived in sympy from the densities.

``derive(expr)`` replaces every oracle call whose distributions have piecewise
exp(quadratic) densities (Normal, Laplace, OSGT, TruncNormal) or finite masses (Bernoulli,
Finite) by a sympy expression derived from the definition, with the derivations
(``{"renyi(Normal(0, s), Normal(1, s), alpha)": "alpha/(2*s**2)"}``) for the evidence; None
when some oracle has no derivation (a sign sympy's assumptions do not decide, a family
without pieces).  The ball oracles (``dpproof.oracles.divergences``) are a separate
derivation; a test cross-checks the two on random points of every family.
"""

from __future__ import annotations

import functools
from dataclasses import replace

import sympy
from sympy import exp

from . import adaptive as AD
from . import divergences as D
from . import finite_laws as FL
from . import masses as M
from . import mechanisms as ME
from . import moments as MO
from . import products as PR
from . import truncated as TR
from .halves import closed_halves
from .integrals import integrate_exp_poly
from ...expr.rebuild import SWITCHES, replace_unevaluated
from .pieces import DENSITIES, X, Underivable, integral
from ...fresh_state import Memo

__all__ = ["derive", "derive_call", "Underivable"]


def _distribution(d):
    name = type(d).__name__
    if name in DENSITIES:
        return "continuous", DENSITIES[name](*d.args)
    if name in FL.RULES:
        return "discrete", FL.masses(d)
    raise Underivable(f"no density pieces for {name}")


def _pair(P, Q):
    (kp, p), (kq, q) = _distribution(P), _distribution(Q)
    if kp != kq:
        raise Underivable("a discrete and a continuous distribution")
    if kp == "discrete" and len(p) != len(q):
        raise Underivable(f"{len(p)} and {len(q)} outcomes")
    return kp, p, q


def _renyi(P, Q, alpha):
    if factors := PR.continuous_factors(P, Q):
        return sympy.Add(*(_renyi(p, q, alpha) for p, q in factors))
    kind, p, q = _pair(P, Q)
    return (D.renyi_continuous if kind == "continuous" else D.renyi_discrete)(p, q, alpha)


def _kl(P, Q):
    if factors := PR.continuous_factors(P, Q):
        return sympy.Add(*(_kl(p, q) for p, q in factors))
    kind, p, q = _pair(P, Q)
    return (D.kl_continuous if kind == "continuous" else D.kl_discrete)(p, q)


def _hockey(P, Q, eps):
    shift = PR.gaussian_shift(P, Q)
    if shift is not None:
        return _gauss_delta(eps, sympy.S.One, shift)
    kind, p, q = _pair(*(PR.common_factor_dropped(P, Q) or (P, Q)))
    return (D.hockey_stick_continuous if kind == "continuous" else D.hockey_stick_discrete)(
        p, q, eps)


def _tv(P, Q):
    return _hockey(P, Q, sympy.S.Zero)


def _gauss_delta(eps, sigma, sensitivity):
    """hockey_stick(N(0, sigma^2), N(sensitivity, sigma^2), eps), from the densities."""
    return D.hockey_stick_continuous(DENSITIES["Normal"](0, sigma),
                                     DENSITIES["Normal"](sensitivity, sigma), eps)


def _osgt_moment(sigma, m, k):
    """E[Y^k] of OSGT(0, sigma, m) by integration of its pieces (k = 0, 1, 2)."""
    if not (k.is_Integer and 0 <= int(k) <= 2):
        raise Underivable(f"moment order {k}")
    return sympy.Add(*(integral(int(k), piece.logp, piece.lo, piece.hi)
                       for piece in DENSITIES["OSGT"](0, sigma, m)))


def _loss_mass(two_sided: bool):
    def rule(P, Q, eps):
        kind, p, q = _pair(P, Q)
        if kind == "continuous":
            return M.loss_mass_continuous(p, q, eps, two_sided)
        return M.loss_mass_discrete(p, q, eps, two_sided)
    return rule


def _hs_events(P, Q, eps):
    kind, p, q = _pair(P, Q)
    if kind != "discrete":
        raise Underivable("hs_events enumerates the events of finite laws only")
    return M.hs_events_discrete(p, q, eps)


def _osgt_kernel_mass(sigma, m):
    """int exp(-y^2/(2 sigma^2) - |y| m/sigma^2) dy over the line (the kernel of OSGT(0,
    sigma, m) without its constant factor), as two Gaussian integrals."""
    from .pieces import require
    require(sigma > 0, "sigma > 0")
    quad = -X ** 2 / (2 * sigma ** 2)
    return (integral(0, quad + X * m / sigma ** 2, -sympy.oo, 0)
            + integral(0, quad - X * m / sigma ** 2, 0, sympy.oo))


def _rdp_to_delta(alpha, tau, eps):
    """delta(eps) of (alpha, tau)-RDP as ``oracles.conversions.rdp_to_delta`` defines it:
    exp((alpha - 1)(tau - eps))/(alpha - 1) (1 - 1/alpha)^alpha, alpha > 1."""
    from .pieces import require
    require(alpha > 1, "alpha > 1")
    return exp((alpha - 1) * (tau - eps) + alpha * sympy.log(1 - 1 / alpha)) / (alpha - 1)


#: the largest k whose k-fold product is summed out (k + 1 terms)
MAX_PRODUCT = 64


def _rr_compose(k, eps0, eps):
    """H_eps of the k-fold product of eps0-DP randomized response, from the product's
    masses: an outcome with j ones has P-mass p^j (1-p)^(k-j) and Q-mass (1-p)^j p^(k-j),
    p = e^eps0/(1 + e^eps0), and C(k, j) outcomes share them (k a given integer)."""
    if not (k.is_Integer and 1 <= int(k) <= MAX_PRODUCT):
        raise Underivable(f"a product of {k} mechanisms (an integer 1..{MAX_PRODUCT} is summed out)")
    from .pieces import require
    require(eps0 > 0, "eps0 > 0")
    p = exp(eps0) / (1 + exp(eps0))
    k = int(k)
    pm = [sympy.binomial(k, j) * p ** j * (1 - p) ** (k - j) for j in range(k + 1)]
    qm = [sympy.binomial(k, j) * (1 - p) ** j * p ** (k - j) for j in range(k + 1)]
    return D.hockey_stick_discrete(pm, qm, eps)


RULES = {"renyi": _renyi, "kl": _kl, "hockey_stick": _hockey, "tv": _tv,
         "gauss_delta": _gauss_delta, "osgt_moment": _osgt_moment,
         "density": M.density, "loss_at": M.loss_at, "bad_mass": _loss_mass(False),
         "loss_tail": _loss_mass(True), "hs_events": _hs_events,
         "osgt_kernel_mass": _osgt_kernel_mass, "cdf": M.cdf,
         "signed_mass_below": M.signed_mass_below, "osgt_tail": M.osgt_tail,
         "rejection_shift_cdf": M.rejection_shift_cdf, "rr_compose_delta": _rr_compose,
         "rdp_to_delta": _rdp_to_delta,
         "rr_prob": M.rr_prob, "cosine_series_loss": ME.cosine_series_loss,
         "ks_sensitivity_enum": ME.ks_sensitivity_enum, **MO.RULES,
         **PR.RULES, **TR.RULES, **AD.RULES}


def derive_call(call: sympy.Expr) -> sympy.Expr:
    """The derived form of one oracle call (raises Underivable)."""
    rule = RULES.get(type(call).__name__)
    if rule is None:
        raise Underivable(f"no symbolic derivation of {type(call).__name__}")
    return rule(*call.args)


def derive(expr: sympy.Expr, lazy: bool = False) -> tuple[sympy.Expr, dict] | None:
    """``expr`` with every oracle call (and every definite ``Integral`` of exp-polynomial
    pieces) replaced by its derived form, and the derivations ``{call: form}``; None if some
    cannot be derived.  ``lazy``: where a form is a Max/Min of more than two arguments (a sup
    over events), the switches above the calls stay unevaluated (``expr.rebuild``), for a
    consumer that resolves them itself (``engines.exact.kinks``)."""
    derived: dict = {}
    for integral_ in expr.atoms(sympy.Integral):
        try:
            derived[integral_] = integrate_exp_poly(integral_)
        except (Underivable, sympy.PolynomialError):
            return None
    if derived:
        expr = expr.xreplace(derived)
    calls = [f for f in expr.atoms(sympy.Function)
             if getattr(f, "opaque", False) and getattr(f, "numeric_value", True)]
    for call in sorted(calls, key=sympy.default_sort_key):
        if any(getattr(a, "opaque", False) and getattr(a, "numeric_value", True)
               for arg in call.args for a in sympy.preorder_traversal(arg) if a is not call):
            return None  # nested numeric oracles: not attempted
        try:
            form = derive_call(call)
        except Underivable:
            return None
        derived[call] = form
    if lazy and any(isinstance(n, (sympy.Max, sympy.Min)) and len(n.args) > 2
                    for form in derived.values() for n in sympy.preorder_traversal(form)):
        return replace_unevaluated(expr, derived, SWITCHES), derived
    try:
        return expr.xreplace(derived), derived
    except (TypeError, ValueError):  # a Max of numbers sympy cannot compare (a tie at 0)
        with sympy.evaluate(False):
            return expr.xreplace(derived), derived


def canonical(expr: sympy.Expr) -> sympy.Expr:
    """erf, erfc, Phi and Q as erfc of arguments without a leading minus sign (exact rewrites:
    erf(x) = 1 - erfc(x), erfc(-x) = 2 - erfc(x)), so equal closed forms cancel."""
    expr = expr.rewrite(sympy.erfc)
    expr = expr.replace(lambda z: isinstance(z, sympy.erfc) and z.args[0].could_extract_minus_sign(),
                        lambda z: 2 - sympy.erfc(-z.args[0]))
    return expr.replace(lambda z: isinstance(z, sympy.erfc),
                        lambda z: sympy.erfc(sympy.expand(z.args[0])))


def substitutions(domain, side: str) -> tuple[dict, dict]:
    """Forward and back substitutions that turn the box's ends into sign assumptions:
    'lo': x = lo + t, 'hi': x = hi - t, 'both' (an open end): x = (lo + hi t)/(1 + t) for
    [lo, hi) or (lo, hi), x = (hi + lo t)/(1 + t) for (lo, hi], each with t >= 0 (t > 0 at
    an open lower end of [lo, hi)).  Each maps the box onto t's range exactly.  'closed-lo'
    and 'closed-hi' are 'both' with a closed [lo, hi] read as [lo, hi) and as (lo, hi]: two
    maps, each onto all of the box but one end (``derive_claim`` requires both to agree).
    'point': a parameter whose range is one point is that exact value (the derivation's
    facts about it are then facts about numbers: at alpha = 4/3 the Renyi integrand of
    N(0, 4) against N(0, 1) is constant, the divergence +inf)."""
    symbols = domain.symbols()
    fwd, back = {}, {}
    for name, iv in domain.params:
        x = symbols[name]
        if side == "point":
            if iv.is_point:
                fwd[x] = sympy.Rational(iv.lo)
            continue
        if side.startswith("closed") and not iv.integer and iv.lo is not None and \
                iv.hi is not None and iv.lo < iv.hi:
            iv = replace(iv, hi_open=True) if side == "closed-lo" and not iv.lo_open else (
                replace(iv, lo_open=True) if not iv.hi_open else iv)
        if side != "lo" and side != "hi" and not iv.integer and iv.lo is not None and \
                iv.hi is not None and (iv.hi_open or iv.lo_open):
            if iv.hi_open:     # t = 0 at lo, t -> oo towards hi
                t = sympy.Symbol(f"{name}__t", **({"positive": True} if iv.lo_open else
                                                  {"nonnegative": True}))
                fwd[x] = (iv.lo + iv.hi * t) / (1 + t)
                back[t] = (x - iv.lo) / (iv.hi - x)
            else:              # (lo, hi]: t = 0 at hi, t -> oo towards lo
                t = sympy.Symbol(f"{name}__t", nonnegative=True)
                fwd[x] = (iv.hi + iv.lo * t) / (1 + t)
                back[t] = (iv.hi - x) / (x - iv.lo)
            continue
        end, is_open = (iv.lo, iv.lo_open) if side != "hi" else (iv.hi, iv.hi_open)
        if end is None or end == 0:
            continue
        # integer=True only for integer parameters: integer=False would assert t is not an
        # integer, a fact the box does not give
        t = sympy.Symbol(f"{name}__t", **({"integer": True} if iv.integer else {}), **(
            {"positive": True} if is_open else {"nonnegative": True}))
        fwd[x] = end + t if side != "hi" else end - t
        back[t] = x - end if side != "hi" else end - x
    return fwd, back


#: a derived form larger than this (sympy count_ops) or piecewise is shown unsimplified: the
#: simplification is for the evidence text only, and cost adp_notes.remark3.pure 11 of its
#: 19 s of derivation (the symbolic engine then ran out of its 20 s)
TIDY_OPS = 80


def _tidy(form):
    """The derived form simplified for the evidence; as derived where sympy's simplify fails
    (it raises TypeError on some Piecewise conditions between constants) or would be slow."""
    form = canonical(form)
    if form.has(sympy.Piecewise) or sympy.count_ops(form) > TIDY_OPS:
        return form
    try:
        return sympy.simplify(form)
    except (TypeError, ValueError, RecursionError):
        return form


_MEMO = Memo()
_MEMO_SIZE = 512


def _derived(e):
    """``derive(e)``, remembered: the symbolic engine's quick attempt, its full attempt and
    the conjuncts of a claim derive the same calls (the symbols carry the assumptions, so
    equal expressions are the same question).  A derivation cut short remembers nothing."""
    if e not in _MEMO:
        if len(_MEMO) >= _MEMO_SIZE:
            _MEMO.clear()
        _MEMO[e] = derive(e)
    return _MEMO[e]


def _derive_side(statement, domain, side):
    """(statement, {call: form}) derived under ``substitutions(domain, side)``, or None."""
    from dpproof.claims import Statement

    symbols = domain.symbols()
    fwd, back = substitutions(domain, side)
    raw: dict = {}   # {call: form}, simplified for the evidence only for the side returned

    def one(e):
        e = e.xreplace({s: symbols[s.name] for s in e.free_symbols if s.name in symbols})
        got = _derived(e.xreplace(fwd))
        if got is None:
            return None
        form, n = got
        raw.update({k.xreplace(back): v.xreplace(back) for k, v in n.items()})
        return canonical(form.xreplace(back))

    # sides with oracles first, stopping at the first underivable one (rebuilding a large
    # closed form's Max under the substitution costs minutes, cesar_rogers21.cor5_1)
    exprs = [statement.lhs, statement.rhs] + [h.lhs for h in statement.hypotheses] + \
        [h.rhs for h in statement.hypotheses]
    done: dict = {}
    for i in sorted(range(len(exprs)), key=lambda i: not has_oracles(exprs[i])):
        done[i] = one(exprs[i])
        if done[i] is None:
            return None
    hyps = [done[i] for i in range(2, len(exprs))]
    k = len(statement.hypotheses)
    new_h = tuple(Statement(hyps[i], h.rel, hyps[k + i], guards=h.guards)
                  for i, h in enumerate(statement.hypotheses))
    return Statement(done[0], statement.rel, done[1], new_h, guards=statement.guards), raw


def derive_on(expr, domain, side: str):
    """``expr`` with its oracle calls derived under ``substitutions(domain, side)``, in the
    domain's own parameters, or None; valid where the side's map reaches (e.g. 'closed-lo':
    on [lo, hi) of a closed box, 'closed-hi': on (lo, hi])."""
    from dpproof.claims import Statement

    got = _derive_side(Statement(expr, "==", 0), domain, side)
    return None if got is None else got[0].lhs


def derive_claim(statement, domain) -> tuple[object, dict[str, str]] | None:
    """The statement with every oracle call derived (see ``derive``), with the box's lower
    ends, upper ends, or both as assumptions (``substitutions``); None if some call cannot
    be derived.  The derived form is substituted back to the claim's own parameters.  A side
    whose derived forms keep no undecided ``Piecewise`` (a loss mass whose condition the
    assumptions of one end decide) is preferred; else the first side that derives.

    Remembered for the claim (``fresh_state`` empties the memo before each): its engines,
    their quick and full tries, its conjuncts and its cross-examination ask the same
    derivation, whose result does not depend on who asks; one cut short by a budget raises
    and leaves nothing."""
    got = _derive_claim(statement, domain)
    return None if got is None else (got[0], dict(got[1]))


@functools.lru_cache(maxsize=64)
def _derive_claim(statement, domain):
    fallback = None
    for side in ("lo", "hi", "both"):
        got = _derive_side(statement, domain, side)
        if got is not None:
            st = got[0]
            if not any(x.has(sympy.Piecewise) for h in (st, *st.hypotheses)
                       for x in (h.lhs, h.rhs)):
                fallback = got
                break
            fallback = fallback or got
    fallback = fallback or closed_halves(statement, domain, _derive_side)
    if fallback is None and any(iv.is_point and not iv.integer for _, iv in domain.params):
        fallback = _derive_side(statement, domain, "point")
    if fallback is None:
        return None
    st, raw = fallback
    return st, {sympy.sstr(k): sympy.sstr(_tidy(v)) for k, v in raw.items()}


def has_oracles(expr) -> bool:
    """Oracle calls or definite integrals: what ``derive`` replaces."""
    return bool(expr.atoms(sympy.Integral)) or any(
        getattr(f, "opaque", False) for f in expr.atoms(sympy.Function))
