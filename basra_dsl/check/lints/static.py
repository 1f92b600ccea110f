"""Checks that need no play: what the clauses and option values of a variant say.

Each check is a generator of every diagnostic it finds. The first two run before the rules
are compiled (a failing expression or a number out of range would stop the compiler); the
others read the rules compiled for each option choice (see ``combinations``):

- B710 a setup, score or game expression that fails for some option choice;
- B705 a count, target or number of points out of range;
- B704 a deck too small for the first deal;
- B706 a majority that can tie without a tie policy;
- B701/B703 an alternative of a setup, score or game clause that is never chosen;
- B702 a card pattern that matches no card of the deck;
- B712 partners at a player count that cannot pair into sides of two;
- B717 a tie that extends the target by nothing;
- B719 a card that two patterns of one 'points' clause both score;
- B724 a new bonus for a card the parent's bonuses keep from scoring, without naming it.
"""

from __future__ import annotations

import math
from typing import Any, Iterator

from ... import limits
from ...diagnostics import Diagnostic, error, warning
from ...language import evaluation as E
from ...language import expressions as X
from ...language import nodes as n
from ...language.merge import Merged
from ...language.unparse import expr_text, pattern_text
from .parts import splits_never, tests_of_no_card
from .combinations import (FAILURES, Combination, any_choice, combinations, conjuncts, describe, in_this_file, is_own, names_in,
                           pick, safe_constant, why_failed)
from .overrides import parent_of
from .parts import option_parts_never, worth_alike

# name -> (what it is, least, most, whole number?)
RANGES = {
    "setup.hand": ("a hand", 1, 52, True), "setup.start_floor": ("the starting floor", 0, 52, True),
    "setup.redeal_floor": ("the floor of a new deal", 0, 52, True),
    "setup.draw": ("the cards drawn after a play", 1, 52, True),
    "setup.flip": ("the cards turned from the stock after a play", 1, 52, True),
    "capture.stacks": ("a stack's limit", 2, 60, True),
    "game.target": ("the target", 1, 1_000_000, False), "game.hands": ("a game of hands", 1, 1_000, True),
    "match.best_of": ("a match", 1, 99, True), "match.decider": ("the decider", 1, 1_000_000, False),
    "match.lurch": ("the games a lurch counts", 1, 99, True),
}


def static_expressions(clause: n.Clause) -> Iterator[n.Expr]:
    """Yields the expressions of a clause that depend on options alone, not on a play."""
    if clause.guard is not None and not isinstance(clause, n.PLAY_GUARDED):
        yield clause.guard
    match clause:
        case n.Hand(count=e) | n.StartFloor(count=e) | n.RedealFloor(count=e) | n.Draw(count=e) | n.Flip(count=e) | n.Stacks(limit=e) | n.HandsLimit(count=e) | n.Most(points=e) | \
                n.Total(points=e) | n.Target(points=e) | n.Decider(points=e) | n.BestOf(games=e):
            yield e
        case n.GameTie(amount=e) if e is not None:
            yield e
        case n.Lurch(games=games, below=below):
            yield from (games, below)
        case n.Points(entries=entries):
            yield from (entry.points for entry in entries)
        case n.CardValues(entries=entries) | n.PlayedValues(entries=entries) | n.FloorValues(entries=entries):
            yield from (entry.value for entry in entries)
        case n.CaptureRule(total=e) if e is not None:
            yield e
    for entry in clause.values if isinstance(clause, n.Most) else ():
        yield entry.points
    if isinstance(clause, n.Most) and clause.least is not None:
        yield clause.least
    yield from value_keywords(clause)


def value_keywords(clause: n.Clause) -> Iterator[n.Expr]:
    """Yields the rank values given to value() anywhere in a clause (``J=12``): the compiler
    works each out once, from options alone."""
    for node in n.walk(clause):
        if isinstance(node, n.Call) and node.func == "value":
            yield from (keyword.value for keyword in node.keywords)


def number(value: float) -> str:
    """Returns a number for a message, however large (Python's ints have no bound)."""
    if isinstance(value, int) and abs(value) >= 10 ** 18:
        return f"a number of about {int(abs(value).bit_length() * 0.30103) + 1} digits"
    return str(int(value)) if float(value).is_integer() and abs(value) < 1e18 else f"{value:g}"


# ------------------------------------------------------------------ B710, B705

def check_constant_expressions(merged: Merged) -> Iterator[Diagnostic]:
    """B710: setup, score and game expressions that fail for some option choice."""
    combos = combinations(merged)
    for clause in merged.variant.clauses:
        for expr in static_expressions(clause):
            for options in combos:
                problem = _evaluation_problem(expr, options)
                if problem is not None:
                    yield error("B710", problem, expr.span, f"with {describe(merged, options)}")
                    break  # once per expression: the first choice it fails for shows the mistake


def _evaluation_problem(expr: n.Expr, options: dict[str, Any]) -> str | None:
    """Returns what goes wrong when ``expr`` is evaluated under ``options``, or None."""
    try:
        value = E.evaluate_constant(expr, options)
    except FAILURES as exc:
        return f"'{expr_text(expr)}' cannot be worked out: {why_failed(exc)}"
    if isinstance(value, float) and not math.isfinite(value):
        return f"'{expr_text(expr)}' is not a finite number"
    return None


def check_ranges(merged: Merged) -> Iterator[Diagnostic]:
    """B705: counts and targets outside what a game of cards can hold."""
    combos = combinations(merged)
    for key, (what, least, most, whole) in RANGES.items():
        for clause in merged.clauses.get(key, ()):
            if not is_own(merged, clause):
                continue
            expr = next(e for e in static_expressions(clause) if e is not clause.guard)
            for options in combos:
                value = safe_constant(expr, options)
                if not isinstance(value, (int, float)) or isinstance(value, bool):
                    continue
                if not least <= value <= most or (whole and value != int(value)):
                    varies = len({repr(safe_constant(expr, o)) for o in combos}) > 1
                    yield error("B705", f"{what} of {number(value)} is out of range"
                                + (f" (with {describe(merged, options)})" if varies else ""), expr.span,
                                _range_help(merged, key, what, least, most, whole))
                    break
    yield from _points_out_of_range(merged)
    yield from _values_out_of_range(merged, combos)


def _values_out_of_range(merged: Merged, combos) -> Iterator[Diagnostic]:
    """B705: a card's value (a 'values' line) or a total to add up to (``takes sums to``)
    that is not a whole number the sums can use."""
    for clause in merged.variant.clauses:
        if isinstance(clause, (n.CardValues, n.PlayedValues, n.FloorValues)):
            played = isinstance(clause, n.PlayedValues)  # a card is not played as nothing: those start at 1
            what = "a played card's value" if played else "a card value"
            least, zero = (1, "") if played else (0, ", or 0 for a card that adds up to nothing")
            checks = [(entry.value, what, least, limits.CARD_VALUE,
                       "a card counts a whole number from 1 to {most} when adding up" + zero + "; leave a card out "
                       f"of '{clause.keyword.replace('_', ' ')}' to keep its usual count") for entry in clause.entries]
        elif isinstance(clause, n.CaptureRule) and clause.total is not None:
            checks = [(clause.total, "a total", 2, limits.SUM_TOTAL,
                       "a total to add up to is a whole number from 2 to {most}")]
        else:
            continue
        for expr, what, least, most, help_text in checks:
            for options in combos:
                value = safe_constant(expr, options)
                if isinstance(value, (int, float)) and not isinstance(value, bool) and \
                        not (least <= value <= most and value == int(value)):
                    problem = "is not a whole number" if value != int(value) else "is out of range"
                    yield error("B705", f"{what} of {number(value)} {problem}", expr.span,
                                help_text.format(most=most))
                    break


def _points_out_of_range(merged: Merged) -> Iterator[Diagnostic]:
    """B705: points of a card, a majority or a basra, or a rank's value in value(), beyond a
    million either way."""
    defaults = merged.option_defaults()
    for clause in merged.variant.clauses:
        for expr in value_keywords(clause):
            value = safe_constant(expr, defaults)
            if isinstance(value, (int, float)) and not isinstance(value, bool) and not abs(value) <= 1_000_000:
                yield error("B705", f"a card value of {number(value)} is out of range", expr.span,
                            "a rank's value in value() runs from -1,000,000 to 1,000,000")
        if isinstance(clause, n.Points):
            exprs = [entry.points for entry in clause.entries]
        elif isinstance(clause, n.Most) or isinstance(clause, n.BasraRule) and not _uses_play(clause.points):
            exprs = [clause.points]  # a basra's points that depend on the play are tried on sampled plays
        else:
            continue
        for expr in exprs:
            value = safe_constant(expr, defaults)
            if isinstance(value, (int, float)) and abs(value) > 1_000_000:
                yield error("B705", f"{number(value)} points is out of range", expr.span,
                            "points of a card, a majority or a basra run from -1,000,000 to 1,000,000")


def _uses_play(expr: n.Expr) -> bool:
    return any(isinstance(node, n.Name) and node.id in X.PLAY_NAMES for node in n.walk(expr))


def _range_help(merged: Merged, key: str, what: str, least: int, most: int, whole: bool) -> str:
    kind = "a whole number" if whole else "a number"
    if key == "capture.stacks":  # a stack is taken by a card of its value: none is worth more than 14
        return f"{what} is a whole number from {least} to {most}; a stack is taken by a card of its value, so " \
               "one above the highest card's value (14 where an ace counts 14) is never taken: such as 'stacks to 14'"
    if key == "setup.hand":  # the 52 cards shared among the players, before any floor
        most_by_players = " or ".join(f"{52 // p} with {p} players" for p in merged.player_counts())
        return f"{what} is {kind} of cards from {least} to {most_by_players}"
    return f"{what} is {kind} from {least} to {most:,}"


# ------------------------------------------------------------------ B704, B706

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
            clauses = [pick(merged, key, combo.options) for key in ("setup.hand", "setup.deck", "setup.start_floor")]
            own = [c for c in clauses if c and is_own(merged, c)]
            span = in_this_file(merged, own[0].span if own else None)
            yield error("B704", f"with {combo.describe(merged)} the first deal needs {rules.hand_size} × "
                        f"{rules.players} + {rules.start_floor} = {needed} cards, but the deck has "
                        f"{len(rules.deck)}", span, _deal_fits(rules))


def _deal_fits(rules) -> str:
    """The help of B704: the largest hand that fits with the floor, and a smaller floor (none,
    as Scopone scientifico deals) where the hands alone fit the deck."""
    deck, players, floor = len(rules.deck), rules.players, rules.start_floor
    fits = (deck - floor) // players
    hands = (f"deal smaller hands at this player count, such as 'hand {fits} when players == {players}'"
             if fits > 0 else "drop the player count")
    if floor and rules.hand_size * players <= deck:
        left = deck - rules.hand_size * players
        return (f"the hands alone take {rules.hand_size * players} of the {deck} cards: lay "
                + ("no floor ('start floor 0')" if left == 0 else f"a smaller floor ('start floor {left}')")
                + f", or {hands}")
    return hands + (", or drop the player count" if fits > 0 else "")


def check_tie_policies(merged: Merged, combos: list[Combination]) -> Iterator[Diagnostic]:
    """B706: a majority that can end in a tie without saying what a tie does."""
    for key, alternatives in merged.clauses.items():
        for clause in alternatives:
            if not isinstance(clause, n.Most) or clause.tie is not None or not is_own(merged, clause):
                continue
            for combo in combos:
                rules = combo.rules
                if rules is None or pick(merged, key, combo.options) is not clause:
                    continue
                which = next((m.cards for m in rules.majorities if m.what == clause.what.text), None)
                counted = sum(1 for c in rules.deck if which is None or c in which)
                if len(rules.sides) > 2 or counted % 2 == 0 or rules.leftover != "last":
                    yield warning("B706", f"'most {clause.what.text}' does not say what a tie does, and "
                                  f"with {combo.describe(merged)} the sides can tie", clause.span,
                                  "end it with 'tie carry', 'tie nobody' or 'tie each'")
                    break


# ------------------------------------------------------------------ B701, B703 for setup-like clauses

def _always_before(merged: Merged, combos: list[Combination], earlier: tuple, clause: n.Clause) -> Iterator[Diagnostic]:
    """B703: the file's line without a condition is never used, for a line of its own above
    it holds whatever the options and player count ('hand 6 when players >= 2')."""
    always = next((a for a in earlier if a.guard is not None and is_own(merged, a)
                   and all(safe_constant(a.guard, c.options) is True for c in combos)), None)
    if always is None:
        return
    counts = merged.player_counts()
    narrower = f"such as 'when players == {min(counts)}'" if names_in(always.guard) == {"players"} else "or remove it"
    yield warning("B703", f"'when {expr_text(always.guard)}' holds for every way to play this variant (players: "
                  f"{', '.join(map(str, counts))}), so the line below it at line {clause.span.line} is never used",
                  always.guard.span, f"narrow the condition to the cases meant, {narrower}")


def check_static_guards(merged: Merged, combos: list[Combination]) -> Iterator[Diagnostic]:
    """B701/B703: alternatives of a setup, score or game clause that are never chosen."""
    for key, alternatives in merged.clauses.items():
        if alternatives and isinstance(alternatives[0], (*n.PLAY_GUARDED, n.Restriction)):
            yield from option_parts_never(merged, combos, alternatives)
        if alternatives and isinstance(alternatives[0], n.PLAY_GUARDED):
            continue  # rules of the play: check_play_rules and check_shadowed look at the rest
        if not alternatives:
            continue
        chosen = {id(picked) for combo in combos if (picked := pick(merged, key, combo.options)) is not None}
        for index, clause in enumerate(alternatives):
            if id(clause) not in chosen and is_own(merged, clause) and clause.guard is None and combos:
                yield from _always_before(merged, combos, alternatives[:index], clause)
            if id(clause) in chosen or not is_own(merged, clause) or clause.guard is None:
                continue
            if names_in(clause.guard) - set(merged.options) - {"players"}:
                continue  # it reads the play ('opening' of a restriction): only plays can tell
            holds = any(safe_constant(clause.guard, c.options) for c in combos)
            if not holds:
                yield warning("B701", f"this 'when' never holds for {any_choice(merged)} or player count, so the "
                              f"clause never applies", clause.guard.span,
                              f"players: {' or '.join(map(str, merged.player_counts()))}; remove the clause "
                              "or correct its condition")
            else:
                earlier = next(a for a in alternatives[:index] if a.guard is None or
                               any(safe_constant(a.guard, c.options) for c in combos))
                yield warning("B703", f"this alternative is never chosen: the one at line {earlier.span.line} "
                              "applies whenever this one would", clause.span,
                              "put the narrower alternative first")


# ------------------------------------------------------------------ B702

def check_patterns(merged: Merged, combos: list[Combination]) -> Iterator[Diagnostic]:
    """B702: capture rules, card points and barred cards that match no card of the deck."""
    compiled = [c.rules for c in combos if c.rules is not None]
    decks, values = [frozenset(r.deck) for r in compiled], compiled[0].values if compiled else {}
    for alternatives in merged.clauses.values() if decks else ():
        for clause in alternatives:
            for pattern, what in _clause_patterns(clause):
                if any(X.pattern_set(pattern, deck) for deck in decks):
                    continue
                span, extra = pattern.span, ""
                if not is_own(merged, clause):
                    deck = next((c for c in merged.variant.clauses if isinstance(c, n.Deck)), None)
                    span = in_this_file(merged, deck.span if deck else None)
                    extra = f" (inherited from {merged.origin.get(clause.key, 'the parent')})"
                entry = f"'{what.split(chr(39))[1].removeprefix('points ')} ...'" if what.startswith("'points ") else None
                alike = worth_alike(pattern, decks[0], values) if is_own(merged, clause) else None
                yield warning("B702", f"{what}{extra} matches no card of the deck", span, alike or
                              "the deck leaves these cards out: " + (
                                  f"take {_entry_text(clause, pattern)} out of the list (the other entries stay), "
                                  "or change the deck" if entry else "remove the clause or change the deck"))
    yield from tests_of_no_card(merged, decks, values) if decks else ()
    yield from splits_never(merged, decks, values) if decks else ()


def _entry_text(clause: n.Clause, pattern: n.Pattern) -> str:
    """The 'points' entry of a pattern, as written: '10D 3'."""
    entry = next((e for e in getattr(clause, "entries", ()) if e.pattern is pattern), None)
    return f"'{pattern_text(pattern)} {expr_text(entry.points)}'" if entry is not None else f"'{pattern_text(pattern)}'"


def _clause_patterns(clause: n.Clause) -> Iterator[tuple[n.Pattern, str]]:
    match clause:
        case n.CaptureRule(name=name, pattern=pattern):
            yield pattern, f"capture rule '{name.text}' ({pattern_text(pattern)})"
        case n.Points(entries=entries):
            for entry in entries:
                yield entry.pattern, f"'points {pattern_text(entry.pattern)}'"
        case n.CardValues(entries=entries) | n.PlayedValues(entries=entries) | n.FloorValues(entries=entries):
            for entry in entries:
                yield entry.pattern, f"'{clause.keyword.replace('_', ' ')} {pattern_text(entry.pattern)}'"
        case n.Most(values=entries) if entries:
            for entry in entries:
                yield entry.pattern, f"the prime's '{pattern_text(entry.pattern)}'"
        case n.StartFloor(bar=bar) if bar is not None:
            for pattern in bar.patterns:
                yield pattern, f"the barred cards '{pattern_text(pattern)}'"
        case n.Cut(patterns=patterns):
            for pattern in patterns:
                yield pattern, f"the cut card '{pattern_text(pattern)}'"


# ------------------------------------------------------------------ B712

def check_partners(merged: Merged, combos: list[Combination]) -> Iterator[Diagnostic]:
    """B712: partners at a player count that cannot pair: two players become one side
    (which wins every hand), and an odd count silently plays everyone alone."""
    bad: dict[int, n.Clause] = {}
    for combo in combos:
        clause = pick(merged, "setup.partners", combo.options)
        players = combo.options["players"]
        if clause is not None and combo.rules is not None and (players == 2 or players % 2):
            bad.setdefault(players, clause)
    if not bad:
        return
    clause = next(iter(bad.values()))
    players_clause = merged.first("setup.players")
    if is_own(merged, clause):
        span = clause.span
    else:
        span = in_this_file(merged, players_clause.span if players_clause and is_own(merged, players_clause) else None)
    even = [p for p in merged.player_counts() if p > 2 and p % 2 == 0]
    counts = " or ".join(f"players == {p}" for p in even) or "players == 4"
    guard = f"({counts})" if len(even) > 1 and clause.guard is not None else counts
    wanted = f"partners when {guard}" + (f" and {expr_text(clause.guard)}" if clause.guard is not None else "")
    what = [f"with {p} players partners cannot pair, and everyone plays alone" if p % 2 else
            f"with {p} players 'partners' puts both players on one side, which wins every hand" for p in sorted(bad)]
    yield error("B712", "; ".join(what), span,
                f"partner only where the players pair: {wanted}"
                + ("" if is_own(merged, clause) else f" (this variant's own clause replaces "
                   f"{merged.origin.get('setup.partners', 'the parent')}'s)"))


# ------------------------------------------------------------------ B717

def check_tie_extension(merged: Merged, combos: list[Combination]) -> Iterator[Diagnostic]:
    """B717: 'tie extend' that raises the target by nothing (no amount, or 0 or less): a tied
    game then just plays on as with 'tie replay', which is not what 'extend' says."""
    for clause in merged.variant.clauses:
        if not isinstance(clause, n.GameTie) or clause.policy != "extend":
            continue
        amounts = {safe_constant(clause.amount, c.options) for c in combos} if clause.amount else {0}
        worst = min((a for a in amounts if isinstance(a, (int, float))), default=None)
        if worst is None or worst > 0:
            continue
        parent = parent_of(merged)
        old = next((c for c in (parent.clauses.get("game.tie", ()) if parent else ())
                    if isinstance(c, n.GameTie) and c.amount is not None), None)
        amount = expr_text(old.amount) if old is not None else "20"
        by = "nothing" if clause.amount is None else number(worst)
        draw = next((c for c in merged.clauses.get("game.tie", ()) if isinstance(c, n.GameTie) and c.policy == "draw"),
                    None)
        stands = ("; for a tie that stands, write 'tie draw'" if draw is None else
                  f"; for a tie that stands, 'tie draw' is played when {expr_text(draw.guard)}: make that the "
                  "default" if draw.guard is not None else "")
        yield warning("B717", f"'tie extend' raises the target by {by}: a tied game just plays more hands to the "
                      "same target, as 'tie replay' does", clause.span,
                      f"say by how much: tie extend {amount}"
                      + (f" when {expr_text(clause.guard)}" if clause.guard is not None else "") + stands)


# ------------------------------------------------------------------ B724

def check_excluded_cards(merged: Merged, combos: list[Combination]) -> Iterator[Diagnostic]:
    """B724: a new bonus for 'played is P' where P takes in, without naming them, cards that
    the parent's bonuses keep from scoring ('played is not J | 7D': sweeps are no basra):
    a rule for the sevens then also pays for every sweep of the seven of diamonds."""
    parent = parent_of(merged)
    if parent is None:
        return
    kept_out = {}  # word the parent excludes -> (its cards, the rule that excludes it)
    for rule in parent.rules("basra"):
        for part in conjuncts(rule.guard) if isinstance(rule, n.BasraRule) else ():
            if isinstance(part, n.Test) and part.op == "is not" and part.subject == n.Name("played", span=None):
                kept_out |= {w.text: (X.pattern_set(n.Pattern((w,), span=w.span)), rule) for w in part.pattern.include}
    for clause in merged.variant.clauses:
        if not isinstance(clause, n.BasraRule) or clause.key in parent.clauses:
            continue
        for part in conjuncts(clause.guard):
            if not (isinstance(part, n.Test) and part.op == "is" and part.subject == n.Name("played", span=None)):
                continue
            named = {w.text for w in part.pattern.include}
            cards = X.pattern_set(part.pattern)
            missed = [(w, rule) for w, (found, rule) in kept_out.items() if w not in named and found & cards]
            if not missed:
                continue
            words = [w for w, _ in missed]
            rule = missed[0][1]
            fixed = n.Pattern(part.pattern.include, part.pattern.exclude + tuple(n.Word(w, span=part.span) for w in words),
                              span=part.pattern.span)
            yield warning("B724", f"'played is {pattern_text(part.pattern)}' takes in {' and '.join(words)}, which "
                          f"{parent.origin.get(rule.key, parent.name)}'s '{rule.name.text}' keeps from scoring "
                          f"('{expr_text(rule.guard)}'): '{clause.name.text}' pays for {' and '.join(words)} too",
                          part.pattern.span, f"if {' and '.join(words)} should not score, leave "
                          f"{'them' if len(words) > 1 else 'it'} out: played is {pattern_text(fixed)}")


