"""A yardstick: Egyptian Basra for two players written by hand, as plain Python, with none
of basra-dsl's machinery. Same workload as ``basra simulate egyptian --bot random``: each
player plays a uniformly random card, the capture is resolved by the rules (pairs, sums
taking the most cards, jacks and the seven of diamonds sweeping), and each hand is
scored (basras, most cards with the tie carried, card points).

It is not meant to give the same numbers as the engine (it shuffles its own way), only to
do the same work a competent programmer's engine would.

    python benchmarks/reference_egyptian.py [--hands 6000] [--seed 1]
"""

from __future__ import annotations

import argparse
import random
import time

JACK, SEVEN_OF_DIAMONDS = 10, (6, 1)  # ranks 0..12 = A..K; suits 0..3, diamonds = 1
DECK = [(rank, suit) for rank in range(13) for suit in range(4)]
POINTS = {(9, 1): 3, (1, 0): 2} | {(0, s): 1 for s in range(4)} | {(JACK, s): 1 for s in range(4)}


def value(card) -> int:
    """A numeral's value when adding up (ace 1 .. ten 10); pictures are 0."""
    return card[0] + 1 if card[0] < 10 else 0


def deal(rng: random.Random):
    pack = DECK[:]
    rng.shuffle(pack)
    floor = []
    while len(floor) < 4:  # jacks and the seven of diamonds go back into the pack
        card = pack.pop()
        if card[0] == JACK or card == SEVEN_OF_DIAMONDS:
            pack.insert(rng.randrange(len(pack) + 1), card)
        else:
            floor.append(card)
    return pack, floor


def best_sum_capture(card, floor) -> list:
    """The most floor numerals that split into groups each adding up to the card's value."""
    target = value(card)
    numerals = [c for c in floor if 0 < value(c) <= target]
    groups = []  # every set of numerals (as bitmasks) adding up to the target
    for mask in range(1, 1 << len(numerals)):
        if sum(value(numerals[i]) for i in range(len(numerals)) if mask >> i & 1) == target:
            groups.append(mask)
    best = 0

    def search(start: int, used: int) -> None:
        nonlocal best
        if bin(used).count("1") > bin(best).count("1"):
            best = used
        for index in range(start, len(groups)):
            if not groups[index] & used:
                search(index + 1, used | groups[index])

    search(0, 0)
    return [numerals[i] for i in range(len(numerals)) if best >> i & 1]


def capture(card, floor) -> list:
    if not floor:
        return []
    if card[0] == JACK or card == SEVEN_OF_DIAMONDS:
        return list(floor)
    if value(card):
        return best_sum_capture(card, floor)
    return [c for c in floor if c[0] == card[0]]


def bonus(card, floor, taken) -> int:
    if card == SEVEN_OF_DIAMONDS and all(value(c) for c in floor) and sum(map(value, floor)) <= 10:
        return 10
    if len(taken) == len(floor) and card[0] != JACK and card != SEVEN_OF_DIAMONDS:
        return 10
    return 0


def play_hand(rng: random.Random, first: int, carry: int) -> tuple[list[int], int]:
    pack, floor = deal(rng)
    piles, points = [[], []], [0, 0]
    last = None
    while pack:
        hands = [[pack.pop() for _ in range(4)] for _ in range(2)]
        for turn in range(8):
            seat = (first + turn) % 2
            hand = hands[seat]
            card = hand.pop(rng.randrange(len(hand)))
            taken = capture(card, floor)
            if taken:
                points[seat] += bonus(card, floor, taken)
                floor = [c for c in floor if c not in taken]
                piles[seat] += taken + [card]
                last = seat
            else:
                floor.append(card)
    if last is not None:
        piles[last] += floor
    for seat in range(2):
        points[seat] += sum(POINTS.get(c, 0) for c in piles[seat])
    if len(piles[0]) == len(piles[1]):
        return points, carry + 30
    points[0 if len(piles[0]) > len(piles[1]) else 1] += 30 + carry
    return points, 0


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=6000)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    rng, totals, carry, start = random.Random(args.seed), [0, 0], 0, time.perf_counter()
    for index in range(args.hands):
        points, carry = play_hand(rng, index % 2, carry)
        totals = [t + p for t, p in zip(totals, points)]
    elapsed = time.perf_counter() - start
    print(f"reference Egyptian, {args.hands} hands: average points {totals[0] / args.hands:.3f}, "
          f"{totals[1] / args.hands:.3f}  {args.hands / elapsed:.1f} hands/s")


if __name__ == "__main__":
    main()
