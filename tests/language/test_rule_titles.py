"""Rule titles in the language: ``NAME "Title": ...`` parses, merges, formats, unparses,
highlights, and a mistake near a title is still explained in words (issue 11)."""

from __future__ import annotations

import pytest
from pygments.token import Name, Punctuation, String

from basra_dsl.diagnostics import DiagnosticError
from basra_dsl.language import nodes as n
from basra_dsl.language.formatter import format_text
from basra_dsl.language.highlight import BasraLexer
from basra_dsl.language.merge import merge
from basra_dsl.language.parser import parse
from basra_dsl.language.unparse import rule_text

HEAD = 'variant t "T"\n'
TITLED = (HEAD + "capture:\n"
          '  pair "Pairing by rank": any takes rank\n'
          "  sum: numeral takes sums\n"
          '  seven   "Sevens # sweep"  :  7D takes all when players == 2  # a note\n'
          "basra:\n"
          '  called "basra"\n'
          '  clear "Clearing the floor": 10 when cleared\n'
          "  lone: 10 when floor.count == 1\n")


def _rules(text: str) -> dict[str, n.Clause]:
    return {c.key: c for c in parse(text, "t.basra").clauses}


def _errors(text: str):
    with pytest.raises(DiagnosticError) as caught:
        parse(text, "t.basra")
    return caught.value.diagnostics


def test_a_title_is_read_between_the_name_and_the_colon():
    rules = _rules(TITLED)
    assert rules["capture.pair"].title == "Pairing by rank"
    assert rules["capture.seven"].title == "Sevens # sweep"  # a '#' inside the quotes is no comment
    assert rules["basra.clear"].title == "Clearing the floor"
    assert rules["capture.sum"].title is None and rules["basra.lone"].title is None
    assert rules["capture.seven"].guard is not None and rules["capture.seven"].takes == "all"
    assert rules["basra.called"].title == "basra"  # the bonus's name, not a rule title


def test_the_name_stays_the_key():
    rules = _rules(TITLED)
    assert rules["capture.pair"].name.text == "pair" and "capture.pair" in rules


def test_fmt_keeps_titles_and_lays_them_out():
    formatted = format_text(TITLED, "t.basra")
    assert '  seven "Sevens # sweep": 7D takes all when players == 2  # a note\n' in formatted
    assert '  pair "Pairing by rank": any takes rank\n' in formatted
    assert format_text(formatted, "t.basra") == formatted
    assert parse(formatted, "t.basra") == parse(TITLED, "t.basra")


def test_titles_take_part_in_the_tree_fmt_checks():
    # fmt refuses a result that parses differently: a lost title must count as a difference
    assert parse(TITLED.replace('"Pairing by rank"', '"Other"'), "t.basra") != parse(TITLED, "t.basra")


def test_unparse_writes_a_rule_back_with_its_title():
    for clause in parse(TITLED, "t.basra").clauses:
        if isinstance(clause, (n.CaptureRule, n.BasraRule)):
            section = clause.section
            again = parse(f"{HEAD}{section}:\n  {rule_text(clause, clause.guard)}\n", "t.basra").clauses[0]
            assert again == clause
    pair = _rules(TITLED)["capture.pair"]
    assert rule_text(pair) == 'pair "Pairing by rank": any takes rank'


def test_a_child_that_states_a_rule_again_without_a_title_has_none():
    parent = parse('variant p "P"\ncapture:\n  jack "Knaves sweep": J takes all\n'
                   'basra:\n  clear "Clean": 10 when cleared\n', "p.basra")
    child = parse('variant c "C" extends p\ncapture:\n  jack: J takes all when players == 2\n', "c.basra")
    merged, problems = merge((child, parent))
    assert problems == []
    assert merged.title("capture.jack") is None  # its own body names it now
    assert merged.title("basra.clear") == "Clean"  # inherited with its rule
    assert merged.title("basra.nothing") is None


def test_the_highlighter_shows_the_title_as_text():
    tokens = [(t, v) for t, v in BasraLexer().get_tokens('capture:\n  pair "Pairing": any takes rank\n')
              if v.strip()]
    assert tokens[2:5] == [(Name.Label, "pair"), (String.Double, '"Pairing"'), (Punctuation, ":")]


@pytest.mark.parametrize("line, code, column, words", [
    ('  seven "Sevens" 7D takes all', "B101", 17, "a rule needs a colon after its name"),
    ('  seven "Sevens": 7D all', "B110", 22, "a capture rule needs 'takes'"),
    ('  seven "Sevens": 7D takes floor', "B110", 28, "must say what the card takes"),
    ('  match "Sevens": 7D takes all', "B113", 3, "'match' is a keyword of the language"),
])
def test_mistakes_in_a_titled_rule_are_explained(line, code, column, words):
    found = _errors(HEAD + "capture:\n  pair: any takes rank\n" + line + "\n")
    assert [(d.code, d.span.line) for d in found] == [(code, 4)]
    assert words in found[0].message
    if code != "B113":
        assert found[0].span.column == column


def test_a_misspelled_clause_before_a_quoted_text_is_still_a_misspelling():
    found = _errors(HEAD + 'basra:\n  a: 10 when cleared\n  caled "Basra!"\n')
    assert [d.code for d in found] == ["B102"]
    assert "'caled' is not a clause of the basra section" in found[0].message
    assert "did you mean 'called'?" in found[0].help
