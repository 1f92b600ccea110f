"""The levels people choose (easy, medium, hard) are the casual, greedy and search bots,
and each beats the one below it in a short seeded duel of Egyptian Basra.

How many games, and why. A duel is played in duplicate: each seeded deal is played twice,
the bots swapping seats, so the luck of the cards falls on both alike and what is left is
skill. A level beats the one below when the lower end of the 95% interval of its mean
margin per hand (mean less 1.96 standard errors) is above zero: two equal players would
show that by a chance under 2.5%. Measured margins per hand (seed 1): casual against
random about +10, greedy against casual about +8, search against greedy about +9, each
with a standard deviation near 25 points (Egyptian hands swing on 30-point majorities and
10-point basras); 60 deals (120 hands) put the standard error near 2.3, so each step
clears zero by about four standard errors. The duels are seeded: the same hands every run.
"""

from __future__ import annotations

import math
import statistics

import pytest

from basra_dsl import load_variant
from basra_dsl.bots import LEVELS, CasualBot, GreedyBot, SearchBot, make_bot
from basra_dsl.play.duel import Z95, paired_margins

DEALS = 60


def test_the_levels_are_the_casual_greedy_and_search_bots():
    assert list(LEVELS) == ["easy", "medium", "hard"]
    assert [type(make_bot(level)) for level in LEVELS] == [CasualBot, GreedyBot, SearchBot]


@pytest.mark.parametrize("upper, lower", [("easy", "random"), ("medium", "easy"), ("hard", "medium")])
def test_each_level_beats_the_one_below(upper, lower):
    margins = paired_margins(load_variant("egyptian"), upper, lower, DEALS, seed=1)
    mean, error = statistics.mean(margins), statistics.stdev(margins) / math.sqrt(len(margins))
    assert mean - Z95 * error > 0, (upper, lower, round(mean, 2), round(error, 2))


def test_a_room_offers_the_levels_and_takes_every_name():
    """The room's page lists the levels; its messages may name a level or a bot."""
    import json
    from importlib import resources

    from basra_dsl.bots import BOT_NAMES
    schema = json.loads(resources.files("basra_dsl.schemas").joinpath("room-message.schema.json").read_text())
    named = [kind["properties"]["bot"]["enum"] for kind in schema["oneOf"] if "bot" in kind.get("properties", {})]
    assert named and all(enum == [*LEVELS, *BOT_NAMES] for enum in named)
    page = resources.files("basra_dsl.room").joinpath("page/room.html").read_text()
    assert all(f'<option value="{level}">{level} bot</option>' in page for level in LEVELS)
