"""A variant as it plays with its default options, said in a few words per aspect.

The comparison page shows each variant's default game: a rule that an option switches on
is listed apart, and a rule's condition on options is worked out for the defaults (a
table that plays the defaults never meets it), so what is left speaks of the play only.
Every phrase is plain text (Markdown with no link): the comparison links only the variant.
"""

from __future__ import annotations

from dataclasses import dataclass

from ... import cards as C
from ...engine.rules import Rules
from ...language import nodes as n
from ...language.evaluation import evaluate_constant
from ...language.merge import Merged
from ...language.unparse import number_text
from ..text import naming
from .bonus_values import all_of, settle  # the options' part of a condition, worked out
from ..prose.english import Context, conjuncts, counted_word, join, majority_phrase, noun, pattern_phrase, plural, rank_name, say, uses_play
from .page_state import rules_by_players
from ..prose.plays import describe_play
from ..text.safe import inline
from ..prose.sentences import fixed_points

# a side that ties for a majority: what happens to its points, in a player's words
TIES = {"carry": "a tie carries it over", "nobody": "a tie: nobody scores it",
        "each": "a tie: each tied side scores it", "split": "a tie: the tied sides share it"}
PLAIN = Context()  # no option is linked: the comparison has one link a row


@dataclass(frozen=True)
class Switched:
    """Phrases for the rules of one kind: those in play by default, those an option turns on."""

    on: list[str]
    off: list[str]


def switched_on(expr: n.Expr) -> n.Expr | bool:
    """Returns ``expr`` with its parts over options alone taken as holding: the rule as it
    plays once a table has chosen the options that switch it on."""
    parts = [part for part in conjuncts(expr) if uses_play(part)]
    return all_of(parts) if parts else True


def defaults_of(merged: Merged) -> dict:
    return merged.option_defaults() | {"players": merged.player_counts()[0]}


def _first_rules(merged: Merged, kind: type) -> list:
    """Returns the rules of a kind as the compiler reads them: each name's first alternative."""
    return [alts[0] for alts in merged.clauses.values() if alts and isinstance(alts[0], kind)]


def sweepers(merged: Merged) -> Switched:
    """Returns the cards that take the whole floor by default, and those an option makes sweep."""
    options = defaults_of(merged)
    found = Switched([], [])
    for rule in _first_rules(merged, n.CaptureRule):
        if rule.takes != "all":
            continue
        who = pattern_phrase(rule.pattern)
        if rule.spared is not None:
            who += f" (not {pattern_phrase(rule.spared, 'pl', 'or')})"
        guard = True if rule.guard is None else settle(rule.guard, options)
        if guard is False:
            rest = switched_on(rule.guard)
            found.off.append(f"{who} sweeps the floor" + ("" if rest is True else f" when {say(rest, PLAIN)}"))
        else:
            found.on.append(who + ("" if guard is True else f", when {say(guard, PLAIN)}"))
    return found


def bonuses(merged: Merged) -> Switched:
    """Returns each basra (bonus) rule as 'points when play': those in play by default, and
    those an option switches on (with the points every choice of options gives them)."""
    options = defaults_of(merged)
    always = frozenset(w.text for r in _first_rules(merged, n.CaptureRule) if r.takes == "all"
                       and r.guard is None and not r.pattern.exclude for w in r.pattern.include)
    found = Switched([], [])
    for rule in _first_rules(merged, n.BasraRule):
        guard = True if rule.guard is None else settle(rule.guard, options)
        if guard is False:
            points = fixed_points(rule.points, merged) or noun(rule.points, PLAIN)
            found.off.append(_bonus(points, switched_on(rule.guard), always))
        else:
            found.on.append(_bonus(_points_now(rule.points, options), guard, always))
    return found


def _points_now(points: n.Expr, options: dict) -> str:
    """Returns a rule's points for the default options: a number, or what the play decides."""
    if not uses_play(points):
        try:
            return number_text(evaluate_constant(points, options))
        except Exception:  # noqa: BLE001 - said as written instead
            pass
    return noun(points, PLAIN)


def _bonus(points: str, guard: n.Expr | bool, always: frozenset[str]) -> str:
    if guard is True:
        return f"{points} for any capture"
    text, _ = describe_play(guard, PLAIN, always)  # options are settled: none are left to name
    return f"{points} when {text}"


def players(merged: Merged) -> str:
    """Returns the player counts, and those that play as partners: '2 or 4 (partners with 4)'."""
    counts = merged.player_counts()
    text = join([str(c) for c in counts], "or")
    partnered = [c for c, rules in rules_by_players(merged).items() if any(len(side) > 1 for side in rules.sides)]
    if partnered and partnered == list(counts):
        return text + " (as partners)"
    return text + (f" (partners with {join([str(c) for c in partnered], 'or')})" if partnered else "")


def deck(merged: Merged, rules: Rules) -> str:
    """Returns the size of the pack, and the cards taken out of a full one."""
    clause = merged.pick("setup.deck", defaults_of(merged))
    removed = [pattern_phrase(p, "pl") for p in getattr(clause, "without", ())]
    return f"{len(rules.deck)} cards" + (f", no {join(removed, 'or')}" if removed else "")


def deal(merged: Merged, rules: Rules) -> str:
    """Returns the cards dealt to each player (per player count where that differs) and to the floor."""
    sizes: dict[int, list[int]] = {}
    for count, each in rules_by_players(merged).items():
        sizes.setdefault(each.hand_size, []).append(count)
    main = rules.hand_size
    text = f"{main} each" + "".join(f" ({size} with {join([str(c) for c in counts], 'or')} players)"
                                   for size, counts in sizes.items() if size != main)
    where = "a face-up stack" if rules.floor_kind == "stack" else "the floor"
    if rules.start_floor:
        text += f", {rules.start_floor} to {where}"
    if rules.redeal_floor:
        text += f", {rules.redeal_floor} more to {where} each deal"
    if rules.draw:
        text += f", {rules.draw} drawn after each play"
    if rules.flip:
        text += f", {rules.flip} turned from the stock and played after each play"
    return text


def card_points(rules: Rules) -> str:
    """Returns what cards score when taken, in the order the file gives them: a whole rank as
    'jacks 1', single cards as '10♦ 3'."""
    shown: list[str] = []
    ranks_done: set[int] = set()
    for card, points in rules.card_points.items():
        rank = C.rank(card)
        same = [c for c in rules.deck if C.rank(c) == rank]
        if len(same) > 1 and all(rules.card_points.get(c) == points for c in same):
            if rank not in ranks_done:
                ranks_done.add(rank)
                shown.append(f"{plural(rank_name(rank))} {number_text(points)}")
        else:
            shown.append(f"{naming.card_text(card)} {number_text(points)}")
    return ", ".join(shown) or "none"


def majorities(rules: Rules) -> str:
    """Returns the points for the most cards (and any other majority) and what a tie does."""
    shown = []
    for m in rules.majorities:
        tie = TIES.get(m.tie, m.tie) + (" and wipes out the hand" if m.void else "")
        what = "" if m.what == "cards" else f"{inline(majority_phrase(m.what).removeprefix('the '))}: "
        extra = "".join([f", at least {number_text(m.least)}" if m.least is not None else "",
                         f", level ones settled by {join([counted_word(c) for c in m.then], 'then')}" if m.then else ""])
        shown.append(f"{what}{number_text(m.points)}{extra} ({tie})")
    return "; ".join(shown) or "none"


def captures(merged: Merged, rules: Rules) -> str:
    """Returns how cards take, sweeps aside: 'any card: its rank; numerals: cards adding up
    to it', and the choice rules that limit them ('a single card first')."""
    options, said = defaults_of(merged), []
    for rule in _first_rules(merged, n.CaptureRule):
        if rule.takes == "all" or rule.guard is not None and settle(rule.guard, options) is False:
            continue
        total = None if rule.total is None else evaluate_constant(rule.total, options)
        what = {"rank": "a card of its rank", "sums": "cards adding up to it",
                "pile": "a pile whose top card has its rank"}[rule.takes] if total is None \
            else f"cards making {number_text(total)} with it"
        said.append(f"{pattern_phrase(rule.pattern)}: {what}")
    for rule in _first_rules(merged, n.BuildRule)[:1] if rules.builds is not None else ():
        said.append(f"{pattern_phrase(rule.pattern)}: also build")
    if rules.pairs_first:
        said.append("a single card before a sum")
    if rules.floor_first:
        said.append("the floor before a pile")
    if rules.choose == "fewest":
        said.append("the fewest cards")
    if rules.choose == "single":
        said.append("one group, the largest")
    if rules.choose == "pair":
        said.append("one card only")
    return "; ".join(said) or "—"


def first_floor(merged: Merged, rules: Rules) -> str:
    """Returns what the dealing rules do with the first floor by default: a new deal on it,
    a floor won at the deal."""
    options, said = defaults_of(merged), []
    redeals = [settle(c.guard, options) for c in merged.clauses.get("dealing.redeal", ())]
    shown = [say(guard, PLAIN) for guard in redeals if guard is not False and guard is not True]
    if shown:
        said.append("a new deal if " + join(shown, "or"))
    for rule in _first_rules(merged, n.FloorBonus):
        if rule.of_hand:
            continue  # a bonus for a dealt hand, not for the first floor
        guard = True if rule.guard is None else settle(rule.guard, options)
        if guard is False:
            continue
        taker = options.get(rule.taker, rule.taker)
        who = "the dealer" if taker == "dealer" else "the next player"
        when = "" if guard is True else f" if {say(guard, PLAIN)}"
        points = _points_now(rule.points, options)
        said.append(f"to {who}{when}, {points} {'point' if points == '1' else 'points'}")
    return "; ".join(said) or "—"


def game(rules: Rules) -> str:
    """Returns the points a game is played to, and the match when there is one."""
    text = f"{rules.hands_limit} hand{'s' * (rules.hands_limit != 1)}" if rules.target == float("inf") \
        else number_text(rules.target)
    if rules.best_of > 1:
        text += f", best of {rules.best_of}"
    if rules.decider:
        text += f", a deciding game to {number_text(rules.decider)}"
    return text
