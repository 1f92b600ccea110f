"""The second source review's generator findings: each test renders a page (bundled or a
scratch file) and checks what a card player reads."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from basra_dsl.rulebook.pages.page import render_variant
from basra_dsl.rulebook.pages.rules_sections import most_tied

VARIANTS = Path(__file__).resolve().parents[2] / "variants"


@pytest.fixture(scope="module")
def pages() -> dict[str, str]:
    names = ("pishti", "dry", "ethiopian", "morabaa", "jordanian", "bastra", "egyptian", "ashush")
    return {name: render_variant(name).markdown for name in names}


def section(text: str, anchor: str) -> str:
    """Returns a page's section from its heading (``{#anchor}``) to the next heading of its level."""
    start = text.index("{#" + anchor + "}")
    end = text.find("\n## ", start)
    return text[start:end if end >= 0 else None]


def plain(text: str) -> str:
    """Returns Markdown with card pictures as their symbols and tags dropped."""
    text = re.sub(r"<svg.*?</svg>", "", text, flags=re.S)
    return re.sub(r"<[^>]+>", "", text)


def test_a_jack_won_from_the_cut_says_so(pages):
    sample = plain(section(pages["pishti"], "sample-hand"))
    assert "straight from the deal" not in sample
    assert re.search(r"Player \d wins the J[♣♦♥♠] shown by the cut\.", sample)


def test_the_cut_says_who_cuts_and_which_card_is_shown(pages):
    text = pages["pishti"]
    assert "the dealer cuts the pack, and the bottom card of the part lifted off is turned up" in text
    assert "The dealer cuts the pack first: if the bottom card of the part lifted off is a jack" in text
    assert "bottom of the cut" not in text.split("```basra")[0]


def test_the_parent_is_quoted_with_its_own_bonus_name(pages):
    diffs = section(pages["dry"], "differences")
    assert "A hand holds 16 points in all, not counting pishtis." in diffs
    assert "A hand holds 13 points in all, not counting dry tricks." in diffs


def test_play_in_a_minute_names_a_long_bonus_by_its_title(pages):
    quick = section(pages["ethiopian"], "play-in-a-minute")
    assert "[Seven of diamonds where a numeral could take the whole floor](#rule-basra-seven): 10 points." in quick
    assert "Some other captures" not in quick


def test_a_capture_meeting_two_bonus_rules_scores_by_either(pages):
    examples = section(pages["ethiopian"], "examples")
    assert "10 points (by either rule: [Clearing the floor](#rule-basra-clear) or " in examples
    assert ") and [Basra on a lone" not in examples


def test_a_jack_taking_a_lone_card_is_said_to_score_nothing(pages):
    for name in ("ashush", "morabaa", "bastra"):
        sample = plain(section(pages[name], "sample-hand"))
        lone = re.findall(r"takes the whole floor\]\(#rule-capture-jack\): the lone ([^|]*)\|", sample)
        assert lone, name
        assert all("; no " in rest and rest.rstrip().endswith("for that.") for rest in lone), (name, lone)


def test_most_tied_counts_the_sides_that_can_share_the_most_cards():
    assert most_tied(52, 2) == 2
    assert most_tied(52, 4) == 4  # 13 each
    assert most_tied(52, 3) == 2  # 20, 20 and 12: three cannot share 52
    assert most_tied(44, 4) == 4


def test_a_tie_paying_every_side_is_not_counted_for_two_only(pages):
    assert "| 3 | — | 3 to each tied side (6 when two sides tie) |" in pages["bastra"]
    assert "(6 on a tie)" not in pages["bastra"]


def test_an_option_amount_shows_its_other_choices(pages):
    text = pages["jordanian"]
    assert ("With *egyptian* for [*rest*](#option-rest), each player is dealt 4 cards; otherwise, each player is "
            "dealt 4 cards (or 5: the [*hand size*](#option-hand_size) option).") in text


def test_points_fixed_by_the_card_played_are_a_number(pages):
    text = pages["jordanian"]
    assert "[14 (seven of diamonds on ten or less, an option)](#rule-basra-seven)" in text
    assert "twice the value of the card played or twice the value of the card played" not in text


def test_the_default_reading_of_a_bonus_goes_first(tmp_path: Path):
    source = (VARIANTS / "basra-121.basra").read_text(encoding="utf-8")
    swapped = source.replace(
        "((seven_limit == sum and floor only numeral and floor.sum <= 10) or "
        "(seven_limit == count and floor.count <= 10 and not floor has Q | K))",
        "((seven_limit == count and floor.count <= 10 and not floor has Q | K) or "
        "(seven_limit == sum and floor only numeral and floor.sum <= 10))")
    assert swapped != source  # the file still writes the default reading first
    path = tmp_path / "basra-121.basra"
    path.write_text(swapped, encoding="utf-8")
    rule = next(line for line in render_variant(path).markdown.splitlines() if "{#rule-basra-seven}" in line)
    assert rule.index("adding up to 10 or less") < rule.index("10 or fewer cards")


def test_the_command_line_hint_is_with_the_file_not_the_rules(pages):
    text = pages["egyptian"]
    rules, source = text.split('=== "Source file"')
    assert "-o NAME=VALUE" not in rules
    assert "**For the basra command:**" in source and "-o NAME=VALUE" in source


def test_option_names_read_as_words(pages):
    text = pages["egyptian"].split('=== "Source file"')[0]
    assert "[*jack on jack*](#option-jack_on_jack)" in text
    assert "[*jack_on_jack*]" not in text


def test_options_the_child_no_longer_uses_are_listed(pages):
    diffs = section(pages["ethiopian"], "differences")
    assert ("Options [*target*](egyptian.md#option-target), [*jack on jack*](egyptian.md#option-jack_on_jack) and "
            "[*double basra*](egyptian.md#option-double_basra) of [Egyptian Basra](egyptian.md) no longer apply") in diffs


def test_a_comment_at_the_end_of_a_line_becomes_a_note(tmp_path: Path):
    path = tmp_path / "t.basra"
    path.write_text('variant t "T" extends egyptian\nsetup:\n  hand 4  # Four cards at a time, as the parent.\n',
                    encoding="utf-8")
    assert "Four cards at a time, as the parent." in render_variant(path).markdown.split('=== "Source file"')[0]
