"""Benchmark: the bots' ladder. For every bundled variant (or those named), the search bot
against the greedy bot and against the random bot, in whole seeded games, with the wins,
the rate and its 95% interval, and the search bot's CPU milliseconds per choice (median
and slowest; a choice is a turn with several legal moves). Prints a Markdown table and
the time the whole set took; ``--write FILE`` keeps the figures as JSON. Asserts nothing.

Games run on local worker processes, or on a Dask cluster (``--scheduler``), as
``basra simulate --vs`` runs them; each game is fixed by the seed and its index.

    python benchmarks/ladder.py [--games 400] [--vs greedy,random] [--samples N] [--workers 2]
                                [--scheduler tcp://HOST:PORT] [--write FILE] [VARIANT ...]
"""

from __future__ import annotations

import argparse
import json
import statistics
import time
from functools import partial

from basra_dsl import load_variant
from basra_dsl.play.duel import DuelSpec, duel_figures, run_duel
from basra_dsl.resources import bundled_variants


def rung(name: str, vs: str, games: int, seed: int, samples: int | None, workers: int | None,
         scheduler: str | None) -> dict:
    """Plays one duel of the search bot against ``vs`` and returns its figures."""
    rules = load_variant(name)
    spec = DuelSpec("search", vs, seed, samples)
    start = time.perf_counter()
    outcomes = run_duel(rules, partial(load_variant, name), spec, games, workers, scheduler=scheduler)
    figures = duel_figures(rules, spec, outcomes)
    figures["seconds"] = round(time.perf_counter() - start, 1)
    return figures


def cell(figures: dict) -> str:
    wins = figures["bot_wins"]
    low, high = wins["interval_95"]
    return f"{wins['wins']}/{wins['games']} {100 * wins['rate']:.1f}% [{100 * low:.1f}, {100 * high:.1f}]"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("variants", nargs="*")
    parser.add_argument("--games", type=int, default=400)
    parser.add_argument("--vs", type=lambda text: text.split(","), default=["greedy", "random"],
                        help="the opponents, by name, comma-separated")
    parser.add_argument("--samples", type=int, default=None)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--workers", type=int, default=None)
    parser.add_argument("--scheduler", default=None)
    parser.add_argument("--write", default=None)
    args = parser.parse_args()
    names = args.variants or sorted(bundled_variants())
    print("| variant | " + " | ".join(f"search vs {vs}" for vs in args.vs) + " | median ms | slowest ms |")
    print("|---|" + "---|" * (len(args.vs) + 2))
    found, start = {}, time.perf_counter()
    for name in names:
        duels = {vs: rung(name, vs, args.games, args.seed, args.samples, args.workers, args.scheduler) for vs in args.vs}
        found[name] = duels
        timed = [d["bot_move_ms"] for d in duels.values() if d["bot_move_ms"]]
        median = statistics.median(t["median"] for t in timed) if timed else float("nan")
        slowest = max(t["slowest"] for t in timed) if timed else float("nan")
        print(f"| {name} | " + " | ".join(cell(d) for d in duels.values()) + f" | {median:.1f} | {slowest:.0f} |",
              flush=True)
        if args.write:
            with open(args.write, "w", encoding="utf-8") as out:
                json.dump(found, out, indent=1)
    print(f"\n{len(names)} variants, {args.games} games a duel: {time.perf_counter() - start:.0f} s")


if __name__ == "__main__":
    main()
