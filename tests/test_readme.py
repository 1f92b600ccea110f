"""The README's examples work: its Python snippet runs and its variant snippet checks."""

from __future__ import annotations

import re
import runpy
from pathlib import Path

from basra_dsl.check.checker import check_paths

README = (Path(__file__).resolve().parent.parent / "README.md").read_text(encoding="utf-8")


def _blocks(language: str) -> list[str]:
    return re.findall(rf"```{language}\n(.*?)```", README, flags=re.S)


def test_python_snippet_runs(tmp_path, capsys):
    (snippet,) = _blocks("python")
    script = tmp_path / "snippet.py"
    script.write_text(snippet, encoding="utf-8")
    runpy.run_path(str(script))
    lines = capsys.readouterr().out.splitlines()  # each side's points, whole numbers as people write them
    assert len(lines) == 2 and all(re.fullmatch(r"seats \d \+ \d: -?\d+ points", line) for line in lines), lines


def test_variant_snippet_checks(tmp_path):
    (snippet,) = _blocks("basra")
    path = tmp_path / "yemeni.basra"
    path.write_text(snippet, encoding="utf-8")
    report = check_paths([path], examples=False)
    assert report.errors == 0, [d.message for d in report.diagnostics]


def test_two_commands_and_ci_agree():
    assert "bash scripts/main" in README and "bash scripts/test" in README
    ci = (Path(__file__).resolve().parent.parent / ".ci" / "run").read_text()
    assert "bash scripts/test" in ci
