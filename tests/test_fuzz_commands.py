"""Fuzzing every command with hostile variant files, worked-examples files and records.

Each input is a bundled file mutated by a few seeded operations (hostile text, HTML and
terminal payloads, huge numbers, deep nesting, paths that climb out, repeated lines that
grow the file, odd separators and encodings) and is run through the commands that read it:
``check``, ``compile``, ``simulate``, ``docs show`` and ``fmt --check`` for variants,
``check`` for examples files, ``replay`` for records. Every run must end in exit 0 or 1,
with no traceback and no internal error, within a time limit and an output bound; the
process's memory stays under a bound over the whole run.

In CI each test draws ``FUZZ_EXAMPLES`` inputs (default 60, derandomized: the same inputs
every run). ``scripts/fuzz`` runs the same tests with thousands of inputs and prints totals.
"""

from __future__ import annotations

import json
import os
import resource
import tempfile
import time
from pathlib import Path

import pytest
from click.testing import CliRunner
from helpers import time_limit
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from basra_dsl.cli import main
from basra_dsl.resources import bundled_variants

ROOT = Path(__file__).resolve().parents[1]
EXAMPLES = int(os.environ.get("FUZZ_EXAMPLES", "60"))
SECONDS_PER_RUN = 30
LARGEST_INPUT = 5_000_000  # characters: above the largest file any command reads (4 MB)
OUTPUT_BOUND = 400_000  # characters one command may print for one input
MEMORY_BOUND_MB = 2_000  # peak resident size of the whole test process
FUZZ = settings(max_examples=EXAMPLES, deadline=None, derandomize=os.environ.get("FUZZ_RANDOM") != "1",
                suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])

VARIANTS = {name: path.read_text(encoding="utf-8") for name, path in bundled_variants().items()}
EXAMPLE_FILES = {name: path.with_name(f"{name}.examples.yaml").read_text(encoding="utf-8")
                 for name, path in bundled_variants().items() if path.with_name(f"{name}.examples.yaml").exists()}
RECORDS = {path.name: path.read_text(encoding="utf-8")
           for path in (ROOT / "tests" / "fixtures" / "records").iterdir() if not path.name.endswith(".replay.json")}

PAYLOADS = ['<script>alert(1)</script>', '<img src=x onerror=alert(1)>', '{: onmouseover="alert(1)" }',
            '[x](javascript:alert(1))', "\x1b]52;c;ZWNobyBoaQ==\x07", "\x1b[2J", "\u202e", "\u2028", "\x0c", "\r",
            "\x85", "\ufeff", "\ud800", '"', "\\", "\t", "../../../../etc/passwd", "/etc/passwd",
            "9" * 40, "1e308", "-0", "nan", "&a [*a]", "!!python/object:os.system", "\x00", "{", "[", ":", "- ",
            "played", "floor.count", "value(played, J=floor.count)", "(" * 60, ")" * 60, " or cleared" * 40]
OPERATIONS = ["insert", "replace_line", "repeat_line", "delete", "truncate", "repeat_file"]
EXPECTED_CODES = (0, 1)


def mutate(text: str, operations: list[tuple[str, int, str]]) -> str:
    """Returns text changed by each (operation, position, payload) in turn."""
    for kind, where, payload in operations:
        lines = text.split("\n")
        i = where % max(len(text), 1)
        j = where % max(len(lines), 1)
        if kind == "insert":
            text = text[:i] + payload + text[i:]
        elif kind == "replace_line":
            indent = lines[j][:len(lines[j]) - len(lines[j].lstrip())]
            lines[j] = indent + payload
            text = "\n".join(lines)
        elif kind == "repeat_line":
            text = "\n".join(lines[:j] + [lines[j]] * (1 + where % 700) + lines[j:])
        elif kind == "delete":
            text = text[:i] + text[i + 1 + where % 40:]
        elif kind == "truncate":
            text = text[:i]
        elif kind == "repeat_file":
            text = text * (1 + where % 30)
        text = text[:LARGEST_INPUT]  # past every size limit already: larger tests nothing more
    return text


mutations = st.lists(st.tuples(st.sampled_from(OPERATIONS), st.integers(0, 10 ** 6), st.sampled_from(PAYLOADS)),
                     min_size=1, max_size=4)


def run_command(args: list[str]) -> None:
    """Runs one command on one input and asserts it ended as a command should."""
    runner = CliRunner()
    started = time.perf_counter()
    with time_limit(SECONDS_PER_RUN):
        result = runner.invoke(main, args)
    output = result.output + (result.stderr if result.stderr_bytes is not None else "")
    assert result.exit_code in EXPECTED_CODES, (args, result.exit_code, output[-2000:])
    assert result.exception is None or isinstance(result.exception, SystemExit), (args, repr(result.exception))
    assert "Traceback" not in output and "internal error" not in output and "B900" not in output, output[-2000:]
    assert len(output) < OUTPUT_BOUND, (args, len(output))
    assert time.perf_counter() - started < SECONDS_PER_RUN
    assert "\x1b]" not in result.output.replace("\x1b[", ""), "a terminal escape from a file reached the output"


def write(path: Path, text: str) -> Path:
    path.write_bytes(text.encode("utf-8", "surrogatepass"))
    return path


@pytest.fixture(autouse=True)
def _in_tmp(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("TMPDIR", str(tmp_path))


@FUZZ
@given(st.sampled_from(sorted(VARIANTS)), mutations,
       st.sampled_from([["check"], ["compile"], ["simulate", "--hands", "2"], ["docs", "show"], ["fmt", "--check"]]))
def test_mutated_variants_through_every_command(tmp_path, name, operations, command):
    folder = Path(tempfile.mkdtemp(dir=tmp_path))
    path = write(folder / f"{name}.basra", mutate(VARIANTS[name], operations))
    run_command(command + [str(path)])


@FUZZ
@given(st.sampled_from(sorted(EXAMPLE_FILES)), mutations)
def test_mutated_examples_files(tmp_path, name, operations):
    folder = Path(tempfile.mkdtemp(dir=tmp_path))
    write(folder / f"{name}.basra", VARIANTS[name])
    write(folder / f"{name}.examples.yaml", mutate(EXAMPLE_FILES[name], operations))
    run_command(["check", str(folder / f"{name}.basra")])
    run_command(["docs", "show", str(folder / f"{name}.basra")])


@FUZZ
@given(st.sampled_from(sorted(RECORDS)), mutations)
def test_mutated_records(tmp_path, name, operations):
    folder = Path(tempfile.mkdtemp(dir=tmp_path))
    run_command(["replay", str(write(folder / name, mutate(RECORDS[name], operations)))])


@FUZZ
@given(st.sampled_from(sorted(RECORDS)), st.sampled_from(PAYLOADS + ["egyptian", "mine.basra", "sub/x.basra"]),
       st.sampled_from(["variant", "options", "players", "hands"]))
def test_records_with_hostile_values(tmp_path, name, payload, key):
    if name.endswith(".yaml"):
        return  # the JSON records carry the same fields; YAML mutation is covered above
    folder = Path(tempfile.mkdtemp(dir=tmp_path))
    data = json.loads(RECORDS[name])
    data[key] = {"variant": payload, "options": {payload: payload}, "players": payload, "hands": [payload]}[key]
    run_command(["replay", str(write(folder / name, json.dumps(data)))])


def test_memory_stayed_bounded():
    """Runs last in this file: the peak resident size of the process over all the inputs."""
    peak_mb = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    assert peak_mb < MEMORY_BOUND_MB, f"peak resident size {peak_mb:.0f} MB"
