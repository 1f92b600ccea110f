"""B719: a card that two entries of one 'points' line both match scores both amounts, or that a
'points' entry and a score rule both count (a group, or one card a new rule pays for taking)."""

from __future__ import annotations

from typing import Iterator

from ...cards import card_name
from ...diagnostics import Diagnostic, warning
from ...language import expressions as X
from ...language import nodes as n
from ...language.merge import Merged
from ...language.unparse import expr_text, pattern_text
from .combinations import Combination, conjuncts, safe_constant
from .static import number as _number


def check_double_points(merged: Merged, combos: list[Combination]) -> Iterator[Diagnostic]:
    """B719: a card that two patterns of one 'points' clause both match scores both amounts
    (``points J 1, JD 2`` makes the jack of diamonds worth 3)."""
    decks = frozenset().union(*(c.rules.deck for c in combos if c.rules is not None))
    for clause in merged.variant.clauses:
        if not isinstance(clause, n.Points):
            continue
        entries = clause.entries
        for later_index, later in enumerate(entries):
            for index, earlier in enumerate(entries[:later_index]):
                both = sorted(X.pattern_set(earlier.pattern, decks) & X.pattern_set(later.pattern, decks))
                if not both:
                    continue
                names = " ".join(map(card_name, both[:4])) + (" ..." if len(both) > 4 else "")
                total = _sum_text(earlier.points, later.points, merged) + _others(entries, later_index, index, decks,
                                                                                  merged)
                # the fix leaves the narrower pattern's cards out of the broader one
                wide, narrow = (later_index, index) if set(both) == X.pattern_set(earlier.pattern, decks) \
                    else (index, later_index)
                patterns = [e.pattern for e in entries]
                patterns[wide] = n.Pattern(patterns[wide].include, patterns[wide].exclude + patterns[narrow].include,
                                           span=patterns[wide].span)
                text = ", ".join(f"{pattern_text(p)} {expr_text(e.points)}" for p, e in zip(patterns, entries))
                yield warning("B719", f"{names} match{'es' * (len(both) == 1)} both '{pattern_text(earlier.pattern)}' "
                              f"and '{pattern_text(later.pattern)}', so {'it scores' if len(both) == 1 else 'each scores'} "
                              f"{total}", later.pattern.span,
                              f"to give {pattern_text(entries[narrow].pattern)} its own points, leave it out of "
                              f"'{pattern_text(entries[wide].pattern)}': points {text}")
                break  # one finding per pattern: the first overlap shows the mistake


def _others(entries, later_index: int, first: int, decks, merged: Merged) -> str:
    """The other earlier entries the same later one overlaps, each with what its cards score."""
    later = entries[later_index]
    found = []
    for earlier in entries[first + 1:later_index]:
        both = sorted(X.pattern_set(earlier.pattern, decks) & X.pattern_set(later.pattern, decks))
        if both:
            found.append(f"{' '.join(map(card_name, both[:4]))} {_sum_text(earlier.points, later.points, merged)}")
    return f"; and {', '.join(found)}" if found else ""


def check_rule_double_points(merged: Merged, combos: list[Combination]) -> Iterator[Diagnostic]:
    """B719: a group of cards a 'points' entry scores that a score rule counts too ('points
    spades 1' beside 'spades: taken.count(spades)'): each scores twice. A card named on its own
    ('2S 1' beside the spades) is a bonus on top, as Spade Casino scores it."""
    rules = [c for alts in merged.clauses.values() for c in alts if isinstance(c, n.ScoreRule)]
    decks = frozenset().union(*(c.rules.deck for c in combos if c.rules is not None))
    for clause in (c for c in merged.variant.clauses if isinstance(c, n.Points)):
        for entry in clause.entries:
            mine = X.pattern_set(entry.pattern, decks)
            for rule in rules:
                counted = next((node for node in n.walk(rule.points) if isinstance(node, n.Counted)
                                and node.obj == n.Name("taken", span=node.span) and node.attr in ("count", "sum")
                                and len(mine) > 1 and mine <= X.pattern_set(node.pattern, decks)), None)
                if counted is not None:
                    yield warning("B719", f"'{pattern_text(entry.pattern)} {expr_text(entry.points)}' scores cards "
                                  f"that the rule '{rule.name.text}' also counts ({expr_text(counted)}): each scores "
                                  "twice", entry.pattern.span, f"score them once: take '{pattern_text(entry.pattern)} "
                                  f"{expr_text(entry.points)}' out of the points, or drop the rule '{rule.name.text}'")
                    break


def check_card_scored_twice(merged: Merged, combos: list[Combination]) -> Iterator[Diagnostic]:
    """B719: a score rule of this file paying for one card taken ('1 when taken has 7D') that
    a 'points' entry of its own already scores ('points 7D 1'): the card brings both."""
    points = merged.first("score.points")
    if not isinstance(points, n.Points):
        return
    decks = frozenset().union(*(c.rules.deck for c in combos if c.rules is not None))
    for rule in merged.variant.clauses:
        if not isinstance(rule, n.ScoreRule) or rule.guard is None:
            continue
        for part in conjuncts(rule.guard):
            cards = X.pattern_set(part.pattern, decks) if isinstance(part, n.Test) and part.op == "has" and \
                part.subject == n.Name("taken", span=part.subject.span) else frozenset()
            entry = next((e for e in points.entries if len(cards) == 1 and X.pattern_set(e.pattern, decks) == cards),
                         None)
            if entry is None:
                continue
            card = pattern_text(entry.pattern)
            yield warning("B719", f"'{rule.name.text}' pays {expr_text(rule.points)} for taking {card}, which "
                          f"'points {card} {expr_text(entry.points)}' already scores: it brings "
                          f"{_sum_text(entry.points, rule.points, merged)}", part.span,
                          f"if another card is meant, name it here; if {card} is to bring both, say it once: "
                          f"'points {card} {_total(entry.points, rule.points, merged)}' and no rule")
            break


def check_added_counts(merged: Merged, combos: list[Combination]) -> Iterator[Diagnostic]:
    """B753: a score rule of this file, with no 'when', whose points add a number to a count of
    cards taken ('2 + taken.count(spades)'): a side that took none of them still scores the
    number; a number times the count ('2 * ...', two a spade) is the usual rule."""
    for rule in merged.variant.clauses:
        if not isinstance(rule, n.ScoreRule) or rule.guard is not None:
            continue
        points = rule.points
        if isinstance(points, n.Binary) and points.op == "+":
            number, counted = (points.left, points.right) if isinstance(points.left, n.Number) else (points.right, points.left)
            if isinstance(number, n.Number) and number.value > 0 and isinstance(counted, n.Counted) \
                    and counted.attr == "count" and counted.obj == n.Name("taken", span=counted.span):
                times = n.Binary("*", number, counted, span=points.span)
                head = rule.name.text + (f' "{rule.title}"' if rule.title else "")
                yield warning("B753", f"'{rule.name.text}' pays {expr_text(number)} to a side that took no card of "
                              f"'{pattern_text(counted.pattern)}': '{expr_text(points)}' adds {expr_text(number)} to "
                              f"the count, where '{expr_text(times)}' pays {expr_text(number)} a card", points.span,
                              f"write: {head}: {expr_text(times)}")


def _total(first: n.Expr, second: n.Expr, merged: Merged) -> str:
    a, b = (safe_constant(e, merged.option_defaults()) for e in (first, second))
    return _number(a + b) if isinstance(a, (int, float)) and isinstance(b, (int, float)) else "N"


def _sum_text(first: n.Expr, second: n.Expr, merged: Merged) -> str:
    a, b = (safe_constant(e, merged.option_defaults()) for e in (first, second))
    if isinstance(a, (int, float)) and isinstance(b, (int, float)):
        return f"{_number(a)} + {_number(b)} = {_number(a + b)}"
    return f"{expr_text(first)} + {expr_text(second)}"


