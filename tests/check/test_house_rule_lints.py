"""House rules that mean something other than what their authors meant (B711-B723, B208's
help): for each class a failing and a passing case, small variants written inline, then every
house rule of tests/fixtures/house_rules/ against the table of codes expected for it."""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path

import pytest
import yaml

from basra_dsl.check.checker import Report, check_paths
from basra_dsl.check.playable import load_playable
from basra_dsl.diagnostics import Diagnostic, DiagnosticError

ROOT = Path(__file__).resolve().parents[2]
HOUSE_RULES = ROOT / "tests" / "fixtures" / "house_rules"
LINT_CODES = [f"B{n}" for n in range(711, 725)]


def run(tmp_path: Path, text: str, examples: str | None = None) -> Report:
    """Checks a variant written to a file named after it (with an examples file beside it)."""
    name = re.search(r"^variant ([A-Za-z0-9_-]+)", text, flags=re.M).group(1)
    path = tmp_path / f"{name}.basra"
    path.write_text(text, encoding="utf-8")
    if examples is not None:
        (tmp_path / f"{name}.examples.yaml").write_text(examples, encoding="utf-8")
    return check_paths([path])


def child(parent: str, body: str, name: str = "house") -> str:
    return f'variant {name} "House rules" extends {parent}\n\n{body}'


def only(report: Report, code: str) -> Diagnostic:
    """Returns the one finding of a code, after checking there is exactly one."""
    found = [d for d in report.diagnostics if d.code == code]
    assert len(found) == 1, [(d.code, d.message) for d in report.diagnostics]
    return found[0]


def codes(report: Report) -> list[str]:
    return [d.code for d in report.diagnostics]


# ------------------------------------------------------------------ B711

def test_b711_override_keeps_part_of_the_condition(tmp_path):
    found = only(run(tmp_path, child("egyptian", "basra:\n  clear: 20 when cleared\n")), "B711")
    assert found.span.line == 4 and not found.is_error
    assert "'played is not J | 7D'" in found.message
    assert found.help.endswith("keep egyptian's condition: clear: 20 when cleared and played is not J | 7D")


def test_b711_names_the_rules_a_switch_left_out_still_decides(tmp_path):
    found = only(run(tmp_path, child("bastra", "capture:\n  seven: 7D | 7H takes all\n")), "B711")
    assert "seven_sweeps still decides clear" in found.message
    assert found.help.endswith("seven: 7D | 7H takes all when seven_sweeps")


@pytest.mark.parametrize("body", [
    "basra:\n  clear: 20 when cleared and played is not J | 7D\n",  # the whole condition, new points
    "basra:\n  clear: 10 when cleared\n",  # the same points: changing the condition is the point
    "basra:\n  double_jack: 20 when played is J and floor.lone is J\n",  # a switch settled for good
    "basra:\n  seven: 20 when played is 7D and splits(floor, 1, 10)\n",  # a condition of its own
])
def test_b711_passes_whole_conditions_switches_and_rewrites(tmp_path, body):
    assert "B711" not in codes(run(tmp_path, child("egyptian", body)))


# ------------------------------------------------------------------ B712

def test_b712_partners_with_two_players_is_an_error_and_refuses_to_run(tmp_path):
    text = child("basra-121", "setup:\n  players 2, 4\n  partners\n")
    found = only(run(tmp_path, text), "B712")
    assert found.is_error and found.span.line == 5
    assert "one side" in found.message and found.help.endswith("partners when players == 4")
    with pytest.raises(DiagnosticError):
        load_playable(tmp_path / "house.basra")


def test_b712_an_inherited_partners_is_reported_at_the_new_player_count(tmp_path):
    found = only(run(tmp_path, child("morabaa", "setup:\n  players 2, 4\n")), "B712")
    assert found.span.line == 4 and "replaces morabaa's" in found.help


def test_b712_odd_counts_and_the_guarded_clause(tmp_path):
    found = only(run(tmp_path, child("bastra", "setup:\n  partners when teams\n")), "B712")
    assert "with 3 players partners cannot pair" in found.message
    assert found.help.endswith("partners when players == 4 and teams")
    assert "B712" not in codes(run(tmp_path, child("basra-121", "setup:\n  players 2, 4\n"
                                                   "  partners when players == 4\n")))


# ------------------------------------------------------------------ B713

def test_b713_a_bonus_another_always_outscores(tmp_path):
    found = only(run(tmp_path, child("egyptian", "basra:\n  ten_bonus: 5 when cleared and played is 10\n")), "B713")
    assert found.span.line == 4 and "'clear' applies too" in found.message
    assert found.help.endswith("ten_bonus: 15 when cleared and played is 10")


def test_b713_passes_a_bonus_that_is_the_largest(tmp_path):
    report = run(tmp_path, child("egyptian", "basra:\n  ten_bonus: 15 when cleared and played is 10\n"))
    assert codes(report) == []


# ------------------------------------------------------------------ B714

def test_b714_a_new_rule_one_slip_from_an_inherited_one(tmp_path):
    found = only(run(tmp_path, child("egyptian", "basra:\n  clera: 15 when cleared and played is not J | 7D\n")),
                 "B714")
    assert found.span.line == 4 and "did you mean to override 'clear'" in found.message
    assert found.help.endswith("clear: 15 when cleared and played is not J | 7D")


def test_b714_passes_overrides_and_clearly_new_names(tmp_path):
    assert codes(run(tmp_path, child("egyptian", "basra:\n  clear: 15 when cleared and played is not J | 7D\n"
                                     "  tens: 20 when cleared and played is 10\n"))) == []
    # a plural is a name of its own more often than a slip
    assert "B714" not in codes(run(tmp_path, child("egyptian", "basra:\n  sevens: 15 when cleared and played is 7\n")))


# ------------------------------------------------------------------ B715

def test_b715_a_sum_that_adds_pictures_as_nothing(tmp_path):
    found = only(run(tmp_path, child("egyptian", "basra:\n  seven: 10 when played is 7D and floor.sum < 10\n")),
                 "B715")
    assert found.span.line == 4 and found.span.column == 35 and "holds a picture" in found.message
    assert found.help.endswith("floor only numeral and floor.sum < 10")


def test_b715_passes_sums_kept_to_numerals_by_a_test_or_by_the_play(tmp_path):
    guarded = "basra:\n  seven: 10 when played is 7D and floor only numeral and floor.sum < 10\n"
    assert "B715" not in codes(run(tmp_path, child("egyptian", guarded)))
    # a numeral that clears the floor by its value took no picture: the sum cannot meet one
    cleared = "basra:\n  two: 10 when cleared and previous.trailed and floor.count == 2 and played.value == floor.sum\n"
    assert "B715" not in codes(run(tmp_path, child("ashush", cleared)))


# ------------------------------------------------------------------ B716

def test_b716_an_inherited_decider_beside_a_new_target(tmp_path):
    found = only(run(tmp_path, child("egyptian", "game:\n  first to 61\n")), "B716")
    assert found.span.line == 4 and "egyptian's 150" in found.message and "101 or 121" in found.message
    assert "'decider 90'" in found.help and "'drop decider'" in found.help


def test_b716_a_match_of_one_game_with_a_decider(tmp_path):
    found = only(run(tmp_path, child("parlett", "match:\n  drop best_of\n")), "B716")
    assert found.span.line == 4 and "played to the decider (150), not to the target (101)" in found.message
    assert "'drop decider'" in found.help


@pytest.mark.parametrize("body", ["game:\n  first to 121\n", "game:\n  first to 61\n\nmatch:\n  decider 90\n",
                                  "match:\n  drop best_of\n  drop decider\n"])
def test_b716_passes_targets_the_parent_plays_and_own_deciders(tmp_path, body):
    assert "B716" not in codes(run(tmp_path, child("egyptian", body)))


# ------------------------------------------------------------------ B717

def test_b717_tie_extend_by_nothing(tmp_path):
    found = only(run(tmp_path, child("pishti", "game:\n  tie extend\n")), "B717")
    assert found.span.line == 4 and "by nothing" in found.message and found.help.startswith("say by how much: tie extend 20;")
    found = only(run(tmp_path, child("bastra", "game:\n  tie extend\n")), "B717")
    assert found.help.startswith("say by how much: tie extend extension;")  # the parent's own amount


def test_b717_passes_an_amount(tmp_path):
    assert codes(run(tmp_path, child("pishti", "game:\n  tie extend 30\n"))) == []


# ------------------------------------------------------------------ B718

def test_b718_a_hand_that_leaves_a_short_last_deal(tmp_path):
    found = only(run(tmp_path, child("egyptian", "setup:\n  hand 5\n")), "B718")
    assert found.span.line == 4 and "8 cards for 2 players, not 10" in found.message
    assert "egyptian's 'hand 4'" in found.message and found.help.endswith("such as 'hand 4' or 'hand 6'")


def test_b718_a_lost_alternative_for_three_players(tmp_path):
    found = only(run(tmp_path, child("ashush", "setup:\n  hand 6\n")), "B718")
    assert "with 3 players" in found.message and "'hand 4 when players == 3'" in found.help


def test_b718_a_new_player_count_no_hand_deals_evenly(tmp_path):
    found = only(run(tmp_path, child("bastra", "setup:\n  players 2, 3, 4, 5\n")), "B718")
    assert "with 5 players" in found.message and "'players 2, 3, 4'" in found.help


def test_b718_passes_even_deals_and_parents_that_deal_short_already(tmp_path):
    assert codes(run(tmp_path, child("egyptian", "setup:\n  hand 6\n"))) == []
    # palestinian's 44 cards already deal short to three: its children are not blamed
    assert "B718" not in codes(run(tmp_path, child("palestinian", "setup:\n  hand 4\n")))


# ------------------------------------------------------------------ B719

def test_b719_a_card_two_patterns_score(tmp_path):
    text = child("egyptian", "score:\n  points J 1, A 1, 2C 2, 10D 3, JD 2\n  total 45\n")
    found = only(run(tmp_path, text), "B719")
    assert found.span.line == 4 and "1 + 2 = 3" in found.message
    assert found.help.endswith("points J except JD 1, A 1, 2C 2, 10D 3, JD 2")


def test_b719_the_narrower_pattern_is_left_out_of_the_broader(tmp_path):
    text = child("parlett", "score:\n  points J 1, A 1, 2C 2, 10D 3, 10 1\n  total 20\n")
    assert only(run(tmp_path, text), "B719").help.endswith("10D 3, 10 except 10D 1")


def test_b719_passes_disjoint_patterns(tmp_path):
    text = child("egyptian", "score:\n  points J except JD 1, A 1, 2C 2, 10D 3, JD 2\n  total 44\n")
    assert codes(run(tmp_path, text)) == []


# ------------------------------------------------------------------ B720

EXAMPLES = """variant: {name}
examples:
  - name: a jack on a lone jack
    floor: [JH]
    plays: [JS]
    expect: {{takes: [JH]}}
"""


def test_b720_examples_that_name_another_variant(tmp_path):
    report = run(tmp_path, child("egyptian", "option jack_on_jack: yes | no = yes\n"), EXAMPLES.format(name="egyptian"))
    found = only(report, "B720")
    assert found.is_error and found.span.path.endswith("house.examples.yaml") and found.span.line == 1
    assert found.help.startswith("write 'variant: house'")


def test_b720_passes_examples_of_their_own_variant(tmp_path):
    report = run(tmp_path, child("egyptian", "option jack_on_jack: yes | no = yes\n"), EXAMPLES.format(name="house"))
    assert codes(report) == [] and report.examples == 1


# ------------------------------------------------------------------ B721

def test_b721_points_that_replace_the_parents_list(tmp_path):
    report = run(tmp_path, child("egyptian", "score:\n  points JD 2\n"))
    found = only(report, "B721")
    assert found.span.line == 4 and "J, A, 2C, 10D no longer score" in found.message
    assert found.help.endswith("points J 1, A 1, 2C 2, 10D 3, JD 2")
    assert "B707" in codes(report)  # and the total no longer adds up


def test_b721_passes_a_restated_list(tmp_path):
    text = child("dry", "score:\n  points 10D 2, 2C 1, J 1, A 1\n  total 17\n")
    assert codes(run(tmp_path, text)) == []


# ------------------------------------------------------------------ B722

def test_b722_an_option_declared_as_numbers_where_yes_no_is_read(tmp_path):
    report = run(tmp_path, child("egyptian", "option jack_on_jack: 30 | 20 = 30\n"))
    found = only(report, "B722")
    assert found.is_error and found.span.line == 3 and "every choice counts as yes" in found.message
    assert "keep its choices no | yes" in found.help and "double_basra (20 | 30)" in found.help
    with pytest.raises(DiagnosticError):
        load_playable(tmp_path / "house.basra")


def test_b722_passes_the_same_kind_and_options_nothing_inherited_reads(tmp_path):
    assert codes(run(tmp_path, child("egyptian", "option jack_on_jack: yes | no = yes\n"))) == []
    text = child("egyptian", "option jack_on_jack: 20 | 30 = 30\n\nbasra:\n"
                 "  double_jack: jack_on_jack when played is J and floor.lone is J\n")
    assert "B722" not in codes(run(tmp_path, text))


# ------------------------------------------------------------------ B723

def test_b723_a_basra_that_scores_a_capture_leaving_cards(tmp_path):
    found = only(run(tmp_path, child("palestinian", "basra:\n  ace: 20 when played is A\n")), "B723")
    assert found.span.line == 4 and "leaves cards on the floor" in found.message
    assert found.help.endswith("ace: 20 when cleared and played is A")


def test_b723_an_inherited_basra_a_dropped_sweep_lets_leave_cards(tmp_path):
    found = only(run(tmp_path, child("egyptian", "capture:\n  drop seven\n")), "B723")
    assert found.span.line == 4 and "egyptian's bonus 'seven'" in found.message
    assert "seven: 10 when cleared and played is 7D" in found.help


def test_b723_passes_cleared_basras_and_sweeping_cards(tmp_path):
    assert codes(run(tmp_path, child("palestinian", "basra:\n  ace: 20 when cleared and played is A\n"))) == []
    assert codes(run(tmp_path, child("parlett", "basra:\n  seven: 10 when played is 7D\n"))) == []


# ------------------------------------------------------------------ B724

def test_b724_a_new_bonus_for_cards_the_parent_keeps_from_scoring(tmp_path):
    found = only(run(tmp_path, child("yemeni", "basra:\n  sevens: 15 when cleared and played is 7\n")), "B724")
    assert found.span.line == 4 and found.span.column == 41
    assert "egyptian's 'clear' keeps from scoring" in found.message
    assert found.help.endswith("played is 7 except 7D")


def test_b724_passes_cards_named_on_purpose(tmp_path):
    assert codes(run(tmp_path, child("yemeni", "basra:\n  sevens: 15 when cleared and played is 7 except 7D\n"))) == []
    assert codes(run(tmp_path, child("palestinian", "basra:\n  jack_clear: 10 when cleared and played is J\n"))) == []


# ------------------------------------------------------------------ B208, worded

def test_b208_says_which_section_holds_the_name(tmp_path):
    found = only(run(tmp_path, child("egyptian", "capture:\n  drop clear\n")), "B208")
    assert found.help == "'clear' is a basra rule of egyptian: write 'drop clear' under 'basra:'"
    found = only(run(tmp_path, child("dry", "basra:\n  drop pishti\n")), "B208")
    assert found.help == "'pishti' is already dropped by dry: remove this line"


def test_b208_keeps_its_did_you_mean(tmp_path):
    assert only(run(tmp_path, child("egyptian", "capture:\n  drop pari\n")), "B208").help == "did you mean 'pair'?"


# ------------------------------------------------------------------ the house rules

def house_rules() -> list[Path]:
    return sorted(HOUSE_RULES.glob("*.basra"))


def test_every_house_rule_says_what_its_author_meant():
    assert len(house_rules()) >= 50
    for path in house_rules():
        first = path.read_text(encoding="utf-8").splitlines()[0]
        assert first.startswith("# intent: "), path.name
    assert len({p.read_text(encoding="utf-8").split("extends ")[1].split()[0] for p in house_rules()}) == 15


def test_house_rules_find_the_expected_codes():
    expected = yaml.safe_load((HOUSE_RULES / "expected.yaml").read_text(encoding="utf-8"))
    report = check_paths([HOUSE_RULES])
    found: dict[str, list[str]] = {path.stem: [] for path in house_rules()}
    for diagnostic in report.diagnostics:
        found[Path(diagnostic.span.path).name.split(".")[0]].append(diagnostic.code)
    assert {k: sorted(v) for k, v in found.items()} == {k: sorted(v) for k, v in expected.items()}
    caught = Counter(code for codes_ in expected.values() for code in set(codes_))
    assert all(caught[code] >= 1 for code in LINT_CODES), caught  # every class catches a house rule
