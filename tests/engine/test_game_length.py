"""A game of a set number of hands (`hands N`), and level leaders told apart by a
countback (`tie countback WHAT, ...`).

Rule cases from the sources: bukisa's Casino is one hand of six deals, the higher score
winning; playjoy settles a level Escoba by escobas, oros, the seven of oros, sevens, cards.
"""

from __future__ import annotations

import math
import random

from basra_dsl import Game, load_variant
from basra_dsl.engine import Scoreboard
from basra_dsl.engine.scoring import score_hand
from basra_dsl.play.simulate import play_game
from basra_dsl.engine.random_play import random_move
from basra_dsl.rulebook.pages.page import render_variant
from tests.helpers import cards, house_variant, load_house

SHORT = '''variant short "Short"
setup:
  deck 52
  players 2
  hand 4
  start floor 4
capture:
  pair: any takes rank
basra:
  sweep: 1 when cleared
score:
  most cards 3 tie nobody
game:
  hands 2
  tie countback cards, spades, 7D
  tie draw
'''


def hand(rules, one: str, two: str, bonuses=((), ())):
    piles = [list(cards(one)), list(cards(two))]
    return score_hand(rules, piles, [list(b) for b in bonuses], ())


def test_a_game_of_hands_has_no_target_and_ends_after_them(tmp_path):
    rules = load_house(tmp_path, SHORT)
    assert rules.target == math.inf and rules.hands_limit == 2
    assert rules.to_json()["game"]["target"] is None
    board = Scoreboard(rules)
    board.add(hand(rules, "2C 3C", "4C"))
    assert not board.over
    board.add(hand(rules, "5C", "6C 7C 8C"))
    assert board.over and board.winner == 1 and board.hands == 2


def test_level_leaders_are_told_apart_by_the_countback_in_turn(tmp_path):
    rules = load_house(tmp_path, SHORT)
    board = Scoreboard(rules)
    board.add(hand(rules, "2C 3C 4S", "5C 6C 7D"))  # level on points (no majority), cards and spades
    assert not board.over
    board.add(hand(rules, "9S 9C", "9D 9H"))  # level on cards; spades decide
    assert board.winner == 0


def test_a_countback_level_all_through_falls_to_the_tie_rule(tmp_path):
    rules = load_house(tmp_path, SHORT)
    board = Scoreboard(rules)
    board.add(hand(rules, "2C", "3C"))
    board.add(hand(rules, "9C", "9D"))
    assert board.over and board.winner is None  # tie draw


def test_a_game_of_hands_plays_to_its_end_and_its_page_says_so(tmp_path):
    rules = load_house(tmp_path, SHORT)
    board = play_game(Game(rules), random.Random(4), 0, random_move)
    assert board.hands >= 2 and board.over
    page = render_variant(house_variant(tmp_path, SHORT)).markdown
    assert "The game is 2 hands" in page and "have the most points after" in page
    assert "In turn, the side with most cards, most spades then the seven of diamonds wins." in page


def test_casinos_short_game_stops_after_one_hand():
    rules = load_variant("casino", one_hand=True)
    assert rules.hands_limit == 1 and rules.target == 21
    board = play_game(Game(rules), random.Random(2), 0, random_move)
    assert board.over and board.hands == 1 and max(board.totals) < 21
    assert board.winner == board.totals.index(max(board.totals))


def test_escobas_countback_counts_escobas_first():
    rules = load_variant("escoba", countback=True)
    assert [w for w, _ in rules.countback] == ["bonuses", "coins", "7D", "sevens", "cards"]
    board = Scoreboard(rules, target=1)
    # level on points; the first side made more escobas
    one = score_hand(rules, [list(cards("2C")), list(cards("3C"))], [[1, 1], [2]], ())
    assert one.points[0] == one.points[1]
    board.add(one)
    assert board.winner == 0


def test_a_game_of_no_hands_is_refused_where_it_is_written(tmp_path):
    from basra_dsl.check.checker import check_paths
    path = house_variant(tmp_path, SHORT.replace("  hands 2", "  hands 0"))
    found = [d for d in check_paths([path]).diagnostics if d.code == "B705"]
    assert found and found[0].span.line == SHORT.splitlines().index("  hands 2") + 1
    assert "a game of hands of 0 is out of range" in found[0].message
