"""Small helpers for tests: card lists from names, hands set up from a floor, both engine
tiers played side by side."""

from __future__ import annotations

import random
import signal
from contextlib import contextmanager

from basra_dsl.cards import card_name, parse_card
from basra_dsl.engine import Deal, Game, State
from basra_dsl.engine.fast import compile_hands
from basra_dsl.engine.random_play import random_move


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


# ------------------------------------------------------------------ house variants written in a test

FORTY_CARDS = """setup:
  deck 40
  players 2
  hand 3
  start floor 4
  values J 8, Q 9, K 10
"""  # the setup of the Italian-pack games: three cards each, four on the floor, pictures 8, 9 and 10


def house_variant(folder, text: str):
    """Writes a variant's text to NAME.basra in ``folder`` (NAME from its 'variant' line)
    and returns the path."""
    name = text.split()[1]
    path = folder / f"{name}.basra"
    path.write_text(text, encoding="utf-8")
    return path


def load_house(folder, text: str, **options):
    """Returns the compiled rules of a variant written by ``house_variant``."""
    from basra_dsl import load_variant
    return load_variant(house_variant(folder, text), **options)


def takes(rules, floor: str, card: str) -> list[list[str]]:
    """Returns every capture (card names, sorted) a card may make on a floor, trails left out."""
    state = position(Game(rules), floor, card)
    return sorted(names(capture) for capture in state.captures(parse_card(card)) if capture)


def run_cli(*arguments: str):
    """Returns the result of a `basra` command run in-process."""
    from click.testing import CliRunner

    from basra_dsl.cli import main
    return CliRunner().invoke(main, [str(a) for a in arguments])


def tiers_score_alike(rules, seed: int, hands: int = 80) -> None:
    """Plays seeded hands on the State tier and the fast tier (the same draws) and asserts
    that every hand scores the same on both."""
    import random

    from basra_dsl.engine.fast import compile_hands, why_not
    from basra_dsl.engine.random_play import random_move
    assert why_not(rules) is None
    game, fast = Game(rules), compile_hands(rules)
    slow_rng, fast_rng = random.Random(seed), random.Random(seed)
    for index in range(hands):
        state = game.new_hand(slow_rng, index % 2)
        while state.turn >= 0:
            state.play_move(random_move(state, slow_rng))
        assert fast.play_traced(fast_rng, index % 2, (), []).points == state.result().points


def state_hand(game: Game, rng: random.Random, first: int, carry: tuple):
    state = game.new_hand(rng, first, carry)
    while state.turn >= 0:
        state.play_move(random_move(state, rng))
    result = state.result()
    plays = [(p.seat, p.card, p.captured, p.bonus) for p in state.plays]
    return plays, result.points, result.carry_out, tuple(s.basras for s in result.sides), result.unclaimed


def fast_hand(fast, rng: random.Random, first: int, carry: tuple):
    plays: list = []
    figures = fast.play_traced(rng, first, carry, plays)
    return plays, figures.points, figures.carry_out, figures.basras, figures.unclaimed


def play_both(rules, hands: int, seed: int):
    """Plays both tiers side by side; returns the number of plays compared."""
    game, fast = Game(rules), compile_hands(rules)
    slow_rng, fast_rng = random.Random(seed), random.Random(seed)
    carry_slow = carry_fast = ()
    plays = 0
    for index in range(hands):
        first = index % rules.players
        slow = state_hand(game, slow_rng, first, carry_slow)
        quick = fast_hand(fast, fast_rng, first, carry_fast)
        assert quick == slow, f"hand {index} differs"
        assert slow_rng.getstate() == fast_rng.getstate(), f"hand {index} drew differently"
        carry_slow, carry_fast = slow[2], quick[2]
        plays += len(slow[0])
    return plays


def editor_words(parent: str, section: str, before: str, clause: str) -> tuple[list[str], str | None]:
    """What the editor offers on a new line of ``section`` after the line ``before`` in a
    child of ``parent``, and what it says on hover over ``clause`` on that section's first line."""
    from basra_dsl.lsp.complete import suggestions
    from basra_dsl.lsp.hover import hover_text
    head, path = f'variant mine "Mine" extends {parent}\n{section}:\n', "/tmp/basra-lsp/mine.basra"
    offered = [s.label for s in suggestions(f"{head}  {before}\n  ", path, 4, 3)]
    return offered, hover_text(f"{head}  {clause}\n", path, 3, 3)


def refused_codes(tmp_path, text: str) -> list[str]:
    """The codes of the findings that refuse a variant's text (none when it loads)."""
    from basra_dsl.diagnostics import DiagnosticError
    from basra_dsl.language.loader import load_text
    try:
        load_text(text, tmp_path / "x.basra").merged
    except DiagnosticError as exc:
        return [d.code for d in exc.diagnostics]
    return []


def house_findings(tmp_path, parent: str, body: str) -> dict[str, tuple[str, str]]:
    """The findings of a child of ``parent`` whose body is ``body``, by code: (message, help)."""
    from basra_dsl.check.checker import check_paths
    path = tmp_path / "house.basra"
    path.write_text(f'variant house "House" extends {parent}\nabout "x"\n\n{body}', encoding="utf-8")
    return {d.code: (d.message, d.help or "") for d in check_paths([path]).diagnostics if d.code != "B407"}


def assert_told(tmp_path, parent: str, body: str, code: str, said: str, helped: str) -> None:
    """Asserts that the child draws ``code``, its message holding ``said`` and its help ``helped``."""
    found = house_findings(tmp_path, parent, body)
    assert code in found, found
    message, help_ = found[code]
    assert said in message and helped in help_, (message, help_)
