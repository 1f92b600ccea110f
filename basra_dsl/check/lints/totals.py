"""B707: a 'total' that is not what a hand's points add up to, said with the part that, changed,
would make it (a majority's points, or card points whose minus sign slipped in)."""

from __future__ import annotations

from typing import Any, Iterator

from ...diagnostics import Diagnostic, Span, error
from ...language import nodes as n
from ...language.merge import Merged
from ... import cards as C
from ...language.expressions import pattern_set
from ...language.unparse import expr_text
from .combinations import Combination, in_this_file, is_own, pick, safe_constant
from .reference import reference_of
from .static import number


def check_totals(merged: Merged, combos: list[Combination]) -> Iterator[Diagnostic]:
    """B707: the points a hand pays out differ from the variant's ``total`` claim (reported
    once, for the first choice under which they differ)."""
    for combo in combos:
        rules = combo.rules
        if rules is None or rules.total_claim is None:
            continue
        cards = sum(rules.card_points.get(c, 0) for c in rules.deck)
        majorities = sum(m.points for m in rules.majorities)
        if abs(cards + majorities - rules.total_claim) > 1e-9:
            yield _total_mismatch(merged, combo, cards, majorities, several=len(combos) > 1)
            return


def _what_would_match(rules, cards: float, majorities: float, total: str | None = None,
                      changed: frozenset[str] = frozenset()) -> str | None:
    """The one part that, changed, makes the claimed total: a majority's points, or card
    points whose minus sign slipped in (the majorities this file ``changed`` tried first);
    ``total`` says how to correct the total instead."""
    claim = rules.total_claim
    flipped = sum(abs(rules.card_points.get(c, 0)) for c in rules.deck)
    if flipped != cards and abs(flipped + majorities - claim) < 1e-9:
        return (f"the cards scoring below zero make the difference: if 'total {number(claim)}' is right, they "
                "score above zero (a minus sign slipped in)")
    for m in sorted(rules.majorities, key=lambda m: m.what not in changed):
        meant = claim - (cards + majorities - m.points)
        if meant > 0 and meant != m.points:
            return (f"if 'total {number(claim)}' is right, 'most {m.what}' is worth {number(meant)}, not "
                    f"{number(m.points)}: write 'most {m.what} {number(meant)}'; else "
                    + (total or f"correct the total to {number(cards + majorities)}"))
    return None


def _total_mismatch(merged: Merged, combo: Combination, cards: float, majorities: float,
                    several: bool) -> Diagnostic:
    """B707 at the variant's own total, or else at what this variant changed in the sum."""
    rules = combo.rules
    clause = pick(merged, "score.total", combo.options)
    parts = [f"{number(cards)} for cards"] + [f"{number(m.points)} for most {m.what}" for m in rules.majorities]
    sum_ = number(cards + majorities)
    message = (f"the points of a hand add up to {sum_} ({' + '.join(parts)}), not the "
               f"{number(rules.total_claim)} that 'total' claims"
               + (f" (with {combo.describe(merged)})" if several else ""))
    own_total = clause is not None and is_own(merged, clause)  # the file states the total it means
    one = _one_card_meant(merged, combo, cards + majorities) or (
        None if own_total else _list_replaced(merged, combo, cards + majorities))
    if one is not None:
        return error("B707", message, in_this_file(merged, one[0]), one[1])
    if clause is not None and is_own(merged, clause):
        return error("B707", message, clause.span, _what_would_match(rules, cards, majorities)
                     or f"correct the total to {sum_}, or the points that make it up")
    claim = f" ('total {expr_text(clause.points)}')" if clause is not None else ""
    origin = merged.origin.get("score.total", "the parent")
    restate = f"state 'total {sum_}' in this variant's score section"
    return error("B707", message, in_this_file(merged, _changed_sum(merged, combo.options)),
                 f"the total is {origin}'s{claim}: "
                 + (_what_would_match(rules, cards, majorities, restate, _changed_majorities(merged))
                    or f"{restate}, or correct the points that make it up"))


def _changed_majorities(merged: Merged) -> frozenset[str]:
    """The majorities this file states (a child's own 'most' lines)."""
    return frozenset(c.what.text for c in merged.variant.clauses if isinstance(c, n.Most))


def _changed_sum(merged: Merged, options: dict[str, Any]) -> Span | None:
    """Returns where this variant changes what a hand pays out (its card points, majorities,
    deck or a dropped score clause), or None."""
    keys = ("score.points", "setup.deck")
    for clause in merged.variant.clauses:
        if (clause.key in keys or isinstance(clause, n.Most)) and \
                (clause.guard is None or safe_constant(clause.guard, options)):
            return clause.span
    for drop in merged.variant.drops:
        if drop.section == "score" or drop.key == "setup.deck":
            return drop.span
    return None


def _one_card_meant(merged: Merged, combo: Combination, paid: float) -> tuple[Span, str] | None:
    """Where a 'points' entry this file writes for a whole rank ('10 3') makes the total with
    one card of it instead ('10D 3', as the game it was written from scores): that entry,
    and the card to write (the one the original scores, else the first of the deck)."""
    clause = pick(merged, "score.points", combo.options)
    if not isinstance(clause, n.Points) or not is_own(merged, clause):
        return None
    rules, deck = combo.rules, frozenset(combo.rules.deck)
    for entry in clause.entries:
        matched = pattern_set(entry.pattern, deck)
        points = safe_constant(entry.points, combo.options)
        if len(matched) < 2 or not isinstance(points, (int, float)) or \
                abs(paid - points * (len(matched) - 1) - rules.total_claim) > 1e-9:
            continue
        card = _scored_in_original(merged, matched) or min(matched)
        text = expr_text(entry.points)
        return entry.span, (f"'{_pattern_text(entry.pattern)} {text}' scores all {len(matched)} of those cards; with one "
                            f"of them the total holds: did you mean '{C.card_word(card)}'? ('{C.card_word(card)} {text}')")
    return None


def _scored_in_original(merged: Merged, among: frozenset[int]) -> int | None:
    """The one card of ``among`` the game this file was written from scores on its own."""
    original = reference_of(merged)
    clause = original.first("score.points") if original is not None else None
    for entry in clause.entries if isinstance(clause, n.Points) else ():
        cards = pattern_set(entry.pattern)
        if len(cards) == 1 and cards <= among:
            return next(iter(cards))
    return None


def _pattern_text(pattern: n.Pattern) -> str:
    return " | ".join(w.text for w in pattern.include) + "".join(f" except {w.text}" for w in pattern.exclude)


def _list_replaced(merged: Merged, combo: Combination, paid: float) -> tuple[Span, str] | None:
    """Where this child's 'points' restates some of the parent's cards and leaves others out
    ('points 10D 3' over Dry's '10D 2, 2C 1, J 1'): a line replaces the whole list, so the
    cards left out no longer score. The line and the list to write, with its total."""
    clause = pick(merged, "score.points", combo.options)
    parent = next(merged.ancestors(), None)
    old = parent.first("score.points") if parent is not None else None
    if not (isinstance(clause, n.Points) and is_own(merged, clause) and isinstance(old, n.Points)):
        return None
    deck = frozenset(combo.rules.deck)
    theirs = [pattern_set(o.pattern, deck) for o in old.entries]
    mine = {pattern_set(e.pattern, deck): e for e in clause.entries}  # by the cards it names
    lost = [o for o, cards in zip(old.entries, theirs) if cards not in mine]
    if not lost or len(lost) == len(old.entries):
        return None  # nothing left out, or nothing restated (B721 tells a list replaced whole)
    scored = frozenset().union(*mine)
    more = 0.0
    for entry in lost:
        points = safe_constant(entry.points, combo.options)
        if not isinstance(points, (int, float)):
            return None
        more += points * len(pattern_set(entry.pattern, deck) - scored)
    restated = [mine.get(cards, o) for o, cards in zip(old.entries, theirs)] + \
        [e for cards, e in mine.items() if cards not in theirs]
    line = "points " + ", ".join(f"{_pattern_text(e.pattern)} {expr_text(e.points)}" for e in restated)
    total = paid + more
    names = " and ".join(", ".join(_pattern_text(e.pattern) for e in lost).rsplit(", ", 1))
    return clause.span, (f"this line replaces {parent.name}'s "
                         f"whole list, so {names} no longer score: to change only what it names, restate the list: "
                         f"'{line}'" + ("" if abs(total - combo.rules.total_claim) < 1e-9
                                        else f", and the total it makes: 'total {number(total)}'"))
