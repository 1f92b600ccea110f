"""Who deals, who leads and how the deal passes: the `lead` and `deal passes` clauses,
from the language through the engine's seat order to the rulebook's sentence."""

from __future__ import annotations

import pytest
from click.testing import CliRunner

from basra_dsl import load_variant
from basra_dsl.cli import main
from basra_dsl.play.simulate import simulate_hands


def child(tmp_path, lines: str, parent: str = "egyptian"):
    path = tmp_path / "house.basra"
    path.write_text(f'variant house "House" extends {parent}\nsetup:\n{lines}', encoding="utf-8")
    return path


@pytest.mark.parametrize("lead, passes, players, leaders", [
    ("next", "next", 2, [0, 1, 0, 1]),      # the non-dealer leads; the deal alternates
    ("next", "next", 4, [0, 1, 2, 3]),      # the player after the dealer; the deal moves on a seat
    ("next", "previous", 4, [0, 3, 2, 1]),  # the deal goes back against the play
    ("next", "never", 4, [0, 0, 0, 0]),     # one dealer all evening
    ("dealer", "next", 4, [0, 1, 2, 3]),    # the dealer leads, each in turn
    ("dealer", "never", 4, [0, 0, 0, 0]),
])
def test_the_lead_follows_the_deal(tmp_path, lead, passes, players, leaders):
    rules = load_variant(child(tmp_path, f"  lead {lead}\n  deal passes {passes}\n"), players=players)
    summary = simulate_hands(rules, len(leaders), seed=3, keep_records=True)
    assert [record["first"] for record in summary.records] == leaders


def test_every_bundled_variant_states_who_leads_and_how_the_deal_passes():
    from basra_dsl.language.loader import load
    from basra_dsl.resources import bundled_variants
    for name, path in bundled_variants().items():
        merged = load(path).merged
        assert "setup.lead" in merged.clauses and "setup.deal_passes" in merged.clauses, name


def test_the_compiled_rules_say_it(tmp_path):
    result = CliRunner().invoke(main, ["compile", str(child(tmp_path, "  lead dealer\n  deal passes never\n")),
                                       "--json"])
    assert result.exit_code == 0 and '"lead": "dealer"' in result.output and '"passes": "never"' in result.output


@pytest.mark.parametrize("name, side", [("egyptian", "right"), ("bastra", "left")])
def test_the_rulebook_says_which_side_of_the_dealer(name, side):
    page = CliRunner().invoke(main, ["docs", "show", name]).output
    assert f"The player to the dealer's {side} plays first" in page
    assert f"After each hand the deal passes to the {side}" in page


def test_a_misspelt_choice_is_refused(tmp_path):
    result = CliRunner().invoke(main, ["check", str(child(tmp_path, "  deal passes left\n"))])
    assert result.exit_code == 1 and "B1" in result.output
