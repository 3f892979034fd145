"""The ball-arithmetic engine (``interval``): branch and bound in python-flint ``arb`` (docs/engines.md)."""
