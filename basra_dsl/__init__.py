"""basra-dsl: a language, compiler, engine, validator and rulebook for Basra fishing games.

    >>> import basra_dsl
    >>> rules = basra_dsl.load_variant("egyptian", target=121)
    >>> game = basra_dsl.Game(rules)

The package is laid out by stage, each a sub-package whose ``__init__`` names its one job
and what it may import (checked by import-linter, see ``pyproject.toml``), top to bottom:
``docsite`` (the mkdocs plugin), ``cli``, ``rulebook``, ``play``, ``check``, ``language``,
``engine``, ``documents``, then ``cards``, ``diagnostics`` and ``resources``.

The names below are imported on first use, so ``import basra_dsl`` (and ``basra
--version``) stays cheap.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

__version__ = "0.1.0"

# public name -> the module that defines it
_PUBLIC = {
    "load_variant": "language.compiler",
    "Diagnostic": "diagnostics", "DiagnosticError": "diagnostics",
    "Game": "engine", "HandResult": "engine", "IllegalMove": "engine", "Move": "engine", "Play": "engine",
    "Scoreboard": "engine", "State": "engine",
    "Rules": "engine.rules",
}

__all__ = ["Diagnostic", "DiagnosticError", "Game", "HandResult", "IllegalMove", "Move", "Play", "Rules",
           "Scoreboard", "State", "__version__", "load_variant"]

if TYPE_CHECKING:
    from .diagnostics import Diagnostic, DiagnosticError
    from .engine import Game, HandResult, IllegalMove, Move, Play, Scoreboard, State
    from .engine.rules import Rules
    from .language.compiler import load_variant


def __getattr__(name: str) -> Any:
    module = _PUBLIC.get(name)
    if module is None:
        raise AttributeError(f"module 'basra_dsl' has no attribute {name!r}")
    value = getattr(importlib.import_module(f"{__name__}.{module}"), name)
    globals()[name] = value
    return value
