"""basra fmt: canonical, idempotent, comments kept, compiled rules unchanged."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from basra_dsl.diagnostics import DiagnosticError
from basra_dsl.language.compiler import compile_rules
from basra_dsl.language.formatter import check_formatted, format_text
from basra_dsl.language.loader import load
from basra_dsl.language.parser import parse
from basra_dsl.resources import bundled_variants

VARIANTS = sorted(bundled_variants().items())


def compiled(path: Path) -> list[dict]:
    merged = load(path).merged
    return [compile_rules(merged, combo).to_json() for combo in merged.option_combinations(limit=None)]


@pytest.mark.parametrize("name, path", VARIANTS, ids=[n for n, _ in VARIANTS])
def test_fmt_keeps_rules_and_comments_and_is_idempotent(name, path, tmp_path):
    text = path.read_text(encoding="utf-8")
    formatted = format_text(text, str(path))
    assert format_text(formatted) == formatted
    assert parse(formatted, str(path)) == parse(text, str(path))
    comments = lambda t: [c.strip() for c in re.findall(r"#[^\n]*", t)]  # noqa: E731
    assert comments(formatted) == comments(text)
    copy = tmp_path / path.name  # compile the formatted copy beside a copy of its parents
    for other, other_path in bundled_variants().items():
        (tmp_path / other_path.name).write_text(other_path.read_text(encoding="utf-8"), encoding="utf-8")
    copy.write_text(formatted, encoding="utf-8")
    assert compiled(copy) == compiled(path)


MESSY = '''\ufeff# top comment
variant   messy "Messy"   extends egyptian
aliases "A","B"
option x : 1|2=1 "doc"
option y: yes | no = no
setup:


\thand 4 when players==4 and x>1
   hand 3
\t# about the floor
  start floor 4 without J,7D:bury
capture:
  # a comment
  seven:7D takes all when floor.count>-1 and (floor.sum<=10 or not y)
basra:
 clear : 10*x when cleared and played is not J|7D
 v: value( played , J=-11 ) - 2 when cleared \\
    and played is numeral
score:
  total 43   # trailing
'''

CANONICAL = '''# top comment
variant messy "Messy" extends egyptian
aliases "A", "B"

option x: 1 | 2 = 1 "doc"
option y: yes | no = no

setup:
  hand 4 when players == 4 and x > 1
  hand 3
  # about the floor
  start floor 4 without J, 7D: bury

capture:
  # a comment
  seven: 7D takes all when floor.count > -1 and (floor.sum <= 10 or not y)

basra:
  clear: 10 * x when cleared and played is not J | 7D
  v: value(played, J=-11) - 2 when cleared and played is numeral

score:
  total 43  # trailing
'''


def test_messy_file_gets_the_canonical_layout():
    assert format_text(MESSY) == CANONICAL
    assert check_formatted(CANONICAL) and not check_formatted(MESSY)
    assert parse(CANONICAL) == parse(MESSY)


def test_crlf_and_variant_names_with_dashes():
    text = 'variant no-pictures "N" extends egyptian\r\nsetup:\r\n  deck 52 without Q, K\r\n'
    assert format_text(text) == 'variant no-pictures "N" extends egyptian\n\nsetup:\n  deck 52 without Q, K\n'


def test_minus_spacing():
    text = 'variant m "M"\nbasra:\n  a: 10 - -2 when floor.count-1 > 0 and players-1 > 0\n'
    assert "a: 10 - -2 when floor.count - 1 > 0 and players - 1 > 0" in format_text(text)


def test_fmt_refuses_a_file_that_does_not_parse():
    with pytest.raises(DiagnosticError):
        format_text('variant x "X"\nsetup\n')


@pytest.mark.parametrize("name, path", VARIANTS, ids=[n for n, _ in VARIANTS])
def test_bundled_variants_are_in_canonical_layout(name, path):
    text = path.read_text(encoding="utf-8")
    assert format_text(text, str(path)) == text, f"run: basra fmt {path}"


# ------------------------------------------------------------------ idempotency, as a property

_SECTIONS = {"setup": ["hand 4 when players==4", "hand 3", "start floor 4 without J,7D:bury"],
             "capture": ["seven:7D takes all when floor.count>-1"],
             "basra": ["y: 20 when played is J", "clear : 10 when cleared and played is not J|7D"],
             "score": ["total 43", "most cards 30 tie carry"]}
_COMMENTS = ["# c", "  # indented", "\t# tabbed", "#"]
_GAPS = ["", "   ", "\t"]


@st.composite
def _variant_texts(draw) -> str:
    def extras() -> list[str]:  # comments and blank lines that may stand between two lines
        return draw(st.lists(st.sampled_from(_COMMENTS + _GAPS), max_size=3))

    def trailing(line: str) -> str:
        return line + draw(st.sampled_from(["", "  # t", " #t", "   "]))

    lines = extras() + [trailing('variant p "P" extends egyptian')]
    if draw(st.booleans()):
        lines += extras() + [trailing('about "About"')]
    for option in draw(st.lists(st.sampled_from(["option x: 1|2 = 1", "option y : yes | no = no"]),
                                max_size=2, unique=True)):
        lines += extras() + [trailing(option)]
    for name in draw(st.lists(st.sampled_from(list(_SECTIONS)), min_size=1, max_size=4, unique=True)):
        lines += extras() + [trailing(name + ":")]
        for statement in draw(st.lists(st.sampled_from(_SECTIONS[name]), min_size=1, max_size=2, unique=True)):
            lines += extras() + [trailing(draw(st.sampled_from(["  ", "    ", "\t", " "])) + statement)]
    lines += extras()
    newline = draw(st.sampled_from(["\n", "\r\n"]))
    ending = draw(st.sampled_from(["", newline, newline * 2]))  # a missing final newline, or extra ones
    return draw(st.sampled_from(["", "\ufeff"])) + newline.join(lines) + ending


@settings(max_examples=300, deadline=None)
@given(_variant_texts())
def test_fmt_is_idempotent_and_keeps_the_tree_and_comments(text):
    formatted = format_text(text)
    assert format_text(formatted) == formatted
    assert parse(formatted) == parse(text)
    comments = lambda t: [c.strip() for c in re.findall(r"#[^\r\n]*", t)]  # noqa: E731
    assert comments(formatted) == comments(text)
    assert formatted.endswith("\n") and not formatted.endswith("\n\n") and "\r" not in formatted


@pytest.mark.parametrize("text", [
    'variant d "D" extends egyptian\nbasra:\n  y: 20 when played is J\n# c4 at end',  # no final newline
    'variant d "D" extends egyptian\nbasra:\n  y: 20 when played is J\n# c4 at end\n',
    'variant d "D" extends egyptian\r\nbasra:\r\n  y: 20 when played is J\r\n\r\n# c4 at end\r\n',
    'variant d "D" extends egyptian\nbasra:\n  y: 20 when played is J  # trailing',
    'variant d "D" extends egyptian\nbasra:\n\n# a\n\n# b\n\n',
])
def test_fmt_of_trailing_comments_is_idempotent(text):
    formatted = format_text(text)
    assert format_text(formatted) == formatted


def test_a_blank_line_after_a_comment_adds_none_before_it():
    text = 'variant d "D" extends egyptian\n\nsetup:\n  hand 4\n  # c\n\n  deck 52\n'
    assert format_text(text) == text
