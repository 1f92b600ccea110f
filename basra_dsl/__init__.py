"""basra-dsl: a language, compiler, engine, validator and rulebook for Basra fishing games.

    >>> import basra_dsl
    >>> rules = basra_dsl.load_variant("egyptian", target=121)
    >>> game = basra_dsl.Game(rules)
"""

__version__ = "0.1.0"

from .compiler import load_variant  # noqa: E402
from .diagnostics import Diagnostic, DiagnosticError  # noqa: E402
from .engine import Game, HandResult, IllegalMove, Move, Play, Scoreboard, State  # noqa: E402
from .rules import Rules  # noqa: E402

__all__ = ["Diagnostic", "DiagnosticError", "Game", "HandResult", "IllegalMove", "Move", "Play", "Rules",
           "Scoreboard", "State", "__version__", "load_variant"]
