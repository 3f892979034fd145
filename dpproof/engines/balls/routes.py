"""The interval engine's routes, in the order ``engine.check`` tries them (``dpproof.routes``
has the claim's).  CERTIFIED comes only from enclosures of the margin on exact rational boxes
covering the domain; REFUTED only from an exact witness certified in balls, or where a strict
bound's margin is exactly 0 (``witness.exact_violation``)."""

from ..rows import Row

_B = "dpproof.engines.balls"
ROUTES: tuple[Row, ...] = (
    Row("point by point", "a finite domain: each point once, precision raised a counted "
        "number of times, exact decisions where balls leave a point open",
        "a point is a box of width 0", "points.EXACT_BUDGET (20), MAX_PREC",
        f"{_B}.points:decide"),
    Row("forms from the densities", "the claim with its oracle calls derived, decided by "
        "the routes below; witnesses re-certified on the claim as written",
        "the derivation is exact; the claim as written is cross-checked with arb oracles",
        "derived_oracles.DERIVE_BUDGET (12), SHARE of the engine's budget",
        "dpproof.engines.exact.derived_oracles:decide"),
    Row("exponential substitution", "tails in y = e^(-x/q): an unbounded range made bounded",
        "a monotone bijection of the domain", "a share of Config.engine_timeout",
        f"{_B}.exp_substitution:certified"),
    Row("homogeneity", "one parameter fewer when the margin is homogeneous",
        "the sign is constant along the scaling", "homogeneous.BUDGET (3)",
        f"{_B}.homogeneous:certified"),
    Row("positive factor", "a factor certified positive divided out",
        "the sign of the margin is the rest's", "1/positive_factor.SHARE of the budget",
        f"{_B}.positive_factor:decide"),
    Row("branch and bound", "CERTIFIED on every sub-box, or REFUTED at a certified witness "
        "(also at the simple points of the boxes left undecided: simplest rational, corners, "
        "where a strict bound may be exactly 0); tails and corners of unbounded ranges "
        "decided apart",
        "arb encloses the margin on exact rational boxes; an exact 0 only by exact rewriting, "
        "where the claim as written is defined", "Config.max_boxes within "
        "Config.engine_timeout; enclosures.SYMPY_BUDGET (8), asymptotic.BUDGET (4); "
        "HUNTED_POINTS (24) from HUNTED_BOXES (8) on EXACT_POINT_BUDGET (20)",
        f"{_B}.branch_and_bound:Search"),
    Row("undefined at an exact root", "ERROR at an exact root of a polynomial guard where "
        "boxes were left for a term that may be undefined", "exact real roots (CRootOf)",
        "within the engine's budget", "dpproof.engines.exact.guard_roots:undefined_root"),
    Row("substitution", "a claim left undecided, again after a change of variables",
        "a bijection of the domain; verdicts transferred back", "the engine's budget left",
        f"{_B}.substitution:substituted"),
)
