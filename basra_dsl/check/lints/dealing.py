"""Checks of the dealing rules (``dealing:``), tried on sampled first floors.

A dealing rule reads the first floor as dealt, so its mistakes show only on floors: a rule
that can never apply because no floor is dealt (B725), a redeal that voids most deals
(B726: a game would hardly start), and an expression that fails on some floor (B710).
"""

from __future__ import annotations

import random
from typing import Iterator

from ...diagnostics import Diagnostic, error, warning
from ...engine import RuleError, judge_first_floor
from ...engine.deal import hand_bonus
from ...language import nodes as n
from ...language.merge import Merged
from .combinations import Combination, in_this_file, is_own, names_in

FLOORS = 400  # first floors sampled per way of playing
SEED = 20260
MOST_VOID = 0.5  # a redeal voiding more deals than this is a warning


def _failed(merged: Merged, combo: Combination, exc: RuleError, what: str, failed: set[str]) -> Iterator[Diagnostic]:
    """B710, once per rule, for a dealing rule that fails on a sampled floor or hand."""
    if exc.rule not in failed:
        failed.add(exc.rule)
        yield error("B710", f"'{exc.rule}' cannot be worked out for {what}: {exc.problem}",
                    in_this_file(merged, exc.span), f"with {combo.describe(merged)}; guard the expression")


def distinct_deals(merged: Merged, combos: list[Combination]) -> list[Combination]:
    """The playable combinations that deal differently. A sampled floor or hand fares the same
    under options the dealing rules never read, so one combination stands for every other
    that deals the same deck, floor and hand (Cirulla: 36 ways of playing, 6 ways of dealing)."""
    read = set().union(*(names_in(c) for alternatives in merged.clauses.values() for c in alternatives
                         if c.section == "dealing"))
    kept: dict[tuple, Combination] = {}
    for combo in combos:
        if combo.rules is not None:
            options = tuple(sorted((name, repr(value)) for name, value in combo.options.items() if name in read))
            kept.setdefault((combo.rules.deck, combo.rules.start_floor, combo.rules.hand_size, options), combo)
    return list(kept.values())


def _check_hand_bonuses(merged: Merged, combos: list[Combination], holders: list) -> Iterator[Diagnostic]:
    """B710 for a bonus to the holder of a dealt hand that fails on some sampled hand."""
    failed: set[str] = set()
    for combo in distinct_deals(merged, combos) if holders else []:
        rng = random.Random(SEED)
        for _ in range(FLOORS):
            hand = tuple(rng.sample(combo.rules.deck, min(combo.rules.hand_size, len(combo.rules.deck))))
            try:
                hand_bonus(combo.rules, hand)
            except RuleError as exc:
                yield from _failed(merged, combo, exc, "a dealt hand", failed)
                break


def check_dealing(merged: Merged, combos: list[Combination]) -> Iterator[Diagnostic]:
    """B725, B726, B710 for the dealing rules this variant states."""
    own = [c for c in merged.variant.clauses if c.section == "dealing" and is_own(merged, c)]
    holders = [c for c in own if isinstance(c, n.FloorBonus) and c.of_hand]
    own = [c for c in own if c not in holders]
    yield from _check_hand_bonuses(merged, combos, holders)
    if not own:
        return
    playable = distinct_deals(merged, combos)
    if playable and all(c.rules.start_floor == 0 for c in playable):
        for clause in own:
            yield warning("B725", "no first floor is dealt, so this dealing rule never applies", clause.span,
                          "deal a first floor ('start floor 4' under setup:), or remove the rule")
        return
    failed: set[str] = set()
    voids_warned = False
    for combo in playable:
        rules = combo.rules
        if rules.start_floor == 0:
            continue
        rng = random.Random(SEED)
        void = done = 0
        for _ in range(FLOORS):
            floor = tuple(rng.sample(rules.deck, min(rules.start_floor, len(rules.deck))))
            try:
                void += judge_first_floor(rules, floor).void
                done += 1
            except RuleError as exc:
                yield from _failed(merged, combo, exc, "a first floor", failed)
                break
        share = void / max(done, 1)
        if done and share > MOST_VOID and not voids_warned and rules.redeal is not None:
            voids_warned = True
            clause = next(c for c in own if isinstance(c, n.Redeal))
            yield warning("B726", f"the redeal voids {share:.0%} of sampled first floors, so a game would "
                          "be dealt again and again before anyone plays", clause.span,
                          f"with {combo.describe(merged)}; void only rare floors, such as 'floor.count(K) >= 3'")


def check_bars(merged: Merged, combos: list[Combination]) -> Iterator[Diagnostic]:
    """B728: a first-floor bar that leaves fewer cards that may lie there than the floor needs
    (the top card alone with 'top'): no deal could keep it."""
    bars = [c for c in merged.clauses.get("setup.start_floor", ()) if isinstance(c, n.StartFloor) and c.bar]
    for combo in combos if bars else ():
        rules = combo.rules
        if rules is None or not rules.bar_cards or not rules.start_floor:
            continue
        free = sum(1 for c in rules.deck if c not in rules.bar_cards)
        needed = 1 if rules.bar_top_only else rules.start_floor
        if free < needed:
            yield error("B728", f"the first floor's bar leaves {free} card{'s' * (free != 1)} of the pack that may lie "
                        f"there, and the floor needs {needed}", bars[0].bar.span,
                        "bar fewer cards (name the ones the sources keep off the table), or deal fewer to the floor")
            return

