"""`basra explain CODE` shows what basra really says about each code (issue 27, item 8):
the example run through the command that reports it, its finding and its exit status, and
a text that is true of that command (B301's fix, the exit status of a command-line error)."""

from __future__ import annotations

import re

import pytest
from click.testing import CliRunner

from basra_dsl.cli import main
from basra_dsl.cli.explain import NOT_SHOWN
from basra_dsl.diagnostics.codes import CODES


def explained(code: str) -> str:
    result = CliRunner().invoke(main, ["explain", code])
    assert result.exit_code == 0, result.output
    return result.stdout


@pytest.mark.parametrize("code", sorted(CODES))
def test_each_code_shows_what_basra_says_about_it_or_why_not(code, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)  # the page is the same in any folder, and writes nothing there
    page = explained(code)
    if code in NOT_SHOWN:
        assert f"What basra says about it is not shown here: {NOT_SHOWN[code]}." in page
        return
    said = re.search(r"What basra (\w+) says about it:\n    \$ basra \1 .*\n((?:    .*\n)+?)    \(exit status (\d)\)\n",
                     page)
    assert said, page
    assert re.match(rf"    (\S+: )?(error|warning)\[{code}\]: ", said.group(2)), page  # its own finding, first
    status = int(said.group(3))
    if CODES[code].severity == "error":
        assert status in (1, 2) and f"basra {said.group(1)} exits {status}" in page, page  # the page tells it true
    assert list(tmp_path.iterdir()) == []


def test_a_command_line_error_says_it_exits_2_as_it_does(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    for code in ("B301", "B302"):
        page = explained(code)
        assert "exits 1" not in page and "basra compile exits 2" in page and "(exit status 2)" in page
        assert CliRunner().invoke(main, ["compile", "egyptian", "-o", "traget=121"]).exit_code == 2


def test_b301_points_where_the_options_are_listed(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    fix = explained("B301").split("Fix: ")[1]
    assert "basra compile VARIANT` lists" not in fix  # `basra compile egyptian` lists no option
    assert "help line" in fix and "basra docs show VARIANT" in fix
    # what the fix says is so: the help line lists every option when none is close...
    refused = CliRunner().invoke(main, ["compile", "egyptian", "-o", "zzz=1"])
    assert "= help: its options: target, jack_on_jack, double_basra" in refused.stderr
    # ...and the page describes each under Options
    shown = CliRunner().invoke(main, ["docs", "show", "egyptian"]).stdout
    assert "## Options" in shown and "**jack_on_jack**" in shown


def test_explain_exits_0_for_a_code_and_2_for_a_word_that_is_none():
    assert CliRunner().invoke(main, ["explain", "b301"]).exit_code == 0
    for word in ("B3010", "", "hello"):
        result = CliRunner().invoke(main, ["explain", word])
        assert result.exit_code == 2 and "Usage: " in result.stderr and result.stdout == ""
