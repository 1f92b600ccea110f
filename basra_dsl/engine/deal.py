"""Deals a shuffled pack into the deals of one hand, as the rules say.

A hand is a list of ``Deal``: the cards each seat receives and the cards turned up on the
floor with it. The first deal carries the starting floor, after barred cards have been
buried in the pack (or put at its bottom, or won by the dealer) and replaced.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from .rules import Rules


@dataclass(frozen=True)
class Deal:
    hands: tuple[tuple[int, ...], ...]  # by seat
    floor: tuple[int, ...] = ()  # for a stack, bottom to top
    won: tuple[tuple[int, ...], ...] = ()  # by seat: cards won straight from the deal (barred to the dealer)


def shuffled_pack(rules: Rules, rng: random.Random) -> list[int]:
    """Returns the variant's deck in a random order (index 0 is the top)."""
    draw = rng.random
    return sorted(rules.deck, key=lambda _: draw())  # a uniform shuffle, cheaper than rng.shuffle


def deal_hand(rules: Rules, pack: list[int], first: int, rng: random.Random) -> list[Deal]:
    """Returns every deal of a hand from a shuffled pack; ``first`` (who plays first) receives
    cards first."""
    pack = list(pack)
    seats = [(first + i) % rules.players for i in range(rules.players)]
    deals = []
    cut = _cut(rules, pack, first)
    while pack:
        hands = _deal_round(rules, pack, seats)
        count = rules.start_floor if not deals else rules.redeal_floor
        won: list[list[int]] = [[] for _ in seats]
        if cut is not None and not deals:
            won[cut[0]].append(cut[1])
        floor = _start_floor(rules, pack, count, rng, won[rules.dealer_of(first)]) if not deals else _take(pack, count)
        deals.append(Deal(tuple(tuple(h) for h in hands), tuple(floor),
                          tuple(tuple(w) for w in won) if any(won) else ()))
        if not any(hands) and not floor:
            break
    return deals


def _cut(rules: Rules, pack: list[int], first: int) -> tuple[int, int] | None:
    """Cuts the pack: the card shown at the bottom of the cut goes to the bottom of the pack,
    unless it is one of the cut cards, which its winner takes at once. Returns (seat, card)
    for such a card, removed from the pack.

    The pack is shuffled, so the card the cut shows is as random as its last card: looking
    at that card is the same as cutting at a random place."""
    if not rules.cut_cards or not pack or pack[-1] not in rules.cut_cards:
        return None
    dealer = rules.dealer_of(first)
    seat = dealer if rules.cut_winner == "dealer" else (dealer + 1) % rules.players
    return seat, pack.pop()


def _take(pack: list[int], count: int) -> list[int]:
    taken = pack[:count]
    del pack[:count]
    return taken


def _deal_round(rules: Rules, pack: list[int], seats: list[int]) -> list[list[int]]:
    hands: list[list[int]] = [[] for _ in seats]
    full = len(pack) >= rules.hand_size * len(seats)
    if full and rules.deal_mode == "batches":
        for seat in seats:
            hands[seat] = _take(pack, rules.hand_size)
        return hands
    # one card at a time; a short pack is dealt round as far as it goes
    for _ in range(rules.hand_size):
        for seat in seats:
            if pack:
                hands[seat].append(pack.pop(0))
    return hands


def _start_floor(rules: Rules, pack: list[int], count: int, rng: random.Random,
                 dealer_pile: list[int]) -> list[int]:
    floor = _take(pack, count)
    if not rules.bar_cards:
        return floor
    limit = len(rules.deck)  # a pack of barred cards only would never settle
    for _ in range(limit):
        barred = [i for i, c in enumerate(floor) if c in rules.bar_cards
                  and (not rules.bar_top_only or i == len(floor) - 1)]
        if not barred or not pack:
            break
        for i in barred:
            if not pack:
                break
            card = floor[i]
            if rules.bar_action == "bottom":
                pack.append(card)
            elif rules.bar_action == "dealer":
                dealer_pile.append(card)  # the dealer (who is dealt last) wins it
            else:
                pack.insert(rng.randrange(1, len(pack) + 1), card)
            floor[i] = pack.pop(0)
    return floor
