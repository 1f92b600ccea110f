"""Measures the tactics figures of every bundled variant for the rulebook's "How to play
well" (``basra_dsl.play.tactics``) and writes them as JSON: the greedy player in every seat,
seeded, at each variant's default options and first player count.

    python scripts/tactics.py [--hands 1000] [--seed 1] [--workers 2] --write variants/tactics.json

Prints each variant's time; the figures are the same on any number of workers.
"""

from __future__ import annotations

import argparse
import json
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

from basra_dsl import load_variant
from basra_dsl.play.tactics import TacticsSpec, measure_tactics
from basra_dsl.resources import bundled_variants


def measured(name: str, spec: TacticsSpec) -> tuple[str, dict, float]:
    started = time.process_time()
    figures = measure_tactics(load_variant(name), spec)
    return name, figures, time.process_time() - started


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--write", type=Path, required=True)
    args = parser.parse_args()
    spec = TacticsSpec(args.seed, args.hands)
    found: dict[str, dict] = {}
    started = time.perf_counter()
    with ProcessPoolExecutor(args.workers) as pool:
        for name, figures, seconds in pool.map(measured, bundled_variants(), [spec] * len(bundled_variants())):
            found[name] = figures
            print(f"{name:<20} {seconds:6.1f} s CPU")
    data = {"spec": {"hands": spec.hands, "seed": spec.seed, "self_play": "greedy"}, "variants": found}
    args.write.write_text(json.dumps(data, indent=1, sort_keys=True) + "\n", encoding="utf-8")
    print(f"{len(found)} variants in {time.perf_counter() - started:.0f} s wall")


if __name__ == "__main__":
    main()
