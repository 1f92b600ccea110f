"""How long the language server takes to find a document's findings: on each change (no
worked examples) and on open or save (with them), for the largest bundled variant files.

    python benchmarks/bench_lsp.py [--runs 7]

Prints the median of the runs, in milliseconds, per variant; the first run of a process
(imports, grammar tables) is left out, as an editor's server keeps running.
"""

from __future__ import annotations

import argparse
import statistics
import time
from pathlib import Path

from basra_dsl.check.checker import Report, check_text
from basra_dsl.resources import bundled_variants


def timed(text: str, path: Path, examples: bool) -> float:
    start = time.perf_counter()
    list(check_text(text, path, Report(), examples=examples))
    return (time.perf_counter() - start) * 1000


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=7)
    args = parser.parse_args()
    files = sorted(bundled_variants().values(), key=lambda p: p.stat().st_size, reverse=True)[:4]
    print(f"{'variant':<14}{'bytes':>7}{'change ms':>11}{'save ms':>9}")
    for path in files:
        text = path.read_text(encoding="utf-8")
        timed(text, path, True)  # warm: the server has parsed its grammar and parents already
        change = statistics.median(timed(text.replace("\n", "\n ", 0), path, False) for _ in range(args.runs))
        save = statistics.median(timed(text, path, True) for _ in range(args.runs))
        print(f"{path.stem:<14}{path.stat().st_size:>7}{change:>11.0f}{save:>9.0f}")


if __name__ == "__main__":
    main()
