"""The dealing rules: `redeal when ...` and a first floor won at the deal (`NAME: POINTS to
dealer when ...`), with `CARDS.count(PATTERN)` to count cards of a kind.

Rule cases from the sources: Scopa's deal is void when three or four kings lie among the
four first floor cards (Wikipedia, 'Scopa'; pagat.com, 'Scopone'); in Escoba a first floor
adding up to 15 goes to the dealer as an escoba, and one of 30 as two (Wikipedia, 'Escoba';
denexa's rules); Cirulla voids a deal with two or more aces on the first floor
(regoledelgioco, Parlett's Cirulla).
"""

from __future__ import annotations

import random

import pytest
from basra_dsl import Game
from basra_dsl.engine import RuleError, judge_first_floor
from basra_dsl.engine.fast import why_not
import json

from basra_dsl.engine import random_move
from basra_dsl.play.records import replay_file
from basra_dsl.play.simulate import hand_record
from helpers import play_both
from tests.helpers import FORTY_CARDS, cards, house_variant, load_house, run_cli

TEXT = f'''variant fifteen "Fifteen"
option dealer_escoba: yes | no = yes "the first floor's fifteen scores"
{FORTY_CARDS}
dealing:
  redeal when floor.count(K) >= 3
  redeal when floor.count(A) >= 2 and players == 2
  floor_thirty "Two escobas at the deal": 2 to dealer when dealer_escoba and floor.sum == 30
  floor_fifteen "An escoba at the deal": 1 to dealer when dealer_escoba and floor.sum == 15
capture:
  fifteen: any takes sums to 15
  choose one
  optional
basra:
  escoba: 1 when cleared and not last
game:
  first to 21
'''


@pytest.fixture
def rules(tmp_path):
    return load_house(tmp_path, TEXT)


def test_three_kings_void_the_deal_and_two_do_not(rules):
    assert judge_first_floor(rules, cards("KD KC KH 5S")).void
    assert judge_first_floor(rules, cards("KD KC KH KS")).void
    assert not judge_first_floor(rules, cards("KD KC 4H 5S")).void


def test_redeal_lines_are_alternatives_any_of_which_voids(rules):
    assert judge_first_floor(rules, cards("AD AC 4H 5S")).void


def test_a_first_floor_of_fifteen_goes_to_the_dealer_as_one_bonus(rules):
    verdict = judge_first_floor(rules, cards("7D 5C 2H AS"), dealer=1)
    assert (verdict.void, verdict.taker, verdict.bonus) == (False, 1, 1)


def test_a_first_floor_of_thirty_scores_two(rules):
    verdict = judge_first_floor(rules, cards("JD 7C QH 6S"))
    assert (verdict.taker, verdict.bonus) == (0, 2)


def test_an_option_turns_the_floor_bonus_off(tmp_path):
    rules = load_house(tmp_path, TEXT, dealer_escoba=False)
    assert judge_first_floor(rules, cards("7D 5C 2H AS")).taker is None


def test_dealt_hands_never_start_on_a_voided_floor_and_the_dealer_keeps_the_bonus(rules):
    game, seen = Game(rules), 0
    for seed in range(600):
        state = game.new_hand(random.Random(seed), first=1)
        deal = state.deals[0]
        first_floor = deal.floor or next((w for w in deal.won if w), ())
        assert len([c for c in first_floor if c >> 2 == 12]) < 3  # no three kings
        if deal.bonus:
            seen += 1
            dealer = rules.dealer_of(1)
            assert deal.floor == () and len(deal.won[dealer]) == 4
            assert state.bonuses[dealer] == [deal.bonus[dealer]] and state.piles[dealer] == list(deal.won[dealer])
            assert judge_first_floor(rules, deal.won[dealer]).bonus == deal.bonus[dealer]
    assert seen > 10  # a floor of fifteen or thirty comes up a few percent of deals


def test_a_seeded_hand_deals_alike_every_time(rules):
    first = Game(rules).new_hand(random.Random(7)).deals
    again = Game(rules).new_hand(random.Random(7)).deals
    assert first == again


def test_a_redeal_that_always_holds_stops_the_game_at_the_rule(tmp_path):
    rules = load_house(tmp_path, TEXT.replace("redeal when floor.count(K) >= 3", "redeal when floor.count >= 0"))
    with pytest.raises(RuleError) as caught:
        Game(rules).new_hand(random.Random(1))
    line = TEXT.splitlines().index("  redeal when floor.count(K) >= 3") + 1
    assert caught.value.rule == "redeal" and caught.value.span.line == line


def test_a_record_keeps_the_bonus_of_the_deal_and_replays_it(rules, tmp_path):
    game = Game(rules)
    state = next(s for seed in range(400) if (s := game.new_hand(random.Random(seed))).deals[0].bonus)
    deals, rng = list(state.deals), random.Random(3)
    while not state.is_terminal():
        state.play_move(random_move(state, rng))
    (tmp_path / "fifteen.basra").write_text(TEXT, encoding="utf-8")
    record = {"variant": "./fifteen.basra", "hands": [hand_record(0, deals, state.plays)]}
    assert record["hands"][0]["deals"][0]["bonus"] == list(deals[0].bonus)
    path = tmp_path / "game.json"
    path.write_text(json.dumps(record), encoding="utf-8")
    replay = replay_file(path)
    assert replay.hands[0].result == state.result()
    dealer = rules.dealer_of(0)
    assert replay.hands[0].result.sides[rules.side_of(dealer)].basra_points >= deals[0].bonus[dealer]


def test_the_fast_tier_deals_as_state_does(tmp_path):
    # dealing rules deal through the checked tier's deal_hand, draw for draw
    pairing = TEXT.replace("fifteen: any takes sums to 15", "pair: any takes rank").replace(" and not last", "")
    rules = load_house(tmp_path, pairing)
    assert why_not(rules) is None and play_both(rules, 100, seed=5) > 100


def test_rules_json_names_the_dealing_rules(rules):
    deal = rules.to_json()["deal"]
    assert deal["redeal"] == ["floor.count(K) >= 3", "floor.count(A) >= 2 and players == 2"]
    assert [b["name"] for b in deal["floor_bonuses"]] == ["floor_thirty", "floor_fifteen"]


# ------------------------------------------------------------------ checks

@pytest.mark.parametrize("line, code, words", [
    ("  early: 1 to dealer when played is 7", "B201", "a dealing rule is read before anyone plays"),
    ("  odd: 1 to dealer when floor.top(K) > 2", "B202", "only '.count', '.sum' and '.run' do"),
    ("  odd: 1 to dealer when floor.count(X) > 2", "B204", "unknown"),
    ("  redeal when floor.count(K)", "B205", "yes/no"),
])
def test_misused_dealing_rules_are_located(tmp_path, line, code, words):
    path = house_variant(tmp_path, TEXT.replace("  floor_thirty ", line + "\n  floor_thirty "))
    result = run_cli("check", path)
    assert result.exit_code == 1 and f"error[{code}]" in result.output and words in result.output


def test_counting_cards_in_a_basra_rule_needs_cards(tmp_path):
    path = house_variant(tmp_path, TEXT.replace("escoba: 1 when", "escoba: 1 when played.count(K) > 0 and"))
    result = run_cli("check", path)
    assert "error[B205]" in result.output and "'.count(...)' counts cards" in result.output


def test_a_dealing_rule_without_a_first_floor_is_flagged(tmp_path):
    path = house_variant(tmp_path, TEXT.replace("  start floor 4\n", ""))
    result = run_cli("check", path)
    assert "warning[B725]" in result.output


def test_a_redeal_of_most_floors_is_flagged(tmp_path):
    path = house_variant(tmp_path, TEXT.replace("floor.count(K) >= 3", "floor has numeral"))
    result = run_cli("check", path)
    assert "warning[B726]" in result.output and "% of sampled first floors" in result.output


def test_a_floor_bonus_that_fails_on_a_floor_is_an_error_at_its_line(tmp_path):
    path = house_variant(tmp_path, TEXT.replace("2 to dealer when", "10 / (floor.count(K) - 1) to dealer when"))
    result = run_cli("check", path)
    assert "error[B710]" in result.output and "'floor_thirty' cannot be worked out for a first floor" in result.output


def test_the_clean_variant_passes_with_dealt_examples(tmp_path):
    path = house_variant(tmp_path, TEXT)
    (tmp_path / "fifteen.examples.yaml").write_text(
        "variant: fifteen\nexamples:\n"
        "  - name: fifteen to the dealer\n    rule: floor_fifteen\n    dealt: [7D, 5C, 2H, AS]\n"
        "    expect: {taker: dealer, basra: 1, takes: [7D, 5C, 2H, AS]}\n"
        "  - name: three kings\n    rule: redeal\n    dealt: [KD, KC, KH, 5S]\n    expect: {redeal: true}\n"
        "  - name: wrong on purpose\n    dealt: [KD, 2C, 3H, 5S]\n    expect: {taker: dealer}\n", encoding="utf-8")
    result = run_cli("check", path)
    assert "expected the floor to go to dealer, the engine gives it to nobody" in result.output
    assert result.output.count("error[") == 1


# ------------------------------------------------------------------ pages and text

def test_the_page_says_the_dealing_rules(tmp_path):
    path = house_variant(tmp_path, TEXT)
    page = run_cli("docs", "show", path).output
    assert "## The first floor {#dealing}" in page
    assert ("The deal does not count if the first floor holds 3 or more kings or the first floor holds 2 or more "
            "aces and there are 2 players.") in page
    assert ("The dealer takes the whole first floor at once when it adds up to exactly 15, scoring 1 point, "
            "counted with the basras. This applies only if the table plays with") in page


def test_fmt_keeps_the_dealing_section(tmp_path):
    path = house_variant(tmp_path, TEXT)
    assert run_cli("fmt", path).exit_code == 0
    text = path.read_text(encoding="utf-8")
    assert "\ndealing:\n  redeal when floor.count(K) >= 3\n" in text
    assert load_house(tmp_path, text).redeal is not None


def test_an_option_may_choose_who_takes_the_floor(tmp_path):
    text = TEXT.replace('option dealer_escoba: yes | no = yes "the first floor\'s fifteen scores"',
                        'option dealer_escoba: yes | no = yes "the first floor\'s fifteen scores"\n'
                        'option taker: dealer | next = dealer "who takes it"')
    text = text.replace("1 to dealer when dealer_escoba", "1 to taker when dealer_escoba")
    assert judge_first_floor(load_house(tmp_path, text), cards("7D 5C 2H AS"), dealer=1).taker == 1
    assert judge_first_floor(load_house(tmp_path, text, taker="next"), cards("7D 5C 2H AS"), dealer=1).taker == 0
    page = run_cli("docs", "show", tmp_path / "fifteen.basra").output
    assert "option can give it to the non-dealer instead" in page


@pytest.mark.parametrize("option, message", [
    ("", "error[B201]: unknown name 'taker'"),
    ('option taker: north | south = north "who"\n', "error[B205]: option 'taker' must choose between dealer and next"),
])
def test_a_taker_option_must_choose_dealer_or_next(tmp_path, option, message):
    text = TEXT.replace("option dealer_escoba", option + "option dealer_escoba")
    text = text.replace("1 to dealer when dealer_escoba", "1 to taker when dealer_escoba")
    result = run_cli("check", house_variant(tmp_path, text))
    assert result.exit_code == 1 and message in result.output


def test_a_first_floor_rule_that_holds_gives_the_floor_even_for_no_points(tmp_path):
    """Chinese Ten's four of a kind in the layout go to the dealer with no bonus (a docs-only
    author's report, issue 28): a rule worth 0 that holds still gives the floor away."""
    rules = load_house(tmp_path, 'variant four "Four" extends egyptian\ndealing:\n'
                                 '  four: 0 to dealer when floor.ranks == 1\n')
    verdict = judge_first_floor(rules, cards("5C 5D 5H 5S"), dealer=1)
    assert (verdict.taker, verdict.bonus) == (1, 0)
    assert judge_first_floor(rules, cards("5C 5D 5H 6S"), dealer=1).taker is None
