"""Three fishing games written from their published rules by someone given only the docs
(issue 28: Diloti, Laugh and Lie Down, Tablić; their report, with every rule they could not
say, is REPORT.md beside them). They must go on checking clean, worked examples and seeded
hands included, as the language grows."""

from __future__ import annotations

from pathlib import Path

import pytest

from basra_dsl.check.checker import check_paths

FOLDER = Path(__file__).resolve().parents[1] / "data" / "docs-only-authors"


@pytest.mark.parametrize("name", ["diloti", "laugh-and-lie-down", "tablic"])
def test_a_docs_only_authors_game_checks_clean(name, tmp_path):
    for suffix in (".basra", ".examples.yaml"):  # in a folder of its own, as its author kept it
        (tmp_path / f"{name}{suffix}").write_text((FOLDER / f"{name}{suffix}").read_text(encoding="utf-8"),
                                                  encoding="utf-8")
    report = check_paths([tmp_path / f"{name}.basra"], simulate=20)
    assert report.diagnostics == [] and report.examples >= 5 and report.hands_simulated >= 20, report.diagnostics
