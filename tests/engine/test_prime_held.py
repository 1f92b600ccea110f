"""`most prime ... suits held` (issue 28, item 9): the prime counted over the suits a side
holds, as a public Scopa game counts it (goblindegook/scopa, `src/engine/scores.ts`: a
missing suit adds nothing), against the usual rule (a side missing a suit has no prime)."""

from __future__ import annotations

import json
from pathlib import Path

import jsonschema

from basra_dsl import load_variant
from basra_dsl.cards import parse_cards
from basra_dsl.engine.scoring import score_hand
from basra_dsl.resources import bundled_variants, schema_path
from basra_dsl.rulebook import render_variant

HELD = """\
variant held-prime "Held prime" extends scopa
score:
  most prime 1 tie nobody suits held: 7 21, 6 18, A 16, 5 15, 4 14, 3 13, 2 12, picture 10
"""


def variant(tmp_path: Path) -> Path:
    path = tmp_path / "held-prime.basra"
    path.write_text(HELD, encoding="utf-8")
    return path


def prime_points(rules, first: str, second: str) -> tuple[float, ...]:
    """Each side's points from the prime alone (the other counts left out), for two piles."""
    prime = next(m for m in rules.majorities if m.what == "prime")
    alone = type(rules)(**{**rules.__dict__, "majorities": (prime,), "card_points": {}, "score_rules": ()})
    piles = [list(parse_cards(first.split())), list(parse_cards(second.split()))]
    return tuple(side.points for side in score_hand(alone, piles, [[], []], ()).sides)


def test_three_sevens_beat_four_fives_when_suits_held_count(tmp_path):
    # the peer's reading: 7D 7H 7C is 63, 5D 5H 5C 5S is 60
    assert prime_points(load_variant(str(variant(tmp_path))), "7D 7H 7C", "5D 5H 5C 5S") == (1, 0)


def test_under_the_usual_rule_three_suits_have_no_prime(tmp_path):
    assert prime_points(load_variant("scopa"), "7D 7H 7C", "5D 5H 5C 5S") == (0, 1)


def test_an_empty_pile_and_a_tie_score_nobody(tmp_path):
    rules = load_variant(str(variant(tmp_path)))
    assert prime_points(rules, "7S", "6H") == (1, 0)  # the peer's own test: 21 beats 18
    assert prime_points(rules, "7S", "7H") == (0, 0)


def test_the_rules_say_it_and_the_page_too(tmp_path):
    data = load_variant(str(variant(tmp_path))).to_json()
    jsonschema.Draft202012Validator(json.loads(schema_path("rules").read_text())).validate(data)
    assert [m["suits_held"] for m in data["score"]["majorities"] if m["what"] == "prime"] == [True]
    page = render_variant(variant(tmp_path), {}).markdown
    assert "A suit a side does not hold adds nothing" in page
    assert "A suit a side does not hold adds nothing" not in render_variant(bundled_variants()["scopa"], {}).markdown
