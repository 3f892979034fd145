"""A small proof calculus for statements over every law (docs/calculus.md).

Rules (``rules.RULES``, the route table) reduce a statement about every density, kernel
or mechanism to pointwise claims over the reals, which the engines decide; ``prover``
turns their verdicts into the statement's.  A theorem module declares such a statement as
a ``Claim`` with ``proof=Proof(step)`` and no sympy statement.
"""

from .adaptive import LossClass, adaptive_steps, step_order
from .composition import chaining, composition, conditioning, group_privacy
from .convex import (change_of_variables, convexity, data_processing, perspective, secant,
                     tangent)
from .loss import bounded_range, hoeffding, loss_range
from .martingale import consequence, setwise_composition, supermartingale
from .objects import COUNT, NONNEG, POSITIVE, REAL, Density, Kernel, Proof, Step, pointwise
from .prover import aggregate, decide
from .recursion import dp_products, repeated_steps
from .rules import (RULES, Context, Functional, both, events, hockey, induction, instance,
                    loss_tail, mass, monotonicity, null_sets, split)
from .values import proportional

__all__ = ["COUNT", "NONNEG", "POSITIVE", "REAL", "RULES", "Context", "Density", "Functional",
           "Kernel", "LossClass", "Proof", "Step", "adaptive_steps", "aggregate", "both",
           "bounded_range", "chaining", "change_of_variables", "composition", "conditioning",
           "consequence", "convexity", "data_processing", "decide", "dp_products", "events",
           "group_privacy", "hockey", "hoeffding", "induction", "instance", "loss_range",
           "loss_tail", "mass", "monotonicity", "null_sets", "perspective", "pointwise",
           "proportional", "repeated_steps", "secant", "setwise_composition", "split", "step_order",
           "supermartingale", "tangent"]
