"""Certified privacy accounting users call directly.

* ``certify_delta(event, epsilon, neighbors=...)`` and ``certify_epsilon(event, delta,
  neighbors=...)``: certified brackets for the ``DpEvent``s of dp_accounting, under its
  ``NeighboringRelation`` (``certify`` and ``events`` modules say which pair each event means).
* ``calibrate(make_event, target_epsilon, delta, ...)``: a certified bracket on the smallest
  noise parameter meeting a target (``calibrate`` module).
* ``dpsgd_epsilon(q, sigma, steps, delta)``: the DP-SGD bracket (``dpsgd`` module).
"""

from .calibrate import Calibration, calibrate
from .certify import Certified, certify_delta, certify_epsilon
from .dpsgd import EpsilonBracket, dpsgd_epsilon
from .events import UnsupportedEvent

__all__ = ["Calibration", "Certified", "EpsilonBracket", "UnsupportedEvent", "calibrate",
           "certify_delta", "certify_epsilon", "dpsgd_epsilon"]
