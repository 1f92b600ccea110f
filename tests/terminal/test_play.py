"""The terminal game (``basra play``), driven headless with Textual's pilot.

Bots play at once (delay 0). A whole hand of two-player Egyptian and one of four-player
partnership Egyptian are played through the keys; the screen shows the hand, the floor,
the scores and whose turn it is; a card with several captures offers the list; keys the
game does not use change nothing; resizing does not break it; the record written as the
hand ends replays to the same scores; quitting in the first hand says that no record is
written, and writes none; a new deal within a hand gets its line in the play by play; the
help shows the variant's 'Play in a minute', says how to close it, and scrolls in a 40-row
terminal. Screenshots (SVG) go to artifacts/terminal/, with a PNG beside some of them when
Chromium is installed to draw it.
"""

from __future__ import annotations

import asyncio
import json
import re
import time
from pathlib import Path

import pytest

from basra_dsl.cards import card_glyph, card_name
from basra_dsl.check.playable import load_playable
from basra_dsl.cli import main
from basra_dsl.cli.game import build_app
from basra_dsl.engine import Move, RuleError
from basra_dsl.play.records import replay_file
from basra_dsl.rulebook.text.safe import inline, plain
from basra_dsl.terminal.help import markdown_lines, quickstart_lines
from basra_dsl.terminal.table import DealEvent, Table
from basra_dsl.terminal.widgets import CaptureScreen, HelpScreen, QuitScreen

ROOT = Path(__file__).resolve().parents[2]
SHOTS = ROOT / "artifacts" / "terminal"


def shot(app, name: str) -> Path:
    """Saves an SVG screenshot of the app's screen in artifacts/terminal/."""
    SHOTS.mkdir(parents=True, exist_ok=True)
    app.save_screenshot(f"{name}.svg", str(SHOTS))
    return SHOTS / f"{name}.svg"


def png(svg: Path) -> Path | None:
    """Draws an SVG screenshot as a PNG beside it with headless Chromium, for a person to look
    at (None when Chromium or chromidriver is not installed: the SVG is still there)."""
    from browser import chromium, missing  # tests/browser.py

    if missing():
        return None
    text = svg.read_text(encoding="utf-8")
    width, height = (round(float(n)) for n in re.search(r'viewBox="0 0 ([\d.]+) ([\d.]+)"', text).groups())
    with chromium(window=f"{width},{height}") as browser:
        browser.get(svg.resolve().as_uri())
        time.sleep(0.3)
        browser.save_screenshot(str(svg.with_suffix(".png")))
    return svg.with_suffix(".png")


async def settle(app, pilot, limit: float = 20.0, failing: bool = False) -> None:
    """Waits until the game waits for the person (their turn, or a hand's end); unless
    ``failing``, a rule of the variant must not have failed."""
    deadline = time.monotonic() + limit
    while not app.waiting_for_person:
        assert time.monotonic() < deadline, "the bots never gave the turn back"
        await pilot.pause()
    await pilot.pause()
    assert failing or app.failure is None, app.failure


def playable(table) -> int:
    """The index of the first card of the person's hand that has a move."""
    return next((i for i, card in enumerate(table.hand) if table.options(card)), 0)


def with_a_choice(table) -> int | None:
    """The index of a card of the person's hand that can take more than one set, if any."""
    return next((i for i, card in enumerate(table.hand) if len(table.options(card)) > 1), None)


async def play_card(app, pilot, index: int) -> None:
    """Plays a card by its number; a capture asked for is the first one offered."""
    await pilot.press(str(index + 1))
    if isinstance(app.screen, CaptureScreen):
        await pilot.press("1")
    await settle(app, pilot)


def seed_where(variant: str, bot: str, wanted, options: tuple[str, ...] = ()) -> int:
    """Returns a seed whose first hand, played as ``play_card`` plays it (the first card that
    has a move, its first capture), comes to a turn of the person's where ``wanted(table)``
    holds. Found on the plain table, which the screen plays move for move."""
    for seed in range(300):
        table = build_app(variant, options, bot=bot, seed=seed, delay=0, record=None).table
        table.save.path = None  # a search writes nothing
        while not table.hand_over:
            if table.your_turn:
                if wanted(table):
                    return seed
                card = table.hand[playable(table)]
                table.play(table.options(card)[0])
            else:
                table.play(table.bot_move())
    raise AssertionError(f"no seed up to 300 comes to such a turn in {variant}")


def unplayable(table) -> int | None:
    """The index of a card of the person's hand that the rules do not let them play now, if any."""
    return next((i for i, card in enumerate(table.hand) if not table.options(card)), None)


def test_a_whole_hand_of_egyptian_through_the_keys(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)  # the record goes to the working folder by default
    seed = seed_where("egyptian", "random", lambda table: with_a_choice(table) is not None)
    app = build_app("egyptian", bot="random", seed=seed, delay=0)
    record = tmp_path / f"basra-egyptian-{seed}.json"
    assert app.table.save.path == record

    async def scenario():
        async with app.run_test(size=(100, 30)) as pilot:
            await settle(app, pilot)
            table = app.table
            assert table.your_turn  # seat 1 (index 0) leads the first hand
            assert "Egyptian Basra" in app.panel_text("title") and f"seed {seed}" in app.panel_text("title")
            assert all(card_glyph(c) in app.panel_text("hand") for c in table.hand)
            assert all(card_glyph(c) in app.panel_text("floor") for c in table.state.floor)
            assert "You: 0" in app.panel_text("scores") and "Seat 2: 0" in app.panel_text("scores")
            assert app.panel_text("status").startswith("Your turn")
            shot(app, "egyptian-start")

            # keys the game does not use, and a digit past the hand, do nothing
            before = (table.hand, list(table.state.floor), len(table.events), table.to_move)
            await pilot.press("x", "0", "9", "z", "ctrl+x", "space", "tab")
            await pilot.pause()
            assert (table.hand, list(table.state.floor), len(table.events), table.to_move) == before
            assert not isinstance(app.screen, (CaptureScreen, HelpScreen, QuitScreen))

            # play on to the turn where a card can take more than one set
            while with_a_choice(table) is None:
                await play_card(app, pilot, playable(table))
            index = with_a_choice(table)
            card, options = table.hand[index], table.options(table.hand[index])
            await pilot.press(str(index + 1))
            assert isinstance(app.screen, CaptureScreen)
            listed = app.screen.query_one("#captures").render().plain.splitlines()
            assert len(listed) == len(options) and all("take" in row or "trail" in row for row in listed)
            shot(app, "egyptian-capture-choice")
            await pilot.press("x", "0")  # not a choice: the list stays
            assert isinstance(app.screen, CaptureScreen)
            await pilot.press("escape")  # back to the hand, nothing played
            assert not isinstance(app.screen, CaptureScreen) and card in table.hand and table.your_turn
            await pilot.press(str(index + 1), "down", "enter")  # the second set, by the arrows
            await settle(app, pilot)
            mine = [e.play for e in table.events if e.play is not None and e.play.seat == 0][-1]
            assert mine.card == card and set(mine.captured) == set(options[1].capture)

            while not table.hand_over:
                await play_card(app, pilot, playable(table))
            assert "Totals:" in app.panel_text("floor") and "Hand over" in app.panel_text("status")
            assert "Hand 1 scored" in app.panel_text("log")
            shot(app, "egyptian-hand-over")

            replay = replay_file(record)  # written as the hand ended
            assert replay.totals == tuple(table.board.totals) and len(replay.hands) == 1
            assert [p.card for p in replay.hands[0].plays] == [p.card for p in table.state.plays]
            assert json.loads(record.read_text(encoding="utf-8"))["seed"] == seed

            for size in [(46, 14), (30, 8), (160, 50), (100, 30)]:
                await pilot.resize_terminal(*size)
                await pilot.pause()
            shot(app, "egyptian-resized")

            await pilot.press("enter")  # the next hand
            await settle(app, pilot)
            assert table.hand_number == 2 and "hand 2" in app.panel_text("title")

            await pilot.press("q")
            assert isinstance(app.screen, QuitScreen)
            said = app.screen.text.plain
            assert f"Record: {record} (1 hand;" in said and "The hand in play is not kept in it." in said
            await pilot.press("n")
            assert not isinstance(app.screen, QuitScreen)
            await pilot.press("q", "y")
        assert replay_file(record).totals == replay.totals  # the unfinished hand is not in the record

    asyncio.run(scenario())


def test_quitting_in_the_first_hand_says_no_record_is_written_and_writes_none(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    app = build_app("egyptian", bot="random", seed=5, delay=0)
    record = app.table.save.path

    async def scenario():
        async with app.run_test(size=(100, 30)) as pilot:
            await settle(app, pilot)
            await play_card(app, pilot, playable(app.table))
            await pilot.press("q")
            assert isinstance(app.screen, QuitScreen)
            said = app.screen.text.plain
            assert "No record is written if you quit now" in said and "the first hand is not over" in said
            assert "will be written" not in said and str(record) not in said
            png(shot(app, "egyptian-quit-first-hand"))
            await pilot.press("y")
        assert not app.is_running

    asyncio.run(scenario())
    assert not record.exists() and list(tmp_path.iterdir()) == []


def test_a_new_deal_within_a_hand_gets_a_line_in_the_play_by_play(tmp_path):
    app = build_app("egyptian", bot="random", seed=7, delay=0, record=str(tmp_path / "deals.json"))

    async def scenario():
        async with app.run_test(size=(100, 30)) as pilot:
            await settle(app, pilot)
            table = app.table
            assert "New deal" not in app.panel_text("log")  # the hand's first deal is its "Hand 1" line
            while len(table.state.plays) < 2 * 4:  # two players, four cards each: then the second deal
                await play_card(app, pilot, playable(table))
            assert table.your_turn and len(table.hand) == 4  # the second deal is in the hand
            assert app.panel_text("log").splitlines()[-1] == "New deal (2 of 6): 4 cards each"
            kinds = [e.kind for e in table.events]
            assert kinds == ["hand"] + ["play"] * 8 + ["deal"]  # right after the play that emptied the hands
            png(shot(app, "egyptian-new-deal"))
            while not table.hand_over:
                await play_card(app, pilot, playable(table))
            log = app.panel_text("log")
            assert [line for line in log.splitlines() if line.startswith("New deal")] == [
                f"New deal ({n} of 6{', the last' if n == 6 else ''}): 4 cards each" for n in range(2, 7)]
            deals = [e for e in table.events if isinstance(e, DealEvent)]
            assert [e.number for e in deals] == [2, 3, 4, 5, 6] and all(e.hand == 1 for e in deals)
            assert table.events[-1].kind == "result" and not isinstance(table.events[-2], DealEvent)

    asyncio.run(scenario())


def test_a_whole_hand_of_four_player_partnership_egyptian(tmp_path):
    record = tmp_path / "four.json"
    app = build_app("egyptian", players=4, seat=1, bot="greedy", seed=11, delay=0, record=str(record))

    async def scenario():
        async with app.run_test(size=(110, 32)) as pilot:
            await settle(app, pilot)  # seat 1, a bot, leads: the bots play up to the person's turn
            table = app.table
            assert table.your_turn and 0 in table.last
            seats = app.panel_text("seats")
            assert "Seat 1" in seats and "Seat 3" in seats and "Seat 4 (partner)" in seats
            assert "played" in seats.splitlines()[0] or "trailed" in seats.splitlines()[0]
            scores = app.panel_text("scores")
            assert "Seats 1 + 3: 0" in scores and "You + seat 4: 0" in scores
            turns = 0
            while not table.hand_over:
                await play_card(app, pilot, playable(table))
                turns += 1
                if turns == 3:
                    shot(app, "egyptian4-mid-hand")
            await pilot.pause()
            shot(app, "egyptian4-hand-over")
            assert "Hand 1 scored" in app.panel_text("log")
            replay = replay_file(record)
            assert replay.totals == tuple(table.board.totals) and replay.rules.players == 4
            assert set(replay.rules.sides) == {(0, 2), (1, 3)}

    asyncio.run(scenario())


def test_a_card_the_rules_refuse_shows_the_engines_message_and_plays_nothing(tmp_path):
    seed = seed_where("ashush", "random", lambda table: unplayable(table) is not None)  # who can take must
    app = build_app("ashush", bot="random", seed=seed, delay=0, record=str(tmp_path / "a.json"))

    async def scenario():
        async with app.run_test(size=(100, 30)) as pilot:
            await settle(app, pilot)
            table = app.table
            while unplayable(table) is None:
                await play_card(app, pilot, playable(table))
            index = unplayable(table)
            card = table.hand[index]
            before = (table.hand, len(table.events))
            await pilot.press(str(index + 1))
            await pilot.pause()
            assert (table.hand, len(table.events)) == before and table.your_turn
            message = app.panel_text("message")
            assert message.startswith(f"{card_name(card)} takes nothing, and a player who can capture must")
            shot(app, "ashush-refused")
            await play_card(app, pilot, playable(table))
            assert app.panel_text("message") != message  # a legal play clears it

    asyncio.run(scenario())


def test_a_rule_failing_during_play_ends_the_game_for_the_command_to_report(tmp_path):
    variant = tmp_path / "boom.basra"
    variant.write_text('variant boom "Boom" extends egyptian\n\nbasra:\n'
                       '  boom: 10 / (floor.count - floor.count) when floor.count > 0\n', encoding="utf-8")
    app = build_app(str(variant), bot="random", seed=1, delay=0, record=str(tmp_path / "boom.json"))

    async def scenario():
        async with app.run_test(size=(100, 30)) as pilot:
            await settle(app, pilot, failing=True)
            while app.failure is None and not app.table.hand_over:
                await pilot.press(str(playable(app.table) + 1))
                if isinstance(app.screen, CaptureScreen):
                    await pilot.press("1")
                await settle(app, pilot, failing=True)

    asyncio.run(scenario())
    assert isinstance(app.failure, RuleError) and app.failure.rule == "boom"


def test_help_shows_the_variants_play_in_a_minute():
    app = build_app("egyptian", bot="random", seed=1, delay=0, record=None)
    app.table.save.path = None
    lines = quickstart_lines(load_playable("egyptian"))
    assert lines[0] == "Play in a minute"

    async def scenario():
        async with app.run_test(size=(100, 30)) as pilot:
            await settle(app, pilot)
            await pilot.press("question_mark")
            assert isinstance(app.screen, HelpScreen)
            shown = app.screen.query_one("#help-text").content.plain
            assert all(line.strip() in shown for line in lines if line.strip())
            assert "The dealer deals 4 cards to each player" in shown and "](#" not in shown
            await pilot.press("1")  # the help covers the table: no card is played
            assert app.table.your_turn and len(app.table.hand) == 4
            shot(app, "egyptian-help")
            await pilot.press("escape")
            assert not isinstance(app.screen, HelpScreen)
            await pilot.press("f1")
            assert isinstance(app.screen, HelpScreen)
            await pilot.press("q")  # q closes the help rather than quitting
            assert not isinstance(app.screen, HelpScreen) and app.is_running

    asyncio.run(scenario())


def test_a_stack_floor_marks_its_top_and_the_bonus_has_the_variants_name(tmp_path):
    app = build_app("pishti", bot="greedy", seed=2, delay=0, record=str(tmp_path / "p.json"))

    async def scenario():
        async with app.run_test(size=(90, 26)) as pilot:
            await settle(app, pilot)
            top = app.table.state.floor[-1]
            assert app.panel_text("floor").startswith(f"top: {card_glyph(top)} ◀")
            assert app.screen.query_one("#floor").border_title.startswith("Pile")

    asyncio.run(scenario())


def test_a_variants_own_text_is_shown_as_written_and_its_game_ends(tmp_path):
    variant = tmp_path / "mine.basra"  # markup in its title and bonus name is text; one hand wins
    variant.write_text('variant mine "[red]Mine[/red] & co" extends egyptian\n\nbasra:\n  called "[b]zap[/b]"\n\n'
                       'game:\n  first to 1\n', encoding="utf-8")
    record = tmp_path / "mine.json"
    app = build_app(str(variant), bot="random", seed=3, delay=0, record=str(record))
    assert app.table.record()["variant"] == "mine.basra"  # replay finds the file beside the record

    async def scenario():
        async with app.run_test(size=(100, 30)) as pilot:
            await settle(app, pilot)
            assert app.panel_text("title").startswith("[red]Mine[/red] & co")
            await pilot.press("question_mark")
            assert "How to play [red]Mine[/red] & co" in app.screen.query_one("#help-text").content.plain
            await pilot.press("escape")
            while not app.table.hand_over:
                await play_card(app, pilot, playable(app.table))
            assert app.table.game_over
            floor, status = app.panel_text("floor"), app.panel_text("status")
            assert "the game" in floor and "Game over" in status and str(record) in status
            assert "[b]zap[/b]s" in floor or "[b]zap[/b] +" in floor
            shot(app, "mine-game-over")
            await pilot.press("enter")  # no next hand after the last
            assert app.table.hand_number == 1
            await pilot.press("q")  # the game is over: no question
        replay = replay_file(record)
        assert replay.winner == app.table.board.winner and replay.totals == tuple(app.table.board.totals)

    asyncio.run(scenario())


def test_the_help_says_how_to_close_it_and_scrolls_in_a_40_row_terminal():
    app = build_app("egyptian", bot="random", seed=1, delay=0, record=None)
    app.table.save.path = None

    async def scenario():
        async with app.run_test(size=(100, 40)) as pilot:
            await settle(app, pilot)
            await pilot.press("question_mark")
            assert isinstance(app.screen, HelpScreen)
            await pilot.pause()
            close = app.screen.query_one("#help-close")
            assert close.content.plain.startswith("Esc or ? closes this")
            assert close.region.height == 1 and close.region.y >= 0  # on the screen, above the text
            assert app.screen.query_one("#help-box").border_subtitle == "Esc or ? closes this"
            scroll = app.screen.query_one("#help-scroll")
            assert scroll.has_focus and scroll.max_scroll_y > 0  # longer than 40 rows: it scrolls
            assert scroll.scroll_y == 0
            png(shot(app, "egyptian-help-40-rows"))
            await pilot.press("pagedown")
            await pilot.pause()
            assert scroll.scroll_y > 0
            await pilot.press("end")
            await pilot.pause()
            assert scroll.scroll_y == scroll.max_scroll_y
            assert "Esc or ? closes this help" in app.screen.query_one("#help-text").content.plain.splitlines()[-1]
            png(shot(app, "egyptian-help-40-rows-end"))
            await pilot.press("question_mark")  # ? closes it as it opened it
            assert not isinstance(app.screen, HelpScreen) and app.table.your_turn
            await pilot.resize_terminal(60, 20)  # a small terminal: the way out is still in sight
            await pilot.press("f1")
            await pilot.pause()
            assert app.screen.query_one("#help-close").region.height == 1
            await pilot.press("escape")
            assert not isinstance(app.screen, HelpScreen)

    asyncio.run(scenario())


@pytest.mark.parametrize("text", ["[link](http://x) *bold* `code`", "a_b _c_ \\ & &amp; <b>", "1. #2 {#x} |y|"])
def test_the_help_reads_the_rulebooks_escapes_back_to_the_text(text):
    assert markdown_lines(inline(text)) == [plain(text)]


# ------------------------------------------------------------------ the plain table

def test_a_seed_deals_the_same_cards_and_the_bots_answer_the_same():
    rules = build_app("egyptian", seed=0, record=None).table.rules

    def first_hand(seed: int) -> list:
        table = Table(rules, 1, "greedy", seed)
        while not table.hand_over:
            if table.your_turn:
                card = table.hand[playable(table)]
                table.play(table.options(card)[-1])
            else:
                table.play(table.bot_move())
        return table.records[0]

    assert first_hand(5) == first_hand(5)
    assert first_hand(5)["deals"] != first_hand(6)["deals"]


def test_an_illegal_move_is_refused_by_the_engine_with_its_message():
    table = build_app("egyptian", seed=4, record=None).table
    table.save.path = None
    stranger = next(c for c in table.rules.deck if c not in table.hand)
    with pytest.raises(ValueError, match="not in this player's hand"):
        table.play(Move(stranger))
    assert table.your_turn and not table.events[1:]


# ------------------------------------------------------------------ the command line

@pytest.mark.parametrize("arguments, message", [
    (["--bot", "clever"], "'clever' is not one of"),
    (["--seat", "3"], "seat 3 does not exist with 2 players: choose 1 to 2"),
    (["--seat", "0"], "--seat"),
    (["--players", "4", "--seat", "5"], "seat 5 does not exist with 4 players"),
    (["--samples", "8"], "use it with --bot search"),
    (["--record", "no/such/folder/game.json"], "the folder of no/such/folder/game.json does not exist"),
])
def test_bad_arguments_exit_2_with_a_clear_message(runner, arguments, message):
    result = runner.invoke(main, ["play", "egyptian", *arguments])
    assert result.exit_code == 2, result.output
    assert message in result.stderr


def test_play_needs_a_terminal(runner, tmp_path):
    result = runner.invoke(main, ["play", "egyptian", "--seed", "1", "--record", str(tmp_path / "g.json")])
    assert result.exit_code == 2 and "needs a terminal" in result.stderr
    assert not (tmp_path / "g.json").exists()


def test_an_unknown_variant_is_refused_input(runner):
    result = runner.invoke(main, ["play", "no-such-variant"])
    assert result.exit_code == 1 and "no-such-variant" in result.output


def test_play_is_listed_and_explains_itself(runner):
    assert "play" in runner.invoke(main, ["--help"]).output
    result = runner.invoke(main, ["play", "--help"])
    assert result.exit_code == 0 and "--seat" in result.output and "BASRA_BOT_DELAY" in result.output
