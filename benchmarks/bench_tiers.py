"""Benchmark: hands per second of every bundled variant on the checked State tier and on
the fast tier, with the hand-written Egyptian engine (``reference_egyptian.py``) as a
yardstick, and the whole-process time of ``basra simulate egyptian`` against it.

Each figure is the median of several runs (CPU time, in process; whole processes are
timed by wall clock, interleaved). With ``--verify`` it also plays every run on both
tiers and checks they agree hand by hand. Prints figures; it asserts nothing.

    python benchmarks/bench_tiers.py [--hands 2000] [--runs 5] [--processes 5] [--verify] [--whole-only]
"""

from __future__ import annotations

import argparse
import random
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from basra_dsl import Game, load_variant
from basra_dsl.engine.fast import compile_hands, supports, why_not
from basra_dsl.engine.random_play import random_move
from basra_dsl.resources import bundled_variants

sys.path.insert(0, str(Path(__file__).parent))
import bench_startup  # noqa: E402
import reference_egyptian  # noqa: E402


def state_tier(rules, hands: int, seed: int) -> None:
    game, rng, carry = Game(rules), random.Random(seed), ()
    for index in range(hands):
        state = game.new_hand(rng, index % rules.players, carry)
        while state.turn >= 0:
            state.play_move(random_move(state, rng))
        carry = state.result().carry_out


def fast_tier(rules, hands: int, seed: int) -> None:
    play, rng, carry = compile_hands(rules).play, random.Random(seed), ()
    for index in range(hands):
        carry = play(rng, index % rules.players, carry).carry_out


def reference(hands: int, seed: int) -> None:
    rng, carry = random.Random(seed), 0
    for index in range(hands):
        _, carry = reference_egyptian.play_hand(rng, index % 2, carry)


def median_rate(run, hands: int, runs: int) -> float:
    """Returns the median hands/s (CPU time) over the runs, each with its own seed."""
    rates = []
    for seed in range(runs):
        start = time.process_time()
        run(hands, seed)
        rates.append(hands / (time.process_time() - start))
    return statistics.median(rates)


def whole_processes(hands: int, runs: int) -> tuple[float, float]:
    """Returns the median wall seconds of `basra simulate egyptian` and of the reference,
    run as installed programs run (bytecode kept, a warm per-user cache: see
    ``bench_startup.environment``), each once first to warm them, then interleaved."""
    commands = {"basra": [*bench_startup.basra_command(False), "simulate", "egyptian", "--hands", str(hands),
                          "--seed", "1", "--bot", "random"],
                "reference": [sys.executable, str(Path(__file__).parent / "reference_egyptian.py"),
                              "--hands", str(hands), "--seed", "1"]}
    times: dict[str, list[float]] = {name: [] for name in commands}
    with tempfile.TemporaryDirectory(prefix="basra-bench-") as scratch:
        env = bench_startup.environment(scratch, cached=True)
        for command in commands.values():
            subprocess.run(command, check=True, capture_output=True, env=env)
        for _ in range(runs):
            for name, command in commands.items():
                start = time.perf_counter()
                subprocess.run(command, check=True, capture_output=True, env=env)
                times[name].append(time.perf_counter() - start)
    return statistics.median(times["basra"]), statistics.median(times["reference"])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=2000)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--processes", type=int, default=5)
    parser.add_argument("--verify", action="store_true", help="check both tiers agree on every hand played")
    parser.add_argument("--whole-only", action="store_true", help="time only the whole processes")
    args = parser.parse_args()
    if args.whole_only:
        return print_whole(args.processes)
    print(f"{'variant':<14}{'State':>10}{'fast':>10}{'ratio':>8}   (hands/s, first player count, median of {args.runs})")
    simulated = {}  # what `basra simulate` plays at: the fast tier where it plays the rules, else State
    for name in bundled_variants():
        rules = load_variant(name)
        slow = median_rate(lambda h, s: state_tier(rules, h, s), args.hands, args.runs)
        if supports(rules):
            quick = median_rate(lambda h, s: fast_tier(rules, h, s), args.hands, args.runs)
            print(f"{name:<14}{slow:>10.0f}{quick:>10.0f}{quick / slow:>7.1f}x")
        else:
            quick = slow
            print(f"{name:<14}{slow:>10.0f}{'—':>10}{'':>8}   State only: {why_not(rules)}")
        simulated[name] = quick
        if args.verify and supports(rules):
            verify(rules, args.hands)
    slowest = min(simulated, key=simulated.__getitem__)
    print(f"slowest: {slowest} at {simulated[slowest]:.0f} hands/s, {simulated[slowest] / simulated['egyptian']:.2f} "
          f"of Egyptian's {simulated['egyptian']:.0f}")
    yardstick = median_rate(reference, args.hands, args.runs)
    fast = median_rate(lambda h, s: fast_tier(load_variant("egyptian"), h, s), args.hands, args.runs)
    print(f"reference Egyptian (hand-written): {yardstick:.0f} hands/s; fast tier {fast / yardstick:.2f}x it")
    print_whole(args.processes)


def print_whole(processes: int) -> None:
    basra, ref = whole_processes(6000, processes)
    print(f"whole process, 6000 hands: basra simulate {basra:.2f} s, reference {ref:.2f} s: "
          f"{ref / basra:.2f}x the reference")


def verify(rules, hands: int) -> None:
    sys.path.insert(0, str(Path(__file__).parent.parent / "tests" / "engine"))
    from test_fast_tier import play_both  # the equivalence test's own comparison

    play_both(rules, hands, seed=11)


if __name__ == "__main__":
    main()
