"""The comparison page shows each variant as it plays by default, with deck and direction."""

from __future__ import annotations

import re

from basra_dsl.rulebook import render_comparison


def rows() -> dict[str, list[str]]:
    text = render_comparison()
    table = [line for line in text.splitlines() if line.startswith("| ")]
    header = [cell.strip() for cell in table[0].strip("|").split("|")]
    found = {}
    for line in table[2:]:
        cells = [re.sub(r"\]\([^)]*\)", "]", cell).strip() for cell in line.strip("|").split(" | ")]
        found[cells[0].strip("[]")] = dict(zip(header, cells))
    return found


def test_a_bonus_off_by_default_is_listed_apart():
    egyptian = rows()["Egyptian Basra"]
    assert "double jack" not in egyptian["Basra rules"] and "double jack" in egyptian["Off unless chosen"]
    assert "clear 10" in egyptian["Basra rules"]


def test_deck_and_direction_columns():
    table = rows()
    assert table["Egyptian Basra"]["Deck"] == "[52 cards]" and table["Egyptian Basra"]["Play goes"] == "[anticlockwise]"
    assert table["Bastra (Cyprus)"]["Play goes"] == "[clockwise]"
    assert any(row["Deck"] == "[44 cards]" for row in table.values())  # the games without pictures show
