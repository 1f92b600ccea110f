"""Checks of a child variant against its parent: what it restates, changes by halves, or
changes without seeing what else hung on the parent's clause. Each check is a generator of
every diagnostic it finds:

- B708 a clause or option of a child stated exactly as its parent states it;
- B709 a variant that extends another and changes nothing;
- B711 an override that keeps only part of the parent's condition (and changes the points);
- B714 a new rule named like an inherited one (a misspelt override);
- B716 an inherited decider that no longer fits the target or the number of games;
- B718 a hand, first floor or new player count that leaves a short last deal where the parent's dealt evenly;
- B721 a child's card points that replace the parent's whole list instead of adding to it;
- B722 an option declared again with another kind of value than the parent's clauses read.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any, Iterator

from ...cards import card_word
from ...diagnostics import Diagnostic, Span, error, warning
from ...language import expressions as X
from ...language import nodes as n
from ...language.merge import Merged, merge, names_used, option_value
from ...language.unparse import expr_text, pattern_text, value_text
from .combinations import Combination, atoms, combinations, conjuncts, is_own, names_in, noted, pick, safe_constant


def parent_of(merged: Merged) -> Merged | None:
    """Returns the parent merged with its own parents, or None for a variant that extends nothing."""
    if merged.variant.parent is None or len(merged.chain) < 2:
        return None
    return merge(merged.chain[1:])[0]


def own_clauses(merged: Merged) -> dict[str, list[n.Clause]]:
    own: dict[str, list[n.Clause]] = {}
    for clause in merged.variant.clauses:
        own.setdefault(clause.key, []).append(clause)
    return own


# ------------------------------------------------------------------ B708, B709

def check_overrides(merged: Merged, combos: list[Combination]) -> Iterator[Diagnostic]:
    """B708/B709: a child that restates its parent's clauses, or changes nothing at all."""
    variant = merged.variant
    parent = parent_of(merged)
    if parent is None:
        return
    if not variant.clauses and not variant.options and not variant.drops:
        yield warning("B709", f"'{variant.name.text}' extends '{parent.name}' but changes nothing", variant.name.span,
                      "state the clauses or options that differ, or list this name in the parent's 'aliases'")
        return
    for key, alternatives in own_clauses(merged).items():
        if key == "score.total":
            continue  # restating the total is a claim the child's rules are checked against (B707)
        if tuple(alternatives) == parent.clauses.get(key) and not all(map(noted, alternatives)):
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


# ------------------------------------------------------------------ B711

def check_partial_conditions(merged: Merged, combos: list[Combination]) -> Iterator[Diagnostic]:
    """B711: a rule that overrides the parent's to change its points (or cards) and restates
    only some pieces of the parent's condition: the pieces left out now let plays score
    (or take) that the parent's rule refused, which is seldom what the new points meant."""
    parent = parent_of(merged)
    if parent is None:
        return
    gone = set(parent.options) - names_used(merged)  # options the child no longer offers
    for clause in merged.variant.clauses:
        if not isinstance(clause, (n.BasraRule, n.CaptureRule)):
            continue
        old = parent.first(clause.key)
        if type(old) is not type(clause) or old.guard is None or not changes_more_than_guard(old, clause):
            continue
        kept = list(atoms(clause.guard)) if clause.guard is not None else []
        if clause.guard == old.guard or any(atom not in list(atoms(old.guard)) for atom in kept):
            continue  # the same condition, or one with pieces of its own: a deliberate rewrite
        # A left-out part that tests an option nothing reads any more was a switch the child
        # settled for good ("a jack on a jack always scores"); any other part is a condition lost.
        lost = [a for part in conjuncts(old.guard) if not names_in(part) & gone
                for a in atoms(part) if a not in kept]
        if not lost:
            continue
        origin = parent.origin.get(clause.key, parent.name)
        shown = " and ".join(dict.fromkeys(f"'{expr_text(a)}'" for a in lost))
        switches = {o for a in lost for o in names_in(a) & set(merged.options)}
        readers = sorted({c.key.split(".", 1)[1] for alts in merged.clauses.values() for c in alts
                          if c is not clause and names_in(c) & switches})
        yield warning("B711", f"'{clause.name.text}' changes {origin}'s rule but restates only part of its "
                      f"condition ('{expr_text(old.guard)}'): it leaves out {shown}, so it does not apply "
                      f"where {origin}'s rule applied, and only there"
                      + (f"; {', '.join(sorted(switches))} still decides {', '.join(readers[:4])}"
                         + (" and more" if len(readers) > 4 else "") if readers else ""),
                      (clause.guard or clause.name).span,
                      f"to change only the {'points' if isinstance(clause, n.BasraRule) else 'cards'}, "
                      f"keep {origin}'s condition: {_rule_text(clause, old.guard)}")


def changes_more_than_guard(old: n.Clause, new: n.Clause) -> bool:
    """Whether a restated capture or basra rule changes more than its condition (its points, or
    its cards and what they take)."""
    if isinstance(new, n.BasraRule):
        return new.points != old.points
    return (new.pattern, new.takes, new.total, new.spared) != (old.pattern, old.takes, old.total, old.spared)


def _rule_text(clause: n.Clause, guard: n.Expr | None) -> str:
    """Returns a rule as it would be written with the given condition."""
    when = f" when {expr_text(guard)}" if guard is not None else ""
    if isinstance(clause, n.BasraRule):
        return f"{clause.name.text}: {expr_text(clause.points)}{when}"
    total = f" to {expr_text(clause.total)}" if clause.total is not None else ""
    total += f" but {pattern_text(clause.spared)}" if clause.spared is not None else ""
    return f"{clause.name.text}: {pattern_text(clause.pattern)} takes {clause.takes}{total}{when}"


# ------------------------------------------------------------------ B714

def check_near_names(merged: Merged, combos: list[Combination]) -> Iterator[Diagnostic]:
    """B714: a new rule whose name is one slip away from an inherited rule of its section:
    the author meant to override that rule, and instead both now apply."""
    parent = parent_of(merged)
    if parent is None:
        return
    for clause in merged.variant.clauses:
        if not isinstance(clause, (n.BasraRule, n.CaptureRule)) or clause.key in parent.clauses:
            continue
        name = clause.name.text
        inherited = [k.split(".", 1)[1] for k, alts in parent.clauses.items()
                     if k.startswith(clause.section + ".") and isinstance(alts[0], type(clause))]
        close = [other for other in inherited if _one_slip(name, other)]
        if close:
            other = close[0]
            origin = parent.origin.get(f"{clause.section}.{other}", parent.name)
            kind = "bonus" if isinstance(clause, n.BasraRule) else "capture rule"
            yield warning("B714", f"'{name}' is a new {kind} beside {origin}'s '{other}', which still applies: "
                          f"did you mean to override '{other}'?", clause.name.span,
                          f"to replace {origin}'s rule, name it '{other}': {_rule_text_named(clause, other)}")


def _rule_text_named(clause: n.Clause, name: str) -> str:
    text = _rule_text(clause, clause.guard)
    return name + text[len(clause.name.text):]


def _one_slip(word: str, other: str) -> bool:
    """Tells whether two different names are one typing slip apart (two for long names):
    a letter left out, added, changed or two letters swapped, or only their case."""
    if word == other:
        return False
    if word.lower() == other.lower():
        return True
    if word.rstrip("s") == other.rstrip("s"):
        return False  # 'sevens' beside 'seven' is a name of its own more often than a slip
    return _distance(word, other) <= (2 if min(len(word), len(other)) >= 8 else 1)


def _distance(a: str, b: str) -> int:
    """Returns the edit distance with swaps of neighbouring letters (optimal string alignment)."""
    rows = [list(range(len(b) + 1))]
    for i in range(1, len(a) + 1):
        row = [i] + [0] * len(b)
        for j in range(1, len(b) + 1):
            cost = a[i - 1] != b[j - 1]
            row[j] = min(rows[-1][j] + 1, row[j - 1] + 1, rows[-1][j - 1] + cost)
            if i > 1 and j > 1 and a[i - 1] == b[j - 2] and a[i - 2] == b[j - 1]:
                row[j] = min(row[j], rows[-2][j - 2] + 1)
        rows.append(row)
    return rows[-1][-1]


# ------------------------------------------------------------------ B716

def check_match_fit(merged: Merged, combos: list[Combination]) -> Iterator[Diagnostic]:
    """B716: a decider that this variant's changes leave misplaced: on the only game of a
    'match' of one, or inherited beside a target the parent never played to."""
    if merged.first("match.decider") is None:
        return
    parent = parent_of(merged)
    own = own_clauses(merged)
    for combo in combos:
        rules = combo.rules
        if rules is None or rules.decider is None or rules.best_of != 1:
            continue
        cause = _cause(merged, combo.options, "match.best_of") or _cause(merged, combo.options, "match.decider")
        if cause is not None:
            yield warning("B716", f"a match of one game is played to the decider ({_num(rules.decider)}), "
                          f"not to the target ({_num(rules.target)}): the decider is the target of a match's "
                          "last game when the match is level, and the only game always is", cause,
                          "drop the decider as well: 'drop decider' under 'match:' (or play 'best of 3')")
        break
    if parent is None or "match.decider" in own or parent.first("match.decider") is None:
        return
    targets = [(o, c) for o in combinations(parent) if (c := pick(parent, "game.target", o)) is not None]
    before = {t for o, c in targets if _positive(t := safe_constant(c.points, o))}
    moved = [c for c in combos if c.rules and c.rules.decider is not None and c.rules.best_of > 1
             and c.rules.target not in before]
    if not moved or not before:
        return
    rules = moved[0].rules
    old = safe_constant(targets[0][1].points, targets[0][0]) if targets else None  # at the parent's defaults
    such = f"such as 'decider {_num(round5(rules.target * rules.decider / old))}' " if _positive(old) else ""
    origin = merged.origin.get("match.decider", parent.name)
    yield warning("B716", f"the deciding game is still played to {origin}'s {_num(rules.decider)}, which was set "
                  f"beside a target of {' or '.join(_num(t) for t in sorted(before))}; this variant plays to "
                  f"{_num(rules.target)}", _target_span(merged, moved[0].options),
                  f"state a decider for the new target, {such}under 'match:', or 'drop decider'")


def _cause(merged: Merged, options: dict[str, Any], key: str) -> Span | None:
    """Returns where this file makes the clause ``key`` what it is under ``options``: its own
    alternative, or its ``drop``; None when the clause is inherited as it was."""
    clause = pick(merged, key, options)
    if clause is not None and is_own(merged, clause):
        return clause.span
    drop = next((d for d in merged.variant.drops if d.key == key), None)
    return drop.span if drop is not None else None


def _target_span(merged: Merged, options: dict[str, Any]) -> Span:
    """Returns where this file sets the target: its own 'first to', or its option the target reads."""
    clause = pick(merged, "game.target", options)
    if clause is not None and is_own(merged, clause):
        return clause.span
    read = names_in(clause.points) if clause is not None else set()
    option = next((o for o in merged.variant.options if o.name.text in read), None)
    return option.span if option is not None else merged.variant.name.span


def _positive(value: Any) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool) and value > 0


def _num(value: float) -> str:
    return value_text(int(value) if float(value).is_integer() else value)


def round5(value: float) -> float:
    """A number rounded as a help offers one: to a whole number, to a multiple of 5 from 20."""
    return max(1, round(value / 5) * 5) if value >= 20 else round(value)


# ------------------------------------------------------------------ B718

def check_short_deals(merged: Merged, combos: list[Combination]) -> Iterator[Diagnostic]:
    """B718: this file's hand size, first floor or new player count leaves a short last deal
    (the pack does not divide into whole deals) where the parent's dealt the pack evenly.

    A parent that already deals short (a 44-card pack for three) chose to; only a change
    that breaks an even deal is reported, at the clause that makes it."""
    parent = parent_of(merged)
    if parent is None:
        yield from _short_own_deals(merged, combos)
        return
    old_counts = set(parent.player_counts())
    even_before = all(_short_by(c.rules) is None for c in combos if c.rules and c.rules.players in old_counts)
    found: dict[int, tuple[n.Clause, dict[int, Any], str]] = {}  # clause id -> (clause, players -> rules, was)
    for combo in combos:
        rules = combo.rules
        if rules is None or _short_by(rules) is None:
            continue
        options = parent.option_defaults() | combo.options
        for key in ("setup.hand", "setup.start_floor"):
            clause, old = pick(merged, key, combo.options), pick(parent, key, options)
            value = safe_constant(old.count, options) if old is not None else 0
            if clause is None or not is_own(merged, clause) or not isinstance(value, (int, float)):
                continue
            counts = (int(value), rules.start_floor) if key == "setup.hand" else (rules.hand_size, int(value))
            if _short_by(rules, *counts) is None:
                was = ", ".join(f"'{_deal_text(c)}'" for c in parent.clauses.get(key, ()))
                found.setdefault(id(clause), (clause, {}, f"{parent.name}'s {was}"))[1].setdefault(rules.players, rules)
        players = merged.first("setup.players")
        if rules.players not in old_counts and even_before and players is not None and is_own(merged, players):
            found.setdefault(id(players), (players, {}, f"every count of {parent.name}"))[1].setdefault(
                rules.players, rules)
    for clause, by_count, was in found.values():
        yield _short_deal(merged, clause, by_count, was)


NEAR = 1  # a variant of its own is told of a short last deal when a hand this close deals evenly


def _short_own_deals(merged: Merged, combos: list[Combination]) -> Iterator[Diagnostic]:
    """B718 for a variant that extends nothing: its hand size leaves a short last deal where a
    hand size within NEAR of it deals the pack evenly (a game whose pack no nearby hand
    divides, such as Dry's, deals short by design)."""
    found: dict[int, tuple[n.Clause, dict[int, Any]]] = {}
    if any(c.rules is None or c.rules.players * c.rules.hand_size + c.rules.start_floor > len(c.rules.deck)
           for c in combos):  # an error already stands on the deal (B704)
        return
    for combo in combos:
        rules, clause = combo.rules, pick(merged, "setup.hand", combo.options)
        if rules is None or clause is None or not is_own(merged, clause) or _short_by(rules) is None:
            continue
        cards = len(rules.deck) - rules.start_floor
        if any(abs(h - rules.hand_size) <= NEAR and h * rules.players <= cards and _short_by(rules, h) is None
               for h in range(1, rules.hand_size + NEAR + 1)):
            found.setdefault(id(clause), (clause, {}))[1].setdefault(rules.players, rules)
    for clause, by_count in found.values():
        yield _short_deal(merged, clause, by_count, None)


def _short_deal(merged: Merged, clause: n.Clause, by_count: dict[int, Any], was: str | None) -> Diagnostic:
    """B718 at a clause, with the hand sizes that would deal the pack evenly at the first count."""
    count, rules = min(by_count.items())
    cards = len(rules.deck) - rules.start_floor
    even = [h for h in range(1, 14) if h * count <= cards and _short_by(rules, h) is None]
    counts = sorted(by_count)
    shown = ", ".join(map(str, counts[:-1])) + " or " * (len(counts) > 1) + str(counts[-1])
    message = (f"with {shown} players the last deal is short (with {count}: {_short_by(rules)} cards for "
               f"{count} players, not {count * rules.hand_size})"
               + (f", where {was} dealt the pack out evenly" if was else f": {cards} cards after the first floor "
                  f"are not whole deals of {count} × {rules.hand_size}"))
    if not even:
        others = ", ".join(str(p) for p in merged.player_counts() if p not in by_count)
        return warning("B718", message, clause.span, f"no hand deals {cards} cards evenly to {count} players: "
                       f"leave the count out ('players {others}') unless a short last deal is meant")
    below = [h for h in even if h < rules.hand_size][-1:] + [h for h in even if h > rules.hand_size][:1]
    # a variant of its own with one hand for every count: offer the hand plain where it deals evenly at each
    single = was is None and len(merged.clauses.get("setup.hand", ())) == 1
    everywhere = [h for h in below if single and all(_short_by(r, h) is None for r in _rules_by_count(merged, rules))]
    when = f" when players == {count}" if set(counts) < set(merged.player_counts()) and not everywhere else ""
    below = everywhere or below
    such = " or ".join(f"'hand {h}{when}'" for h in below)
    return warning("B718", message, clause.span, f"hands that deal the {cards} cards after the first floor "
                   f"evenly to {count} players: {', '.join(map(str, even))}; such as {such}"
                   + (" before the other alternatives" if when else ""))


def _rules_by_count(merged: Merged, rules) -> list:
    """The rules at every player count of the variant, as ``rules`` at its own (the deck and
    deal alike, the count changed)."""
    return [replace(rules, players=count) for count in merged.player_counts()]


def _short_by(rules, hand: int | None = None, start: int | None = None) -> int | None:
    """Returns how many cards the last deal holds when the pack does not divide into whole deals."""
    hand = rules.hand_size if hand is None else hand
    start = rules.start_floor if start is None else start
    first, later = rules.players * hand + start, rules.players * hand + rules.redeal_floor
    if len(rules.deck) < first or later <= 0 or rules.draw:  # drawn one play at a time, never short
        return None
    return (len(rules.deck) - first) % later or None


def _deal_text(clause: n.Clause) -> str:
    word = "hand" if isinstance(clause, n.Hand) else "start floor"
    return f"{word} {expr_text(clause.count)}" + (f" when {expr_text(clause.guard)}" if clause.guard else "")

# ------------------------------------------------------------------ B721

def check_replaced_points(merged: Merged, combos: list[Combination]) -> Iterator[Diagnostic]:
    """B721: a child's 'points' that names none of the parent's cards: a clause replaces the
    parent's whole list, so the author who meant to add a card has taken the others away."""
    parent = parent_of(merged)
    old = parent.first("score.points") if parent is not None else None
    if not isinstance(old, n.Points) or not old.entries:
        return
    before = [entry.pattern for entry in old.entries]
    sets_before = [X.pattern_set(p) for p in before]  # 7♦ is 7D: an entry is compared by the cards it names
    for clause in merged.variant.clauses:
        if not isinstance(clause, n.Points) or any(
                e.pattern in before or X.pattern_set(e.pattern) in sets_before for e in clause.entries):
            continue  # restating some of the list is rewriting it on purpose
        origin = parent.origin.get("score.points", parent.name)
        lost = ", ".join(pattern_text(p) for p in before)
        yield warning("B721", f"'{_points_text(clause.entries)}' replaces {origin}'s whole list "
                      f"('{_points_text(old.entries)}'): {lost} no longer score", clause.span,
                      suit_slip(clause.entries, old.entries, origin)
                      + f"to add to {origin}'s list, restate it: {_points_text(old.entries + clause.entries)}")


def suit_slip(entries, old_entries, origin: str) -> str:
    """Where a new entry names one card of the same rank as one of the parent's, in another
    suit ('7C 2' for Scopa's '7D'): the suit most likely slipped."""
    theirs = {c >> 2: c for e in old_entries if len(cards := X.pattern_set(e.pattern)) == 1 for c in cards}
    scored = {c for e in entries for c in X.pattern_set(e.pattern)}
    for entry in entries:
        cards = X.pattern_set(entry.pattern)
        card = next(iter(cards)) if len(cards) == 1 else None
        if card is not None and card >> 2 in theirs and theirs[card >> 2] != card and theirs[card >> 2] not in scored:
            meant = card_word(theirs[card >> 2])
            return (f"did you mean '{meant}'? {origin} scores {meant}, not {pattern_text(entry.pattern)} "
                    f"('{meant} {expr_text(entry.points)}'); ")
    return ""


def _points_text(entries: tuple[n.PointEntry, ...]) -> str:
    return "points " + ", ".join(f"{pattern_text(e.pattern)} {expr_text(e.points)}" for e in entries)


# ------------------------------------------------------------------ B722

def check_option_kinds(merged: Merged, combos: list[Combination] | None = None) -> Iterator[Diagnostic]:
    """B722: an option declared again with another kind of value (numbers for yes/no, say)
    while inherited clauses still read it as the parent declared it: they were type-checked
    with the parent, so nothing else notices that they now mean something else."""
    parent = parent_of(merged)
    if parent is None:
        return
    inherited = [c for alts in merged.clauses.values() for c in alts if not is_own(merged, c)]
    for option in merged.variant.options:
        old = parent.options.get(option.name.text)
        if old is None:
            continue
        was, now = _kind(old), _kind(option)
        readers = [c.key.split(".", 1)[1] for c in inherited if option.name.text in names_in(c)]
        if was == now or not readers:
            continue
        origin = next((v.name.text for v in merged.chain[1:] if old in v.options), parent.name)
        meaning = " every choice counts as yes" if was == X.BOOL else " it no longer compares as it did"
        same = [f"{name} ({' | '.join(map(value_text, map(option_value, o.choices)))})"
                for name, o in parent.options.items() if _kind(o) == now and name != option.name.text]
        yield error("B722", f"option '{option.name.text}' is a {was} in {origin}, and the inherited "
                    f"{', '.join(dict.fromkeys(readers))} still read{'s' * (len(readers) == 1)} it as one; as a {now}"
                    f"{meaning}", option.name.span,
                    f"keep its choices {' | '.join(map(value_text, map(option_value, old.choices)))}"
                    + (f"; {origin}'s {now} options: {', '.join(same)}" if same else
                       ", and give the new setting a name of its own"))


def _kind(option: n.Option) -> str:
    return X.value_type(option_value(option.default))


# ------------------------------------------------------------------ B208, worded
