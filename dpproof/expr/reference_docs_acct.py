"""Reference entries of the accountant's claims-file functions (``oracles.composition.
accounting_fns``), merged into ``reference.DOCS`` (kept apart: ``reference_docs`` is full)."""

from __future__ import annotations

from .reference_docs import _d

MORE = {
    "Mixture": _d("laws", "w, P, Q", "The mixture (1 - w) P + w Q: of two discrete laws (every "
                  "divergence), or of normal laws with one exactly equal sigma, whose "
                  "hockey_stick against one normal of that sigma is computed from the "
                  "definition when every mean lies on one side of the normal's (a monotone "
                  "loss: the half-line beyond a certified crossing); other divergences of a "
                  "normal mixture are refused.", "0 <= w <= 1",
                  "hockey_stick(Mixture(q, Normal(0, 1), Normal(1, 1)), Normal(0, 1), 1) <= "
                  "q*gauss_delta(1, 1, 1)", '{ q = ["1/100", "1/2"] }'),
    "zcdp_delta": _d("conversions", "rho, eps", "The optimal delta(eps) of rho-zCDP "
                     "(Canonne-Kamath-Steinke 2020, Prop. 12 at every order): inf over alpha > 1 "
                     "of exp((alpha - 1)(alpha rho - eps))/(alpha - 1) (1 - 1/alpha)^alpha, "
                     "enclosed around its certified minimiser.  A bound of the theorem, to be "
                     "compared with a divergence computed from the definition.",
                     "rho > 0, real eps",
                     "hockey_stick(Normal(0, s), Normal(1, s), eps) <= zcdp_delta(1/(2*s^2), eps)",
                     "{ s = [1, 4], eps = [0, 3] }"),
    "dpsgd_delta": _d("composition", "q, sigma, steps, eps", "A certified ball containing "
                      "delta(eps) of `steps` compositions of the Poisson-subsampled Gaussian "
                      "(sampling rate q, noise multiplier sigma, add/remove neighbours, both "
                      "directions): the certified PLD bracket of dpproof.accounting; over a box, "
                      "its values at the extreme corners (delta grows with q and steps, falls "
                      "with sigma and eps).",
                      "0 < q <= 1, sigma > 0, an integer steps >= 1, eps >= 0",
                      "dpsgd_delta(1/100, 1, 10, 1) <= dpsgd_delta(1/10, 1, 10, 1)"),
}
