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
from typing import Any, Iterator

from ...diagnostics import Diagnostic, DiagnosticError, warning
from ...engine.deal import NO_PLAY
from ...engine.scoring import NOTHING_PLAYED, points_if_holds
from ...language import expressions as X
from ...language import nodes as n
from ...language.compiler import compile_rules
from ...language.merge import SAMPLE_SEED, Merged
from ...language.unparse import expr_text, pattern_text
from ...cards import card_name
from .figures import left_on_table
from .combinations import (FAILURES, Combination, atoms, compile_part, conjuncts, holds_on, is_own, names_in,
                           safe_constant)
from .overrides import changes_more_than_guard, suit_slip
from .reference import is_bundled_file, reference_of, word_changed
from .samples import sampled_plays

PLAYS = 6_000  # sampled plays both conditions are tried on
FLOORS = 400  # sampled first floors both conditions of a dealing rule are tried on
COMBOS = 4  # ways of playing an exception left out is looked for under (it may matter only under some options)
HALVES = 60  # seeded halves of the pack score rules are tried on
SPREAD = 3  # ... each of half the pack, give or take up to this many cards
POINTS_FACTOR = 1.5  # a score rule's points this many times the other's (points are rarer to change by half)
FACTOR = 2.0  # one share this many times the other ...
GAP = 0.1  # ... and apart by this share of the plays, at least
DISJOINT = 0.05  # or each holding on this share of the plays at least, never on the same one


RESTATED = (n.BasraRule, n.CaptureRule, n.Restriction, n.FloorBonus)  # rules whose 'when' is compared
TAKES = {"rank": "cards of its rank", "sums": "cards adding up to it", "all": "the whole floor",
         "pile": "an opponent's won pile"}


def check_drift(merged: Merged, combos: list[Combination]) -> Iterator[Diagnostic]:
    """B746 for this file's rules that hold far more or far less often than the rules of the
    same name they were written from, or take otherwise."""
    usable = [c for c in combos if c.rules is not None]
    source = _written_from(merged)
    if not usable or source is None:
        return
    name, origin = source
    before = {c.name.text: c for alts in origin.clauses.values() for c in alts if isinstance(c, RESTATED)}
    compiled: dict[int, Any] = {}

    def then_rules(index: int):  # the reference's rules under the same options (None: they fail)
        if index not in compiled:
            chosen = {k: v for k, v in usable[index].options.items() if k in origin.options or k == "players"}
            try:
                compiled[index] = compile_rules(origin, chosen)
            except (DiagnosticError, *FAILURES):  # a reference that does not compile offers nothing
                compiled[index] = None
        return compiled[index]

    if then_rules(0) is None:
        return
    yield from _score_drift(merged, usable[0].rules, then_rules(0), origin, name)
    yield from _played_values_moved(merged, then_rules(0), name)
    yield from _leftover_dropped(merged, usable[0].rules, then_rules(0), name)
    yield from _suit_slipped(merged, origin, name)
    for clause in merged.variant.clauses:
        old = before.get(clause.name.text) if isinstance(clause, RESTATED) and is_own(merged, clause) else None
        if old is None or type(old) is not type(clause):
            continue
        if isinstance(clause, n.CaptureRule) and clause.takes != old.takes:
            yield _takes_changed(clause, old, name)
            continue
        if clause.guard is None or old.guard is None or expr_text(old.guard) == expr_text(clause.guard):
            continue
        subset = {expr_text(p) for p in conjuncts(clause.guard)} < {expr_text(p) for p in conjuncts(old.guard)}
        if subset and isinstance(clause, (n.BasraRule, n.CaptureRule)) and changes_more_than_guard(old, clause):
            continue  # parts of the condition left out, the points changed: B711 says so, naming them
        index = _combo_where(old.guard, usable)
        found = (None if subset else _guard_drift(clause, old, usable[index], then_rules(index), name)) \
            or next((d for combo in [usable[index]] + usable[:COMBOS]
                     if (d := _part_left_out(clause, old, combo, name,
                                             "" if combo is usable[0] else f" (with {combo.describe(merged)})"))),
                    None)
        if found is not None:
            yield found


def _part_left_out(clause, old, combo: Combination, name: str, playing: str) -> Diagnostic | None:
    """B746 for a restated rule that leaves out an exception of the original's condition (a
    part joined by 'and' that says 'not') whose tests it no longer makes anywhere, where that
    part kept some sampled plays out that the rule now lets in (a 7D sweep that now scores a
    bastra)."""
    rules = combo.rules
    rule = _named(rules, clause.name.text)
    now_atoms = {expr_text(a) for a in atoms(clause.guard)}
    kept = {expr_text(p) for p in conjuncts(clause.guard)}
    # an exception the original carved out ('not ...', 'is not', '!='): left out in a rewrite, it
    # lets in the plays it kept out; a positive part left out is most often the change meant
    lost = [p for p in conjuncts(old.guard) if expr_text(p) not in kept and _is_exception(p)
            and not any(expr_text(a) in now_atoms for a in atoms(p))]
    if rule is None or not lost:
        return None
    plays, what = _plays_for(clause, rules, rule)
    holding = [plays[i] for i in sorted(_held(rule.condition, plays))]
    for part in lost:
        try:
            test = compile_part(part, combo.options, rules)
        except FAILURES:
            continue
        let_in = [p for p in holding if not holds_on(test, p)]
        if len(let_in) >= max(5, len(plays) // 200):
            example = let_in[0]
            shown = f" (such as {card_name(example[0])} taking {' '.join(map(card_name, example[2]))})" \
                if example[0] is not None and example[2] else ""
            return warning("B746", f"'{clause.name.text}' leaves out {name}'s '{expr_text(part)}': it now holds on "
                           f"{len(let_in) / len(plays):.0%} of the sampled {what} that part kept out{shown}{playing}",
                           clause.guard.span, f"to keep {name}'s reading, add it: "
                           f"'{_joined(clause.guard)} and {expr_text(part)}'; if leaving it out is meant, keep it "
                           "and say so in a note above the rule ('#: allow B746: why')")
    return None


def _is_exception(part: n.Expr) -> bool:
    return isinstance(part, n.Not) or isinstance(part, n.Test) and part.op == "is not" or \
        isinstance(part, n.Compare) and part.op == "!="


def _combo_where(guard: n.Expr, usable: list[Combination]) -> int:
    """The first way of playing under which the parts of ``guard`` that read only the options
    and the player count hold (``players >= 3``), else the first."""
    known = set(usable[0].options) | {"players"} if usable else {"players"}
    fixed = [p for p in conjuncts(guard) if names_in(p) and names_in(p) <= known]  # the options alone
    return next((i for i, c in enumerate(usable) if all(safe_constant(p, c.options) for p in fixed)), 0)


def _guard_drift(clause, old, combo: Combination, old_rules, name: str) -> Diagnostic | None:
    """B746 for a restated rule whose condition holds on far other plays than the one of its
    name it was written from (first on all the sampled plays, then on those where the parts
    both keep hold)."""
    rules = combo.rules
    rule, was = _named(rules, clause.name.text), _named(old_rules, clause.name.text) if old_rules else None
    if rule is None or was is None:
        return None
    plays, what = _plays_for(clause, rules, rule)
    shares = _shares(rule, was, plays)
    if shares is not None and not _differs(shares):
        # the part both keep may be rare (a sweep): compare the rest where it holds
        kept = _kept_parts(old.guard, clause.guard, combo.options, rules)
        if kept is not None:
            shares = _shares(rule, was, [p for p in plays if all(holds_on(test, p) for test in kept[1])])
            what = f"{what} where '{kept[0]}' holds"
    if shares is None or not _differs(shares):
        return None
    share_now, share_then, both = shares
    said = (f"'{clause.name.text}' never holds where {name}'s does: on the sampled {what} it holds on "
            f"{share_now:.0%}, {name}'s on {share_then:.0%}, never on the same one" if not both and min(share_now, share_then) >= DISJOINT else
            f"'{clause.name.text}' holds on {share_now:.0%} of the sampled {what}, where {name}'s holds on "
            f"{share_then:.0%}: the condition plays far from the one it was written from")
    return warning("B746", said, clause.guard.span,
                   f"{word_changed(expr_text(old.guard), expr_text(clause.guard))}{name} reads "
                   f"'{expr_text(old.guard)}'; if the change is meant, keep it and say so in a note above the "
                   "rule ('#: allow B746: why')")


def _named(rules, name: str):
    return next((r for group in (rules.basra_rules, rules.capture_rules, rules.restrictions, rules.floor_bonuses,
                                 rules.hand_bonuses, rules.declarations)
                 for r in group if r.name == name), None)


def _plays_for(clause, rules, rule) -> tuple[list, str]:
    """The sampled plays a rule's condition is tried on, as its condition reads them, and what
    they are in words: probes of its cards (a capture rule, a restriction), captures (a bonus),
    first floors (a dealing rule)."""
    if isinstance(clause, n.FloorBonus) and clause.of_hand:  # a bonus for a dealt hand reads it third
        rng = random.Random(SAMPLE_SEED)
        size = min(rules.hand_size, len(rules.deck))
        return [(None, (), tuple(rng.sample(list(rules.deck), size)), (), NO_PLAY) for _ in range(FLOORS)], \
            "dealt hands"
    if isinstance(clause, n.FloorBonus):
        rng = random.Random(SAMPLE_SEED)
        size = min(rules.start_floor, len(rules.deck))
        return [(None, tuple(rng.sample(list(rules.deck), size)), (), (), NO_PLAY) for _ in range(FLOORS)], \
            "first floors"
    probes = not isinstance(clause, n.BasraRule)
    plays = list(itertools.islice((p for p in sampled_plays(rules) if (p[2] == ()) == probes
                                   and (not probes or p[0] in rule.cards)), PLAYS))
    if isinstance(clause, n.Restriction):  # it reads the card, the floor, the hand (unknown here), the play before
        return [(p[0], p[1], (), (), p[4]) for p in plays], "plays"
    return plays, "plays" if probes else "captures"


def _takes_changed(clause: n.CaptureRule, old: n.CaptureRule, name: str) -> Diagnostic:
    """B746 for a capture rule restated to take otherwise (``any takes all`` for ``any takes rank``)."""
    said = (f"'{clause.name.text}' takes {TAKES.get(clause.takes, clause.takes)}, where {name}'s takes "
            f"{TAKES.get(old.takes, old.takes)}"
            + (": every card it names clears the floor whenever it is played" if clause.takes == "all"
               and clause.guard is None else ""))
    return warning("B746", said, clause.span, f"{name} reads '{pattern_text(old.pattern)} takes {old.takes}'; if "
                   "the change is meant, keep it and say so in a note above the rule ('#: allow B746: why')")


def _score_drift(merged: Merged, rules, old_rules, origin: Merged, name: str) -> Iterator[Diagnostic]:
    """B746 for a score rule whose points, over the same seeded halves of the pack, come out
    far from the points of the rule of its name it was written from."""
    before = {c.name.text: c for alts in origin.clauses.values() for c in alts if isinstance(c, n.ScoreRule)}
    now = {r.name: r for r in rules.score_rules}
    then = {r.name: r for r in old_rules.score_rules}
    rng = random.Random(SAMPLE_SEED)
    # about half the pack each: a share a side wins, a few cards either side of half (a count
    # of cards taken is rarely exactly half, and a rule may start just past it: Cuarenta's 21)
    halves = [tuple(rng.sample(list(rules.deck), len(rules.deck) // 2 + i % (2 * SPREAD + 1) - SPREAD))
              for i in range(HALVES)]
    for clause in merged.variant.clauses:
        old = before.get(clause.name.text) if isinstance(clause, n.ScoreRule) and is_own(merged, clause) else None
        if old is None or clause.name.text not in now or clause.name.text not in then or \
                (expr_text(old.points), _guard_text(old)) == (expr_text(clause.points), _guard_text(clause)):
            continue
        rule_now, rule_then = now[clause.name.text], then[clause.name.text]
        mean_now, mean_then = (_mean_points(r, halves) for r in (rule_now, rule_then))
        low, high = sorted((mean_now, mean_then))
        if not (high > 0 and (low <= 0 or high / low >= POINTS_FACTOR)):
            continue
        held_now, held_then = (_share_holding(r, halves) for r in (rule_now, rule_then))
        if _guard_text(old) != _guard_text(clause) and clause.guard is not None and \
                _differs((held_now, held_then, _share_holding(rule_now, halves, rule_then))):
            # the condition moved the points: say so there, with the word that changed
            yield warning("B746", f"'{clause.name.text}' now holds for about {held_now:.0%} of half packs, where "
                          f"{name}'s holds for {held_then:.0%}: it pays about {mean_now:.1f} points for half the "
                          f"pack, not {mean_then:.1f}", clause.guard.span,
                          word_changed(_guard_text(old), _guard_text(clause)) + f"{name} reads 'when "
                          f"{_guard_text(old)}'; if the change is meant, keep it and say so in a note above the "
                          "rule ('#: allow B746: why')")
            continue
        yield warning("B746", f"'{clause.name.text}' gives a side about {mean_now:.1f} points for half the pack, "
                      f"where {name}'s gives {mean_then:.1f}: the points come out far from the rule they were "
                      "written from", clause.points.span, f"{name} reads '{expr_text(old.points)}'; if the "
                      "change is meant, keep it and say so in a note above the rule ('#: allow B746: why')")


def _guard_text(clause: n.Clause) -> str:
    return expr_text(clause.guard) if clause.guard is not None else ""


def _share_holding(rule, halves, also=None) -> float:
    """The share of the half packs on which a score rule's condition holds (and, given
    ``also``, that rule's as well)."""
    def holds(r, cards) -> bool:
        return r.condition is None or bool(r.condition(None, (), cards, (), NOTHING_PLAYED))
    held = 0
    for cards in halves:
        try:
            held += holds(rule, cards) and (also is None or holds(also, cards))
        except FAILURES:
            continue
    return held / len(halves)


def _suit_slipped(merged: Merged, origin: Merged, name: str) -> Iterator[Diagnostic]:
    """B746 for a copy's 'points' line that scores a card of the same rank as one the original
    scores, in another suit, and no longer that one ('7C 1' for Scopa's settebello, '7D 1')."""
    clause, old = merged.first("score.points"), origin.first("score.points")
    if merged.variant.parent is not None or not isinstance(clause, n.Points) or not isinstance(old, n.Points) \
            or not is_own(merged, clause):
        return
    slip = suit_slip(clause.entries, old.entries, name)
    if slip:
        yield warning("B746", f"'points' no longer scores what {name}'s scores: a card of the same rank in another "
                      "suit stands in its place", clause.span,
                      slip + "if the change is meant, keep it and say so in a note above the line ('#: allow B746: why')")


def _leftover_dropped(merged: Merged, rules, old_rules, name: str) -> Iterator[Diagnostic]:
    """B746: 'leftover nobody' where the original gives the cards left at the end to the side
    that took last: those cards now count for no side (card points, majorities), a change to
    every hand, said with the cards a hand leaves."""
    clause = next((c for c in merged.variant.clauses if isinstance(c, n.Leftover) and is_own(merged, c)), None)
    if clause is None or clause.mode != "nobody" or old_rules.leftover != "last" or rules.leftover != "nobody":
        return
    left = left_on_table(rules)
    if not left:
        return
    yield warning("B746", f"'leftover nobody' leaves the cards still on the table when a hand ends to no side: "
                  f"about {left:.1f} cards a hand that count for no card points and no majority, where {name} "
                  "gives them to the side that took last", clause.span,
                  f"{name} reads 'leftover last' (cards given that way never score a bonus); if nobody is meant, keep it and "
                  "say so in a note above the line ('#: allow B746: why')")


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


def _differs(shares: tuple[float, float, float]) -> bool:
    """Whether two conditions play far apart: one holds far more often, or they never hold on
    the same play though each holds on some (a 'not' lost, a comparison turned round)."""
    share_now, share_then, both = shares
    low, high = sorted((share_now, share_then))
    return (high - low >= GAP and (low == 0 or high / low >= FACTOR)) or (low >= DISJOINT and not both)


def _kept_parts(before: n.Expr, now: n.Expr, options: dict, rules) -> tuple[str, list] | None:
    """The parts (joined by 'and') both conditions keep, in words and compiled, where each
    condition also has parts of its own; None otherwise."""
    old_parts = {expr_text(p) for p in conjuncts(before)}
    kept = [p for p in conjuncts(now) if expr_text(p) in old_parts]
    if not kept or len(kept) == len(old_parts) or len(kept) == len(conjuncts(now)):
        return None
    try:
        tests = [compile_part(p, options, rules) for p in kept]
    except FAILURES:
        return None
    return " and ".join(expr_text(p) for p in kept), tests


def _shares(rule, was, plays: list) -> tuple[float, float, float] | None:
    """The shares of the plays on which each condition holds, and both; None for too few plays."""
    if len(plays) < 50:
        return None
    now, then = _held(rule.condition, plays), _held(was.condition, plays)
    return len(now) / len(plays), len(then) / len(plays), len(now & then) / len(plays)


def _held(condition, plays) -> set[int]:
    """The plays (by index) on which a condition holds."""
    return {index for index, play in enumerate(plays) if holds_on(condition, play)}


def _written_from(merged: Merged) -> tuple[str, Merged] | None:
    """The game a file was written from (``reference_of``: the bundled file it copies, or its
    parent), with its name; None for a bundled file itself or a file of its own."""
    path = merged.variant.name.span.path if merged.variant.name.span else None
    origin = reference_of(merged) if path is not None and not is_bundled_file(path) else None
    return (origin.name, origin) if origin is not None else None


def _joined(guard: n.Expr) -> str:
    """A condition as the left part of an 'and': in brackets where its own 'or' would bind last."""
    text = expr_text(guard)
    return f"({text})" if isinstance(guard, n.BoolOp) and guard.op == "or" else text
