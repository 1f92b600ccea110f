"""'Play in a minute' and the bonus tables by card: their wording, length and links, for every
bundled variant and for variant files an author writes."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from basra_dsl.language.parser import parse
from basra_dsl.resources import bundled_variants
from basra_dsl.rulebook.pages.bonus_values import bonus_value_tables, settle
from basra_dsl.rulebook.pages.page import load_merged
from basra_dsl.rulebook.pages.page_state import PageState
from basra_dsl.rulebook.pages.quickstart import MOST_WORDS, play_in_a_minute, words
from basra_dsl.rulebook.pages.rules_sections import sections

VARIANTS = sorted(bundled_variants())
LINK = re.compile(r"\]\(#([^)]+)\)")


def build(name_or_path) -> tuple[PageState, str, str, str]:
    """Returns a page with its rules sections, bonus tables and quickstart rendered (in that order,
    so every anchor the quickstart may link to has been collected)."""
    page = PageState(load_merged(name_or_path), bundled_variants())
    rules = "\n".join(sections(page))
    tables = bonus_value_tables(page)
    return page, rules, tables, play_in_a_minute(page)


@pytest.fixture(scope="module")
def pages():
    return {name: build(name) for name in VARIANTS}


def sentences(markdown: str) -> list[str]:
    """Returns the sentences a reader says: list markers and bold labels left out."""
    found = []
    for line in markdown.splitlines():
        if not line.strip() or line.startswith("#"):
            continue
        body = re.sub(r"^\s*(\d+\.|-)\s*(\*\*\[[^\]]*\]\([^)]*\):\*\*)?", "", line)
        found += [s for s in re.split(r"(?<=\.)\s+(?=[A-Z\[])|(?<=:)\s+", body.strip()) if s]  # a colon ends a part said
    return found


def quick_of(name: str) -> str:
    return build(name)[3]


# ------------------------------------------------------------------ every bundled variant

@pytest.mark.parametrize("name", VARIANTS)
def test_every_link_targets_an_anchor_on_the_page(pages, name):
    page, rules, tables, quick = pages[name]
    anchors = set(page.anchors) | set(re.findall(r"\{#([\w-]+)\}", rules + tables + quick))
    links = LINK.findall(quick) + LINK.findall(tables)
    assert links, "every line links to its rule"
    assert [target for target in links if target not in anchors] == []


@pytest.mark.parametrize("name", VARIANTS)
def test_sentences_are_short_enough_to_read_aloud(pages, name):
    quick = pages[name][3]
    long = [s for s in sentences(quick) if words(s) > MOST_WORDS]
    assert long == []


@pytest.mark.parametrize("name", VARIANTS)
def test_a_short_numbered_list_with_every_line_linked_and_no_rule_ids(pages, name):
    # each step's label links to its section; its sentences are prose, without links of their own
    quick = pages[name][3]
    assert quick.startswith("## Play in a minute {#play-in-a-minute}\n")
    items = [line for line in quick.splitlines() if re.match(r"\d+\. ", line)]
    assert 8 <= len(items) <= 12
    assert all("](#" in line for line in items)
    shown = re.sub(r"\]\([^)]*\)", "]", quick)  # link targets hold ids; the text a player reads must not
    assert "_" not in shown.replace("{#play-in-a-minute}", "")
    assert "the engine" not in shown and "the file" not in shown


# ------------------------------------------------------------------ golden-ish wording

def test_egyptian_reads_as_the_game_is_played():
    quick = quick_of("egyptian")
    assert "4 cards to each player" in quick
    assert "4 face up to the floor" in quick
    assert "The player on the dealer's right plays first" in quick
    assert "[A jack](#rule-capture-jack) takes every card on the floor." in quick
    assert "[The seven of diamonds](#rule-capture-seven) takes every card on the floor." in quick
    assert ("[Clearing the floor with any card but a jack or the seven of diamonds](#rule-basra-clear): "
            "10 points.") in quick
    assert "reach 101 points first" in quick
    assert "Most cards: 30 points" in quick
    assert "A hand holds 43 points, plus basras." in quick
    assert "double_jack" not in quick and "lone jack" not in quick  # off by default: an option turns it on
    assert "(see [Options](#options))" in quick


def test_a_rule_on_by_default_in_a_child_is_shown():
    assert "[Taking a lone jack with a jack](#rule-basra-double_jack): 20 points." in quick_of("yemeni")


def test_pishti_is_told_as_a_pile_where_only_the_top_card_counts():
    quick = quick_of("pishti")
    assert "4 face up in a pile" in quick
    assert "Only its top card counts" in quick
    assert "[A card of the top card's rank](#rule-capture-pair) takes the whole pile." in quick
    assert "[A jack](#rule-capture-jack) takes the whole pile." in quick
    assert "[Taking a pile of one card with a card of the same rank](#rule-basra-pishti): 10 points." in quick
    assert "The non-dealer plays first" in quick
    assert "A jack on top of the pile goes to the dealer" in quick
    assert "floor card" not in quick and "numerals adding up" not in quick


def test_bonus_rules_too_long_to_say_point_to_the_rule():
    quick = quick_of("lebanese")
    assert "[Taking a single card (a jack only on a lone jack)](#rule-basra-lone): 10 points." in quick
    # too long to say in a line: said by its title, which links to the whole rule
    assert "[Taking a lone card and a trail by their sum](#rule-basra-sum_of_two): 10 points." in quick
    assert "Some other captures" not in quick


def test_hand_sizes_that_depend_on_the_players_are_given():
    assert "6 cards to each player (4 with 3 players)" in quick_of("lebanese")


def test_a_basra_scored_by_the_card_points_to_its_table():
    quick = quick_of("syrian")
    assert ("[Clearing the floor (a jack only on a lone jack)](#rule-basra-clear): points by the card played "
            "(see [the table](#bonus-values-clear)).") in quick


# ------------------------------------------------------------------ bonus tables by card

def rows(tables: str) -> dict[str, str]:
    """Returns each table row's rank word and what it scores."""
    found = {}
    for line in tables.splitlines():
        match = re.match(r"\| <span[^>]*>[^<]*</span> (\w+) \| (.*) \|$", line)
        if match:
            found[match.group(1)] = match.group(2)
    return found


def test_syrian_table_scores_each_rank_by_the_engine(pages):
    tables = pages["syrian"][2]
    assert "{#bonus-values-clear}" in tables
    table = rows(tables)
    assert table["seven"] == "14" and table["queen"] == "6" and table["king"] == "8" and table["ace"] == "2"
    assert table["jack"] == "25, only when the floor is a lone jack"
    assert len(table) == 13


def test_a_rank_the_rule_leaves_out_is_said_not_to_score(pages):
    tables = pages["palestinian"][2]
    table = rows(tables)
    assert table["jack"] == "no basra" and table["ten"] == "20"
    assert "queen" not in table  # not in the pack
    assert "Jacks never score this basra: the rule leaves them out." in tables


def test_fixed_points_get_no_table(pages):
    assert pages["egyptian"][2] == "" and pages["pishti"][2] == ""
    assert rows(pages["jordanian"][2])["queen"] == "20"  # the seven's rule is off by default: no table


# ------------------------------------------------------------------ variant files an author writes

AUTHOR = '''variant house "House [Game](javascript:alert(1))"
option jack_value: 12.5 | 20 = 20 "what a jack counts for a bonus"
option sweeping_king: no | yes = no "kings sweep"
setup:
  deck 52 without 2, 3
  players 3, 6
  partners when players == 6
  hand 3
  floor spread
  start floor 0
  deal singly
  direction clockwise
  lead dealer
  deal passes previous
capture:
  pair: any takes rank
  sum: numeral except 10 takes sums
  king: K takes all when sweeping_king
  choose one
  optional
basra:
  called "*sweep* [x](javascript:alert(1))"
  clear: 2 * value(played, J=jack_value) when cleared and played is not 7D
end:
  leftover nobody
score:
  points A 2, K 2, 10D 3
game:
  first to 61
  tie extend 10
'''


def test_a_file_an_author_writes(tmp_path: Path):
    path = tmp_path / "house.basra"
    path.write_text(AUTHOR, encoding="utf-8")
    page, rules, tables, quick = build(path)
    assert "3 or 6 players" in quick and "With 6, play in pairs" in quick
    assert "a 52-card pack without the twos and threes (44 cards)" in quick
    assert "The floor starts empty." in quick
    assert "The dealer plays first" in quick
    assert "The deal passes to the right after each hand" in quick
    assert "taking is up to you" in quick
    assert "rule-capture-king" not in quick  # off by default
    assert "Cards left at the end count for nobody" in quick
    assert "the target goes up by 10" in quick
    assert "](javascript" not in quick.replace("\\](javascript", "")  # the bonus's name forms no link
    table = rows(tables)
    assert table["jack"] == "40" and table["nine"] == "18"
    assert "(with the default options)" in tables
    assert "seven" not in table  # its suits score differently: a row per group of cards
    assert "the sevens of clubs, hearts and spades | 14 |" in tables  # the seven of diamonds alone scores nothing
    assert "the seven of diamonds | no " in tables
    assert "The seven of diamonds never scores this" in tables
    anchors = set(page.anchors) | set(re.findall(r"\{#([\w-]+)\}", rules + tables + quick))
    assert all(target in anchors for target in LINK.findall(quick) + LINK.findall(tables))
    assert max(words(s) for s in sentences(quick)) <= MOST_WORDS


# ------------------------------------------------------------------ conditions settled

def _guard(text: str):
    variant = parse(f'variant t "T"\noption on: no | yes = no "x"\nbasra:\n  r: 10 when {text}\n', "t.basra")
    return variant.clauses[0].guard


def test_settle_decides_what_the_options_and_the_card_decide():
    guard = _guard("cleared and (played is not J or floor.lone is J)")
    jack, seven = 10 * 4, 6 * 4
    assert settle(guard, {"on": False}, seven) == _guard("cleared")
    assert settle(guard, {"on": False}, jack) == _guard("cleared and floor.lone is J")
    assert settle(_guard("on and cleared"), {"on": False}) is False
    assert settle(_guard("on or cleared"), {"on": True}) is True
    assert settle(_guard("not (on and played is 7D)"), {"on": True}, seven + 1) is False


def test_a_rule_for_some_counts_of_players_is_said_with_its_count(tmp_path: Path):
    path = tmp_path / "four.basra"
    path.write_text('variant four "Four"\nsetup:\n  deck 52\n  players 2, 4\n  partners when players == 4\n'
                    '  hand 4\n  start floor 4\ncapture:\n  pair: any takes rank\n  jack: J takes all\n'
                    'basra:\n  clear: 10 when cleared and players == 4\n  lone: 5 when players == 2 and '
                    'floor.count == 1\nscore:\n  most cards 3 tie nobody\ngame:\n  first to 51\n', encoding="utf-8")
    quick = build(path)[3]
    assert "[Clearing the floor, when there are 4 players](#rule-basra-clear): 10 points." in quick
    assert "[Taking a single card, when there are 2 players](#rule-basra-lone): 5 points." in quick


# ------------------------------------------------------------------ the table, the cut, the cards (review G5, G6)

SCRATCH = '''variant t "T"
option rest: a | b = a "x"
setup:
  deck 52
  players 3, 4
  hand 4
  start floor 4
  direction anticlockwise when rest == b
  direction clockwise
  cut J: next
capture:
  pair: any takes rank
  sum: numeral takes sums
  jack: J takes all
  compulsory hand
score:
  most cards 3 tie nobody
game:
  first to 51
'''


def test_the_quickstart_says_the_cut_the_other_direction_and_the_compulsion(tmp_path: Path):
    path = tmp_path / "t.basra"
    path.write_text(SCRATCH, encoding="utf-8")
    quick = build(path)[3]
    assert ("The dealer cuts the pack first: if the bottom card of the part lifted off is a jack, the player on "
            "the dealer's left wins it.") in quick
    assert "With *b* for *rest*, play and the deal go to the right instead." in quick
    assert "If any card you hold can take, you must play one that takes." in quick
    assert "When everyone has played their cards, deal another round until the pack runs out." in quick


def test_the_quickstart_says_what_the_cards_count(pages):
    quick = pages["egyptian"][3]
    assert "    - Numerals count their pips (ace 1); queens and kings have no number and only pair." in quick
    assert "count their pips" not in pages["pishti"][3]  # nothing adds up in a pile game
    assert "[Any card but a jack](#rule-capture-komai) can take a lone seven of diamonds." in pages["ethiopian"][3]
