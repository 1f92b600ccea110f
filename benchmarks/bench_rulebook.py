"""Benchmark: rendering the rulebook, page by page, and what each page weighs.

Renders every bundled variant's page several times and prints, per variant, the median
time of the whole page, of its sample hand (a bounded, seeded search for a deal that
shows each rule) and the size of its Markdown; then the median time of a strict build of
the whole site into a temporary folder. It asserts nothing.

    python benchmarks/bench_rulebook.py [--runs 5] [--no-site]
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import subprocess
import tempfile
import time
from pathlib import Path

from basra_dsl.resources import bundled_variants
from basra_dsl.rulebook import render_variant
from basra_dsl.rulebook.pages.page import load_merged
from basra_dsl.rulebook.pages.page_state import PageState
from basra_dsl.rulebook.pages.sample_hand import sample_hand

ROOT = Path(__file__).resolve().parents[1]


def median_ms(action, runs: int) -> float:
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        action()
        times.append(time.perf_counter() - start)
    return statistics.median(times) * 1000


def site_build_s(runs: int) -> float:
    times = []
    for _ in range(runs):
        with tempfile.TemporaryDirectory() as out:
            start = time.perf_counter()
            subprocess.run([shutil.which("basra") or "basra", "docs", "build", "--site-dir", out,
                            "--config", str(ROOT / "mkdocs.yml")], check=True, capture_output=True,
                           env=dict(os.environ, PYTHONHASHSEED="0"))
            times.append(time.perf_counter() - start)
    return statistics.median(times)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--no-site", action="store_true", help="skip the whole-site build")
    args = parser.parse_args()
    catalog = bundled_variants()
    total = 0.0
    print(f"{'variant':12} {'page ms':>8} {'sample ms':>10} {'markdown kB':>12}")
    for name, path in catalog.items():
        page_ms = median_ms(lambda: render_variant(path, catalog), args.runs)
        sample_ms = median_ms(lambda: sample_hand(PageState(load_merged(path), catalog)), args.runs)
        size = len(render_variant(path, catalog).markdown.encode("utf-8")) / 1000
        total += page_ms
        print(f"{name:12} {page_ms:8.0f} {sample_ms:10.0f} {size:12.0f}")
    print(f"{'all pages':12} {total:8.0f}")
    if not args.no_site:
        print(f"site build (mkdocs, strict): {site_build_s(max(1, args.runs // 2)):.2f} s")


if __name__ == "__main__":
    main()
