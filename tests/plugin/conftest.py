"""pytester runs of the dpproof pytest plugin in temporary projects."""

from importlib.metadata import entry_points

import pytest

import dpproof.loader  # noqa: F401
import dpproof.runner  # noqa: F401
import dpproof.writers  # noqa: F401
from dpproof.engines.base import ENGINES, load

# pytester's in-process runs drop the modules first imported inside them; numpy's C core
# cannot be imported twice, so everything the claims need is imported here, once.
for _name in ENGINES:
    load(_name)


def pytest_configure(config):
    """Enable pytester here: ``pytest_plugins`` is refused in a non-top-level conftest."""
    if not config.pluginmanager.has_plugin("pytester"):
        config.pluginmanager.import_plugin("pytester")


@pytest.fixture
def plugin_args() -> list[str]:
    """``-p dpproof.pytest_plugin`` unless the ``dpproof`` pytest11 entry point loads it."""
    installed = any(ep.name == "dpproof" for ep in entry_points(group="pytest11"))
    return [] if installed else ["-p", "dpproof.pytest_plugin"]
