"""Held-out 14's mistakes (issue 29), each told what is wrong and how to mend it: an option's
choice named 'left' (once an internal error), a direction option in a game of two (B757), a
target one or two hands reach when 'best of 3' was meant, a new option whose number the file's
own rule still states, 'cleared or last' where plain 'cleared' was meant, two clauses parted
by a comma, a '//' comment after a clause, a name compared with a renamed option's choice, a
condition that holds for every player count above a line it hides, ten players, a bonus for
cards the short pack lacks, and a restored condition that needs brackets."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from helpers import assert_told, house_findings


CASES = yaml.safe_load((Path(__file__).parents[1] / "data" / "heldout14-messages.yaml").read_text(encoding="utf-8"))
findings = house_findings


@pytest.mark.parametrize("case", CASES, ids=[f"{c['code']}-{c['parent']}" for c in CASES])
def test_each_mistake_is_told_with_its_fix(tmp_path, case):
    assert_told(tmp_path, case["parent"], case["body"], case["code"], case["said"], case["helped"])


def test_a_choice_named_as_the_play_is_refused_not_an_internal_error(tmp_path):
    found = findings(tmp_path, "basra-121", "option way: right | left = right \"which way\"\n\nsetup:\n"
                     "  direction clockwise when way == left\n  direction anticlockwise\n")
    assert "B900" not in found and "B309" in found


@pytest.mark.parametrize("note, told", [("", True), ("  # Our reading: the sources' examples take everything.\n", False)])
def test_a_clause_restated_with_a_note_of_its_own_is_no_restatement(tmp_path, note, told):
    """A child restates an inherited clause unchanged to say, on its own page, why its table
    plays it so (Lebanese and Yemeni Basra's 'choose largest'): only a bare restatement is told."""
    found = findings(tmp_path, "egyptian", f"capture:\n{note}  choose largest\n")
    assert ("B708" in found) == told
