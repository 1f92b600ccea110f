"""Pictures on the rulebook pages: card faces, worked examples as pictures, seating diagrams.

Card faces are symbols of one sprite per page (``cardfaces``); each card on the page is a
small ``<svg>`` naming the card for screen readers and pointing at its symbol. The checks
read the SVG as XML: the pips a numeral shows, the ink of each suit, the names, the ids a
page refers to, and that neither the sprite nor a diagram holds text from a file.
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from dataclasses import replace
from pathlib import Path

import pytest
import yaml

from basra_dsl import cards as C
from basra_dsl.resources import bundled_variants
from basra_dsl.rulebook.pictures.cardfaces import BLACK, RED, card_sprite, card_symbol, sprite_for
from basra_dsl.rulebook.pictures.cardhtml import card_html, card_picture, cards_picture
from basra_dsl.rulebook.pages.page import load_merged, render_variant
from basra_dsl.rulebook.pages.page_state import PageState
from basra_dsl.rulebook.pages.seating import CX, seating_diagrams, seating_words, table_svg

SVG = "{http://www.w3.org/2000/svg}"
NAMES = {"7D": "seven of diamonds", "TS": "ten of spades", "AH": "ace of hearts", "KC": "king of clubs"}


def xml(text: str) -> ET.Element:
    """Parses SVG markup (which must be well-formed XML), in the SVG namespace."""
    if "xmlns=" not in text.split(">", 1)[0]:
        text = text.replace("<svg", '<svg xmlns="http://www.w3.org/2000/svg"', 1)
    return ET.fromstring(text)


def uses(element: ET.Element) -> list[str]:
    return [u.get("href") for u in element.iter(SVG + "use")]


@pytest.fixture(scope="module")
def egyptian():
    return render_variant("egyptian").markdown


@pytest.fixture(scope="module")
def egyptian_state():
    return PageState(load_merged("egyptian"), bundled_variants())


# ------------------------------------------------------------------ card faces

@pytest.mark.parametrize("card", range(52), ids=C.card_name)
def test_every_card_face_has_its_pips_and_its_ink(card):
    symbol = xml(card_sprite([card]).split(">", 1)[1].rsplit("</div>", 1)[0]).find(SVG + "symbol")
    assert symbol.get("id") == "basra-card-" + C.card_name(card)
    letter = C.SUITS[C.suit(card)]
    suit_signs = [h for h in uses(symbol) if h.startswith(("#basra-suit-", "#basra-pip"))]
    assert {h[-1] for h in suit_signs} == {letter}  # only its own suit
    pips = [h for h in suit_signs if h.startswith("#basra-pip")]
    rank = C.rank(card)
    if rank == 0:  # the ace: one big sign, besides the two corner signs
        assert len(suit_signs) == 3 and not pips
    elif rank <= 9:  # two to ten: one pip per point
        assert len(pips) == rank + 1 and len(suit_signs) == len(pips) + 2
    else:  # a picture card: a panel and its big letter
        assert any(True for _ in symbol.iter(SVG + "rect"))
        assert uses(symbol).count("#basra-rank-" + C.RANKS[rank]) == 3  # two corners and the middle
    ink = RED if C.SUITS[C.suit(card)] in "DH" else BLACK
    inks = {g.get("fill") for g in symbol.iter(SVG + "g") if g.get("fill")}
    assert inks == {ink}
    assert (BLACK if ink == RED else RED) not in card_symbol(card)


def test_lower_pips_are_turned_over_as_on_a_printed_card():
    symbol = xml(card_symbol(C.parse_card("9S")).replace("<symbol", '<symbol xmlns="http://www.w3.org/2000/svg"'))
    pips = [(u.get("href"), float(u.get("y"))) for u in symbol.iter(SVG + "use") if u.get("href").startswith("#basra-pip")]
    assert len(pips) == 9
    assert all((href == "#basra-pip-down-S") == (y > 70) for href, y in pips)  # the middle one stands upright
    sprite = card_sprite([C.parse_card("9S")])
    assert '<use id="basra-pip-down-S" href="#basra-suit-S" transform="rotate(180) scale(0.85)"/>' in sprite


@pytest.mark.parametrize("name", list(NAMES))
def test_a_card_picture_is_named_for_readers(name):
    picture = card_picture(C.parse_card(name))
    svg = xml(picture)
    assert svg.get("role") == "img" and svg.get("aria-label") == NAMES[name]
    assert svg.find(SVG + "title").text == NAMES[name]  # the tooltip
    assert uses(svg) == ["#basra-card-" + name]
    assert len(picture) < 200  # each card on a page is a few dozen bytes; the face is in the sprite


def test_text_and_picture_forms():
    assert card_html(C.parse_card("8H")) == '<span class="basra-card basra-red" title="eight of hearts">8♥</span>'
    row = cards_picture([C.parse_card("7H"), C.parse_card("2C")], marked=[C.parse_card("7H")])
    assert row.count("<svg") == 2 and row.count("basra-marked") == 1
    assert 'class="basra-pic basra-marked" role="img" aria-label="seven of hearts"' in row
    assert "basra-none" in cards_picture([], "empty") and "empty" in cards_picture([], "empty")


def test_the_sprite_holds_no_text_and_stays_small():
    sprite = card_sprite(range(52))
    assert re.sub(r"<[^>]*>", "", sprite).strip() == ""  # nothing for the site's search to index
    assert len(sprite) < 50_000
    assert 'aria-hidden="true"' in sprite and "<div" in sprite  # a block Markdown passes through
    root = xml(sprite.split(">", 1)[1].rsplit("</div>", 1)[0])
    assert len(root.findall(SVG + "symbol")) == 52


def test_the_sprite_holds_only_the_cards_a_page_shows():
    text = cards_picture([C.parse_card("7D"), C.parse_card("KS")]) + card_picture(C.parse_card("7D"))
    sprite = sprite_for(text)
    assert re.findall(r'<symbol id="([^"]+)"', sprite) == ["basra-card-7D", "basra-card-KS"]
    assert sprite_for("no cards here") == ""


def test_every_id_a_page_refers_to_is_in_its_sprite(egyptian):
    page = egyptian  # a rendered page ends with its own sprite
    assert page.count('class="basra-sprite"') == 1
    defined = re.findall(r'\bid="(basra-[^"]+)"', page)
    assert len(defined) == len(set(defined)), "an id defined twice"
    referred = set(re.findall(r'href="#(basra-[^"]+)"', page))
    assert referred and referred <= set(defined)
    assert {"basra-card-7H", "basra-suit-H", "basra-rank-7"} <= referred


# ------------------------------------------------------------------ worked examples

def admonition(markdown: str, title: str) -> str:
    """One worked example (they stand in the folded block of examples, indented under it)."""
    start = markdown.index(f'!!! example "{title}"')
    ends = [at for at in (markdown.find("\n    !!! ", start + 1), markdown.find("\n#", start + 1)) if at > 0]
    return markdown[start:min(ends) if ends else None]


def test_a_play_example_shows_floor_card_takes_and_what_stays(egyptian):
    box = admonition(egyptian, "A seven pairs a seven")
    row = re.search(r'<span class="basra-play">.*', box).group(0)
    slots = re.findall(r'<span class="basra-label">([^<]+)</span>(.*?)(?=<span class="basra-slot|$)', row)
    shown = {label: re.findall(r'aria-label="([^"]+)"', content) for label, content in slots}
    assert shown == {"Floor": ["seven of hearts", "two of clubs", "king of diamonds"],
                     "Played": ["seven of spades"], "Takes": ["seven of hearts"],
                     "Stays on the floor": ["two of clubs", "king of diamonds"]}
    assert 'class="basra-pic basra-marked" role="img" aria-label="seven of hearts"' in row  # lifted on the floor
    assert "**Why:** [" in box and "**Basra:** none" in box
    assert "<div" not in box  # spans only: a block of HTML inside an admonition would break it


def test_a_refused_play_and_a_choice_read_well(egyptian):
    refused = admonition(egyptian, "A capturing card cannot be trailed")
    assert "Played without capturing" in refused and ">not allowed<" in refused
    assert "**Result:** this play is not allowed: 8♥ must capture" in refused
    choice = admonition(egyptian, "Equally large captures leave the choice to the player")
    assert "Takes, as the player chooses" in choice and '<span class="basra-or">or</span>' in choice


def test_earlier_plays_are_pictured_in_turn():
    box = admonition(render_variant("lebanese").markdown, "A lone three, a four beside it, then a seven")
    assert box.count('<span class="basra-play">') == 2
    assert "Earlier play" in box and "nothing: it is trailed" in box


def test_a_score_example_shows_the_cards_that_matter(egyptian):
    box = admonition(egyptian, "A hand with no tie for cards")
    assert "| Side | Cards taken | Cards that matter |" in box
    assert 'aria-label="jack of clubs"' in box


def test_no_text_from_a_file_goes_into_svg(tmp_path: Path):
    mark = "Zq9mark"
    (tmp_path / "evil.basra").write_text(f'variant evil "{mark} title" extends egyptian\n'
                                         f'about "{mark} about"\n', encoding="utf-8")
    example = {"name": f"{mark} example", "cite": f"{mark} cite", "rule": "pair", "floor": ["7H", "2C"],
               "plays": ["7S"], "expect": {"takes": ["7H"], "basra": 0}}
    (tmp_path / "evil.examples.yaml").write_text(yaml.safe_dump({"variant": "evil", "examples": [example]}),
                                                 encoding="utf-8")
    page = render_variant(tmp_path / "evil.basra")
    state = PageState(load_merged(tmp_path / "evil.basra"), bundled_variants())
    text = page.markdown + sprite_for(page.markdown) + seating_diagrams(state)
    assert mark in page.markdown  # the file's text is on the page...
    pictures = re.findall(r"<svg.*?</svg>", text, re.S)
    assert len(pictures) > 3
    assert not any(mark in svg for svg in pictures)  # ...but never inside a picture


# ------------------------------------------------------------------ seating diagrams

def seats(svg: ET.Element) -> dict[str, tuple[float, str]]:
    """Returns each seat's number -> (x, colour)."""
    circles = svg.findall(SVG + "circle")
    numbers = [t for t in svg.findall(SVG + "text") if t.text and t.text.isdigit()]
    return {t.text: (float(c.get("cx")), c.get("fill")) for c, t in zip(circles, numbers)}


def labels(svg: ET.Element) -> list[str]:
    return [" ".join(s.text for s in t.findall(SVG + "tspan")) for t in svg.findall(SVG + "text")
            if t.find(SVG + "tspan") is not None]


def test_two_players_sit_apart_one_dealing_the_other_leading(egyptian_state):
    rules = egyptian_state.by_players[2]
    svg = xml(table_svg(rules))
    assert set(seats(svg)) == {"1", "2"} and svg.get("role") == "img"
    assert labels(svg) == ["plays first", "deals"]  # seat 1, then seat 2
    words = seating_words(rules)
    assert "Player 2 deals and player 1 plays first." in words and "Each player plays alone." in words
    assert len({colour for _, colour in seats(svg).values()}) == 1


def test_four_players_show_partners_and_the_way_play_goes(egyptian_state):
    rules = egyptian_state.by_players[4]
    svg = xml(table_svg(rules))
    placed = seats(svg)
    assert placed["1"][1] == placed["3"][1] != placed["2"][1] == placed["4"][1]  # partners share a colour
    assert placed["2"][0] > CX > placed["4"][0]  # anticlockwise: the next player sits on the right
    assert "anticlockwise" in table_svg(rules)
    words = seating_words(rules)
    assert "Players 1 and 3 are partners, and so are players 2 and 4." in words
    assert "Player 4 deals, and player 1, on the dealer's right, plays first." in words
    assert labels(svg) == ["plays first", "deals"]
    clockwise = xml(table_svg(replace(rules, direction="clockwise")))
    assert seats(clockwise)["2"][0] < CX  # clockwise: on the left


def test_the_dealer_may_lead_and_keep_the_deal(egyptian_state):
    rules = replace(egyptian_state.by_players[4], lead="dealer", deal_passes="never")
    assert labels(xml(table_svg(rules))) == ["deals and plays first"]
    words = seating_words(rules)
    assert "Player 1 deals and plays first." in words and "The same player deals every hand." in words


def test_a_diagram_for_each_player_count(egyptian_state):
    text = seating_diagrams(egyptian_state)
    assert text.count('<span class="basra-seating">') == len(egyptian_state.by_players) == 2
    assert "<div" not in text and "\n\n" not in text  # one paragraph of spans: at home in a tab


# ------------------------------------------------------------------ piles: the top card (review G8)

def test_the_top_card_of_a_pile_is_marked():
    pile = [C.parse_card(x) for x in ("3C", "9D", "KS")]
    shown = cards_picture(pile, top=True)
    marked = re.search(r'<span class="basra-top">(.*?)</span></span>', shown).group(1)
    assert 'aria-label="king of spades"' in marked and '<span class="basra-top-mark">top' in marked
    assert shown.count('class="basra-top"') == 1 and "nine of diamonds" not in marked
    assert "basra-top" not in cards_picture(pile) and cards_picture([], top=True).startswith('<span class="basra-none"')
    css = (Path(__file__).resolve().parents[2] / "basra_dsl/rulebook/assets/stylesheets/basra.css").read_text()
    assert ".basra-top-mark" in css


def test_a_pile_example_marks_the_top_and_names_the_card_it_matches():
    pishti = render_variant("pishti").markdown
    box = admonition(pishti, "Matching the top card takes the whole stack")
    assert box.count('<span class="basra-top">') == 1  # the floor before the play; nothing stays after it
    assert "it matches the top card, " + card_html(C.parse_card("KS")) + ", so it takes the whole pile." in box
    under = admonition(pishti, "A card under the top cannot be matched")
    assert "it does not match the top card, " + card_html(C.parse_card("KS")) + ", so it is laid on the pile." in under
    assert "the capture rules allow it" not in pishti
    assert "basra-top" not in admonition(render_variant("egyptian").markdown, "A seven pairs a seven")


# ------------------------------------------------------------------ seating: two players, the cut, other directions (G5, G9)

def test_two_players_take_turns_and_alternate_the_deal():
    state = PageState(load_merged("pishti"), bundled_variants())
    words = seating_words(state.by_players[2])
    assert words[0] == "The two players take turns."
    assert "If the cut before the deal shows a jack, player 1 takes it." in words
    assert "The deal alternates: player 1 deals the next hand." in words


def test_the_diagrams_say_an_option_turns_play_the_other_way():
    text = seating_diagrams(PageState(load_merged("jordanian"), bundled_variants()))
    assert ("The diagrams show the default options. With *egyptian* for [*rest*](#option-rest), play goes "
            "anticlockwise (to the right) instead: the player on the dealer's right plays first and the deal "
            "passes to the right.") in text
    assert "The diagrams show" not in seating_diagrams(PageState(load_merged("egyptian"), bundled_variants()))
