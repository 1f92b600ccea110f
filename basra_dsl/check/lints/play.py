"""Checks of the rules of the play: capture and basra rules, tried on sampled plays.

A play condition depends on the cards of a play, so these checks run the compiled rules of
each option choice over a seeded sample of plays (``sample_plays``), as a brute-force model
checker would. Each check is a generator of every diagnostic it finds:

- B703 a capture rule whose cards another rule always takes first;
- B701 a capture or basra rule that never applies (or never scores) over the sample;
- B710 a condition or points of a rule that fail for some play.
"""

from __future__ import annotations

import itertools
import random
from typing import Any, Callable, Iterator

from ...cards import card_name
from ...diagnostics import Diagnostic, error, warning
from ...engine.capture import NO_PREVIOUS, CaptureResolver
from ...engine.errors import POINTS_LIMIT
from ...engine.rules import Rules
from ...language import nodes as n
from ...language.merge import SAMPLE_SEED, Merged
from ...language.unparse import expr_text
from .combinations import FAILURES, Combination, any_choice, is_own, why_failed

# (played, floor, captured, left, previous): the arguments of a compiled play condition
Play = tuple[int, tuple[int, ...], tuple[int, ...], tuple[int, ...], Any]


# ------------------------------------------------------------------ B703 for capture rules

def check_shadowed(merged: Merged, combos: list[Combination]) -> Iterator[Diagnostic]:
    """B703: a capture rule whose every card is always decided by another rule first.

    The engine tries sweeping rules (takes all) before the others, and for a numeral a rule
    that takes sums also pairs, so a 'takes rank' rule is idle on numerals it covers.
    """
    shadowed_in_all: dict[str, set[str]] | None = None
    for combo in combos:
        if combo.rules is None:
            continue
        here = _idle_rules(combo.rules)
        if shadowed_in_all is None:
            shadowed_in_all = here
        else:
            shadowed_in_all = {k: v | here[k] for k, v in shadowed_in_all.items() if k in here}
        if not shadowed_in_all:
            return
    for name, by in sorted((shadowed_in_all or {}).items()):
        clause = merged.first(f"capture.{name}")
        if clause is None or not is_own(merged, clause):
            continue
        names = " and ".join(f"'{b}'" for b in sorted(by))
        yield warning("B703", f"capture rule '{name}' never decides a capture: {names} always "
                      "take its cards first", clause.name.span,
                      "remove the rule, narrow the other rule's cards, or give it a 'when'")


def _idle_rules(rules: Rules) -> dict[str, set[str]]:
    """Returns the capture rules that decide none of their cards, each with the names of the
    rules that decide them instead."""
    idle: dict[str, set[str]] = {}
    for index, rule in enumerate(rules.capture_rules):
        if not rule.cards:
            continue
        covers = [_covering(rules, index, card) for card in rule.cards]
        if None not in covers:
            idle[rule.name] = set(covers)
    return idle


def _covering(rules: Rules, index: int, card: int) -> str | None:
    """Returns the name of the rule that always takes ``card`` before rule ``index``, or None."""
    rule = rules.capture_rules[index]
    for other_index, other in enumerate(rules.capture_rules):
        if other_index == index or other.condition is not None or card not in other.cards:
            continue
        if other.takes == "all" and (rule.takes != "all" or other_index < index):
            return other.name
        if rule.takes == "rank" and other.takes == "sums" and rules.values.get(card) is not None:
            return other.name
    return None


# ------------------------------------------------------------------ B701, B710 for play rules

RULE_TRIALS = 600_000  # rule-on-play trials per option choice, shared among the pending rules


def check_play_rules(merged: Merged, combos: list[Combination]) -> Iterator[Diagnostic]:
    """B701/B710: capture and basra rules whose condition never holds over sampled plays,
    or whose condition or points fail for some play."""
    # the rules not yet seen to apply, by name; a rule leaves once it applies or fails
    pending_capture = {c.name.text: c for c in merged.variant.clauses
                       if isinstance(c, n.CaptureRule) and c.guard is not None}
    pending_basra = {c.name.text: c for c in merged.variant.clauses if isinstance(c, n.BasraRule)}
    unscored: set[str] = set()
    for combo in combos:
        rules = combo.rules
        if rules is None or not (pending_capture or pending_basra):
            continue
        capture_rules = {r.name: r for r in rules.capture_rules if r.name in pending_capture}
        basra_rules = {r.name: r for r in rules.basra_rules if r.name in pending_basra}
        # Every pending rule is tried on every play: a variant with hundreds of rules gets
        # fewer plays, so the cost stays in proportion to the file (a warning is sampled anyway).
        most = max(1_000, RULE_TRIALS // max(1, len(capture_rules) + len(basra_rules)))
        for play in itertools.islice(sample_plays(rules), most):
            if play[2] == ():  # a probe: capture rules are decided before the play
                yield from _try_capture_rules(merged, play, capture_rules, pending_capture)
                continue
            yield from _try_basra_rules(merged, play, basra_rules, pending_basra, unscored)
            if not capture_rules and not basra_rules:
                break
    yield from _never_applied(merged, pending_capture, pending_basra, unscored)


def _try_capture_rules(merged: Merged, play: Play, capture_rules: dict, pending: dict) -> Iterator[Diagnostic]:
    """Tries the capture rules left on a probe play; drops those that apply or fail."""
    for name, rule in list(capture_rules.items()):
        if play[0] not in rule.cards:
            continue
        ok, exc = _call(rule.condition, play)
        if exc is not None:
            yield _failure(merged, pending.pop(name), "when", exc, play)
            del capture_rules[name]
        elif ok:
            del capture_rules[name]
            del pending[name]


def _try_basra_rules(merged: Merged, play: Play, basra_rules: dict, pending: dict,
                     unscored: set[str]) -> Iterator[Diagnostic]:
    """Tries the basra rules left on a capture; drops those that score or fail, and notes
    in ``unscored`` those whose condition holds without points above zero."""
    for name, rule in list(basra_rules.items()):
        ok, exc = _call(rule.condition, play)
        if exc is None and ok:
            points, exc = _call(rule.points, play)
            if exc is None and points is not None and abs(points) > POINTS_LIMIT:
                exc = ValueError(f"it scores {points:.3g} points, beyond {POINTS_LIMIT:,}")
            if exc is None and points is not None and points > 0:
                del basra_rules[name]
                del pending[name]
                unscored.discard(name)
                continue
            if exc is None:
                unscored.add(name)
        if exc is not None:
            yield _failure(merged, pending.pop(name), "points" if ok else "when", exc, play)
            del basra_rules[name]


def _never_applied(merged: Merged, pending_capture: dict, pending_basra: dict,
                   unscored: set[str]) -> Iterator[Diagnostic]:
    """B701 for the rules that no sampled play made apply (or score)."""
    for name, clause in pending_capture.items():
        yield warning("B701", f"capture rule '{name}' never applies: its 'when' holds for none of the "
                      f"sampled plays, under {any_choice(merged)}", clause.guard.span,
                      "check the condition; a capture rule is decided before the play, on played, floor "
                      "and previous")
    for name, clause in pending_basra.items():
        if name in unscored:
            yield warning("B701", f"'{name}' never scores: its condition holds, but its points are never "
                          "above zero", clause.points.span, "give it a positive number of points")
        elif clause.guard is not None:
            yield warning("B701", f"'{name}' never applies: its 'when' holds for none of the sampled captures, "
                          f"under {any_choice(merged)}", clause.guard.span,
                          "check the condition against what a capture can be: played, floor, captured, left")


def _call(fn: Callable | None, args: Play) -> tuple[Any, BaseException | None]:
    """Returns (value, None) of a compiled function (True for a missing condition), or
    (None, the exception) where it fails."""
    if fn is None:
        return True, None
    try:
        return fn(*args), None
    except FAILURES as exc:
        return None, exc


def _failure(merged: Merged, clause: n.Clause, part: str, exc: BaseException, play: Play) -> Diagnostic:
    p, f, c, _, _ = play
    expr = clause.points if part == "points" and isinstance(clause, n.BasraRule) else clause.guard
    shown = " ".join(map(card_name, f)) or "nothing"
    played = f"{card_name(p)} played on {shown}" + (f", taking {' '.join(map(card_name, c))}" if c else "")
    return error("B710", f"'{expr_text(expr)}' fails when {played}: {why_failed(exc)}", expr.span,
                 "guard the expression, such as 'when floor.count > 0'")


# ------------------------------------------------------------------ the sampled plays

def sample_plays(rules: Rules) -> Iterator[Play]:
    """Yields (played, floor, captured, left, previous) plays: for each played card and
    floor, first a capture-rule probe (captured ``()``), then every capture the engine allows."""
    rng = random.Random(SAMPLE_SEED)
    deck = list(rules.deck)
    if not deck:
        return
    resolver = CaptureResolver(rules)
    for index, floor in enumerate(_sample_floors(rules, deck, rng)):
        previous = _previous(floor, index, rng, deck, NO_PREVIOUS)
        players = deck if len(floor) <= 1 else rng.sample(deck, min(12, len(deck)))
        for p in players:
            if p in floor:
                continue
            yield p, floor, (), (), previous
            try:
                options = resolver.captures(p, floor, previous)
            except FAILURES:
                continue
            for capture in options[:8]:
                if capture:
                    taken = set(capture)
                    yield p, floor, tuple(capture), tuple(x for x in floor if x not in taken), previous


def _sample_floors(rules: Rules, deck: list[int], rng: random.Random) -> list[tuple[int, ...]]:
    """Returns the floors to play on: empty, each single card, random floors of many sizes
    (of numerals alone, too, for sums), and every card of one rank."""
    numerals = [c for c in deck if rules.values.get(c) is not None]
    floors: list[tuple[int, ...]] = [()]
    floors += [(x,) for x in deck]
    for size in (2, 2, 3, 3, 4, 5, 6, 8, 10, 12, 16) * 30:
        floors.append(tuple(rng.sample(deck, min(size, len(deck)))))
    for size in (2, 3, 4, 5) * 30:
        if numerals:
            floors.append(tuple(rng.sample(numerals, min(size, len(numerals)))))
    for rank in range(13):  # every card of one rank, and pairs of it
        same = [c for c in deck if c >> 2 == rank]
        for k in range(1, len(same) + 1):
            floors.append(tuple(same[:k]))
    return floors


def _previous(floor: tuple[int, ...], index: int, rng: random.Random, deck: list[int], none):
    """Returns the play before this one: none, a trail, or a capture that left this floor."""
    kind = index % 3
    if kind == 0 or not floor:
        return none
    last = floor[-1]
    before = floor[:-1]
    if kind == 1:  # the last floor card was trailed
        return (last, before, (), floor)
    taker, taken = rng.choice(deck), rng.choice(deck)  # a capture that left this floor
    return (taker, floor + (taken,), (taken,), floor)
