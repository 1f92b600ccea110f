"""Whether one capture could meet two bonus rules at once: a cheap reading of their conditions.

The page says how such a capture scores (only the larger bonus, as the engine counts it)
only where it can happen. Two rules cannot both be met when, for every choice of options,
no card may make both (``played is ...``, worked out card by card) or they ask for floors
of different sizes (``floor.count == 1`` against ``floor.count == 2``; a lone card is a
floor of one). Anything this reading cannot decide counts as a possible overlap.
"""

from __future__ import annotations

from itertools import combinations

from ...language import nodes as n
from ...language.merge import Merged
from .bonus_values import settle
from ..prose.english import conjuncts

Need = tuple[frozenset[int], int | None]  # the cards that may be played, and the floor's size (None: any)


def bonuses_overlap(merged: Merged, deck: tuple[int, ...]) -> bool:
    """Returns whether some capture could meet two of a variant's bonus rules, for some options."""
    rules = [alts[0] for alts in merged.clauses.values() if alts and isinstance(alts[0], n.BasraRule)]
    if len(rules) < 2:
        return False
    for options in merged.option_combinations():
        needs = [need for need in (_need(rule, options, deck) for rule in rules) if need is not None]
        if any(_meet(a, b) for a, b in combinations(needs, 2)):
            return True
    return False


def _need(rule: n.BasraRule, options: dict, deck: tuple[int, ...]) -> Need | None:
    """Returns what a rule asks of the play with these options, or None when it is off."""
    if rule.guard is None:
        return frozenset(deck), None
    cards = frozenset(c for c in deck if settle(rule.guard, options, c) is not False)
    if not cards:
        return None
    rest = settle(rule.guard, options)
    return cards, None if isinstance(rest, bool) else _floor_size(rest)


def _floor_size(expr: n.Expr) -> int | None:
    """Returns the number of floor cards a condition asks for, when one of its parts fixes it."""
    for part in conjuncts(expr):
        match part:
            case n.Compare(op="==", left=n.Attribute(obj=n.Name(id="floor"), attr="count"), right=n.Number(value=v)):
                return int(v)
            case n.Test(op="is", subject=n.Attribute(obj=n.Name(id="floor"), attr="lone")):
                return 1
    return None


def _meet(a: Need, b: Need) -> bool:
    return bool(a[0] & b[0]) and (a[1] is None or b[1] is None or a[1] == b[1])
