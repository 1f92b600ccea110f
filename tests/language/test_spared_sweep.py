"""`takes all but PATTERN`: a sweep that leaves some cards (Pasur's jack).

Rule case from the sources: in Pasur the jack takes every jack and numeral on the pool but
no king or queen; on a pool of K, 3, 5 and J a jack takes the 3, the 5 and the J, and the
king stays (Wikipedia, 'Pasur (card game)'; the Persian pages on Haft khaj).
"""

from __future__ import annotations

import pytest
from basra_dsl import Game
from basra_dsl.engine.fast import why_not
from helpers import play_both
from tests.helpers import cards, house_variant, load_house, names, position, run_cli

TEXT = '''variant sparing "Sparing"
setup:
  deck 52
  players 2
  hand 4
  start floor 4
capture:
  eleven: numeral takes sums to 11
  pictures: Q | K takes rank
  jack: J takes all but Q | K
  choose one
basra:
  sur: 5 when cleared and played is numeral
score:
  most clubs 7 tie nobody
game:
  first to 62
'''


@pytest.fixture
def rules(tmp_path):
    return load_house(tmp_path, TEXT)


def test_the_jack_takes_all_but_kings_and_queens(rules):
    state = position(Game(rules), "KC 3D 5H JS", "JD")
    assert [names(c) for c in state.captures(cards("JD")[0])] == [["3D", "5H", "JS"]]
    resolver = Game(rules).resolver
    assert resolver.allows(cards("JD")[0], cards("KC 3D 5H JS"), cards("3D 5H JS"))
    assert not resolver.allows(cards("JD")[0], cards("KC 3D 5H JS"), cards("KC 3D 5H JS"))


def test_a_jack_on_kings_and_queens_alone_takes_nothing(rules):
    state = position(Game(rules), "KC QD", "JD")
    assert not any(state.captures(cards("JD")[0]))


def test_the_spared_cards_are_said_and_played_alike_on_both_tiers(tmp_path, rules):
    assert why_not(rules) is None and play_both(rules, 100, seed=5) > 100  # the sparing card: the checked resolver's
    page = run_cli("docs", "show", tmp_path / "sparing.basra").output
    assert "takes every floor card but the queens and kings, which stay" in page
    assert "Jacks take all but queens and kings" in page
    assert rules.to_json()["capture"]["rules"][2]["spares"][:2] == ["QC", "QD"]


def test_but_on_a_capture_that_takes_no_whole_floor_is_refused(tmp_path):
    text = TEXT.replace("pictures: Q | K takes rank", "pictures: Q | K takes rank but J")
    result = run_cli("check", house_variant(tmp_path, text))
    assert "sparing.basra:9:" in result.output and "error[B212]" in result.output, result.output
    assert result.exit_code == 1
