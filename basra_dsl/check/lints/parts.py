"""Which part of a condition that never holds is to blame (B701, issue 29).

A rule's 'when' joined by 'and' is tried part by part on the same sampled plays as the rule:
a part that holds on none of them is named, with the range its numbers took where it
compares one ("floor.sum was 0 to 38 on the sampled captures"); else a part that never
holds where all the others do, with its numbers there; else two parts that never meet.
A part that reads only the options and the player count is judged without plays
(``option_parts_never``): ``players == 5`` in a game for two to four never holds. A part
that tests cards the deck never holds is named for that (B701's help, and B702 for the
conditions of other clauses: ``tests_of_no_card``).
"""

from __future__ import annotations

import itertools
from dataclasses import replace
from typing import Any, Callable, Iterator

from ... import cards as C
from ...engine.rules import Rules
from ...language import evaluation as E
from ...language import nodes as n
from ...language.expressions import pattern_set
from ...language.unparse import expr_text, number_text, pattern_text
from ...diagnostics import Diagnostic, warning
from ...language.merge import Merged
from .combinations import (FAILURES, Combination, any_choice, compile_part, conjuncts, holds_on, is_own, line_at,
                           names_in, reads_play, safe_constant)
from .samples import sampled_plays

# parts that can never hold on a capture, with what the author most likely meant
NEVER_BY_NATURE = {"trailed": "a capture takes cards, so it never trails; for the play before it, write "
                              "'previous.trailed'"}
TRIALS = 20_000  # plays tried per part: the rule itself was tried on as many or more


def failing_part(clause: n.Clause, rules: Rules, options: dict[str, Any], probes: bool) -> str | None:
    """Returns the help for a 'when' that never holds on the sampled plays (probes for a
    capture rule, captures for a bonus): an 'and' that reads as 'or' where that makes it hold
    (a slip, said first), else the part to blame; None when nothing can be told."""
    twice = _one_card_twice(clause.guard)
    if twice is not None:
        return twice
    parts = [part for part in conjuncts(clause.guard) if reads_play(part)]
    missing = next(filter(None, (_outside_the_deck(part, rules) for part in parts)), None)
    if missing is not None:  # no other join makes a card the deck lacks appear
        return missing
    flipped = _flipped_join(clause.guard, rules, options, probes)
    named = _failing_part(clause, parts, rules, options, probes)
    if named is not None and named.startswith("did you mean"):  # one number mended: the surest reading first
        return named + (f"; else: {flipped}" if flipped else "")
    if flipped is not None:
        return flipped + (f"; else: {named}" if named else "")
    return named


def _one_card_twice(guard: n.Expr) -> str | None:
    """'floor.lone is 7D and played is 7D': the pack holds one 7D, which cannot be in two places
    at once; the card played most likely meant its rank ('played is 7')."""
    tests = [p for p in conjuncts(guard) if isinstance(p, n.Test) and p.op == "is"
             and len(p.pattern.include) == 1 and not p.pattern.exclude and len(pattern_set(p.pattern)) == 1]
    for a, b in itertools.combinations(tests, 2):
        if pattern_set(a.pattern) == pattern_set(b.pattern) and expr_text(a.subject) != expr_text(b.subject):
            card = a.pattern.include[0].text
            played = a if expr_text(a.subject) == "played" else b
            rank = C.rank_word(next(iter(pattern_set(played.pattern))) >> 2)
            return (f"there is one {card}: '{expr_text(a)}' and '{expr_text(b)}' never hold at once; did you "
                    f"mean '{expr_text(played.subject)} is {rank}' (a card of that rank in any suit)?")
    return None


MOST_FLIPS = 8  # joins tried as the other word (a condition rarely holds more)


def _flipped_join(guard: n.Expr, rules: Rules, options: dict[str, Any], probes: bool) -> str | None:
    """'did you mean ...?' with one 'and' read as 'or' (or 'or' as 'and'): of the readings that
    hold on some sampled plays, the one that holds on the fewest (a slip of one word)."""
    plays = list(itertools.islice((p for p in sampled_plays(rules) if (p[2] == ()) == probes), TRIALS // 4))
    held = []
    for variant in itertools.islice(_joins_flipped(guard), MOST_FLIPS):
        try:
            test = compile_part(variant, options, rules)
        except FAILURES:
            continue
        share = sum(holds_on(test, play) for play in plays)
        if share:
            held.append((share, expr_text(variant)))
    if not held:
        return None
    # a rule is meant to hold on some plays, not most: the reading that lets in the fewest
    return f"did you mean '{min(held)[1]}'? (one 'and' or 'or' for the other)"


def _joins_flipped(expr: n.Expr):
    """Yields the expression with one of its 'and'/'or' joins turned into the other."""
    if isinstance(expr, n.BoolOp):
        yield replace(expr, op="or" if expr.op == "and" else "and")
        for left in _joins_flipped(expr.left):
            yield replace(expr, left=left)
        for right in _joins_flipped(expr.right):
            yield replace(expr, right=right)
    elif isinstance(expr, n.Not):
        for operand in _joins_flipped(expr.operand):
            yield replace(expr, operand=operand)


def _failing_part(clause: n.Clause, parts: list[n.Expr], rules: Rules, options: dict[str, Any],
                  probes: bool) -> str | None:
    """The help naming the part (of ``parts``, those of the clause's 'when' that read the play,
    none outside the deck) that never holds on the sampled plays."""
    if len(conjuncts(clause.guard)) < 2 or not parts:
        return None
    ranks = {c: c >> 2 for c in rules.deck} | {None: None}
    tests = [_Part(part, options, rules, ranks) for part in parts]
    held: list[set[int]] = [set() for _ in tests]  # by part: the plays (by index) it holds on
    plays = (play for play in sampled_plays(rules) if (play[2] == ()) == probes)
    for index, play in enumerate(itertools.islice(plays, TRIALS)):
        for test, where in zip(tests, held):
            if test.holds(index, play):
                where.add(index)
    what = "plays" if probes else "captures"
    never = [test for test, where in zip(tests, held) if not where]
    if never:
        test = never[0]
        return f"'{test.text}' holds on none of the sampled {what}{test.seen()}: " + NEVER_BY_NATURE.get(
            test.text, test.nearest() or "correct that part or remove it")
    # a part the others meet but it never does (a comparison first: its numbers show); with two parts, the pair
    for i in sorted(range(len(tests)), key=lambda i: tests[i].side is None) if len(tests) > 2 else ():
        test = tests[i]
        rest = set.intersection(*(where for j, where in enumerate(held) if j != i))
        if rest and not rest & held[i]:
            said = (f"'{test.text}' holds on none of the sampled {what} where the rest of the condition holds"
                    f"{test.seen(rest)}")
            one = test.only_number(rest)  # the rest fixes the number: the part most likely meant it
            whole = expr_text(clause.guard).replace(test.text, f"{test.side_text} == {number_text(one)}", 1) \
                if one is not None else None  # the whole condition, as the quick fix replaces it
            return (f"did you mean '{whole}'? {said}" if whole is not None
                    else f"{said}: correct that part or remove it")
    for (a, held_a), (b, held_b) in itertools.combinations(zip(tests, held), 2):
        if not held_a & held_b:
            return (f"'{a.text}' and '{b.text}' each hold on some {what}, but never on the same one: "
                    "correct one of them or remove it")
    return None


_RANKS_SAID = {"A": "aces", "K": "kings", "Q": "queens", "J": "jacks", **{str(v): f"{v}s" for v in range(2, 11)}}


def _outside_the_deck(expr: n.Expr, rules: Rules) -> str | None:
    """Where a part tests for cards the deck does not hold ('played is Q' in a pack without
    queens), says so: the part can never hold, whatever is played."""
    if not (isinstance(expr, n.Test) and expr.op in ("is", "has")):
        return None
    if pattern_set(expr.pattern, frozenset(rules.deck)) or not pattern_set(expr.pattern):
        return None
    words = " | ".join(_RANKS_SAID.get(w.text, w.text) for w in expr.pattern.include)
    whole = " (or play with the whole pack: 'deck 52' under 'setup:')" \
        if len(rules.deck) < 52 and pattern_set(expr.pattern, frozenset(range(52))) else ""
    return (f"'{expr_text(expr)}' can never hold: the deck holds no {words} (it has {len(rules.deck)} cards); "
            f"name cards the deck holds{whole}, or remove the rule")


class _Part:
    """One part of a condition, compiled; for a comparison with a number, the numbers the
    other side took."""

    def __init__(self, expr: n.Expr, options: dict[str, Any], rules: Rules, ranks: dict):
        self.expr, self.text = expr, expr_text(expr)
        self.test = E.compile_function(expr, options, rules.values, ranks)
        self.side: Callable | None = None
        self.wanted: float | None = None  # the number an '==' asks for
        self.numbers: dict[int, float] = {}  # by play: the number the compared side took
        if isinstance(expr, n.Compare) and expr.op in ("<", "<=", ">", ">=", "==") and \
                reads_play(expr.left) != reads_play(expr.right):
            side = expr.left if reads_play(expr.left) else expr.right
            self.side, self.side_text = E.compile_function(side, options, rules.values, ranks), expr_text(side)
            other = expr.right if side is expr.left else expr.left
            self.wanted = other.value if expr.op == "==" and isinstance(other, n.Number) else None

    def holds(self, index: int, play) -> bool:
        try:
            ok = bool(self.test(*play))
            if self.side is not None:
                value = self.side(*play)
                if isinstance(value, (int, float)) and not isinstance(value, bool):
                    self.numbers[index] = value
            return ok
        except FAILURES:
            return False

    def nearest(self) -> str | None:
        """'did you mean ...?' with the number the compared side took closest to the one asked for."""
        if self.wanted is None or not self.numbers:
            return None
        close = min(set(self.numbers.values()), key=lambda v: (abs(v - self.wanted), v))
        where = (" ('floor' is the floor before the play; 'left' is the floor after it)"
                 if self.side_text.startswith("floor") else "")
        return f"did you mean '{self.side_text} == {number_text(close)}'?{where}"

    def only_number(self, plays: set[int]) -> float | None:
        """The one number an '==' part's compared side took on the plays, where it took one."""
        found = {v for i, v in self.numbers.items() if i in plays}
        return next(iter(found)) if self.wanted is not None and len(found) == 1 else None

    def seen(self, plays: set[int] | None = None) -> str:
        """Says the range the compared side took on the plays (all of them by default)."""
        found = [v for i, v in self.numbers.items() if plays is None or i in plays]
        if not found:
            return ""
        low, high = min(found), max(found)
        span = number_text(low) if low == high else f"{number_text(low)} to {number_text(high)}"
        return f" ({self.side_text} was {span} on them)"


def option_parts_never(merged: Merged, combos: list[Combination], rules: list[n.Clause]) -> Iterator[Diagnostic]:
    """B701 for a rule of the play whose condition has a part that reads only the options and
    the player count, and that part holds under none of them (``players == 5`` in a game
    for two to four): the rule never applies, whatever the plays."""
    for clause in rules:
        if not is_own(merged, clause) or clause.guard is None:
            continue
        for part in conjuncts(clause.guard):
            if not names_in(part) or not names_in(part) <= set(merged.options) | {"players"}:
                continue
            if not any(safe_constant(part, c.options) for c in combos):
                rest = [f"({expr_text(p)})" if isinstance(p, n.BoolOp) and p.op == "or" else expr_text(p)
                        for p in conjuncts(clause.guard) if p is not part]
                yield warning("B701", f"'{expr_text(part)}' never holds for {any_choice(merged)} or player count, "
                              f"so {_named(clause)} never applies",
                              part.span, f"the variant is played by {_counts(merged)} players; correct that "
                              "part or remove it" + (f": 'when {' and '.join(rest)}'" if rest else ""))
                break


def _counts(merged: Merged) -> str:
    counts = [str(c) for c in merged.player_counts()]
    return counts[0] if len(counts) == 1 else ", ".join(counts[:-1]) + " or " + counts[-1]


def _named(clause: n.Clause) -> str:
    name = getattr(clause, "name", None)
    return f"'{name.text}'" if name is not None else f"this '{clause.keyword}'"


def tests_of_no_card(merged: Merged, decks: list[frozenset[int]], values: dict) -> Iterator[Diagnostic]:
    """B702 for a condition of this file that tests or counts cards the deck never holds
    ('floor.count(8) >= 3' in a pack without eights): that part never changes. (A bonus or
    capture rule's is B701's, which names it.)"""
    for clause in merged.variant.clauses:
        if clause.guard is None or isinstance(clause, (n.BasraRule, n.CaptureRule)):
            continue
        for node in n.walk(clause.guard):
            pattern = node.pattern if isinstance(node, (n.Test, n.Counted)) else None
            if pattern is None or not pattern_set(pattern) or any(pattern_set(pattern, d) for d in decks):
                continue
            worth = {C.rank_word(c >> 2) for c in decks[0] if C.rank_word(c >> 2) not in {w.text for w in pattern.include}
                     and values.get(c) in {values.get(x, (x >> 2) + 1) for x in pattern_set(pattern)}}
            yield warning("B702", f"'{expr_text(node)}' names {pattern_text(pattern)}, which the deck does not hold "
                          f"({len(decks[0])} cards): this part of the condition never changes", pattern.span,
                          (f"the card worth {pattern_text(pattern)} here is {' | '.join(sorted(worth))}: name it, "
                           if worth else "name cards the deck holds, ") + "or remove the test")
            break


def worth_alike(pattern: n.Pattern, deck: frozenset[int], values: dict) -> str | None:
    """'did you mean KD?' for one card the deck lacks where a card of its suit is worth its
    number (the re bello written 10D in a 40-card pack, whose king counts 10)."""
    cards = pattern_set(pattern)
    if len(cards) != 1:
        return None
    (card,) = cards
    alike = [c for c in deck if c & 3 == card & 3 and values.get(c) == (card >> 2) + 1]
    return f"did you mean '{C.card_name(alike[0])}'? (the card worth {(card >> 2) + 1} in this deck)" if len(alike) == 1 else None


def splits_never(merged: Merged, decks: list[frozenset[int]], values: dict) -> Iterator[Diagnostic]:
    """B759 for ``splits(CARDS, GROUPS, MOST)`` that no floor can meet: each group holds a card
    worth at most MOST, so GROUPS cannot pass the deck's count of such cards (``splits(floor,
    9, 2)``, its two numbers turned round: eight aces and twos)."""
    for clause in merged.variant.clauses:
        for node in n.walk(clause.guard) if clause.guard is not None else ():
            if not (isinstance(node, n.Call) and node.func == "splits" and len(node.args) == 3
                    and all(isinstance(a, n.Number) for a in node.args[1:])):
                continue
            least, most = (a.value for a in node.args[1:])
            small = min(sum(1 for c in deck if 0 < (values.get(c) or 0) <= most) for deck in decks)
            if least <= small:
                continue
            turned = f"splits({expr_text(node.args[0])}, {number_text(most)}, {number_text(least)})"
            row = line_at(node.span)
            fixed = row.replace(expr_text(node), turned, 1).strip() if expr_text(node) in row and most <= small else None
            yield warning("B759", f"'{expr_text(node)}' never holds: {number_text(least)} groups each adding up to "
                          f"{number_text(most)} or less need {number_text(least)} cards worth {number_text(most)} or "
                          f"less, and the deck holds {small}" + (": the number of groups comes first, then the "
                                                                 "largest sum" if fixed else ""), node.span,
                          f"write: {fixed}" if fixed else "correct the numbers or remove that part")

