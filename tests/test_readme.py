"""The README's examples work and say what the commands print: its Python snippet runs, its
variant snippet checks, and every part scripts/readme.py generates is up to date."""

from __future__ import annotations

import re
import runpy
import sys
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


# ------------------------------------------------------------------ what cog generates

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "scripts"))
import readme  # noqa: E402  (scripts/readme.py: the generated parts of the README)


def test_the_generated_parts_are_what_the_commands_print_now(suite_size):
    """Every cog block of the README (the intro's command list, the terminal session, the
    variant snippet, the Python example with its output, the counts) is what its command
    prints today: cog in check mode fails on any difference."""
    from cogapp import Cog

    tests = suite_size if suite_size is not None else readme.collected_tests()
    status = Cog().main(readme.cog_arguments(tests, check=True))
    assert status == 0, "README.md is out of date: run `python scripts/readme.py`"


def test_the_readme_lists_every_command_in_its_table():
    import click

    from basra_dsl.cli import main

    table = README[README.index("## Commands"):README.index("Every command takes a variant")]
    for name in main.list_commands(click.Context(main)):
        assert f"| `basra {name}" in table or f"`basra {name} " in table, name


def test_the_counts_it_states_are_counted():
    """The counts come from the things counted, not from a figure typed in."""
    from basra_dsl.resources import bundled_variants

    assert readme.counts("variants") == str(len(bundled_variants()))
    assert f"the {len(bundled_variants())} bundled variants" in README
    assert readme.tests_rounded(2888) == "2,800" and readme.tests_rounded(99) == "0"
