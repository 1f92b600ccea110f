"""Properties of seeded random Egyptian games, for 2 players and 4 in partnerships."""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from basra_dsl import Game, load_variant
from basra_dsl.documents import Document
from basra_dsl.engine.random_play import random_move
from basra_dsl.play.records import record_of_hands, replay_document
from basra_dsl.play.simulate import play_game, play_hand

GAMES = {players: Game(load_variant("egyptian", players=players)) for players in (2, 4)}
seeds = st.integers(min_value=0, max_value=2**32 - 1)
player_counts = st.sampled_from([2, 4])


def _play(game: Game, seed: int, first: int = 0, carry=()):
    rng = random.Random(seed)
    state = game.new_hand(rng, first, carry)
    while not state.is_terminal():
        moves = state.legal_moves()
        assert moves, "a seat to play always has a legal move"
        state.play_move(random_move(state, rng))
    return state


@settings(max_examples=60, deadline=None)
@given(seed=seeds, players=player_counts)
def test_every_card_ends_in_exactly_one_place(seed, players):
    state = _play(GAMES[players], seed, seed % players)
    places = [c for pile in state.piles for c in pile] + list(state.unclaimed)
    assert sorted(places) == list(range(52))
    assert not state.floor and not any(state.hands)


@settings(max_examples=60, deadline=None)
@given(seed=seeds, players=player_counts, carried=st.sampled_from([0, 30, 60]))
def test_hand_points_total_43_plus_10_per_basra(seed, players, carried):
    state = _play(GAMES[players], seed, 0, (carried,))
    result = state.result()
    basras = sum(side.basras for side in result.sides)
    assert sum(result.points) + result.carry_out[0] - carried == 43 + 10 * basras
    assert all(p.bonus in (0, 10) for p in state.plays)


@settings(max_examples=25, deadline=None)
@given(seed=seeds, players=player_counts)
def test_games_end_with_a_winner(seed, players):
    game = GAMES[players]
    board = play_game(game, random.Random(seed), 0, random_move, max_hands=200)
    assert board.over and board.winner is not None
    assert max(board.totals) >= 101
    assert board.totals[board.winner] == max(board.totals)


@settings(max_examples=30, deadline=None)
@given(seed=seeds, players=player_counts)
def test_same_seed_same_game(seed, players):
    one, two = _play(GAMES[players], seed), _play(GAMES[players], seed)
    assert one.to_json() == two.to_json()


@settings(max_examples=30, deadline=None)
@given(seed=seeds, players=player_counts)
def test_replaying_a_simulated_record_reproduces_its_scores(seed, players):
    game = GAMES[players]
    rng = random.Random(seed)
    results, hands, carry = [], [], ()
    for index in range(2):
        result, record = play_hand(game, rng, index % players, carry, random_move, keep_record=True)
        carry = result.carry_out
        results.append(result)
        hands.append(record)
    record = json.loads(json.dumps(record_of_hands(game.rules, hands)))
    replay = replay_document(Document("<simulated>", record, {}))
    assert [h.result for h in replay.hands] == results
    assert list(replay.totals) == [sum(r.points[i] for r in results) for i in range(len(game.rules.sides))]


@pytest.mark.parametrize("players", [2, 4])
def test_random_bot_only_makes_legal_moves(players):
    game = GAMES[players]
    rng = random.Random(5)
    for _ in range(30):
        state = game.new_hand(rng)
        while not state.is_terminal():
            move = random_move(state, rng)
            state.apply(state.resolve(move.card, move.capture))
