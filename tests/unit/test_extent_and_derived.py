"""Claim.extent (what a verdict was reached on) and Claim.derived (source parameters)."""

import pytest
import sympy

from dpproof.claims import Claim, Domain, Interval, Source, Statement, exact_text

SRC = Source("t", "t.txt", "Thm 1")
i, j, x = sympy.symbols("i j x")


def _claim(domain, **kw):
    names = [sympy.Symbol(n) for n in domain.names]
    return Claim("t.c", SRC, Statement(sum(names, sympy.Integer(0)), ">=", -100), domain, **kw)


def test_integer_grid_counts_instances():
    dom = Domain.of(i=Interval.closed(1, 4, integer=True), j=Interval.closed(0, 2, integer=True))
    assert dom.instance_count == 12
    assert _claim(dom).extent == "on 12 instances"


def test_open_integer_ends_and_points():
    dom = Domain.of(i=Interval(0, 3, lo_open=True, hi_open=True, integer=True),
                    x=Interval.point(1))
    assert dom.instance_count == 2     # i in {1, 2}, x = 1
    assert _claim(dom).extent == "on 2 instances"
    assert Domain.of(x=Interval.point(2)).instance_count == 1
    assert _claim(Domain.of(x=Interval.point(2))).extent == "on 1 instance"


def test_stated_point_is_the_domain_not_an_instance():
    dom = Domain.of(x=Interval.point(2), i=Interval.point(3))
    assert _claim(dom).extent == "on 1 instance"
    assert _claim(dom, stated_point=True).extent == ""
    with pytest.raises(ValueError, match="stated_point"):   # a grid is never one example
        _claim(Domain.of(i=Interval.closed(1, 3, integer=True)), stated_point=True)
    with pytest.raises(ValueError, match="stated_point"):   # nor a narrowed point
        _claim(Domain.of(x=Interval.point(2)), stated_point=True, narrowed="sigma = 1")
    with pytest.raises(ValueError, match="stated_point"):   # nor a continuous box
        _claim(Domain.of(x=Interval.closed(0, 1)), stated_point=True)


def test_continuous_box_has_no_extent_unless_narrowed():
    dom = Domain.of(x=Interval.closed(0, 1), i=Interval.closed(1, 3, integer=True))
    assert dom.instance_count is None
    assert _claim(dom).extent == ""
    assert _claim(dom, narrowed="sigma = 1").extent == "on a truncated box (sigma = 1)"
    assert Domain().instance_count is None     # no parameters: nothing was narrowed


def test_narrowed_instances_say_both():
    dom = Domain.of(i=Interval.closed(1, 3, integer=True))
    assert _claim(dom, narrowed="K <= 3").extent == "on 3 instances (K <= 3)"


def test_derived_values_in_source_variables():
    dom = Domain.of(i=Interval.closed(0, 8, integer=True), j=Interval.closed(1, 99, integer=True))
    c = _claim(dom, derived={"eps": i / 4, "delta": j / 100})
    assert c.derived == (("eps", i / 4), ("delta", j / 100))
    assert c.derived_values({"i": "4", "j": "99"}) == (("eps", "1"), ("delta", "0.99"))
    assert c.derived_values({"i": "1", "j": "1"}) == (("eps", "0.25"), ("delta", "0.01"))
    assert c.derived_values({"i": "4"}) == ()          # j missing: nothing half-evaluated
    assert c.derived_values(None) == ()
    hash(c)                                            # stays hashable (frozen claim)


def test_derived_symbols_must_be_parameters():
    with pytest.raises(ValueError, match="derived parameters use"):
        _claim(Domain.of(i=Interval.closed(0, 2, integer=True)), derived={"eps": x / 4})


def test_exact_text():
    assert exact_text(sympy.Rational(99, 100)) == "0.99"
    assert exact_text(sympy.Rational(1, 3)) == "1/3"
    assert exact_text(sympy.Integer(-2)) == "-2"
    assert exact_text(sympy.Rational(5, 8)) == "0.625"
    assert exact_text(sympy.log(2)).startswith("log(2) ~ 0.69314")


def test_fixed_parameters_make_a_truncated_box():
    dom = Domain.of(x=Interval.closed(0, 1), s=Interval.point(1))
    assert _claim(dom).extent == "on a truncated box (s = 1)"
    assert _claim(dom, narrowed="sigma = 1, K <= 4").extent == \
        "on a truncated box (sigma = 1, K <= 4)"


def test_family_is_said_and_counts_as_the_stated_domain():
    from dpproof.writers.common import EXTENTS, extent_kind
    dom = Domain.of(x=Interval(0, None))
    c = _claim(dom, family="the pairs N(0,1)/N(x,1), every x >= 0")
    assert c.extent == "over the family (the pairs N(0,1)/N(x,1), every x >= 0)"
    assert extent_kind(c) == EXTENTS[0]
    assert extent_kind(_claim(dom, narrowed="x <= 3")) == EXTENTS[2]
    with pytest.raises(ValueError, match="family"):                 # a family is never cut
        _claim(dom, family="f", narrowed="x <= 3")
    with pytest.raises(ValueError, match="family|stated_point"):    # nor one point
        _claim(Domain.of(x=Interval.point(2)), family="f", stated_point=True)
    with pytest.raises(ValueError, match="family"):                 # nor a grid
        _claim(Domain.of(i=Interval.closed(1, 3, integer=True)), family="f")
