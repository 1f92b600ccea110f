"""The fast tier: one compiled rule set turned into one specialised play routine.

``compile_hands(rules)`` writes Python source for a whole hand (the deal, every play by
the reference random player, the score) specialised to the rules: conditions that depend
on options alone are decided once, each card's capture behaviour is looked up in tables
made once, the floor's numerals are kept as counts per rank packed in one integer (so a
capture by adding up is a table lookup), and the bonus rules are called directly. The
source is compiled with ``compile``/``exec``; it names no variant.

It gives the same results as the checked ``State`` tier for the same seed, draw for draw:
the same deals, plays, captures, bonuses and scores (``tests/engine/test_fast_tier.py``).

What it does not model falls back, explicitly, to ``State``: ``supports(rules)`` says
whether it can play the rules and ``why_not(rules)`` why not (a capture rule of another
kind, cards adding up as something other than small whole numbers, a card twice in the
deck). Cards whose group rules carry conditions are resolved by the checked tier's
``CaptureResolver`` from inside the routine. A rule that fails during play raises its
plain Python error here; replay the run on ``State`` for the located ``RuleError``.

May import: the rest of ``engine`` (never ``language``).
"""

from __future__ import annotations

import random
from typing import Callable, NamedTuple

from ..rules import Rules
from . import emit
from .plan import make_plan, supports, why_not


class HandFigures(NamedTuple):
    """What the fast tier reports of a hand: each side's points, the majority points
    carried over, each side's bonus count, the floor nobody took, and whether it was void."""

    points: tuple[float, ...]
    carry_out: tuple[float, ...]
    basras: tuple[int, ...]
    unclaimed: tuple[int, ...]
    void: bool


class FastHands:
    """A variant's hand routine. ``play(rng, first, carry)`` deals and plays one hand with
    the reference random player; ``play_traced`` also appends each play as
    (seat, card, captured, bonus) to a list."""

    def __init__(self, rules: Rules):
        reason = why_not(rules)
        if reason is not None:
            raise ValueError(f"the fast tier cannot play these rules: {reason}")
        self.rules = rules
        self._plan = plan = make_plan(rules)
        self.source = emit.source(plan, trace=False)
        self.play: Callable[[random.Random, int, tuple], HandFigures] = _build(self.source, plan)
        self._traced: Callable | None = None

    def play_traced(self, rng: random.Random, first: int, carry: tuple, trace: list) -> HandFigures:
        """Plays a hand as ``play`` does, appending each play to ``trace``."""
        if self._traced is None:  # compiled on first use: simulations never trace
            self._traced = _build(emit.source(self._plan, trace=True), self._plan)
        return self._traced(rng, first, carry, trace)


def _build(source: str, plan) -> Callable:
    names = emit.namespace(plan)
    exec(compile(source, f"<fast tier: {len(plan.kinds)} cards>", "exec"), names)  # noqa: S102 - our own source
    return names["hand"]


def compile_hands(rules: Rules) -> FastHands:
    """Returns the fast routine of the rules; raises ValueError when ``supports`` is false."""
    return FastHands(rules)


__all__ = ["FastHands", "HandFigures", "compile_hands", "supports", "why_not"]
