"""B746, B733 and B707 name what changed from the game a file was written from (issue 29,
held-out 4): the word that differs, a rule that never holds where the other does, a capture
rule that takes otherwise, a restriction or a first-floor rule turned round, a bonus many
times the one it restates, and the majority whose points break the total."""

from __future__ import annotations

import pytest

from basra_dsl.check.checker import check_paths


def findings(tmp_path, parent: str, body: str) -> dict[str, tuple[str, str]]:
    path = tmp_path / "house.basra"
    path.write_text(f'variant house "House" extends {parent}\n{body}', encoding="utf-8")
    return {d.code: (d.message, d.help or "") for d in check_paths([path]).diagnostics}


@pytest.mark.parametrize("parent, body, code, said, helped", [
    # a 'not' lost: the rule now holds only where the parent's never does
    ("pasur", "basra:\n  sur: 10 when cleared and played is numeral and last_deal\n", "B746",
     "never holds where pasur's does", "did you leave out 'not' before 'last_deal'?"),
    # a comparison that became 'at least': the dealer takes most first floors
    ("escoba", "dealing:\n  floor_fifteen: 1 to dealer when floor.sum >= 15\n", "B746",
     "of the sampled first floors", "'>=' stands where it read '=='"),
    # a restriction turned round, tried where the parent's applies (three or four players)
    ("scopa-dassi", "capture:\n  vile: A barred when not opening and players >= 3\n", "B746",
     "never holds where scopa-dassi's does", "scopa-dassi reads 'opening and players == 4'"),
    # a capture rule that takes all where the parent's takes rank
    ("stealing-bundles", "capture:\n  pair: any takes all\n", "B746", "takes the whole floor",
     "stealing-bundles reads 'any takes rank'"),
    # a bonus ten times the parent's in a game to 16
    ("kasino", "basra:\n  mokki: 10 when cleared\n", "B733", "10 times the 1 of kasino's", "write '1'"),
    # a majority's points that break the parent's total: the points that keep it
    ("scopa", "score:\n  most prime 11 tie nobody: 7 21, 6 18, A 16, 5 15, 4 14, 3 13, 2 12, picture 10\n", "B707",
     "not the 4 that 'total' claims", "write 'most prime 1'"),
])
def test_what_changed_is_named(tmp_path, parent, body, code, said, helped):
    found = findings(tmp_path, parent, body)
    assert code in found, found
    message, help_ = found[code]
    assert said in message and helped in help_, found[code]


def test_a_condition_kept_word_for_word_is_not_compared(tmp_path):
    body = "basra:\n  sur: 10 when cleared and played is numeral and not last_deal\n"
    assert "B746" not in findings(tmp_path, "pasur", body)


def test_a_redeal_voiding_every_floor_is_offered_the_line_it_was_written_from(tmp_path):
    found = findings(tmp_path, "xeri", "dealing:\n  redeal when floor.ranks <= floor.count\n")
    assert "did you mean 'floor.ranks < floor.count', as xeri reads?" in found["B726"][1]



def test_a_bonus_dropped_while_its_card_still_sweeps_is_asked_about(tmp_path):
    message, help_ = findings(tmp_path, "egyptian", "basra:\n  drop seven\n")["B749"]
    assert "7D takes all, from egyptian" in message and "also write 'drop seven' under 'capture:'" in help_
    assert "B749" not in findings(tmp_path, "egyptian", "capture:\n  drop seven\nbasra:\n  drop seven\n")


def test_an_exception_left_out_of_a_restated_rule_is_named(tmp_path):
    body = "basra:\n  clear: 10 when cleared and (played is not J or floor.lone is J)\n"
    message, help_ = findings(tmp_path, "bastra", body)["B746"]
    assert "leaves out bastra's 'not (seven_sweeps and played is 7D)'" in message
    assert help_.startswith("to keep bastra's reading, add it: 'cleared and (played is not J or floor.lone is J) "
                            "and not (seven_sweeps and played is 7D)'")


def test_a_bonus_many_times_the_copied_files_is_heard_in_a_renamed_copy(tmp_path):
    from basra_dsl.resources import bundled_variants
    text = bundled_variants()["zwicker"].read_text(encoding="utf-8")
    text = text.replace('variant zwicker "Zwicker"', 'variant kiel "Kieler Zwicker"').replace(
        'zwick "Zwick": 3 when', 'zwick "Zwick": 30 when')
    path = tmp_path / "kiel.basra"
    path.write_text(text, encoding="utf-8")
    found = {d.code: d for d in check_paths([path]).diagnostics}
    assert "10 times the 3 of zwicker's" in found["B733"].message and "write '3'" in found["B733"].help


def test_a_target_a_game_of_one_hand_never_plays_to(tmp_path):
    found = findings(tmp_path, "stealing-bundles", "game:\n  first to 5\n")
    assert "B750" not in found or "hands 1" in found["B750"][0]
    (tmp_path / "house.basra").write_text('variant house "House" extends egyptian\ngame:\n  hands 1\n  first to 5\n',
                                          encoding="utf-8")
    codes = {d.code for d in check_paths([tmp_path / "house.basra"]).diagnostics}
    assert "B750" in codes


def test_a_slipped_zero_inside_a_target_is_offered_first(tmp_path):
    message, help_ = findings(tmp_path, "egyptian", "game:\n  first to 2001\n")["B732"]
    assert "such as 201 (a digit slipped)" in help_


def test_a_card_written_with_its_glyph_restates_the_parents_points(tmp_path):
    # 7♦ is 7D: a child that gives it new points restates the parent's list, it does not replace it
    assert "B721" not in findings(tmp_path, "chkobba", "score:\n  points 7♦ 2\n  total 5\n")
    assert "B721" in findings(tmp_path, "chkobba", "score:\n  points 7H 2\n  total 6\n")


def test_a_target_a_digit_short_of_the_parents_is_named(tmp_path):
    message, help_ = findings(tmp_path, "tablanette", "game:\n  first to 25\n")["B732"]
    assert "far below tablanette's 251" in message and help_.startswith("did you mean 251, as tablanette plays?")


def test_a_card_worth_many_times_the_copied_files_is_named(tmp_path):
    from basra_dsl.resources import bundled_variants
    text = bundled_variants()["zwicker"].read_text(encoding="utf-8").replace(
        'variant zwicker "Zwicker"', 'variant husum "Husum Zwicker"').replace("10D 10", "10D 100")
    (tmp_path / "husum.basra").write_text(text, encoding="utf-8")
    found = {d.code: d for d in check_paths([tmp_path / "husum.basra"]).diagnostics}
    assert "'10D 100' scores 100 points for 10D" in found["B733"].message
    assert found["B733"].help == "did you mean '10D 10'? (a zero slipped)"


def _dealing_rules():
    """Every named dealing rule of the bundled variants (first floors, dealt hands, declarations)."""
    import re

    from basra_dsl.resources import bundled_variants
    found = []
    for name, path in sorted(bundled_variants().items()):
        text = path.read_text(encoding="utf-8")
        section = re.search(r"^dealing:\n((?:[ \t].*\n|\n)*)", text, re.MULTILINE)
        for line in re.findall(r"^  (\w+(?: \"[^\"]*\")?: .+ when .+)$", section.group(1) if section else "",
                               re.MULTILINE):
            found.append((name, line))
    return found


@pytest.mark.parametrize("parent, line", _dealing_rules())
def test_a_dealing_rule_restated_with_its_condition_turned_is_checked_without_a_crash(tmp_path, parent, line):
    # held-out 8: a child changing the condition of Cirulla's declaration crashed the checker (B900)
    head, condition = line.split(" when ", 1)
    found = findings(tmp_path, parent, f"dealing:\n  {head} when not ({condition})\n")
    assert "B900" not in found, found.get("B900")


def test_a_childs_values_line_that_drops_the_parents_picture_values_is_named(tmp_path):
    message, help_ = findings(tmp_path, "scopa-dassi", "setup:\n  values A 1\n")["B736"]
    assert "this 'values' line replaces scopa-dassi's whole line" in message
    assert help_ == "restate scopa-dassi's values with yours: 'values A 1, J 8, Q 9, K 10'"


def test_a_bonus_reading_only_the_floor_is_offered_as_a_dealing_rule(tmp_path):
    _, help_ = findings(tmp_path, "scopa", "basra:\n  quindici: 1 when floor.sum == 15\n")["B723"]
    assert "under 'dealing:' write 'quindici: 1 to dealer when floor.sum == 15'" in help_


def test_a_rule_that_never_applies_for_an_and_that_was_an_or_is_offered_the_or(tmp_path):
    body = "basra:\n  lone: 20 when floor.count == 1 and (played is not J and floor.lone is J)\n"
    _, help_ = findings(tmp_path, "lebanese", body)["B701"]
    assert help_.startswith("did you mean 'floor.count == 1 and (played is not J or floor.lone is J)'?")
