"""The prime (Scopa's primiera): each side's best card of each suit, counted by a table.

Rule cases from the sources: the usual table counts a seven 21, a six 18, an ace 16, a five
15, a four 14, a three 13, a two 12 and a picture 10 (Il Giocatore Online's primiera page,
quoted with V. Coletti's Scopa rules); Wikipedia's 'Scopa' adds four cards, 7 + 7 + 6 + A,
to 21 + 21 + 18 + 16 = 76; a side without a card of every suit cannot win the prime
(Coletti: missing a suit loses it).
"""

from __future__ import annotations

import json

import jsonschema
import pytest
from basra_dsl.engine.scoring import prime_of, score_hand
from basra_dsl.resources import schema_path
from tests.helpers import FORTY_CARDS, cards, house_variant, load_house, run_cli, tiers_score_alike

TEXT = '''variant primes "Primes"
''' + FORTY_CARDS + '''capture:
  sum: any takes sums
  choose one
score:
  most prime 1 tie nobody: 7 21, 6 18, A 16, 5 15, 4 14, 3 13, 2 12, picture 10
game:
  first to 11
'''


@pytest.fixture
def rules(tmp_path):
    return load_house(tmp_path, TEXT)


def test_a_prime_adds_the_best_card_of_each_suit(rules):
    prime = rules.majorities[0].prime
    assert prime_of(cards("7D 7C 6H AS 2S 5D"), prime) == 76  # Wikipedia's example: 7 + 7 + 6 + A
    assert prime_of(cards("KD QC JH 2S"), prime) == 10 + 10 + 10 + 12


def test_a_side_without_every_suit_has_no_prime_and_cannot_win_it(rules):
    piles = [list(cards("7D 7C 7H 6D 6C")), list(cards("2D 2C 2H 2S"))]  # side 1 has every suit
    result = score_hand(rules, piles, [[], []], ())
    assert [side.majority_points for side in result.sides] == [0, 1]
    nobody = score_hand(rules, [list(cards("7D")), list(cards("7C"))], [[], []], ())
    assert [side.majority_points for side in nobody.sides] == [0, 0]


def test_a_tied_prime_scores_nobody(rules):
    # both sides count 21 + 21 + 18 + 18 = 78
    result = score_hand(rules, [list(cards("7D 7C 6H 6S")), list(cards("6D 6C 7H 7S"))], [[], []], ())
    assert [side.majority_points for side in result.sides] == [0, 0]


def test_both_tiers_score_the_prime_alike(rules):
    tiers_score_alike(rules, seed=4)


def test_the_prime_is_said_and_in_the_compiled_rules(tmp_path, rules):
    data = rules.to_json()
    jsonschema.Draft202012Validator(json.loads(schema_path("rules").read_text())).validate(data)
    assert data["score"]["majorities"][0]["prime"]["7D"] == 21
    page = run_cli("docs", "show", tmp_path / "primes.basra").output
    assert "The side with the best *prime* scores 1 point." in page
    assert "A side without a card of every suit has no prime" in page


@pytest.mark.parametrize("line,message", [
    ("  most prime 1 tie nobody", "error[B211]: the prime needs what each card counts toward it"),
    ("  most cards 1 tie nobody: 7 21", "error[B211]: 'most cards' counts cards, so it takes no values"),
])
def test_a_prime_without_values_or_values_on_a_count_is_refused(tmp_path, line, message):
    text = TEXT.replace("  most prime 1 tie nobody: 7 21, 6 18, A 16, 5 15, 4 14, 3 13, 2 12, picture 10", line)
    result = run_cli("check", house_variant(tmp_path, text))
    assert message in result.output and "primes.basra:12:3" in result.output, result.output
    assert result.exit_code == 1
