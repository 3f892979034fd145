"""Divergences from their definitions, certified: Renyi, KL, hockey-stick and TV, the
privacy-loss distribution and privacy-loss masses; ``pieces`` holds the shared refinement of
two piecewise-quadratic log-densities, ``hs_pieces`` the root isolation of the loss on a piece,
``identical`` the exact values of a divergence of a law with itself."""

from .hockey_stick import hockey_stick, self_hockey_stick, tv  # noqa: F401
from .kl import kl  # noqa: F401
from .pieces import GUARD, Undecided, Zone, quad_range, same_point  # noqa: F401
from .privacy_loss import privacy_loss_distribution  # noqa: F401
from .renyi import renyi  # noqa: F401

__all__ = ["renyi", "kl", "hockey_stick", "self_hockey_stick", "tv",
           "privacy_loss_distribution"]
