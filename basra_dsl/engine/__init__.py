"""The generic fishing-game engine: it plays whatever compiled rules it is given.

``rules`` is the engine's input (the compiler builds it; nothing else is read); ``game``
deals hands and keeps the score; ``state`` is one hand in play, OpenSpiel-style
(``legal_moves``, ``apply``, ``is_terminal``, ``returns``); ``capture`` decides what a
card may take; ``deal`` and ``scoring`` deal and score a hand; ``random_play`` is the
reference player seeded runs use. It knows no variant by name and holds no Basra constant.

May import: ``cards``, ``diagnostics`` and ``limits`` only.
"""

from .builds import Build
from .capture import CaptureResolver
from .deal import Deal, FirstFloor, deal_hand, judge_first_floor, shuffled_pack
from .errors import RuleError
from .game import Game, MatchScore, Scoreboard
from .random_play import random_move
from .scoring import HandResult, SideResult
from .state import TERMINAL, IllegalMove, Move, Play, State

__all__ = ["Build", "CaptureResolver", "Deal", "FirstFloor", "Game", "HandResult", "IllegalMove", "MatchScore", "Move",
           "Play", "RuleError", "Scoreboard", "SideResult", "State", "TERMINAL", "deal_hand", "judge_first_floor",
           "random_move", "shuffled_pack"]
