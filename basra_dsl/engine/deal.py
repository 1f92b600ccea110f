"""Deals a shuffled pack into the deals of one hand, as the rules say.

A hand is a list of ``Deal``: the cards each seat receives and the cards turned up on the
floor with it. Where players draw after each play, the first deal is the only one, and the
pack left after it is its stock. The first deal carries the starting floor: dealt again from a fresh shuffle
while the variant's redeal rule holds of it, then with barred cards buried in the pack (or
put at its bottom, or won by the dealer) and replaced, and last won at once by a player
when a floor bonus rule holds of it (Escoba's fifteen).
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from ..cards import card_name
from ..limits import REDEALS
from .errors import RULE_FAILURES, RuleError, points_if_holds
from .rules import Rules

NO_PLAY = (None, (), (), ())  # the 'previous' of the first play: nothing played yet


@dataclass(frozen=True)
class Deal:
    hands: tuple[tuple[int, ...], ...]  # by seat
    floor: tuple[int, ...] = ()  # for a stack, bottom to top
    won: tuple[tuple[int, ...], ...] = ()  # by seat: cards won straight from the deal (barred to the dealer)
    bonus: tuple[float, ...] = ()  # by seat: a bonus scored at the deal (a floor bonus rule)
    stock: tuple[int, ...] = ()  # where players draw after each play: the pack left, top first

    def to_json(self) -> dict:
        """Returns the deal as a record writes it (the cards by name)."""
        names = lambda cards: [card_name(c) for c in cards]  # noqa: E731
        return ({"floor": names(self.floor), "hands": [names(h) for h in self.hands]}
                | ({"won": [names(w) for w in self.won]} if self.won else {})
                | ({"bonus": list(self.bonus)} if self.bonus else {})
                | ({"stock": names(self.stock)} if self.stock else {}))


def hand_out(deal: Deal, hands: list[list[int]], piles: list[list[int]], bonuses: list[list[float]],
             floor: list[int], stock: list[int]) -> None:
    """Gives a deal to the zones of a hand in play: each seat its cards, the cards it wins
    at once and its bonus; the floor and the stock theirs."""
    for seat, cards in enumerate(deal.hands):
        hands[seat].extend(cards)
    for seat, cards in enumerate(deal.won):
        piles[seat].extend(cards)
    for seat, points in enumerate(deal.bonus):
        if points:
            bonuses[seat].append(points)
    floor.extend(deal.floor)
    stock.extend(deal.stock)


def shuffled_pack(rules: Rules, rng: random.Random) -> list[int]:
    """Returns the variant's deck in a random order (index 0 is the top)."""
    draw = rng.random
    return sorted(rules.deck, key=lambda _: draw())  # a uniform shuffle, cheaper than rng.shuffle


def deal_hand(rules: Rules, pack: list[int], first: int, rng: random.Random) -> list[Deal]:
    """Returns every deal of a hand from a shuffled pack; ``first`` (who plays first) receives
    cards first. A first floor the redeal rule voids is dealt again from the pack shuffled
    afresh; a rule that voids deal after deal is the variant's error (RuleError)."""
    for _ in range(REDEALS):
        deals = _deal_once(rules, pack, first, rng)
        if deals is not None:
            return deals
        pack = shuffled_pack(rules, rng)
    redeal = rules.redeal
    raise RuleError("redeal", redeal.span if redeal else None,
                    f"the first floor called for a new deal {REDEALS} times running")


def _deal_once(rules: Rules, pack: list[int], first: int, rng: random.Random) -> list[Deal] | None:
    """Returns the deals of a hand, or None when the redeal rule voids the first floor."""
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
        bonus: list[float] = []
        floor = _take(pack, count)
        if not deals:
            if _voids(rules, floor):
                return None
            floor = _bar(rules, floor, pack, rng, won[rules.dealer_of(first)])
            floor, bonus = _floor_bonus(rules, floor, rules.dealer_of(first), won)
        if rules.hand_bonuses:
            bonus = _add_hand_bonuses(rules, hands, bonus)
        stock = _take(pack, len(pack)) if rules.draw or rules.flip else []  # drawn from after each play, not dealt
        deals.append(Deal(tuple(tuple(h) for h in hands), tuple(floor),
                          tuple(tuple(w) for w in won) if any(won) else (), tuple(bonus), tuple(stock)))
        if not any(hands) and not floor:
            break
    return deals


def _add_hand_bonuses(rules: Rules, hands: list[list[int]], bonus: list[float]) -> list[float]:
    """Returns the deal's bonuses by seat with each player's bonus for the cards just dealt
    to them added: the largest of the hand bonus rules that hold (Cirulla's declarations)."""
    found = list(bonus) or [0.0] * rules.players
    for seat, hand in enumerate(hands):
        found[seat] += hand_bonus(rules, tuple(hand))
    return found if any(found) else list(bonus)


def hand_bonus(rules: Rules, hand: tuple[int, ...]) -> float:
    """Returns the bonus a player scores for being dealt ``hand``: the largest among the
    rules that hold, 0 for none."""
    args = (None, (), hand, (), NO_PLAY)  # a holder rule reads the hand as its third argument
    return max((points_if_holds(rule, args) or 0 for rule in rules.hand_bonuses), default=0)


def declarable(rules: Rules, hand: tuple[int, ...]) -> tuple[tuple[str, float], ...]:
    """Returns the declarations a player dealt ``hand`` may make, as (rule name, points),
    the most points first (file order among equals): the rules 'to declarer' that hold."""
    args = (None, (), hand, (), NO_PLAY)
    found = [(rule.name, points) for rule in rules.declarations if (points := points_if_holds(rule, args) or 0) > 0]
    return tuple(sorted(found, key=lambda found: -found[1]))


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


@dataclass(frozen=True)
class FirstFloor:
    """What the dealing rules make of a first floor: a void deal, or the floor won at once
    by ``taker`` (a seat, when a floor bonus rule holds) for ``bonus`` points."""

    void: bool
    taker: int | None = None
    bonus: float = 0


def judge_first_floor(rules: Rules, floor: tuple[int, ...], dealer: int = 0) -> FirstFloor:
    """Returns what the variant's dealing rules make of a first floor dealt by ``dealer``
    (barred cards already replaced): the worked examples and the rulebook ask it."""
    if _voids(rules, list(floor)):
        return FirstFloor(True)
    won: list[list[int]] = [[] for _ in range(rules.players)]
    _, bonus = _floor_bonus(rules, list(floor), dealer, won)
    taker = next((seat for seat, cards in enumerate(won) if cards), None)
    return FirstFloor(False, taker, bonus[taker] if taker is not None else 0)


def _voids(rules: Rules, floor: list[int]) -> bool:
    """Returns whether the redeal rule holds of the first floor as dealt."""
    if rules.redeal is None:
        return False
    try:
        return any(condition(None, tuple(floor), (), (), NO_PLAY) for condition in rules.redeal.conditions)
    except RULE_FAILURES as exc:
        raise RuleError("redeal", rules.redeal.span, str(exc)) from None


def _floor_bonus(rules: Rules, floor: list[int], dealer: int,
                 won: list[list[int]]) -> tuple[list[int], list[float]]:
    """Returns the first floor and the bonuses by seat after the floor bonus rules: the
    largest bonus among those that hold wins the whole floor for its taker."""
    best, winner = 0, None
    args = (None, tuple(floor), (), (), NO_PLAY)
    for rule in rules.floor_bonuses:  # a rule that holds gives the floor, even for no points
        points = points_if_holds(rule, args)
        if points is not None and (winner is None or points > best):
            best, winner = points, rule
    if winner is None or not floor:
        return floor, []
    taker = dealer if winner.taker == "dealer" else (dealer + 1) % rules.players
    won[taker].extend(floor)
    bonus = [0.0] * rules.players
    bonus[taker] = best
    return [], bonus


def _start_floor(rules: Rules, pack: list[int], count: int, rng: random.Random,
                 dealer_pile: list[int]) -> list[int]:
    """Returns a first floor taken from the pack, barred cards replaced (the fast tier's
    deal calls it; it plays no dealing rules)."""
    return _bar(rules, _take(pack, count), pack, rng, dealer_pile)


def _bar(rules: Rules, floor: list[int], pack: list[int], rng: random.Random,
         dealer_pile: list[int]) -> list[int]:
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
    return _keep_bar(rules, floor, pack)


def _keep_bar(rules: Rules, floor: list[int], pack: list[int]) -> list[int]:
    """A floor still holding a barred card once the redraws are spent (a pack that holds few
    cards allowed there) takes the first allowed cards of the pack in their place: the bar the
    checker accepted (B728) is never broken."""
    for i, card in enumerate(floor):
        if card in rules.bar_cards and (not rules.bar_top_only or i == len(floor) - 1):
            swap = next((j for j, c in enumerate(pack) if c not in rules.bar_cards), None)
            if swap is not None:
                floor[i], pack[swap] = pack[swap], card
    return floor
