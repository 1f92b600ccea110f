"""The page of an author's variant says how to measure it with a command that works from
the author's folder (issue 27, item 9): ``basra balance NAME``, not ``NAME.basra``, which
is a path and is not found when the file is in ./variants."""

from __future__ import annotations

import re
import shlex

from click.testing import CliRunner
from helpers import author_folder

from basra_dsl.cli import main

HOUSE = 'variant house "House" extends egyptian\nsetup:\n  hand 6\n'
FEW = ["--games", "2", "--skill-games", "1", "--matches", "0", "--samples", "1", "--workers", "1"]


def suggested(variant: str) -> list[str]:
    page = CliRunner().invoke(main, ["docs", "show", variant]).stdout
    section = page[page.index("### How it plays"):]
    command = re.search(r"`(basra balance [^`]*)`", section)
    assert command, section
    return shlex.split(command.group(1))[1:]


def test_the_suggested_balance_command_works_from_the_authors_folder(tmp_path, monkeypatch):
    author_folder(tmp_path, monkeypatch, {"house": HOUSE})
    command = suggested("house")
    assert command == ["balance", "house"]
    result = CliRunner().invoke(main, [*command, *FEW])
    assert result.exit_code == 0, result.output
    assert result.stdout.startswith("House, 2 players:")


def test_it_works_for_a_file_beside_the_author_too(tmp_path, monkeypatch):
    (tmp_path / "house.basra").write_text(HOUSE, encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    command = suggested("house.basra")
    result = CliRunner().invoke(main, [*command, *FEW])
    assert result.exit_code == 0 and result.stdout.startswith("House, 2 players:"), result.output
