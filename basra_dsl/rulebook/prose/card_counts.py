"""What the cards count when adding up, said from the compiled rules: the pack and each card's value.

Numerals count their pips; a card with no value (a picture) is never part of a sum, so it
takes only by pairing, unless a rule lets it take the whole floor whatever lies there (a
sweeper, which its own rule describes). Nothing here knows a variant: a pack without
queens and kings, or a variant that adds nothing up, is told by the rules alone.
"""

from __future__ import annotations

from ... import cards as C
from ..text import naming
from ...engine.rules import CaptureRule, Rules
from .english import article, capitalise, join, plural


def adds_up(rules: Rules) -> bool:
    """Returns whether any card takes by adding up (else what cards count does not matter)."""
    return any(rule.takes == "sums" for rule in rules.capture_rules)


def sum_rule_for(rules: Rules, card: int, takes) -> tuple[CaptureRule, int] | None:
    """Returns the adding-up rule that explains a card's capture, and what each group of the
    captured cards adds up to (the card's value, or what it lacks of the rule's total), under
    the first of the values it may be played as that explains it (Royal Casino's ace, 1 or 14)."""
    played = rules.played_values.get(card) or (rules.values.get(card),)  # each value it may be played as
    if None in played or any(rules.values.get(x) is None for x in takes):
        return None
    taken = sum(rules.values[x] for x in takes)
    for value in played:
        for rule in rules.capture_rules:
            if rule.takes == "sums" and card in rule.cards:
                target = value if rule.total is None else rule.total - value
                if target > 0 and taken % target == 0 and _splits(sorted((rules.values[x] for x in takes),
                                                                         reverse=True), target):
                    return rule, target
    return None


def _splits(values: list[int], target: int) -> bool:
    """Returns whether the values (largest first) split into groups each adding up to ``target``."""
    if not values:
        return True
    first, rest = values[0], values[1:]

    def grow(total: int, start: int, used: tuple[int, ...]) -> bool:
        if total == target:
            return _splits([v for i, v in enumerate(rest) if i not in used], target)
        return any(grow(total + rest[i], i + 1, used + (i,)) for i in range(start, len(rest))
                   if total + rest[i] <= target)
    return first <= target and grow(first, 0, ())


def summed(rules: Rules) -> str:
    """Returns the word for the cards that add up: "numerals", or "cards" once a picture counts."""
    counted = [c for c in rules.deck if rules.values.get(c) is not None]
    return "cards" if any(C.rank(c) in C.PICTURE_RANKS for c in counted) else "numerals"


def _rank_values(rules: Rules) -> dict[int, int | None]:
    """Returns what each rank of the pack counts (a rank whose cards differ counts as its lowest)."""
    found: dict[int, int | None] = {}
    for card in sorted(rules.deck, key=lambda c: (rules.values.get(c) is None, rules.values.get(c) or 0)):
        found.setdefault(C.rank(card), rules.values.get(card))
    return found


def _pips(rank: int, value: int | None) -> bool:
    return value is not None and value == rank + 1 and rank not in C.PICTURE_RANKS


def numeral_span(rules: Rules) -> str:
    """Returns the numerals of the pack that count their pips, from lowest to highest:
    "ace (1) to ten"."""
    ranks = sorted(rank for rank, value in _rank_values(rules).items() if _pips(rank, value))
    if not ranks:
        return ""
    low, high = naming.rank_name(ranks[0]), naming.rank_name(ranks[-1])
    low += " (1)" if ranks[0] == 0 else ""  # the one numeral whose count is not written on it
    return low if len(ranks) == 1 else f"{low} to {high}"


def unnumbered(rules: Rules) -> tuple[list[str], list[str]]:
    """Returns the ranks with no number (plural names, in pack order), and those of them that
    take only by pairing: every one but a card that always sweeps the floor."""
    ranks = sorted({C.rank(c) for c in rules.deck if rules.values.get(c) is None})
    pairing = [r for r in ranks if not _sweeps(rules, r) and _pairs(rules, r)]
    return [plural(naming.rank_name(r)) for r in ranks], [plural(naming.rank_name(r)) for r in pairing]


def other_counts(rules: Rules) -> str:
    """Returns what the ranks that do not count their pips count: "jacks count 8, queens 9
    and kings 10" ("" when there are none)."""
    others = [(rank, value) for rank, value in sorted(_rank_values(rules).items())
              if value is not None and not _pips(rank, value)]
    if not others:
        return ""
    (rank, value), rest = others[0], others[1:]
    return join([f"{plural(naming.rank_name(rank))} count {value}"]
                + [f"{plural(naming.rank_name(r))} {v}" for r, v in rest])


def _cards_of(rules: Rules, rank: int) -> frozenset[int]:
    return frozenset(c for c in rules.deck if C.rank(c) == rank)


def _sweeps(rules: Rules, rank: int) -> bool:
    """Returns whether every card of a rank takes the whole floor, with no condition."""
    return any(rule.takes == "all" and rule.condition is None and _cards_of(rules, rank) <= rule.cards
               for rule in rules.capture_rules)


def _pairs(rules: Rules, rank: int) -> bool:
    return any(rule.takes == "rank" and _cards_of(rules, rank) <= rule.cards for rule in rules.capture_rules)


def only_pairing(rules: Rules, ranks: list[str]) -> bool:
    """Returns whether the ranks named (plural names) take by pairing alone: no rule lets one of
    them take the whole floor on some floors (as any card but a jack may take a lone card)."""
    cards = frozenset(c for c in rules.deck if plural(naming.rank_name(C.rank(c))) in ranks)
    return not any(rule.takes == "all" and rule.cards & cards for rule in rules.capture_rules)


def values_sentence(rules: Rules) -> str:
    """Returns what the cards count, for the top of the capture rules ("" when nothing adds up):
    "Numerals, ace (1) to ten, count their pips. The picture cards (jacks, queens and kings)
    have no number: they are never added up, and queens and kings take only by pairing."."""
    if not adds_up(rules):
        return ""
    span, others = numeral_span(rules), other_counts(rules)
    parts = ([f"Numerals, {span}, count their pips"] if span else []) + ([others] if others else [])
    text = capitalise("; ".join(parts)) + "." if parts else ""
    pictures, pairing = unnumbered(rules)
    if not pictures:
        return text
    all_pictures = all(C.rank(c) in C.PICTURE_RANKS for c in rules.deck if rules.values.get(c) is None)
    if len(pictures) == 1:
        named = capitalise(pictures[0])
    else:  # a numeral without a value (Scopa d'Assi's ace) is no picture card
        named = f"The picture cards ({join(pictures)})" if all_pictures else f"The {join(pictures)}"
    text += f" {named} have no number: they are never added up"
    if pairing:
        only = " only" if only_pairing(rules, pairing) else ""
        text += ", and " + ("they" if pairing == pictures else join(pairing)) + f" take{only} by pairing"
    return (text + ".").strip()


def values_line(rules: Rules) -> str:
    """Returns the same in a few words, for Play in a minute: "Numerals count their pips (ace 1);
    queens and kings have no number and only pair."."""
    if not adds_up(rules):
        return ""
    span, others = numeral_span(rules), other_counts(rules)
    ace = " (ace 1)" if span.startswith("ace") else ""
    text = f"Numerals count their pips{ace}" if span else ""
    text += ("; " if text and others else "") + others
    _, pairing = unnumbered(rules)
    if pairing:
        how = "and only pair" if only_pairing(rules, pairing) else "and are never added up"
        said = f"{join(pairing)} have no number {how}"
        if len((text + said).split()) > 18:  # a line read aloud: the shorter way to say it
            said = f"{join(pairing)} {'only pair' if only_pairing(rules, pairing) else 'are never added up'}"
        text += ("; " if text else "") + said
    text = capitalise(text) + "." if text else ""
    text += f" {played_line(rules)}" if rules.played_values else ""
    return text + (f" {played_line(rules, rules.floor_values, 'On the floor')}" if rules.floor_values else "")


def played_line(rules: Rules, given: dict | None = None, where: str = "Played from the hand") -> str:
    """What cards count as the card played, where it differs: "Played from the hand, an ace
    counts 14, the two of spades 15 and the ten of diamonds 16." (a choice: "1 or 14"); with
    the floor's values and ``where``, what they count lying on the floor."""
    given = rules.played_values if given is None else given
    said: dict[str, tuple[int, ...]] = {}
    for card, counts in sorted(given.items()):
        same_rank = all(given.get(c) == counts for c in rules.deck if C.rank(c) == C.rank(card))
        name = f"{article(C.RANK_NAMES[C.rank(card)])}" if same_rank else f"the {naming.card_words(card)}"
        said.setdefault(name, counts)
    parts = [f"{name} {'counts ' * (i == 0)}{join([str(v) for v in counts], 'or')}"
             for i, (name, counts) in enumerate(said.items())]
    return f"{where}, {join(parts)}."
