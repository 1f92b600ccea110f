"""Notes to the author (``#:`` comments) never reach a page (issue 27, item 10).

``basra new`` writes its guidance as ``#:`` notes, so the header comment a page shows as
"About this account" is only what the author writes there; an author may keep notes of
their own the same way, beside a rule or an option, and in the Source file tab too.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from basra_dsl.check.scaffold import scaffold
from basra_dsl.rulebook import render_variant

NOTES = '''\
# Played in the cafes of Kafr.
#: secret header note

variant kafr "Kafr" extends egyptian
about "Egyptian Basra with six-card hands when the table says so."

# The big hand is our own.
#: secret option note
option big: no | yes = no "a big hand"

setup:
  # Six cards make a longer hand.
  #: secret clause note
  hand 6 when big  #: secret trailing note
  hand 4
'''


@pytest.fixture
def page(tmp_path):
    path = tmp_path / "kafr.basra"
    path.write_text(NOTES, encoding="utf-8")
    return render_variant(path).markdown


def test_notes_to_the_author_stay_off_the_page(page):
    assert "secret" not in page


def test_plain_comments_still_reach_the_page(page):
    about = page[page.index('"About this account"'):].split("\n")[1:4]
    assert [line.strip() for line in about if line.strip()][0] == "Played in the cafes of Kafr."
    assert "Six cards make a longer hand." in page and "The big hand is our own." in page


def test_the_source_file_tab_leaves_out_the_notes_and_says_so(page):
    tab = page[page.index('=== "Source file"'):]
    said, fenced = tab.split("```basra", 1)
    assert "hand 6 when big\n" in fenced and "# Six cards make a longer hand." in fenced
    assert "#:" not in fenced and "notes to the author" in said


@pytest.mark.parametrize("parent", [None, "egyptian"])
def test_a_new_variant_page_shows_none_of_the_templates_guidance(tmp_path, parent):
    variant, _ = scaffold("kafr", parent, tmp_path)
    page = render_variant(variant).markdown
    assert "About this account" not in page
    guidance = [line.lstrip()[2:].strip() for line in variant.read_text(encoding="utf-8").split("\n")
                if line.lstrip().startswith("#:")]
    shown = [line for line in guidance if len(line) > 12 and line in page]
    assert guidance and not shown, shown


def test_a_bundled_page_keeps_its_file_exactly():
    from basra_dsl.resources import bundled_variants
    path = bundled_variants()["egyptian"]
    page = render_variant(path).markdown
    tab = page[page.index('=== "Source file"'):]
    assert "exactly as bundled" in tab and "notes to the author" not in tab
    assert all(line in tab for line in Path(path).read_text(encoding="utf-8").split("\n") if line.strip())
