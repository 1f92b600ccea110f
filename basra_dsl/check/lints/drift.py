"""B746: a rule that plays far from the one it was written from (issue 29's held-out corpora).

Most authors start from a bundled game: they extend it, or copy its file and rename it. A
rule they restate keeps its name, so the rule it came from is known: the parent's (for a
child) or the copied file's (the bundled variant whose text this file mostly repeats). Where
the two conditions hold on very different shares of the same sampled plays (an 'and' become
'or', a comparison turned round, a 'not' lost), the rule most likely changed by a slip: the
warning gives both shares and the rule as it was, so a change that is meant is kept with a note.
"""

from __future__ import annotations

import itertools
import random
from typing import Iterator

from ...diagnostics import Diagnostic, DiagnosticError, warning
from ...engine.scoring import NOTHING_PLAYED, points_if_holds
from ...language import expressions as X
from ...language import nodes as n
from ...language.compiler import compile_rules
from ...language.merge import SAMPLE_SEED, Merged
from ...language.unparse import expr_text, pattern_text
from ...resources import bundled_variants
from .combinations import FAILURES, Combination, conjuncts, is_own
from .overrides import parent_of
from .reference import bundled_merged, copied_from, is_bundled_file, source_lines
from .samples import sampled_plays

PLAYS = 6_000  # sampled plays both conditions are tried on
HALVES = 60  # seeded halves of the pack score rules are tried on
POINTS_FACTOR = 1.5  # a score rule's points this many times the other's (points are rarer to change by half)
FACTOR = 2.0  # one share this many times the other ...
GAP = 0.1  # ... and apart by this share of the plays, at least


def check_drift(merged: Merged, combos: list[Combination]) -> Iterator[Diagnostic]:
    """B746 for this file's rules that hold far more or far less often than the rules of the
    same name they were written from."""
    rules = next((c.rules for c in combos if c.rules is not None), None)
    source = _written_from(merged)
    if rules is None or source is None:
        return
    name, origin = source
    before = {c.name.text: c for alts in origin.clauses.values() for c in alts
              if isinstance(c, (n.BasraRule, n.CaptureRule)) and c.guard is not None}
    now = {r.name: r for r in list(rules.basra_rules) + list(rules.capture_rules)}
    try:
        old_rules = compile_rules(origin)
    except (DiagnosticError, *FAILURES):  # a reference that does not compile offers nothing to compare
        return
    then = {r.name: r for r in list(old_rules.basra_rules) + list(old_rules.capture_rules)}
    yield from _score_drift(merged, rules, old_rules, origin, name)
    yield from _played_values_moved(merged, old_rules, name)
    for clause in merged.variant.clauses:
        if not isinstance(clause, (n.BasraRule, n.CaptureRule)) or not is_own(merged, clause) or clause.guard is None:
            continue
        old = before.get(clause.name.text)
        rule, was = now.get(clause.name.text), then.get(clause.name.text)
        if old is None or rule is None or was is None or expr_text(old.guard) == expr_text(clause.guard):
            continue
        if {expr_text(p) for p in conjuncts(clause.guard)} < {expr_text(p) for p in conjuncts(old.guard)}:
            continue  # parts of the condition left out: B711 says so, naming them
        probes = isinstance(clause, n.CaptureRule)
        share_now, share_then = _shares(rules, rule, was, probes)
        if share_now is None:
            continue
        low, high = sorted((share_now, share_then))
        if high - low >= GAP and (low == 0 or high / low >= FACTOR):
            what = "plays" if probes else "captures"
            yield warning("B746", f"'{clause.name.text}' holds on {share_now:.0%} of the sampled {what}, where "
                          f"{name}'s holds on {share_then:.0%}: the condition plays far from the one it was "
                          "written from", clause.guard.span,
                          f"{name} reads '{expr_text(old.guard)}'; if the change is meant, keep it and say so in a "
                          "note above the rule ('#: allow B746: why')")


def _score_drift(merged: Merged, rules, old_rules, origin: Merged, name: str) -> Iterator[Diagnostic]:
    """B746 for a score rule whose points, over the same seeded halves of the pack, come out
    far from the points of the rule of its name it was written from."""
    before = {c.name.text: c for alts in origin.clauses.values() for c in alts if isinstance(c, n.ScoreRule)}
    now = {r.name: r for r in rules.score_rules}
    then = {r.name: r for r in old_rules.score_rules}
    rng = random.Random(SAMPLE_SEED)
    halves = [tuple(rng.sample(list(rules.deck), len(rules.deck) // 2)) for _ in range(HALVES)]
    for clause in merged.variant.clauses:
        old = before.get(clause.name.text) if isinstance(clause, n.ScoreRule) and is_own(merged, clause) else None
        if old is None or clause.name.text not in now or clause.name.text not in then or \
                expr_text(old.points) == expr_text(clause.points):
            continue
        mean_now, mean_then = (_mean_points(r, halves) for r in (now[clause.name.text], then[clause.name.text]))
        low, high = sorted((mean_now, mean_then))
        if high > 0 and (low <= 0 or high / low >= POINTS_FACTOR):
            yield warning("B746", f"'{clause.name.text}' gives a side about {mean_now:.1f} points for half the pack, "
                          f"where {name}'s gives {mean_then:.1f}: the points come out far from the rule they were "
                          "written from", clause.points.span, f"{name} reads '{expr_text(old.points)}'; if the "
                          "change is meant, keep it and say so in a note above the rule ('#: allow B746: why')")


def _played_values_moved(merged: Merged, old_rules, name: str) -> Iterator[Diagnostic]:
    """B746: cards given on 'values' the numbers they had as 'played values' where the file was
    written from: they now count those numbers on the floor too."""
    clause = next((c for c in merged.variant.clauses if isinstance(c, n.CardValues) and is_own(merged, c)), None)
    if clause is None or not old_rules.played_values or merged.first("setup.played_values") is not None:
        return
    moved = []
    for entry in clause.entries:
        value = entry.value.value if isinstance(entry.value, n.Number) else None
        cards = X.pattern_set(entry.pattern)
        if value is not None and cards and all(value in old_rules.played_values.get(c, ()) for c in cards):
            moved.append(entry)
    if moved:
        listed = ", ".join(f"{pattern_text(e.pattern)} {expr_text(e.value)}" for e in moved)
        yield warning("B746", f"{listed} {'are' if len(moved) > 1 else 'is'} {name}'s 'played values' (what a card "
                      "counts played from the hand); on 'values' they count on the floor too", moved[0].span,
                      f"to count them only when played, keep them on their own line: 'played values {listed}'")


def _mean_points(rule, halves) -> float:
    total = 0.0
    for cards in halves:
        try:
            total += points_if_holds(rule, (None, (), cards, (), NOTHING_PLAYED)) or 0
        except FAILURES:
            continue
    return total / len(halves)


def _shares(rules, rule, was, probes: bool) -> tuple[float | None, float]:
    """The shares of the sampled plays (probes of the rule's cards, or captures) on which each
    condition holds."""
    plays = [p for p in itertools.islice((p for p in sampled_plays(rules) if (p[2] == ()) == probes
                                          and (not probes or p[0] in rule.cards)), PLAYS)]
    if len(plays) < 50:
        return None, 0.0
    return _share(rule.condition, plays), _share(was.condition, plays)


def _share(condition, plays) -> float:
    held = 0
    for play in plays:
        try:
            held += bool(condition is None or condition(*play))
        except FAILURES:
            continue
    return held / len(plays)


def _written_from(merged: Merged) -> tuple[str, Merged] | None:
    """The bundled variant a file is a copy of (most of its lines: a renamed copy of a child
    is a copy of the child, not of its parent), else the parent a child extends, with its
    name; None for a bundled file itself or a file of its own."""
    path = merged.variant.name.span.path if merged.variant.name.span else None
    if path is None or is_bundled_file(path):
        return None
    lines = source_lines(merged)
    name = copied_from("\n".join(lines)) if lines else None
    origin = bundled_merged(str(bundled_variants()[name])) if name else None
    if origin is not None:
        return name, origin
    parent = parent_of(merged)
    return (parent.name, parent) if parent is not None else None
