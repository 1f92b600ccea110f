"""How long the language server takes to answer, for the largest bundled variant files: the
findings on each change (no worked examples) and on open or save (with them); a hover on a
clause, completion inside a condition, and go to definition.

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
from basra_dsl.lsp.complete import suggestions
from basra_dsl.lsp.hover import hover_text
from basra_dsl.lsp.navigate import definition
from basra_dsl.resources import bundled_variants


def timed(text: str, path: Path, examples: bool) -> float:
    start = time.perf_counter()
    list(check_text(text, path, Report(), examples=examples))
    return (time.perf_counter() - start) * 1000


def answer(ask, *arguments) -> float:
    start = time.perf_counter()
    ask(*arguments)
    return (time.perf_counter() - start) * 1000


def condition_at(text: str) -> tuple[int, int]:
    """The line and column (from 1) just after the first 'when ' of the file."""
    for number, row in enumerate(text.split("\n"), 1):
        if " when " in row and not row.lstrip().startswith("#"):
            return number, row.index(" when ") + 7
    return 1, 1


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=7)
    args = parser.parse_args()
    files = sorted(bundled_variants().values(), key=lambda p: p.stat().st_size, reverse=True)[:4]
    print(f"{'variant':<14}{'bytes':>7}{'change ms':>11}{'save ms':>9}{'hover ms':>10}{'complete ms':>13}"
          f"{'definition ms':>15}")
    for path in files:
        text = path.read_text(encoding="utf-8")
        timed(text, path, True)  # warm: the server has parsed its grammar and parents already
        change = statistics.median(timed(text.replace("\n", "\n ", 0), path, False) for _ in range(args.runs))
        save = statistics.median(timed(text, path, True) for _ in range(args.runs))
        line, column = condition_at(text)
        hover = statistics.median(answer(hover_text, text, str(path), line, 4) for _ in range(args.runs))
        complete = statistics.median(answer(suggestions, text, str(path), line, column) for _ in range(args.runs))
        defined = statistics.median(answer(definition, text, str(path), line, 4) for _ in range(args.runs))
        print(f"{path.stem:<14}{path.stat().st_size:>7}{change:>11.0f}{save:>9.0f}{hover:>10.0f}{complete:>13.0f}"
              f"{defined:>15.0f}")


if __name__ == "__main__":
    main()
