"""Checks of the rules of the play: capture and basra rules, tried on sampled plays.

A play condition depends on the cards of a play, so these checks run the compiled rules of
each option choice over a seeded sample of plays (``sample_plays``), as a brute-force model
checker would. Each check is a generator of every diagnostic it finds:

- B703 a capture rule whose cards another rule always takes first;
- B701 a capture or basra rule that never applies (or never scores) over the sample;
- B710 a condition or points of a rule that fail for some play;
- B713 a bonus that another bonus always outscores (only the largest counts);
- B715 a sum compared in a condition while pictures, worth 0, are among the cards added;
- B723 a basra that scores a capture leaving cards on the floor.
"""

from __future__ import annotations

import itertools
from typing import Any, Callable, Iterator

from ...cards import card_name
from ...diagnostics import Diagnostic, error, warning
from ...engine.errors import POINTS_LIMIT
from ...engine.rules import Rules
from ...language import evaluation as E
from ...language import expressions as X
from ...language import nodes as n
from ...language.merge import Merged, merge
from ...language.unparse import expr_text, number_text
from .parts import failing_part
from .samples import Play, sample_plays, sampled_plays  # noqa: F401 - sample_plays is read from here too
from .combinations import (
    FAILURES,
    Combination,
    any_choice,
    is_own,
    lone_floor,
    may_apply,
    names_in,
    play_choices,
    played_cards,
    unguarded_sums,
    why_failed,
)

# (played, floor, captured, left, previous): the arguments of a compiled play condition


# ------------------------------------------------------------------ B703 for capture rules

def check_shadowed(merged: Merged, combos: list[Combination]) -> Iterator[Diagnostic]:
    """B703: a capture rule whose every card is always decided by another rule first.

    The engine tries sweeping rules (takes all) before the others, and for a numeral a rule
    that takes sums also pairs, so a 'takes rank' rule is idle on numerals it covers.
    """
    shadowed_in_all: dict[str, set[str]] | None = None
    for combo in combos:
        if combo.rules is None:
            continue
        here = _idle_rules(combo.rules)
        if shadowed_in_all is None:
            shadowed_in_all = here
        else:
            shadowed_in_all = {k: v | here[k] for k, v in shadowed_in_all.items() if k in here}
        if not shadowed_in_all:
            return
    for name, by in sorted((shadowed_in_all or {}).items()):
        clause = merged.first(f"capture.{name}")
        if clause is None or not is_own(merged, clause):
            continue
        names = " and ".join(f"'{b}'" for b in sorted(by))
        pairs = " (a rule that adds up pairs too: a single card of the same value is a group of one)" \
            if clause.takes == "rank" else ""
        yield warning("B703", f"capture rule '{name}' never decides a capture: {names} always "
                      f"take{'s' if len(by) == 1 else ''} its cards first", clause.name.span,
                      f"remove the rule, narrow the other rule's cards, or give it a 'when'{pairs}")


def _idle_rules(rules: Rules) -> dict[str, set[str]]:
    """Returns the capture rules that decide none of their cards, each with the names of the
    rules that decide them instead."""
    idle: dict[str, set[str]] = {}
    for index, rule in enumerate(rules.capture_rules):
        if not rule.cards:
            continue
        covers = [_covering(rules, index, card) for card in rule.cards]
        if None not in covers:
            idle[rule.name] = set(covers)
    return idle


def _covering(rules: Rules, index: int, card: int) -> str | None:
    """Returns the name of the rule that always takes ``card`` before rule ``index``, or None."""
    rule = rules.capture_rules[index]
    for other_index, other in enumerate(rules.capture_rules):
        if other_index == index or other.condition is not None or card not in other.cards:
            continue
        if other.takes == "all" and (rule.takes != "all" or other_index < index):
            return other.name
        if rule.takes == "rank" and other.kind == "sums" and rules.values.get(card) is not None:
            return other.name
    return None


# ------------------------------------------------------------------ B701, B710 for play rules

RULE_TRIALS = 600_000  # rule-on-play trials per option choice, shared among the pending rules


def check_play_rules(merged: Merged, combos: list[Combination]) -> Iterator[Diagnostic]:
    """B701/B710: capture and basra rules whose condition never holds over sampled plays,
    or whose condition or points fail for some play."""
    # the rules not yet seen to apply, by name; a rule leaves once it applies or fails
    pending_capture = {c.name.text: c for c in merged.variant.clauses
                       if isinstance(c, n.CaptureRule) and c.guard is not None}
    pending_basra = {c.name.text: c for c in merged.variant.clauses if isinstance(c, n.BasraRule)}
    unscored: set[str] = set()
    for combo in combos:
        rules = combo.rules
        if rules is None or not (pending_capture or pending_basra):
            continue
        capture_rules = {r.name: r for r in rules.capture_rules if r.name in pending_capture}
        basra_rules = {r.name: r for r in rules.basra_rules if r.name in pending_basra}
        # Every pending rule is tried on every play: a variant with hundreds of rules gets
        # fewer plays, so the cost stays in proportion to the file (a warning is sampled anyway).
        most = max(1_000, RULE_TRIALS // max(1, len(capture_rules) + len(basra_rules)))
        for play in itertools.islice(sampled_plays(rules), most):
            if play[2] == ():  # a probe: capture rules are decided before the play
                yield from _try_capture_rules(merged, play, capture_rules, pending_capture)
                continue
            yield from _try_basra_rules(merged, play, basra_rules, pending_basra, unscored)
            if not capture_rules and not basra_rules:
                break
    first = next((c for c in combos if c.rules is not None), None)
    yield from _never_applied(merged, pending_capture, pending_basra, unscored, first)


def _try_capture_rules(merged: Merged, play: Play, capture_rules: dict, pending: dict) -> Iterator[Diagnostic]:
    """Tries the capture rules left on a probe play; drops those that apply or fail."""
    for name, rule in list(capture_rules.items()):
        if play[0] not in rule.cards:
            continue
        ok, exc = _call(rule.condition, play)
        if exc is not None:
            yield _failure(merged, pending.pop(name), "when", exc, play)
            del capture_rules[name]
        elif ok:
            del capture_rules[name]
            del pending[name]


def _try_basra_rules(merged: Merged, play: Play, basra_rules: dict, pending: dict,
                     unscored: set[str]) -> Iterator[Diagnostic]:
    """Tries the basra rules left on a capture; drops those that score or fail, and notes
    in ``unscored`` those whose condition holds without points above zero."""
    for name, rule in list(basra_rules.items()):
        ok, exc = _call(rule.condition, play)
        if exc is None and ok:
            points, exc = _call(rule.points, play)
            if exc is None and points is not None and abs(points) > POINTS_LIMIT:
                exc = ValueError(f"it scores {points:.3g} points, beyond {POINTS_LIMIT:,}")
            if exc is None and points is not None and points > 0:
                del basra_rules[name]
                del pending[name]
                unscored.discard(name)
                continue
            if exc is None:
                unscored.add(name)
        if exc is not None:
            yield _failure(merged, pending.pop(name), "points" if ok else "when", exc, play)
            del basra_rules[name]


def _never_applied(merged: Merged, pending_capture: dict, pending_basra: dict,
                   unscored: set[str], first: Combination | None) -> Iterator[Diagnostic]:
    """B701 for the rules that no sampled play made apply (or score), naming the part of the
    condition to blame where it has several (``parts``)."""
    def blamed(clause: n.Clause, probes: bool) -> str | None:
        return None if first is None else failing_part(clause, first.rules, first.options, probes)

    for name, clause in pending_capture.items():
        yield warning("B701", f"capture rule '{name}' never applies: its 'when' holds for none of the "
                      f"sampled plays, under {any_choice(merged)}", clause.guard.span,
                      blamed(clause, True) or "check the condition; a capture rule is decided before the play, "
                      "on played, floor and previous")
    for name, clause in pending_basra.items():
        if name in unscored:
            yield warning("B701", f"'{name}' never scores: its condition holds, but its points are never "
                          "above zero", clause.points.span, "give it a positive number of points")
        elif clause.guard is not None:
            yield warning("B701", f"'{name}' never applies: its 'when' holds for none of the sampled captures, "
                          f"under {any_choice(merged)}", clause.guard.span,
                          blamed(clause, False) or _piles_score_nothing(first, clause) or
                          "check the condition against what a capture can be: played, "
                          "floor, captured, left, and the hand around it: last, last_deal, stock")


def _piles_score_nothing(first: Combination | None, clause: n.Clause) -> str | None:
    """B701's help where cards take other players' piles and the rule reads what was captured:
    a pile taken scores no bonus, so a rule meant for big piles never applies."""
    if first is None or first.rules is None or not first.rules.takes_piles or "captured" not in names_in(clause.guard):
        return None
    return ("a pile taken from another player scores no bonus: bonus rules see only cards taken from the floor, "
            "which seldom come in such numbers; to reward the biggest pile, score it at the end of the hand, such "
            "as 'most cards'")


def _call(fn: Callable | None, args: Play) -> tuple[Any, BaseException | None]:
    """Returns (value, None) of a compiled function (True for a missing condition), or
    (None, the exception) where it fails."""
    if fn is None:
        return True, None
    try:
        return fn(*args), None
    except FAILURES as exc:
        return None, exc


def _failure(merged: Merged, clause: n.Clause, part: str, exc: BaseException, play: Play) -> Diagnostic:
    p, f, c = play[:3]
    expr = clause.points if part == "points" and isinstance(clause, n.BasraRule) else clause.guard
    shown = " ".join(map(card_name, f)) or "nothing"
    played = f"{card_name(p)} played on {shown}" + (f", taking {' '.join(map(card_name, c))}" if c else "")
    return error("B710", f"'{expr_text(expr)}' fails when {played}: {why_failed(exc)}", expr.span,
                 "guard the expression, such as 'when floor.count > 0'")


# ------------------------------------------------------------------ B713, B715, B723 on sampled captures

OUTCOME_NAMES = frozenset({"captured", "left", "cleared", "trailed"})


def check_bonus_plays(merged: Merged, combos: list[Combination]) -> Iterator[Diagnostic]:
    """B713/B715/B723 over sampled plays: a bonus that another always outscores (the engine
    scores only the largest); a sum compared where a picture, worth 0, was among the cards
    added; a basra that scores a capture leaving cards on the floor, its condition saying
    nothing of what the capture took or left."""
    own = [c for c in merged.variant.clauses if isinstance(c, (n.BasraRule, n.CaptureRule))]
    bonuses = [c for alts in merged.clauses.values() for c in alts if isinstance(c, n.BasraRule)]
    outscored = {c.name.text: c for c in own if isinstance(c, n.BasraRule)} if len(bonuses) > 1 else {}
    sums = [(c, cmp, subject) for c in own if c.guard is not None for cmp, subject in unguarded_sums(c.guard)]
    changed = next((c for c in merged.variant.clauses + merged.variant.drops if c.section == "capture"), None)
    swept = _swept_before(merged) if changed is not None else frozenset()
    # a capture from a one-card floor always clears it; an inherited rule is this file's doing
    # only where the parent's sweeps made every capture it scores clear the floor
    leaving = {c.name.text: c for c in bonuses if not names_in(c.guard) & OUTCOME_NAMES and not lone_floor(c.guard)
               and (is_own(merged, c) or played_cards(c.guard) <= swept)}
    if not (outscored or sums or leaving):
        return
    beaten: dict[str, set[str]] = {}  # rule -> the rules that outscored it where it applied
    found_sums: dict[int, tuple] = {}
    found_leaving: dict[str, Play] = {}
    cut = False
    for rules, options in play_choices(merged, combos):
        sweepers = frozenset().union(*(r.cards for r in rules.capture_rules if r.takes == "all" and r.condition is None))
        look = {"outscored": {k for k, c in outscored.items() if may_apply(c, options)},
                "leaving": {k for k, c in leaving.items() if k not in found_leaving and may_apply(c, options)
                            and not played_cards(c.guard) <= sweepers}}  # a sweep always clears
        subjects = list(_subjects(rules, options, sums, found_sums))
        if not (look["outscored"] or look["leaving"] or subjects):
            continue
        # as check_play_rules: a file of hundreds of rules gets fewer plays, not more time
        most = max(1_000, RULE_TRIALS // max(1, len(rules.basra_rules) + len(subjects)))
        for index, play in enumerate(sampled_plays(rules)):
            if index == most:
                cut = True  # 'never the largest' needs every play: it is not claimed from a part
                break
            if subjects:
                _try_sums(play, rules, subjects, found_sums)
            if play[2] and (look["outscored"] or look["leaving"] and play[3]):
                _try_bonuses(play, rules, outscored, look, beaten, found_leaving)
            if not look["outscored"] and not look["leaving"] and all(id(s[1]) in found_sums for s in subjects):
                break
    for name, clause in outscored.items() if not cut else ():
        if name in beaten:
            yield _outscored(merged, clause, sorted(beaten[name]))
    for clause, cmp, play in found_sums.values():
        yield _picture_sum(cmp, play)
    for name, play in found_leaving.items():
        yield _leaves_cards(merged, leaving[name], play, changed)


def _swept_before(merged: Merged) -> frozenset[int]:
    """Returns the cards that sweep the floor whatever the play in the parent (takes all, no 'when')."""
    parent = merge(merged.chain[1:])[0] if len(merged.chain) > 1 else None
    return frozenset().union(*(X.pattern_set(c.pattern) for c in (parent.rules("capture") if parent else ())
                               if isinstance(c, n.CaptureRule) and c.takes == "all" and c.guard is None))


def _subjects(rules: Rules, options: dict, sums: list, found: dict) -> Iterator[tuple]:
    """Yields each sum comparison not yet seen to meet a picture, its rule and the cards it adds, compiled."""
    ranks = {c: c >> 2 for c in rules.deck} | {None: None}
    for clause, cmp, subject in sums:
        is_capture = isinstance(clause, n.CaptureRule)
        rule = next((r for r in (rules.capture_rules if is_capture else rules.basra_rules)
                     if r.name == clause.name.text), None)
        if rule is not None and id(cmp) not in found:
            yield clause, cmp, E.compile_function(subject, options, rules.values, ranks), rule, is_capture


def _score(rule, play: Play) -> float | None:
    """Returns the points a bonus scores on a capture, or None where it does not apply."""
    points, exc = _call(rule.points, play) if _call(rule.condition, play)[0] else (None, None)
    return points if exc is None and isinstance(points, (int, float)) and points > 0 else None


def _try_bonuses(play: Play, rules: Rules, outscored: dict, look: dict, beaten: dict, found: dict) -> None:
    """Notes of a capture the bonuses looked at that apply: the largest (it counts), one leaving cards."""
    wanted = look["outscored"] | (look["leaving"] if play[3] else set())
    scores = {r.name: p for r in rules.basra_rules if r.name in wanted and (p := _score(r, play)) is not None}
    if not scores:
        return
    if scores.keys() & look["outscored"]:  # the other bonuses matter only when a candidate applies
        scores |= {r.name: p for r in rules.basra_rules if r.name not in scores and (p := _score(r, play)) is not None}
    for name in scores.keys() & look["outscored"]:
        better = {other for other, p in scores.items() if p > scores[name]}
        if better:
            beaten[name] = beaten.get(name, set()) | better
        else:  # it is the largest here: it counts
            look["outscored"].discard(name)
            del outscored[name]
            beaten.pop(name, None)
    for name in scores.keys() & look["leaving"] if play[3] else ():
        found[name] = play
        look["leaving"].discard(name)


def _try_sums(play: Play, rules: Rules, subjects: list, found: dict) -> None:
    """Notes a sum compared in a condition that holds while a picture is among the cards added."""
    for clause, cmp, subject, rule, is_capture in subjects:
        if id(cmp) in found or (play[2] == ()) != is_capture or (is_capture and play[0] not in rule.cards):
            continue
        ok, _ = _call(rule.condition, play)
        cards, exc = _call(subject, play) if ok else (None, None)
        if ok and exc is None and cards and any(rules.values.get(c) is None for c in cards):
            found[id(cmp)] = (clause, cmp, (play, cards))


def _outscored(merged: Merged, clause: n.BasraRule, by: list[str]) -> Diagnostic:
    first, second = merged.first(f"basra.{by[0]}").points, clause.points
    total = (number_text(first.value + second.value) if isinstance(first, n.Number) and isinstance(second, n.Number)
             else f"{expr_text(first)} + {expr_text(second)}")
    when = f" when {expr_text(clause.guard)}" if clause.guard is not None else ""
    names = " or ".join(f"'{b}'" for b in by)
    return warning("B713", f"'{clause.name.text}' never counts: whenever it applies, {names} applies too with more "
                   "points, and a capture scores only its largest bonus", clause.name.span,
                   f"bonuses do not add up; to score it on top of {names}, give the sum: "
                   f"{clause.name.text}: {total}{when}")


def _picture_sum(cmp: n.Compare, found: tuple) -> Diagnostic:
    play, cards = found
    p, f = play[:2]
    shown = " ".join(map(card_name, cards))
    subject = next(node.obj for node in n.walk(cmp) if isinstance(node, n.Attribute) and node.attr == "sum")
    what = f"{card_name(p)} played on {' '.join(map(card_name, f)) or 'nothing'}"
    return warning("B715", f"'{expr_text(cmp)}' adds pictures as 0: it holds for {what}, where "
                   f"{expr_text(subject)} ({shown}) holds a picture", cmp.span,
                   f"if pictures should not count, say so: {expr_text(subject)} only numeral and {expr_text(cmp)}")


def _leaves_cards(merged: Merged, clause: n.BasraRule, play: Play, changed) -> Diagnostic:
    p, f, c, left = play[:4]
    what = f"{card_name(p)} takes {' '.join(map(card_name, c))} from {' '.join(map(card_name, f))}"
    when = f" and {expr_text(clause.guard)}" if clause.guard is not None else ""
    help_ = f"if it is a basra, say so: {clause.name.text}: {expr_text(clause.points)} when cleared{when}"
    if clause.guard is not None and names_in(clause.guard) & X.PLAY_NAMES.keys() == {"floor"}:
        # it reads only the floor: the first floor as dealt, won at the deal, is most likely meant
        help_ += (f"; if the first floor as dealt is meant, it is a dealing rule: under 'dealing:' write "
                  f"'{clause.name.text}: {expr_text(clause.points)} to dealer when {expr_text(clause.guard)}'")
    if is_own(merged, clause):
        return warning("B723", f"'{clause.name.text}' scores a capture that leaves cards on the floor ({what}): "
                       "its condition says nothing of what the capture takes or leaves", clause.name.span, help_)
    origin = merged.origin.get(clause.key, "the parent")
    return warning("B723", f"{origin}'s bonus '{clause.name.text}' now scores a capture that leaves cards on the floor "
                   f"({what}): its cards swept the floor in {origin}, and this change to the capture rules "
                   "lets them take less", changed.span, help_)
