"""Shared fixtures: compiled rules and games for the bundled variants; a cache of the session's own.

The per-user cache (parser tables, clean verdicts: ``basra_dsl.cache``) is pointed at a new
empty folder before any test runs, for this process and the commands it starts: the suite
never reads or writes the user's cache, and starts from the same empty cache every time.
"""

from __future__ import annotations

import atexit
import os
import shutil
import tempfile
from pathlib import Path

import pytest
from click.testing import CliRunner

from basra_dsl import Game, load_variant

_CACHE = tempfile.mkdtemp(prefix="basra-test-cache-")
os.environ["BASRA_CACHE_DIR"] = _CACHE
os.environ.pop("BASRA_CACHE", None)  # a user's BASRA_CACHE=0 would make the suite take other paths
atexit.register(shutil.rmtree, _CACHE, ignore_errors=True)


@pytest.fixture(scope="session")
def egyptian():
    """Returns a Game of two-player Egyptian Basra with default options."""
    return Game(load_variant("egyptian"))


@pytest.fixture(scope="session")
def egyptian4():
    """Returns a Game of four-player (partnership) Egyptian Basra."""
    return Game(load_variant("egyptian", players=4))


@pytest.fixture
def runner():
    """Returns a click test runner that keeps stderr apart from stdout."""
    try:
        return CliRunner(mix_stderr=False)
    except TypeError:  # click >= 8.2 keeps stderr apart already
        return CliRunner()


# ------------------------------------------------------------------ the suite's own size

_DESELECTED: list = []  # tests collected, then left out by -k, -m or --deselect


def pytest_deselected(items):
    _DESELECTED.extend(items)


@pytest.fixture(scope="session")
def suite_size(request) -> int | None:
    """Returns how many tests the whole suite holds when this run collected every test file
    (as it does by default, on each xdist worker too), else None. The README states it."""
    items = list(request.session.items) + _DESELECTED
    every_file = {str(path) for path in Path(__file__).parent.rglob("test_*.py")}
    collected = {str(item.path) for item in items}
    return len(items) if collected >= every_file else None
