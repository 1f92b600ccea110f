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
