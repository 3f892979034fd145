"""Composition: randomized response (``rr``: k-fold and generalized RR, enumeration),
bounded-range mechanisms (``bounded_range``: product laws and certified suprema; ``adaptive``:
the adaptive recursion and the claims-file functions), subsampling (``subsampled``: RDP of
subsampled Gaussian/Laplace; ``subsampled_pld``: certified DP-SGD privacy-loss bracket)."""

from .rr import (compose_delta_bruteforce, genrr_compose_delta,  # noqa: F401
                 genrr_compose_delta_bruteforce, rr_compose_delta, rr_compose_delta_bruteforce)

__all__ = ["rr_compose_delta", "genrr_compose_delta", "compose_delta_bruteforce",
           "rr_compose_delta_bruteforce", "genrr_compose_delta_bruteforce"]
