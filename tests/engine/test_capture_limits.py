"""Finding captures stays bounded on any floor (issue 26, finding 2): a card worth 24 on a
floor of 47 cards worth 1 may take any of 10^13 sets, and the engine lists the first
MAX_OPTIONS without making the others; every search counts over values and is checked
here against brute force over small floors."""

from __future__ import annotations

import os
import random
import subprocess
import sys
import textwrap
from itertools import combinations, product
from math import comb
from pathlib import Path

import pytest
from helpers import position
from hypothesis import given, settings
from hypothesis import strategies as st

from basra_dsl.cards import parse_card
from basra_dsl.engine import RuleError
from basra_dsl.engine import covers as covers_module
from basra_dsl.engine.builds import _subsets_summing
from basra_dsl.engine.capture import MAX_OPTIONS, expand_takes
from basra_dsl.engine.covers import search_cost, splits_whole
from basra_dsl.engine.sums import count_sets, fewest_size, single_groups

ROOT = Path(__file__).resolve().parents[2]

# every card worth 1, every card played as 24 (shared with benchmarks/bench_captures.py)
UNIFORM = (ROOT / "tests" / "fixtures" / "variants" / "uniform.basra").read_text(encoding="utf-8")


def _run_limited(code: str, memory: int = 1 << 30, seconds: int = 120) -> subprocess.CompletedProcess:
    """Runs Python code in a child process that may hold ``memory`` bytes, so a search that
    lists every subset fails with MemoryError there instead of filling this machine."""
    def limit():
        import resource
        resource.setrlimit(resource.RLIMIT_AS, (memory, memory))
    environment = dict(os.environ, PYTHONPATH=str(ROOT) + os.pathsep + os.environ.get("PYTHONPATH", ""))
    return subprocess.run([sys.executable, "-c", textwrap.dedent(code)], capture_output=True, text=True,
                          timeout=seconds, preexec_fn=limit, env=environment)


@pytest.mark.parametrize("choose", ["one", "largest", "fewest"])
def test_a_card_worth_24_on_47_cards_worth_1_lists_its_captures_within_a_bound(choose):
    chosen = UNIFORM.replace("  choose largest", f"  choose {choose}")
    done = _run_limited(f"""
        from pathlib import Path
        from basra_dsl.engine import Game
        from basra_dsl.engine.capture import MAX_OPTIONS
        from basra_dsl.language.compiler import compile_rules
        from basra_dsl.language.loader import load_text
        text = {chosen!r}
        game = Game(compile_rules(load_text(text, Path("uniform.basra")).merged, {{"players": 2}}))
        floor = list(range(47))
        found = game.resolver.captures(51, floor)
        assert len(found) == MAX_OPTIONS, len(found)
        assert len(set(found)) == len(found) and all(len(c) == 24 for c in found)
        assert game.resolver.allows(51, floor, tuple(range(23, 47)))  # the last 24: never listed
        assert not game.resolver.allows(51, floor, tuple(range(23, 46)))
        print("listed", len(found))
    """)
    assert done.returncode == 0 and f"listed {MAX_OPTIONS}" in done.stdout, done.stderr[-2000:]


def _reference_expand(floor, value, takes, worth):
    """The listing as it was: every combination of every value made first (itertools)."""
    by_value = {}
    for x in floor:
        if 0 < worth[x] <= value:
            by_value.setdefault(worth[x], []).append(x)
    order = {x: i for i, x in enumerate(floor)}
    found = []
    for take in takes:
        choices = [[tuple(by_value[v])] if k == len(by_value[v]) else list(combinations(by_value[v], k))
                   for v, k in enumerate(take) if k]
        found += [tuple(sorted((x for part in parts for x in part), key=order.__getitem__))
                  for parts in product(*choices)]
    return found


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 10 ** 6), value=st.integers(2, 12), most=st.integers(1, 40))
def test_lazy_listing_is_the_full_listing_cut_short(seed, value, most):
    rng = random.Random(seed)
    worth = [rng.randint(1, 6) for _ in range(30)]
    floor = rng.sample(range(30), rng.randint(1, 14))
    counts = [0] * (value + 1)
    for x in floor:
        if worth[x] <= value:
            counts[worth[x]] += 1
    takes = single_groups(value, tuple(counts))
    full = _reference_expand(floor, value, takes, worth)
    assert expand_takes(floor, value, takes, worth) == full[:MAX_OPTIONS]
    assert expand_takes(floor, value, takes, worth, most=most) == full[:most]


def _subsets(values: list[int], value: int) -> list[tuple[int, ...]]:
    return [s for k in range(1, len(values) + 1) for s in combinations(range(len(values)), k)
            if sum(values[i] for i in s) == value]


@settings(max_examples=80, deadline=None)
@given(value=st.integers(1, 14), values=st.lists(st.integers(1, 9), max_size=12))
def test_groups_are_counted_and_found_as_brute_force_finds_them(value, values):
    counts = [0] * (value + 1)
    for v in values:
        if v <= value:
            counts[v] += 1
    counts = tuple(counts)
    found = _subsets(values, value)
    sizes = [len(s) for s in found]
    assert count_sets(value, counts)[value] == len(found)
    assert count_sets(value, counts, by_size=True)[value] == max((sizes.count(k) for k in set(sizes)), default=0)
    # as count vectors: every one once, and the fewest cards as 'fewest' finds them
    vectors = {tuple(sum(1 for i in s if values[i] == v) for v in range(value + 1)) for s in found}
    assert set(single_groups(value, counts)) == vectors
    assert sum(prod_comb(counts, w) for w in single_groups(value, counts)) == len(found)
    least = min(sizes, default=0)
    assert fewest_size(value, counts) == least
    if least:
        assert set(single_groups(value, counts, least)) == {w for w in vectors if sum(w) == least}


def prod_comb(counts, take) -> int:
    result = 1
    for v, k in enumerate(take):
        result *= comb(counts[v], k)
    return result


@settings(max_examples=60, deadline=None)
@given(value=st.integers(2, 12), full=st.lists(st.integers(0, 4), min_size=12, max_size=12), seed=st.integers(0, 999))
def test_no_floor_needs_a_longer_search_than_the_floor_holding_every_card(value, full, seed):
    """The bound the checker relies on (B808): the search on any floor takes no more steps
    or positions than on a floor holding more cards."""
    rng = random.Random(seed)
    larger = tuple([0] + full[:value])
    smaller = tuple([0] + [rng.randint(0, k) for k in larger[1:]])
    steps = covers_module._Steps(value, 10 ** 9)
    covers_module._covers_by_groups(covers_module._Floor(value, smaller, steps), steps)
    most, positions = search_cost(value, larger, 10 ** 9, 10 ** 9)
    assert steps.taken <= most and steps.kept <= positions
    assert search_cost(value, smaller, 10 ** 9, 10 ** 9) == (steps.taken, steps.kept)  # the engine's own count


def test_a_search_past_its_steps_stops_with_the_rule_named(monkeypatch):
    """Should a floor need more steps than the checker allows (it never does for a variant
    the checker accepts), the search stops with a RuleError naming the rule, not run on."""
    from basra_dsl import Game, load_variant
    game = Game(load_variant("kasino"))
    monkeypatch.setattr(covers_module, "MAX_STEPS", 2_000)
    monkeypatch.setattr(covers_module, "QUICK_STEPS", 0)  # straight to the full search
    covers_module.best_covers.cache_clear()
    try:
        floor = [c for c in game.rules.deck if c != parse_card("TD")]
        with pytest.raises(RuleError) as caught:
            game.resolver.captures(parse_card("TD"), floor)
        assert caught.value.rule == "take" and caught.value.span.path.endswith("kasino.basra")
        assert "B808" in str(caught.value) and "2,000 steps" in str(caught.value)
        with pytest.raises(RuleError):
            game.resolver.allows(parse_card("TD"), floor, tuple(floor[:2]))
    finally:
        covers_module.best_covers.cache_clear()


def test_splits_whole_agrees_with_the_largest_capture(egyptian):
    state = position(egyptian, "5C 5D 5H 4S AC 9D", "9H")
    for option in state.captures(parse_card("9H")):
        counts = [0] * 10
        for x in option:
            counts[egyptian.resolver.worth[x]] += 1
        assert splits_whole(9, tuple(counts))
    assert not splits_whole(9, (0, 0, 0, 0, 1, 2, 0, 0, 0, 0))  # 4 5 5 leaves a 5


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 10 ** 6), target=st.integers(1, 15))
def test_build_groups_follow_only_branches_that_can_add_up(seed, target):
    rng = random.Random(seed)
    worth = [rng.randint(1, 8) for _ in range(20)]
    loose = rng.sample(range(20), rng.randint(0, 12))
    usable = [x for x in loose if worth[x] <= target]
    every = [tuple(usable[i] for i in s) for s in _subsets([worth[x] for x in usable], target)]
    found = _subsets_summing(loose, worth, target)
    assert sorted(found) == sorted(every) and len(set(found)) == len(found)


def test_thirty_nine_numerals_still_resolve_to_one_capture(egyptian):
    floor = [c for c in range(40) if c != parse_card("TS")]
    assert [len(c) for c in egyptian.resolver.captures(parse_card("TS"), floor)] == [39]
