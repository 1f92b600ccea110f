"""Small helpers for tests: card lists from names, hands set up from a floor."""

from __future__ import annotations

import signal
from contextlib import contextmanager

from basra_dsl.cards import card_name, parse_card
from basra_dsl.engine import Deal, Game, State


def cards(text: str) -> tuple[int, ...]:
    """Returns the cards named in a space-separated string."""
    return tuple(parse_card(word) for word in text.split())


def names(found) -> list[str]:
    """Returns card names, sorted, for comparing sets of cards."""
    return sorted(card_name(c) for c in found)


def position(game: Game, floor: str, *hands: str, first: int = 0) -> State:
    """Returns a state with the given floor and one hand per seat."""
    seats = list(hands) + [""] * (game.rules.players - len(hands))
    return game.hand_from_deals([Deal(tuple(cards(h) for h in seats), cards(floor))], first)


@contextmanager
def time_limit(seconds: int):
    """Raises TimeoutError in the block after ``seconds`` (a hang in a fuzzed input fails its test)."""
    def fail(signum, frame):
        raise TimeoutError(f"no answer within {seconds} s: a hang")
    previous = signal.signal(signal.SIGALRM, fail)
    signal.alarm(seconds)
    try:
        yield
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, previous)


def author_folder(folder, monkeypatch, variants: dict[str, str]):
    """Returns ``folder`` as an author's folder holding variants/NAME.basra for each given
    text, with the working folder moved into it (as a stranger runs the commands)."""
    (folder / "variants").mkdir()
    for name, text in variants.items():
        (folder / "variants" / f"{name}.basra").write_text(text, encoding="utf-8")
    monkeypatch.chdir(folder)
    return folder


def syntax_errors(text: str) -> list:
    """Returns the diagnostics the parser refuses ``text`` with (it must refuse it)."""
    import pytest

    from basra_dsl.diagnostics import DiagnosticError
    from basra_dsl.language.parser import parse
    with pytest.raises(DiagnosticError) as caught:
        parse(text, "t.basra")
    return caught.value.diagnostics
