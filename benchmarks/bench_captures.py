"""Benchmark: the dearest captures a variant the checker accepts can ask for (issue 26, finding 2).

Each case runs in a fresh process and prints what finding the captures of one card on one
floor costs there: wall time and peak memory (the most the process held during the case,
above what it held before it). It asserts nothing.

    python benchmarks/bench_captures.py [--repeat 3]

- refused: the variant of the report (every card worth 1, a card played as 24, 'choose
  one', a floor of 48): the sets the checker counts, and the time `basra check` takes to
  refuse it (B808), with no set listed;
- uniform: the largest floor of the most uniform values the checker accepts: a card played
  as 24 on the other 51 cards, all worth 1, under 'choose largest' (one search finds the
  take; the engine lists the first 16,384 of its 20,825 captures);
- escoba: Escoba's played ace on the other 39 cards: 10,596 captures, every one listed,
  the most of the bundled variants under 'choose one';
- kasino: Kasino's 10 of diamonds, counting 16, on the other 51 cards, by the full search
  for the largest capture (not its quick pass);
- worst: the longest search of any variant the checker accepts that we could write: cards
  valued as Kasino's (1 to 13, four of each) and all played as 16, on a floor of all 52
  (no floor needs a longer search, and other values, targets and counts of cards that pass
  the check need shorter ones);
- check: `basra check` of Kasino, which counts the searches of its targets 2 to 16 on that
  floor (once per process; a clean verdict is then kept in the per-user cache).
"""

from __future__ import annotations

import argparse
import json
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPORTED = (Path(__file__).resolve().parents[1] / "tests" / "fixtures" / "variants" / "hostile.basra").read_text(
    encoding="utf-8")  # the variant of the report, shared with the tests

UNIFORM = (Path(__file__).resolve().parents[1] / "tests" / "fixtures" / "variants" / "uniform.basra").read_text(
    encoding="utf-8")  # every card worth 1, every card played as 24: shared with the tests


def _peak_kb() -> int:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss


def case_refused() -> dict:
    from basra_dsl.check.checker import check_paths
    from basra_dsl.engine.sums import count_sets
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "hostile.basra"
        path.write_text(REPORTED, encoding="utf-8")
        check_paths([Path(folder) / "missing.basra"], examples=False)  # imports and the parser's tables
        before, start = _peak_kb(), time.perf_counter()
        report = check_paths([path], examples=False)
        seconds = time.perf_counter() - start
    codes = sorted({d.code for d in report.diagnostics})
    return {"what": f"refused with {', '.join(codes)}: {count_sets(24, (0, 52) + (0,) * 23)[24]:,} sets counted",
            "seconds": seconds, "peak_mb": (_peak_kb() - before) / 1024}


def case_uniform() -> dict:
    from basra_dsl.engine import Game
    from basra_dsl.language.compiler import compile_rules
    from basra_dsl.language.loader import load_text
    rules = compile_rules(load_text(UNIFORM, Path("uniform.basra")).merged, {"players": 2})
    game = Game(rules)
    card, floor = 51, list(range(51))
    before, start = _peak_kb(), time.perf_counter()
    found = game.resolver.captures(card, floor)
    seconds = time.perf_counter() - start
    return {"what": f"{len(found):,} captures of {len(found[0])} cards listed", "seconds": seconds,
            "peak_mb": (_peak_kb() - before) / 1024}


def case_escoba() -> dict:
    from basra_dsl import Game, load_variant
    from basra_dsl.cards import parse_card
    game = Game(load_variant("escoba"))
    ace = parse_card("AS")
    floor = [c for c in game.rules.deck if c != ace]
    before, start = _peak_kb(), time.perf_counter()
    found = game.resolver.captures(ace, floor)
    seconds = time.perf_counter() - start
    return {"what": f"{len(found):,} captures listed", "seconds": seconds, "peak_mb": (_peak_kb() - before) / 1024}


def case_kasino() -> dict:
    from basra_dsl import Game, load_variant
    from basra_dsl.cards import parse_card
    game = Game(load_variant("kasino"))
    ten = parse_card("TD")
    return _search(game.resolver._counts([c for c in game.rules.deck if c != ten], 16))


def case_worst() -> dict:
    return _search((0,) + (4,) * 13 + (0,) * 3)


def _search(counts: tuple[int, ...]) -> dict:
    """Times the largest-capture search for 16 on a floor of these counts per value."""
    from basra_dsl.engine import covers
    before, start = _peak_kb(), time.perf_counter()
    steps = covers._Steps(16, covers.MAX_STEPS)
    found = covers._covers_by_groups(covers._Floor(16, counts, steps), steps)
    seconds = time.perf_counter() - start
    return {"what": f"{steps.taken:,} steps, {steps.kept:,} positions, {len(found)} largest take",
            "seconds": seconds, "peak_mb": (_peak_kb() - before) / 1024}


def case_check() -> dict:
    from basra_dsl.check.checker import check_paths
    from basra_dsl.resources import bundled_variants
    from basra_dsl import cache
    check_paths([bundled_variants()["egyptian"]], examples=False)  # imports and the parser's tables
    before, start = _peak_kb(), time.perf_counter()
    with cache.turned_off():  # the costs the check works out, not the ones a last run kept
        report = check_paths([bundled_variants()["kasino"]], examples=False)
    seconds = time.perf_counter() - start
    return {"what": f"{report.summary()}", "seconds": seconds, "peak_mb": (_peak_kb() - before) / 1024}


CASES = {"refused": case_refused, "uniform": case_uniform, "escoba": case_escoba, "kasino": case_kasino,
         "worst": case_worst, "check": case_check}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--case", choices=sorted(CASES), help=argparse.SUPPRESS)  # one case, in this process
    args = parser.parse_args()
    if args.case:
        print(json.dumps(CASES[args.case]()))
        return
    from basra_dsl import limits
    print(f"captures: at most {limits.CAPTURES:,} listed for one card on one floor; the search for the largest "
          f"at most {limits.CAPTURE_STEPS:,} steps and {limits.CAPTURE_POSITIONS:,} positions "
          f"(best of {args.repeat} fresh processes each)")
    for name in CASES:
        runs = []
        for _ in range(args.repeat):
            done = subprocess.run([sys.executable, __file__, "--case", name], capture_output=True, text=True, check=True)
            runs.append(json.loads(done.stdout.splitlines()[-1]))
        fastest = min(runs, key=lambda run: run["seconds"])
        peak = max(run["peak_mb"] for run in runs)
        print(f"  {name:8} {fastest['seconds'] * 1000:9.1f} ms  {peak:6.1f} MB peak   {fastest['what']}")


if __name__ == "__main__":
    main()
