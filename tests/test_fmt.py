"""basra fmt: canonical, idempotent, comments kept, compiled rules unchanged."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from basra_dsl.compiler import compile_rules
from basra_dsl.diagnostics import DiagnosticError
from basra_dsl.formatter import check_formatted, format_text
from basra_dsl.parser import parse
from basra_dsl.resources import bundled_variants
from basra_dsl.semantics import load

VARIANTS = sorted(bundled_variants().items())


def compiled(path: Path) -> list[dict]:
    merged = load(path).merged
    return [compile_rules(merged, combo).to_json() for combo in merged.option_combinations()]


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
