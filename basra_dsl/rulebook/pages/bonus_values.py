"""Bonus values card by card: what a basra scores with each card played, as a small table.

Where a bonus rule's points are worked out from the card played (``2 * played.value``,
``2 * value(played, Q=3, K=4, J=12.5)``), the rules text alone leaves the reader doing
arithmetic. This module shows the result instead: one row per rank in the pack, the
points worked out by the engine's own compiled rule with the default options, and the
ranks the rule's condition leaves out (or allows only on some floors) said in words.

It also holds ``settle``, which decides the parts of a condition that the default options
(and, given one, the card played) already decide; the quickstart uses it to leave out rules
that are off by default.
"""

from __future__ import annotations

import dataclasses
from typing import Any

from ... import cards as C
from ...engine.capture import MID_HAND
from ..text import naming
from ...language import nodes as n
from ...language.evaluation import evaluate_constant
from ...language.expressions import PLAY_NAMES, pattern_set
from ...language.unparse import number_text
from ..prose.english import capitalise, conjuncts, join, plural, say, uses_play
from ..pictures.cardhtml import card_html
from .page_state import PageState
from ..text.safe import attribute

Settled = bool | n.Expr


# ------------------------------------------------------------------ conditions, partly decided

def settle(expr: n.Expr, options: dict[str, Any], card: int | None = None) -> Settled:
    """Returns True or False when ``options`` (and ``card`` as the card played) decide a
    yes/no expression, else what is left of it to decide during play or by the number of
    players (a page describes every count it allows)."""
    match expr:
        case n.Bool(value=value):
            return value
        case n.Test(op=op, subject=n.Name(id="played"), pattern=pattern) if card is not None and op in ("is", "is not"):
            return (card in pattern_set(pattern)) == (op == "is")
        case n.Not(operand=operand):
            inner = settle(operand, options, card)
            return (not inner) if isinstance(inner, bool) else dataclasses.replace(expr, operand=inner)
        case n.BoolOp(op=op, left=left, right=right):
            return _settle_bool(expr, settle(left, options, card), settle(right, options, card))
    if not uses_play(expr):
        if any(isinstance(node, n.Name) and node.id == "players" for node in n.walk(expr)):
            return expr  # the number of players is not a choice of options: said, not settled
        try:
            return bool(evaluate_constant(expr, options))  # a condition on the options alone
        except (ArithmeticError, TypeError, ValueError, NameError):
            return expr  # cannot be worked out here: said as written
    return expr


def _settle_bool(expr: n.BoolOp, left: Settled, right: Settled) -> Settled:
    """Joins two settled sides of ``and``/``or``, dropping the sides that are decided."""
    decisive = expr.op == "or"  # True decides an 'or', False an 'and'
    for side in (left, right):
        if side is decisive:
            return decisive
    rest = [side for side in (left, right) if not isinstance(side, bool)]
    if not rest:
        return not decisive
    if len(rest) == 1:
        return rest[0]
    return dataclasses.replace(expr, left=left, right=right)


def options_of(page: PageState) -> dict[str, Any]:
    """Returns the default options with the default player count, as the rules are shown."""
    return page.defaults | {"players": page.rules.players}


def is_on(page: PageState, clause: n.Clause) -> bool:
    """Returns whether a rule can apply with the default options (its condition is not settled False)."""
    return clause.guard is None or settle(clause.guard, options_of(page)) is not False


# ------------------------------------------------------------------ which rules get a table

def named_rules(page: PageState, kind: type) -> list:
    """Returns the capture or bonus rules as the compiler reads them: each name's first alternative."""
    return [alts[0] for alts in page.merged.clauses.values() if alts and isinstance(alts[0], kind)]


def per_card(clause: n.Clause) -> bool:
    """Returns whether a bonus rule's points depend on the card played and on nothing else of the play."""
    if not isinstance(clause, n.BasraRule):
        return False
    names = {node.id for node in n.walk(clause.points) if isinstance(node, n.Name) and node.id in PLAY_NAMES}
    return names == {"played"}


def has_table(page: PageState, clause: n.Clause) -> bool:
    """Returns whether ``bonus_value_tables`` shows a table for this rule (on by default, points per card)."""
    return per_card(clause) and is_on(page, clause)


def table_anchor(clause: n.BasraRule) -> str:
    """Returns the HTML id of a rule's table, such as ``bonus-values-clear``."""
    return "bonus-values-" + clause.name.text


# ------------------------------------------------------------------ the tables

def bonus_value_tables(page: PageState) -> str:
    """Returns a table for each bonus rule whose points depend on the card played ("" if none)."""
    tables = [value_table(page, c) for c in named_rules(page, n.BasraRule) if has_table(page, c)]
    return "\n".join(tables)


@dataclasses.dataclass
class Row:
    cards: list[int]
    points: float | None  # None: these cards never score the bonus
    extra: n.Expr | None  # a condition these cards need beyond those every card needs
    whole: bool = True  # every card of the rank in the pack (else only some suits)
    played_as: tuple = ()  # (value, points) where the card played as another of its values scores otherwise


def value_table(page: PageState, clause: n.BasraRule) -> str:
    """Returns one rule's table: a row per rank (or per card where suits differ)."""
    rows = rows_of(page, clause)
    anchor = table_anchor(clause)
    page.anchors.append(anchor)
    bonus = page.bonus
    head = (f"**{capitalise(bonus)} points by the card played**{{#{anchor}}} — "
            f"{page.rule_link(clause.key, 'this rule')} scores by the card that makes the {bonus}")
    if _mentions_options(page, clause):
        head += " (with the default options)"
    left_out = [row for row in rows if row.points is None]
    scoring = [row for row in rows if row.points is not None]
    shown = scoring if len(left_out) > len(scoring) else rows  # a long list of "no basra" rows says little
    lines = [head + ":", "", f"| Card played | {capitalise(bonus)} scores |", "| --- | --- |"]
    lines += [f"| {_cards_cell(row)} | {_points_cell(row, page)} |" for row in shown]
    if shown is scoring:
        names = join([_cards_words(row, "pl") for row in scoring])
        lines += ["", f"Only {names} can score this {bonus}: the rule leaves the other cards out."]
    elif left_out:
        names = join([_cards_words(row, "pl") for row in left_out], "or")
        one = len(left_out) == 1 and len(left_out[0].cards) == 1
        lines += ["", f"{capitalise(names)} never {'scores' if one else 'score'} this {bonus}: "
                      f"the rule leaves {'it' if one else 'them'} out."]
    return "\n".join(lines) + "\n"


def rows_of(page: PageState, clause: n.BasraRule) -> list[Row]:
    """Returns the rows of a rule's table, by rank; cards of one rank share a row when
    they score alike (a rule may single out a card, such as the seven of diamonds)."""
    options = options_of(page)
    compiled = next(r for r in page.rules.basra_rules if r.name == clause.name.text)
    found: dict[int, Row] = {}
    settled = {card: (True if clause.guard is None else settle(clause.guard, options, card)) for card in page.rules.deck}
    allowed = [s for s in settled.values() if s is not False]
    common = _common_parts(allowed)
    rows: list[Row] = []
    for card in page.rules.deck:
        state = settled[card]
        if state is False:
            points, extra = None, None
        else:
            points = compiled.points(card, (), (), (), None) or 0  # the engine scores None as nothing
            extra = _extra(state, common)
        # a card played as another of its values (Tablanette's ace as 11) may score otherwise
        also = tuple((v, p) for v in page.rules.played_values.get(card, ())[1:]
                     if (p := compiled.points(card, (), (), (), None, MID_HAND, v) or 0) != points) if points is not None else ()
        key = (C.rank(card), points, extra, also)
        row = found.get(key)
        if row is None:
            row = found[key] = Row([], points, extra, played_as=also)
            rows.append(row)
        row.cards.append(card)
    for row in rows:
        rank = C.rank(row.cards[0])
        row.whole = len(row.cards) == sum(1 for c in page.rules.deck if C.rank(c) == rank)
    return rows


def _parts(state: Settled) -> list[n.Expr]:
    return [] if state is True else conjuncts(state)


def _common_parts(states: list[Settled]) -> list[n.Expr]:
    """Returns the conditions that every card able to score the bonus needs (such as clearing the floor)."""
    if not states:
        return []
    first, *others = [_parts(s) for s in states]
    return [part for part in first if all(part in other for other in others)]


def _extra(state: Settled, common: list[n.Expr]) -> n.Expr | None:
    """Returns what a card needs beyond the common conditions, as one expression, or None."""
    rest = [part for part in _parts(state) if part not in common]
    return all_of(rest) if rest else None


def all_of(parts: list[n.Expr]) -> n.Expr:
    """Returns the conditions joined with 'and', in their order."""
    joined = parts[0]
    for part in parts[1:]:
        joined = n.BoolOp("and", joined, part, span=part.span)
    return joined


def _mentions_options(page: PageState, clause: n.BasraRule) -> bool:
    return any(isinstance(node, n.Name) and node.id in page.merged.options
               for node in n.walk((clause.points,) + ((clause.guard,) if clause.guard else ())))


# ------------------------------------------------------------------ cells

def rank_html(rank: int) -> str:
    """Returns a rank as a card face without a suit, such as a small card showing ``Q``."""
    symbol = "10" if C.RANKS[rank] == "T" else C.RANKS[rank]
    return f'<span class="basra-card basra-black" title="{attribute(naming.rank_name(rank))}">{symbol}</span>'


def _cards_cell(row: Row) -> str:
    """Returns a row's cards: the rank in words with its face, or each card where suits differ."""
    rank = C.rank(row.cards[0])
    if row.whole:
        return f"{rank_html(rank)} {naming.rank_name(rank)}"
    return " ".join(card_html(c) for c in row.cards) + " " + _cards_words(row, "bare")


def _cards_words(row: Row, form: str) -> str:
    """Returns a row's cards in words: "jacks" (``pl``) or "jack" (``bare``), or the cards by name."""
    rank = naming.rank_name(C.rank(row.cards[0]))
    if row.whole:
        return plural(rank) if form == "pl" else rank
    suits = join([naming.suit_name(C.suit(c)) for c in row.cards])
    return f"the {rank if len(row.cards) == 1 else plural(rank)} of {suits}"


def _points_cell(row: Row, page: PageState) -> str:
    if row.points is None:
        return f"no {page.bonus}"
    text = number_text(row.points) + "".join(f" or {number_text(p)} (played as {number_text(v)})"
                                             for v, p in row.played_as)
    if row.extra is not None:
        text += f", only when {say(row.extra, page.ctx)}"
    return text


__all__ = ["bonus_value_tables", "has_table", "is_on", "named_rules", "options_of", "per_card", "settle", "table_anchor"]
