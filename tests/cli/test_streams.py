"""Where a refused input is reported (issue 27, item 6): a command that runs a variant
prints its product on stdout and why its input was refused on stderr, as it does a usage
error; `basra check`, whose product is its findings, prints them on stdout. An unknown
name says where it was looked for; a folder's finding has no line and column."""

from __future__ import annotations

import pytest
from click.testing import CliRunner
from helpers import author_folder

from basra_dsl.cli import main

HOUSE = 'variant house "House" extends egyptian\nsetup:\n  hand 6\n'

REFUSED = [
    (["compile", "nope"], "B401"), (["compile", "nope.basra"], "B112"),
    (["play", "nope"], "B401"), (["play", "nope.basra"], "B112"),
    (["docs", "show", "nope"], "B401"), (["docs", "show", "nope.basra"], "B112"),
    (["simulate", "nope", "--hands", "1"], "B401"), (["simulate", "nope.basra", "--hands", "1"], "B112"),
    (["balance", "nope"], "B401"), (["replay", "nope.json"], "B112"),
]


@pytest.mark.parametrize("arguments, code", REFUSED, ids=[" ".join(a) for a, _ in REFUSED])
def test_refused_input_goes_to_stderr_and_nothing_to_stdout(tmp_path, monkeypatch, arguments, code):
    monkeypatch.chdir(tmp_path)
    result = CliRunner().invoke(main, arguments)
    assert result.exit_code == 1, result.output
    assert f"error[{code}]" in result.stderr and result.stdout == "", (result.stdout, result.stderr)


def test_a_variant_whose_rules_are_refused_is_reported_on_stderr(tmp_path, monkeypatch):
    author_folder(tmp_path, monkeypatch, {"odd": 'variant odd "Odd" extends egyptain\n'})
    result = CliRunner().invoke(main, ["compile", "odd", "--json"])
    assert result.exit_code == 1 and result.stdout == ""  # `> rules.json` gets no findings
    assert "error[B401]: unknown parent variant 'egyptain'" in result.stderr


def test_check_still_prints_its_findings_on_stdout(tmp_path, monkeypatch):
    author_folder(tmp_path, monkeypatch, {"odd": 'variant odd "Odd" extends egyptain\n'})
    result = CliRunner().invoke(main, ["check", "-q"])
    assert result.exit_code == 1 and "error[B401]" in result.stdout


def test_an_unknown_name_in_an_authors_folder_says_where_it_was_looked_for(tmp_path, monkeypatch):
    author_folder(tmp_path, monkeypatch, {"house": HOUSE})
    result = CliRunner().invoke(main, ["compile", "hous"])
    assert result.exit_code == 1
    assert "did you mean 'house'?" in result.stderr and "./variants/hous.basra" in result.stderr
    result = CliRunner().invoke(main, ["simulate", "cafe", "--hands", "1"])
    assert "./variants/cafe.basra" in result.stderr and "./cafe.basra" in result.stderr
    assert "the variants here: house" in result.stderr


def test_a_folder_of_variant_files_without_a_variants_folder_is_an_authors_folder(tmp_path, monkeypatch):
    (tmp_path / "house.basra").write_text(HOUSE, encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    result = CliRunner().invoke(main, ["docs", "show", "cafe"])
    assert result.exit_code == 1 and "./variants/cafe.basra" in result.stderr
    assert "the variants here: house" in result.stderr


def test_an_unknown_name_elsewhere_lists_the_bundled_variants(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    result = CliRunner().invoke(main, ["compile", "nope"])
    assert "bundled variants: " in result.stderr and "egyptian" in result.stderr
    assert "./variants/" not in result.stderr


def test_docs_build_in_an_empty_folder_says_so_once_without_a_line(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    result = CliRunner().invoke(main, ["docs", "build"])
    assert result.exit_code == 1
    printed = result.stdout + result.stderr
    assert printed.count("B112") == 1, printed
    assert f"{tmp_path}: error[B112]: no .basra files in {tmp_path}" in result.stderr
    assert f"{tmp_path}:1:1" not in printed


def test_a_folders_finding_has_no_line_and_column(tmp_path, monkeypatch):
    (tmp_path / "empty").mkdir()
    monkeypatch.chdir(tmp_path)
    result = CliRunner().invoke(main, ["check", "empty", "-q"])
    assert result.exit_code == 1
    assert "empty: error[B112]: no .basra files in empty" in result.stdout and "empty:1:1" not in result.stdout
