"""Untrusted variant files, examples files and records: each finding of the security review
(issue 9) reproduced, through the commands a stranger runs. Rulebook escaping is tested in
tests/rulebook/test_untrusted_text.py and `fmt`/`new` in their own test files."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from basra_dsl.cli import main
from basra_dsl.diagnostics import Diagnostic, Span
from basra_dsl.diagnostics.render import render_text

CHILD = 'variant child "Child" extends egyptian\n'


@pytest.fixture
def run(tmp_path, monkeypatch):
    """Runs `basra ARGS` in tmp_path and returns the click result."""
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("TMPDIR", str(tmp_path))
    runner = CliRunner()
    return lambda *args: runner.invoke(main, list(args), catch_exceptions=False)


def write(folder: Path, name: str, text: str | bytes) -> Path:
    path = folder / name
    path.write_bytes(text if isinstance(text, bytes) else text.encode("utf-8"))
    return path


def record(variant: str) -> str:
    return json.dumps({"variant": variant, "hands": [{"deals": [{"hands": [["7D"], ["8C"]], "floor": []}],
                                                      "plays": ["7D", "8C"]}]})


# ------------------------------------------------------------------ 2. records name variants safely

@pytest.mark.parametrize("variant", ["/etc/passwd", "../../../../../../etc/passwd", "/etc/passwd.basra",
                                     "sub/../../outside.basra", "README.md", "..", "../outside"])
def test_a_record_cannot_make_replay_read_a_file_outside_its_folder(run, tmp_path, variant):
    folder = tmp_path / "records"
    folder.mkdir()
    write(tmp_path, "outside.basra", "root:x:0:0:secret-line\n")
    write(tmp_path, "README.md", "root:x:0:0:secret-line\n")
    write(folder, "game.json", record(variant))
    result = run("replay", "records/game.json")
    assert result.exit_code == 1, result.output
    assert "root:" not in result.output and "secret-line" not in result.output
    assert "error[B807]" in result.output or "error[B401]" in result.output, result.output


def test_a_record_may_name_a_variant_file_in_its_folder(run, tmp_path):
    write(tmp_path, "mine.basra", 'variant mine "Mine" extends egyptian\nsetup:\n  hand 6\n')
    write(tmp_path, "game.json", record("mine.basra"))
    result = run("replay", "game.json")
    assert result.exit_code == 0 and "seat 1: 7D" in result.output, result.output


def test_a_link_inside_the_folder_to_a_file_outside_is_refused(run, tmp_path):
    secret = write(tmp_path, "secret.basra", "root:x:0:0:secret-line\n")
    folder = tmp_path / "records"
    folder.mkdir()
    (folder / "link.basra").symlink_to(secret)
    write(folder, "game.json", record("link.basra"))
    result = run("replay", "records/game.json")
    assert result.exit_code == 1 and "error[B807]" in result.output and "secret-line" not in result.output


# ------------------------------------------------------------------ 3. output stays proportional

def test_a_long_line_is_quoted_cut_to_a_width():
    line = "x " * 50_000
    from basra_dsl.diagnostics import SourceFile
    SourceFile("<long>", line)
    text = render_text(Diagnostic("B100", "syntax error", Span("<long>", 1, 60_001)))
    assert len(text) < 600 and text.count("…") == 2
    quoted, caret = text.splitlines()[2:4]
    assert quoted[caret.index("^")] == "x"  # the caret still points at the column


def test_each_file_shows_a_bounded_number_of_findings(run, tmp_path):
    body = "".join(f"  r{i}: 10 when clered{i}\n" for i in range(400))
    write(tmp_path, "child.basra", CHILD + "basra:\n" + body)
    result = run("check", "child.basra")
    assert result.exit_code == 1 and "Found 400 errors and 1 warning" in result.output
    assert result.output.count("error[B201]") == 100
    assert "warning[B803]" in result.output and "300 more" in result.output
    assert len(result.output) < 100_000


def test_many_bad_examples_print_bounded_output(run, tmp_path):
    write(tmp_path, "child.basra", CHILD + "setup:\n  hand 5\n")
    line = "  - {name: " + "n" * 2000 + ", floor: [7X], plays: [7S], expect: {takes: []}}\n"
    write(tmp_path, "child.examples.yaml", "variant: child\nexamples:\n" + line * 3000)
    result = run("check", "child.basra")
    assert result.exit_code == 1
    assert len(result.output) < 200_000


# ------------------------------------------------------------------ 4. sizes and costs are bounded

def test_a_huge_variant_file_is_refused_before_it_is_parsed(run, tmp_path):
    write(tmp_path, "huge.basra", CHILD + "# " + "x" * 400_000 + "\n")
    result = run("check", "huge.basra")
    assert result.exit_code == 1 and "error[B801]" in result.output


def test_too_many_rules_are_one_located_error(run, tmp_path):
    body = "".join(f"  r{i}: 7D takes all when players == {i % 3 + 2}\n" for i in range(600))
    write(tmp_path, "rules.basra", CHILD + "capture:\n" + body)
    result = run("check", "rules.basra")
    assert result.exit_code == 1 and "error[B802]" in result.output


def test_a_json_record_is_read_as_json_only(run, tmp_path):
    write(tmp_path, "game.json", "variant: egyptian\nhands: []\n")
    result = run("replay", "game.json")
    assert result.exit_code == 1 and "error[B508]" in result.output


def test_a_huge_record_is_refused(run, tmp_path):
    write(tmp_path, "game.json", '{"variant": "egyptian", "hands": [' + ",".join(['{"deals": []}'] * 300_000) + "]}")
    result = run("replay", "game.json")
    assert result.exit_code == 1 and "error[B801]" in result.output


def test_a_record_with_too_many_hands_is_refused(run, tmp_path):
    hand = {"deals": [{"hands": [["7D"], ["8C"]], "floor": []}], "plays": ["7D", "8C"]}
    write(tmp_path, "game.json", json.dumps({"variant": "egyptian", "hands": [hand] * 1001}))
    result = run("replay", "game.json")
    assert result.exit_code == 1 and "error[B804]" in result.output


def test_a_long_extends_chain_is_refused(run, tmp_path):
    write(tmp_path, "v0.basra", 'variant v0 "V" extends egyptian\nsetup:\n  hand 5\n')
    for i in range(1, 20):
        write(tmp_path, f"v{i}.basra", f'variant v{i} "V" extends v{i - 1}\nsetup:\n  hand {4 + i % 2}\n')
    result = run("check", "v19.basra")
    assert result.exit_code == 1 and "error[B805]" in result.output


def balanced(terms: list[str]) -> str:
    """Returns the terms joined by 'or' in a balanced tree of brackets (wide, but shallow)."""
    if len(terms) == 1:
        return terms[0]
    middle = len(terms) // 2
    return f"({balanced(terms[:middle])} or {balanced(terms[middle:])})"


def test_a_very_wide_condition_is_refused(run, tmp_path):
    wide = balanced([f"floor.count == {i}" for i in range(1200)])
    write(tmp_path, "wide.basra", CHILD + f"basra:\n  wide: 10 when {wide}\n")
    result = run("check", "wide.basra")
    assert result.exit_code == 1 and "error[B806]" in result.output


# ------------------------------------------------------------------ 5. parents are checked

def test_a_parents_errors_are_reported_at_the_parents_lines(run, tmp_path):
    write(tmp_path, "parent.basra", 'variant parent "P" extends egyptian\nsetup:\n  hand 4\n  hand 5\n')
    write(tmp_path, "child.basra", 'variant child "C" extends parent\nsetup:\n  start floor 3\n')
    result = run("check", "child.basra")
    assert result.exit_code == 1, result.output
    assert "parent.basra:4:3: error[B206]" in result.output


def test_a_parents_lint_errors_stop_the_child_from_running(run, tmp_path):
    write(tmp_path, "parent.basra", 'variant parent "P" extends egyptian\nsetup:\n  hand 0\n')
    write(tmp_path, "child.basra", 'variant child "C" extends parent\nsetup:\n  start floor 3\n')
    checked = run("check", "child.basra")
    assert checked.exit_code == 1 and "parent.basra:3:8: error[B705]" in checked.output, checked.output
    simulated = run("simulate", "child.basra", "--hands", "3")
    assert simulated.exit_code == 1 and "error[B705]" in simulated.output


# ------------------------------------------------------------------ 7. check refuses what compile refuses

@pytest.mark.parametrize("points, code", [
    ("value(played, J=floor.count)", "B205"),
    ("value(played, J=99999999999999 * 99999999999999 * 99999999999999)", "B705"),
    ("value(played, J=" + " * ".join(["99999999999999"] * 30) + ")", "B705"),
    ("value(played, J=1 / 0)", "B710"),
])
def test_check_refuses_a_value_compile_cannot_build(run, tmp_path, points, code):
    write(tmp_path, "v.basra", CHILD + f"basra:\n  v: {points} when cleared\n")
    checked = run("check", "v.basra")
    assert checked.exit_code == 1 and f"error[{code}]" in checked.output, checked.output
    compiled = run("compile", "v.basra")
    assert compiled.exit_code == 1 and f"error[{code}]" in compiled.output, compiled.output


# ------------------------------------------------------------------ 8. no tracebacks, right exit codes

def test_a_lone_surrogate_in_json_is_a_located_error(run, tmp_path):
    write(tmp_path, "game.json", '{"variant": "egypt\\ud800ian", "hands": []}')
    result = run("replay", "game.json")
    assert result.exit_code == 1 and "error[B508]" in result.output, result.output
    write(tmp_path, "child.basra", CHILD + "setup:\n  hand 5\n")
    write(tmp_path, "child.examples.yaml", '{"variant": "child", "examples": [{"name": "\\udc00"}]}')
    checked = run("check", "child.basra")
    assert checked.exit_code == 1 and "B900" not in checked.output and "error[B508]" in checked.output


def test_docs_show_reports_a_variant_that_fails_in_play(run, tmp_path):
    write(tmp_path, "divides.basra", CHILD + "basra:\n  clear: 10 / (floor.count - 1) when cleared\n")
    result = run("docs", "show", "divides.basra")
    assert result.exit_code == 1 and "Traceback" not in result.output and "B710" in result.output


def test_docs_show_reports_a_bad_examples_file(run, tmp_path):
    write(tmp_path, "child.basra", CHILD + "setup:\n  hand 5\n")
    write(tmp_path, "child.examples.yaml", "variant: child\nexamples: [\n")
    result = run("docs", "show", "child.basra")
    assert result.exit_code == 1 and "Traceback" not in result.output and "error[B508]" in result.output


def test_an_example_with_more_sides_than_the_variant_is_refused(run, tmp_path):
    write(tmp_path, "child.basra", CHILD + "setup:\n  hand 5\n")
    sides = "\n".join(f"        - {{cards: {n}}}" for n in (20, 20, 12))
    write(tmp_path, "child.examples.yaml", "variant: child\nexamples:\n  - name: three sides\n    rule: most_cards\n"
          f"    score:\n      sides:\n{sides}\n    expect: {{points: [30, 0, 0]}}\n")
    result = run("check", "child.basra")
    assert result.exit_code == 1 and "B900" not in result.output and "error[B601]" in result.output, result.output


def test_a_bad_record_path_is_a_usage_error(run, tmp_path):
    result = run("simulate", "egyptian", "--hands", "2", "--record", str(tmp_path / "no" / "such" / "folder.json"))
    assert result.exit_code == 2 and "internal error" not in result.output, result.output


# ------------------------------------------------------------------ 9. smaller findings

def test_terminal_escapes_from_a_file_are_not_printed_raw(run, tmp_path):
    write(tmp_path, "esc.basra", 'variant esc "\x1b]52;c;ZWNobyBoaQ==\x07\x1b]0;owned\x07" extends egyptian\n'
          "setup:\n  hand \x1b[2J 5\n")
    result = run("check", "esc.basra")
    assert result.exit_code == 1
    assert "\x1b" not in result.output and "\x07" not in result.output


@pytest.mark.parametrize("separator", ["\u2028", "\x0c", "\x0b", "\x85", "\r"])
def test_odd_separators_in_comments_do_not_shift_quoted_lines(run, tmp_path, separator):
    write(tmp_path, "odd.basra", CHILD + f"# a comment{separator}with a separator\nsetup:\n  hand zero\n")
    result = run("check", "odd.basra")
    assert result.exit_code == 1
    assert "odd.basra:4:8" in result.output and "4 |   hand zero" in result.output, result.output


def test_each_crash_gets_its_own_log_file(tmp_path):
    code = ("import sys\nfrom basra_dsl.cli.output import handles_errors\n"
            "@handles_errors\ndef boom():\n    raise RuntimeError('boom')\n"
            "try:\n    boom()\nexcept SystemExit as e:\n    print('exit', e.code)\n")
    logs = []
    for _ in range(2):
        done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                              env=dict(os.environ, TMPDIR=str(tmp_path)), timeout=60)
        assert "exit 2" in done.stdout
        logs.append(done.stderr.split("details are in ")[1].split(". Please")[0])
    assert logs[0] != logs[1] and all(Path(p).is_file() for p in logs)
    assert oct(Path(logs[0]).stat().st_mode & 0o777) == "0o600"


def test_an_internal_error_in_check_exits_2(run, tmp_path, monkeypatch):
    import basra_dsl.check.checker as checker
    write(tmp_path, "child.basra", CHILD + "setup:\n  hand 5\n")
    monkeypatch.setattr(checker, "lint", lambda merged: (_ for _ in ()).throw(RuntimeError("bug")))
    result = run("check", "child.basra")
    assert result.exit_code == 2 and "B900" in result.output


# ------------------------------------------------------------------ the limits, as documented

def test_the_security_page_lists_every_limit_with_its_figure():
    from basra_dsl import limits
    from basra_dsl.check.lints.combinations import MAX_COMBINATIONS
    from basra_dsl.documents.model import MAX_DEPTH
    from basra_dsl.language.syntax.limits import MAX_DEPTH as EXPRESSION_DEPTH
    from basra_dsl.language.syntax.limits import MAX_DIGITS
    from basra_dsl.language.syntax.recovery import MAX_ERRORS, RECOVERY_BUDGET
    page = (Path(__file__).resolve().parents[1] / "docs" / "security.md").read_text(encoding="utf-8")
    rows = {line.split("|")[1].strip(): line.split("|")[2].strip() for line in page.splitlines()
            if line.startswith("| ") and not line.startswith("| what") and not line.startswith("| ---")}
    expect = {
        "size of a variant file": limits.size_text(limits.VARIANT_BYTES),
        "size of a worked-examples file or a record": limits.size_text(limits.DOCUMENT_BYTES),
        "size of one written in YAML rather than JSON": limits.size_text(limits.YAML_CHARACTERS),
        "clauses of one variant file (rules, setup, score, game and match clauses, drops)": f"{limits.CLAUSES:,}",
        "options of one variant file": f"{limits.OPTIONS:,}",
        "variants in one `extends` chain, the variant itself included": f"{limits.CHAIN}",
        "parts of one expression (names, numbers, operators, tests)": f"{limits.EXPRESSION_PARTS:,}",
        "nesting of an expression": f"{EXPRESSION_DEPTH} levels",
        "digits of a number": f"{MAX_DIGITS}",
        "hands in a record": f"{limits.RECORD_HANDS:,}",
        "plays in one hand of a record": f"{limits.RECORD_PLAYS:,}",
        "worked examples in one file": f"{limits.EXAMPLES:,}",
        "nesting of a record or examples file": f"{MAX_DEPTH} levels",
        "syntax errors reported per file": f"{MAX_ERRORS}",
        "findings shown per file (then one warning says how many more)": f"{limits.FINDINGS_PER_FILE}",
        "characters of a quoted source line": f"{limits.QUOTED_WIDTH}",
        "characters of a message, a help line or a note": f"{limits.MESSAGE_WIDTH}",
        "option assignments a check compiles and plays": f"{MAX_COMBINATIONS}",
    }
    for what, figure in expect.items():
        assert rows.get(what) == figure, (what, rows.get(what), figure)
    assert f"{RECOVERY_BUDGET // 1_000_000} million characters" in page


def test_an_examples_file_with_too_many_examples_is_refused(run, tmp_path):
    write(tmp_path, "child.basra", CHILD + "setup:\n  hand 5\n")
    example = "  - {name: x, floor: [7H], plays: [7S], expect: {takes: [7H]}}\n"
    write(tmp_path, "child.examples.yaml", "variant: child\nexamples:\n" + example * 1001)
    result = run("check", "child.basra")
    assert result.exit_code == 1 and "error[B804]" in result.output
