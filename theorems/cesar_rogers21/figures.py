"""cesar_rogers21: the figures (eps_g vs d, the ratio delta(BDB)/delta(DBB))."""

from sympy import Rational as R

from dpproof.claims import FigureSpec, Series
from dpproof.expr.vocabulary import br_adaptive_delta as rec, br_sup_eps_g

from .common import KEY, d, eps_g
from .concentration import eq3

FIGURES = (
    FigureSpec("cesar_rogers21_epsg_vs_d", "k = 20 mechanisms, d of them 0.1-DP, the rest "
               "0.1-BR; delta = 1e-6", ("d", 0, 20),
               (Series("eq. (3) (Lemma 3.3)", eq3(d, 20 - d, R(1, 10), R(1, 10**6))),
                Series("Theorem 3 (optimal, non-adaptive)",
                       br_sup_eps_g(20, d, R(1, 10), R(1, 10**6)))),
               xlabel="d (number of DP mechanisms)", ylabel="eps_g", integer_x=True,
               claim_ids=(f"{KEY}.lemma3_3", f"{KEY}.thm3")),
    FigureSpec("cesar_rogers21_ratio_bdb_dbb", "Lemma 5.4: delta(BDB)/delta(DBB), eps = 1",
               ("eps_g", 0, R(3, 2)), (Series("BDB / DBB", rec(3, 5, 1, eps_g) / rec(3, 3, 1, eps_g)),),
               xlabel="eps_g", ylabel="ratio", points=13, claim_ids=(f"{KEY}.lemma5_4",)),
)
