"""Explains a play by the rules: which capture rule took the cards, and which basra rule scored.

Used by the worked examples and the sample hand; each explanation links to the rule.
"""

from __future__ import annotations

from ... import cards as C
from ...engine.capture import CaptureResolver
from ...engine.rules import Rules
from ...language.unparse import number_text
from ..prose.card_counts import sum_rule_for
from ..pictures.cardhtml import card_html
from .page_state import PageState
from ..prose.titles import rule_title


def why(page: PageState, rules: Rules, card: int, floor: tuple[int, ...], takes: tuple[int, ...],
        previous) -> str:
    """Returns why a card took what it took (or nothing) from the floor, naming the rule."""
    if not takes:
        if not floor:
            return "the floor is empty, so the card is simply laid down."
        if rules.floor_kind == "stack":  # only the top card counts
            return f"it does not match the top card, {card_html(floor[-1])}, so it is laid on the pile."
        if CaptureResolver(rules).captures(card, floor, previous):  # a capture declined, where taking is up to the player
            return (f"it could take from the floor, but {page.rule_link('capture.compulsion', 'taking is up to the player')}"
                    ": the card is laid down instead (it is trailed).")
        return "no rule lets this card take anything here, so it is trailed."
    stack = rules.floor_kind == "stack"
    for rule in rules.capture_rules:
        if rule.takes == "all" and card in rule.cards and (
                rule.condition is None or rule.condition(card, floor, (), (), previous)):
            left = [card_html(x) for x in floor if x in rule.spared]
            spared = f" but {', '.join(left)}, which it leaves" if left else ""
            return f"{_capture_link(page, rule.name)}: it takes the whole {'pile' if stack else 'floor'}{spared}."
    rank_rules = [r for r in rules.capture_rules if r.takes == "rank" and card in r.cards]
    sum_rules = [r for r in rules.capture_rules if r.takes == "sums" and card in r.cards]
    if stack:
        return _on_top(page, rules, card, floor[-1], rank_rules, sum_rules)
    same = all(C.rank(x) == C.rank(card) for x in takes)
    if same and rank_rules:
        return f"{_capture_link(page, rank_rules[0].name)}: it pairs the floor cards of its rank."
    if sum_rules and (found := sum_rule_for(rules, card, takes)) is not None:
        rule, target = found
        groups = _groups(takes, target, rules.values)
        shown = "; ".join(" + ".join(card_html(x) for x in g) for g in groups)
        more = " (the largest set it can take)" if rules.choose == "largest" and len(takes) < len(floor) else ""
        if rule.total is not None:
            return (f"{_capture_link(page, rule.name)}: with the card played, worth {number_text(rules.values[card])}, "
                    f"each group makes {number_text(rule.total)}: {shown}{more}.")
        return f"{_capture_link(page, rule.name)}: each group adds up to {number_text(target)}: {shown}{more}."
    return "the capture rules allow it."


def why_stolen(page: PageState, rules: Rules, card: int, seat: int, pile: tuple[int, ...]) -> str:
    """Returns why a card took another seat's pile (``pile`` bottom to top): it has the rank
    of the pile's top card, under the rule that takes piles."""
    rule = next((r for r in rules.capture_rules if r.takes == "pile" and card in r.cards), None)
    link = _capture_link(page, rule.name) if rule is not None else "the capture rules"
    return (f"{link}: it has the rank of {card_html(pile[-1])}, the top card of seat {seat + 1}'s pile, so it "
            f"takes that whole pile of {len(pile)} cards and goes on top of its player's own.")


def _on_top(page: PageState, rules: Rules, card: int, top: int, rank_rules, sum_rules) -> str:
    """Returns why a card takes a pile: only the top card counts, and it matches that card."""
    shown = card_html(top)
    if rank_rules and C.rank(top) == C.rank(card):
        return f"{_capture_link(page, rank_rules[0].name)}: it matches the top card, {shown}, so it takes the whole pile."
    if sum_rules and rules.values.get(top) is not None and rules.values.get(top) == rules.values.get(card):
        return (f"{_capture_link(page, sum_rules[0].name)}: it is worth as much as the top card, {shown}, "
                "so it takes the whole pile.")
    return f"the capture rules let it take the pile with {shown} on top."


def bonus_rules(page: PageState, rules: Rules, card, floor, takes, previous, bonus) -> list[str]:
    """Returns links to the basra rules that score exactly ``bonus`` for this capture."""
    left = tuple(x for x in floor if x not in set(takes))
    found = []
    for rule in rules.basra_rules:
        if rule.condition is None or rule.condition(card, floor, takes, left, previous):
            if (rule.points(card, floor, takes, left, previous) or 0) == bonus:
                found.append(page.rule_link("basra." + rule.name, _title(page, "basra." + rule.name)))
    return found or ["by the rules above"]


def _capture_link(page: PageState, name: str) -> str:
    return page.rule_link("capture." + name, _title(page, "capture." + name))


def _title(page: PageState, key: str) -> str:
    """Returns a rule's title (Markdown), or its name where the variant lacks it."""
    return rule_title(page.merged, key) if key in page.merged.clauses else key.split(".", 1)[1]


def _groups(takes: tuple[int, ...], value: int | None, values: dict) -> list[tuple[int, ...]]:
    """Returns the captured cards split into groups adding up to ``value`` (for the 'why')."""
    if value is None or any(values.get(x) is None for x in takes):
        return [tuple(takes)]
    cards = sorted(takes, key=lambda x: -values[x])

    def split(rest: list[int]) -> list[tuple[int, ...]] | None:
        if not rest:
            return []
        first, others = rest[0], rest[1:]

        def grow(group: list[int], pool: list[int], total: int):
            if total == value:
                tail = split([x for x in others if x not in group])
                return None if tail is None else [tuple(group)] + tail
            for i, x in enumerate(pool):
                if total + values[x] <= value:
                    found = grow(group + [x], pool[i + 1:], total + values[x])
                    if found is not None:
                        return found
            return None

        return grow([first], others, values[first])

    return split(cards) or [tuple(takes)]
