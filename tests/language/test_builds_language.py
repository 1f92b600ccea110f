"""The build lines of the language: `NAME: PATTERN builds`, `raise`, `builds single`,
`owner trails`; what they compile to, and the located errors for their misuse (B213)."""

from __future__ import annotations

import pytest
from basra_dsl.diagnostics import DiagnosticError
from basra_dsl.engine import Game, IllegalMove, Move
from basra_dsl.language.formatter import format_text
from tests.helpers import cards, load_house, position

HEAD = '''variant builder "Builder"
setup:
  deck 52
  players 2
  hand 4
  start floor 4
'''
TAIL = '''basra:
  sweep: 1 when cleared
game:
  first to 21
'''


def variant(capture: str, setup: str = "") -> str:
    return HEAD + setup + "capture:\n" + capture + TAIL


PLAIN = "  pair: picture takes rank\n  combine: numeral takes sums\n  build: numeral builds\n  optional\n"


def test_a_build_rule_compiles_to_build_rules_with_their_defaults(tmp_path):
    rules = load_house(tmp_path, variant(PLAIN))
    assert rules.builds.multiple and rules.builds.raising == "any" and not rules.builds.owner_trails
    assert rules.builds.cards == frozenset(c for c in rules.deck if c >> 2 < 10)
    assert rules.to_json()["capture"]["builds"]["raise"] == "any"


def test_the_qualifying_lines_set_what_they_say(tmp_path):
    text = variant(PLAIN + "  raise never\n  builds single\n  owner trails\n")
    rules = load_house(tmp_path, text)
    assert (rules.builds.raising, rules.builds.multiple, rules.builds.owner_trails) == ("never", False, True)


def test_an_option_chooses_who_may_raise(tmp_path):
    text = variant(PLAIN + "  raise others when not raise_own\n").replace(
        "setup:", 'option raise_own: yes | no = yes "raise your own build"\nsetup:', 1)
    assert load_house(tmp_path, text).builds.raising == "any"
    assert load_house(tmp_path, text, raise_own=False).builds.raising == "others"


def test_single_builds_only_refuse_gathering_two_units(tmp_path):
    game = Game(load_house(tmp_path, variant(PLAIN + "  builds single\n")))
    state = position(game, "4D 5H 9S", "5C 9C", "AH TH")
    with pytest.raises(IllegalMove, match="split into units"):
        state.apply(Move(cards("5C")[0], (), cards("4D 9S"), 9))
    state.apply(Move(cards("5C")[0], (), cards("4D"), 9))
    assert not state.builds[0].multiple


def test_raise_never_keeps_a_build_at_its_value(tmp_path):
    game = Game(load_house(tmp_path, variant(PLAIN + "  raise never\n")))
    state = position(game, "7D 5H", "2S 9C", "AH TC")
    state.apply(Move(cards("2S")[0], (), cards("7D"), 9))
    assert not any(m.build for m in state.legal_moves() if m.card == cards("AH")[0])


def errors_of(tmp_path, text: str) -> list:
    with pytest.raises(DiagnosticError) as caught:
        load_house(tmp_path, text)
    return [d for d in caught.value.diagnostics if d.code == "B213"]


def test_a_build_line_without_a_build_rule_is_refused_where_it_stands(tmp_path):
    found = errors_of(tmp_path, variant("  pair: any takes rank\n  raise others\n"))
    assert len(found) == 1 and "nothing builds" in found[0].message
    assert found[0].span.line == HEAD.count("\n") + 3 and "build: numeral builds" in found[0].help


def test_a_second_build_rule_is_refused(tmp_path):
    found = errors_of(tmp_path, variant(PLAIN + "  other: picture builds\n"))
    assert len(found) == 1 and "second build rule, 'other'" in found[0].message


def test_builds_refuse_a_stacked_floor_and_totals(tmp_path):
    stacked = errors_of(tmp_path, variant(PLAIN, setup="  floor stack\n"))
    assert any("spread out" in d.message for d in stacked)
    totals = errors_of(tmp_path, variant(PLAIN + "  fifteen: any takes sums to 15\n"))
    assert any("fifteen" in d.message and "total" in d.message for d in totals)
    sweeps = errors_of(tmp_path, variant(PLAIN + "  jack: J takes all\n"))
    assert any("jack" in d.message and "sweeps" in d.message for d in sweeps)


def test_the_formatter_keeps_build_lines():
    text = variant("  build  \"Building\" :numeral builds\n  raise   others\n  owner trails\n")
    formatted = format_text(text, "builder.basra")
    assert '  build "Building": numeral builds\n  raise others\n  owner trails\n' in formatted
