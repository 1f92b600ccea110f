"""A compiled play rule can write itself into another routine (``fn.inline``), as the
fast tier embeds bonus rules: the written expression gives what the function gives, on
every play of seeded hands of every bundled variant, and reads only the routine's names
for the play and names that start with the prefix it was given (or the helpers)."""

from __future__ import annotations

import random

import pytest

from basra_dsl import Game, load_variant
from basra_dsl.engine.random_play import random_move
from basra_dsl.language import evaluation
from basra_dsl.resources import bundled_variants

ARGUMENTS = ("card", "before", "capture", "left", "prev")


def plays(rules, hands: int = 3):
    """Yields (played, floor, captured, left, previous) for every play of seeded hands."""
    game, rng = Game(rules), random.Random(7)
    for index in range(hands):
        state = game.new_hand(rng, index % rules.players, ())
        while state.turn >= 0:
            move = random_move(state, rng)
            if move.declare is not None:  # a declaration plays no card: no play rule reads it
                state.play_move(move)
                continue
            card, capture = move.card, move.capture
            before, previous = tuple(state.floor), state.previous
            state.play(card, capture)
            left = tuple(state.floor) if capture else ()
            yield card, before, tuple(capture), left, previous


def rule_functions(rules):
    for rule in rules.basra_rules:
        yield from (fn for fn in (rule.condition, rule.points) if fn is not None)
    yield from (rule.condition for rule in rules.capture_rules if rule.condition is not None)


@pytest.mark.parametrize("name", sorted(bundled_variants()))
def test_an_inlined_rule_gives_what_the_function_gives(name):
    rules = load_variant(name)
    seen = list(plays(rules))
    for index, fn in enumerate(rule_functions(rules)):
        if fn.reads_hand:  # 'last', 'last_deal', 'stock': the fast tier leaves such rules to State
            with pytest.raises(ValueError, match="reads the hand"):
                fn.inline(ARGUMENTS, f"R{index}_")
            continue
        source, names = fn.inline(ARGUMENTS, f"R{index}_")
        own = {key for key in names if key != "__builtins__" and key not in evaluation.HELPERS}
        assert all(key.startswith(f"R{index}_") for key in own), own
        written = eval(f"lambda {', '.join(ARGUMENTS)}: ({source})", names)  # noqa: S307 - our own source
        for play in seen:
            assert written(*play) == fn(*play), (name, fn.source, play)


def test_the_play_words_follow_the_names_given():
    rules = load_variant("egyptian")
    clear = next(rule.condition for rule in rules.basra_rules if rule.name == "clear")
    source, _ = clear.inline(("p1", "f1", "c1", "l1", "q1"), "X_")
    assert source == "((not l1 and bool(c1)) and (p1 not in X_S0))"
    assert clear.source == "((not l and bool(c)) and (p not in S0))"  # the function's own letters
