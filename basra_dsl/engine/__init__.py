"""The generic fishing-game engine: it plays whatever compiled rules it is given."""

from .capture import CaptureResolver
from .deal import Deal, deal_hand, shuffled_pack
from .errors import RuleError
from .game import Game, MatchScore, Scoreboard
from .scoring import HandResult, SideResult
from .state import TERMINAL, IllegalMove, Move, Play, State

__all__ = ["CaptureResolver", "Deal", "Game", "HandResult", "IllegalMove", "MatchScore", "Move",
           "Play", "RuleError", "Scoreboard", "SideResult", "State", "TERMINAL", "deal_hand", "shuffled_pack"]
