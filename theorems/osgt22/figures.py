"""osgt22: the figures (delta and variance vs eps, zeta vs alpha rho)."""

import sympy
from sympy import Rational as R, sqrt

from dpproof.claims import FigureSpec, Series
from dpproof.expr.vocabulary import gauss_delta, gauss_var_needed, hockey_stick, osgt_var_needed

from .common import SG, T0, T1, zeta_stable
from .rdp import rho8

ep = sympy.Symbol("eps", real=True)
al = sympy.Symbol("alpha", real=True)
FIGURES = (
    FigureSpec("osgt22_delta", "OSGT vs Gaussian at equal variance (sigma^2 = 40, m = 3, "
               "sigma_N^2 = V = 27.7, Delta = 1)", ("eps", R(1, 10), 2),
               (Series("OSGT H_eps", hockey_stick(T0, T1, ep)),
                Series("Gaussian H_eps", gauss_delta(ep, SG, 1))),
               xlabel="eps", ylabel="delta", logy=True, points=40,
               claim_ids=("osgt22.summary.better_eps_delta", "osgt22.delta.formula")),
    FigureSpec("osgt22_variance", "Variance needed for delta = 1e-10 (OSGT m = 3, Delta = 1)",
               ("eps", R(1, 4), 2),
               (Series("OSGT E[Y^2]", osgt_var_needed(ep, R(1, 10**10), 3, 1)),
                Series("Gaussian sigma^2", gauss_var_needed(ep, R(1, 10**10), 1))),
               xlabel="eps", ylabel="variance", logy=True, points=12,
               claim_ids=("osgt22.summary.less_noise",)),
    FigureSpec("osgt22_zeta", "zeta vs alpha rho (k = 8, m = 15, sigma^2 = 630, Delta = 1)",
               ("alpha", R(3, 2), 64),
               (Series("zeta", zeta_stable(al, sqrt(630), 15, 1, 8)),
                Series("alpha rho", al * rho8)),
               xlabel="alpha", ylabel="nats", logy=True, points=40,
               claim_ids=("osgt22.rdp.zeta_small",)),
)
