import pytest

from tests.runner import faults


@pytest.fixture
def fault_engine(monkeypatch):
    """The test-only ``fault`` engine registered (and removed afterwards)."""
    from dpproof.engines import base

    monkeypatch.setitem(base.ENGINES, faults.NAME, faults.__name__)
    return faults
