"""Benchmark: the strength ladder of the bots, and the search bot's time per move.

Plays duels (``basra_dsl.play.duel``: bot A on one side, B on the others, sides turning
game by game) on Egyptian Basra for 2 and 4 players and on Pishti (a stack floor), and
prints each bot's win rate with its 95% interval. Then times the search bot's decisions
on one core. Prints figures; asserts nothing.

    python benchmarks/bench_bots.py [--games 200] [--samples 24] [--workers N] [--only egyptian] [--times-only]
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from functools import partial

from basra_dsl import Game, load_variant
from basra_dsl.bots import SEARCH_SAMPLES, make_bot, move_of
from basra_dsl.engine.random_play import random_move
from basra_dsl.play.duel import DuelSpec, duel_figures, run_duel

TABLES = [("egyptian", 2), ("egyptian", 4), ("pishti", 2)]
PAIRS = [("search", "random"), ("search", "greedy"), ("greedy", "random")]


def ladder(games: int, samples: int, workers: int | None, only: str | None) -> None:
    print(f"{'variant':<12}{'players':>8}  {'duel':<18}{'wins':>12}{'rate':>8}   95% interval   (seconds)")
    for name, players in TABLES:
        if only and name != only:
            continue
        make = partial(load_variant, name, players=players)
        rules = make()
        for a, b in PAIRS:
            spec = DuelSpec(a, b, seed=1, samples=samples)
            start = time.perf_counter()
            figures = duel_figures(rules, spec, run_duel(rules, make, spec, games, workers))
            won = figures["bot_wins"]
            low, high = won["interval_95"]
            print(f"{name:<12}{players:>8}  {a + ' vs ' + b:<18}{won['wins']:>7}/{won['games']:<4}"
                  f"{won['rate']:>8.1%}   {low:.1%}–{high:.1%}   ({time.perf_counter() - start:.0f} s)")


def move_times(samples: int, decisions: int = 200) -> None:
    """Times the search bot's decisions with a choice to make, one core, mid-hand positions."""
    for name, players in TABLES:
        rules = load_variant(name, players=players)
        game, rng, bot, spent = Game(rules), random.Random(5), make_bot("search", samples), []
        while len(spent) < decisions:
            state = game.new_hand(rng, 0)
            while state.turn >= 0 and len(spent) < decisions:
                if len(state.legal_moves()) > 1:
                    start = time.process_time()
                    move_of(bot, state, rng)
                    spent.append(time.process_time() - start)
                state.play_move(random_move(state, rng))
        print(f"search ({samples} samples), {name} {players}p: median {1000 * statistics.median(spent):.0f} ms, "
              f"95th percentile {1000 * statistics.quantiles(spent, n=20)[-1]:.0f} ms, "
              f"slowest {1000 * max(spent):.0f} ms per move with a choice ({decisions} moves, one core)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--samples", type=int, default=SEARCH_SAMPLES)
    parser.add_argument("--workers", type=int, default=None)
    parser.add_argument("--only", default=None, help="one variant of the ladder")
    parser.add_argument("--times-only", action="store_true", help="time the moves, play no duels")
    args = parser.parse_args()
    move_times(args.samples)
    if not args.times_only:
        ladder(args.games, args.samples, args.workers, args.only)


if __name__ == "__main__":
    main()
