"""Taking an opponent's won pile (issue 28, Stealing Bundles and Rubamazzo): which piles a
card may take, what taking one does, the refusals in words, and the language around it
(`takes pile`, `floor first`, B213, B214)."""

from __future__ import annotations

import json

import pytest

from basra_dsl import Game, load_variant
from basra_dsl.cards import parse_card, parse_cards
from basra_dsl.diagnostics import DiagnosticError
from basra_dsl.engine import Deal, IllegalMove, Move
from basra_dsl.language.loader import load_text


def hand(rules, hands, floor):
    """A hand of one deal: each seat's cards and the floor."""
    deal = Deal(tuple(tuple(parse_cards(h)) for h in hands), tuple(parse_cards(floor)))
    return Game(rules).hand_from_deals([deal], 0)


def card(name):
    return parse_card(name)


def test_a_card_of_a_piles_top_rank_takes_the_whole_pile_and_ends_on_top():
    state = hand(load_variant("stealing-bundles"), [["9S", "2C"], ["9D", "3C"]], ["9C", "4H"])
    state.apply(Move(card("9S"), (card("9C"),)))
    assert Move(card("9D"), steal=0) in state.legal_moves()
    play = state.apply(Move(card("9D"), steal=0))
    assert play.steal == 0 and play.captured == (card("9C"), card("9S"))
    assert state.piles == [[], [card("9C"), card("9S"), card("9D")]]
    assert state.floor == [card("4H")] and state.last_capturer == 1
    assert Move(card("9D"), steal=0).to_json() == {"card": "9D", "capture": [], "steal": 0}


def test_no_pile_is_offered_for_another_rank_an_empty_pile_or_ones_own():
    state = hand(load_variant("stealing-bundles"), [["9S", "2C"], ["8D", "3C"]], ["9C", "4H"])
    assert not [m for m in state.legal_moves() if m.steal is not None]  # no pile has a card yet
    state.apply(Move(card("9S"), (card("9C"),)))
    assert not [m for m in state.legal_moves() if m.steal is not None]  # 8D and 3C do not match 9S
    with pytest.raises(IllegalMove, match="its top card is 9S"):
        state.apply(Move(card("8D"), steal=0))
    with pytest.raises(IllegalMove, match="your own side's"):
        state.apply(Move(card("8D"), steal=1))
    with pytest.raises(IllegalMove, match="no seat 3"):
        state.apply(Move(card("8D"), steal=2))


def test_partners_never_take_each_others_piles():
    rules = load_variant(_house("players 4\n  partners\n"), players=4)
    state = hand(rules, [["9S", "2C"], ["5D", "3C"], ["9D", "3S"], ["9H", "4S"]], ["9C", "4H"])
    state.apply(Move(card("9S"), (card("9C"),)))  # seat 0: pile topped by 9S
    state.apply(Move(card("5D"), ()))
    assert [m.steal for m in state.legal_moves() if m.steal is not None] == []  # seat 2 is seat 0's partner
    state.apply(Move(card("3S"), ()))
    assert [m.steal for m in state.legal_moves() if m.steal is not None] == [0]  # seat 3 is an opponent


def test_floor_first_keeps_a_card_that_can_take_from_the_floor_off_the_piles():
    rules = load_variant("stealing-bundles", table_first=True, must_take=False)
    state = hand(rules, [["7D", "2C"], ["7H", "3C"]], ["7C", "7S", "4H"])
    state.apply(Move(card("7D"), (card("7S"),)))
    assert [m for m in state.moves(card("7H"))] == [Move(card("7H"), (card("7C"),)), Move(card("7H"))]
    with pytest.raises(IllegalMove, match="must take from the floor, not a pile"):
        state.apply(Move(card("7H"), steal=0))


def test_where_taking_is_compulsory_a_pile_counts_as_a_capture():
    rules = load_variant("stealing-bundles", must_take=True)
    state = hand(rules, [["9S", "2C"], ["9D", "3C"]], ["9C", "4H"])
    state.apply(Move(card("9S"), (card("9C"),)))
    assert state.moves(card("9D")) == [Move(card("9D"), steal=0)]
    with pytest.raises(IllegalMove, match="must capture: it can take seat 1's pile"):
        state.apply(Move(card("9D"), ()))
    state.apply(Move(card("3C"), ()))  # a card that takes nothing may still be laid down
    house = hand(load_variant(_house("", steal="steal: any takes pile\n  compulsory hand\n")),
                 [["9S", "2C"], ["9D", "3C"]], ["9C", "4H"])
    house.apply(Move(card("9S"), (card("9C"),)))
    with pytest.raises(IllegalMove, match="9D can take seat 1's pile"):
        house.apply(Move(card("3C"), ()))  # a player who can take with any card must


def test_a_card_named_alone_takes_its_one_pile_and_names_its_choices_otherwise():
    rules = load_variant("stealing-bundles", must_take=True)
    state = hand(rules, [["9S", "2C"], ["9D", "3C"]], ["9C", "4H"])
    state.apply(state.resolve(card("9S")))
    assert state.resolve(card("9D")) == Move(card("9D"), steal=0)
    optional = hand(load_variant("stealing-bundles", must_take=False), [["9S", "2C"], ["9D", "3C"]], ["9C", "4H"])
    optional.apply(Move(card("9S"), (card("9C"),)))
    with pytest.raises(IllegalMove, match=r"seat 1's pile; trail\): name the capture"):
        optional.resolve(card("9D"))


def test_a_state_with_a_pile_taken_goes_to_json_and_back():
    rules = load_variant("stealing-bundles")
    state = hand(rules, [["9S", "2C"], ["9D", "3C"]], ["9C", "4H"])
    state.apply(Move(card("9S"), (card("9C"),)))
    state.apply(Move(card("9D"), steal=0))
    again = Game(rules).state_from_json(json.loads(json.dumps(state.to_json())))
    assert again.plays == state.plays and again.plays[-1].steal == 0 and again.piles == state.piles


def test_a_condition_on_a_pile_rule_is_asked_of_the_floor():
    rules = load_variant(_house("", steal="steal: any takes pile when floor.count >= 3\n"))
    state = hand(rules, [["9S", "2C"], ["9D", "3C"]], ["9C", "4H"])
    state.apply(Move(card("9S"), (card("9C"),)))
    with pytest.raises(IllegalMove, match="condition of its rule does not hold"):
        state.apply(Move(card("9D"), steal=0))


def test_the_language_refuses_floor_first_without_a_pile_rule_and_piles_with_builds(tmp_path):
    with pytest.raises(DiagnosticError) as caught:
        load_text('variant x "X" extends egyptian\ncapture:\n  floor first\n', tmp_path / "x.basra").merged
    assert [d.code for d in caught.value.diagnostics] == ["B214"]
    path = tmp_path / "y.basra"
    path.write_text('variant y "Y" extends casino\ncapture:\n  grab: any takes pile\n', encoding="utf-8")
    with pytest.raises(DiagnosticError) as caught:
        load_variant(str(path))
    assert any(d.code == "B213" and "takes piles" in d.message for d in caught.value.diagnostics)


def test_the_compiled_rules_say_which_rule_takes_piles():
    data = load_variant("stealing-bundles", table_first=True).to_json()
    assert {"name": "steal", "takes": "pile"}.items() <= data["capture"]["rules"][1].items()
    assert data["capture"]["floor_first"] is True


def _house(setup: str, steal: str = "") -> str:
    """A file extending Stealing Bundles, written where ``load_variant`` reads it."""
    import tempfile
    from pathlib import Path
    folder = Path(tempfile.mkdtemp())
    text = 'variant house "House" extends stealing-bundles\n'
    text += f"setup:\n  {setup}" if setup else ""
    text += f"capture:\n  drop steal\n  {steal}" if steal else ""
    (folder / "house.basra").write_text(text, encoding="utf-8")
    return str(folder / "house.basra")


def test_a_record_names_a_pile_taken_by_its_seat_and_replays_it(tmp_path):
    from click.testing import CliRunner
    from basra_dsl.cli import main
    record = tmp_path / "game.json"
    made = CliRunner().invoke(main, ["simulate", "stealing-bundles", "--hands", "3", "--seed", "4",
                                     "--record", str(record)])
    assert made.exit_code == 0, made.output
    data = json.loads(record.read_text(encoding="utf-8"))
    taken = [p for h in data["hands"] for p in h["plays"] if "steal" in p]
    assert taken and all(p["capture"] == [] for p in taken)
    replayed = CliRunner().invoke(main, ["replay", str(record)])
    assert replayed.exit_code == 0 and "(the pile of seat" in replayed.output
    taken[0]["steal"] = 1 - taken[0]["steal"]  # now the player's own pile (two players)
    record.write_text(json.dumps(data), encoding="utf-8")
    refused = CliRunner().invoke(main, ["replay", str(record)])
    assert refused.exit_code == 1 and "error[B505]" in refused.output and "your own side's" in refused.output
