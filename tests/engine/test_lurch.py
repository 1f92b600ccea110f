"""Win multipliers (issue 28, mechanism 7: Casino's lurch): 'lurch N below T' under match:
makes a game won while every losing side has fewer than T points count as N games, in a
match's score, the terminal game's result and the room's."""

from __future__ import annotations

from basra_dsl.engine import MatchScore, Scoreboard
from basra_dsl.engine.scoring import HandResult, SideResult

from helpers import load_house

LURCHED = ('variant lurched "Lurched" extends casino\nmatch:\n  best of 3\n  lurch 2 below 11\n')


def hand(points: tuple[float, float]) -> HandResult:
    sides = tuple(SideResult((i,), 0, 0, 0, 0, 0, p) for i, p in enumerate(points))
    return HandResult(sides, (0.0,) * 2, ())


def test_a_win_over_a_side_below_the_mark_counts_twice(tmp_path):
    rules = load_house(tmp_path, LURCHED)
    board = Scoreboard(rules)
    board.add(hand((22, 10)))
    assert board.winner == 0 and board.worth == 2
    match = MatchScore(rules)
    match.add(board)
    assert match.wins == [2, 0] and match.winner == 0  # a lurch wins a best of three outright


def test_a_win_over_a_side_at_the_mark_counts_once(tmp_path):
    rules = load_house(tmp_path, LURCHED)
    board = Scoreboard(rules)
    board.add(hand((22, 11)))
    assert board.worth == 1


def test_without_the_clause_every_win_counts_once(tmp_path):
    rules = load_house(tmp_path, 'variant plain "Plain" extends casino\n')
    board = Scoreboard(rules)
    board.add(hand((22, 0)))
    assert board.winner == 0 and board.worth == 1


def test_a_lurch_counts_at_least_one_game(tmp_path):
    from basra_dsl.check.checker import check_paths
    from helpers import house_variant
    path = house_variant(tmp_path, 'variant nought "Nought" extends casino\nmatch:\n  lurch 0 below 11\n')
    found = [d for d in check_paths([path]).diagnostics if d.code == "B705"]
    assert found and "the games a lurch counts of 0 is out of range" in found[0].message


def test_the_compiled_rules_and_the_page_say_it(tmp_path):
    rules = load_house(tmp_path, LURCHED)
    assert rules.lurch == (2, 11.0)
    assert rules.to_json()["match"]["lurch"] == {"games": 2, "below": 11.0}
    from basra_dsl.rulebook import render_variant
    page = render_variant(tmp_path / "lurched.basra").markdown
    assert "counts as 2 games (a lurch)" in page
    assert "A game won while every losing side still has fewer than 11 points is a lurch" in page
