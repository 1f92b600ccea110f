"""B808: plays whose captures would cost too much to find, refused before anything is played.

A card that adds up may take any set of floor cards adding up to its target, and a floor of
many cards of few values holds a great many such sets (every card worth 1 and a played card
worth 24: 229 trillion on a floor of the other 51). The engine lists at most
``limits.CAPTURES`` captures of a card and searches within ``limits.CAPTURE_STEPS`` steps
(``engine.capture``, ``engine.covers``); this check refuses, for each option choice, a variant where some play
could go past either, so that the engine's lists are whole and its searches finish for
every variant the checker accepts. Each figure is worked out on the floor holding every
card of the pack, which no floor of the pack exceeds, by counting over values, never by
listing:

- under 'choose one' (or 'fewest'), the sets of floor cards adding up to a card's target
  (the most of one number of cards), over all its targets (``sums.count_sets``);
- under 'choose largest', and where cards are built (a build gathers the largest set of
  its value), the steps and positions of the search for the largest capture of each
  target (``covers.search_cost``: a floor holding fewer cards never needs more), and the
  steps of all the variant's targets together, which bound what this check spends.

Under 'choose largest' the equally large captures, and the ways to build, are not counted:
the engine lists the first ``limits.CAPTURES`` of them, and a player may name any other.
"""

from __future__ import annotations

import math
from typing import Iterator

from ... import __version__, limits
from ... import cache as user_cache
from ...cards import card_name
from ...diagnostics import Diagnostic, Span, error
from ...engine.capture import CaptureResolver
from ...engine.covers import search_cost
from ...engine.sums import count_sets
from ...engine.rules import Rules
from ...language import expressions as X
from ...language.merge import Merged
from .combinations import Combination, in_this_file, is_own, pick

_COSTS: dict[tuple, tuple[int, int]] = {}  # (value, counts, limits) -> (steps, positions), one past a limit at most


def check_capture_costs(merged: Merged, combos: list[Combination]) -> Iterator[Diagnostic]:
    """B808: a play that could offer more than ``limits.CAPTURES`` captures, or a search for
    the largest capture past ``limits.CAPTURE_STEPS`` steps or ``limits.CAPTURE_POSITIONS``
    positions; reported once each, for the first option choice that shows it."""
    reported: set[str] = set()
    spent, searched = 0, set()  # steps of the searches of the variant's targets (each once), over its choices
    for combo in combos:
        rules = combo.rules
        if rules is None or rules.floor_kind == "stack":
            continue  # on a stacked floor only the top card is ever added up
        several = len(combos) > 1
        resolver = CaptureResolver(rules)
        readings = math.prod(len(counts) for counts in resolver.readings.values())
        if readings > limits.FLOOR_READINGS:
            if "readings" not in reported:
                reported.add("readings")
                yield _too_many_readings(merged, combo, rules, readings, several)
            continue
        for worth in _full_readings(resolver):  # each reading of the floor of every card
            resolver.worth = worth
            if "count" not in reported and rules.choose in ("one", "fewest", "single"):
                found = _most_captures(rules, resolver)
                if found is not None:
                    reported.add("count")
                    yield _too_many(merged, combo, rules, resolver, *found, several)
            if "steps" in reported:
                break
            for value in _searched_values(rules, resolver):
                counts = _counts(rules, resolver.worth, value)
                steps, positions = _cost(value, counts)
                if (value, counts) not in searched:
                    searched.add((value, counts))
                    spent += min(steps, limits.CAPTURE_STEPS)
                if steps > limits.CAPTURE_STEPS or positions > limits.CAPTURE_POSITIONS:
                    reported.add("steps")
                    yield _too_long(merged, combo, rules, resolver, value, several)
                    break
                if spent > limits.CAPTURE_STEPS_PER_VARIANT:
                    reported.add("steps")
                    yield _too_long(merged, combo, rules, resolver, value, several, together=True)
                    break


def _full_readings(resolver: CaptureResolver) -> list[list[int]]:
    """The cards' worth under each reading of the pack's cards of several floor values (one
    list, their usual worth, where there are none), each count of values once."""
    found: dict[tuple, list[int]] = {}
    for worth in resolver._worths(list(resolver.readings)):
        found.setdefault(tuple(sorted(worth)), worth)
    return list(found.values())


def _too_many_readings(merged: Merged, combo: Combination, rules: Rules, readings: int, several: bool) -> Diagnostic:
    """B808: more readings of the floor's cards of several values than one play may try."""
    clause = pick(merged, "setup.floor_values", combo.options)
    return error("B808", f"the cards that count several values on the floor can be read {readings:,} ways on one "
                 f"floor, more than the {limits.FLOOR_READINGS} a play may try" + _choice(merged, combo, several),
                 clause.span if clause is not None else merged.variant.name.span,
                 "give several floor values to fewer cards (Tablanette's four aces, 1 or 11: 16 readings)")


# ------------------------------------------------------------------ counting

def _counts(rules: Rules, worth: list[int], value: int) -> tuple[int, ...]:
    """Returns how many cards of the pack there are of each value from 0 to ``value``: the
    floor holding every card, by value (no floor of the pack holds more of any)."""
    counts = [0] * (value + 1)
    for card in rules.deck:
        if 0 < (v := worth[card]) <= value:
            counts[v] += 1
    return tuple(counts)


def _sets(rules: Rules, resolver: CaptureResolver, most: int) -> list[int]:
    """Returns, for each sum up to ``most``, the sets of cards of the pack adding up to it
    (under 'fewest', the most of one number of cards): on the floor holding every card, one
    count for all the targets, over values, never listed."""
    return count_sets(most, _counts(rules, resolver.worth, most), by_size=rules.choose in ("fewest", "single"))


def _most_captures(rules: Rules, resolver: CaptureResolver) -> tuple[int, int, int] | None:
    """Returns (card, its captures, its target with the most) for the card with the most
    captures adding up (over all its targets; under 'pairs first' a single card of the
    target is among them), when they exceed ``limits.CAPTURES``; else None."""
    targets = {card: [value for _, value in resolver.targets[card]] for card in rules.deck}
    most = max((value for values in targets.values() for value in values), default=0)
    if not most:
        return None
    sets = _sets(rules, resolver, most)
    worst = None
    for card in rules.deck:
        total = sum(sets[value] for value in targets[card])
        if total > limits.CAPTURES and (worst is None or total > worst[1]):
            worst = (card, total, max(targets[card], key=sets.__getitem__))
    return worst


def _searched_values(rules: Rules, resolver: CaptureResolver) -> list[int]:
    """Returns the values the largest-capture search may add up to: the targets of cards
    under 'choose largest', and where cards are built, every value a card may be played as
    (a build gathers the largest set of its value, and a built set is split into units)."""
    values = set()
    if rules.choose == "largest":
        values |= {value for card in rules.deck for _, value in resolver.targets[card]}
    if rules.builds is not None:
        values |= {x for card in rules.deck for x in rules.played(card)}
    return sorted(values)


def _cost(value: int, counts: tuple[int, ...]) -> tuple[int, int]:
    """Returns the steps and positions of the largest-capture search on these counts (one
    past a limit at most), worked out once per process for each."""
    key = (value, counts, limits.CAPTURE_STEPS, limits.CAPTURE_POSITIONS)
    if key not in _COSTS:
        if len(_COSTS) >= 4096:
            _COSTS.pop(next(iter(_COSTS)))
        _COSTS[key] = _kept_cost(key)
    return _COSTS[key]


def _kept_cost(key: tuple) -> tuple[int, int]:
    """Returns the search's cost from the per-user cache, or works it out and keeps it: the
    longest searches of a bundled variant take seconds (Kasino's, 4 s), and every run of
    ``basra check`` on the same rules would spend them again."""
    named = user_cache.key_of("capture cost", __version__, user_cache.code_stamp(), *key)
    kept = user_cache.read_data("cost", named)
    if isinstance(kept, tuple) and len(kept) == 2 and all(isinstance(n, int) for n in kept):
        return kept
    found = search_cost(*key)
    user_cache.write_data("cost", named, tuple(found))
    return found


# ------------------------------------------------------------------ findings

def _too_many(merged: Merged, combo: Combination, rules: Rules, resolver: CaptureResolver, card: int,
              total: int, value: int, several: bool) -> Diagnostic:
    what = {"fewest": "of the fewest cards ", "single": "of the most cards "}.get(rules.choose, "")
    message = (f"{_card(rules, card, value)} may choose among {_amount(total)} sets of floor cards {what}adding "
               f"up to its target{'s' if len(resolver.targets[card]) > 1 else ''} (with every card of the pack on "
               f"the floor), more than the {limits.CAPTURES:,} captures one play may offer" + _choice(merged, combo, several))
    return error("B808", message, _responsible(merged, combo, rules, resolver, card, value),
                 "many cards of few values add up in a great many ways: give the cards more varied values, or "
                 "the card a smaller target")


def _too_long(merged: Merged, combo: Combination, rules: Rules, resolver: CaptureResolver, value: int,
              several: bool, together: bool = False) -> Diagnostic:
    """B808 for the search for the largest capture adding up to ``value`` (``together``: the
    searches of all the variant's targets, up to it), at the clause responsible."""
    if together:
        message = (f"the searches for the largest captures of its targets, up to {value}, take more than "
                   f"{limits.CAPTURE_STEPS_PER_VARIANT:,} steps together (with every card that adds up on the "
                   f"floor), the most a variant's may")
        fix = ("give fewer values to the cards that add up, or fewer targets to the cards played "
               "(Kasino's, from 2 to 16, take 17 million steps)")
    else:
        message = (f"the search for the largest capture adding up to {value} could take more than "
                   f"{limits.CAPTURE_STEPS:,} steps or keep more than {limits.CAPTURE_POSITIONS:,} positions (with "
                   f"every card that adds up on the floor), the most one search may")
        fix = ("each kind of value that can join a group multiplies the floors the search meets: give fewer "
               "values to the cards that add up, or a smaller target (Kasino's 16 takes 10.5 million steps)")
    card = _card_adding_up_to(rules, resolver, value)
    return error("B808", message + _choice(merged, combo, several),
                 _responsible(merged, combo, rules, resolver, card, value), fix)


def _card_adding_up_to(rules: Rules, resolver: CaptureResolver, value: int) -> int | None:
    """Returns the first card of the pack adding up to the value (or, building, played as it)."""
    return next((c for c in rules.deck if any(t == value for _, t in resolver.targets[c])),
                next((c for c in rules.deck if value in rules.played(c)), None))


def _amount(total: int) -> str:
    return f"{total:,}" if total < 10 ** 15 else f"about 10^{len(str(total)) - 1}"


def _card(rules: Rules, card: int, value: int) -> str:
    """Names the card, with what it counts as the card played where that is not its value."""
    if card in rules.played_values:
        return f"{card_name(card)}, played as {' or '.join(map(str, rules.played_values[card]))},"
    return card_name(card)


def _choice(merged: Merged, combo: Combination, several: bool) -> str:
    return f" (with {combo.describe(merged)})" if several else ""


def _responsible(merged: Merged, combo: Combination, rules: Rules, resolver: CaptureResolver,
                 card: int | None, value: int) -> Span:
    """Returns where this variant sets what makes the captures many: the 'played values'
    entry giving the card its target, the total of the rule adding up to it, the 'values'
    line, the rule itself or 'choose'; the variant's name when all are inherited."""
    options = combo.options
    played = pick(merged, "setup.played_values", options)
    if card is not None and card in rules.played_values and played is not None and is_own(merged, played):
        for entry in played.entries:
            if card in X.pattern_set(entry.pattern, frozenset(rules.deck)):
                return entry.span
        return played.span
    rule = next((r for r in (resolver.groups[card] if card is not None else ()) if r.takes == "sums"), None)
    clause = pick(merged, f"capture.{rule.name}", options) if rule is not None else None
    if clause is not None and is_own(merged, clause) and rule.total is not None:
        return clause.total.span
    values = _values_span(merged, combo)
    if values is not None:
        return values
    if clause is not None and is_own(merged, clause):
        return clause.span
    choose = pick(merged, "capture.choose", options)
    return in_this_file(merged, choose.span if choose is not None and is_own(merged, choose) else None)


def _values_span(merged: Merged, combo: Combination) -> Span | None:
    clause = pick(merged, "setup.values", combo.options)
    return clause.span if clause is not None and is_own(merged, clause) else None

