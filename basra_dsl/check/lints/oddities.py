"""Rules valid on their own that change the game past what a table expects (issue 29), each
said with what it does at the table:

- B734 a lurch every win meets (the losers are always below a line at or above the target);
- B735 a draw of several cards after each play (the hand grows every turn);
- B736 cards that can never take from the floor (no rule lets them: pictures under 'takes sums');
- B737 a card that sweeps the floor and scores the sweep bonus on every play it makes;
- B738 a prime table where the seven does not count most (digits swapped, 7 12 for 7 21);
- B739 a rule whose title says the opposite of its comparison ('ten or less' over '>= 10');
- B740 a picture given the value of a numeral the pack still holds (deck 52 under values J 8);
- B741 a sweep bonus barred from the hand's whole last deal ('not last_deal' for 'not last');
- B742 a first-floor bar on the top card ('without top J') of a floor that is spread, not stacked;
- B743 stacks allowed to grow past the value of every card (a stack is taken by a card of its value);
- B744 a sweep bonus that can score only on the hand's last play ('cleared and last', a 'not' lost);
- B747 a count compared as '>= 0' (or '< 0'): a count is never below zero, so the test always (never) holds;
- B748 a majority that asks for more cards than the pack holds of them ('most clubs 7 at least 17'), and B755
  one that asks for more than half of them (27 of a 44-card pack: a threshold copied from a bigger one);
- B749 a basra rule dropped whose card still sweeps by the capture rule of the same name.
"""

from __future__ import annotations

import itertools
import math
import re
from dataclasses import replace
from typing import Iterator

from ...cards import FULL_PACK, PICTURE_RANKS, RANKS, card_name, rank_word
from ...diagnostics import Diagnostic, warning
from ...engine.capture import CaptureResolver
from ...language import expressions as X
from ...language import nodes as n
from ...language.merge import Merged
from ...language.syntax.hints import NUMBER_WORDS
from ...language.unparse import expr_text, number_text, pattern_text, rule_text
from .combinations import FAILURES, Combination, atoms, conjuncts, in_this_file, is_own, played_cards
from .reference import described, reference_rules, restated_from, source_lines
from .samples import sampled_plays

PLAYS = 3_000  # sampled plays of the sweeping cards a bonus is tried on (B737)
PRIME_ORDER = (6, 5, 0, 4, 3, 2, 1)  # 7 6 A 5 4 3 2: every account of the prime ranks them so
_LESS = r"or less|or fewer|at most|up to|under|below|no more than"
_MORE = r"or more|at least|over|above|no fewer than|no less than"
_BEFORE_LESS = r"less than|fewer than|under|below|at most|up to"  # the phrase before its number
_BEFORE_MORE = r"more than|over|above|at least"
COMMENT_LINES = 12  # comment lines read above a rule


def check_oddities(merged: Merged, combos: list[Combination]) -> Iterator[Diagnostic]:
    """B734 to B744 and B747 to B749 (see the module)."""
    rules = next((c.rules for c in combos if c.rules is not None), None)
    if rules is None:
        return
    own = [c for c in merged.variant.clauses if is_own(merged, c)]
    lines = source_lines(merged)  # read once: the comments above this file's rules
    for clause in own:
        if isinstance(clause, n.Lurch):
            yield from _lurch(merged, rules, clause)
        if isinstance(clause, n.BasraRule) and clause.guard is not None:
            yield from _title_against_condition(clause, lines)
    draws = next((c for c in own if c.key == "setup.draw"), None)
    if draws is not None and rules.draw > 1:
        hand = rules.hand_size
        yield warning("B735", f"a player draws {rules.draw} cards after each play, so a hand grows by "
                      f"{rules.draw - 1} a turn ({hand}, {hand + rules.draw - 1}, {hand + 2 * (rules.draw - 1)}... cards)",
                      draws.span, f"to keep a hand at {hand} cards, draw one after each play: 'draw 1'")
    capture_changed = any(c.section in ("capture", "setup") for c in own + list(merged.variant.drops))
    if capture_changed:
        yield from _never_take(merged, rules)
        yield from _pictures_alike(merged, rules)
    yield from _stacks_past_every_card(rules, own)
    yield from _sweepers_always_score(merged, rules, own)
    yield from _cleared_or(merged, rules, own)
    yield from _only_last(own)
    yield from _counts_against_zero(own)
    yield from _majorities_out_of_reach(rules, own)
    yield from _last_deal(merged, own)
    bar = next((c for c in own if isinstance(c, n.StartFloor) and c.bar), None)
    if rules.bar_top_only and rules.floor_kind == "spread" and (bar is not None or any(
            c.key == "setup.floor" for c in own)):
        where = next((c for c in own if c.key == "setup.floor"), bar)
        yield warning("B742", "the first floor's bar names the top card ('without top ...'), but the floor is spread: "
                      "every card of it lies face up and can be taken, so no card is on top", where.span,
                      "for a pile where only the top card counts, write 'floor stack'; else bar the cards without 'top'")
    yield from _prime(merged, rules, own)
    yield from _bonus_dropped_sweep_kept(merged)


def _bonus_dropped_sweep_kept(merged: Merged) -> Iterator[Diagnostic]:
    """B749: 'drop NAME' under basra: where the capture rule of that name, a card that takes the
    whole floor, is still inherited (the card most likely was to become an ordinary card)."""
    for drop in merged.variant.drops:
        kept = merged.clauses.get(f"capture.{drop.name.text}", ())
        sweeps = [c for c in kept if isinstance(c, n.CaptureRule) and c.takes == "all"]
        if drop.section != "basra" or not sweeps or f"capture.{drop.name.text}" in merged.dropped:
            continue
        rule = sweeps[0]
        origin = merged.origin.get(rule.key, "the parent")
        yield warning("B749", f"'drop {drop.name.text}' removes the basra rule, but the capture rule of that name "
                      f"({pattern_text(rule.pattern)} takes all, from {origin}) still applies: "
                      f"{pattern_text(rule.pattern)} still takes the whole floor", drop.span,
                      f"to make {pattern_text(rule.pattern)} an ordinary card, also write 'drop {drop.name.text}' under "
                      "'capture:'; if only the bonus is to go, keep it and say so ('#: allow B749: why')")


def _stacks_past_every_card(rules, own: list[n.Clause]) -> Iterator[Diagnostic]:
    """B743: stacks allowed past the highest value a card adds up as (none could take them)."""
    stacks = next((c for c in own if c.key == "capture.stacks"), None)
    if stacks is None or rules.builds is None or not rules.builds.stack_limit:
        return
    highest = max([v for values in rules.played_values.values() for v in values]
                  + [v for v in rules.values.values() if isinstance(v, int)], default=0)
    if rules.builds.stack_limit > highest:
        yield warning("B743", f"a stack may grow to {rules.builds.stack_limit}, but no card is worth more than "
                      f"{highest}: a stack is taken by a card of its value, so one above {highest} is never taken",
                      stacks.span, f"stack no higher than the highest card: 'stacks to {highest}'")


MOST_GAMES = 4  # a lurch counting more games than this for one win is no table's (a double, a triple game)


def _lurch(merged: Merged, rules, clause: n.Lurch) -> Iterator[Diagnostic]:
    if not rules.lurch or rules.target in (float("inf"), 0):
        return
    games, below = rules.lurch
    if games > MOST_GAMES and below < games:  # 'lurch 21 below 2': the two numbers swapped
        swapped = f"lurch {number_text(below)} below {number_text(games)}" if below >= 2 and games < rules.target else None
        yield warning("B734", f"a win over a side with fewer than {number_text(below)} points counts {number_text(games)} "
                      "games", clause.span, (f"did you mean '{swapped}'? " if swapped else "")
                      + "a lurch counts a win as a few games (2: a double game) when the losers are far behind")
        return
    if below >= rules.target:
        reference = reference_rules(merged)
        line = (reference.lurch[1] if reference is not None and reference.lurch and reference.lurch[1] < rules.target
                else math.ceil(rules.target / 2))
        yield warning("B734", f"every win counts {games} games: a game ends when a side reaches "
                      f"{number_text(rules.target)}, so the losers are always below {number_text(below)}", clause.span,
                      f"a lurch is for a loser left far behind, such as 'lurch {games} below {number_text(line)}'"
                      f"{described(merged) if reference is not None and reference.lurch else ''}")


def _never_take(merged: Merged, rules) -> Iterator[Diagnostic]:
    """B736: ranks no capture rule lets take anything (a sums rule over cards without a value)."""
    if not rules.capture_rules:
        return
    worth = CaptureResolver(rules).worth
    stuck = sorted({c >> 2 for c in rules.deck if not any(
        c in rule.cards and (rule.takes in ("rank", "all") or rule.takes == "sums" and (worth[c] or rule.total))
        for rule in rules.capture_rules)})
    if not stuck:
        return
    named = ", ".join(rank_word(r) for r in stuck)
    sums = next((c for c in merged.variant.clauses if isinstance(c, n.CaptureRule) and c.takes == "sums"), None)
    drop = next((d for d in merged.variant.drops if d.section == "capture"), None)
    values = next((c for c in merged.variant.clauses if isinstance(c, n.CardValues) and is_own(merged, c)), None)
    replaced = _values_replaced(merged, values, stuck)
    if replaced is not None:  # a child's 'values' line replaced the parent's, which gave these cards theirs
        origin, restated = replaced
        yield warning("B736", f"{named} can never take from the floor: this 'values' line replaces {origin}'s whole "
                      f"line, which gave them their values", values.span,
                      f"restate {origin}'s values with yours: '{restated}'")
        return
    narrow = next((c for c in merged.variant.clauses if isinstance(c, n.CaptureRule) and c.takes == "sums"
                   and is_own(merged, c) and all(worth[x] for x in rules.deck if x >> 2 in stuck)), None)
    if narrow is not None:  # the cards have values, but the rule that adds up names other cards
        yield warning("B736", f"{named} can never take from the floor: '{narrow.name.text}' adds up only with "
                      f"'{pattern_text(narrow.pattern)}', which leaves them out", narrow.pattern.span,
                      f"let every card add up: '{rule_text(replace(narrow, pattern=_ANY), narrow.guard)}'")
        return
    span = (sums or drop or merged.variant.name).span
    yield warning("B736", f"{named} can never take from the floor: no capture rule lets them, and 'takes sums' "
                  "adds up only cards that have a value", span,
                  f"let a card take the cards of its rank ('pair: any takes rank'), or give {named} values "
                  f"('values {', '.join(f'{RANKS[r]} {11 + i}' for i, r in enumerate(stuck[:3]))}')")


_ANY = n.Pattern((n.Word("any", span=None),), span=None)  # type: ignore[arg-type]


def _values_replaced(merged: Merged, values, stuck: list[int]) -> tuple[str, str] | None:
    """The parent's name and its values line with this file's entries put in, where this file's
    'values' line replaced one that gave the stuck ranks their values; None otherwise."""
    parent = merged.parent
    old = next((c for c in parent.clauses if isinstance(c, n.CardValues)), None) \
        if values is not None and parent is not None else None
    if old is None or not set(stuck) <= {c >> 2 for e in old.entries for c in X.pattern_set(e.pattern) or ()}:
        return None
    mine = {pattern_text(e.pattern) for e in values.entries}
    entries = list(values.entries) + [e for e in old.entries if pattern_text(e.pattern) not in mine]
    return parent.name.text, "values " + ", ".join(f"{pattern_text(e.pattern)} {expr_text(e.value)}" for e in entries)


def _pictures_alike(merged: Merged, rules) -> Iterator[Diagnostic]:
    """B740: a picture given the value of a numeral rank the pack holds."""
    ranks = {c >> 2 for c in rules.deck}
    by_value: dict[int, list[int]] = {}
    for rank in sorted(ranks):
        value = next((rules.values.get(c) for c in rules.deck if c >> 2 == rank), None)
        if isinstance(value, int):
            by_value.setdefault(value, []).append(rank)
    clashes = [(v, rs) for v, rs in by_value.items() if len(rs) > 1 and any(r in PICTURE_RANKS for r in rs)
               and any(r not in PICTURE_RANKS for r in rs)]
    if not clashes:
        return
    value, alike = clashes[0]
    values = next((c for c in merged.variant.clauses if c.key == "setup.values"), None)
    deck = next((c for c in merged.clauses.get("setup.deck", ())), None)
    span = (deck or values or merged.variant.name).span
    names = " and ".join(rank_word(r) for r in alike)
    yield warning("B740", f"{names} both add up as {value}: the pack of {len(rules.deck)} holds the numerals that the "
                  "values give to the pictures", span,
                  "play the pack without them (the 40-card pack: 'deck 40'), or give the pictures other values")


def _sweepers_always_score(merged: Merged, rules, own: list[n.Clause]) -> Iterator[Diagnostic]:
    """B737: a card that takes the whole floor whatever it holds, and a bonus that scores every
    such sweep (the sweep bonus a table keeps for clearing the floor the hard way)."""
    sweepers = frozenset().union(*(r.cards for r in rules.capture_rules if r.takes == "all" and r.condition is None
                                   and not r.spared))
    # this file's bonuses; every bonus where this file changes what takes the floor
    changed = any(isinstance(c, n.CaptureRule) for c in own)
    named = {c.name.text: c for alts in merged.clauses.values() for c in alts
             if isinstance(c, n.BasraRule) and (changed or c in own)
             and played_cards(c.guard) == frozenset(FULL_PACK)}  # a bonus that names its card means it
    bonuses = [r for r in rules.basra_rules if r.name in named]
    if not sweepers or not bonuses:
        return
    plays = list(itertools.islice((p for p in sampled_plays(rules) if p[0] in sweepers and len(p[1]) >= 2 and p[2]),
                                  PLAYS))
    for rule in bonuses:
        scored = {}
        for play in plays:
            try:
                holds = rule.condition is None or rule.condition(*play)
            except FAILURES:
                holds = False
            scored.setdefault(play[0], []).append(bool(holds))
        always = sorted(c for c, seen in scored.items() if len(seen) >= 3 and all(seen))
        if always:
            cards = ", ".join(map(card_name, always[:-1])) + " or " * (len(always) > 1) + card_name(always[-1])
            sweep = next((c for c in own if isinstance(c, n.CaptureRule) and c.takes == "all"
                          and X.pattern_set(c.pattern) & set(always)), None)
            spared = _left_out(named[rule.name].guard) & X.pattern_set(sweep.pattern) if sweep is not None else set()
            where = sweep.span if sweep is not None else named[rule.name].span
            narrow = (f"if only {_pattern_of(sorted(spared), rules.deck)} should sweep (the bonus leaves it out), "
                      f"write '{sweep.name.text}: {_pattern_of(sorted(spared), rules.deck)} takes all'; else "
                      if spared else "")
            guard = named[rule.name].guard
            if isinstance(guard, n.BoolOp) and guard.op == "or" and sweep is None:  # 'played is J or floor.lone is J'
                yield warning("B737", f"'{rule.name}' scores every time {cards} is played on a floor of two or more: "
                              f"'or' lets either part alone score", in_this_file(merged, where),
                              f"for both at once, join them with 'and': '{expr_text(replace(guard, op='and'))}'")
                continue
            yield warning("B737", f"'{rule.name}' scores every time {cards} is played on a floor of two or more: "
                          "it takes the whole floor", in_this_file(merged, where),
                          f"{narrow}leave the sweeping cards out of the bonus ('... and played is not "
                          f"{_pattern_of(always, rules.deck)}')")


def _left_out(guard: n.Expr | None) -> set[int]:
    """The cards a condition keeps from scoring ('played is not J | 7D' at its top)."""
    found: set[int] = set()
    for part in conjuncts(guard):
        if isinstance(part, n.Test) and part.op == "is not" and part.subject == n.Name("played", span=part.span):
            found |= X.pattern_set(part.pattern)
    return found


def _pattern_of(cards: list[int], deck) -> str:
    """The cards as a pattern: a rank where they are all of it the deck holds."""
    ranks = {c >> 2 for c in cards}
    whole = [r for r in sorted(ranks) if {c for c in deck if c >> 2 == r} <= set(cards)]
    words = [rank_word(r) for r in whole] + [card_name(c) for c in cards if c >> 2 not in whole]
    return " | ".join(words)


def _cleared_or(merged: Merged, rules, own: list[n.Clause]) -> Iterator[Diagnostic]:
    """B723: 'cleared' joined by 'or' (``cleared or not last``): the bonus then scores captures
    that leave cards whenever the other side holds."""
    for clause in (c for c in own if isinstance(c, n.BasraRule) and c.guard is not None):
        joined = next((node for node in n.walk(clause.guard) if isinstance(node, n.BoolOp) and node.op == "or"
                       and n.Name("cleared", span=node.span) in (node.left, node.right)), None)
        rule = next((r for r in rules.basra_rules if r.name == clause.name.text), None)
        if joined is None or rule is None:
            continue
        for play in itertools.islice((p for p in sampled_plays(rules) if p[2] and p[3]), PLAYS):
            try:
                holds = rule.condition(*play)
            except FAILURES:
                continue
            if holds:
                other = joined.right if joined.left == n.Name("cleared", span=joined.span) else joined.left
                yield warning("B723", f"'{clause.name.text}' scores captures that leave cards: "
                              f"'{expr_text(joined)}' holds whenever '{expr_text(other)}' does (such as "
                              f"{card_name(play[0])} taking {' '.join(map(card_name, play[2]))})", joined.span,
                              f"to ask for both, write 'cleared and {expr_text(other)}'; to score every clearing, "
                              f"write 'cleared' alone, without '{expr_text(other)}'")
                break


def _majorities_out_of_reach(rules, own: list[n.Clause]) -> Iterator[Diagnostic]:
    """B748: 'most clubs 7 at least 17' where the pack holds 13 clubs: nobody can ever win it. B755:
    'most cards 3 at least 27' in a 44-card pack: a side with 23 cards has the most and scores nothing."""
    for clause in (c for c in own if isinstance(c, n.Most) and c.least is not None):
        majority = next((m for m in rules.majorities if m.what == clause.what.text), None)
        least = getattr(majority, "least", None)
        if majority is None or not isinstance(least, (int, float)):
            continue
        held = sum(1 for c in rules.deck if majority.cards is None or c in majority.cards)
        if least > held:
            yield warning("B748", f"'most {clause.what.text}' asks for at least {number_text(least)}, but the pack "
                          f"holds {held}: nobody can ever win it", clause.least.span,
                          f"ask for a number the pack holds, such as 'at least {held // 2 + 1}' (more than half)")
        elif least > held // 2 + 1:  # a threshold copied from a bigger pack (27 of 52 in a 44-card game)
            half = held // 2 + 1
            yield warning("B755", f"'most {clause.what.text}' asks for at least {number_text(least)}, but more than "
                          f"half of the {held} {clause.what.text} this pack holds is {half}: a side with {half} to "
                          f"{number_text(least - 1)} has the most and scores nothing", clause.least.span,
                          f"did you mean '{half}'? (more than half of {held})")


def _counts_against_zero(own: list[n.Clause]) -> Iterator[Diagnostic]:
    """B747: 'floor.count(A) >= 0': a count compared with zero the way that always holds (or never)."""
    for clause in own:
        for part in atoms(getattr(clause, "guard", None)) if getattr(clause, "guard", None) is not None else ():
            if not (isinstance(part, n.Compare) and part.op in (">=", "<") and part.right == n.Number(0, span=part.span)
                    and _is_count(part.left)):
                continue
            always = part.op == ">="
            count = expr_text(part.left)
            yield warning("B747", f"'{expr_text(part)}' {'always' if always else 'never'} holds: a count is never "
                          "below zero", part.span, f"for none, write '{count} == 0'; for one or more, write "
                          f"'{count} >= 1'")


def _is_count(expr: n.Expr) -> bool:
    return (isinstance(expr, n.Counted) and expr.attr == "count") or (
        isinstance(expr, n.Attribute) and expr.attr in ("count", "ranks"))


def _only_last(own: list[n.Clause]) -> Iterator[Diagnostic]:
    """B744: a bonus for clearing the floor that 'last' (not 'not last') keeps to the hand's last play."""
    for clause in (c for c in own if isinstance(c, n.BasraRule) and c.guard is not None):
        parts = conjuncts(clause.guard)
        last = next((p for p in parts if p == n.Name("last", span=p.span)), None)
        if last is not None and n.Name("cleared", span=last.span) in parts:
            yield warning("B744", f"'{clause.name.text}' can score only on the hand's last play: 'last' holds once "
                          "a hand", last.span, "to keep the hand's last play from scoring it (the usual rule), "
                          "write 'not last'")


def _last_deal(merged: Merged, own: list[n.Clause]) -> Iterator[Diagnostic]:
    """B741: a bonus for clearing the floor that 'not last_deal' bars from the whole last deal
    (a game that means it, as Pasur's sources do, says so with '#: allow B741')."""
    for clause in (c for c in own if isinstance(c, n.BasraRule) and c.guard is not None):
        parts = conjuncts(clause.guard)
        barred = next((p for p in parts if isinstance(p, n.Not) and p.operand == n.Name("last_deal", span=p.span)),
                      None)
        if barred is not None and n.Name("cleared", span=barred.span) in parts:
            yield warning("B741", f"'{clause.name.text}' never scores in the hand's last deal: 'not last_deal' bars "
                          "every play of it, not only the hand's last play", barred.span,
                          restated_from(merged, clause) + "for the hand's last play only (the usual rule), write "
                          "'not last'; if the whole deal is meant, say so in a note above the rule: '#: allow B741: why'")


def _prime(merged: Merged, rules, own: list[n.Clause]) -> Iterator[Diagnostic]:
    """B738: the prime's seven counting less than another rank."""
    clause = next((c for c in own if isinstance(c, n.Most) and c.what.text == "prime"), None)
    prime = next((m.prime for m in rules.majorities if m.prime), None)
    if clause is None or not prime:
        return
    worth = {card >> 2: value for card, value in prime.items()}
    present = [r for r in PRIME_ORDER if r in worth]
    for higher, lower in zip(present, present[1:]):
        if worth[higher] < worth[lower]:
            name = RANKS[higher]
            swapped = str(int(worth[higher]))[::-1] if float(worth[higher]).is_integer() else None
            fix = (f"did you mean '{name} {swapped}'?" if swapped and int(swapped) > max(worth.values())
                   else f"give {name} more than {RANKS[lower]}")
            yield warning("B738", f"in the prime, {name} counts {number_text(worth[higher])}, less than "
                          f"{RANKS[lower]} ({number_text(worth[lower])}): every account ranks 7, 6, A, 5, 4, 3, 2 from "
                          "the top", clause.span, fix)
            return


def _title_against_condition(clause: n.BasraRule, lines: list[str]) -> Iterator[Diagnostic]:
    """B739: 'ten or less' in the title, or 'less than 10' in the comment just above the rule,
    over a '>= 10' in the condition (or the other way)."""
    said_where = [("title", (clause.title or "").lower()), ("comment above it", _comment_above(clause, lines).lower())]
    for part in atoms(clause.guard):
        if not isinstance(part, n.Compare) or part.op not in ("<", "<=", ">", ">="):
            continue
        number = part.right.value if isinstance(part.right, n.Number) else None
        if number is None:
            continue
        words = "|".join(re.escape(w) for w in [w for w, v in NUMBER_WORDS.items() if v == number] + [number_text(number)])
        for where, text in said_where:
            said = (re.search(rf"\b({words})\s+({_LESS}|{_MORE})\b", text)
                    or re.search(rf"\b({_BEFORE_LESS}|{_BEFORE_MORE})\s+({words})\b", text))
            if said is None:
                continue
            phrase = said.group(2) if re.fullmatch(rf"{_LESS}|{_MORE}", said.group(2)) else said.group(1)
            less = re.fullmatch(rf"{_LESS}|{_BEFORE_LESS}", phrase) is not None
            if less != (part.op in ("<", "<=")):
                flipped = {"<": ">", "<=": ">=", ">": "<", ">=": "<="}[part.op]
                yield warning("B739", f"the {where} says '{said.group(0)}', but the condition takes "
                              f"'{expr_text(part)}'", part.span, f"write '{expr_text(part.left)} {flipped} "
                              f"{number_text(number)}', or correct the {where.split()[0]}")
                return


def _comment_above(clause: n.Clause, lines: list[str]) -> str:
    """The comment lines just above a clause in its file, joined (the rule's published note)."""
    lines = lines[:clause.span.line - 1] if clause.span is not None else []
    above: list[str] = []
    for row in reversed(lines[-COMMENT_LINES:]):
        if not row.lstrip().startswith("#"):
            break
        above.insert(0, row.lstrip().lstrip("#:").strip())
    return " ".join(above)
