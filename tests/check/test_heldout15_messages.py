"""Held-out 15's mistakes (issue 29), each told what is wrong and how to mend it: an English
word too many ('tie extend by extension'), a drop named with its section, a run's ranks with
commas, points written 'card: number', a title holding double quotes, a bonus for kings in a
pack without them (no 'or' guessed for a card that is never there), a number spelt out among an
option's choices, a part of a condition the rest fixes to another number, 'red' for the red
suits, splits() with its numbers turned round (B759); and a renamed copy of a bundled game
edited in a line, where nothing else is found, told that line beside the bundled one (B760)."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from basra_dsl.check.checker import check_paths
from basra_dsl.resources import bundled_variants
from helpers import assert_told

CASES = yaml.safe_load((Path(__file__).parents[1] / "data" / "heldout15-messages.yaml").read_text(encoding="utf-8"))


@pytest.mark.parametrize("case", CASES, ids=[f"{c['code']}-{c['parent']}" for c in CASES])
def test_each_mistake_is_told_with_its_fix(tmp_path, case):
    assert_told(tmp_path, case["parent"], case["body"], case["code"], case["said"], case["helped"])


def copy_of(tmp_path: Path, name: str, *edits: tuple[str, str], file: str = "house.basra") -> list:
    """The findings of bundled NAME copied, renamed and edited (old, new) once per edit."""
    text = bundled_variants()[name].read_text(encoding="utf-8")
    lines = text.split("\n")
    head = next(i for i, row in enumerate(lines) if row.startswith("variant "))
    lines[head] = 'variant house "House"' + (lines[head][lines[head].index(" extends "):] if " extends " in lines[head] else "")
    text = "\n".join(lines)
    for old, new in edits:
        assert text.count(old) == 1, old
        text = text.replace(old, new)
    path = tmp_path / file
    path.write_text(text, encoding="utf-8")
    return check_paths([path]).diagnostics


def test_a_copy_edited_in_one_line_is_told_that_line_beside_the_bundled_one(tmp_path):
    found = copy_of(tmp_path, "pishti", ("without top J: dealer", "without J: dealer"))
    line = bundled_variants()["pishti"].read_text(encoding="utf-8").split("\n").index("  start floor 4 without top J: dealer") + 1
    assert [d.code for d in found] == ["B760"]
    assert f"line {line} reads 'start floor 4 without J: dealer' where pishti has 'start floor 4 without top J: dealer'" \
        in found[0].message, found[0].message
    assert found[0].span.line == line and "extends pishti" in found[0].help


def test_a_copy_of_a_child_keeps_its_extends_and_is_told_too(tmp_path):
    found = copy_of(tmp_path, "palestinian", ("2 * played.value", "2 + played.value"))
    assert [d.code for d in found] == ["B760"] and "2 + played.value" in found[0].message


def test_a_copy_says_nothing_more_where_another_finding_points_at_the_edit(tmp_path):
    found = copy_of(tmp_path, "yemeni", ("splits(floor, 2, 9)", "splits(floor, 9, 2)"))
    assert [d.code for d in found] == ["B759"]


def test_a_copy_changed_in_many_lines_is_a_game_of_its_own(tmp_path):
    found = copy_of(tmp_path, "egyptian", ("hand 4", "hand 5"), ("first to target", "first to 121"),
                    ("deal passes next", "deal passes previous"), ("most cards 30", "most cards 20"))
    assert "B760" not in [d.code for d in found]


def test_a_change_meant_is_kept_with_a_note(tmp_path):
    found = copy_of(tmp_path, "pishti", ("  start floor 4 without top J: dealer",
                                         "  #: allow B760: our table gives any jack to the dealer\n"
                                         "  start floor 4 without J: dealer"))
    assert found == []


def test_a_copy_whose_lines_only_moved_their_spaces_or_comments_is_the_same_game(tmp_path):
    found = copy_of(tmp_path, "pishti", ("  start floor 4 without top J: dealer",
                                         "  start  floor 4  without top J: dealer   # as pishti"))
    assert found == []
