"""The game's shape, as a table would feel it (issue 29): a match of an even number of games
(it can end level) or with a deciding game shorter than the others, card points below zero,
a target a side reaches in any one hand or only after hundreds, and a bonus worth many
hands or the whole target (each said with the figures that show it)."""

from __future__ import annotations

from typing import Iterator

from ...diagnostics import Diagnostic, warning
from ...language import nodes as n
from ...language.merge import Merged
from ...language.unparse import number_text
from .combinations import Combination, is_own, reads_play, safe_constant

FEW, MANY = 1, 200  # a target reached within one hand, or only after this many of a side's fair shares
HANDS_IN_A_BONUS = 3  # a bonus worth more than this many hands' points dwarfs the cards (the bundled: at most 1.6)


def check_game_shape(merged: Merged, combos: list[Combination]) -> Iterator[Diagnostic]:
    """B730 for an even 'best of', B716 for a decider below the target, B731 for negative card
    points, B732 for a target and B733 for a bonus out of proportion to what a hand holds."""
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
    decider = own.get("match.decider")
    if isinstance(decider, n.Decider) and rules.decider is not None and rules.decider < rules.target:
        yield warning("B716", f"the deciding game is played to {number_text(rules.decider)}, less than the "
                      f"{number_text(rules.target)} of the other games: a level match would end on a shorter game",
                      decider.span, f"a decider is a longer game than the others, such as 'decider "
                      f"{number_text(_round5(rules.target * 1.5))}'; or 'drop decider' to play it to "
                      f"{number_text(rules.target)}")
    target = own.get("game.target")
    if isinstance(target, n.Target):
        yield from _target(rules, target)
    bonuses = [c for c in merged.variant.clauses if isinstance(c, n.BasraRule) and is_own(merged, c)]
    yield from _bonuses(rules, bonuses, combos[0].options if combos else {})


def _hand_points(rules) -> float:
    """The points the cards of a hand hold, bonuses aside."""
    return sum(rules.card_points.get(c, 0) for c in rules.deck) + sum(m.points for m in rules.majorities)


def _bonuses(rules, bonuses: list[n.BasraRule], options: dict) -> Iterator[Diagnostic]:
    """B733: a bonus of set points worth several whole hands, or the target at one capture."""
    hand, goal = _hand_points(rules), rules.target
    for clause in bonuses:
        points = None if reads_play(clause.points) else safe_constant(clause.points, options)
        if not isinstance(points, (int, float)) or isinstance(points, bool) or points <= 0:
            continue
        reaches = goal not in (float("inf"), 0) and not rules.hands_limit and points >= goal
        if hand > 0 and points > HANDS_IN_A_BONUS * hand or reaches:
            whys = ([f"about {points / hand:.0f} times what the cards of a whole hand hold ({number_text(hand)} "
                     "points)"] if hand > 0 and points > HANDS_IN_A_BONUS * hand else [])
            whys += [f"one such capture reaches the target {number_text(goal)}"] if reaches else []
            why = ", and ".join(whys)
            yield warning("B733", f"'{clause.name.text}' scores {number_text(points)} points: {why}",
                          clause.points.span, f"give it points in proportion to a hand's {number_text(hand)}, "
                          f"such as {number_text(max(1, _round5(hand / 4)))}; a bonus of the bundled games is worth "
                          "at most about a hand")


def _round5(value: float) -> float:
    return max(1, round(value / 5) * 5) if value >= 20 else round(value)


def _target(rules, target: n.Target) -> Iterator[Diagnostic]:
    """B732: a target any one hand brings a side to, or one that takes hundreds of hands."""
    hand, goal = _hand_points(rules), rules.target
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
