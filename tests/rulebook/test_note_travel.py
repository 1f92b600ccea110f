"""Notes belong to the clause they explain: a parent's note is shown on a child's page only
while the clause it is written above (and what that clause is read with) is unchanged."""

from __future__ import annotations

import re

import pytest

from basra_dsl.language.merge import merge
from basra_dsl.resources import bundled_variants
from basra_dsl.rulebook import render_variant
from basra_dsl.rulebook.pages.comments import READ_WITH, Comments, paragraph
from basra_dsl.rulebook.pages.page import load_merged

NOTE = re.compile(r'^( *)!!! note "Note"\n\n\1    (.*)$', re.M)
CHILDREN = sorted(name for name in bundled_variants() if load_merged(name).parent is not None)


def shown_notes(markdown: str) -> list[str]:
    """Returns the paragraph of every house-rule note on a page, in page order."""
    return [m.group(2) for m in NOTE.finditer(markdown)]


def written_notes(merged) -> list[tuple[int, str, object, str]]:
    """Returns (index in the chain, clause key, clause node, note paragraph) for every note
    written above a clause in the variant's file or in one of its parents' files."""
    comments = Comments()
    found = []
    for index, variant in enumerate(merged.chain):
        for clause in variant.clauses:
            lines = comments.above(clause.span.path, clause.span.line)
            if lines:
                found.append((index, clause.key, clause, paragraph(lines)))
    return found


def test_some_bundled_variants_extend_another():
    assert CHILDREN


@pytest.mark.parametrize("name", CHILDREN)
def test_child_page_shows_no_note_of_a_clause_it_changed(name):
    merged = load_merged(name)
    written = written_notes(merged)
    for text in shown_notes(render_variant(name).markdown):
        writers = [(i, key, clause) for i, key, clause, note in written if note == text]
        assert writers, f"{name}: a note no file in its chain writes above a clause: {text!r}"
        assert any(any(c is clause for c in merged.clauses.get(key, ())) for _, key, clause in writers), \
            f"{name}: shows a note whose clause it overrides or drops: {text!r}"


@pytest.mark.parametrize("name", CHILDREN)
def test_child_page_shows_a_parent_note_only_where_its_writer_shows_it(name):
    merged = load_merged(name)
    shown = shown_notes(render_variant(name).markdown)
    written = written_notes(merged)
    own = {text for index, _, _, text in written if index == 0}
    for index, _, _, text in written:
        if index == 0 or text not in shown or text in own:
            continue
        writer = merged.chain[index].name.text
        assert text in shown_notes(render_variant(writer).markdown), \
            f"{name}: shows {writer}'s note {text!r}, which {writer}'s own page does not"


@pytest.mark.parametrize("name", sorted(bundled_variants()))
def test_every_own_note_is_on_its_own_page(name):
    merged = load_merged(name)
    shown = shown_notes(render_variant(name).markdown)
    for index, key, clause, text in written_notes(merged):
        if index == 0 and any(c is clause for c in merged.clauses.get(key, ())):
            assert text in shown, f"{name}: its own note above {key} is missing: {text!r}"


# ------------------------------------------------------------------ synthetic parents and children

PARENT = """\
# Parent header note.
variant base "Base"

option target: 101 | 121 = 101 "points that win a game"

setup:
  deck 52
  players 2
  # Parent note on the hand size.
  hand 4

capture:
  pair: any takes rank
  # Parent note on the jack.
  jack: J takes all

# Parent note above the section name.
basra:
  # Parent note on the clear.
  clear: 10 when cleared and played is not J

score:
  # Parent note on most cards.
  most cards 3 tie nobody
  points J 1, A 1
  total 11  # Parent note on the total.

game:
  # Parent note on the target.
  first to target
"""


def page_of(tmp_path, child: str, middle: str | None = None) -> list[str]:
    """Returns the notes on the page of ``child`` (which extends ``base``, or ``middle``)."""
    (tmp_path / "base.basra").write_text(PARENT, encoding="utf-8")
    if middle is not None:
        (tmp_path / "middle.basra").write_text(middle, encoding="utf-8")
    (tmp_path / "child.basra").write_text(child, encoding="utf-8")
    return shown_notes(render_variant(tmp_path / "child.basra").markdown)


def child(*body: str, parent: str = "base") -> str:
    return f'variant child "Child" extends {parent}\n\n' + "\n".join(body) + "\n"


def test_parent_page_shows_its_notes(tmp_path):
    (tmp_path / "base.basra").write_text(PARENT, encoding="utf-8")
    markdown = render_variant(tmp_path / "base.basra").markdown
    assert "Parent header note." in markdown
    assert shown_notes(markdown) == ["Parent note on the hand size.", "Parent note on the jack.",
                                     "Parent note on the clear.", "Parent note on most cards.",
                                     "Parent note on the total.", "Parent note on the target."]


def test_unchanged_clause_keeps_its_note(tmp_path):
    notes = page_of(tmp_path, child("capture:", "  seven: 7D takes all"))
    assert "Parent note on the jack." in notes
    assert "Parent note on the clear." in notes
    assert "Parent note on the total." in notes
    assert "Parent note on the target." in notes


def test_overridden_clause_loses_its_note(tmp_path):
    notes = page_of(tmp_path, child("capture:", "  jack: J takes rank"))
    assert "Parent note on the jack." not in notes
    assert "Parent note on the clear." in notes


def test_dropped_clause_loses_its_note(tmp_path):
    notes = page_of(tmp_path, child("basra:", "  drop clear"))
    assert "Parent note on the clear." not in notes
    assert "Parent note on the jack." in notes


def test_child_note_replaces_the_parent_note(tmp_path):
    notes = page_of(tmp_path, child("capture:", "  # Child note on the jack.", "  jack: J takes all"))
    assert "Child note on the jack." in notes
    assert "Parent note on the jack." not in notes


def test_header_and_section_notes_stay_home(tmp_path):
    (tmp_path / "base.basra").write_text(PARENT, encoding="utf-8")
    (tmp_path / "child.basra").write_text(child("capture:", "  seven: 7D takes all"), encoding="utf-8")
    markdown = render_variant(tmp_path / "child.basra").markdown
    assert "Parent header note." not in markdown
    assert "Parent note above the section name." not in markdown


def test_changing_one_score_clause_drops_the_notes_of_the_others(tmp_path):
    # the score clauses make one count (the total adds them up): a note on one may speak of the others
    notes = page_of(tmp_path, child("score:", "  most cards 3 tie each"))
    assert "Parent note on the total." not in notes
    assert "Parent note on the clear." in notes


def test_adding_a_score_clause_drops_the_notes_of_the_others(tmp_path):
    notes = page_of(tmp_path, child("score:", "  most clubs 1", "  total 12"))
    assert "Parent note on most cards." not in notes


def test_changing_the_deck_drops_the_notes_that_count_it(tmp_path):
    notes = page_of(tmp_path, child("setup:", "  deck 52 without Q, K"))
    assert "Parent note on most cards." not in notes
    assert "Parent note on the total." not in notes
    assert "Parent note on the hand size." not in notes
    assert "Parent note on the jack." in notes
    assert "Parent note on the target." in notes


def test_changing_the_players_drops_the_hand_note_only(tmp_path):
    notes = page_of(tmp_path, child("setup:", "  players 2, 3"))
    assert "Parent note on the hand size." not in notes
    assert "Parent note on most cards." in notes


def test_restating_a_clause_as_it_was_changes_nothing_it_is_read_with(tmp_path):
    notes = page_of(tmp_path, child("setup:", "  deck 52"))
    assert "Parent note on most cards." in notes
    assert "Parent note on the hand size." in notes


def test_changing_an_option_the_clause_reads_drops_its_note(tmp_path):
    notes = page_of(tmp_path, child('option target: 101 | 121 = 121 "points that win a game"'))
    assert "Parent note on the target." not in notes
    assert "Parent note on the jack." in notes


def test_notes_travel_through_a_middle_variant(tmp_path):
    middle = 'variant middle "Middle" extends base\n\ncapture:\n  seven: 7D takes all\n'
    notes = page_of(tmp_path, child("basra:", "  drop clear", parent="middle"), middle)
    assert "Parent note on the jack." in notes
    assert "Parent note on the clear." not in notes


def test_a_middle_variant_change_stops_the_note_below_it(tmp_path):
    middle = 'variant middle "Middle" extends base\n\nsetup:\n  deck 52 without Q, K\n'
    notes = page_of(tmp_path, child("capture:", "  seven: 7D takes all", parent="middle"), middle)
    assert "Parent note on most cards." not in notes
    assert "Parent note on the jack." in notes



# what a note above a clause may also speak of, as docs/language.md says (prefixes end in '.')
READ_WITH_AS_DOCUMENTED = {"score.": ("score.", "setup.deck"), "setup.hand": ("setup.deck", "setup.players", "setup.draw", "setup.flip"),
                           "setup.lead": ("setup.direction",), "setup.deal_passes": ("setup.direction",)}


def _clauses(merged, pattern: str) -> dict:
    return {k: v for k, v in merged.clauses.items() if k == pattern or pattern.endswith(".") and k.startswith(pattern)}


@pytest.mark.parametrize("name", CHILDREN)
def test_child_page_shows_no_parent_note_whose_clause_is_read_with_a_changed_one(name):
    merged = load_merged(name)
    shown = shown_notes(render_variant(name).markdown)
    own = {text for index, _, _, text in written_notes(merged) if index == 0}
    for index, key, _, text in written_notes(merged):
        if index == 0 or text not in shown or text in own:
            continue
        before, _ = merge(merged.chain[index:])
        for pattern, read_with in READ_WITH_AS_DOCUMENTED.items():
            if key in _clauses(merged, pattern):
                for other in read_with:
                    assert _clauses(before, other) == _clauses(merged, other), \
                        f"{name}: shows the note {text!r} on {key}, though {other} changed below its writer"


def test_the_documented_read_with_is_the_one_applied():
    assert READ_WITH == READ_WITH_AS_DOCUMENTED


def test_as_in_the_parent_only_where_the_clause_reads_the_same():
    """Dry Game inherits Pishti's `lead next` but plays clockwise: 'the dealer's left' is not
    'as in Pishti', whose page says the dealer's right. An unchanged clause keeps the tag."""
    from basra_dsl.rulebook import render_variant
    dry = render_variant("dry").markdown
    lead = next(line for line in dry.splitlines() if "{#rule-setup-lead}" in line)
    assert "dealer's left" in lead and "as in" not in lead
    floor = next(line for line in dry.splitlines() if "{#rule-setup-floor}" in line)
    assert "as in" in floor and "pishti.md#rule-setup-floor" in floor
