"""`suits italian` / `suits spanish`: the 40-card Latin packs named on pages as their players
name them (coins, cups, swords, batons; the knight between jack and king), with `coins`,
`cups`, `swords` and `batons` as pattern words.

Rule cases from the sources: Scopa's pack has the suits coppe, denari, spade and bastoni and
the pictures fante, cavallo and re, counting 8, 9 and 10; the seven of coins is the
settebello (Wikipedia, 'Scopa'); Escoba's Spanish pack has oros, copas, espadas and bastos,
with sota, caballo and rey (Wikipedia, 'Escoba').
"""

from __future__ import annotations

import pytest
from basra_dsl.cards import parse_card
from basra_dsl.engine.scoring import score_hand
from basra_dsl.rulebook.pictures.cardfaces import card_sprite, card_svg
from basra_dsl.rulebook.pictures.cardhtml import card_html
from basra_dsl.rulebook.text.naming import card_text, card_words, pack_names
from tests.helpers import FORTY_CARDS, cards, house_variant, load_house, run_cli

TEXT = f'''variant latin "Latin"
{FORTY_CARDS}  suits italian
capture:
  sum: any takes sums
score:
  most coins 1 tie nobody
  points 7D 1, cups 1
game:
  first to 11
'''


@pytest.fixture
def rules(tmp_path):
    return load_house(tmp_path, TEXT)


def test_the_latin_suit_words_count_the_french_suits_they_stand_for(rules):
    piles = [list(cards("7D 2D 3D 4D 5D 6D")), list(cards("AH 2H AD"))]
    assert score_hand(rules, piles, [[], []], ()).points == (2, 2)  # coins 6 to 1; 7D 1; two cups 1 each


def test_the_compiled_rules_say_the_pack(rules):
    assert rules.to_json()["suits"] == "italian"


def test_cards_are_named_as_the_pack_names_them():
    seven, knight = parse_card("7D"), parse_card("QS")
    assert (card_words(seven), card_text(seven)) == ("seven of diamonds", "7♦")
    with pack_names("spanish"):
        assert (card_words(seven), card_text(seven)) == ("seven of coins", "7 of coins")
        assert (card_words(knight), card_text(knight)) == ("knight of swords", "knight of swords")
        assert "basra-gold" in card_html(seven)
    assert card_words(seven) == "seven of diamonds"  # the block ends: French again


def test_latin_faces_are_drawn_in_their_own_inks():
    seven = parse_card("7D")
    french = card_sprite([seven])
    with pack_names("italian"):
        latin = card_sprite([seven])
        assert 'aria-label="seven of coins"' in card_svg(seven)
    assert 'fill-rule="evenodd"' in latin and "#a66f00" in latin
    assert 'fill-rule="evenodd"' not in french and "#c62828" in french


def test_the_page_names_the_pack(tmp_path):
    page = run_cli("docs", "show", house_variant(tmp_path, TEXT)).output
    assert "Its suits are coins (*denari*), cups (*coppe*), swords (*spade*) and batons (*bastoni*)." in page
    assert "Its picture cards are the jack (*fante*), the knight (*cavallo*) and the king (*re*)." in page
    assert "the seven of coins 1 point" in page and "cups 1 point each" in page
    assert "diamond" not in page.split("=== \"Source file\"")[0]


def test_an_unknown_pack_is_a_located_syntax_error(tmp_path):
    result = run_cli("check", house_variant(tmp_path, TEXT.replace("suits italian", "suits german")))
    assert result.exit_code == 1 and "expected 'french', 'italian' or 'spanish'" in result.output
