"""Shared fixtures: compiled rules and games for the bundled variants."""

from __future__ import annotations

import pytest
from click.testing import CliRunner

from basra_dsl import Game, load_variant


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
