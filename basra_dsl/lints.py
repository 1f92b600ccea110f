"""Checks beyond the parser and the type checker: what a variant says that cannot be meant.

Each check is a generator of diagnostics over a merged variant that already loads without
errors (see ``semantics.load``); ``lint`` runs them all. They look at every option
assignment with every allowed player count (up to ``MAX_COMBINATIONS`` of them), compile
the rules for each and, for play conditions, evaluate the compiled functions over a seeded
sample of plays, as a brute-force model checker would:

- B701 a clause that never applies (a ``when`` that never holds, for any choice or play);
- B702 a card pattern that matches no card of the deck;
- B703 a rule shadowed by another (its cards are always taken by an earlier rule);
- B704 a deck too small for the deal at some player count;
- B705 a number out of range (a hand of 0 or a million cards, a negative target);
- B706 a majority without a tie policy where a tie can happen;
- B707 points per hand that do not add up to the ``total`` the variant claims;
- B708 a clause or option of a child stated exactly as its parent states it;
- B709 a variant that extends another and changes nothing;
- B710 an expression that fails when evaluated (a division by zero).
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass
from typing import Any, Callable, Iterator

from . import expressions as X
from . import nodes as n
from .compiler import compile_rules
from .diagnostics import Diagnostic, DiagnosticError, Span, error, warning
from .rules import Rules
from .semantics import MAX_OPTION_COMBINATIONS, SAMPLE_SEED, Merged, merge
from .unparse import expr_text

MAX_COMBINATIONS = MAX_OPTION_COMBINATIONS
_FAILURES = (ArithmeticError, TypeError, ValueError, IndexError, KeyError, AttributeError, RecursionError)

# name -> (least, most, whole number?)
RANGES = {
    "setup.hand": ("a hand", 1, 52, True),
    "setup.start_floor": ("the starting floor", 0, 52, True),
    "setup.redeal_floor": ("the floor of a new deal", 0, 52, True),
    "game.target": ("the target", 1, 1_000_000, False),
    "match.best_of": ("a match", 1, 99, True),
    "match.decider": ("the decider", 1, 1_000_000, False),
}


@dataclass(frozen=True)
class Combination:
    """One way to play the variant: option values and player count, and its rules."""

    options: dict[str, Any]
    rules: Rules | None

    def describe(self, merged: Merged) -> str:
        shown = [f"{k}={_show(v)}" for k, v in self.options.items()
                 if k != "players" and merged.option_defaults().get(k) != v]
        return f"{self.options['players']} players" + (f" with {', '.join(shown)}" if shown else "")


def _show(value: Any) -> str:
    return ("yes" if value else "no") if isinstance(value, bool) else str(value)


def combinations(merged: Merged) -> list[dict[str, Any]]:
    """Returns option assignments with player counts, defaults first, at most MAX_COMBINATIONS
    (a seeded sample when there are more; see ``Merged.option_combinations``)."""
    return list(merged.option_combinations(MAX_COMBINATIONS, SAMPLE_SEED))


def _any_choice(merged: Merged) -> str:
    count = merged.option_combination_count()
    return ("any option choice" if count <= MAX_COMBINATIONS
            else f"any of the {MAX_COMBINATIONS} sampled option choices (of {count:,})")


def lint(merged: Merged) -> Iterator[Diagnostic]:
    """Yields every finding of the checks of this module, most basic first."""
    found = list(check_constant_expressions(merged))
    yield from found
    if any(d.is_error for d in found):
        return
    found = list(check_ranges(merged))
    yield from found
    if any(d.is_error for d in found):
        return
    combos, refused = _compile_all(merged)
    yield from refused
    if refused:
        return
    for check in (check_deck_size, check_totals, check_tie_policies, check_static_guards,
                  check_patterns, check_shadowed, check_play_rules, check_overrides):
        yield from check(merged, combos)


def _compile_all(merged: Merged) -> tuple[list[Combination], list[Diagnostic]]:
    """Returns each sampled option choice with its compiled rules, and, once each, the errors
    the compiler raised for some choice (such as a clause none of whose alternatives holds)."""
    combos, refused = [], {}
    for options in combinations(merged):
        try:
            rules = compile_rules(merged, options)
        except DiagnosticError as exc:
            rules = None
            for diagnostic in exc.diagnostics:
                refused.setdefault((diagnostic.code, diagnostic.span), diagnostic)
        except _FAILURES:
            rules = None  # check_constant_expressions reports these with their cause
        combos.append(Combination(options, rules))
    return combos, list(refused.values())


def _own(merged: Merged, clause: n.Node) -> bool:
    return any(c is clause for c in merged.variant.clauses)


def _here(merged: Merged, span: Span | None) -> Span:
    """Returns a span in the checked file: the given one, or the variant's name."""
    if span is not None and span.path == merged.variant.name.span.path:
        return span
    return merged.variant.name.span


def _pick(merged: Merged, key: str, options: dict[str, Any]) -> n.Clause | None:
    for clause in merged.clauses.get(key, ()):
        if clause.guard is None or _safe_constant(clause.guard, options):
            return clause
    return None


def _safe_constant(expr: n.Expr, options: dict[str, Any]) -> Any:
    try:
        return X.evaluate_constant(expr, options)
    except _FAILURES:
        return None


def _static_expressions(clause: n.Clause) -> Iterator[n.Expr]:
    if clause.guard is not None and not isinstance(clause, (n.CaptureRule, n.BasraRule)):
        yield clause.guard
    match clause:
        case n.Hand(count=e) | n.StartFloor(count=e) | n.RedealFloor(count=e) | n.Most(points=e) | \
                n.Total(points=e) | n.Target(points=e) | n.Decider(points=e) | n.BestOf(games=e):
            yield e
        case n.GameTie(amount=e) if e is not None:
            yield e
        case n.Points(entries=entries):
            yield from (entry.points for entry in entries)


# ------------------------------------------------------------------ B710, B705

def check_constant_expressions(merged: Merged) -> Iterator[Diagnostic]:
    """B710: setup, score and game expressions that fail for some option choice."""
    combos = combinations(merged)
    for clause in merged.variant.clauses:
        for expr in _static_expressions(clause):
            for options in combos:
                try:
                    value = X.evaluate_constant(expr, options)
                except _FAILURES as exc:
                    yield error("B710", f"'{expr_text(expr)}' cannot be worked out: {_why(exc)}",
                                expr.span, f"with {_describe(merged, options)}")
                    break
                if isinstance(value, float) and not math.isfinite(value):
                    yield error("B710", f"'{expr_text(expr)}' is not a finite number", expr.span,
                                f"with {_describe(merged, options)}")
                    break


def _why(exc: BaseException) -> str:
    if isinstance(exc, ZeroDivisionError):
        return "it divides by zero"
    if isinstance(exc, OverflowError):
        return "the number grows too large"
    if isinstance(exc, RecursionError):
        return "it is nested too deeply"
    return f"{type(exc).__name__}: {exc}"


def _describe(merged: Merged, options: dict[str, Any]) -> str:
    return Combination(options, None).describe(merged)


def check_ranges(merged: Merged) -> Iterator[Diagnostic]:
    """B705: counts and targets outside what a game of cards can hold."""
    combos = combinations(merged)
    for key, (what, least, most, whole) in RANGES.items():
        for clause in merged.clauses.get(key, ()):
            if not _own(merged, clause):
                continue
            expr = next(e for e in _static_expressions(clause) if e is not clause.guard)
            for options in combos:
                value = _safe_constant(expr, options)
                if not isinstance(value, (int, float)) or isinstance(value, bool):
                    continue
                if not least <= value <= most or (whole and value != int(value)):
                    varies = len({repr(_safe_constant(expr, o)) for o in combos}) > 1
                    yield error("B705", f"{what} of {_number(value)} is out of range"
                                + (f" (with {_describe(merged, options)})" if varies else ""), expr.span,
                                _range_help(merged, key, what, least, most, whole))
                    break
    for clause in merged.variant.clauses:
        values = []
        if isinstance(clause, n.Points):
            values = [(e.points, _safe_constant(e.points, merged.option_defaults())) for e in clause.entries]
        elif isinstance(clause, n.Most):
            values = [(clause.points, _safe_constant(clause.points, merged.option_defaults()))]
        for expr, value in values:
            if isinstance(value, (int, float)) and abs(value) > 1_000_000:
                yield error("B705", f"{_number(value)} points is out of range", expr.span,
                            "points of a card or a majority run from -1,000,000 to 1,000,000")


def _range_help(merged: Merged, key: str, what: str, least: int, most: int, whole: bool) -> str:
    kind = "a whole number" if whole else "a number"
    if key == "setup.hand":  # the 52 cards shared among the players, before any floor
        most_by_players = " or ".join(f"{52 // p} with {p} players" for p in merged.player_counts())
        return f"{what} is {kind} of cards from {least} to {most_by_players}"
    return f"{what} is {kind} from {least} to {most:,}"


def _number(value: float) -> str:
    return str(int(value)) if float(value).is_integer() and abs(value) < 1e18 else f"{value:g}"


# ------------------------------------------------------------------ B704, B707, B706

def check_deck_size(merged: Merged, combos: list[Combination]) -> Iterator[Diagnostic]:
    """B704: more cards needed for the first deal than the deck holds."""
    reported = set()
    for combo in combos:
        rules = combo.rules
        if rules is None:
            continue
        needed = rules.hand_size * rules.players + rules.start_floor
        if needed > len(rules.deck) and rules.players not in reported:
            reported.add(rules.players)
            clause = _pick(merged, "setup.hand", combo.options)
            own = [c for c in (clause, _pick(merged, "setup.deck", combo.options),
                               _pick(merged, "setup.start_floor", combo.options)) if c and _own(merged, c)]
            span = _here(merged, own[0].span if own else None)
            yield error("B704", f"with {combo.describe(merged)} the first deal needs {rules.hand_size} × "
                        f"{rules.players} + {rules.start_floor} = {needed} cards, but the deck has "
                        f"{len(rules.deck)}", span,
                        "deal smaller hands at this player count, such as 'hand 3 when players == "
                        f"{rules.players}', or drop the player count")


def check_totals(merged: Merged, combos: list[Combination]) -> Iterator[Diagnostic]:
    """B707: the points a hand pays out differ from the variant's ``total`` claim."""
    for combo in combos:
        rules = combo.rules
        if rules is None or rules.total_claim is None:
            continue
        cards = sum(rules.card_points.get(c, 0) for c in rules.deck)
        majorities = sum(m.points for m in rules.majorities)
        if abs(cards + majorities - rules.total_claim) > 1e-9:
            clause = _pick(merged, "score.total", combo.options)
            parts = [f"{_number(cards)} for cards"] + [f"{_number(m.points)} for most {m.what}"
                                                       for m in rules.majorities]
            sum_ = _number(cards + majorities)
            message = (f"the points of a hand add up to {sum_} ({' + '.join(parts)}), not the "
                       f"{_number(rules.total_claim)} that 'total' claims"
                       + (f" (with {combo.describe(merged)})" if len(combos) > 1 else ""))
            if clause is not None and _own(merged, clause):
                yield error("B707", message, clause.span,
                            f"correct the total to {sum_}, or the points that make it up")
                return
            claim = f" ('total {expr_text(clause.points)}')" if clause is not None else ""
            origin = merged.origin.get("score.total", "the parent")
            yield error("B707", message, _here(merged, _changed_sum(merged, combo.options)),
                        f"the total is {origin}'s{claim}: state 'total {sum_}' in this variant's score "
                        "section, or correct the points that make it up")
            return


def _changed_sum(merged: Merged, options: dict[str, Any]) -> Span | None:
    """Returns where this variant changes what a hand pays out (its card points, majorities,
    deck or a dropped score clause), or None."""
    keys = ("score.points", "setup.deck")
    for clause in merged.variant.clauses:
        if (clause.key in keys or isinstance(clause, n.Most)) and \
                (clause.guard is None or _safe_constant(clause.guard, options)):
            return clause.span
    for drop in merged.variant.drops:
        if drop.section == "score" or drop.key == "setup.deck":
            return drop.span
    return None


def check_tie_policies(merged: Merged, combos: list[Combination]) -> Iterator[Diagnostic]:
    """B706: a majority that can end in a tie without saying what a tie does."""
    for key, alternatives in merged.clauses.items():
        for clause in alternatives:
            if not isinstance(clause, n.Most) or clause.tie is not None or not _own(merged, clause):
                continue
            for combo in combos:
                rules = combo.rules
                if rules is None or _pick(merged, key, combo.options) is not clause:
                    continue
                suit = next((m.suit for m in rules.majorities if m.what == clause.what.text), None)
                counted = sum(1 for c in rules.deck if suit is None or c & 3 == suit)
                if len(rules.sides) > 2 or counted % 2 == 0 or rules.leftover != "last":
                    yield warning("B706", f"'most {clause.what.text}' does not say what a tie does, and "
                                  f"with {combo.describe(merged)} the sides can tie", clause.span,
                                  "end it with 'tie carry', 'tie nobody' or 'tie each'")
                    break


# ------------------------------------------------------------------ B701, B703 for setup-like clauses

def check_static_guards(merged: Merged, combos: list[Combination]) -> Iterator[Diagnostic]:
    """B701/B703: alternatives of a setup, score or game clause that are never chosen."""
    for key, alternatives in merged.clauses.items():
        if not alternatives or isinstance(alternatives[0], (n.CaptureRule, n.BasraRule)):
            continue
        chosen = set()
        for combo in combos:
            picked = _pick(merged, key, combo.options)
            if picked is not None:
                chosen.add(id(picked))
        for index, clause in enumerate(alternatives):
            if id(clause) in chosen or not _own(merged, clause) or clause.guard is None:
                continue
            holds = any(_safe_constant(clause.guard, c.options) for c in combos)
            if not holds:
                yield warning("B701", f"this 'when' never holds for {_any_choice(merged)} or player count, so the "
                              f"clause never applies", clause.guard.span,
                              f"players: {' or '.join(map(str, merged.player_counts()))}; remove the clause "
                              "or correct its condition")
            else:
                earlier = next(a for a in alternatives[:index] if a.guard is None or
                               any(_safe_constant(a.guard, c.options) for c in combos))
                yield warning("B703", f"this alternative is never chosen: the one at line {earlier.span.line} "
                              "applies whenever this one would", clause.span,
                              "put the narrower alternative first")


# ------------------------------------------------------------------ B702

def check_patterns(merged: Merged, combos: list[Combination]) -> Iterator[Diagnostic]:
    """B702: capture rules, card points and barred cards that match no card of the deck."""
    for alternatives in merged.clauses.values():
        for clause in alternatives:
            for pattern, what in _clause_patterns(clause):
                if all(rules is None or not X.pattern_set(pattern, frozenset(rules.deck))
                       for rules in (c.rules for c in combos)) and any(c.rules for c in combos):
                    if _own(merged, clause):
                        span, extra = pattern.span, ""
                    else:
                        deck = next((c for c in merged.variant.clauses if isinstance(c, n.Deck)), None)
                        span = _here(merged, deck.span if deck else None)
                        extra = f" (inherited from {merged.origin.get(clause.key, 'the parent')})"
                    yield warning("B702", f"{what}{extra} matches no card of the deck", span,
                                  "the deck leaves these cards out: remove the clause or change the deck")


def _clause_patterns(clause: n.Clause) -> Iterator[tuple[n.Pattern, str]]:
    from .unparse import pattern_text
    match clause:
        case n.CaptureRule(name=name, pattern=pattern):
            yield pattern, f"capture rule '{name.text}' ({pattern_text(pattern)})"
        case n.Points(entries=entries):
            for entry in entries:
                yield entry.pattern, f"'points {pattern_text(entry.pattern)}'"
        case n.StartFloor(bar=bar) if bar is not None:
            for pattern in bar.patterns:
                yield pattern, f"the barred cards '{pattern_text(pattern)}'"


# ------------------------------------------------------------------ B703 for capture rules

def check_shadowed(merged: Merged, combos: list[Combination]) -> Iterator[Diagnostic]:
    """B703: a capture rule whose every card is always decided by another rule first.

    The engine tries sweeping rules (takes all) before the others, and for a numeral a rule
    that takes sums also pairs, so a 'takes rank' rule is idle on numerals it covers.
    """
    shadowed_in_all: dict[str, set[str]] | None = None
    for combo in combos:
        rules = combo.rules
        if rules is None:
            continue
        here: dict[str, set[str]] = {}
        for index, rule in enumerate(rules.capture_rules):
            cards = rule.cards
            if not cards:
                continue
            by: set[str] = set()
            idle = True
            for card in cards:
                cover = _covering(rules, index, card)
                if cover is None:
                    idle = False
                    break
                by.add(cover)
            if idle:
                here[rule.name] = by
        if shadowed_in_all is None:
            shadowed_in_all = here
        else:
            shadowed_in_all = {k: v | here[k] for k, v in shadowed_in_all.items() if k in here}
        if not shadowed_in_all:
            return
    for name, by in sorted((shadowed_in_all or {}).items()):
        clause = merged.first(f"capture.{name}")
        if clause is None or not _own(merged, clause):
            continue
        names = " and ".join(f"'{b}'" for b in sorted(by))
        yield warning("B703", f"capture rule '{name}' never decides a capture: {names} always "
                      "take its cards first", clause.name.span,
                      "remove the rule, narrow the other rule's cards, or give it a 'when'")


def _covering(rules: Rules, index: int, card: int) -> str | None:
    rule = rules.capture_rules[index]
    for other_index, other in enumerate(rules.capture_rules):
        if other_index == index or other.condition is not None or card not in other.cards:
            continue
        if other.takes == "all" and (rule.takes != "all" or other_index < index):
            return other.name
        if rule.takes == "rank" and other.takes == "sums" and rules.values.get(card) is not None:
            return other.name
    return None


# ------------------------------------------------------------------ B701, B710 for play rules

def check_play_rules(merged: Merged, combos: list[Combination]) -> Iterator[Diagnostic]:
    """B701/B710: capture and basra rules whose condition never holds over sampled plays,
    or whose condition or points fail for some play."""
    pending_capture = {c.name.text: c for c in merged.variant.clauses
                       if isinstance(c, n.CaptureRule) and c.guard is not None}
    pending_basra = {c.name.text: c for c in merged.variant.clauses if isinstance(c, n.BasraRule)}
    unscored: set[str] = set()
    failed: set[str] = set()
    for combo in combos:
        rules = combo.rules
        if rules is None or not (pending_capture or pending_basra):
            continue
        capture_rules = {r.name: r for r in rules.capture_rules if r.name in pending_capture}
        basra_rules = {r.name: r for r in rules.basra_rules if r.name in pending_basra}
        for p, f, c, l, q in _sample_plays(rules):
            if c == ():
                for name, rule in list(capture_rules.items()):
                    if p not in rule.cards:
                        continue
                    ok, exc = _call(rule.condition, (p, f, (), (), q))
                    if exc is not None:
                        failed.add(name)
                        yield _failure(merged, pending_capture.pop(name), "when", exc, (p, f, (), (), q))
                        del capture_rules[name]
                    elif ok:
                        del capture_rules[name]
                        del pending_capture[name]
                continue
            for name, rule in list(basra_rules.items()):
                args = (p, f, c, l, q)
                ok, exc = (True, None) if rule.condition is None else _call(rule.condition, args)
                if exc is None and ok:
                    points, exc = _call(rule.points, args)
                    if exc is None and points is not None and points > 0:
                        del basra_rules[name]
                        del pending_basra[name]
                        unscored.discard(name)
                        continue
                    if exc is None:
                        unscored.add(name)
                if exc is not None:
                    failed.add(name)
                    yield _failure(merged, pending_basra.pop(name), "points" if ok else "when", exc, args)
                    del basra_rules[name]
            if not capture_rules and not basra_rules:
                break
    for name, clause in pending_capture.items():
        yield warning("B701", f"capture rule '{name}' never applies: its 'when' holds for none of the "
                      f"sampled plays, under {_any_choice(merged)}", clause.guard.span,
                      "check the condition; a capture rule is decided before the play, on played, floor "
                      "and previous")
    for name, clause in pending_basra.items():
        if name in unscored:
            yield warning("B701", f"'{name}' never scores: its condition holds, but its points are never "
                          "above zero", clause.points.span, "give it a positive number of points")
        elif clause.guard is not None:
            yield warning("B701", f"'{name}' never applies: its 'when' holds for none of the sampled captures, "
                          f"under {_any_choice(merged)}", clause.guard.span,
                          "check the condition against what a capture can be: played, floor, captured, left")


def _call(fn: Callable | None, args: tuple) -> tuple[Any, BaseException | None]:
    if fn is None:
        return True, None
    try:
        return fn(*args), None
    except _FAILURES as exc:
        return None, exc


def _failure(merged: Merged, clause: n.Clause, part: str, exc: BaseException, args: tuple) -> Diagnostic:
    from .cards import card_name
    p, f, c, _, _ = args
    expr = clause.points if part == "points" and isinstance(clause, n.BasraRule) else clause.guard
    shown = " ".join(map(card_name, f)) or "nothing"
    play = f"{card_name(p)} played on {shown}" + (f", taking {' '.join(map(card_name, c))}" if c else "")
    return error("B710", f"'{expr_text(expr)}' fails when {play}: {_why(exc)}", expr.span,
                 "guard the expression, such as 'when floor.count > 0'")


def _sample_plays(rules: Rules):
    """Yields (played, floor, captured, left, previous) plays: for each played card and
    floor, first a capture-rule probe (captured ``()``), then every capture the engine allows."""
    from .engine.capture import NO_PREVIOUS, CaptureResolver
    rng = random.Random(SAMPLE_SEED)
    deck = list(rules.deck)
    if not deck:
        return
    resolver = CaptureResolver(rules)
    numerals = [c for c in deck if rules.values.get(c) is not None]
    floors: list[tuple[int, ...]] = [()]
    floors += [(x,) for x in deck]
    for size in (2, 2, 3, 3, 4, 5, 6, 8, 10, 12, 16) * 30:
        floors.append(tuple(rng.sample(deck, min(size, len(deck)))))
    for size in (2, 3, 4, 5) * 30:
        if numerals:
            floors.append(tuple(rng.sample(numerals, min(size, len(numerals)))))
    for rank in range(13):  # every card of one rank, and pairs of it
        same = [c for c in deck if c >> 2 == rank]
        for k in range(1, len(same) + 1):
            floors.append(tuple(same[:k]))
    for index, floor in enumerate(floors):
        previous = _previous(floor, index, rng, deck, NO_PREVIOUS)
        players = deck if len(floor) <= 1 else rng.sample(deck, min(12, len(deck)))
        for p in players:
            if p in floor:
                continue
            yield p, floor, (), (), previous
            try:
                options = resolver.captures(p, floor, previous)
            except _FAILURES:
                continue
            for capture in options[:8]:
                if capture:
                    taken = set(capture)
                    yield p, floor, tuple(capture), tuple(x for x in floor if x not in taken), previous


def _previous(floor: tuple[int, ...], index: int, rng: random.Random, deck: list[int], none):
    kind = index % 3
    if kind == 0 or not floor:
        return none
    last = floor[-1]
    before = floor[:-1]
    if kind == 1:  # the last floor card was trailed
        return (last, before, (), floor)
    taker, taken = rng.choice(deck), rng.choice(deck)  # a capture that left this floor
    return (taker, floor + (taken,), (taken,), floor)


# ------------------------------------------------------------------ B708, B709

def check_overrides(merged: Merged, combos: list[Combination]) -> Iterator[Diagnostic]:
    """B708/B709: a child that restates its parent's clauses, or changes nothing at all."""
    variant = merged.variant
    if variant.parent is None or len(merged.chain) < 2:
        return
    parent, _ = merge(merged.chain[1:])
    if not variant.clauses and not variant.options and not variant.drops:
        yield warning("B709", f"'{variant.name.text}' extends '{parent.name}' but changes nothing", variant.name.span,
                      "state the clauses or options that differ, or list this name in the parent's 'aliases'")
        return
    own: dict[str, list[n.Clause]] = {}
    for clause in variant.clauses:
        own.setdefault(clause.key, []).append(clause)
    for key, alternatives in own.items():
        if key == "score.total":
            continue  # restating the total is a claim the child's rules are checked against (B707)
        if tuple(alternatives) == parent.clauses.get(key):
            what = key.split(".", 1)[1].replace("_", " ")
            yield warning("B708", f"'{what}' is stated exactly as '{parent.origin.get(key, parent.name)}' "
                          "states it, so it overrides nothing", _name_span(alternatives[0]),
                          "remove it: the variant inherits it")
    for option in variant.options:
        inherited = parent.options.get(option.name.text)
        if inherited is not None and inherited == option:
            yield warning("B708", f"option '{option.name.text}' is declared exactly as in "
                          f"'{parent.name}', so it overrides nothing", option.span,
                          "remove it: the variant inherits it")


def _name_span(clause: n.Clause) -> Span:
    name = getattr(clause, "name", None)
    return name.span if isinstance(name, n.Word) else clause.span
