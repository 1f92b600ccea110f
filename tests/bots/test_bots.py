"""Bots play only legal moves, see only what their seat may see, and are seeded.

The information-hiding property: two hands that look the same from the seat to move
(same hand, floor, plays, piles), but whose hidden cards (the others' hands, the undealt
pack) lie differently, give every bot the same view and, with the same seed, the same move.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from basra_dsl import Game, load_variant
from basra_dsl.bots import BOT_NAMES, SeatView, make_bot, move_of
from basra_dsl.engine import Deal
from basra_dsl.engine.random_play import random_move

VARIANTS = ["egyptian", "pishti", "ashush", "lebanese"]  # adding up, a stack floor, compulsory hand, plain


def bot(name: str):
    return make_bot(name, samples=4)  # a weak search: the properties do not depend on strength


def hands_in_play(name: str, seed: int, plays: int, players: int | None = None):
    """Returns a hand of the variant after ``plays`` random plays (fewer if it ends)."""
    rules = load_variant(name, **({"players": players} if players else {}))
    rng = random.Random(seed)
    state = Game(rules).new_hand(rng, seed % rules.players)
    for _ in range(plays):
        if state.turn < 0:
            break
        state.play_move(random_move(state, rng))
    return state


@pytest.mark.parametrize("variant", VARIANTS)
@pytest.mark.parametrize("name", BOT_NAMES)
def test_every_move_a_bot_makes_is_legal(variant, name):
    rules = load_variant(variant)
    game, rng = Game(rules), random.Random(3)
    players = [bot(name) for _ in range(rules.players)]
    for first in range(2):
        state = game.new_hand(rng, first)
        while state.turn >= 0:
            legal = state.legal_moves()
            move = move_of(players[state.turn], state, rng)
            assert move in legal
            state.apply(move)  # checked again by the engine


def shuffled_hidden(state, rng: random.Random):
    """Returns a copy of the hand with the hidden cards (others' hands, undealt pack) moved
    around at random; everything the seat to move sees stays as it was."""
    copy = state.clone()
    seat = state.turn
    hidden = [c for s, hand in enumerate(copy.hands) if s != seat for c in hand]
    later = copy.deals[copy.deal_index:]
    hidden += [c for d in later for part in (*d.hands, d.floor, *d.won) for c in part]
    rng.shuffle(hidden)
    cards = iter(hidden)
    for s, hand in enumerate(copy.hands):
        if s != seat:
            copy.hands[s] = [next(cards) for _ in hand]
    copy.deals = copy.deals[:copy.deal_index] + [
        Deal(tuple(tuple(next(cards) for _ in h) for h in d.hands), tuple(next(cards) for _ in d.floor),
             tuple(tuple(next(cards) for _ in w) for w in d.won)) for d in later]
    return copy


@settings(max_examples=40, deadline=None)
@given(variant=st.sampled_from(VARIANTS), name=st.sampled_from(BOT_NAMES), seed=st.integers(0, 10_000),
       plays=st.integers(0, 30), other=st.integers(0, 10_000))
def test_a_bot_never_depends_on_cards_it_cannot_see(variant, name, seed, plays, other):
    state = hands_in_play(variant, seed, plays)
    if state.turn < 0:
        return
    twin = shuffled_hidden(state, random.Random(other))
    view, twin_view = SeatView.of(state), SeatView.of(twin)
    assert view == twin_view  # the same observation...
    first = move_of(bot(name), state, random.Random(seed))
    second = move_of(bot(name), twin, random.Random(seed))
    assert first == second  # ...and so the same move


def test_a_view_shows_the_seat_its_own_hand_and_hides_the_rest():
    state = hands_in_play("egyptian", 5, 3)
    view = SeatView.of(state)
    seat = state.turn
    assert view.hand == tuple(state.hands[seat]) and view.floor == tuple(state.floor)
    others = [c for s, hand in enumerate(state.hands) if s != seat for c in hand]
    undealt = [c for d in state.deals[state.deal_index:] for part in (*d.hands, d.floor) for c in part]
    assert sorted(view.unseen) == sorted(others + undealt)
    assert not set(view.unseen) & (set(view.hand) | set(view.floor))
    assert view.hand_sizes == tuple(len(h) for h in state.hands)


def test_a_sample_keeps_every_count_and_what_the_seat_sees():
    state = hands_in_play("egyptian", 9, 5, players=4)
    view = SeatView.of(state)
    sample = view.sample(random.Random(1))
    assert sample.hands[view.seat] == list(view.hand) and sample.floor == list(view.floor)
    assert [len(h) for h in sample.hands] == [len(h) for h in state.hands]
    later = lambda s: [c for d in s.deals[s.deal_index:] for part in (*d.hands, d.floor) for c in part]  # noqa: E731
    assert sorted([c for s, h in enumerate(sample.hands) if s != view.seat for c in h] + later(sample)) == list(view.unseen)
    assert len(later(sample)) == len(later(state))


@pytest.mark.parametrize("name", BOT_NAMES)
def test_a_bot_is_seeded(name):
    state = hands_in_play("yemeni", 2, 4)
    moves = {move_of(bot(name), state.clone(), random.Random(8)) for _ in range(3)}
    assert len(moves) == 1


def test_the_random_bot_plays_as_the_reference_player():
    state = hands_in_play("egyptian", 4, 2)
    for seed in range(20):
        move = random_move(state.clone(), random.Random(seed))
        assert move_of(make_bot("random"), state.clone(), random.Random(seed)) == move


def test_greedy_takes_a_basra_when_it_can():
    """A sources' rule case: clearing the floor with a numeral scores a basra (10 in
    Egyptian Basra, 'Basra Fishing Games'); greedy prefers it to a trail or a smaller take."""
    rules = load_variant("egyptian")
    from basra_dsl.cards import parse_card as c
    deals = [Deal((( c("5H"), c("9S"), c("KD"), c("2C")), (c("3H"), c("4S"), c("QD"), c("8C"))),
                  (c("2D"), c("3C"))),
             Deal(((), ()), ())]
    state = Game(rules).hand_from_deals(deals, first=0)
    move = move_of(make_bot("greedy"), state, random.Random(0))
    assert move.card == c("5H") and sorted(move.capture) == sorted((c("2D"), c("3C")))


def test_an_unknown_bot_is_refused_by_name():
    with pytest.raises(ValueError, match="the bots are random, casual, greedy, search"):
        make_bot("clever")
