"""Benchmark: whole-process start-up of the run commands.

Runs each command several times as a fresh process (interleaved, so a busy moment of the
machine falls on all of them alike) and prints the median wall and CPU time of each, with
the per-user cache (parser tables, clean verdicts) warm and with it turned off
(``BASRA_CACHE=0``). It asserts nothing.

The processes run as an installed package runs: with Python's compiled bytecode kept
(``PYTHONDONTWRITEBYTECODE`` is dropped; the bytecode goes to a temporary folder, not the
checkout) and with a temporary cache folder, so the user's own cache is not touched.

    python benchmarks/bench_startup.py [--runs 11] [--module]
"""

from __future__ import annotations

import argparse
import os
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

COMMANDS = {
    "basra --version": ["--version"],
    "basra simulate egyptian --hands 1": ["simulate", "egyptian", "--hands", "1"],
    "basra replay tests/fixtures/records/egyptian-seed7.json":
        ["replay", "tests/fixtures/records/egyptian-seed7.json"],
}


def basra_command(module: bool) -> list[str]:
    """Returns how to start the installed `basra` command (or the module of this checkout)."""
    found = None if module else shutil.which("basra")
    return [found] if found else [sys.executable, "-m", "basra_dsl.cli"]


def environment(scratch: str, cached: bool) -> dict[str, str]:
    """Returns the environment of a measured process: bytecode kept in ``scratch``, the
    cache in a folder of ``scratch`` (or turned off)."""
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONDONTWRITEBYTECODE", "BASRA_CACHE")}
    env["PYTHONPYCACHEPREFIX"] = os.path.join(scratch, "bytecode")
    env["BASRA_CACHE_DIR"] = os.path.join(scratch, "cache")
    if not cached:
        env["BASRA_CACHE"] = "0"
    return env


def run_once(argv: list[str], env: dict[str, str]) -> tuple[float, float]:
    """Returns the wall time and the CPU time (user + system) of one whole process."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    subprocess.run(argv, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return wall, cpu


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=11)
    parser.add_argument("--module", action="store_true",
                        help="run `python -m basra_dsl.cli` of this checkout, not the installed command")
    args = parser.parse_args()
    os.chdir(os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
    base = basra_command(args.module)
    cases = [("python -c pass  (the interpreter alone, for reference)", [sys.executable, "-c", "pass"], True)]
    cases += [(f"{name}{label}", base + argv, cached) for name, argv in COMMANDS.items()
              for label, cached in (("", True), ("  [cache off]", False))]
    times: dict[str, list[tuple[float, float]]] = {name: [] for name, _, _ in cases}
    with tempfile.TemporaryDirectory(prefix="basra-bench-") as scratch:
        envs = {cached: environment(scratch, cached) for cached in (True, False)}
        for name, argv, cached in cases:
            run_once(argv, envs[cached])  # write the bytecode, warm the file and on-disk caches once
        for _ in range(args.runs):
            for name, argv, cached in cases:
                times[name].append(run_once(argv, envs[cached]))
    print(f"start-up, median of {args.runs} runs ({os.cpu_count()} cores, Python {sys.version.split()[0]})")
    for name, runs in times.items():
        wall = statistics.median(w for w, _ in runs)
        cpu = statistics.median(c for _, c in runs)
        print(f"  {name:72s} wall {wall * 1000:6.0f} ms  cpu {cpu * 1000:6.0f} ms")


if __name__ == "__main__":
    main()
