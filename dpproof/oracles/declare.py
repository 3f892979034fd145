"""The one registration idiom of the functions a claim may call (issue 16).

``declare(name, impl, nargs, doc, ...)`` builds the sympy function class (an
``OracleFunction``, or a ``DistributionFunction`` with ``distribution=True``) whose
``arb_impl`` calls ``impl`` and registers it in ``dpproof.expr.functions.REGISTRY``.  Options:
``ints`` (positions that must be exact integers: else a nan ball, or an error for a
distribution), ``guard`` (extra working bits, the result rounded back), ``latex`` (a function
``(printer, args) -> str`` printing the call), ``oracle`` (False for a printed formula of a
source rather than a quantity computed from its definition; see ``dpproof.expr.vocabulary``).
"""

from __future__ import annotations

import sys

from flint import arb, ctx

from dpproof.expr.functions import DistributionFunction, OracleFunction, register

from .balls import NAN, exact_int


def declare(name: str, impl, nargs, doc: str, *, distribution: bool = False, ints=(),
            guard: int = 0, latex=None, oracle: bool = True, attrs: dict | None = None,
            _module: str | None = None):
    """Register and return the claims-file function ``name`` (see the module docstring)."""
    def arb_impl(*args):
        args = list(args)
        for i in ints:
            v = exact_int(args[i])
            if v is None:
                if distribution:
                    raise ValueError(f"{name}: argument {i} must be an exact integer")
                return NAN()
            args[i] = v
        if not guard:
            return impl(*args)
        with ctx.workprec(ctx.prec + guard):
            out = impl(*args)
        if distribution and isinstance(out, arb):
            raise ValueError(f"{name}: parameters {args} do not determine a distribution")
        return out if distribution else +out

    body = {"nargs": nargs, "__doc__": doc, "arb_impl": staticmethod(arb_impl),
            "from_definition": oracle, **(attrs or {}),
            # the declaring module, where the class is an attribute (pickling finds it there)
            "__module__": _module or sys._getframe(1).f_globals["__name__"]}
    if latex is not None:
        body["_latex"] = lambda self, printer: latex(printer, self.args)
    return register(type(name, (DistributionFunction if distribution else OracleFunction,),
                         body))


def declares(name: str, nargs, doc: str, **options):
    """``declare`` as a decorator of the implementation, written above it::

        @declares("laplace_pdf", 3, "Laplace(mu, b) density at z")
        def laplace_pdf_arb(z, mu, b): ...

    registers ``laplace_pdf`` (an attribute of the implementing module) and returns the
    implementation unchanged."""
    def deco(impl):
        module = sys.modules[impl.__module__]
        cls = declare(name, impl, nargs, doc, **options, _module=impl.__module__)
        setattr(module, name, cls)
        return impl
    return deco
