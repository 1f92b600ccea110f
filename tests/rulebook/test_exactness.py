"""Issue 30, 'Exactness': what a page says outside the captures comes from the rules, said
whole: the first floor, the declarations, the score rules and their points, in 'Play in a
minute' and in the scoring table (Cirulla's were missing), and the slips of wording found
in the review ('a escoba', a sweep on by default called 'an option')."""

from __future__ import annotations

import pytest

from basra_dsl.language import nodes as n
from basra_dsl.resources import bundled_variants
from basra_dsl.rulebook.pages.bonus_values import is_on, named_rules
from basra_dsl.rulebook.pages.page import load_merged
from basra_dsl.rulebook.pages.page_state import PageState
from basra_dsl.rulebook.pages.quickstart import play_in_a_minute
from basra_dsl.rulebook.pages.quickstart_extras import score_range
from basra_dsl.rulebook.pages.rules_sections import sections
from basra_dsl.rulebook.pages.summary import summary


def state(name: str) -> PageState:
    return PageState(load_merged(name), bundled_variants())


@pytest.fixture(scope="module")
def cirulla():
    page = state("cirulla")
    rules = "\n".join(sections(page))
    return page, rules, play_in_a_minute(page)


def test_play_in_a_minute_says_the_first_floor_case_by_case(cirulla):
    quick = cirulla[2]
    assert "**[First floor](#dealing):** It is looked at before anyone plays." in quick
    assert "[A new deal](#rule-dealing-redeal): the deal is void if it holds 2 or more aces." in quick
    assert ("[A scopa on the first floor](#rule-dealing-floor_fifteen): the dealer takes it at once, scoring 1 point, "
            "when it adds up to exactly 15. Also when it holds the seven of hearts and adds up to between 12 and 21.") in quick
    assert "Three scope on a low first floor" not in quick  # off by default


def test_play_in_a_minute_says_the_declarations_with_the_wild_seven(cirulla):
    quick = cirulla[2]
    assert "**[Declaring](#dealing):** Before your first card of a deal, you may show your cards" in quick
    assert ("[Cirulla (a low hand)](#rule-dealing-cirulla): 3 points, when your hand adds up to 9 or less. Also when "
            "your hand holds the seven of hearts and adds up to 15 or less.") in quick
    assert ("[Decino (three of a kind)](#rule-dealing-decino): 10 points, when the cards of your hand are all of one "
            "rank. It also counts in another case with the seven of hearts: see the rule.") in quick


def test_play_in_a_minute_says_what_a_hand_holds_besides_its_cards(cirulla):
    quick = cirulla[2]
    assert "A hand holds 4 points, plus scopas, the first floor's points, declarations, the Grande and the Piccola:" in quick
    assert "[Grande](#rule-score-grande): 5 points, when your pile holds the king, the queen and the jack of diamonds." in quick
    assert "[Piccola](#rule-score-piccola): 3 to 7 points, when your pile holds the ace, the two and the three of diamonds." \
        in quick


def test_the_scoring_table_lists_every_kind_of_points(cirulla):
    rules = cirulla[1]
    for row in ("| [Grande](#rule-score-grande) | 5 | — | 5 |", "| [Piccola](#rule-score-piccola) | 3 to 7 | — | 7 |",
                "| [A scopa on the first floor](#rule-dealing-floor_fifteen) (the dealer) | 1 | — | 1, at the first deal |",
                "| [Decino (three of a kind)](#rule-dealing-decino) (declared) | 10 | — | 10 a deal for each player |"):
        assert row in rules


def test_the_choice_of_the_fewest_cards_is_said_per_rule(cirulla):
    assert "the fewest cards of those one rule allows. Where two rules let it take, the player picks the rule." in cirulla[1]
    assert "[Of several groups one rule allows, take one with the fewest cards](#rule-capture-choose)." in cirulla[2]


@pytest.mark.parametrize("name, rule, found", [("cirulla", "piccola", (3, 7)), ("cirulla", "grande", (5, 5)),
                                               ("spade-casino", "high", (0, 3)), ("chinese-ten", "spade_ace", (30, 30)),
                                               ("cuarenta", "carton", None)])
def test_a_score_rule_range_is_worked_out_from_the_cards_it_names(name, rule, found):
    page = state(name)
    clause = next(c for c in named_rules(page, n.ScoreRule) if c.name.text == rule)
    assert score_range(page, clause) == found  # the carton counts every card taken: not tried


def test_a_rule_on_a_dealt_hand_or_the_cards_taken_is_not_settled_by_the_options():
    page = state("cuarenta")
    assert all(is_on(page, c) for c in named_rules(page, n.FloorBonus))  # rondas read the hand dealt
    spade = state("spade-casino")
    assert [c.name.text for c in named_rules(spade, n.ScoreRule) if is_on(spade, c)] == ["spades", "high"]


def test_the_leftover_rule_says_an_escoba():
    assert "taking them is not an escoba." in "\n".join(sections(state("escoba")))


@pytest.mark.parametrize("name, said", [("casino", "1 (sweep, which a table may turn off)"),
                                        ("royal-casino", "1 (sweep, which a table may turn off)"),
                                        ("egyptian", "20 or 30 (jack on a lone jack, an option)")])
def test_a_bonus_an_option_switches_is_said_on_or_off_by_default(name, said):
    assert said in summary(state(name))
