"""The engines, registered by name (``engines.base.load``); this module imports nothing, so
that the command line can list them without importing sympy."""

#: name -> module, in the order the runner tries them (cheap and decisive first)
ENGINES = {
    "symbolic": "dpproof.engines.exact.engine",
    "interval": "dpproof.engines.balls.engine",
    "search": "dpproof.engines.search.engine",
    "numeric": "dpproof.engines.numeric.engine",
}
