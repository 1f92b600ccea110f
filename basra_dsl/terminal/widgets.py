"""The Textual pieces of the terminal game: a numbered list to choose from, and the screens
laid over the table (the choice of a capture, the help, the question before quitting).

They show ``rich.text.Text`` handed to them, never markup: card rows, captures, and the
variant's help text (which comes from its file) are shown exactly as written.
"""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll
from textual.message import Message
from textual.screen import ModalScreen
from textual.widget import Widget
from textual.widgets import Static

DIGITS = [Binding(str(n), f"pick({n})", show=False) for n in range(1, 10)]


class ChoiceList(Widget, can_focus=True):
    """Rows numbered 1-9 with a cursor: ↑ ↓ (or ← →) move it, Enter chooses the row under it."""

    DEFAULT_CSS = """
    ChoiceList { height: auto; }
    """
    BINDINGS = [
        Binding("up", "move(-1)", "Up", show=False), Binding("down", "move(1)", "Down", show=False),
        Binding("left", "move(-1)", show=False), Binding("right", "move(1)", show=False),
        Binding("enter", "choose", "Play", show=False),
    ]

    class Chosen(Message):
        """Enter was pressed: ``index`` is the row under the cursor (None when there is none)."""

        def __init__(self, choices: "ChoiceList", index: int | None):
            super().__init__()
            self.choices = choices
            self.index = index

    def __init__(self, rows: list[Text] | None = None, *, id: str | None = None):
        super().__init__(id=id)
        self.rows: list[Text] = list(rows or [])
        self.cursor = 0
        self.active = True  # rows are shown dimmed, and keep no cursor, while nothing may be chosen

    def set_rows(self, rows: list[Text], active: bool = True) -> None:
        """Shows new rows; the cursor stays where it was, within the rows."""
        self.rows = list(rows)
        self.active = active
        self.cursor = max(0, min(self.cursor, len(self.rows) - 1))
        self.refresh(layout=True)

    def render(self) -> Text:
        if not self.rows:
            return Text("no cards", style="dim")
        lines = []
        for index, row in enumerate(self.rows):
            marked = self.active and index == self.cursor
            line = Text()  # no base style: each part keeps its own
            line.append("▶ " if marked else "  ", style="bold green")
            line.append(f"{index + 1} " if index < 9 else "  ", style="bold" if self.active else "dim")
            line += row.copy()
            if marked:
                line.stylize("on #24543a" if self.has_focus else "underline")
            elif not self.active:
                line.stylize("dim")
            lines.append(line)
        return Text("\n").join(lines)

    def action_move(self, step: int) -> None:
        if self.rows and self.active:
            self.cursor = (self.cursor + step) % len(self.rows)
            self.refresh()

    def action_choose(self) -> None:
        self.post_message(self.Chosen(self, self.cursor if self.rows and self.active else None))

    def on_focus(self) -> None:
        self.refresh()

    def on_blur(self) -> None:
        self.refresh()


class CaptureScreen(ModalScreen[int | None]):
    """Asks which set a card takes (or whether it trails); dismissed with the row's index, or None."""

    DEFAULT_CSS = """
    CaptureScreen { align: center middle; }
    CaptureScreen > Vertical {
        width: auto; min-width: 50; max-width: 90%; height: auto; max-height: 90%;
        border: round $accent; background: $panel; padding: 0 1;
    }
    CaptureScreen .hint { color: $text-muted; }
    """
    BINDINGS = [Binding("escape", "dismiss_none", "Back"), *DIGITS]

    def __init__(self, question: Text, options: list[Text]):
        super().__init__()
        self.question = question
        self.options = options

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Static(self.question, markup=False)
            yield ChoiceList(self.options, id="captures")
            yield Static(Text(f"1-{len(self.options)} or ↑ ↓ Enter to choose · Esc to go back"),
                         classes="hint", markup=False)

    def on_mount(self) -> None:
        self.query_one(ChoiceList).focus()

    def on_choice_list_chosen(self, message: ChoiceList.Chosen) -> None:
        message.stop()
        if message.index is not None:
            self.dismiss(message.index)

    def action_pick(self, number: int) -> None:
        if 1 <= number <= len(self.options):
            self.dismiss(number - 1)

    def action_dismiss_none(self) -> None:
        self.dismiss(None)


class HelpScreen(ModalScreen[None]):
    """The keys and the variant's 'Play in a minute', as plain text. How to close it stays
    in sight on the top line, outside the text, which scrolls (↑ ↓, PgUp PgDn, Home End,
    the mouse wheel) when the terminal is too short for it; Esc, ?, q or F1 closes it."""

    CLOSE = "Esc or ? closes this"
    DEFAULT_CSS = """
    HelpScreen { align: center middle; }
    HelpScreen > Vertical {
        width: 90%; max-width: 110; height: 90%; border: round $accent; background: $panel; padding: 0 1;
    }
    HelpScreen #help-close { height: 1; margin-bottom: 1; color: $text-accent; text-style: bold; }
    HelpScreen VerticalScroll { height: 1fr; scrollbar-size-vertical: 1; }
    """
    BINDINGS = [Binding("escape", "close", "Close"), Binding("q", "close", show=False),
                Binding("question_mark", "close", show=False), Binding("f1", "close", show=False)]

    def __init__(self, text: Text):
        super().__init__()
        self.text = text

    def compose(self) -> ComposeResult:
        with Vertical(id="help-box"):
            yield Static(Text(f"{self.CLOSE} · ↑ ↓ PgUp PgDn scroll"), id="help-close", markup=False)
            with VerticalScroll(id="help-scroll"):
                yield Static(self.text, id="help-text", markup=False)

    def on_mount(self) -> None:
        box = self.query_one("#help-box")
        box.border_title = "Help"
        box.border_subtitle = self.CLOSE
        self.query_one(VerticalScroll).focus()

    def action_close(self) -> None:
        self.dismiss(None)


class QuitScreen(ModalScreen[bool]):
    """Asks before quitting: y (or q, Enter) quits, n or Esc goes back to the game."""

    DEFAULT_CSS = """
    QuitScreen { align: center middle; }
    QuitScreen > Vertical {
        width: 64; max-width: 95%; height: auto; border: round $error; background: $panel; padding: 0 1;
    }
    """
    BINDINGS = [Binding("y", "answer(True)", "Quit"), Binding("q", "answer(True)", show=False),
                Binding("enter", "answer(True)", show=False),
                Binding("n", "answer(False)", "Keep playing"), Binding("escape", "answer(False)", show=False)]

    def __init__(self, text: Text):
        super().__init__()
        self.text = text

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Static(self.text, markup=False)

    def action_answer(self, quit_game: bool) -> None:
        self.dismiss(quit_game)


def help_text(title: str, keys: list[str], quickstart: list[str]) -> Text:
    """Returns the help screen's text: the keys, then 'Play in a minute' (plain text throughout)."""
    text = Text.assemble((f"How to play {title}\n\n", "bold"))  # spans, not a base style: the rest stays plain
    text.append("Keys\n", style="bold underline")
    text.append("\n".join(keys) + "\n\n")
    if quickstart:
        head, *rest = quickstart
        text.append(head + "\n", style="bold underline")
        text.append("\n".join(rest))
    else:
        text.append("(no 'Play in a minute' for this variant)", style="dim")
    text.append("\n\nEsc or ? closes this help (q and F1 do too).", style="dim")
    return text
