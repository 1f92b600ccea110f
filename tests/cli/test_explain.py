"""``basra explain CODE``: a code's page from the registry of codes."""

from __future__ import annotations

from basra_dsl.cli import main
from basra_dsl.diagnostics.codes import CODES


def test_explain_prints_a_codes_page(runner):
    result = runner.invoke(main, ["explain", "B119"])
    assert result.exit_code == 0, result.output
    entry = CODES["B119"]
    out = result.output
    assert out.startswith("B119: " + entry.title)
    assert "an error found while reading the variant file" in out
    assert "Example" in out and entry.example.splitlines()[-1] in out
    assert "Fix: " + entry.fix in out


def test_explain_shows_what_basra_check_says_about_the_example(runner):
    result = runner.invoke(main, ["explain", "B101"])
    assert result.exit_code == 0, result.output
    assert "error[B101]: a section header needs a colon" in result.output
    assert "= help:" in result.output


def test_explain_takes_lower_case_and_a_bare_number(runner):
    for spelling in ("b101", "101"):
        result = runner.invoke(main, ["explain", spelling])
        assert result.exit_code == 0 and result.output.startswith("B101: "), result.output


def test_explain_works_for_every_code(runner):
    for code in CODES:
        result = runner.invoke(main, ["explain", code])
        assert result.exit_code == 0 and result.output.startswith(code + ": "), (code, result.output)


def test_an_unknown_code_is_a_usage_error_with_did_you_mean(runner):
    result = runner.invoke(main, ["explain", "B1190"])
    assert result.exit_code == 2
    assert "no code B1190" in result.stderr and "did you mean 'B119'?" in result.stderr
    result = runner.invoke(main, ["explain", "hello"])
    assert result.exit_code == 2 and "codes look like B101" in result.stderr


def test_explain_without_a_code_lists_the_codes(runner):
    result = runner.invoke(main, ["explain"])
    assert result.exit_code == 0
    assert all(f"{code}  {entry.title}" in result.output for code, entry in CODES.items())
