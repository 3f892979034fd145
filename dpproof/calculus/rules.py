"""The rules of the calculus (docs/calculus.md): each reduces a statement about every law to
pointwise claims over the reals, and draws its conclusion itself from the same
expressions its premises are built from (sound by construction: a caller names what is
integrated, never what is concluded).

``RULES`` is the route table: name -> (what it concludes, why it is sound, its convention
where a density vanishes).  Functions of this module build ``Step`` nodes; the composite
rules (induction here; chaining, conditioning and composition in ``composition``; data
processing in ``convex``) build their children.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import sympy
from sympy import Max, exp

from ..claims import Interval, Source, Statement
from .objects import REAL, Density, Step, pointwise

CLOSED = ("closed orthant: each density ranges over [0, oo), so vanishing densities and "
          "disjoint supports are among the points decided")
CLOSURE = ("open orthant, read as its lower-semicontinuous closure: at q = 0 < p the "
           "recession value p lim f(t)/t (+oo for KL and Renyi: no absolute continuity), at "
           "p = 0 < q the value q f(0+), 0 at p = q = 0")

RULES = {
    "monotonicity": ("int a <= sum_i c_i int b_i from a <= sum_i c_i b_i pointwise",
                     "monotonicity and linearity of the integral; int p = 1 for a density",
                     CLOSED),
    "proportional": ("phi(int a) = psi(int b) where 0 < int a < oo",
                     "int b = c int a by monotonicity both ways (b <= c a, a <= b/c "
                     "pointwise), c > 0, and phi(I) = psi(c I) for every real I > 0",
                     "the integrands' own (each monotonicity child states it)"),
    "null_sets": ("int a = 0 => int b = 0", "a >= 0 with int a = 0 vanishes mu-a.e., so a "
                  "set where a > 0 is mu-null; b >= 0 vanishes on the rest of a cover of the "
                  "orthant, hence mu-a.e., and int b = 0", CLOSED),
    "events": ("sup over events A of P(A) - c Q(A) = int max(0, p - c q), attained at "
               "{p > c q}", "monotonicity on every (randomised) event; {p > c q} is "
               "measurable; premises over u = p - c q in R (a superset of its values)", CLOSED),
    "convexity": ("f convex on (0, oo)", "f'' >= 0 on an interval, or f a max of affine "
                  "functions (checked exactly: each piece of degree <= 1)", "t > 0"),
    "perspective": ("g(int w p_x, int w q_x) <= int w g(p_x, q_x), every measure w",
                    "g 1-homogeneous with g(., 1) convex is the perspective of a convex "
                    "function: jointly convex and sublinear; its lsc closure is a sup of "
                    "linear forms, whence Jensen (Rockafellar, Convex Analysis, Thm 13.2)",
                    CLOSURE),
    "data_processing": ("D_g(KP||KQ) <= D_g(P||Q); D_g(P_Y||Q_Y) <= E_X D_g(P_Y|X||Q_Y|X)",
                        "perspective at each y, then Tonelli on g - a p - b q >= 0 (the "
                        "supporting line), int K(y|x) dy = 1", CLOSURE),
    "change_of_variables": ("D_g(T#P||T#Q) = D_g(P||Q) for a bijection T",
                            "the Jacobian factor cancels by 1-homogeneity of g", CLOSURE),
    "chaining": ("H_{e1+e2}(P||R) <= H_{e1}(P||Q) + e^e1 H_{e2}(Q||R)",
                 "monotonicity from its pointwise premise", CLOSED),
    "conditioning": ("two adaptive rounds: H_{e1+e2}(P||Q) <= H_{e1}(P1||Q1) + "
                     "sup_x1 H_{e2}(P2(.|x1)||Q2(.|x1))",
                     "Tonelli: integrate x2 given x1 (int p2(x2|x1) dx2 = 1), then "
                     "monotonicity in x1", CLOSED),
    "secant": ("int g(p, q) <= A + B for every P, Q with a q <= p <= b q pointwise, A t + B "
               "the chord of f = g(., 1) between t = a and t = b",
               "f convex on (0, oo) lies below its chord on [a, b] (0 < a < b); where q > 0, "
               "p/q is in [a, b] and g(p, q) = q f(p/q) <= A p + B q by 1-homogeneity; where "
               "q = 0, p = 0 and g = 0; then monotonicity, int p = int q = 1",
               "p = q = 0 gives 0; q = 0 < p is excluded by p <= b q"),
    "tangent": ("H_eps(P||Q) <= int g(p, q) for every P, Q",
                "f = g(., 1) convex lies above its tangent at t0, which is t - e^eps or "
                "higher (f'(t0) = 1, f(t0) >= t0 - e^eps), and f >= 0: so q f(p/q) >= "
                "max(0, p - e^eps q) where q > 0 (1-homogeneity); where q = 0 < p the "
                "recession value p lim f(t)/t >= p; where p = 0 < q, q f(0+) >= 0; then "
                "monotonicity", CLOSURE),
    "loss_range": ("ess inf L <= 0 <= ess sup L, L = log(p/q), P and Q mutually a.c.",
                   "p <= e^s q a.e. (s = ess sup L) integrates to 1 <= e^s "
                   "(monotonicity, int p = int q = 1); q <= e^-i p likewise",
                   "L on the common support {p > 0} = {q > 0}; off it both laws vanish"),
    "bounded_range": ("eps-DP => 2 eps-BR, eps-BR => eps-DP, eps-BR => t - eps <= L <= t "
                      "with t in [0, eps]", "the definitions (|L| <= eps a.e.; ess sup L - "
                      "ess inf L <= eps), loss_range and real algebra, checked as premises",
                      "L on the common support {p > 0} = {q > 0}; off it both laws vanish"),
    "hoeffding": ("E_P[exp(lambda (L - E_P L))] <= exp(lambda^2 (hi - lo)^2/8) for every "
                  "P, Q with lo <= L <= hi P-a.s.", "Hoeffding's lemma: exp(lambda z) lies "
                  "below its chord on [lo, hi] (convexity), integrate against P "
                  "(monotonicity); the log of the chord at the mean, f(u, m), has f(0) = "
                  "f_u(0) = 0 and f_uu <= 1/4 (Taylor with Lagrange's remainder)",
                  "L on the common support {p > 0} = {q > 0}; off it both laws vanish"),
    "both": ("A and B", "each conclusion drawn by its own step", "each step's own"),
    "instance": ("a statement over every law, at one law of a source (a link of a chain)",
                 "a universal statement holds at each law; the premises, pointwise over the "
                 "link's own domain, check what its reading at that law needs (e.g. the "
                 "law's mean); that the oracles compute the law's functionals is their "
                 "definition, not checked here: the link is also swept as written",
                 "the universal step's own"),
    "supermartingale": ("P[X_1 + ... + X_n >= beta] <= bound for every n, X_i conditionally "
                        "sigma_i^2-subgaussian given F_(i-1), sigma_i F_(i-1)-measurable, "
                        "sum sigma_i^2 <= B a.s.",
                        "exp(l M_k - l^2 S_k/2) is a supermartingale (pull-out and tower "
                        "properties of conditional expectation, induction on n) and Markov's "
                        "inequality; the real inequalities of each step are premises",
                        "no density: the laws of X_i given the past are arbitrary"),
    "setwise": ("set-wise adaptive composition of DP, BR and CDP rounds is (eps_g, delta)-DP, "
                "eps_g = sum of mean bounds + sqrt(2 B log(1/delta))",
                "the total loss is the sum of the rounds' conditional losses (chain rule of "
                "densities); centred, a sum of conditionally subgaussian increments with "
                "predictable parameters summing to B (supermartingale); the mean bounds sum to "
                "A in every order; Markov at beta = sqrt(2 B log(1/delta)); H_eps <= P[L > eps]",
                "L = log(p/q) of the views, +oo at q = 0 < p (counted in P[L > eps_g])"),
    "consequence": ("C(v) for every law of a class defined by H(v), v real functionals of "
                    "the law", "the premise H => C holds at every real v, so at the law's",
                    "the class's definition, as the caller names it"),
    "repeated_steps": ("T^m g(x) = sum_{i=0..m} w(m, i) g(x - (m - 2i) h) for every integer "
                       "m >= 0, real x and real function g, T g(x) = a g(x - h) + b g(x + h)",
                       "induction on m: T is linear and sends g(x - (m - 2i) h) to "
                       "a g(x - (m + 1 - 2i) h) + b g(x - (m + 1 - 2(i + 1)) h), so "
                       "w(m + 1, i) = a w(m, i) + b w(m, i - 1); premises at i = 0, "
                       "i = m + 1 and 1 <= i <= m, and w(0, 0) = 1",
                       "no density: g is any real function"),
    "dp_products": ("H_x(P_1 x ... x P_k x R || Q_1 x ... x Q_k x R) <= T^k g(x), g(x) = "
                    "(1 - e^x)_+, for every k >= 0 and pairs with e^-h q_i <= p_i <= e^h q_i, "
                    "T g(x) = a g(x - h) + b g(x + h)",
                    "induction on k: an h-DP pair is randomized response post-processed by "
                    "the kernel k0 = (a p - b q)/(a - b), k1 = (a q - b p)/(a - b) (>= 0, mass "
                    "1); max(0, .) is sublinear; Tonelli over the first factor leaves "
                    "randomized response's two outcomes, a and b times the rest's "
                    "hockey-sticks at x -/+ h; T is monotone (a, b >= 0)",
                    "closed orthant: q = 0 forces p = 0 (e^-h q <= p <= e^h q); the rest's "
                    "densities r, s range over [0, oo), disjoint supports included"),
    "adaptive_steps": ("sup H_x of an adaptive composition of rounds, each with its loss in "
                       "[lo, hi] for a parameter theta of its class, = delta(C_1..C_k; x), "
                       "delta(C, rest; x) = sup_theta [w delta(rest; x - hi) + wbar "
                       "delta(rest; x - lo)], delta(empty; x) = (1 - e^x)_+",
                       "induction on k with the invariant v -> delta(rest; log v) convex in "
                       "[0, 1]: Tonelli over the first outcome (max(0, .) positively "
                       "homogeneous), the convex function below its chord on [e^-hi, "
                       "e^-lo], E_P[q/p] = 1 gives the chord's weight w; two-point rounds "
                       "attain it",
                       "e^lo q <= p <= e^hi q: q = 0 forces p = 0 and p = 0 forces q = 0; "
                       "the rest's densities range over [0, oo)"),
    "step_order": ("S T g <= T S g for every bounded g: a BR step after a DP step is at "
                   "least the DP step after the BR step",
                   "the same products at the same shifts in both orders; the sup of a sum "
                   "is at most the sum of the sups (a, b >= 0); both steps are monotone",
                   "no density: g is any bounded real function"),
    "induction": ("a statement for every count k >= 1", "induction: the base case k = 1 and "
                  "the step k - 1 => k as claims (k taken real >= 2, a superset)", "-"),
}


@dataclass(frozen=True)
class Functional:
    """``name`` = int ``integrand`` dmu, the integrand in the values of ``densities``.
    ``finite``: finite for every law (a mass, a hockey-stick), so it may take any sign
    of coefficient in a linear combination."""

    name: str
    integrand: sympy.Expr
    densities: tuple[Density, ...]
    finite: bool = True


def mass(d: Density) -> Functional:
    """int d = 1: the total mass of a density."""
    return Functional("1", d.value, (d,))


def hockey(p: Density, q: Density, e) -> Functional:
    """H_e(P||Q) = int max(0, p - e^e q) (finite: at most 1)."""
    return Functional(f"H_{{{sympy.sstr(e)}}}({p.name.upper()}||{q.name.upper()})",
                      Max(0, p.value - exp(e) * q.value), (p, q))


def loss_tail(p: Density, q: Density, e) -> Functional:
    """P(|Z| > e), Z = log(p/q) the privacy loss under P: int p 1[p > e^e q or q > e^e p].
    At q = 0 < p, Z = +oo is counted (p > 0 = e^e q); p = 0 carries no P-mass."""
    c = exp(e)
    event = sympy.Or(p.value > c * q.value, q.value > c * p.value)
    return Functional(f"{p.name.upper()}(|Z| > {sympy.sstr(e)})",
                      p.value * sympy.Piecewise((1, event), (0, True)), (p, q))


@dataclass
class Context:
    """Where premises are declared: the claim's id (premise ids hang under it) and source."""

    claim_id: str
    source: Source
    count: list = field(default_factory=lambda: [0])

    def premise(self, rule: str, statement: Statement, note: str = "", **ranges):
        self.count[0] += 1
        return pointwise(f"{self.claim_id}.premise{self.count[0]}.{rule}", statement,
                         self.source, note=note or RULES[rule][1], **ranges)


def where(params: dict) -> str:
    """"; k in range, ..." for a conclusion's parameters ("" when there are none)."""
    if not params:
        return ""
    return "; " + ", ".join(f"{k} in {v}" for k, v in params.items())


def _linear(terms) -> str:
    return " + ".join(f"{sympy.sstr(c)}*{f.name}" if c != 1 else f.name for c, f in terms)


def monotonicity(ctx: Context, lhs: Functional, terms, ranges: dict, cases=((),),
                 rule: str = "monotonicity") -> Step:
    """int lhs <= sum c_i int F_i, from lhs <= sum c_i F_i pointwise, case by case
    (``cases``: tuples of hypotheses covering the orthant -- either ``split(h_1, ..., h_n)``,
    which covers it by construction, or two cases of one relation each, whose cover the
    rule adds as a premise).  Coefficients must not depend on a density value (linearity);
    one of a functional that may be infinite must be >= 0."""
    values = {d.value for _, f in terms for d in f.densities} | {d.value for d in lhs.densities}
    extra = []
    for c, f in terms:
        c = sympy.sympify(c)
        if c.free_symbols & values:
            raise ValueError(f"coefficient {c} of {f.name} depends on a density: linearity "
                             "of the integral does not apply")
        if not f.finite:
            extra.append(ctx.premise(rule, Statement(c, ">=", 0), "a coefficient of a "
                                     "functional that may be infinite is >= 0", **ranges))
    rhs = sum((sympy.sympify(c) * f.integrand for c, f in terms), sympy.S.Zero)
    premises = [ctx.premise(rule, Statement(_refine(lhs.integrand, h), "<=", _refine(rhs, h),
                                            hypotheses=tuple(h)), **ranges) for h in cases]
    if len(cases) > 1 and not _is_split(cases):
        premises.append(_cases_cover(ctx, cases, ranges, rule))
    says = f"{lhs.name} <= {_linear(terms)}"
    return Step(rule, says, RULES[rule][2], tuple(extra + premises))


def _negated(h: Statement) -> Statement:
    return Statement(h.lhs, _NEG[h.rel], h.rhs)


_NEG = {"<=": ">", "<": ">=", ">": "<=", ">=": "<"}


def split(*hyps: Statement) -> tuple:
    """The cases (h_1), ..., (h_n), (not h_1 and ... and not h_n): they cover every point
    by construction (a point satisfying no h_i is in the last case), so no premise is
    needed for the cover.  Each h_i is one relation ``<, <=, >, >=``."""
    if not hyps or any(h.rel not in _NEG or h.hypotheses for h in hyps):
        raise ValueError("split needs relations <, <=, >, >= without hypotheses")
    return tuple((h,) for h in hyps) + (tuple(_negated(h) for h in hyps),)


def _is_split(cases) -> bool:
    """``cases`` is exactly ``split(...)`` of its one-relation cases (checked, not trusted)."""
    *singles, last = cases
    return (len(singles) >= 1 and all(len(c) == 1 for c in singles)
            and tuple(last) == split(*(c[0] for c in singles))[-1])


def _refine(expr, case):
    """``expr`` with each Piecewise (an indicator of an event) resolved where the case's
    hypotheses decide it exactly: in each condition (an atom or an And/Or of atoms) an
    atom equal to a hypothesis is true, one equal to a hypothesis' negation is false; a
    branch is taken when its condition becomes ``True`` and every earlier one ``False``.
    Anything else is left as is (the premise then keeps the Piecewise)."""
    truth = {}
    for h in case:
        rel = sympy.Rel(h.lhs, h.rhs, h.rel)
        truth[rel], truth[rel.negated] = sympy.true, sympy.false

    def pick(*args):
        for e, c in args:
            c = c.xreplace(truth) if c is not sympy.true else c
            if c is sympy.true:
                return e
            if c is not sympy.false:
                return sympy.Piecewise(*args)
        return sympy.Piecewise(*args)
    return expr.replace(sympy.Piecewise, pick) if truth else expr


def _cases_cover(ctx, cases, ranges, rule):
    """The cases cover the orthant: a premise "not case_1, ..., not case_(n-1) => case_n"
    written for two cases split by one relation (the only form the rules use)."""
    if len(cases) != 2 or len(cases[0]) != 1 or len(cases[1]) != 1:
        raise ValueError("case splits are two cases of one relation each")
    a, b = cases[0][0], cases[1][0]
    neg = _NEG[a.rel]
    return ctx.premise(rule, Statement(b.lhs, b.rel, b.rhs, hypotheses=(
        Statement(a.lhs, neg, a.rhs),)), "the two cases cover every point", **ranges)


def null_sets(ctx: Context, a: Functional, b: Functional, ranges: dict, cases: tuple,
              positive: frozenset) -> Step:
    """int a = 0 => int b = 0, every law: a >= 0 and b >= 0 pointwise (case by case), and in
    each case of ``cases`` (``split(...)``, which covers the orthant) either a > 0 (the
    indices in ``positive``: a set where a > 0 is mu-null once int a = 0) or b <= 0 (b
    vanishes there).  So b = 0 mu-a.e. and int b = 0.  No coefficient: the premises are
    about the integrands themselves."""
    if not _is_split(cases) or not positive <= set(range(len(cases))):
        raise ValueError("null_sets needs split(...) cases and indices of them")
    prem = [ctx.premise("null_sets", Statement(_refine(f.integrand, h), ">=", 0,
                                               hypotheses=tuple(h)),
                        f"{f.name} has a non-negative integrand", **ranges)
            for f in (a, b) for h in cases]
    for i, h in enumerate(cases):
        if i in positive:
            prem.append(ctx.premise("null_sets", Statement(
                _refine(a.integrand, h), ">", 0, hypotheses=tuple(h)), f"{a.name} is > 0 "
                "here: a mu-null set once its integral is 0", **ranges))
        else:
            prem.append(ctx.premise("null_sets", Statement(
                _refine(b.integrand, h), "<=", 0, hypotheses=tuple(h)), f"{b.name} "
                "vanishes here", **ranges))
    says = f"{a.name} = 0 => {b.name} = 0"
    return Step("null_sets", says, RULES["null_sets"][2], tuple(prem))


def events(ctx: Context, p: Density, q: Density, c, params: dict) -> Step:
    """sup_A P(A) - c Q(A) = int max(0, p - c q), attained at {p > c q}; every randomised
    test a(x) in [0, 1] too.  Premises over u = p - c q in R (and a in [0, 1])."""
    u, a = sympy.Symbol("u", real=True), sympy.Symbol("a", real=True)
    pos, neg = Statement(u, ">", 0), Statement(u, "<=", 0)
    prem = [ctx.premise("events", Statement(a * u, "<=", Max(0, u), (h,)), "every event "
                        "(a = 1_A) and test is below the hockey-stick", u=REAL,
                        a=Interval.closed(0, 1)) for h in (pos, neg)]
    prem.append(ctx.premise("events", Statement(u, "==", Max(0, u), (pos,)),
                            "the event {p > c q} attains it (a = 1 there)", u=REAL))
    prem.append(ctx.premise("events", Statement(sympy.S.Zero, "==", Max(0, u), (neg,)),
                            "the event {p > c q} attains it (a = 0 off it)", u=REAL))
    prem.append(ctx.premise("events", Statement(c, ">=", 0), "c >= 0", **params))
    P, Q = p.name.upper(), q.name.upper()
    says = (f"sup_A [{P}(A) - {sympy.sstr(c)}*{Q}(A)] = int max(0, {p} - {sympy.sstr(c)}*{q}),"
            f" attained at A = {{{p} > {sympy.sstr(c)}*{q}}}; so int max(0, {p} - "
            f"{sympy.sstr(c)}*{q}) <= delta iff {P}(A) <= {sympy.sstr(c)}*{Q}(A) + delta for "
            "every event A")
    return Step("events", says, RULES["events"][2], tuple(prem))


def induction(ctx: Context, k, says: str, base: Statement, step: Statement, ranges: dict,
              child: Step) -> Step:
    """``says`` for every integer k >= 1 from ``base`` (k = 1) and ``step`` (k - 1 => k,
    k real >= 2) -- built by the composite rules below from the child's conclusion."""
    prem = (ctx.premise("induction", base, "base case k = 1",
                        **{n: v for n, v in ranges.items() if n != k.name}),
            ctx.premise("induction", step, f"step: {k} - 1 => {k}, every real {k} >= 2",
                        **ranges))
    return Step("induction", says, RULES["induction"][2], prem, (child,))


def instance(statement: Statement, reading: str, universal: Step, *premises) -> Step:
    """``universal``'s conclusion at one law of a source, as ``statement`` (the sympy
    statement of a chain's link, whose claim must carry the same statement); ``reading``
    says how the universal conclusion reads at that law; ``premises``: pointwise claims over
    the link's own domain that check what the reading needs of the law (e.g. its mean)."""
    if not premises:
        raise ValueError("instance: give the premises the instance needs (else its "
                         "universal step is the claim)")
    return Step("instance", f"{statement}, at the law of the source: {reading}",
                RULES["instance"][2], tuple(premises), (universal,))


def both(*steps: Step) -> Step:
    """The conjunction of the conclusions of ``steps`` (a statement with several parts, each
    drawn by its own rule): it holds when each does."""
    if len(steps) < 2:
        raise ValueError("both: give two or more steps")
    says = "; and ".join(s.says for s in steps)
    return Step("both", says, RULES["both"][2], (), tuple(steps))
