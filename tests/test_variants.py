"""Every bundled variant: it loads and compiles, its worked examples pass, seeded hands keep
the invariants, and the rules that set each variant apart behave as its sources say."""

from __future__ import annotations

import json
import random

import pytest
from click.testing import CliRunner
from helpers import cards, names, position

from basra_dsl import Game, Scoreboard, load_variant
from basra_dsl.cards import card_name, parse_card
from basra_dsl.check.checker import check_paths, simulate_invariants
from basra_dsl.check.invariants import check_hand_invariants
from basra_dsl.cli import main
from basra_dsl.engine.random_play import random_move
from basra_dsl.engine.scoring import score_hand
from basra_dsl.language.compiler import compile_rules
from basra_dsl.language.loader import load
from basra_dsl.play.simulate import play_hand
from basra_dsl.resources import bundled_variants

BUNDLED = ["egyptian", "yemeni", "ethiopian", "lebanese", "ashush", "palestinian", "jordanian",
           "syrian", "homsi", "bastra", "parlett", "basra-121", "morabaa", "pishti", "dry",
           # the wider fishing family (issue 14)
           "scopa", "scopone", "escoba", "chkobba", "pasur", "cirulla", "xeri", "casino", "royal-casino", "kasino",
           # the core of fishing primitives (issue 28)
           "scopa-dassi", "stealing-bundles", "tablanette", "cuarenta", "royal-draw-casino", "spade-casino", "chinese-ten", "zwicker"]


def test_every_variant_of_the_issue_is_bundled():
    assert sorted(bundled_variants()) == sorted(BUNDLED)


@pytest.mark.parametrize("name", BUNDLED)
def test_compiles_at_every_player_count_and_option(name):
    merged = load(name).merged
    combos = list(merged.option_combinations(limit=None))
    assert {c["players"] for c in combos} == set(merged.player_counts())
    for chosen in combos:
        rules = compile_rules(merged, chosen)
        assert rules.players == chosen["players"]
        assert rules.capture_rules
        json.dumps(rules.to_json())


@pytest.mark.parametrize("name", BUNDLED)
def test_file_and_worked_examples_check_clean(name):
    path = bundled_variants()[name]
    assert path.with_name(f"{name}.examples.yaml").is_file()
    report = check_paths([path])
    assert report.diagnostics == [], [d.message for d in report.diagnostics]
    assert report.examples >= 3


@pytest.mark.parametrize("name", BUNDLED)
def test_seeded_hands_keep_the_invariants(name):
    merged = load(name).merged
    problems = list(simulate_invariants(merged, 150, seed=11))
    assert problems == [], [p.message for p in problems]


@pytest.mark.parametrize("name", BUNDLED)
def test_every_option_combination_keeps_the_invariants(name):
    merged = load(name).merged
    for chosen in merged.option_combinations(limit=None):
        game = Game(compile_rules(merged, chosen))
        for index in range(25):
            problem = check_hand_invariants(game, random.Random(index), index % chosen["players"])
            assert problem is None, (chosen, index, problem)


def test_cli_check_of_the_folder_with_simulation_is_clean():
    result = CliRunner().invoke(main, ["check", "variants", "--simulate", "20"], catch_exceptions=False)
    assert result.exit_code == 0, result.output


# ------------------------------------------------------------------ helpers

def game(name: str, **options) -> Game:
    return Game(load_variant(name, **options))


def play(state, *moves: str):
    """Plays cards in turn (each taking what the rules make it take); returns the last play.

    With no cards named, the player to move plays the first card of their hand.
    """
    last = None
    for card in moves or (card_name(state.hands[state.turn][0]),):
        last = state.apply(state.resolve(parse_card(card)))
    return last


# ------------------------------------------------------------------ Egyptian family

def test_yemeni_seven_of_diamonds_cases():
    g = game("yemeni")
    for floor, bonus in [("AC 2D 7H 8S", 10), ("AC 3D 5H", 10), ("3C 7H", 0), ("TC QD KH", 10),
                         ("4C 6D 3H 7S", 0), ("2C QH", 0)]:
        assert play(position(g, floor, "7D")).bonus == bonus, floor


def test_yemeni_double_basra_and_target():
    assert play(position(game("yemeni"), "JC", "JD")).bonus == 20
    assert play(position(game("yemeni", jack_on_jack=False), "JC", "JD")).bonus == 0
    assert load_variant("yemeni").target == 101
    assert load_variant("yemeni", target=121).target == 121


def test_egyptian_double_jack_is_an_option():
    assert play(position(game("egyptian"), "JC", "JD")).bonus == 0
    assert play(position(game("egyptian", jack_on_jack=True), "JC", "JD")).bonus == 20


def test_ethiopian_lone_komai_and_grouping():
    g = game("ethiopian")
    taken = play(position(g, "7D", "3S"))
    assert names(taken.captured) == ["7D"] and taken.bonus == 10
    taken = play(position(g, "7D", "JS"))
    assert names(taken.captured) == ["7D"] and taken.bonus == 0
    assert play(position(g, "TC 4D 6H", "7D")).bonus == 10
    assert play(position(g, "TC 4D 6H KS", "7D")).bonus == 0
    assert play(position(g, "JC", "JS")).bonus == 0


def test_ethiopian_scores_three_for_cards_to_52():
    rules = load_variant("ethiopian")
    assert rules.target == 52 and rules.best_of == 1 and rules.decider is None
    assert [(m.points, m.tie) for m in rules.majorities] == [(3, "nobody")]
    assert rules.options == {}  # the inherited target and double-jack options have nothing to choose


def test_morabaa_lone_jack_and_grouped_seven():
    g = game("morabaa", players=4)
    state = position(g, "", "JC", "JD")
    assert play(state, "JC", "JD").bonus == 10
    assert play(position(g, "TC 5D 4H AS", "7D")).bonus == 10
    assert play(position(game("morabaa", players=4, seven_basra="total"), "TC 5D 4H AS", "7D")).bonus == 0
    assert load_variant("morabaa", players=4).sides == ((0, 2), (1, 3))


# ------------------------------------------------------------------ Bastra family

def test_bastra_deals_singly_and_bars_only_jacks():
    rules = load_variant("bastra")
    assert rules.deal_mode == "singly" and rules.direction == "clockwise"
    assert names(rules.bar_cards) == ["JC", "JD", "JH", "JS"] and rules.bar_action == "bottom"
    state = Game(rules).new_hand(random.Random(5))
    assert len(state.deals) == 6


@pytest.mark.parametrize("policy, expected", [("replay", (False, None, 100)), ("draw", (True, None, 100)),
                                              ("extend", (False, None, 130))])
def test_bastra_game_tie_choices(policy, expected):
    rules = load_variant("bastra", tie_break=policy, extension=30)
    board = Scoreboard(rules)
    result = score_hand(rules, [list(cards("JC AC 2C")), list(cards("JH AH TD"))], [[93], [92]], ())
    assert result.points == (100, 100)
    board.add(result)
    assert (board.over, board.winner, board.target) == expected


def test_bastra_tie_for_cards_pays_both():
    rules = load_variant("bastra")
    piles = [list(range(0, 52, 2)), list(range(1, 52, 2))]
    result = score_hand(rules, piles, [[], []], ())
    assert [s.majority_points for s in result.sides] == [3, 3]


def test_lebanese_second_basra_needs_the_previous_trail():
    g = game("lebanese")
    state = position(g, "3H", "4C 2D", "7S")
    assert play(state, "4C", "7S").bonus == 10  # a lone 3, a 4 trailed beside it, a 7 takes both
    state = position(g, "3H 4C", "", "7S")
    state.turn = 1
    assert play(state, "7S").bonus == 0  # the same two cards, not built from a lone card


def test_lebanese_lone_card_and_jacks():
    g = game("lebanese")
    assert play(position(g, "8D", "8S")).bonus == 10
    assert play(position(g, "8D", "JS")).bonus == 0
    assert play(position(g, "JD", "JS")).bonus == 10
    assert play(position(g, "3C 6D", "9S")).bonus == 0
    assert load_variant("lebanese").hand_size == 6
    assert load_variant("lebanese", players=3).hand_size == 4


def test_ashush_has_only_the_lone_card_basra():
    g = game("ashush")
    assert play(position(g, "3H", "4C", "7S"), "4C", "7S").bonus == 0
    assert play(position(g, "QH", "QS")).bonus == 10
    assert load_variant("ashush", hand_size=4).hand_size == 4
    assert load_variant("ashush", players=3).hand_size == 4  # Khuri: four at a time for three


def test_palestinian_basra_is_twice_the_card():
    g = game("palestinian")
    assert play(position(g, "7S", "7D")).bonus == 14
    assert play(position(g, "4C 6D", "TH")).bonus == 20
    assert play(position(g, "JC", "JD")).bonus == 0
    rules = load_variant("palestinian")
    assert len(rules.deck) == 44 and rules.target == 101
    assert load_variant("palestinian", target=151).target == 151


def test_syrian_and_homsi_jack_on_jack_is_25():
    syrian = game("syrian")
    assert play(position(syrian, "JC", "JD")).bonus == 25
    assert play(position(syrian, "QC", "QD")).bonus == 6
    assert play(position(syrian, "KC", "KD")).bonus == 8
    assert play(position(syrian, "JC 4H", "JD")).bonus == 0
    assert len(syrian.rules.deck) == 52
    homsi = game("homsi")
    assert play(position(homsi, "JC", "JD")).bonus == 25
    assert len(homsi.rules.deck) == 44


def test_jordanian_readings():
    g = game("jordanian")
    assert play(position(g, "QC", "QS")).bonus == 20
    assert play(position(g, "7C", "7S")).bonus == 14
    pagat = game("jordanian", rest="egyptian")
    assert play(position(pagat, "2C 5H", "7D")).bonus == 14
    assert [(m.points, m.tie) for m in pagat.rules.majorities] == [(30, "carry")]
    assert [(m.points, m.tie) for m in g.rules.majorities] == [(3, "nobody")]


# ------------------------------------------------------------------ basra-121 and Parlett

def test_basra_121_tie_voids_the_hand_and_carries_30_then_60():
    rules = load_variant("basra-121")
    even = [list(range(0, 52, 2)), list(range(1, 52, 2))]
    first = score_hand(rules, even, [[10], []], ())
    assert first.points == (0, 0) and first.void and first.carry_out == (30,)
    second = score_hand(rules, even, [[], []], first.carry_out)
    assert second.points == (0, 0) and second.carry_out == (60,)
    uneven = [list(range(27)), list(range(27, 52))]
    third = score_hand(rules, uneven, [[], []], second.carry_out)
    assert third.sides[0].majority_points == 90 and third.carry_out == (0,)


def test_basra_121_narrow_reading_keeps_the_card_points():
    rules = load_variant("basra-121", tie_voids="majority")
    even = [list(range(0, 52, 2)), list(range(1, 52, 2))]
    result = score_hand(rules, even, [[10], []], ())
    assert not result.void and result.sides[0].points > 10 and result.carry_out == (30,)


def test_basra_121_seven_counts_cards_or_values():
    assert play(position(game("basra-121", seven_limit="count"), "9C 8D 6H", "7D")).bonus == 10
    assert play(position(game("basra-121"), "9C 8D 6H", "7D")).bonus == 0  # values add up to 23
    assert play(position(game("basra-121"), "2C 3D 4H", "7D")).bonus == 10
    assert play(position(game("basra-121"), "2C KD", "7D")).bonus == 0


def test_parlett_reads_the_lost_symbols():
    rules = load_variant("parlett")
    assert names(rules.bar_cards) == ["7D", "JC", "JD", "JH", "JS"] and rules.bar_action == "bottom"
    assert {k: v for k, v in rules.card_points.items() if k >> 2 not in (0, 10)} == {
        parse_card("2C"): 2, parse_card("TD"): 3}
    assert (rules.best_of, rules.decider, rules.target) == (5, 150, 101)


# ------------------------------------------------------------------ stack games

def test_pishti_only_top_card_and_pishti_bonus():
    g = game("pishti")
    assert play(position(g, "3C 9D 5H KS", "3H")).captured == ()
    assert len(play(position(g, "3C 9D 5H KS", "KH")).captured) == 4
    assert len(play(position(g, "3C 9D 5H KS", "JH")).captured) == 4
    assert play(position(g, "", "8C", "8H"), "8C", "8H").bonus == 10
    assert play(position(g, "", "8C", "JH"), "8C", "JH").bonus == 0


def test_pishti_jack_on_top_of_the_first_stack_goes_to_the_dealer():
    """A jack on top of the first stack goes to the dealer (seat 1 when seat 0 leads); a jack
    shown by the cut goes to the non-dealer (seat 0)."""
    g = game("pishti")
    barred = cut = 0
    for seed in range(200):
        state = g.new_hand(random.Random(seed), first=0)
        first = state.deals[0]
        assert first.floor[-1] >> 2 != 10  # no jack left on top
        if first.won:
            assert all(c >> 2 == 10 for pile in first.won for c in pile)  # only jacks are won from the deal
            assert state.piles == [list(pile) for pile in first.won]
            barred += bool(first.won[1])
            cut += bool(first.won[0])
            assert len(first.won[0]) <= 1  # the cut shows one card
        assert check_hand_invariants(g, random.Random(seed), 0) is None
    assert barred > 0 and cut > 0


def test_pishti_record_with_a_dealer_jack_replays(tmp_path):
    g = game("pishti")
    seed = next(s for s in range(500) if g.new_hand(random.Random(s)).deals[0].won)
    result, record = play_hand(g, random.Random(seed), 0, (), random_move, keep_record=True)
    assert "won" in record["deals"][0]
    path = tmp_path / "pishti.json"
    path.write_text(json.dumps({"variant": "pishti", "players": 2, "hands": [record]}))
    out = CliRunner().invoke(main, ["replay", str(path), "--json"], catch_exceptions=False)
    assert out.exit_code == 0, out.output
    sides = json.loads(out.output)["hands"][0]["sides"]
    assert sum(s["cards"] for s in sides) == 52
    assert [s["points"] for s in sides] == list(result.points)


def test_dry_trick_and_redeal_to_the_stack():
    g = game("dry")
    assert play(position(g, "5C", "5D")).bonus == 10
    assert play(position(g, "5C", "JD")).bonus == 10
    assert play(position(g, "2C 9H", "9S")).bonus == 0
    state = g.new_hand(random.Random(1))
    assert [len(d.floor) for d in state.deals][:3] == [4, 4, 4]  # the last short deal goes to the hands
    assert [(m.what, m.points) for m in g.rules.majorities] == [("cards", 3), ("clubs", 3)]


def test_dry_three_and_four_players_run_out_cleanly():
    for players in (3, 4):
        g = game("dry", players=players)
        state = g.new_hand(random.Random(2))
        dealt = [c for d in state.deals for part in (*d.hands, d.floor) for c in part]
        assert sorted(dealt) == list(range(52))

