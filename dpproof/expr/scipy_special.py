"""``scipy.special``, imported on first use.

The float evaluations of the vocabulary (``expr.functions``, ``expr.stable``) and the float
backend of the lowering call a few of its functions; importing it costs a quarter of a
second that building or listing claims, and the parent process of a run, do not need.
An attribute, once read, is kept on the proxy: later reads are plain attribute reads.
"""

from __future__ import annotations


class _Special:
    def __getattr__(self, name: str):
        from scipy import special

        value = getattr(special, name)
        setattr(self, name, value)
        return value


special = _Special()
