"""The server's answers worked out directly (no protocol), for the cases an author meets
mid-edit: a file that does not compile or load, a Latin pack, a new file, a line carried
on by a backslash, clauses decided before play."""

from __future__ import annotations

from basra_dsl.lsp.complete import suggestions
from basra_dsl.lsp.hover import hover_text


def labels(text: str, line: int, column: int | None = None, path: str = "/tmp/basra-lsp/x.basra") -> list[str]:
    column = len(text.split("\n")[line - 1]) + 1 if column is None else column
    return [s.label for s in suggestions(text, path, line, column)]


def test_hover_on_a_variant_that_loads_but_does_not_compile_says_nothing_rather_than_failing():
    text = 'variant house "House" extends egyptian\nsetup:\n  hand 6 when players == 3\n'  # no hand for 2 players
    assert hover_text(text, "/tmp/basra-lsp/house.basra", 3, 3) is None


def test_a_latin_pack_is_named_as_its_players_name_it():
    text = 'variant mine "Mine" extends scopa\nscore:\n  points 7D 1, coins 1\n'
    assert "the seven of coins" in hover_text(text, "/tmp/basra-lsp/mine.basra", 3, 10)
    assert "10 cards" in hover_text(text, "/tmp/basra-lsp/mine.basra", 3, 17)  # the 40-card pack's coins


def test_a_file_that_does_not_load_still_counts_its_parents_deck():
    text = 'variant mine "Mine" extends scopa\nscore:\n  shout: 1 when taken has coins and cleard\n'
    said = hover_text(text, "/tmp/basra-lsp/mine.basra", 3, 29)
    assert said.startswith("**coins**") and "10 cards" in said and "8♦" not in said


def test_a_card_a_deck_leaves_out_is_counted_in_the_whole_pack():
    said = hover_text('variant x "X"\nsetup:\n  deck 52 without AD\n', "/tmp/basra-lsp/x.basra", 3, 19)
    assert "1 card: A♦" in said


def test_a_clause_restated_unchanged_is_said_to_change_nothing():
    text = 'variant mine "Mine" extends egyptian\ngame:\n  first to target\n'
    said = hover_text(text, "/tmp/basra-lsp/mine.basra", 3, 4)
    assert "again, unchanged" in said and "Replaces" not in said


def test_hover_on_the_parents_name_says_what_it_is():
    text = 'variant mine "Mine" extends scopa\n'
    said = hover_text(text, "/tmp/basra-lsp/mine.basra", 1, 31)
    assert said.startswith("**Scopa** (`scopa`) — ") and "does not state again" in said


def test_a_new_file_starts_with_its_variant_line():
    assert labels("", 1, 1) == ["variant"]
    assert labels('variant mine "Mine" ', 1) == ["extends"]
    assert "egyptian" in labels('variant mine "Mine" extends ', 1)


def test_at_the_margin_after_a_section_only_sections_may_follow():
    text = 'variant mine "Mine" extends egyptian\noption big: yes | no = no\nbasra:\n  a: 1 when cleared\n\n'
    assert set(labels(text, 5, 1)) == {"setup", "dealing", "capture", "basra", "end", "score", "game", "match"}
    assert "option" in labels(text, 3, 1) and "about" not in labels(text, 3, 1)  # after an option: no header lines


def test_clauses_decided_before_play_offer_no_names_of_the_play():
    text = 'variant mine "Mine" extends egyptian\ncapture:\n  compulsory when \n  pair: any takes rank when \n'
    assert "played" not in labels(text, 3) and "target" in labels(text, 3)
    assert "played" in labels(text, 4)


def test_a_line_carried_on_by_a_backslash_continues_its_condition():
    text = 'variant mine "Mine" extends egyptian\nbasra:\n  a: 10 when played is J \\\n      or floor only \n'
    assert {"numeral", "7D"} <= set(labels(text, 4))


def test_what_most_counts_is_what_the_deck_holds():
    text = 'variant mine "Mine" extends scopa\nscore:\n  most \n  tie countback \n'
    most = labels(text, 3)
    assert {"cards", "coins", "sevens", "prime"} <= set(most) and "eights" not in most
    assert "bonuses" in labels(text, 4) and "prime" not in labels(text, 4)


def test_who_takes_a_first_floor_is_a_word_not_a_number():
    text = 'variant mine "Mine" extends egyptian\noption who: dealer | next = dealer\ndealing:\n  lucky: 10 to \n'
    found = labels(text, 4)
    assert {"dealer", "next", "holder", "who"} <= set(found) and "target" not in found and "floor" not in found


def test_a_number_has_no_attributes():
    assert labels('variant x "X" extends egyptian\nbasra:\n  b: 1 when floor.count(J).\n', 3) == []


def test_every_did_you_mean_of_the_code_registry_is_fixed_by_its_quick_fix():
    """Each code's example that draws a "did you mean", fixed as the quick fix edits it, no
    longer draws that finding on that line."""
    from pathlib import Path

    from basra_dsl.check.checker import Report, check_text
    from basra_dsl.diagnostics.codes import CODES, is_basra_example
    from basra_dsl.lsp.fixes import did_you_mean_fix

    path = Path("/tmp/basra-lsp/x.basra")
    examples = [e.example for e in CODES.values() if is_basra_example(e.example)]
    examples.append('variant x "X" extends egyptian\nbasra:\n  clera: 15 when cleared and played is not J | 7D\n')
    fixed = []
    for example in examples:
        text = example if example.startswith("variant") else 'variant x "X"\n' + example
        for found in check_text(text, path, Report(), examples=False):
            said = found.message + (f"\nhelp: {found.help}" if found.help else "")
            if "did you mean" not in said or found.span is None:
                continue
            lines = text.split("\n")
            row, span = lines[found.span.line - 1], found.span
            end = span.end_column - 1 if span.end_line == span.line and span.end_column else span.column
            fix = did_you_mean_fix(said, row, span.line - 1, span.column - 1, end)
            assert fix is not None, said
            lines[fix.line] = row[:fix.start] + fix.text + row[fix.end:]
            again = check_text("\n".join(lines), path, Report(), examples=False)
            assert not [d for d in again if d.code == found.code and d.span and d.span.line == span.line], lines[fix.line]
            fixed.append(found.code)
    assert {"B102", "B201", "B202", "B203", "B209", "B401", "B714", "B729"} <= set(fixed)


def test_the_words_of_piles_are_offered_and_said_as_the_page_says_them():
    """Issue 28's pile take (Stealing Bundles): completion offers `pile` and `floor first`,
    and hover says the rules in the rulebook's sentences."""
    head = 'variant mine "Mine" extends stealing-bundles\ncapture:\n'
    assert "pile" in labels(head + "  grab: any takes ", 3)
    assert "floor" in labels(head + "  ", 3, 3) and "first" in labels(head + "  floor ", 3)
    text = head + "  grab: any takes pile\n  floor first\n"
    said = hover_text(text, "/tmp/basra-lsp/mine.basra", 3, 20)
    assert "another player's whole pile" in said and "top card has its rank" in said
    assert "only a card that takes nothing there may take another player's pile" in \
        hover_text(text, "/tmp/basra-lsp/mine.basra", 4, 4)
