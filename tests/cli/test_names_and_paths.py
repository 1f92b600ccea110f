"""Every command takes a variant by name or by path, found the same way (issue 10, section 2)."""

from __future__ import annotations

import pytest
from click.testing import CliRunner
from helpers import author_folder

from basra_dsl.cli import main
from basra_dsl.language.loader import resolve_argument

CAFE = 'variant cafe-rules "Cafe Rules" extends egyptian\n\nsetup:\n  hand 6\n'  # as basra fmt lays it out


@pytest.fixture
def club(tmp_path, monkeypatch):
    """An author's folder: variants/cafe-rules.basra, run from inside it."""
    return author_folder(tmp_path, monkeypatch, {"cafe-rules": CAFE})


@pytest.mark.parametrize("args", [
    ["check", "cafe-rules"], ["check", "variants/cafe-rules.basra"],
    ["compile", "cafe-rules"], ["compile", "variants/cafe-rules.basra"],
    ["simulate", "cafe-rules", "--hands", "3"], ["simulate", "variants/cafe-rules.basra", "--hands", "3"],
    ["docs", "show", "cafe-rules"], ["docs", "show", "variants/cafe-rules.basra"],
    ["fmt", "--check", "cafe-rules"], ["fmt", "--check", "variants/cafe-rules.basra"],
])
def test_each_command_takes_the_name_or_the_path(club, args):
    result = CliRunner().invoke(main, args)
    assert result.exit_code == 0, result.output
    if args[0] in ("compile", "simulate", "docs"):
        assert "Cafe Rules" in result.output


def test_check_with_no_argument_checks_the_variants_folder(club):
    result = CliRunner().invoke(main, ["check"])
    assert result.exit_code == 0 and "All 1 variant passed." in result.output


def test_a_local_variant_comes_before_a_bundled_one_for_every_command(club):
    (club / "variants" / "egyptian.basra").write_text(
        'variant egyptian "Our Egyptian" extends bastra\nsetup:\n  hand 5\n', encoding="utf-8")
    assert resolve_argument("egyptian") == club.joinpath("variants", "egyptian.basra").relative_to(club)
    for args in (["compile", "egyptian"], ["docs", "show", "egyptian"]):
        result = CliRunner().invoke(main, args)
        assert result.exit_code == 0 and "Our Egyptian" in result.output, (args, result.output)


def test_an_unknown_name_says_where_it_was_looked_for(club):
    result = CliRunner().invoke(main, ["check", "cafe-rulez"])
    assert result.exit_code == 1
    assert "no such file or variant of that name" in result.output and "./variants/NAME.basra" in result.output


def test_resolution_is_one_function_for_names_files_and_folders(club):
    assert resolve_argument("variants") == club.joinpath("variants").relative_to(club)
    assert resolve_argument("variants/cafe-rules.basra").name == "cafe-rules.basra"
    assert resolve_argument("cafe-rules").as_posix() == "variants/cafe-rules.basra"
    assert resolve_argument("missing.basra").as_posix() == "missing.basra"  # a path stays a path
