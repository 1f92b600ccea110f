"""Capture rules of Egyptian Basra as the pagat main account gives them, and the
largest-set search checked against brute force over every subset of small floors."""

from __future__ import annotations

from itertools import combinations

import pytest
from helpers import cards, names, position
from hypothesis import given, settings
from hypothesis import strategies as st

from basra_dsl.cards import parse_card
from basra_dsl.engine import IllegalMove, Move
from basra_dsl.engine.covers import best_covers
from basra_dsl.engine.sums import single_groups


@pytest.mark.parametrize("floor, played, taken", [
    ("7H 2C KD", "7S", "7H"),                  # a card pairs its rank
    ("3C 4D 5H 8S", "9C", "4D 5H"),            # a numeral takes what adds up to it
    ("AC 2D 6H", "3S", "AC 2D"),
    ("AC 2D 6H", "7S", "AC 6H"),
    ("AC 2D 6H", "9S", "AC 2D 6H"),
    ("4C 6D TH 3S", "TC", "4C 6D TH"),         # several groups in one play
    ("KC KD 5H 8S", "KS", "KC KD"),            # both kings of the first floor
    ("QC 2D KH", "QS", "QC"),                  # pictures only pair
    ("5C KD 9H", "JS", "5C KD 9H"),            # a jack sweeps
    ("6C 9H", "7D", "6C 9H"),                  # so does the seven of diamonds
    ("3C 5D", "QS", ""),                       # nothing to take: a trail
])
def test_pagat_capture_examples(egyptian, floor, played, taken):
    state = position(egyptian, floor, played)
    move = state.resolve(parse_card(played))
    assert names(move.capture) == names(cards(taken))


@pytest.mark.parametrize("floor, played, bonus", [
    ("5C", "5D", 10),            # clearing the floor is a basra
    ("AC 2D 6H", "9S", 10),
    ("5C KD 9H", "JS", 0),       # a jack's sweep never is
    ("AC 4H 5S", "7D", 10),      # 7D on numerals adding up to 10 or less
    ("6C 9H", "7D", 0),          # ... but not to more than 10
    ("2C QH", "7D", 0),          # ... nor with a picture on the floor
    ("JC", "JS", 0),             # a jack on a lone jack: no basra by default
])
def test_basra_bonus(egyptian, floor, played, bonus):
    state = position(egyptian, floor, played)
    play = state.apply(state.resolve(parse_card(played)))
    assert play.bonus == bonus


def test_double_jack_option():
    from basra_dsl import Game, load_variant
    game = Game(load_variant("egyptian", jack_on_jack="yes"))
    state = position(game, "JC", "JS")
    assert state.apply(state.resolve(parse_card("JS"))).bonus == 20


def test_jack_and_seven_on_empty_floor_are_trailed(egyptian):
    for card in ("JS", "7D"):
        state = position(egyptian, "", card)
        assert state.captures(parse_card(card)) == [()]


def test_capture_is_compulsory(egyptian):
    state = position(egyptian, "3C 5D", "8H")
    with pytest.raises(IllegalMove, match="must capture"):
        state.apply(Move(parse_card("8H"), ()))


def test_smaller_capture_is_refused(egyptian):
    state = position(egyptian, "AC 5D 2H 3S", "6C")
    with pytest.raises(IllegalMove, match="cannot take"):
        state.apply(Move(parse_card("6C"), cards("5D AC")))
    assert names(state.resolve(parse_card("6C")).capture) == names(cards("AC 2H 3S"))


def test_equal_choices_are_offered_and_ambiguity_refused(egyptian):
    state = position(egyptian, "5C 5D 4S", "9H")
    options = state.captures(parse_card("9H"))
    assert sorted(map(names, options)) == [names(cards("5C 4S")), names(cards("5D 4S"))]
    with pytest.raises(IllegalMove, match="more than one"):
        state.resolve(parse_card("9H"))


def test_thirty_nine_numerals_resolve(egyptian):
    floor = [c for c in range(40) if c != parse_card("TS")]
    (capture,) = egyptian.resolver.captures(parse_card("TS"), floor)
    assert len(capture) == 39


def test_every_partition_of_ten_is_a_group_when_the_floor_holds_enough_cards():
    assert len(single_groups(10, (0,) + (10,) * 10)) == 42


def _brute_force(value: int, floor_values: list[int]) -> tuple[int, set[tuple[int, ...]]]:
    """Returns the most cards coverable and the optimal count vectors, over all subsets."""
    best, ways = 0, set()
    n = len(floor_values)
    for size in range(n, 0, -1):
        if size < best:
            break
        for subset in combinations(range(n), size):
            chosen = [floor_values[i] for i in subset]
            if _splits(sorted(chosen, reverse=True), value):
                vector = [0] * (value + 1)
                for v in chosen:
                    vector[v] += 1
                best = size
                ways.add(tuple(vector))
    return best, ways


def _splits(parts: list[int], value: int) -> bool:
    if not parts:
        return True
    if sum(parts) % value:
        return False
    first, rest = parts[0], parts[1:]
    for k in range(len(rest) + 1):
        for combo in combinations(range(len(rest)), k):
            if first + sum(rest[i] for i in combo) == value:
                remaining = [rest[i] for i in range(len(rest)) if i not in combo]
                if _splits(remaining, value):
                    return True
    return False


@settings(max_examples=150, deadline=None)
@given(value=st.integers(1, 10), floor=st.lists(st.integers(1, 10), max_size=9))
def test_largest_set_matches_brute_force(value, floor):
    counts = [0] * (value + 1)
    for v in floor:
        if v <= value:
            counts[v] += 1
    if any(c > 4 for c in counts):
        return
    best, ways = _brute_force(value, [v for v in floor if v <= value])
    found = best_covers(value, tuple(counts))
    assert set(found) == ways
    assert all(sum(w) == best for w in found)


@settings(max_examples=150, deadline=None)
@given(value=st.integers(2, 10), counts=st.lists(st.integers(0, 4), min_size=10, max_size=10))
def test_leftover_search_agrees_with_group_search(value, counts):
    from basra_dsl.engine.covers import MAX_STEPS, _covers_by_groups, _Floor, _Steps
    vector = tuple([0] + counts[:value])
    steps = _Steps(value, MAX_STEPS)
    assert best_covers(value, vector) == _covers_by_groups(_Floor(value, vector, steps), steps)


def test_a_named_capture_is_checked_directly_even_past_the_listing_limit(egyptian, monkeypatch):
    from basra_dsl.engine import capture as capture_module
    state = position(egyptian, "5C 5D 5H 4S", "9H")
    monkeypatch.setattr(capture_module, "MAX_OPTIONS", 1)  # the list shows one choice only
    listed = state.captures(parse_card("9H"))
    assert len(listed) == 1
    for five in ("5C", "5D", "5H"):
        move = state.resolve(parse_card("9H"), cards(f"4S {five}"))
        assert names(move.capture) == names(cards(f"{five} 4S"))
    with pytest.raises(IllegalMove):
        state.resolve(parse_card("9H"), cards("5C 5C"))


@settings(max_examples=100, deadline=None)
@given(seed=st.integers(0, 10**6))
def test_allows_agrees_with_the_listed_captures(egyptian, seed):
    import random
    rng = random.Random(seed)
    deck = list(range(52))
    rng.shuffle(deck)
    floor, card = deck[:rng.randint(1, 9)], deck[20]
    listed = {frozenset(c) for c in egyptian.resolver.captures(card, floor)}
    for size in range(1, len(floor) + 1):
        for subset in combinations(floor, size):
            assert egyptian.resolver.allows(card, floor, subset) == (frozenset(subset) in listed)
