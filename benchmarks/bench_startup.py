"""Benchmark: whole-process start-up of the run commands.

Runs each command several times as a fresh process (interleaved, so a busy moment of the
machine falls on all of them alike) and prints the median wall and CPU time of each. It
asserts nothing.

    python benchmarks/bench_startup.py [--runs 11]
"""

from __future__ import annotations

import argparse
import os
import resource
import shutil
import statistics
import subprocess
import sys
import time

COMMANDS = {
    "basra --version": ["--version"],
    "basra simulate egyptian --hands 1": ["simulate", "egyptian", "--hands", "1"],
    "basra replay tests/fixtures/records/egyptian-seed7.json":
        ["replay", "tests/fixtures/records/egyptian-seed7.json"],
}


def basra_command() -> list[str]:
    """Returns how to start the installed `basra` command (or the module, without one)."""
    found = shutil.which("basra")
    return [found] if found else [sys.executable, "-m", "basra_dsl.cli"]


def run_once(argv: list[str]) -> tuple[float, float]:
    """Returns the wall time and the CPU time (user + system) of one whole process."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    subprocess.run(argv, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return wall, cpu


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=11)
    args = parser.parse_args()
    os.chdir(os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
    base = basra_command()
    times: dict[str, list[tuple[float, float]]] = {name: [] for name in COMMANDS}
    for name, argv in COMMANDS.items():
        run_once(base + argv)  # warm the file cache and any on-disk caches once
    for _ in range(args.runs):
        for name, argv in COMMANDS.items():
            times[name].append(run_once(base + argv))
    print(f"start-up, median of {args.runs} runs ({os.cpu_count()} cores, Python {sys.version.split()[0]})")
    for name, runs in times.items():
        wall = statistics.median(w for w, _ in runs)
        cpu = statistics.median(c for _, c in runs)
        print(f"  {name:60s} wall {wall * 1000:6.0f} ms  cpu {cpu * 1000:6.0f} ms")


if __name__ == "__main__":
    main()
