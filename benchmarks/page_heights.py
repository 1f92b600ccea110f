"""Measures how tall the rulebook's pages are to scroll: each shown page of a freshly built site,
at the desktop width (1280 CSS px) and at a phone's (390 px), in headless Chromium. Prints
figures; asserts nothing (issue 30: the Egyptian page at most half its height of November 2026,
about 9,000 px at 1280 px).

    python benchmarks/page_heights.py [--pages egyptian scopa casino]
"""

from __future__ import annotations

import argparse
import sys
import tempfile
from pathlib import Path

from click.testing import CliRunner

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))
from browser import chromium  # noqa: E402  (the tests' own headless Chromium)

from basra_dsl.cli.docs import docs  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]
WIDTHS = {"desktop": (1280, 900, False), "phone": (390, 844, True)}


def heights(site: Path, names: list[str]) -> dict[str, dict[str, int]]:
    """Returns, by page and width, the page's full height in CSS pixels."""
    found: dict[str, dict[str, int]] = {}
    with chromium() as driver:
        for label, (width, height, mobile) in WIDTHS.items():
            driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                                   {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": mobile})
            for name in names:
                driver.get((site / "rules" / f"{name}.html").as_uri())
                found.setdefault(name, {})[label] = int(driver.execute_script(
                    "return Math.max(document.body.scrollHeight, document.documentElement.scrollHeight)"))
    return found


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pages", nargs="+", default=["egyptian", "scopa", "casino"])
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="basra-heights-") as out:
        result = CliRunner().invoke(docs, ["build", "--site-dir", out, "--config", str(ROOT / "mkdocs.yml")])
        if result.exit_code != 0:
            sys.exit(result.output)
        for name, by_width in heights(Path(out), args.pages).items():
            print(f"{name:<12} desktop {by_width['desktop']:>6} px   phone {by_width['phone']:>6} px")


if __name__ == "__main__":
    main()
