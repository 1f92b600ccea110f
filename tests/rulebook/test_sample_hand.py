"""The sample hand of a variant page: turns of a real deal, chosen to show the variant's rules.

For every bundled variant the hand must show a pairing and a bonus (and adding up, a sweep
and a trail where the variant has them), every turn must replay on a fresh hand as shown,
each gets a line in player English, and the same hand is chosen on every run.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
from dataclasses import replace

import pytest

from basra_dsl import cards as C
from basra_dsl.engine import Game, Move
from basra_dsl.language.unparse import number_text
from basra_dsl.resources import bundled_variants
from basra_dsl.rulebook.pictures.cardhtml import card_html, cards_picture
from basra_dsl.rulebook.pages.page import load_merged
from basra_dsl.rulebook.pages.page_state import PageState
from basra_dsl.rulebook.pages.sample_hand import sample_hand, turn_line
from basra_dsl.rulebook.pages.sample_search import PAIR, SUM, TRAIL, Turn, choose_sample

BUNDLED = sorted(bundled_variants())
_BUILT: dict[str, tuple] = {}


def built(name: str):
    """Returns (page, sample, markdown) for a bundled variant, built once per test run."""
    if name not in _BUILT:
        page = PageState(load_merged(name), bundled_variants())
        _BUILT[name] = (page, choose_sample(page.rules), sample_hand(page))
    return _BUILT[name]


def replay(rules, sample) -> None:
    """Plays the sample's turns on a fresh hand of its deals, checking each is as shown."""
    state = Game(rules).hand_from_deals(list(sample.deals), sample.first)
    for number, turn in enumerate(sample.turns, 1):
        assert state.current_player == turn.seat, f"turn {number}: another player is to play"
        assert tuple(state.hands[turn.seat]) == turn.hand, f"turn {number}: the hand differs"
        assert tuple(state.floor) == turn.floor, f"turn {number}: the floor differs"
        move = Move(turn.card, steal=turn.steal) if turn.steal is not None else Move(turn.card, turn.capture)
        play = state.apply(move)  # raises IllegalMove for a move not allowed
        assert (play.captured, play.bonus) == (turn.capture, turn.bonus), f"turn {number}: another outcome"


def turn_rows(markdown: str) -> list[list[str]]:
    """Returns the cells of the numbered rows of the sample's table."""
    rows = [line.strip().strip("|").split(" | ") for line in markdown.splitlines()
            if re.match(r"\| \d+ \|", line.strip())]  # the table is folded: its rows indented
    return [[cell.strip() for cell in row] for row in rows]


def visible(markdown: str) -> str:
    """Returns what a reader sees of a line: link texts without targets, no HTML tags."""
    return re.sub(r"<[^>]+>", "", re.sub(r"\]\([^)]*\)", "]", markdown))


@pytest.mark.parametrize("name", BUNDLED)
def test_the_sample_shows_each_kind_of_rule_the_variant_has(name):
    page, sample, _ = built(name)
    shown = frozenset().union(*(t.features for t in sample.turns))
    rules = page.rules
    assert PAIR in shown
    if rules.basra_rules:
        assert any(f.startswith("bonus:") for f in shown), "no bonus is scored in the turns shown"
    if rules.takes_piles:
        assert any(f.startswith("steal:") for f in shown), "no pile is taken in the turns shown"
    assert TRAIL in shown
    if any(r.takes == "sums" for r in rules.capture_rules):
        assert SUM in shown
    if any(r.takes == "all" and r.condition is None for r in rules.capture_rules):
        assert any(f.startswith("sweep:") for f in shown)
    assert 6 <= len(sample.turns) <= 12


@pytest.mark.parametrize("name", BUNDLED)
def test_the_turns_shown_replay_on_a_fresh_hand(name):
    page, sample, _ = built(name)
    replay(page.rules, sample)


def test_a_turn_that_was_not_played_does_not_replay():
    page, sample, _ = built("egyptian")
    index = next(i for i, t in enumerate(sample.turns) if t.capture)
    turns = list(sample.turns)
    turns[index] = replace(turns[index], capture=())  # a capturing card must capture
    with pytest.raises(ValueError):
        replay(page.rules, replace(sample, turns=tuple(turns)))
    turns[index] = replace(sample.turns[index], bonus=sample.turns[index].bonus + 1)
    with pytest.raises(AssertionError):
        replay(page.rules, replace(sample, turns=tuple(turns)))


@pytest.mark.parametrize("name", BUNDLED)
def test_each_turn_has_its_row_floor_hand_and_why(name):
    """The floor with the cards taken lifted, the hand with the card played lifted, and a why."""
    page, sample, markdown = built(name)
    rows = turn_rows(markdown)
    assert [int(r[0]) for r in rows] == list(range(1, len(sample.turns) + 1))
    for (number, floor, hand, why), turn in zip(rows, sample.turns):
        pile = page.rules.floor_kind == "stack"  # the top card of a pile is marked
        lifted = () if turn.steal is not None else turn.capture or turn.build  # a pile taken leaves the floor
        assert floor == cards_picture(turn.floor, "empty", marked=lifted, top=pile)
        assert hand == cards_picture(turn.hand, marked=(turn.card,))
        assert card_html(turn.card) in why
        assert re.match(rf"(Player {turn.seat + 1} |Nothing player {turn.seat + 1} holds)", why), why
        assert why.endswith(".")
        text = visible(why)
        assert "_" not in text and "seat" not in text and "engine" not in text, text


@pytest.mark.parametrize("name", BUNDLED)
def test_each_why_says_what_the_rules_did(name):
    page, sample, markdown = built(name)
    for (_, _, _, why), turn in zip(turn_rows(markdown), sample.turns):
        if turn.build:  # a build: the card laid, the value built, linked to the build rule
            stack = page.rules.builds is not None and page.rules.builds.stack_limit  # anyone's: no card held for it
            assert (f"a stack of {turn.value}](" if stack else f"builds {turn.value}](") in why and "lays the" in why
            continue
        whole = [b for b in turn.builds if set(b.cards) <= set(turn.capture)]
        if whole:  # a build goes whole, whatever it adds up to
            assert all(f"takes the build of {b.value}" in why for b in whole)
            continue
        if SUM in turn.features:
            totals = {rule.total for rule in page.rules.capture_rules if rule.total is not None}
            assert "add up](" in why or "makes](" in why or "make](" in why
            assert f"to {number_text(page.rules.values[turn.card])}" in why or \
                any(f"to {number_text(total)}" in why or f"{number_text(total)} with it" in why for total in totals)
        totals = any(rule.total is not None for rule in page.rules.capture_rules)  # 7 + 7 + A makes 15: no pairing
        if PAIR in turn.features and page.rules.floor_kind == "spread" and not totals:
            assert "pairs](" in why
        if any(f.startswith("sweep:") for f in turn.features):
            # a rule for a lone card is no sweep; a sweep that spares cards says which stay
            assert "takes the whole" in why or "takes the lone" in why or "takes every card but" in why
        if turn.bonus:
            unit = "point" if turn.bonus == 1 else "points"
            assert f"{number_text(turn.bonus)} {unit}" in why and page.bonus in why
        if not turn.capture:
            assert "lay" in why or "starts a new pile" in why


def test_the_table_says_who_dealt_who_leads_and_who_partners():
    _, _, egyptian = built("egyptian")
    assert "Two players, with the default options. Player 2 deals, so player 1 plays first." in egyptian
    _, _, morabaa = built("morabaa")
    assert "players 1 and 3 against players 2 and 4" in morabaa
    assert "Player 4 deals, so player 1, on the dealer's right, plays first" in morabaa
    _, _, pishti = built("pishti")
    assert "The floor is a pile; only its top card, marked *top*, can be matched." in pishti


def test_the_section_says_what_the_reader_sees_and_how_the_hand_ended():
    _, sample, markdown = built("egyptian")
    assert markdown.startswith("## A sample hand {#sample-hand}\n\nThe first ")
    assert "turns of a hand, played by the rules above and chosen to show each rule at work." in markdown
    points = [number_text(s.points) for s in sample.result.sides]
    assert f"the hand scores {points[0]} for player 1 and {points[1]} for player 2." in markdown


def test_the_same_hand_is_chosen_every_time():
    page, sample, markdown = built("ethiopian")
    assert choose_sample(page.rules) == sample
    assert sample_hand(page) == markdown


def test_the_same_page_in_another_process_whatever_the_hash_seed():
    script = ("from basra_dsl.resources import bundled_variants as b\n"
              "from basra_dsl.rulebook.pages.page import load_merged\n"
              "from basra_dsl.rulebook.pages.page_state import PageState\n"
              "from basra_dsl.rulebook.pages.sample_hand import sample_hand\n"
              "import sys; sys.stdout.write(sample_hand(PageState(load_merged('egyptian'), b())))\n")
    env = dict(os.environ, PYTHONHASHSEED="12345")
    done = subprocess.run([sys.executable, "-c", script], env=env, capture_output=True, text=True, check=True,
                          encoding="utf-8")
    assert done.stdout == built("egyptian")[2]


def test_a_bonus_name_from_the_file_is_shown_as_text(tmp_path):
    path = tmp_path / "odd.basra"
    path.write_text('variant odd "Odd" extends pishti\n\nbasra:\n  called "<b>*trick*</b>"\n', encoding="utf-8")
    markdown = sample_hand(PageState(load_merged(path), bundled_variants()))
    assert "<b>" not in markdown
    assert "&lt;b&gt;\\*trick\\*&lt;/b&gt;" in markdown


def test_a_rule_that_fails_in_play_is_a_page_problem_not_a_crash(tmp_path):
    path = tmp_path / "boom.basra"
    path.write_text('variant boom "Boom" extends pishti\n\nbasra:\n  boom: 10 / (floor.count - 1) when floor.count >= 1\n',
                    encoding="utf-8")
    page = PageState(load_merged(path), bundled_variants())
    markdown = sample_hand(page)
    assert "no sample hand is shown" in markdown
    assert page.problems == [f"{path}:4:3: the sample hand could not be played: rule 'boom' failed during play: "
                             "division by zero (B710)"]


def test_a_pile_turn_names_the_top_card_it_matches():
    page = built("pishti")[0]
    pile = tuple(C.parse_card(x) for x in ("3C", "9D", "KS"))
    turn = Turn(seat=0, hand=(C.parse_card("KH"),), floor=pile, previous=None, card=C.parse_card("KH"),
                capture=pile, bonus=0, features=frozenset({PAIR}), could_capture=True, fresh_deal=False)
    line = turn_line(page, turn)
    assert line.startswith(f"Player 1 plays the {card_html(turn.card)}, which matches the top card, "
                           f"{card_html(pile[-1])}, in rank, and takes the whole pile: 3 cards")
    trail = Turn(seat=1, hand=(C.parse_card("2H"),), floor=pile, previous=None, card=C.parse_card("2H"), capture=(),
                 bonus=0, features=frozenset(), could_capture=False, fresh_deal=False)
    assert turn_line(page, trail).startswith("Nothing player 2 holds can take the pile, so they lay the ")
