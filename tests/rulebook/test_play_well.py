"""How to play well (issue 30): tactics measured by the greedy player in every seat, each tip
said with its figure, from the committed variants/tactics.json; a page of an author's own file
has none."""

from __future__ import annotations

import json
from pathlib import Path

from basra_dsl import load_variant
from basra_dsl.play.tactics import TacticsSpec, measure_tactics
from basra_dsl.rulebook import render_variant
from basra_dsl.resources import bundled_variants

ROOT = Path(__file__).resolve().parents[2]


def test_the_figures_are_seeded_and_say_what_a_hand_holds():
    rules = load_variant("egyptian")
    first = measure_tactics(rules, TacticsSpec(seed=3, hands=40))
    assert first == measure_tactics(rules, TacticsSpec(seed=3, hands=40))
    assert first["leftover"]["cards"]["n"] == 40 and 0 < first["leftover"]["cards"]["mean"] < 52
    assert 0 < first["trail"]["taken_next"] < first["trail"]["trails"]
    # Egyptian's jacks and its seven of diamonds take the whole table, and take more from a fuller one
    assert first["sweeper"]["cards"] == ["7D", "J"]
    assert first["sweeper"]["full"]["mean"] > first["sweeper"]["thin"]["mean"]


def test_a_game_without_a_card_that_clears_the_table_names_none():
    figures = measure_tactics(load_variant("scopa"), TacticsSpec(hands=10))
    assert figures["sweeper"]["cards"] == [] and figures["sweeper"]["full"]["n"] == 0


def test_every_bundled_variant_has_committed_figures_of_the_current_spec():
    kept = json.loads((ROOT / "variants" / "tactics.json").read_text(encoding="utf-8"))
    assert set(kept["variants"]) == set(bundled_variants())
    assert all(f["hands"] == kept["spec"]["hands"] for f in kept["variants"].values())


def test_the_page_says_each_tip_with_its_figure():
    kept = json.loads((ROOT / "variants" / "tactics.json").read_text(encoding="utf-8"))["variants"]["egyptian"]
    page = render_variant(bundled_variants()["egyptian"]).markdown
    section = page[page.index("### How to play well"):]
    assert f"{kept['leftover']['cards']['mean']:.1f} cards a hand" in section
    rate = kept["trail"]["taken_next"] / kept["trail"]["trails"]
    assert f"taken by the very next play {rate:.0%} of the time" in section
    assert "The seven of diamonds or a jack played on four cards or more" in section
    assert f"Measured over {kept['hands']:,} hands" in section


def test_a_page_of_an_authors_own_file_has_no_tactics(tmp_path):
    path = tmp_path / "house.basra"
    path.write_text('variant house "House" extends egyptian\nabout "x"\n\ngame:\n  first to 61\n', encoding="utf-8")
    assert "How to play well" not in render_variant(path).markdown
