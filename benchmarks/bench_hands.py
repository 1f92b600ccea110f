"""Benchmark: random two-player Egyptian hands per second on one core, and capture search.

The workload is that of `basra simulate egyptian --hands 6000 --seed 1 --bot random`:
each play is a uniformly random card from the hand, its capture resolved by the rules,
and each hand is scored. Prints figures; it asserts nothing.

    python benchmarks/bench_hands.py [--hands 6000] [--repeat 3]
"""

from __future__ import annotations

import argparse
import random
import time

from basra_dsl import Game, load_variant
from basra_dsl.cards import parse_card
from basra_dsl.engine.covers import best_covers
from basra_dsl.play.simulate import simulate_hands


def hands_per_second(hands: int, repeat: int) -> tuple[float, float]:
    """Returns the best hands/s over the repeats, by CPU time and by wall time."""
    rules = load_variant("egyptian")
    best_cpu = best_wall = 0.0
    for _ in range(repeat):
        best_covers.cache_clear()
        cpu, wall = time.process_time(), time.perf_counter()
        simulate_hands(rules, hands, seed=1)
        cpu, wall = time.process_time() - cpu, time.perf_counter() - wall
        best_cpu, best_wall = max(best_cpu, hands / cpu), max(best_wall, hands / wall)
    return best_cpu, best_wall


def capture_search() -> tuple[float, float]:
    """Returns milliseconds to resolve a 10 on the other 39 numerals, and the worst of
    200 random floors of 20 to 39 numerals, each without a warm cache."""
    game = Game(load_variant("egyptian"))
    ten = parse_card("TS")
    floor = [c for c in range(40) if c != ten]
    best_covers.cache_clear()
    start = time.perf_counter()
    game.resolver.captures(ten, floor)
    full = (time.perf_counter() - start) * 1000
    rng, worst = random.Random(5), 0.0
    for _ in range(200):
        floor = rng.sample(range(40), rng.randint(20, 39))
        card = rng.choice([c for c in range(40) if c not in floor])
        best_covers.cache_clear()
        start = time.perf_counter()
        game.resolver.captures(card, floor)
        worst = max(worst, (time.perf_counter() - start) * 1000)
    return full, worst


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=6000)
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    cpu, wall = hands_per_second(args.hands, args.repeat)
    full, worst = capture_search()
    print(f"egyptian, 2 players, {args.hands} random hands, seed 1, best of {args.repeat}:")
    print(f"  {cpu:,.0f} hands/s (CPU time, one core)   {wall:,.0f} hands/s (wall clock)")
    print(f"capture search: 10 on 39 numerals {full:.2f} ms; worst of 200 random 20-39 card floors {worst:.1f} ms")


if __name__ == "__main__":
    main()
