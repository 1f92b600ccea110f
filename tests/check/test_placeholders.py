"""B727: placeholder text left in a variant or its worked examples (issue 27, item 10).

``basra new`` leaves a TODO in the ``about`` line and in its first example's ``cite``; the
page would publish both. ``basra check`` warns at each one, at its line, saying what is left
in and what to write instead. The template's own guidance is written as notes to the author
(``#:``), which no page shows and which need no warning.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from basra_dsl.check.checker import check_examples_text, check_paths
from basra_dsl.check.lints.placeholders import check_placeholders, is_author_note
from basra_dsl.check.scaffold import scaffold
from basra_dsl.cli import main
from basra_dsl.diagnostics import codes
from basra_dsl.language.loader import load
from basra_dsl.resources import bundled_variants

ROOT = Path(__file__).resolve().parents[2]


def b727(report) -> list:
    return [d for d in report.diagnostics if d.code == "B727"]


def line_of(path: Path, fragment: str) -> int:
    return next(i for i, line in enumerate(path.read_text(encoding="utf-8").split("\n"), 1) if fragment in line)


@pytest.mark.parametrize("parent", [None, "egyptian"])
def test_a_new_variant_warns_at_its_about_line_and_its_examples_cite(tmp_path, parent):
    variant, examples = scaffold("kafr", parent, tmp_path)
    report = check_paths([variant])
    found = b727(report)
    assert report.errors == 0
    assert [(Path(d.span.path).name, d.span.line) for d in found] == [
        ("kafr.basra", line_of(variant, "about ")), ("kafr.examples.yaml", line_of(examples, "cite:"))]
    about, cite = found
    assert not about.is_error and not cite.is_error
    assert "about line" in about.message and "TODO" in about.message
    assert about.span.column == line_of_text(variant, about.span.line).index("TODO") + 1
    assert "in your own words" in about.help and "Kafr" in about.help
    assert "cite" in cite.message and "Source:" in cite.message
    assert "the account" in cite.help


def test_an_open_examples_file_warns_at_its_placeholder_as_the_check_does(tmp_path):
    # the editor checks an examples buffer on its own (check_examples_text): the same B727
    variant, examples = scaffold("kafr", "egyptian", tmp_path)
    text = examples.read_text(encoding="utf-8")
    found = [d for d in check_examples_text(text, examples) if d.code == "B727"]
    assert [(d.span.path, d.span.line) for d in found] == [(str(examples), line_of(examples, "cite:"))]
    written = text.replace("TODO: the account this comes from", "Basra Fishing Games, Scoring")
    assert [d for d in check_examples_text(written, examples) if d.code == "B727"] == []


def line_of_text(path: Path, line: int) -> str:
    return path.read_text(encoding="utf-8").split("\n")[line - 1]


def test_the_warnings_go_once_the_author_writes_their_own_words(tmp_path):
    variant, examples = scaffold("kafr", "egyptian", tmp_path)
    text = variant.read_text(encoding="utf-8")
    variant.write_text(text.replace('about "TODO: one line on what makes Kafr what it is."',
                                    'about "Egyptian Basra with six-card hands."'), encoding="utf-8")
    yaml_text = examples.read_text(encoding="utf-8")
    examples.write_text(yaml_text.replace("TODO: the account this comes from", "Basra Fishing Games, Scoring"),
                        encoding="utf-8")
    assert b727(check_paths([variant])) == []


def test_the_template_says_nothing_the_page_would_take_for_the_account(tmp_path):
    """Every comment the template writes is a note to the author; none is a plain comment,
    which the page would show (as the 'About this account' box, or beside a rule)."""
    for parent in (None, "egyptian"):
        folder = tmp_path / (parent or "standalone")
        variant, _ = scaffold("kafr", parent, folder)
        comments = [line for line in variant.read_text(encoding="utf-8").split("\n") if line.lstrip().startswith("#")]
        assert comments and all(is_author_note(line.lstrip()) for line in comments), comments


OLD_TEMPLATE = '''\
# Kafr: where it is played, and the accounts it is written from.
# `basra check` checks this file; `basra fmt` lays it out; see docs/diagnostics.md.

variant kafr "Kafr" extends egyptian
about "One line on what makes Kafr what it is."

setup:
  hand 6
'''


def test_a_file_made_by_an_older_basra_new_warns_at_each_placeholder(tmp_path):
    path = tmp_path / "kafr.basra"
    path.write_text(OLD_TEMPLATE, encoding="utf-8")
    found = b727(check_paths([path]))
    assert [d.span.line for d in found] == [1, 2, 5]
    assert all("About this account" in d.message for d in found[:2])
    assert "'#:'" in found[0].help and "where the game is played" in found[0].help
    assert "about line" in found[2].message


def test_a_todo_left_anywhere_the_page_shows_it_is_found_at_its_place(tmp_path):
    text = '''\
# Our table's game. TODO: say which cafe
#: TODO a note to myself, which no page shows

variant kafr "Kafr" extends egyptian
source "TODO" link "https://example.org/rules"
about "Egyptian Basra with six-card hands."

# FIXME: is this the default?
option big: no | yes = no "TBD"

setup:
  #: TODO ask Ahmed about the deal
  hand 6 when big  # XXX check
  hand 4

# TODO: a comment that stands above no rule is not on the page
basra:
  clear "TODO": 10 when cleared and played is not J
'''
    path = tmp_path / "kafr.basra"
    path.write_text(text, encoding="utf-8")
    found = b727(check_paths([path]))
    lines = text.split("\n")
    where = [(d.span.line, d.span.column) for d in found]
    expected = [(1, lines[0].index("TODO") + 1), (5, lines[4].index("TODO") + 1), (8, lines[7].index("FIXME") + 1),
                (9, lines[8].index("TBD") + 1), (13, lines[12].index("XXX") + 1), (18, lines[17].index("TODO") + 1)]
    assert where == expected, [(d.span.line, d.message) for d in found]
    messages = {d.span.line: d for d in found}
    assert "About this account" in messages[1].message
    assert "source" in messages[5].message
    assert "note" in messages[8].message and "'#:'" in messages[8].help
    assert "TBD" in messages[9].message


def test_no_bundled_variant_warns():
    for name, path in sorted(bundled_variants().items()):
        merged = load(path).merged
        assert list(check_placeholders(merged, [])) == [], name


def test_basra_check_variants_stays_clean_of_placeholders(runner):
    result = runner.invoke(main, ["check", str(ROOT / "variants"), "--no-examples", "--format", "json", "-q"])
    data = json.loads(result.stdout)
    assert [d for d in data["diagnostics"] if d["code"] == "B727"] == []


def test_b727_is_registered_documented_and_explained(runner):
    entry = codes.CODES["B727"]
    assert entry.severity == "warning" and "placeholder" in entry.title
    page = (ROOT / "docs" / "diagnostics.md").read_text(encoding="utf-8")
    assert "## B727" in page
    result = runner.invoke(main, ["explain", "B727"])
    assert result.exit_code == 0, result.output
    assert result.output.startswith("B727: " + entry.title)
    assert "warning[B727]" in result.output  # what basra check says about the example
    assert "Fix: " + entry.fix in result.output


def test_strict_check_fails_on_a_placeholder(runner, tmp_path):
    scaffold("kafr", None, tmp_path)
    assert runner.invoke(main, ["check", str(tmp_path), "-q"]).exit_code == 0
    result = runner.invoke(main, ["check", str(tmp_path), "-q", "--strict"])
    assert result.exit_code == 1 and "warning[B727]" in result.stdout
