import pytest

from tests.plugin.conftest import plugin_args  # noqa: F401 (fixture), loads every engine
from tests.plugin.conftest import pytest_configure  # noqa: F401 (enables pytester)
from tests.runner import faults


@pytest.fixture
def fault_engine(monkeypatch):
    """The test-only ``fault`` engine registered (and removed afterwards)."""
    from dpproof.engines import base

    monkeypatch.setitem(base.ENGINES, faults.NAME, faults.__name__)
    return faults
