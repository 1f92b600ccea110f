"""The terminal game's Textual app: the table on the screen, the keys, and the bots' turns.

``BasraApp`` shows a ``Table`` through ``view`` and turns keys into moves: a digit or
the arrows and Enter choose a card; a card with several captures asks which
(``CaptureScreen``); every move goes to ``Table.play``, that is to ``State.apply``, and a
refused one shows the engine's own message. Bots choose in a worker thread after
``bot_delay`` seconds (0 in tests), so the screen keeps answering while a search bot thinks.
``?`` or F1 opens the help, ``q`` asks before quitting; keys the game does not use do
nothing. A rule of the variant failing during play (``RuleError``) ends the app with
``failure`` set, for the command to report as the other commands do.
"""

from __future__ import annotations

from typing import Callable

from rich.text import Text
from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal
from textual.screen import ModalScreen
from textual.widgets import Footer, RichLog, Static

from ..engine import IllegalMove, Move
from ..rulebook.text.safe import plain
from . import view
from .help import keys_lines
from .table import Table
from .widgets import DIGITS, CaptureScreen, ChoiceList, HelpScreen, QuitScreen, help_text

Quickstart = Callable[[], list[str]]


class BasraApp(App[None]):
    """One game against bots in the terminal (see the module's docstring)."""

    TITLE = "basra play"
    ENABLE_COMMAND_PALETTE = False
    CSS = """
    Screen { layout: vertical; }
    #title { height: 1; background: $primary-darken-2; color: $text; padding: 0 1; }
    #top { height: auto; max-height: 45%; }
    #seats { width: 3fr; height: auto; border: round $secondary; padding: 0 1; }
    #scores { width: 2fr; height: auto; border: round $secondary; padding: 0 1; }
    #floor { height: auto; min-height: 3; border: round $success; padding: 0 1; }
    #bottom { height: 1fr; min-height: 4; }
    #hand { width: 2fr; height: 100%; border: round $accent; padding: 0 1; }
    #log { width: 3fr; height: 100%; border: round $secondary; padding: 0 1; background: $background;
           overflow-x: hidden; overflow-y: auto; scrollbar-size-vertical: 1; scrollbar-background: $background; }
    #message { height: auto; padding: 0 1; }
    #status { height: auto; padding: 0 1; background: $boost; }
    """
    BINDINGS = [Binding("question_mark", "help", "Help"), Binding("f1", "help", "Help", show=False),
                Binding("q", "quit_game", "Quit"), Binding("d", "declare", "Declare", show=False), *DIGITS]

    def __init__(self, table: Table, *, bot_delay: float = 0.6, quickstart: Quickstart | None = None):
        super().__init__()
        self.table = table
        self.bot_delay = max(0.0, float(bot_delay))
        self.quickstart = quickstart
        self.thinking = False  # a bot is choosing its move
        self.message: Text | None = None  # the engine's refusal, or the last bonus announced
        self.failure: BaseException | None = None  # a rule of the variant failed: the command reports it
        self._logged = 0  # how many of the table's events the log shows
        self._help: Text | None = None

    # ------------------------------------------------------------ the screen
    def compose(self) -> ComposeResult:
        yield Static(id="title", markup=False)
        with Horizontal(id="top"):
            yield Static(id="seats", markup=False)
            yield Static(id="scores", markup=False)
        yield Static(id="floor", markup=False)
        with Horizontal(id="bottom"):
            yield ChoiceList(id="hand")
            yield RichLog(id="log", markup=False, wrap=True, max_lines=2000)
        yield Static(id="message", markup=False)
        yield Static(id="status", markup=False)
        yield Footer()

    def on_mount(self) -> None:
        self.query_one("#seats").border_title = "Other seats"
        self.query_one("#scores").border_title = "Scores · taken this hand"
        self.query_one("#hand").border_title = "Your hand"
        log = self.query_one("#log", RichLog)
        log.border_title = "Play by play"
        log.can_focus = False  # the hand keeps the keys
        rows = max(self.table.players - 1, len(self.table.rules.sides)) + 2  # lines and borders
        for name in ("#seats", "#scores"):
            self.query_one(name).styles.min_height = rows  # the two boxes side by side, one height
        self.query_one("#hand").focus()
        self.show_table()
        self.advance()

    def show_table(self) -> None:
        """Shows the table as it is now."""
        table = self.table
        self.query_one("#title", Static).update(view.title_text(table))
        self.query_one("#seats", Static).update(view.seats_text(table))
        self.query_one("#scores", Static).update(view.scores_text(table))
        floor = self.query_one("#floor", Static)
        floor.border_title = view.floor_title(table)
        floor.update(view.result_text(table) if table.hand_over else view.floor_text(table))
        self.query_one("#hand", ChoiceList).set_rows(view.hand_rows(table), active=table.your_turn)
        log = self.query_one("#log", RichLog)
        for event in table.events[self._logged:]:
            log.write(view.event_text(table, event))
        self._logged = len(table.events)
        self.query_one("#message", Static).update(self.message or Text(""))
        self.query_one("#status", Static).update(view.status_text(table, self.thinking))

    def on_resize(self) -> None:
        """Keeps the latest plays in sight when the terminal changes size."""
        self.query_one("#log", RichLog).scroll_end(animate=False)

    def panel_text(self, name: str) -> str:
        """Returns the plain text a panel shows (``title``, ``seats``, ``scores``, ``floor``,
        ``hand``, ``message``, ``status``, ``log``): for tests and screen readers' sake."""
        widget = self.query_one(f"#{name}")
        if isinstance(widget, ChoiceList):
            return widget.render().plain
        if isinstance(widget, RichLog):
            return "\n".join(strip.text for strip in widget.lines)
        content = widget.content
        return content.plain if isinstance(content, Text) else str(content)

    # ------------------------------------------------------------ turns
    @property
    def waiting_for_person(self) -> bool:
        """Whether the game waits for the person: their turn, the end of a hand, or the end."""
        return not self.thinking and (self.table.your_turn or self.table.hand_over) or self.failure is not None

    def advance(self) -> None:
        """Starts the bot's turn when it is a bot's turn."""
        if self.failure is not None or self.thinking or not self.table.bots_turn:
            return
        self.thinking = True
        self.show_table()
        if self.bot_delay:
            self.set_timer(self.bot_delay, self._think)
        else:
            self.call_later(self._think)

    def _think(self) -> None:
        self.run_worker(self._choose, thread=True, exclusive=True, group="bot", exit_on_error=False)

    def _choose(self) -> None:
        """In a worker thread: the bot chooses; the move is played back on the app's thread."""
        try:
            move = self.table.bot_move()
        except Exception as exc:  # noqa: BLE001 - a rule (or a bot) failed: the command reports it
            self.call_from_thread(self._fail, exc)
            return
        self.call_from_thread(self._bot_plays, move)

    def _bot_plays(self, move: Move) -> None:
        self.thinking = False
        self.play(move)

    def play(self, move: Move) -> bool:
        """Plays a move through the table (the engine checks it); shows the engine's refusal."""
        try:
            done = self.table.play(move)
        except IllegalMove as exc:
            self.message = Text(str(exc), style="bold red")
            self.bell()
            self.show_table()
            return False
        except Exception as exc:  # noqa: BLE001 - a rule of the variant failed (RuleError): the command reports it
            self._fail(exc)
            return False
        note = view.announcement(self.table, done)
        self.message = Text(note, style="bold yellow") if note else None
        if note:
            self.notify(note, markup=False, timeout=3)
        self.show_table()
        self.advance()
        return True

    def _fail(self, exc: BaseException) -> None:
        self.failure = exc
        self.exit(return_code=1)

    # ------------------------------------------------------------ the person's keys
    def _covered(self) -> bool:
        """Whether a screen (help, a choice, the question before quitting) covers the table."""
        return isinstance(self.screen, ModalScreen)

    def action_pick(self, number: int) -> None:
        """A digit: plays the card with that number (nothing when there is none)."""
        if self._covered() or not self.table.your_turn or not 1 <= number <= len(self.table.hand):
            return
        self.query_one("#hand", ChoiceList).cursor = number - 1
        self.choose_card(number - 1)

    def action_declare(self) -> None:
        """d: makes the declaration worth the most that the person may make now."""
        if self._covered() or not self.table.your_turn:
            return
        declared = self.table.state.declarations()
        if declared:
            self.play(Move.declaring(declared[0][0]))

    def on_choice_list_chosen(self, message: ChoiceList.Chosen) -> None:
        """Enter on the hand: plays the card marked, or deals the next hand once one is over."""
        if self._covered():
            return
        if self.table.hand_over and not self.table.game_over:
            self.message = None
            self.table.next_hand()
            self.show_table()
            self.advance()
        elif self.table.your_turn and message.index is not None:
            self.choose_card(message.index)

    def choose_card(self, index: int) -> None:
        """Plays a card of the hand: at once when it has one move, after asking when it has several."""
        card = self.table.hand[index]
        options = self.table.options(card)
        if len(options) <= 1:
            self.play(options[0] if options else Move(card))  # no option: the engine says why
            return
        question = view.card_text(card, self.table.rules.suits)
        question.append(" can be played in more than one way. Which?", style="bold")

        def chosen(choice: int | None) -> None:
            if choice is not None and self.table.your_turn and card in self.table.hand:
                self.play(options[choice])

        self.push_screen(CaptureScreen(question, [view.move_words(o, self.table) for o in options]), chosen)

    def action_help(self) -> None:
        if isinstance(self.screen, HelpScreen):
            return
        self.push_screen(HelpScreen(self.help_text()))

    def help_text(self) -> Text:
        """The help's text: the keys and the variant's 'Play in a minute' (made once)."""
        if self._help is None:
            try:
                lines = self.quickstart() if self.quickstart else []
            except Exception:  # noqa: BLE001 - the help must never end a game; it shows the keys
                lines = []
            self._help = help_text(plain(self.table.rules.title) or self.table.rules.variant, keys_lines(), lines)
        return self._help

    def action_quit_game(self) -> None:
        if self.table.game_over:
            self.exit()
            return
        if isinstance(self.screen, QuitScreen):
            return
        question = Text.assemble(("Quit the game?\n\n", "bold"))
        question.append(view.quit_text(self.table) + "\n\n")
        question.append("y: quit    n: keep playing", style="bold")

        def answered(quit_game: bool | None) -> None:
            if quit_game:
                self.exit()

        self.push_screen(QuitScreen(question), answered)
