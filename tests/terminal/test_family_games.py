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

from basra_dsl.terminal.widgets import CaptureScreen
from basra_dsl.cards import card_glyph
from test_play import play_card, playable, seed_where, settle, shot

FAMILY = ["scopa", "scopone", "escoba", "chkobba", "cirulla", "pasur", "xeri", "casino", "royal-casino", "kasino",
          "scopa-dassi", "stealing-bundles", "cuarenta", "royal-draw-casino", "spade-casino", "chinese-ten", "zwicker"]
CASES = [(name, players) for name in FAMILY for players in load(name).merged.player_counts()]


def person_move(table: Table) -> Move:
    """A pile taken where the rules take piles, else a capture where the hand has one (the
    first the engine lists), else a build where the rules build, else the first card's move."""
    moves = [move for card in table.hand for move in table.options(card)]
    for wanted in (lambda m: m.steal is not None, lambda m: m.capture, lambda m: m.build):
        found = next((m for m in moves if wanted(m)), None)
        if found is not None:
            return found
    return moves[0]


async def reach(app, pilot, wanted):
    """Plays the person's first playable card turn after turn until ``wanted(table)``; returns the table."""
    await settle(app, pilot)
    while not wanted(app.table):
        await play_card(app, pilot, playable(app.table))
    return app.table


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
    assert max(table.board.totals) >= rules.target or table.board.hands == rules.hands_limit


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


def test_building_in_casino_through_the_keys(tmp_path):
    """Casino at the screen: a card with a build among its moves asks which move; the build
    chosen by the keys shows on the floor as a unit with its value and owner."""
    from basra_dsl.terminal.widgets import CaptureScreen

    def can_build(table) -> bool:
        return any(m.build for card in table.hand for m in table.options(card))

    seed = seed_where("casino", "greedy", can_build)
    app = build_app("casino", bot="greedy", seed=seed, delay=0, record=str(tmp_path / "casino.json"))

    async def scenario():
        async with app.run_test(size=(110, 34)) as pilot:
            table = await reach(app, pilot, can_build)
            index = next(i for i, card in enumerate(table.hand) if any(m.build for m in table.options(card)))
            options = table.options(table.hand[index])
            await pilot.press(str(index + 1))
            assert isinstance(app.screen, CaptureScreen)
            listed = app.screen.query_one("#captures").render().plain.splitlines()
            assert any("build " in row for row in listed) and len(listed) == len(options), listed
            shot(app, "casino-build-choice")
            choice = next(i for i, m in enumerate(options) if m.build)
            await pilot.press(str(choice + 1))
            await settle(app, pilot)
            built = options[choice]
            ours = [p for p in table.state.plays if p.seat == table.seat and p.build]
            assert ours and ours[-1].value == built.value and set(ours[-1].build) == set(built.build)
            assert f"to make {built.value}" in app.panel_text("log")
            standing = [b for b in table.state.builds]
            assert all(f"build of {b.value}" in app.panel_text("floor") for b in standing)
            shot(app, "casino-build-on-the-floor")
            await pilot.press("q")

    asyncio.run(scenario())


def test_a_pile_to_take_is_shown_and_taken_through_the_keys():
    """Stealing Bundles at the screen: every pile's top card shows beside its side's score, a
    card that can take a pile says whose, and the choice names the pile's size and top card."""
    def pile_to_take(table) -> bool:
        return any(m.steal is not None for c in table.hand for m in table.options(c))
    optional = ("must_take=no",)  # taking left to the player: take the pile, or lay the card down
    seed = seed_where("stealing-bundles", "greedy", pile_to_take, optional)
    app = build_app("stealing-bundles", optional, bot="greedy", seed=seed, delay=0, record=None)

    async def scenario():
        async with app.run_test(size=(100, 32)) as pilot:
            table = await reach(app, pilot, pile_to_take)
            index, move = next((i, m) for i, c in enumerate(table.hand) for m in table.options(c)
                               if m.steal is not None)
            top = table.state.piles[move.steal][-1]
            assert "top" in app.panel_text("scores") and card_glyph(top) in app.panel_text("scores")
            shot(app, "stealing-bundles-pile-to-take")
            size = len(table.state.piles[move.steal])
            choice = table.options(table.hand[index]).index(move)
            await pilot.press(str(index + 1))
            await pilot.pause()
            assert isinstance(app.screen, CaptureScreen)  # the optional game: take the pile, or trail
            offered = app.screen.query_one("#captures").render().plain
            assert f"take Seat 2's pile ({size} cards, {card_glyph(top)} on top)" in offered, offered
            shot(app, "stealing-bundles-choice")
            await pilot.press(str(choice + 1))
            await settle(app, pilot)
            assert table.state.piles[0][-1] == move.card and len(table.state.piles[0]) >= size + 1
            assert "took Seat 2's pile" in app.panel_text("log") or "took" in app.panel_text("log")
            shot(app, "stealing-bundles-pile-taken")
            await pilot.press("q")

    asyncio.run(scenario())


def test_drawing_after_each_play_keeps_the_hand_full_on_screen():
    """Royal Draw Casino at the screen: after the person plays, they hold four cards again
    (the card drawn from the stock) until the stock runs out."""
    app = build_app("royal-draw-casino", bot="greedy", seed=3, delay=0, record=None)

    async def scenario():
        async with app.run_test(size=(100, 32)) as pilot:
            table = await reach(app, pilot, lambda t: t.your_turn)
            before = len(table.state.stock)
            assert len(table.hand) == 4 and before > 0
            await play_card(app, pilot, playable(table))
            await settle(app, pilot)
            assert len(table.hand) == 4 and len(table.state.stock) < before
            assert f"stock: {len(table.state.stock)} to draw" in app.query_one("#floor").border_title
            shot(app, "royal-draw-casino-drawn")
            await pilot.press("q")

    asyncio.run(scenario())


def test_the_card_turned_from_the_stock_is_played_next_on_screen():
    """Chinese Ten at the screen: after the person plays from the hand, the stock's top card
    is turned, the status says so, and it is the only card that may be played."""
    app = build_app("chinese-ten", bot="greedy", seed=2, delay=0, record=None)

    async def scenario():
        async with app.run_test(size=(100, 32)) as pilot:
            table = await reach(app, pilot, lambda t: t.your_turn and t.state.turned is None)
            before = len(table.state.stock)
            await play_card(app, pilot, playable(table))
            turned = table.state.turned
            assert turned is not None and table.your_turn and len(table.state.stock) == before - 1
            assert [c for c in table.hand if table.options(c)] == [turned]
            assert "You turned" in app.panel_text("status") and "from the stock: play it" in app.panel_text("status")
            assert f"stock: {before - 1} to turn" in app.query_one("#floor").border_title
            shot(app, "chinese-ten-turned")
            await play_card(app, pilot, table.hand.index(turned))
            assert turned not in table.hand and table.state.turned is None
            await pilot.press("q")

    asyncio.run(scenario())


def test_a_declaration_is_made_with_d_and_shown_to_the_table():
    """Cirulla at the screen: at the person's first turn after a deal with a low hand or three
    of a kind, the status offers the declaration; d declares it and the log shows the cards."""
    seed = seed_where("cirulla", "greedy", lambda t: t.your_turn and bool(t.state.declarations()))
    app = build_app("cirulla", bot="greedy", seed=seed, delay=0, record=None)

    async def scenario():
        async with app.run_test(size=(100, 32)) as pilot:
            table = await reach(app, pilot, lambda t: t.your_turn and bool(t.state.declarations()))
            name, points = table.state.declarations()[0]
            assert "press d to declare" in app.panel_text("status")
            await pilot.press("d")
            await settle(app, pilot)
            assert table.state.plays[-1].declared == name and table.state.shown[table.seat]
            assert "declared" in app.panel_text("log") and table.your_turn
            shot(app, "cirulla-declared")
            await pilot.press("q")

    asyncio.run(scenario())


def test_after_a_zwick_the_person_lays_a_card_on_screen():
    """Zwicker at the screen: after the person clears the floor, the status asks for a card
    to lay, every card only trails, and the card laid lies alone on the floor."""
    seed = seed_where("zwicker", "greedy", lambda t: t.your_turn and t.state.laying)
    app = build_app("zwicker", bot="greedy", seed=seed, delay=0, record=None)

    async def scenario():
        async with app.run_test(size=(100, 32)) as pilot:
            table = await reach(app, pilot, lambda t: t.your_turn and t.state.laying)
            assert "You cleared the floor" in app.panel_text("status") and not table.state.floor
            assert all(table.options(c) == [Move(c)] for c in table.hand)
            shot(app, "zwicker-lay-after-zwick")
            card = table.hand[0]
            await play_card(app, pilot, 0)
            assert card in table.state.floor or any(card in p for p in table.state.piles)
            await pilot.press("q")

    asyncio.run(scenario())
