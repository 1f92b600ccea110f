"""Scores a finished hand: card points, majorities with their tie policies, bonuses."""

from __future__ import annotations

from dataclasses import dataclass
from itertools import repeat

from .errors import points_if_holds
from .rules import Rules


@dataclass(frozen=True)
class SideResult:
    seats: tuple[int, ...]
    cards: int
    basras: int
    basra_points: float
    card_points: float
    majority_points: float
    points: float
    countback: tuple[int, ...] = ()  # the counts that settle level totals (Rules.countback), in turn

    def to_json(self) -> dict:
        """Returns the side's result as JSON data."""
        return {"seats": list(self.seats), "cards": self.cards, "basras": self.basras,
                "points": number(self.points), "basra_points": number(self.basra_points),
                "card_points": number(self.card_points), "majority_points": number(self.majority_points)}


@dataclass(frozen=True)
class HandResult:
    sides: tuple[SideResult, ...]
    carry_out: tuple[float, ...]  # majority points held over to the next hand, per majority
    unclaimed: tuple[int, ...]  # floor cards nobody took
    void: bool = False  # a tie in a voiding majority: the hand scores nothing

    @property
    def points(self) -> tuple[float, ...]:
        return tuple(s.points for s in self.sides)


def number(value: float) -> int | float:
    """Returns a whole number as an int, so JSON shows 25 rather than 25.0."""
    return int(value) if float(value).is_integer() else value


def award_majorities(majorities, side_cards: list[list[int]], carry_in: tuple[float, ...]):
    """Returns each side's majority points, the points carried out and whether a tie voided
    the hand; both engine tiers score with it, so their totals agree to the last bit."""
    majority = [0.0] * len(side_cards)
    carry_out = []
    void = False
    for index, item in enumerate(majorities):
        carried = carry_in[index] if index < len(carry_in) else 0.0
        counted = item.cards
        if item.prime is not None:
            counts = [prime_of(cards, item.prime, item.held) for cards in side_cards]
        elif counted is None:
            counts = [len(cards) for cards in side_cards]
        else:
            counts = [sum(1 for c in cards if c in counted) for cards in side_cards]
        best = max(counts)
        leaders = [i for i, count in enumerate(counts) if count == best]
        if best < 0 or item.least is not None and best < item.least:
            carry_out.append(carried)  # no side has a prime, or enough: nobody wins it, nothing more is carried
            continue
        for cards in item.then:  # a tie settled by further counts, among the sides still level
            if len(leaders) == 1:
                break
            counts = [sum(1 for c in side_cards[i] if c in cards) for i in leaders]
            leaders = [i for i, count in zip(leaders, counts) if count == max(counts)]
        if len(leaders) == 1:
            majority[leaders[0]] += item.points + carried
            carry_out.append(0.0)
        elif item.tie == "carry":
            carry_out.append(carried + item.points)
            void = void or item.void
        else:
            void = void or item.void
            if item.tie == "each":
                for i in leaders:
                    majority[i] += item.points + carried
            elif item.tie == "split":  # the tied sides share the points (Kasino's spades among three)
                for i in leaders:
                    majority[i] += (item.points + carried) / len(leaders)
            carry_out.append(0.0)
    return majority, carry_out, void


def prime_of(cards, values: dict[int, float], held: bool = False) -> float:
    """Returns a side's prime: its best card of each suit by ``values``, added up, or -1
    when it lacks a suit that ``values`` counts (such a side has no prime); with ``held``,
    over the suits it holds (a missing suit adds nothing: a public Scopa's reading)."""
    best: dict[int, float] = {}
    for card in cards:
        value = values.get(card)
        if value is not None and value > best.get(card & 3, -1):
            best[card & 3] = value
    suits = {card & 3 for card in values}
    return sum(best[suit] for suit in sorted(best)) if held or len(best) == len(suits) else -1


NOTHING_PLAYED = (None, (), (), ())


def rule_points(rules: Rules, cards) -> float:
    """Returns what a side's score rules give for the cards it took (Cirulla's Grande)."""
    args = (None, (), tuple(cards), (), NOTHING_PLAYED)  # a score rule reads the cards taken third
    return sum(points_if_holds(rule, args) or 0 for rule in rules.score_rules)


def score_hand(rules: Rules, piles: list[list[int]], bonuses: list[list[float]],
               carry_in: tuple[float, ...], unclaimed: tuple[int, ...] = (), stopped: bool = False) -> HandResult:
    """Returns the result of a hand from each seat's captured cards and bonuses; a hand
    ``stopped`` by a game won during play counts its bonuses alone."""
    side_cards = [[c for seat in seats for c in piles[seat]] for seats in rules.sides]
    if stopped:
        return _bonuses_only(rules, side_cards, bonuses, carry_in, unclaimed)
    majority, carry_out, void = award_majorities(rules.majorities, side_cards, carry_in)
    sides = []
    for index, seats in enumerate(rules.sides):
        cards = side_cards[index]
        bonus = [b for seat in seats for b in bonuses[seat]]
        card_points = sum(map(rules.card_points.get, cards, repeat(0)))
        if rules.score_rules:
            card_points += rule_points(rules, cards)
        points = card_points + majority[index] + sum(bonus)
        if void:
            card_points = majority[index] = points = 0
            bonus = []
        counts = tuple(len(bonus) if word == "bonuses" else len(cards) if counted is None else
                       sum(c in counted for c in cards) for word, counted in rules.countback)
        sides.append(SideResult(tuple(seats), len(cards), len(bonus), sum(bonus), card_points,
                                majority[index], points, counts))
    return HandResult(tuple(sides), tuple(carry_out), tuple(unclaimed), void)


def _bonuses_only(rules: Rules, side_cards: list[list[int]], bonuses: list[list[float]],
                  carry_in: tuple[float, ...], unclaimed: tuple[int, ...]) -> HandResult:
    """The result of a hand stopped during play: each side's bonuses, nothing counted of
    its cards, what was carried in still carried."""
    sides = []
    for index, seats in enumerate(rules.sides):
        bonus = [b for seat in seats for b in bonuses[seat]]
        sides.append(SideResult(tuple(seats), len(side_cards[index]), len(bonus), sum(bonus), 0, 0, sum(bonus),
                                tuple(0 for _ in rules.countback)))
    carried = tuple(carry_in) + (0.0,) * (len(rules.majorities) - len(carry_in))
    return HandResult(tuple(sides), carried, tuple(unclaimed))
