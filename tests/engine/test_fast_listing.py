"""The fast tier's listing of builds gives what ``Builder.plays`` gives, build for build
and in the same order, in every position random hands reach: single and multiple builds,
raising by anyone, by others only or by nobody, and cards of two values (Royal Casino's
ace). The two tiers' hand-by-hand agreement (``test_fast_tier.py``) rests on it."""

from __future__ import annotations

import dataclasses
import random

from hypothesis import given, settings
from hypothesis import strategies as st

from basra_dsl.engine import Game
from basra_dsl.engine.builds import loose_of
from basra_dsl.engine.fast import compile_hands
from basra_dsl.engine.fast.listing import BuildListing
from basra_dsl.engine.random_play import random_move
from basra_dsl.language.compiler import load_variant


def listed_both(rules, seed: int) -> int:
    """Plays a random hand on the checked tier, comparing both listings for every card held
    at every turn; returns how many listings found builds."""
    building = compile_hands(rules)._building
    builder = building.builder
    fast = BuildListing(builder, building._gather)
    state, rng, found = Game(rules).new_hand(random.Random(seed)), random.Random(seed + 1), 0
    while not state.is_terminal():
        seat, builds = state.turn, list(state.builds)
        loose = loose_of(state.floor, builds)
        for card in state.hands[seat]:
            expected = builder.plays(card, state.hands[seat], seat, loose, builds)
            assert fast.plays(card, state.hands[seat], seat, loose, builds) == expected, (seed, card)
            found += bool(expected)
        state.apply(random_move(state, rng))
    return found


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 10**6), name=st.sampled_from(["casino", "royal-casino", "royal-draw-casino"]),
       players=st.sampled_from([2, 3, 4]), raising=st.sampled_from(["any", "others", "never"]),
       multiple=st.booleans())
def test_the_fast_listing_lists_the_builders_builds_in_its_order(seed, name, players, raising, multiple):
    rules = load_variant(name, players=players)
    rules = dataclasses.replace(rules, builds=dataclasses.replace(rules.builds, raising=raising, multiple=multiple))
    listed_both(rules, seed)


def test_the_listings_compared_do_find_builds():
    """The comparison is not of empty lists: random Casino hands make builds of every kind."""
    assert listed_both(load_variant("casino", players=2), 7) > 20
