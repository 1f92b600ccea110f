"""Checks of the dealing rules (``dealing:``), tried on sampled first floors.

A dealing rule reads the first floor as dealt, so its mistakes show only on floors: a rule
that can never apply because no floor is dealt (B725), a redeal that voids most deals
(B726: a game would hardly start), and an expression that fails on some floor (B710).
"""

from __future__ import annotations

import difflib
import random
from typing import Iterator

from ...cards import card_name, rank_word
from ...diagnostics import Diagnostic, error, warning
from ...engine import RuleError, judge_first_floor
from ...engine.deal import NO_PLAY, hand_bonus
from ...language import nodes as n
from ...language.merge import Merged
from ...language.unparse import expr_text
from .combinations import FAILURES, Combination, in_this_file, is_own, names_in
from .reference import reference_of

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
        by_line = [0] * (len(rules.redeal.conditions) if rules.redeal is not None else 0)  # voids of each 'redeal'
        for _ in range(FLOORS):
            floor = tuple(rng.sample(rules.deck, min(rules.start_floor, len(rules.deck))))
            try:
                judged = judge_first_floor(rules, floor).void
                void += judged
                done += 1
            except RuleError as exc:
                yield from _failed(merged, combo, exc, "a first floor", failed)
                break
            for index, condition in enumerate(rules.redeal.conditions if judged else ()):
                by_line[index] += bool(_holds(condition, floor))
        share = void / max(done, 1)
        if done and share > MOST_VOID and not voids_warned and rules.redeal is not None:
            voids_warned = True
            yield _voids_most(merged, combo, share, by_line, own)


def _holds(condition, floor: tuple) -> bool:
    try:
        return bool(condition(None, floor, (), (), NO_PLAY))
    except FAILURES:  # judge_first_floor reports the failure
        return False


def _voids_most(merged: Merged, combo: Combination, share: float, by_line: list[int], own: list) -> Diagnostic:
    """B726 at the 'redeal' line that voids the most floors, with its comparison turned round."""
    clauses = list(merged.clauses.get("dealing.redeal", ()))
    index = max(range(len(by_line)), key=by_line.__getitem__) if by_line else 0
    clause = clauses[index] if index < len(clauses) else next(c for c in own if isinstance(c, n.Redeal))
    guard = clause.guard
    turned = {"<": ">", "<=": ">=", ">": "<", ">=": "<="}
    reference = reference_of(merged)
    written = [expr_text(c.guard) for c in (reference.clauses.get("dealing.redeal", ()) if reference else ())
               if c.guard is not None]
    closest = difflib.get_close_matches(expr_text(guard), written, n=1, cutoff=0)  # the line it was written from
    help_ = (f"did you mean '{closest[0]}', as {reference.name} reads? A redeal voids only rare floors"
             if written and expr_text(guard) not in written else
             f"did you mean '{expr_text(guard.left)} {turned[guard.op]} {expr_text(guard.right)}'? A redeal voids "
             "only rare floors" if isinstance(guard, n.Compare) and guard.op in turned else
             "void only rare floors, such as 'floor.count(K) >= 3'")
    return warning("B726", f"this redeal voids {share:.0%} of sampled first floors (with {combo.describe(merged)}), so "
                   "a game would be dealt again and again before anyone plays", in_this_file(merged, clause.span), help_)


def check_bars(merged: Merged, combos: list[Combination]) -> Iterator[Diagnostic]:
    """B728: a first-floor bar that leaves fewer cards that may lie there than the floor needs
    (the top card alone with 'top') once the hands of the first deal are out: the hands may
    take the allowed cards first, and no deal could then keep the bar."""
    bars = [c for c in merged.clauses.get("setup.start_floor", ()) if isinstance(c, n.StartFloor) and c.bar]
    for combo in combos if bars else ():
        rules = combo.rules
        if rules is None or not rules.bar_cards or not rules.start_floor:
            continue
        allowed = [c for c in rules.deck if c not in rules.bar_cards]
        needed = 1 if rules.bar_top_only else rules.start_floor
        dealt = rules.players * rules.hand_size  # the hands may hold every allowed card before the floor is laid
        if len(allowed) < needed + dealt:
            shown = f" ({' '.join(map(card_name, allowed))})" if 0 < len(allowed) <= 8 else ""
            ranks = sorted({c >> 2 for c in allowed})
            meant = (f"to keep {' and '.join(rank_word(r) for r in ranks)} off the floor, bar only "
                     f"them: 'without {' | '.join(rank_word(r) for r in ranks)}'"
                     if allowed and len(ranks) <= 2 else
                     "bar fewer cards (name the ones the sources keep off the table), or deal fewer to the floor")
            yield error("B728", f"the first floor's bar leaves {len(allowed)} card{'s' * (len(allowed) != 1)} of the "
                        f"pack that may lie there{shown}: the floor needs {needed}, and the {dealt} cards of the "
                        "hands may take them first", bars[0].bar.span, meant)
            return

