"""Issue 29: mistakes authors make on copies of bundled variants are heard, each with its fix in
the author's words. Every case edits a copy of a bundled file, as an author would."""

from __future__ import annotations

from pathlib import Path

import pytest

from basra_dsl.check.checker import check_paths
from basra_dsl.resources import bundled_variants


def copy_with(tmp_path: Path, name: str, old: str, new: str) -> Path:
    """A copy of a bundled variant, named as it is (so B407 keeps quiet), with one edit."""
    text = bundled_variants()[name].read_text(encoding="utf-8")
    assert old in text, old
    path = tmp_path / f"{name}.basra"
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    return path


def findings(path: Path, code: str) -> list:
    return [d for d in check_paths([path]).diagnostics if d.code == code]


# ------------------------------------------------------------------ slips with a bare parser message before


@pytest.mark.parametrize("name, old, new, code, said, help_said", [
    ("egyptian", "101 | 121 = 101", "101, 121 = 101", "B124", "separated by '|', not by commas",
     "write: option target: 101 | 121 = 101"),
    ("scopa", "option target:", "option target", "B101", "needs a colon", "option target:"),
    ("egyptian", "7D: bury", "7D: shuffle", "B102", "'shuffle' is not one of the words that go here",
     "'bury' (back into the pack at a random place), 'bottom' (under the pack) or 'dealer'"),
])
def test_a_slip_is_named_with_its_fix(tmp_path, name, old, new, code, said, help_said):
    (found,) = findings(copy_with(tmp_path, name, old, new), code)
    assert said in found.message and help_said in found.help


def test_a_line_above_the_variant_line_is_told_to_move_below_it(tmp_path):
    text = bundled_variants()["egyptian"].read_text(encoding="utf-8")
    head = text.index("variant egyptian")
    line = text[:head].count("\n") + 2  # the variant line, once the stray line stands above it
    path = tmp_path / "egyptian.basra"
    path.write_text(text[:head] + "option fast: no | yes = no\n" + text[head:], encoding="utf-8")
    (found,) = findings(path, "B111")
    assert "'option fast: no | yes = no' stands above the 'variant' line" in found.message
    assert found.help.startswith(f"move this line below line {line}")
    assert found.span.line == line - 1 and found.span.column == 1


def test_commas_between_choices_are_mended_by_the_editors_quick_fix(tmp_path):
    """The quick fix writes the line the help gives, and the file then checks clean."""
    from basra_dsl.lsp.fixes import line_fix

    path = copy_with(tmp_path, "egyptian", "101 | 121 = 101", "101, 121 = 101")
    (found,) = findings(path, "B124")
    lines = path.read_text(encoding="utf-8").split("\n")
    row = lines[found.span.line - 1]
    fix = line_fix(f"{found.message}\nhelp: {found.help}", row, found.span.line - 1)
    assert fix is not None and fix.title.startswith("Write 'option target: 101 | 121 = 101")
    lines[fix.line] = row[:fix.start] + fix.text + row[fix.end:]
    path.write_text("\n".join(lines), encoding="utf-8")
    assert not check_paths([path]).diagnostics


# ------------------------------------------------------------------ a type error gets a rewrite


@pytest.mark.parametrize("old, new, said, rewrite", [
    ("floor.sum <= 10", "floor.sum", "this is a number where a yes/no is needed", "'floor.sum <= 10'"),
    ("clear: 10 when", "clear: cleared when", "this is a yes/no where a number is needed", "'10 when cleared'"),
    ("clear: 10 when", "clear: captured when", "this is cards where a number is needed", "'captured.count'"),
    ("floor.sum <= 10", "floor", "this is cards where a yes/no is needed", "'floor.count > 0'"),
    ("floor.sum <= 10", "played", "this is a card where a yes/no is needed", "'played is J'"),
])
def test_a_type_error_suggests_the_rewrite(tmp_path, old, new, said, rewrite):
    (found,) = findings(copy_with(tmp_path, "egyptian", old, new), "B205")
    assert found.message == said and rewrite in found.help


# ------------------------------------------------------------------ B701 names the part to blame


@pytest.mark.parametrize("old, new, blamed", [
    ("and floor.sum <= 10", "and floor.count == 0",
     "'floor.count == 0' holds on none of the sampled captures (floor.count was 1 to"),
    ("and floor.sum <= 10", "and floor.sum >= 60",
     "'floor.sum >= 60' holds on none of the sampled captures where the rest of the condition holds "
     "(floor.sum was 1 to"),
    ("played is 7D and floor only", "played is 7D and floor has 7D and floor only",
     "'played is 7D' holds on none of the sampled captures where the rest of the condition holds"),
    ("played is 7D and floor only numeral and floor.sum <= 10", "played is 7D and floor has 7D",
     "'played is 7D' and 'floor has 7D' each hold on some captures, but never on the same one"),
])
def test_a_condition_that_never_holds_names_its_failing_part(tmp_path, old, new, blamed):
    (found,) = findings(copy_with(tmp_path, "egyptian", old, new), "B701")
    assert "'seven' never applies" in found.message and blamed in found.help


# ------------------------------------------------------------------ the game's shape


def test_a_bonus_worth_many_hands_is_warned_of_with_the_figures(tmp_path):
    (found,) = findings(copy_with(tmp_path, "egyptian", "clear: 10 when", "clear: 1000 when"), "B733")
    assert found.message == ("'clear' scores 1000 points: about 23 times what the cards of a whole hand hold "
                             "(43 points), and one such capture reaches the target 101")
    assert found.help.startswith("write '10', as egyptian plays")


def test_a_bonus_that_reaches_the_target_alone_is_warned_of(tmp_path):
    (found,) = findings(copy_with(tmp_path, "egyptian", "clear: 10 when", "clear: 101 when"), "B733")
    assert found.message.endswith("one such capture reaches the target 101")


def test_a_usual_bonus_is_not_warned_of(tmp_path):
    assert not findings(copy_with(tmp_path, "egyptian", "clear: 10 when", "clear: 30 when"), "B733")


def test_a_decider_below_the_target_is_warned_of(tmp_path):
    (found,) = findings(copy_with(tmp_path, "egyptian", "decider 150", "decider 50"), "B716")
    assert "played to 50, less than the 101 of the other games" in found.message
    assert "'decider 150'" in found.help and "'drop decider'" in found.help


def test_a_hand_that_leaves_a_short_last_deal_says_the_numbers(tmp_path):
    (found,) = findings(copy_with(tmp_path, "egyptian", "hand 4", "hand 5"), "B718")
    assert "with 2 or 4 players the last deal is short (with 2: 8 cards for 2 players, not 10)" in found.message
    assert "48 cards after the first floor are not whole deals of 2 × 5" in found.message
    assert "such as 'hand 4' or 'hand 6'" in found.help


def test_a_game_that_deals_short_by_design_is_not_warned_of(tmp_path):
    """Dry deals six with four more to the stack each deal: no hand near six divides the pack."""
    assert not findings(copy_with(tmp_path, "dry", "hand 6", "hand 6"), "B718")


# ------------------------------------------------------------------ a warning the author means


def test_a_note_allows_a_warning_where_it_stands_and_only_there(tmp_path):
    """Pasur bars a sur in the hand's whole last round, as its sources do, and says so in a
    note; without the note the same rule draws B741, and a note never silences an error."""
    path = copy_with(tmp_path, "pasur", "  #: allow B741: the Persian pages", "  #: the Persian pages")
    (found,) = findings(path, "B741")
    assert "never scores in the hand's last deal" in found.message and "'not last'" in found.help
    assert not findings(copy_with(tmp_path, "pasur", "  sur: 5", "  sur: 5"), "B741")
    path = copy_with(tmp_path, "egyptian", "  clear: 10 when", "  #: allow B733, B205\n  clear: cleared when")
    assert findings(path, "B205")  # an error stands whatever the note says


def test_a_sweep_barred_from_the_whole_last_deal_is_warned_of(tmp_path):
    path = copy_with(tmp_path, "scopa", "cleared and not last", "cleared and not last_deal")
    (found,) = findings(path, "B741")
    assert found.span.line == next(i for i, row in enumerate(path.read_text().split("\n"), 1) if "last_deal" in row)


def test_the_editor_offers_no_word_fix_for_a_suggested_expression():
    """A help that suggests a whole comparison ('did you mean 'floor.count == 1'?') is no
    one-word edit: the quick fix that replaces a word must not write it over one."""
    from basra_dsl.lsp.fixes import did_you_mean_fix

    row = "  redeal when floor.count(Q) <= 3"
    assert did_you_mean_fix("help: did you mean 'floor.count(Q) >= 3'?", row, 0, 2, len(row)) is None
    assert did_you_mean_fix("help: did you mean 'split'?", "  most cards 1 tie share", 0, 20, 25).text == "split"


@pytest.mark.parametrize("name, old, new, code, said", [
    ("zwicker", "stacks to 14", "stacks to 20", "B743", "a stack may grow to 20, but no card is worth more than 14"),
    ("royal-draw-casino", "draw 1", "draw 3", "B735", "a player draws 3 cards after each play, so a hand grows by 2"),
    ("escoba", "deck 40", "deck 52", "B740", "both add up as"),
    ("spade-casino", "lurch 2 below 31", "lurch 2 below 61", "B734", "every win counts 2 games"),
])
def test_a_rule_that_changes_the_game_past_a_tables_expectation_is_told(tmp_path, name, old, new, code, said):
    (found,) = findings(copy_with(tmp_path, name, old, new), code)
    assert said in found.message and found.help


@pytest.mark.parametrize("name, old, new, said, line", [
    ("zwicker", "stacks to 14", "stacks up to 14", "the clause says 'to' alone", "stacks to 14"),
    ("egyptian", "decider 150", "decider 1,500", "without a thousands separator", "decider 1500"),
])
def test_a_slip_of_the_pen_is_mended_in_the_help(tmp_path, name, old, new, said, line):
    (found,) = findings(copy_with(tmp_path, name, old, new), "B125")
    assert said in found.message and found.help == f"write: {line}"


def test_a_bracket_left_open_is_shown_where_it_opens_behind_a_title(tmp_path):
    path = copy_with(tmp_path, "egyptian", "10 when played is 7D and floor only", "10 when played is 7D and (floor only")
    (found,) = findings(path, "B103")
    row = path.read_text(encoding="utf-8").split("\n")[found.span.line - 1]
    assert row[found.span.column - 1] == "(" and row[found.span.column:].startswith("floor only")


def test_a_group_a_score_rule_counts_too_is_told_but_a_card_on_its_own_is_not(tmp_path):
    """Spade Casino scores each spade by its rule, and the ace and two of spades on top: adding
    'spades 1' to the points counts every spade twice."""
    doubled = findings(copy_with(tmp_path, "spade-casino", "points 10D 2, A 1", "points 10D 2, A 1, spades 1"), "B719")
    assert any("'spades 1' scores cards that the rule 'spades' also counts" in d.message for d in doubled)
    assert not findings(copy_with(tmp_path, "spade-casino", "points 10D 2, A 1", "points 10D 2, A 1"), "B719")


def test_a_restriction_that_reads_the_play_is_not_called_one_that_never_applies(tmp_path):
    """Held-out 4: 'A barred when not opening and players >= 3' holds on plays, not on the
    options alone; the static check must not claim it never applies."""
    path = tmp_path / "house.basra"
    path.write_text('variant house "House" extends scopa-dassi\n\ncapture:\n'
                    '  vile "The vile": A barred when not opening and players >= 3\n', encoding="utf-8")
    assert not findings(path, "B701")
