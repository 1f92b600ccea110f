"""Fuzzing the front end: random text and randomly corrupted bundled variants.

Every input must end in findings (exit 0 or 1), each located in a file, never a
traceback (B900 or an exception), a hang (each example runs under an alarm) or a crash.
"""

from __future__ import annotations

import string
from pathlib import Path

import pytest
from click.testing import CliRunner
from helpers import time_limit
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from basra_dsl.check.checker import Report, check_one
from basra_dsl.cli import main
from basra_dsl.resources import bundled_variants

SECONDS_PER_EXAMPLE = 20
VARIANTS = {name: path.read_text(encoding="utf-8") for name, path in bundled_variants().items()}
FUZZ = settings(max_examples=150, deadline=None, derandomize=True,
                suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])

WORDS = ["variant", "extends", "egyptian", "option", "setup", "capture", "basra", "score", "game", "match",
         "end", "deck", "52", "players", "2", "4", "hand", "floor", "start", "without", "J", "7D", "bury",
         "takes", "rank", "sums", "all", "when", "cleared", "played", "is", "not", "and", "or", "most",
         "cards", "tie", "carry", "points", "total", "first", "to", "101", "drop", "pair", "any", "numeral",
         ":", ",", "|", "=", "(", ")", ".", "+", "-", "*", "/", "==", "<=", '"T"', "#c", "\n", "\n  ", " ",
         "1O", "７", "\ufeff", "\u200f", "\u202e", "\x00", "é", "\t", "\\\n", "9" * 30, "value(", "splits("]


def check_text(folder: Path, data: bytes, name: str = "fuzzed.basra") -> list:
    for other, text in VARIANTS.items():  # parents resolve beside the file
        target = folder / f"{other}.basra"
        if not target.exists():
            target.write_text(text, encoding="utf-8")
    path = folder / name
    path.write_bytes(data)
    with time_limit(SECONDS_PER_EXAMPLE):
        found = check_one(path, Report(), examples=True, simulate=0)
    for diagnostic in found:
        assert diagnostic.code != "B900", diagnostic.message
        assert diagnostic.span is not None and diagnostic.span.line >= 1 and diagnostic.span.column >= 1, diagnostic
    return found


@FUZZ
@given(st.lists(st.sampled_from(WORDS), max_size=60))
def test_random_token_soup(tmp_path, words):
    check_text(tmp_path, " ".join(words).encode("utf-8"))


@FUZZ
@given(st.text(alphabet=st.characters(codec="utf-8") | st.sampled_from(string.printable), max_size=300))
def test_random_text(tmp_path, text):
    check_text(tmp_path, ('variant f "F"\n' + text).encode("utf-8", "surrogatepass"))


@FUZZ
@given(st.binary(max_size=300))
def test_random_bytes(tmp_path, data):
    check_text(tmp_path, data)


MUTATIONS = ["delete", "insert", "duplicate_line", "swap_lines", "drop_line", "truncate", "lookalike", "bidi",
             "replace_number"]


@FUZZ
@given(st.sampled_from(sorted(VARIANTS)), st.lists(st.tuples(st.sampled_from(MUTATIONS), st.integers(0, 10**6),
                                                              st.sampled_from(WORDS)), min_size=1, max_size=4))
def test_mutated_bundled_variants(tmp_path, name, mutations):
    text = VARIANTS[name]
    for kind, where, word in mutations:
        text = mutate(text, kind, where, word)
    check_text(tmp_path, text.encode("utf-8", "surrogatepass"), f"{name}-mutated.basra")


def mutate(text: str, kind: str, where: int, word: str) -> str:
    lines = text.split("\n")
    i = where % max(len(text), 1)
    j = where % max(len(lines), 1)
    if kind == "delete":
        return text[:i] + text[i + 1 + where % 5:]
    if kind == "insert":
        return text[:i] + word + text[i:]
    if kind == "duplicate_line":
        return "\n".join(lines[:j] + [lines[j]] + lines[j:])
    if kind == "swap_lines" and len(lines) > 1:
        k = (j + 1) % len(lines)
        lines[j], lines[k] = lines[k], lines[j]
        return "\n".join(lines)
    if kind == "drop_line":
        return "\n".join(lines[:j] + lines[j + 1:])
    if kind == "truncate":
        return text[:i]
    if kind == "lookalike":
        return text[:i] + "０１２３４５６７８９"[where % 10] + text[i:]
    if kind == "bidi":
        return text[:i] + "\u200f" + text[i:]
    if kind == "replace_number":
        digits = [k for k, c in enumerate(text) if c.isdigit()]
        if digits:
            k = digits[where % len(digits)]
            return text[:k] + ["0", "99999", "1O", "-1", "2.5", "10000000000000000000"][where % 6] + text[k + 1:]
    return text


@pytest.mark.parametrize("data", [
    b"", b"\xef\xbb\xbf", b"\x00\x01\x02\xff", b"\xff\xfe\x00v", "variant x\n".encode("utf-16"),
    'variant x "X"\nsetup:\n  hand ７\n'.encode(), 'variant x "X"\u200f\n'.encode(),
    ('variant x "X"\nbasra:\n  a: 10 when ' + "not " * 50_000 + "cleared\n").encode(),
    ('variant x "X"\nbasra:\n  a: ' + " + ".join(["1"] * 20_000) + "\n").encode(),
    ('variant x "X"\ngame:\n  first to ' + "9" * 100_000 + "\n").encode(),
    ("variant x\n" + "setup:\n" * 5000).encode(),
    ('variant x "X" extends egyptian\nsetup:\n  hand 99999999999\n').encode(),
    ('variant x "X" extends egyptian\nsetup:\n  hand 1 / 0\n').encode(),
    ('variant x "X" extends egyptian\nsetup:\n  players 2, 2.5\n  deck 52.0\n').encode(),
    ('variant x "X" extends egyptian\nbasra:\n  z: 1 / floor.count when trailed\n').encode(),
])
def test_odd_files_get_located_findings(tmp_path, data):
    found = check_text(tmp_path, data)
    assert found, "an odd file must get a finding"


def test_cli_exit_codes_over_corrupted_variants(tmp_path):
    runner = CliRunner()
    samples = [mutate(VARIANTS[name], kind, 7919 * k, "(") for k, name in enumerate(sorted(VARIANTS))
               for kind in ("delete", "insert", "swap_lines")]
    for index, text in enumerate(samples):
        (tmp_path / f"m{index}.basra").write_text(text, encoding="utf-8")
    with time_limit(120):
        result = runner.invoke(main, ["check", str(tmp_path), "--format", "json", "-q"])
    assert result.exit_code in (0, 1), result.output
    assert result.exception is None or isinstance(result.exception, SystemExit)
    assert "Traceback" not in result.output and '"B900"' not in result.output
