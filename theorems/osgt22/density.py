"""osgt22: the OSGT density (forms, normalisation, rejection), variance and tails."""

import sympy
from sympy import Abs, Integral, Rational as R, exp, oo

from dpproof.claims import Claim, Domain, Interval, Kind, Statement, value_claim
from dpproof.expr import Q
from dpproof.expr.vocabulary import (OSGT, density, osgt_kernel_mass, osgt_moment, osgt_tail,
                                     rejection_shift_cdf)

from .common import Int, Pos, S, V, V40, catalogue, closed, i, j, k, m, sigma, src, y

# ---------------------------------------------------------------- the OSGT density
yd = Domain.of(y=closed(None, 0), sigma=Pos(0, None), m=closed(0, None))
form1 = exp(-y**2 / (2 * sigma**2) - Abs(y) * m / sigma**2)
catalogue.declare(Claim("osgt22.pdf.forms", src("Towards the OSGT pdf"),
               Statement(form1, "==", exp(m**2 / (2 * sigma**2)) * exp(-(y - m)**2 / (2 * sigma**2))),
               yd, Kind.IDENTITY, note="form 1 = form 2 times S', y <= 0"))
catalogue.declare(Claim("osgt22.pdf.forms.right", src("Towards the OSGT pdf"),
               Statement(form1, "==", exp(m**2 / (2 * sigma**2)) * exp(-(y + m)**2 / (2 * sigma**2))),
               Domain.of(y=Interval(0, None, lo_open=True), sigma=Pos(0, None), m=closed(0, None)),
               Kind.IDENTITY, note="form 1 = form 2 times S', y > 0"))
sm = Domain.of(i=Int(1, 8), j=Int(0, 8))  # sigma = i/2, m = j/2
SM = Domain.of(sigma=Pos(0, None), m=closed(0, None))
si, mj = i / 2, j / 2
catalogue.declare(Claim("osgt22.pdf.forms.normalisation", src("Alternative description of pdf - 2"),
               Statement(Integral(form1, (y, -oo, oo)) * exp(-m**2 / (2 * sigma**2)), "==",
                         S(sigma, m)),
               SM, Kind.IDENTITY,
               note="S = S' exp(-m^2/(2 sigma^2)) with S' = int of form 1 over the line; "
                    "sigma > 0, m >= 0 continuous"))
catalogue.declare(Claim("osgt22.pdf.forms.normalisation.instances", src("Alternative description of pdf - 2"),
               Statement(osgt_kernel_mass(si, mj) * exp(-mj**2 / (2 * si**2)), "==", S(si, mj)),
               sm, Kind.IDENTITY, derived={"sigma": si, "m": mj},
               note="S = S' exp(-m^2/(2 sigma^2)) with S' = int of form 1; sigma = i/2, m = j/2"))
catalogue.declare(Claim("osgt22.pdf.forms.mean", src("Alternative description of pdf - 2"),
               Statement(osgt_moment(sigma, m, 1), "==", 0), SM, Kind.IDENTITY,
               note="E[Y] = 0 by integration of the density; sigma > 0, m >= 0"))
catalogue.declare(Claim("osgt22.pdf.forms.offset", src("Alternative description of pdf - 2"),
               Statement(density(OSGT(0, sigma, m), y), "==",
                         form1 / osgt_kernel_mass(sigma, m)),
               Domain.of(y=Interval(None, None), sigma=Pos(0, None), m=closed(0, None)),
               Kind.IDENTITY,
               note="the offset form (oracles.OSGT, normaliser S) equals form 1 / S', S' the "
                    "integral of form 1; y real, sigma > 0, m >= 0"))
tt = sympy.Symbol("t", real=True)
catalogue.declare(Claim("osgt22.pdf.rejection", src("Rejection, followed by a shift"),
               Statement(rejection_shift_cdf(sigma, m, tt), "==", 1 - osgt_tail(sigma, m, tt)),
               Domain.of(sigma=Pos(0, None), m=closed(0, None), t=Interval(None, None)),
               Kind.IDENTITY,
               note="CDF of the rejected-and-shifted Gaussian (preimages under the shift, "
                    "from N(0, sigma^2) masses) vs the OSGT CDF by integration of the first "
                    "form; sigma > 0, m >= 0, t real"))
catalogue.declare(Claim("osgt22.pdf.rejection.instances", src("Rejection, followed by a shift"),
               Statement(rejection_shift_cdf(si, mj, k / 2), "==", 1 - osgt_tail(si, mj, k / 2)),
               Domain.of(i=Int(1, 6), j=Int(0, 3), k=Int(-4, 4)), Kind.IDENTITY,
               derived={"sigma": si, "m": mj, "t": k / 2},
               note="CDF of the rejected-and-shifted Gaussian (preimages under the shift) vs "
                    "the OSGT CDF by integration; sigma = i/2, m = j/2, t = k/2"))

# ---------------------------------------------------------------- variance, tails
catalogue.declare(Claim("osgt22.variance.formula", src("eq. (2)"),
               Statement(osgt_moment(sigma, m, 2), "==", V(m, sigma**2)), SM, Kind.IDENTITY,
               note="E[Y^2] by integration of the density; sigma > 0, m >= 0"))
catalogue.declare(Claim("osgt22.variance.less", src("eq. (2)"),
               Statement(V(m, sigma**2), "<", sigma**2),
               Domain.of(m=Interval(0, None, lo_open=True), sigma=Pos(0, None)),
               note="m > 0, sigma > 0 as stated (m = 0 gives equality)"))
s2 = sympy.Symbol("s2", positive=True)
catalogue.declare(value_claim("osgt22.variance.example", src("figure caption, 'The shape of the pdf'"),
                     V(m, s2), "27.7", Domain.of(m=Interval.point(3), s2=Interval.point(40)),
                     note="eq. (2) at sigma^2 = 40, m = 3: the caption states the value at "
                          "these parameters only, so the point is the stated domain",
                     stated_point=True))
catalogue.declare(value_claim("osgt22.variance.example.integral", src("figure caption"),
                     V40, "27.7", note="E[Y^2] by integration at sigma^2 = 40, m = 3"))
catalogue.declare(Claim("osgt22.subgaussian", src("Proposition"),
               Statement(osgt_tail(1, m, y), "<=", exp(-y**2 / 2),
                         hypotheses=(Statement(Q(m), ">=", R(1, 4)),)),
               Domain.of(m=closed(0, 2), y=Interval(0, None)),
               note="sigma = 1 (the tail depends on y/sigma, m/sigma); m/sigma <= Q^-1(0.25) "
                    "written as Q(m/sigma) >= 1/4 (it fails for every m > 2: the m-range is "
                    "the source's); y >= 0 unbounded"))
catalogue.declare(Claim("osgt22.subgaussian.constant", src("Proposition"),
               Statement((Q(R(67445, 100000)) - R(1, 4)) * (Q(R(67455, 100000)) - R(1, 4)), "<=", 0),
               note="Q^-1(0.25) = 0.6745 to the printed digits: 1/4 lies between Q(0.67445) "
                    "and Q(0.67455)"))
