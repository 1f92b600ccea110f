"""The capture section's clauses about laying cards on the floor to be taken later: builds
(Casino), stacks (Zwicker: a card laid on one floor card, worth their sum) and the card a
sweeper lays for the next player. ``nodes`` re-exports them, so the tree is one vocabulary.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from .expr_nodes import Expr, Pattern, Word
from .nodes import Clause


@dataclass(frozen=True)
class BuildRule(Clause):
    """capture: NAME ["Title"]: PATTERN builds (these played cards may make and raise builds)."""
    name: Word
    pattern: Pattern
    title: str | None = field(default=None, kw_only=True)
    section, keyword = "capture", "build"


@dataclass(frozen=True)
class Raising(Clause):
    """capture: raise any | others | never (who may raise a single build)."""
    who: str
    section, keyword = "capture", "raise"


@dataclass(frozen=True)
class BuildKind(Clause):
    """capture: builds single | multiple (whether units of one value may be gathered)."""
    kind: str
    section, keyword = "capture", "builds"


@dataclass(frozen=True)
class OwnerTrails(Clause):
    """capture: owner trails (a player who owns a build may still lay a card down)."""
    section, keyword = "capture", "owner_trails"


@dataclass(frozen=True)
class Stacks(Clause):
    """capture: stacks to N (a build is a stack: a card that takes nothing may be laid on
    one floor card or stack, making one worth their sum, at most N, which nobody need hold)."""
    limit: Expr
    section, keyword = "capture", "stacks"


@dataclass(frozen=True)
class LayAfterSweep(Clause):
    """capture: sweeper lays (a player who clears the floor lays a card from their hand
    on it at once, for the next player: Zwicker)."""
    section, keyword = "capture", "lay_after_sweep"
