"""Classic true inequalities (bases for mutants) and handcrafted needles (already mutated).

A domain entry is ``(lo, hi, lo_open, hi_open, integer)`` with exact ends (None = unbounded);
``hints`` are points where the base is tight (or the needle fails), added to the search grid of
benchmarks/make_mutants.py.  A ``mutation`` marks a needle: a false claim that fails only on a
tiny set, made from the true claim in the note by one change.
"""

from fractions import Fraction as F

C = lambda lo, hi: (F(lo), F(hi), False, False, False)  # noqa: E731
INT = lambda lo, hi: (F(lo), F(hi), False, False, True)  # noqa: E731
OPEN_LO = lambda lo, hi: (F(lo), F(hi), True, False, False)  # noqa: E731
SQRT2_40 = "14142135623730950488016887242096980785697/10000000000000000000000000000000000000000"


def _c(id, text, origin="classic", hints=(), mutation="", cap=4, **domain):
    return {"id": "classic." + id, "origin": origin, "text": text, "domain": domain,
            "hints": hints, "mutation": mutation, "cap": cap}


CLASSICS = [
    # elementary
    _c("log1p_upper", "log(1 + x) <= x", x=C(0, 10), hints=({"x": 0},)),
    _c("log1p_lower", "log(1 + x) >= x/(1 + x)", x=C(0, 10), hints=({"x": 0},)),
    _c("log1p_taylor", "log(1 + x) >= x - x^2/2", x=C(0, 5), hints=({"x": 0},)),
    _c("log_upper", "log(x) <= x - 1", x=OPEN_LO(0, 10), hints=({"x": 1},)),
    _c("exp_lower", "1 - x <= exp(-x)", x=C(-5, 5), hints=({"x": 0},)),
    _c("exp_taylor", "exp(x) >= 1 + x + x^2/2", x=C(0, 5), hints=({"x": 0},)),
    _c("exp_quadratic", "exp(x) <= 1 + x + x^2", x=C(-1, 1), hints=({"x": 0},)),
    _c("cosh", "exp(x) + exp(-x) <= 2*exp(x^2/2)", x=C(-5, 5), hints=({"x": 0},)),
    _c("xexp", "x*exp(-x) <= exp(-1)", x=C(0, 10), hints=({"x": 1},)),
    _c("reciprocal", "1/(1 + x) >= 1 - x", x=C(0, 5), hints=({"x": 0},)),
    _c("sqrt_tangent", "sqrt(1 + x) <= 1 + x/2", x=C(-1, 5), hints=({"x": 0},)),
    _c("bernoulli", "(1 + x)^n >= 1 + n*x", x=C(-1, 5), n=INT(1, 20),
       hints=({"x": 0, "n": 3},)),
    _c("bernoulli_concave", "(1 + x)^r <= 1 + r*x", x=C(-1/2, 5), r=C(0, 1),
       hints=({"x": 0, "r": F(1, 2)},)),
    _c("amgm2", "sqrt(a*b) <= (a + b)/2", a=C(0, 4), b=C(0, 4), hints=({"a": 1, "b": 1},)),
    _c("amgm3", "(a*b*c)^(1/3) <= (a + b + c)/3", a=C(0, 4), b=C(0, 4), c=C(0, 4),
       hints=({"a": 2, "b": 2, "c": 2},)),
    _c("gm_hm", "sqrt(a*b) >= 2*a*b/(a + b)", a=C(1/10, 4), b=C(1/10, 4),
       hints=({"a": 1, "b": 1},)),
    _c("young", "a*b <= a^2/2 + b^2/2", a=C(-3, 3), b=C(-3, 3), hints=({"a": 1, "b": 1},)),
    _c("cauchy_schwarz", "(a*c + b*d)^2 <= (a^2 + b^2)*(c^2 + d^2)", a=C(-2, 2), b=C(-2, 2),
       c=C(-2, 2), d=C(-2, 2), hints=({"a": 1, "b": 1, "c": 1, "d": 1},)),
    _c("jensen_exp", "exp((a + b)/2) <= (exp(a) + exp(b))/2", a=C(-3, 3), b=C(-3, 3),
       hints=({"a": 0, "b": 0},)),
    _c("triangle", "abs(a + b) <= abs(a) + abs(b)", a=C(-3, 3), b=C(-3, 3),
       hints=({"a": 1, "b": 2},)),
    _c("binomial_pair", "binomial(n, 2) == n*(n - 1)/2", n=INT(2, 60)),
    _c("binomial_power", "binomial(n, k) <= 2^n", n=INT(10, 30), k=INT(0, 10)),
    _c("pinsker_bernoulli", "p*log(p/q) + (1 - p)*log((1 - p)/(1 - q)) >= 2*(p - q)^2",
       origin="Pinsker's inequality for Bernoulli(p), Bernoulli(q)",
       p=C(1/100, 99/100), q=C(1/100, 99/100), hints=({"p": F(1, 2), "q": F(1, 2)},)),
    # Gaussian tails and Mills ratio
    _c("chernoff", "Q(x) <= exp(-x^2/2)/2", x=C(0, 30), hints=({"x": 0},)),
    _c("chernoff_loose", "Q(x) <= exp(-x^2/2)", x=C(0, 30)),
    _c("mills_upper", "Q(x) <= exp(-x^2/2)/(x*sqrt(2*pi))", origin="Mills ratio bound",
       x=C(1/10, 30)),
    _c("mills_lower", "Q(x) >= x/(1 + x^2)*exp(-x^2/2)/sqrt(2*pi)", origin="Mills ratio bound",
       x=C(0, 30), hints=({"x": 0},)),
    _c("mills_two_term", "Q(x) >= (1/x - 1/x^3)*exp(-x^2/2)/sqrt(2*pi)", x=C(1, 30)),
    _c("phi_q", "Phi(x) + Q(x) == 1", x=C(-10, 10)),
    _c("erf_erfc", "erf(x) + erfc(x) == 1", x=C(-5, 5)),
    _c("q_symmetry", "Q(-x) == 1 - Q(x)", x=C(-6, 6)),
    _c("phi_erf", "Phi(x) == (1 + erf(x/sqrt(2)))/2", x=C(-8, 8)),
    _c("dawson_max", "dawson(x) <= 11/20", origin="Dawson's integral, max D = 0.5410...",
       x=C(0, 20)),
    _c("dawson_tail", "dawson(x) >= 1/(2*x)", origin="Dawson's integral, D(x) ~ 1/(2x) + ...",
       x=C(2, 30)),
    # DP conversions
    _c("expm1_bound", "exp(eps) - 1 <= eps*exp(eps)", eps=C(0, 5), hints=({"eps": 0},)),
    _c("expm1_linear", "exp(eps) - 1 <= 2*eps", eps=C(0, 1), hints=({"eps": 0},)),
    _c("gauss_delta_nonneg", "Phi(1/(2*s) - eps*s) - exp(eps)*Phi(-1/(2*s) - eps*s) >= 0",
       origin="Balle and Wang 2018: the Gaussian mechanism's delta(eps) is a probability",
       s=C(1/2, 4), eps=C(0, 3)),
    _c("gauss_delta_first", "Phi(1/(2*s) - eps*s) - exp(eps)*Phi(-1/(2*s) - eps*s) <= "
       "Q(eps*s - 1/(2*s))", s=C(1/2, 4), eps=C(0, 3)),
    _c("gauss_delta_zero", "Phi(1/(2*s)) - Phi(-1/(2*s)) <= 1/(s*sqrt(2*pi))",
       origin="TV of N(0,s^2), N(1,s^2) at most the density bound", s=C(1/10, 10)),
    _c("rr_delta", "exp(eps)/(1 + exp(eps)) - exp(eps2)/(1 + exp(eps)) <= 0",
       origin="randomized response is eps-DP: H_eps2 = 0 for eps2 >= eps",
       eps=C(0, 3), eps2=C(3, 5)),
    _c("composition_union", "1 - (1 - delta)^k <= k*delta", delta=C(0, 1), k=INT(1, 100),
       hints=({"delta": 0, "k": 5},)),
    _c("adv_composition_term", "k*eps*(exp(eps) - 1) <= 2*k*eps^2", eps=C(0, 1),
       k=INT(1, 50), hints=({"eps": 0, "k": 3},)),
    _c("cancel", "(1 + exp(-x)) - 1 > 0", x=C(40, 60)),
    # transcendental inequalities of the shape that sympy's solveset mis-decides (issue #10)
    _c("bump", "20*x^2*exp(-10*x) <= x", cap=8, origin="true twin of reproducer r.bump",
       x=C(F(1, 1000), 100)),
    _c("bump2", "x^2*exp(-x/5) <= 2*x", cap=8, origin="true twin of reproducer r.bump2",
       x=C(F(1, 1000), 100)),
    _c("bump3", "x^3*exp(-x) <= 2*x", cap=8, x=C(F(1, 1000), 50)),
    _c("exp_square", "x^2*exp(x) >= 2*x^3", cap=8, origin="true twin of x^2 exp(x) >= x (issue #10)",
       x=C(F(1, 1000), 3)),
    _c("log_half", "log(x) <= x/2", cap=8, x=C(F(1, 10), 100)),
    _c("exp_twice", "exp(x) >= 2*x", cap=8, x=C(0, 10)),
    _c("xlogx", "x*log(x) >= x - 1", cap=8, x=C(F(1, 100), 10), hints=({"x": 1},)),
    _c("exp_half", "exp(x/2) >= 1 + x/2", cap=8, x=C(-10, 10), hints=({"x": 0},)),
    # real odd roots of negatives (the claims language's x^(p/q), issue #10)
    _c("cube_root_lower", "x^(1/3) >= -1", cap=8, x=C(-1, 1), hints=({"x": -1},)),
    _c("cube_root_upper", "x^(1/3) <= 1", cap=8, x=C(-8, 1), hints=({"x": 1},)),
    _c("fifth_root", "x^(3/5) >= -1", cap=8, x=C(-1, 1), hints=({"x": -1},)),
    _c("two_thirds", "x^(2/3) >= 0", cap=8, x=C(-1, 1), hints=({"x": 0},)),
    _c("cube_root_identity", "(x^3)^(1/3) == x", cap=8, x=C(-2, 2)),
    # needles: false only on a tiny set, by one change (the note says which)
    _c("needle.square", "(x - 1/3)^2 >= 1/10^24", x=C(0, 1), hints=({"x": F(1, 3)},),
       mutation="constant 0 -> 10^-24 in (x - 1/3)^2 >= 0; fails for |x - 1/3| < 10^-12"),
    _c("needle.gauss_dip", "1 - exp(-10^12*(x - 1/7)^2) >= 1/10^30", x=C(0, 1),
       hints=({"x": F(1, 7)},),
       mutation="constant 0 -> 10^-30; fails for |x - 1/7| < 10^-21"),
    _c("needle.plane", "(a - b)^2 + (a - 2/7)^2 >= 1/10^20", a=C(0, 1), b=C(0, 1),
       hints=({"a": F(2, 7), "b": F(2, 7)},),
       mutation="constant 0 -> 10^-20; fails within 10^-10 of (2/7, 2/7)"),
    _c("needle.pi_approx", "abs(x - 355/113) >= 1/10^15", x=C(3, 4),
       hints=({"x": F(355, 113)},), mutation="constant 0 -> 10^-15"),
    _c("needle.sqrt2", "abs(x^2 - 2) >= 1/10^30", x=C(1, 2), hints=({"x": F(SQRT2_40)},),
       mutation="constant 0 -> 10^-30; fails within 10^-30 of sqrt(2) only"),
    _c("needle.exp", "exp(x) >= 1 + x + 1/10^30", x=C(-1, 1), hints=({"x": 0},),
       mutation="constant 0 -> 10^-30 added to 1 + x; fails for |x| < 1.4*10^-15"),
    _c("needle.diagonal", "(x - y)^2 + (x + y - 1)^2 >= 1/10^30", x=C(0, 1), y=C(0, 1),
       hints=({"x": F(1, 2), "y": F(1, 2)},), mutation="constant 0 -> 10^-30"),
    _c("needle.tail", "Q(x) >= exp(-x^2/2)/(x*sqrt(2*pi))*(1 - 1/x^2 + 3/x^4) - 1/10^300",
       x=C(30, 40), hints=({"x": 30},),
       mutation="false Mills bound (3-term series is an upper bound) by ~10^-353, shifted "
                "by 10^-300: fails only where the gap exceeds 10^-300"),
]

#: one domain end changed (kind "domain"): each was true on the range in the note; as written
#: now it is false just inside the changed end, which a double cannot tell from the old one
#: (TOML floats) or which an open end used to exclude.  ``domain`` is the TOML text verbatim.
DOMAIN_MUTANTS = [
    dict(id="x2_sqrt2", text="x^2 >= 2", domain="x = [1.4142135623730950488, 2]",
         hint={"x": "1.4142135623730950488"}, note="from [1.4142135623730950489, 2]"),
    dict(id="log_below_1", text="log(x) >= 0", domain="x = [0.99999999999999999999, 2]",
         hint={"x": "0.99999999999999999999"}, note="from [1, 2]"),
    dict(id="recip_below_1", text="1/x <= 1", domain="x = [0.9999999999999999999, 3]",
         hint={"x": "0.9999999999999999999"}, note="from [1, 3]"),
    dict(id="cube_below_2", text="x^3 >= 8", domain="x = [1.99999999999999999999, 3]",
         hint={"x": "1.99999999999999999999"}, note="from [2, 3]"),
    dict(id="cube_tiny", text="(x - 1)^3 >= 0", domain="x = [0.99999999999999999999, 2]",
         hint={"x": "0.99999999999999999999"}, note="from [1, 2]; margin -10^-60"),
    dict(id="sum_two", text="x + y >= 2", domain="x = [0.99999999999999999999, 2], y = [1, 2]",
         hint={"x": "0.99999999999999999999", "y": "1"}, note="from x in [1, 2]"),
    dict(id="exp_e", text="exp(x) >= exp(1)", domain="x = [0.99999999999999999999, 2]",
         hint={"x": "0.99999999999999999999"}, note="from [1, 2]"),
    dict(id="sqrt_below_1", text="sqrt(x) >= 1", domain="x = [0.9999999999999999999999, 4]",
         hint={"x": "0.9999999999999999999999"}, note="from [1, 4]"),
    dict(id="upper_end", text="x <= 1", domain="x = [0, 1.00000000000000000001]",
         hint={"x": "1.00000000000000000001"}, note="from [0, 1]"),
    dict(id="log_upper_end", text="log(x) <= 0", domain="x = [0.5, 1.0000000000000000001]",
         hint={"x": "1.0000000000000000001"}, note="from [0.5, 1]"),
    dict(id="open_closed", text="x*(1 - x) > 0", domain='x = "[0, 1)"', hint={"x": "0"},
         note='from "(0, 1)"'),
    dict(id="open_integer", text="k*(5 - k) > 0", domain='k = "(0, 5]"', integers=["k"],
         hint={"k": "5"}, note='from "(0, 5)": an integer parameter with open ends'),
    dict(id="square_closed", text="x^2 > 0", domain='x = "[0, 1]"', hint={"x": "0"},
         note='from "(0, 1]"'),
]
