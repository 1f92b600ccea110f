"""A whole game of every variant of the wider fishing family plays at the terminal game's
table and replays exactly from the record it writes: the dealing rules (a redeal, a first
floor won at the deal), totals to fifteen and eleven, sweeps that spare cards, pairs
first, the prime and the settled majorities, all through one table, as `basra play` plays.

One seat is played as a person at the keyboard would (a capturing choice where there is
one), the others by the greedy bot; the record goes to disk and `replay_file` reads it.
"""

from __future__ import annotations

import asyncio

import pytest
from basra_dsl import load_variant
from basra_dsl.cli.game import build_app
from basra_dsl.engine import Move
from basra_dsl.language.loader import load
from basra_dsl.play.records import replay_file
from basra_dsl.terminal.table import Table

from test_play import play_card, playable, settle, shot

FAMILY = ["scopa", "scopone", "escoba", "chkobba", "cirulla", "pasur", "xeri"]
CASES = [(name, players) for name in FAMILY for players in load(name).merged.player_counts()]


def person_move(table: Table) -> Move:
    """A capture where the hand has one (the first the engine lists), else a trail."""
    for card in table.hand:
        for capture in table.options(card):
            if capture:
                return Move(card, capture)
    card = table.hand[0]
    return Move(card, table.options(card)[0] if table.options(card) else ())


@pytest.mark.parametrize("name, players", CASES, ids=[f"{n}-{p}" for n, p in CASES])
def test_a_whole_game_plays_and_replays_exactly(tmp_path, name, players):
    rules = load_variant(name, players=players)
    record = tmp_path / "game.json"
    table = Table(rules, 0, "greedy", seed=11, record=record)
    while True:
        while not table.hand_over:
            table.play(person_move(table) if table.your_turn else table.bot_move())
        if not table.next_hand():
            break
    assert table.game_over and table.board.over
    replay = replay_file(record)
    assert replay.totals == tuple(table.board.totals) and replay.winner == table.board.winner
    assert [h.result for h in replay.hands] == table.results
    assert max(table.board.totals) >= rules.target


def test_a_whole_game_of_escoba_through_the_keys(tmp_path):
    """Escoba at the screen: fifteens, the first floor won at the deal, the game to its end."""
    record = tmp_path / "escoba.json"
    app = build_app("escoba", bot="greedy", seed=2, delay=0, record=str(record))

    async def scenario():
        async with app.run_test(size=(100, 32)) as pilot:
            await settle(app, pilot)
            assert app.panel_text("title").startswith("Escoba")
            shot(app, "escoba-first-turn")
            while not app.table.game_over:
                while not app.table.hand_over:
                    await play_card(app, pilot, playable(app.table))
                if not app.table.game_over:
                    await pilot.press("enter")
                    await settle(app, pilot)
            assert "Game over" in app.panel_text("status")
            shot(app, "escoba-game-over")
            await pilot.press("q")
        replay = replay_file(record)
        assert replay.totals == tuple(app.table.board.totals) and replay.winner == app.table.board.winner

    asyncio.run(scenario())
