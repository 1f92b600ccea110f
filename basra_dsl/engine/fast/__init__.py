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
whether it can play the rules and ``why_not(rules)`` why not (builds, a capture rule of
another kind, cards adding up as something other than small whole numbers, a card twice in
the deck). A card adds up to its targets (its value, or what it lacks of a total), each
looked up in the sums tables, kept as the choice rule keeps them ('pairs first': a floor
card worth the target before them), and climbing a run where captures do; a card its tables
cannot play (a group rule with a condition, a sweep that spares cards, a floor card of
several values under a conditional sweep or on a stack; elsewhere each reading of the floor
is looked up in turn) is resolved by the checked tier's
``CaptureResolver`` from inside the routine, and dealing rules deal through the checked
tier's ``deal_hand`` (as do rules that keep the pack as a stock: each card drawn after a
play joins the hand, and each card turned from it is played as a hand of that one card). A rule that fails during play raises its plain Python error here;
replay the run on ``State`` for the located ``RuleError``.

May import: the rest of ``engine`` (never ``language``).
"""

from __future__ import annotations

import random
from typing import Callable

from ..rules import Rules
from . import emit, names, runtime
from .builders import BuildingHands
from .plan import make_plan, supports, why_not
from .runtime import HandFigures


class FastHands:
    """A variant's hand routine. ``play(rng, first, carry)`` deals and plays one hand with
    the reference random player; ``play_traced`` also appends each play as
    (seat, card, captured, bonus) to a list.

    The tables of sums captures fill as floors are met. ``tables()`` gives them as plain
    data and ``add_tables`` takes them back, so a caller may keep them between processes
    under ``tables_shape()``, which says what they depend on."""

    def __init__(self, rules: Rules):
        reason = why_not(rules)
        if reason is not None:
            raise ValueError(f"the fast tier cannot play these rules: {reason}")
        self.rules = rules
        if rules.builds is not None:  # cards are built: the hand is played on plain lists (``builders``)
            self._building = BuildingHands(rules)
            built = self._building.names  # its sums tables, with the gathering's where they are apart, are kept too
            tables = built["TABLES"] if built["GATHER"] is built["TABLES"] else built["TABLES"] + built["GATHER"]
            self.play, self.source = self._building.play, ""
            self._names = {"TABLES": tables, "FIELDS": (built["FIELDS"], "building"), "CHOOSE": built["CHOOSE"]}
            return
        self._building = None
        self._plan = plan = make_plan(rules)
        self.source = emit.source(plan, trace=False)
        self._names = names.namespace(plan)
        self.play: Callable[[random.Random, int, tuple], HandFigures] = _build(self.source, plan, self._names)
        self._traced: Callable | None = None

    def play_traced(self, rng: random.Random, first: int, carry: tuple, trace: list) -> HandFigures:
        """Plays a hand as ``play`` does, appending each play to ``trace``."""
        if self._building is not None:
            return self._building.play_traced(rng, first, carry, trace)
        if self._traced is None:  # compiled on first use: simulations never trace
            bound = names.namespace(self._plan) | {"TABLES": self._names["TABLES"], "TABLE_OF": self._names["TABLE_OF"]}
            self._traced = _build(emit.source(self._plan, trace=True), self._plan, bound)
        return self._traced(rng, first, carry, trace)

    def tables_shape(self) -> str:
        """Returns what the sums tables depend on (the values of the ranks, the choice rule)."""
        return repr((self._names["FIELDS"], self._names["CHOOSE"]))

    def tables(self, most: int | None = None) -> tuple:
        """Returns the sums tables filled so far, as plain data: all, or the ``most`` floors
        met first."""
        return runtime.tables_data(self._names["TABLES"], most)

    def table_entries(self) -> int:
        """Returns how many floors the sums tables hold."""
        return sum(len(table) for table in self._names["TABLES"])

    def add_tables(self, data) -> bool:
        """Adds tables ``tables()`` gave (for the same ``tables_shape``); returns False, adding
        nothing, when the data is not such tables."""
        return runtime.add_tables(self._names["TABLES"], data)


def _build(source: str, plan, names: dict) -> Callable:
    exec(compile(source, f"<fast tier: {len(plan.kinds)} cards>", "exec"), names)  # noqa: S102 - our own source
    return names["hand"]


def compile_hands(rules: Rules) -> FastHands:
    """Returns the fast routine of the rules; raises ValueError when ``supports`` is false."""
    return FastHands(rules)


__all__ = ["FastHands", "HandFigures", "compile_hands", "supports", "why_not"]
