"""An author's own game on its page (issue 30, 'Authors' own pages'): the page says what the
file says and nothing a bundled game would say in its place."""

from __future__ import annotations

from basra_dsl.rulebook import render_variant

KITCHEN = '''variant kitchen "Our Kitchen Game"
source "Grandma's rules" note "as she taught us"
about "A kitchen fishing game with no bonus for clearing the table."

setup:
  deck 52
  players 2, 4
  partners when players == 4
  hand 4
  start floor 4 when players == 2
  start floor 0
  lead next
  deal passes next

capture:
  pair: any takes rank
  optional

score:
  points A except AS 1, AS 2, 10D 2
  most cards 3 tie nobody
  spade_ace "Ace of spades bonus": 1 when taken has AS
  total 10

game:
  hands 3
  tie replay
'''


def kitchen_page(tmp_path) -> str:
    path = tmp_path / "kitchen.basra"
    path.write_text(KITCHEN, encoding="utf-8")
    return render_variant(path).markdown


def test_an_authors_file_is_shown_as_written_not_as_bundled(tmp_path):
    page = kitchen_page(tmp_path)
    assert "`kitchen.basra`, exactly as written" in page and "as bundled" not in page


def test_a_game_without_bonuses_is_not_told_of_basras(tmp_path):
    page = kitchen_page(tmp_path)
    assert "no basras" not in page and "{#basra}" not in page and "not counting basras" not in page
    assert "A hand holds 10 points in all." in page


def test_set_hands_without_a_target_say_when_a_tie_is_settled(tmp_path):
    page = kitchen_page(tmp_path)
    assert "level at the target" not in page
    assert "If the leaders are level when the last hand is played, another hand is played" in page


def test_play_in_a_minute_names_the_score_rules(tmp_path):
    page = kitchen_page(tmp_path)
    assert "A hand holds 10 points, plus the Ace of spades bonus:" in page
    assert "[Ace of spades bonus](#rule-score-spade_ace): 1 point, when your pile holds the ace of spades." in page


def test_a_conditional_first_floor_is_said_in_play_in_a_minute(tmp_path):
    page = kitchen_page(tmp_path)
    assert "With 4 players: 4 cards each and none to the floor." in page


def test_a_capture_declined_is_said_as_one(tmp_path):
    (tmp_path / "opt.basra").write_text('variant opt "Optional" extends egyptian\n\ncapture:\n  optional\n',
                                        encoding="utf-8")
    (tmp_path / "opt.examples.yaml").write_text(
        "variant: opt\nexamples:\n  - name: a pair declined\n    floor: [5C]\n"
        "    plays: [{card: 5H, capture: []}]\n    expect: {takes: []}\n", encoding="utf-8")
    page = render_variant(tmp_path / "opt.basra").markdown
    assert "it could take from the floor, but [taking is up to the player](#rule-capture-compulsion)" in page
    assert "no rule lets this card take anything" not in page
