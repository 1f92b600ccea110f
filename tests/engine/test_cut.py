"""The cut: a card of the cut's kind shown at the bottom of the cut is won at once (Pishti:
a jack goes to the non-dealer); any other card simply stays at the bottom of the pack."""

from __future__ import annotations

import random
from dataclasses import replace

from basra_dsl import cards as C
from basra_dsl import load_variant
from basra_dsl.engine.deal import deal_hand

JACKS = frozenset(c for c in C.FULL_PACK if C.rank(c) == C.rank(C.parse_card("JS")))


def pishti_like(winner: str = "next", lead: str = "next"):
    rules = load_variant("pishti")
    return replace(rules, cut_cards=JACKS, cut_winner=winner, lead=lead, bar_cards=frozenset())


def pack_with_bottom(card: int) -> list[int]:
    pack = [c for c in C.FULL_PACK if c != card]
    return pack + [card]


def dealt(deals) -> list[int]:
    return [c for d in deals for cards in (*d.hands, d.floor, *d.won) for c in cards]


def test_a_jack_at_the_bottom_of_the_cut_goes_to_the_non_dealer():
    rules = pishti_like()
    jack = C.parse_card("JH")
    first = 1  # seat 1 plays first, so seat 0 dealt
    deals = deal_hand(rules, pack_with_bottom(jack), first, random.Random(0))
    assert deals[0].won[1] == (jack,) and deals[0].won[0] == ()
    assert sorted(dealt(deals)) == sorted(C.FULL_PACK)  # nothing lost, nothing twice


def test_the_winner_can_be_the_dealer():
    rules = pishti_like(winner="dealer")
    jack = C.parse_card("JC")
    deals = deal_hand(rules, pack_with_bottom(jack), 1, random.Random(0))
    assert deals[0].won[0] == (jack,)


def test_when_the_dealer_leads_the_dealer_is_still_found():
    rules = pishti_like(winner="dealer", lead="dealer")
    jack = C.parse_card("JC")
    deals = deal_hand(rules, pack_with_bottom(jack), 1, random.Random(0))
    assert deals[0].won[1] == (jack,)  # seat 1 dealt and leads


def test_any_other_card_stays_at_the_bottom():
    rules = pishti_like()
    seven = C.parse_card("7D")
    deals = deal_hand(rules, pack_with_bottom(seven), 1, random.Random(0))
    assert not any(d.won for d in deals)
    last = deals[-1]
    assert seven in (*last.floor, *(c for h in last.hands for c in h))  # dealt last, like any card


def test_without_a_cut_nothing_is_won():
    rules = replace(pishti_like(), cut_cards=frozenset())
    deals = deal_hand(rules, pack_with_bottom(C.parse_card("JH")), 1, random.Random(0))
    assert not any(d.won for d in deals)
