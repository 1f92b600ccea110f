"""Decides, once per compiled rule set, what the fast tier needs: whether it can play the
rules at all, each card's capture behaviour, the bonus rules left after folding those
that depend on options alone, and which parts of a play some rule reads.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable

from ..capture import CaptureResolver
from ..errors import POINTS_LIMIT
from ..rules import Rules
from .probe import constant_value, is_constant, reads

# A card's capture behaviour, decided once (a table indexed by card).
NONE, SWEEP, SUMS, RANK, STACK_SUMS, STACK_RANK, RESOLVE, MULTI = range(8)  # MULTI: sums to several targets
COND_SWEEP = 8  # added to a kind: some sweeping rule of the card has a condition, tried first
READ = -1  # not a card's kind: SUMS or MULTI on a floor holding a card of several values

FIELD = 4  # bits per rank in the packed counts of the floor
RANKS = 16  # card >> 2 must stay below this


def why_not(rules: Rules) -> str | None:
    """Returns why the fast tier cannot play these rules (the checked ``State`` tier must),
    or None when it can."""
    deck = rules.deck
    if len(set(deck)) != len(deck):
        return "the deck holds a card twice"
    if any(not 0 <= c < RANKS * 4 for c in deck):
        return "a card lies outside the ranks the packed floor counts"
    for rule in rules.capture_rules:
        if rule.takes not in ("rank", "sums", "all", "pile"):
            return f"capture rule '{rule.name}' takes '{rule.takes}'"
    if rules.takes_piles and any(len(values) > 1 for values in rules.played_values.values()):
        return "a card with several played values where cards take piles"
    worth_of_rank: dict[int, Any] = {}
    for card in deck:
        value = rules.values.get(card)
        if value is not None and (type(value) is not int or not 1 <= value < 2 ** FIELD - 1):
            return f"a card adds up as {value!r}, not a small whole number"
        if worth_of_rank.setdefault(card >> 2, value) != value:
            return "two cards of one rank add up differently"
    if rules.floor_kind not in ("spread", "stack") or rules.compulsion not in ("optional", "card", "hand"):
        return "a floor or compulsion the fast tier does not know"
    if rules.choose not in ("largest", "one", "fewest", "single", "pair") or rules.leftover not in ("last", "nobody"):
        return "a choice or leftover policy the fast tier does not know"
    if rules.builds is not None and (rules.takes_piles or rules.restrictions):
        return "cards are built where cards also take piles or are barred (the checked tier plays it)"
    if rules.lay_after_sweep and rules.builds is None:
        return "a sweeper lays a card after a sweep (the checked tier plays it where nothing is built)"
    if rules.flip and (rules.takes_piles or rules.restrictions):
        return "players turn stock cards where cards take piles or are barred (the checked tier plays it)"
    if rules.players < 1:
        return "no players"
    return None


def supports(rules: Rules) -> bool:
    """Returns whether the fast tier plays these rules (``why_not`` says why it does not)."""
    return why_not(rules) is None


@dataclass
class Bonus:
    """A bonus rule after folding: ``condition`` None always holds; ``points`` is a
    function, or a number when it depends on options alone."""

    condition: Callable | None
    points: Callable | float


@dataclass
class Plan:
    rules: Rules
    kinds: list[int]  # by card
    targets: list[int]  # by card: what a SUMS card's groups add up to (its value, or what it lacks of a total)
    sweep_conditions: dict[int, tuple[Callable, ...]]  # by card, for COND_SWEEP kinds
    bonuses: list[Bonus]
    bonus_cards: list[int]  # by card: bit i set when bonus rule i can hold for the card
    bonus_sure: list[int]  # by card: bit i set when bonus rule i holds whatever the play
    reads: set[str] = field(default_factory=set)  # play arguments some remaining rule reads
    reads_hand: bool = False  # some bonus rule reads the hand around the play (last, last_deal, stock)
    all_targets: list[tuple[int, ...]] = field(default_factory=list)  # by card: a MULTI card's, in the resolver's order

    @property
    def needs_previous(self) -> bool:
        return "previous" in self.reads


def make_plan(rules: Rules) -> Plan:
    """Returns the plan of the fast routine for rules the tier supports."""
    used: set[str] = set()
    folded = [(rule, _fold_condition(rule.condition, used)) for rule in rules.capture_rules]
    kinds: list[int] = [NONE] * (max(rules.deck, default=0) + 1)
    targets = [0] * len(kinds)
    several: list[tuple[int, ...]] = [()] * len(kinds)
    sweeps: dict[int, tuple[Callable, ...]] = {}
    resolver = CaptureResolver(rules)
    for card in rules.deck:
        mine = [(rule, cond) for rule, cond in folded if cond is not False and card in rule.cards]
        kinds[card], conditions = _card_kind(rules, card, mine, resolver.targets[card])
        if kinds[card] % COND_SWEEP in (SUMS, STACK_SUMS):
            targets[card] = resolver.targets[card][0][1]
        if kinds[card] % COND_SWEEP == MULTI:
            several[card] = tuple(target for _, target in resolver.targets[card])
        if conditions:
            sweeps[card] = conditions
    bonuses = []
    for rule in rules.basra_rules:
        condition = _fold_condition(rule.condition, used)
        if condition is False:
            continue
        bonuses.append(Bonus(condition, _fold_points(rule.points, used)))
    cards, sure = _bonus_cards(bonuses, len(kinds))
    if "previous" in used:  # the previous play holds the floor before and after it
        used |= {"floor", "left"}
    reads_hand = any(getattr(fn, "reads_hand", False) for rule in bonuses for fn in (rule.condition, rule.points))
    return Plan(rules, kinds, targets, sweeps, bonuses, cards, sure, used, reads_hand, several)


def _bonus_cards(bonuses: list[Bonus], size: int) -> tuple[list[int], list[int]]:
    """Returns, by card, which bonus rules can hold and which always hold, deciding each
    condition once per played card (most bonus rules name the card played)."""
    cards, sure = [0] * size, [0] * size
    for index, rule in enumerate(bonuses):
        for card in range(size):
            value = True if rule.condition is None else constant_value(rule.condition, card)
            if not is_constant(value) or value:
                cards[card] |= 1 << index
            if is_constant(value) and value:
                sure[card] |= 1 << index
    return cards, sure


def _fold_condition(condition: Callable | None, used: set[str]) -> Callable | bool | None:
    """Returns None (always holds), False (never), or the condition still to call."""
    if condition is None:
        return None
    value = constant_value(condition)
    if is_constant(value):
        return None if value else False
    used |= reads(condition)
    return condition


def _fold_points(points: Callable, used: set[str]) -> Callable | float:
    value = constant_value(points)
    if is_constant(value) and isinstance(value, (int, float)) and not isinstance(value, bool):
        value = value or 0
        if -POINTS_LIMIT <= value <= POINTS_LIMIT:
            return value
    used |= reads(points)
    return points


def _card_kind(rules: Rules, card: int, mine: list, targets: tuple) -> tuple[int, tuple[Callable, ...]]:
    """Returns a card's kind and the conditions of its conditional sweeping rules. What the
    routine's own tables cannot say is left to the checked resolver (RESOLVE): a group rule
    with a condition, a sweep that spares cards, several targets on a stack or under 'pair',
    and sums where a card counts otherwise on the floor
    (one card of several floor values lying there is the routine's to send to the resolver). A card adding up to several targets (a value and a
    total: Cirulla) is MULTI, each target from the tables in turn; 'pairs first' the routine
    checks itself (a floor card worth the target, before its tables)."""
    groups = [(rule, cond) for rule, cond in mine if rule.takes in ("rank", "sums")]
    if any(cond is not None for _, cond in groups) or any(rule.spared for rule, _ in mine):
        return RESOLVE, ()
    sweeps = [cond for rule, cond in mine if rule.takes == "all"]
    if any(cond is None for cond in sweeps):
        return SWEEP, ()
    kinds = {rule.takes for rule, _ in groups}
    stack = rules.floor_kind == "stack"
    overrides = any(len(v) == 1 and v[0] != rules.values.get(c) for c, v in rules.floor_values.items())
    if "sums" in kinds and (len(targets) > 1 and (stack or rules.choose == "pair")
                            or overrides):
        return RESOLVE, ()  # the resolver tries the card's sweeping rules too
    if targets and "sums" in kinds:
        kind = STACK_SUMS if stack else SUMS if len(targets) == 1 else MULTI
    elif "rank" in kinds:
        kind = STACK_RANK if stack else RANK
    else:
        kind = NONE
    return (kind + COND_SWEEP, tuple(sweeps)) if sweeps else (kind, ())
