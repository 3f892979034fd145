"""The symbolic engine's routes, in the order ``engine.check`` tries them (``dpproof.routes``
has the claim's).  PROVED comes only from a route whose every step is exact; REFUTED only
from a point certified on the claim as written (``engine._witness``), or where the derived
margin is exactly -inf (a divergence no ball can enclose at a point it cannot represent)."""

from ..rows import Row

_E = "dpproof.engines.exact"
ROUTES: tuple[Row, ...] = (
    Row("between the kinks, first", "PROVED piece by piece between exact kinks (CERTIFIED "
        "where a piece is bounded in balls); first when a claim has more switches than the "
        "proof by cases splits", "the kinks are exact roots; each piece's sign is proved "
        "or enclosed", "_KINK_BUDGET (30)", f"{_E}.engine:_by_kinks"),
    Row("forms from the densities", "replaces oracle calls by forms derived from their "
        "densities", "each derivation is an exact identity under conditions derive_claim "
        "checks on the domain", "within _SYMPY_BUDGET (20)",
        "dpproof.oracles.symbolic:derive_claim"),
    Row("definedness", "refuses to prove where a term may be undefined (INCONCLUSIVE)",
        "simplification may cancel a vanishing factor; a principal root is complex",
        "within _SYMPY_BUDGET", f"{_E}.definedness:undefined_term"),
    Row("summand by summand", "PROVED: an identity of sums over a symbolic range",
        "termwise zero summands", "within _SYMPY_BUDGET", f"{_E}.sums:prove_zero"),
    Row("sign patterns", "PROVED: a switched identity on each sign pattern of its switches",
        "the patterns cover the box; each is a small exact identity",
        "_PATTERN_BUDGET (8), patterns.MAX_BOXES", f"{_E}.patterns:prove_claim"),
    Row("identity", "PROVED: lhs - rhs simplifies exactly to 0", "exact rewriting",
        "forms.ZERO_BUDGET (2)", f"{_E}.forms:identity"),
    Row("piecewise linear", "PROVED/REFUTED: a piecewise-linear margin by exact LP per piece",
        "exact rational LP; a violation is re-certified on the claim as written",
        "piecewise_linear.QUICK_BUDGET (1), MAX_PIECES", f"{_E}.piecewise_linear:prove_margin"),
    Row("conclusion alone", "PROVED: an implication's conclusion without its hypotheses",
        "a conclusion true everywhere is true where the hypotheses hold",
        "_ALONE_BUDGET (4)", f"{_E}.engine:_inequality"),
    Row("conjunct by conjunct", "PROVED: Max(a_i) <= c from every a_i <= c",
        "Max(a_i) <= c iff every a_i <= c", "within _SYMPY_BUDGET",
        f"{_E}.engine:_conjunct_by_conjunct"),
    Row("exactly infinite margin", "PROVED/REFUTED: a derived margin that is +inf or -inf "
        "(renyi(N(0, 2), N(0, 1), 4/3) = +inf)", "the derivation decides the divergence "
        "exactly: an integrand that does not decay, or Q = 0 where P has mass",
        "within _SYMPY_BUDGET", f"{_E}.infinite:decide"),
    Row("sign rules", "PROVED: a margin of definite sign under the domain's assumptions, "
        "on rewrites and half-line shifts", "sympy's assumption rules on exact forms",
        "within _SYMPY_BUDGET", f"{_E}.engine:_inequality"),
    Row("rational inequality over QQ", "PROVED/REFUTED in one parameter by real-root "
        "isolation", "a complete procedure over QQ", "within _SYMPY_BUDGET",
        f"{_E}.rational:rational_violations"),
    Row("tactics", "PROVED by monotonicity, convexity and bounding steps", "each step a "
        "proved lemma", "tactics.MAX_GOALS", f"{_E}.relations:prove_relation"),
    Row("by cases", "PROVED: a switched margin case by case (an implication: each case "
        "holds or violates a hypothesis)", "the cases cover the domain",
        "cases.MAX_LEAVES, cases._CALL_BUDGET (2) per sympy call", f"{_E}.case_proofs:by_cases"),
    Row("instance by instance", "PROVED: an identity whose oracles derive only for given "
        "integers, at each integer", "finitely many exact identities",
        "_INSTANCE_BUDGET (45)", f"{_E}.engine:_by_instances"),
    Row("between the kinks, last", "as first, for claims with fewer switches",
        "as first", "_KINK_BUDGET (30)", f"{_E}.engine:_by_kinks"),
    Row("witness", "REFUTED at an exact point", "the violation is certified in balls on "
        "the claim as written", "Config.witness_precs", f"{_E}.engine:_witness"),
)
