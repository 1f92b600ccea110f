"""Every bundled variant's page says how it plays, from the committed balance figures
(``variants/balance.json``), with a plot; the comparison page ranks the variants; and a
small sample computed afresh agrees with the committed figures within its interval."""

from __future__ import annotations

import json
import shutil
from functools import partial

import pytest

from basra_dsl import load_variant
from basra_dsl.play.balance import BalanceSpec, balance
from basra_dsl.play.duel import Rate
from basra_dsl.resources import bundled_dir, bundled_variants
from basra_dsl.rulebook import render_comparison, render_variant
from basra_dsl.rulebook.pages.how_it_plays import balance_file

KEPT = json.loads((bundled_dir("variants") / "balance.json").read_text(encoding="utf-8"))


def test_every_bundled_variant_has_figures_measured_as_the_file_says():
    assert sorted(KEPT["variants"]) == sorted(bundled_variants())
    spec = KEPT["spec"]
    for name, figures in KEPT["variants"].items():
        assert figures["games"] == spec["games"] and figures["seed"] == spec["seed"], name
        # the search player's duels as the file says, or (Royal Draw Casino: over half an hour
        # on the checked tier, see the note) not run at all, which its page says
        assert figures["skill"]["search_vs_greedy"]["games"] in (spec["skill_games"], 0), name
        assert figures["players"] == load_variant(name).players, name
    assert [n for n, f in KEPT["variants"].items() if not f["skill"]["search_vs_greedy"]["games"]] == \
        ["royal-draw-casino"]


@pytest.mark.parametrize("name", sorted(bundled_variants()))
def test_a_page_says_how_its_variant_plays_with_a_plot(name):
    markdown = render_variant(name).markdown
    section = markdown[markdown.index("### How it plays"):]
    figures = KEPT["variants"][name]
    game = figures["first_side_wins_game"]
    assert f"wins {game['rate']:.0%} ({game['interval_95'][0]:.0%}–{game['interval_95'][1]:.0%})" in section
    duels = figures["skill"]["search_vs_greedy"]["games"]
    said = "The search player beats a random player" if duels else "the search player's duels were not run"
    assert said in section
    plots = [line.strip() for line in section.splitlines() if line.strip().startswith("<svg")]
    assert len(plots) == 1 and 'role="img"' in plots[0] and "<script" not in plots[0].lower()
    assert "??? abstract \"The same figures as a plot\"" in section  # folded under its title: the words come first
    assert "<style" not in plots[0]  # a style rule in an inline SVG would reach the whole page
    assert "search beats greedy" in plots[0] or not duels  # the plot's own labels, as text


def test_an_authors_file_of_a_bundled_name_gets_no_borrowed_figures(tmp_path):
    copy = tmp_path / "egyptian.basra"
    shutil.copy(bundled_variants()["egyptian"], copy)
    markdown = render_variant(str(copy)).markdown
    section = markdown[markdown.index("### How it plays"):]
    assert "`basra balance egyptian`" in section and "<svg" not in section.split("\n\n")[1]


def test_the_comparison_ranks_the_variants_by_skill_and_by_first_player_advantage():
    page = render_comparison()
    skill = page[page.index("### Most skill first"):page.index("### Furthest from an even start first")]
    measured = [name for name, f in KEPT["variants"].items() if f["skill"]["search_vs_greedy"]["games"]]
    rates = [KEPT["variants"][name]["skill"]["search_vs_greedy"]["rate"]
             for name in sorted(measured, key=lambda n: skill.find(f"(rules/{n}.md)"))]
    assert rates == sorted(rates, reverse=True) and skill.count("(rules/") == len(measured)
    assert "(rules/royal-draw-casino.md)" not in skill  # its duels were not run: not ranked by skill


def test_a_fresh_small_sample_agrees_with_the_kept_figures_within_its_interval():
    """A sample with another seed, far smaller than the kept run: each kept rate must lie
    within the small sample's 95% interval (the seed is fixed, so this cannot flicker)."""
    rules = load_variant("egyptian")
    spec = BalanceSpec(seed=77, games=40, skill_games=12, samples=KEPT["spec"]["samples"], matches=0)
    fresh = balance(rules, partial(load_variant, "egyptian"), spec, workers=1)
    kept = KEPT["variants"]["egyptian"]
    for path in (("first_side_wins_hand",), ("card_ties",), ("skill", "search_vs_random")):
        small, big = fresh, kept
        for key in path:
            small, big = small[key], big[key]
        low, high = Rate(small["wins"], small["games"]).interval
        assert low <= big["rate"] <= high, (path, small, big)
    low, high = fresh["points_per_hand"]["interval_95"]
    assert low <= kept["points_per_hand"]["mean"] <= high


def test_the_figures_file_is_read_once_per_process():
    assert balance_file() is balance_file()
