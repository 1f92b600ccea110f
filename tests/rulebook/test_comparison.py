"""The comparison page shows each variant as it plays by default, family by family, in plain
words with one link a row (issue 11)."""

from __future__ import annotations

import re

import pytest

from basra_dsl.resources import bundled_variants

from basra_dsl.rulebook import render_comparison
from basra_dsl.rulebook.site.comparison import TABLES


@pytest.fixture(scope="module")
def page() -> str:
    """The family tables of the page (the ranking by measured figures after them is
    tested in test_how_it_plays)."""
    text = render_comparison()
    return text[:text.index("## How the games play")]


def table_lines(text: str) -> list[str]:
    return [line for line in text.splitlines() if line.startswith("| ") and not line.startswith("| --- |")]


def rows(text: str) -> dict[str, dict[str, str]]:
    """Returns each variant's cells from every table of the page, by title and column, the
    link around the title taken off."""
    found: dict[str, dict[str, str]] = {}
    header: list[str] = []
    for line in table_lines(text):
        cells = [cell.strip() for cell in line.strip().strip("|").split(" | ")]
        if cells[0] == "Variant":
            header = cells
            continue
        title = re.sub(r"^(?:&nbsp;)*↳&nbsp;", "", cells[0])
        title = re.sub(r"^\[(.*)\]\([^)]*\)$", r"\1", title)
        found.setdefault(title, {}).update(zip(header[1:], cells[1:]))
    return found


def test_a_bonus_off_by_default_is_listed_apart(page):
    table = rows(page)
    egyptian, yemeni = table["Egyptian Basra"], table["Yemeni Basra"]
    assert "lone jack" not in egyptian["Basras"]
    assert egyptian["Off unless chosen"] == "20 or 30 when a jack takes a lone jack"
    assert "• 20 when a jack takes a lone jack" in yemeni["Basras"]  # on by default in Yemen
    assert "10 when a card other than a jack or the seven of diamonds clears the floor" in egyptian["Basras"]


def test_conditions_on_options_are_worked_out_for_the_defaults(page):
    table = rows(page)
    bastra, jordanian = table["Bastra (Cyprus)"], table["Jordanian Basra"]
    assert bastra["Sweeps the floor"] == "a jack"
    assert bastra["Off unless chosen"] == "the seven of diamonds sweeps the floor"
    assert "option" not in jordanian["Basras"] and "rest" not in jordanian["Basras"]
    assert jordanian["Basras"].endswith("when a card other than a jack clears the floor")
    assert "• " in jordanian["Off unless chosen"]  # its 7♦ basra and 7♦ sweep, one a line


def test_deck_direction_and_deal_columns(page):
    table = rows(page)
    assert table["Egyptian Basra"]["Deck"] == "52 cards" and table["Egyptian Basra"]["Play goes"] == "anticlockwise"
    assert table["Bastra (Cyprus)"]["Play goes"] == "clockwise"
    assert table["Palestinian Basra"]["Deck"] == "44 cards, no queens or kings"
    assert table["Lebanese Basra"]["Deal"] == "6 each (4 with 3 players), 4 to the floor"
    assert table["Dry Game"]["Deal"] == "6 each, 4 to a face-up stack, 4 more to a face-up stack each deal"
    assert table["Egyptian Basra - Morabaa"]["Players"] == "4 (as partners)"


def test_card_points_and_most_cards(page):
    table = rows(page)
    assert table["Egyptian Basra"]["Card points"] == "jacks 1, aces 1, 2♣ 2, 10♦ 3"
    assert table["Pishti"]["Card points"] == "10♦ 3, 2♣ 2, aces 1, jacks 1"
    assert table["Egyptian Basra"]["Most cards"] == "30 (a tie carries it over)"
    assert table["Bastra (Cyprus)"]["Most cards"] == "3 (a tie: each tied side scores it)"
    assert "most clubs: 3" in table["Dry Game"]["Most cards"]
    assert table["Egyptian Basra"]["Game to"] == "101, best of 5, a deciding game to 150"
    assert table["Ethiopian Basra"]["Game to"] == "52"


def test_one_link_a_row_the_variants_name(page):
    for line in table_lines(page):
        if line.startswith("| Variant |"):
            continue
        links = re.findall(r"\]\(([^)]*)\)", line)
        assert len(links) == 1 and re.fullmatch(r"rules/[a-z0-9-]+\.md", links[0]), line
        assert "option-" not in line and "*" not in line.replace("\\*", "")


def test_every_variant_has_a_row_in_every_table(page):
    table = rows(page)
    assert len(table) == len(bundled_variants())
    columns = {title for _, cells in TABLES for title, _ in cells if title != "Basras"}  # headed by the bonus' name
    assert all(set(cells) - {"Basras", "Scopas", "Pishtis", "Surs", "Sweeps", "Tablanettes", "Zwicks", "Bonuses"} == columns for cells in table.values())


def test_the_family_tables_cover_the_new_constructs(page):
    table = rows(page)
    assert table["Scopa"]["First floor"] == "a new deal if the floor holds 3 or more kings"
    assert table["Escoba"]["First floor"].endswith("to the dealer if the floor adds up to exactly 15, 1 point")
    assert table["Escoba"]["Takes"] == "any card: cards making 15 with it"
    assert table["Scopa"]["Takes"] == "any card: cards adding up to it; a single card before a sum"
    assert table["Pasur"]["Sweeps the floor"] == "a jack (not queens or kings)"
    assert table["Escoba"]["Card points"] == "7 of coins 1"
    assert "level ones settled by sixes" in table["Chkobba"]["Most cards"]
    assert "at least 7" in table["Pasur"]["Most cards"]
    assert "### Scopas {#scopa-scopas}" in page and "### Basras {#basra-basras}" in page


def test_grouped_by_family_children_under_their_parent(page):
    basra, pishti = page.index("## The Basra family"), page.index("## The Pishti family")
    first_table = page[basra:page.index("### Basras", basra)]
    order = [re.sub(r"\]\(.*", "", line.split("[", 1)[1]) for line in table_lines(first_table)[1:]]
    assert order.index("Egyptian Basra") < order.index("Yemeni Basra")
    assert order.index("Bastra (Cyprus)") < order.index("Lebanese Basra") < order.index("Ashush")
    assert {"Basra (Parlett)", "Basra to 121"} <= set(order) and "Pishti" not in order
    assert "| ↳&nbsp;[Yemeni Basra](rules/yemeni.md) |" in first_table
    assert "| &nbsp;&nbsp;&nbsp;↳&nbsp;[Ashush](rules/ashush.md) |" in first_table
    assert "[Dry Game](rules/dry.md)" in page[pishti:] and "[Dry Game]" not in page[:pishti]


def test_the_page_leaves_room_for_its_tables(page):
    assert page.startswith("---\ntitle: Comparison of the variants\nhide:\n  - toc\n---\n")
    assert page.count("### Deal and play {#basra-deal-and-play}") == 1
    assert page.count("### Deal and play {#pishti-deal-and-play}") == 1
