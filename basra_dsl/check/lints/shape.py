"""The game's shape, as a table would feel it (issue 29): a match of an even number of games
(it can end level), card points below zero, and a target a side reaches in any one hand or
only after hundreds (said with the figures that show it)."""

from __future__ import annotations

from typing import Iterator

from ...diagnostics import Diagnostic, warning
from ...language import nodes as n
from ...language.merge import Merged
from ...language.unparse import number_text
from .combinations import Combination, is_own

FEW, MANY = 1, 200  # a target reached within one hand, or only after this many of a side's fair shares


def check_game_shape(merged: Merged, combos: list[Combination]) -> Iterator[Diagnostic]:
    """B730 for an even 'best of', B731 for negative card points, B732 for a target out of
    proportion to what a hand holds."""
    own = {c.key: c for c in merged.variant.clauses if is_own(merged, c)}
    best = own.get("match.best_of")
    rules = next((c.rules for c in combos if c.rules is not None), None)
    if rules is None:
        return
    if isinstance(best, n.BestOf) and rules.best_of % 2 == 0:
        yield warning("B730", f"a match of best of {rules.best_of} can end level, "
                      f"{rules.best_of // 2} games each", best.span,
                      f"play best of {rules.best_of + 1} (an odd number), or say what settles a level match")
    points = own.get("score.points")
    if isinstance(points, n.Points):
        for entry in points.entries:
            if isinstance(entry.points, n.Negate) or (isinstance(entry.points, n.Number) and entry.points.value < 0):
                yield warning("B731", "these cards score below zero: whoever takes them loses points", entry.points.span,
                              "if that is meant (a penalty card), keep it; else give a number of 0 or more")
    target = own.get("game.target")
    if isinstance(target, n.Target):
        yield from _target(rules, target)


def _target(rules, target: n.Target) -> Iterator[Diagnostic]:
    """B732: a target any one hand brings a side to, or one that takes hundreds of hands."""
    hand = sum(rules.card_points.get(c, 0) for c in rules.deck) + sum(m.points for m in rules.majorities)
    goal = rules.target
    if hand <= 0 or goal in (float("inf"), 0) or rules.hands_limit:
        return
    share = hand / len(rules.sides)  # a side's fair share of a hand, bonuses aside
    if goal <= FEW:
        yield warning("B732", f"the target {number_text(goal)} is reached in the first hand: a hand holds "
                      f"{number_text(hand)} points besides the bonuses", target.span,
                      "say 'hands 1' under game: if a single hand is meant, or raise the target")
    elif goal / share > MANY:
        yield warning("B732", f"the target {number_text(goal)} takes about {goal / share:.0f} hands: a hand holds "
                      f"{number_text(hand)} points besides the bonuses, {number_text(round(share, 1))} a side",
                      target.span, "lower the target to what a table plays in an evening")
