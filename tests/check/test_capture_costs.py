"""B808 (issue 26, finding 2): a variant whose plays could offer too many captures, or need
too long a search for the largest, is refused by `basra check` at the clause responsible,
and every command that runs it refuses it too, in bounded memory, never crashing."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from basra_dsl import limits
from basra_dsl.check.checker import check_paths
from basra_dsl.cli import main
from basra_dsl.engine.covers import search_cost
from basra_dsl.engine.sums import count_sets

ROOT = Path(__file__).resolve().parents[2]

# the variant of the report: every card worth 1, a played card worth 24, a floor of 48
HOSTILE = (ROOT / "tests" / "fixtures" / "variants" / "hostile.basra").read_text(encoding="utf-8")  # the report's variant


def write(folder: Path, name: str, text: str) -> Path:
    path = folder / f"{name}.basra"
    path.write_text(text, encoding="utf-8")
    return path


def findings(path: Path, code: str = "B808") -> list:
    return [d for d in check_paths([path], examples=False).diagnostics if d.code == code]


def run_limited(folder: Path, *args: str, memory: int = 1 << 30) -> subprocess.CompletedProcess:
    """Runs `basra ARGS` in a process that may hold ``memory`` bytes and 2 minutes."""
    def limit():
        import resource
        resource.setrlimit(resource.RLIMIT_AS, (memory, memory))
    environment = dict(os.environ, PYTHONPATH=str(ROOT), BASRA_CACHE="0")
    return subprocess.run([sys.executable, "-c", "from basra_dsl.cli import main; main()", *args], cwd=folder,
                          capture_output=True, text=True, timeout=120, preexec_fn=limit, env=environment)


def test_the_reported_variant_is_refused_at_its_played_values(tmp_path):
    path = write(tmp_path, "hostile", HOSTILE)
    (found,) = findings(path)
    assert (found.span.line, found.span.column) == (7, 17)  # 'any 24' of 'played values any 24'
    assert found.is_error and "426,384,982,032,100 sets" in found.message and "16,384" in found.message
    assert found.help


@pytest.mark.parametrize("command", [["simulate", "hostile.basra", "--hands", "20"], ["docs", "show", "hostile.basra"],
                                     ["check", "hostile.basra", "--simulate", "5"], ["compile", "hostile.basra"]])
def test_commands_refuse_the_reported_variant_in_bounded_memory(tmp_path, command):
    write(tmp_path, "hostile", HOSTILE)
    done = run_limited(tmp_path, *command)
    assert done.returncode == 1, done.stdout[-2000:] + done.stderr[-2000:]
    assert "hostile.basra:7:17: error[B808]" in done.stdout + done.stderr
    assert "Traceback" not in done.stderr and "internal error" not in done.stderr


def test_fewest_counts_the_sets_of_the_fewest_cards(tmp_path):
    path = write(tmp_path, "fewest", HOSTILE.replace("hostile", "fewest").replace("choose one", "choose fewest"))
    (found,) = findings(path)
    assert "of the fewest cards" in found.message and found.span.line == 7


def test_a_card_value_that_makes_too_many_sets_is_refused_at_the_values_line(tmp_path):
    text = ('variant kings "Kings" extends scopa\nsetup:\n  values any 1, K 14\n')
    (found,) = findings(write(tmp_path, "kings", text))
    assert found.span.line == 3 and "KC" in found.message  # kings add up to 14 of 36 cards worth 1


@pytest.mark.parametrize("name, most", [("cirulla", 3_776), ("escoba", 10_596), ("scopa", 1_702), ("scopone", 664)])
def test_the_bundled_games_that_choose_offer_fewer_captures_than_the_limit(name, most, monkeypatch):
    from basra_dsl import load_variant
    from basra_dsl.check.lints.captures import _most_captures
    from basra_dsl.engine.capture import CaptureResolver
    rules = load_variant(name)
    assert not findings(ROOT / "variants" / f"{name}.basra")
    monkeypatch.setattr(limits, "CAPTURES", 0)  # to read the most any card of the game may offer
    assert _most_captures(rules, CaptureResolver(rules))[1] == most <= 16_384
    assert count_sets(14, (0,) + (4,) * 10)[14] == 10_596  # Escoba's ace, played toward 15


def test_a_largest_capture_among_uniform_cards_is_listed_not_refused(tmp_path):
    """Under 'choose largest' the cards of one value are interchangeable and one search
    finds the take: the engine lists its first captures (a player may name any other)."""
    text = HOSTILE.replace("hostile", "largest").replace("start floor 48", "start floor 47").replace(
        "\ncapture:\n  choose one\n", "")
    write(tmp_path, "largest", text)
    assert not findings(tmp_path / "largest.basra")
    done = run_limited(tmp_path, "simulate", "largest.basra", "--hands", "20")
    assert done.returncode == 0, done.stderr[-2000:]


def test_a_search_longer_than_the_limit_is_refused(tmp_path, monkeypatch):
    steps, positions = search_cost(13, (0,) + (4,) * 10 + (0, 0, 0), 10 ** 9, 10 ** 9)
    monkeypatch.setattr(limits, "CAPTURE_STEPS", steps - 1)
    text = 'variant thirteen "Thirteen" extends egyptian\nsetup:\n  played values 9 13\n'
    (found,) = findings(write(tmp_path, "thirteen", text))
    assert found.span.line == 3 and "adding up to 13" in found.message and f"{steps - 1:,} steps" in found.message
    monkeypatch.setattr(limits, "CAPTURE_STEPS", steps)
    monkeypatch.setattr(limits, "CAPTURE_POSITIONS", positions - 1)
    assert len(findings(tmp_path / "thirteen.basra")) == 1
    monkeypatch.setattr(limits, "CAPTURE_POSITIONS", positions)
    assert not findings(tmp_path / "thirteen.basra")


def test_the_searches_of_all_targets_together_are_bounded(tmp_path, monkeypatch):
    monkeypatch.setattr(limits, "CAPTURE_STEPS_PER_VARIANT", 40_000)  # egyptian's 1 to 10 take 46,458
    (found,) = findings(ROOT / "variants" / "egyptian.basra")
    assert "together" in found.message and "40,000" in found.message


def test_kasino_needs_the_longest_search_of_the_bundled_variants():
    counts = (0,) + (4,) * 13 + (0, 0, 0)
    assert search_cost(16, counts, limits.CAPTURE_STEPS, limits.CAPTURE_POSITIONS) == (10_479_237, 563_646)


def test_explain_shows_the_finding():
    result = CliRunner().invoke(main, ["explain", "B808"])
    assert result.exit_code == 0 and "error[B808]" in result.output and "played values any 24" in result.output


def test_an_example_whose_capture_search_runs_too_long_is_a_finding(tmp_path, monkeypatch):
    """An editor plays a worked example without linting its variant first: a search that
    runs too long there is a located finding, not a crash (the limit lowered to show it)."""
    from basra_dsl.check.checker import check_examples_text
    from basra_dsl.engine import covers
    (tmp_path / "kasino.basra").write_text((ROOT / "variants" / "kasino.basra").read_text(encoding="utf-8"),
                                           encoding="utf-8")
    floor = ", ".join(f"{rank}{suit}" for rank in "A23456789TJQK" for suit in "CHS")
    text = (f"variant: kasino\nexamples:\n  - name: a ten of diamonds on a crowded floor\n"
            f"    floor: [{floor}]\n    plays: [TD]\n    expect: {{takes: []}}\n")
    monkeypatch.setattr(covers, "MAX_STEPS", 2_000)
    monkeypatch.setattr(covers, "QUICK_STEPS", 0)
    covers.best_covers.cache_clear()
    try:
        found = list(check_examples_text(text, tmp_path / "kasino.examples.yaml"))
    finally:
        covers.best_covers.cache_clear()
    assert [d.code for d in found] == ["B808"] and "rule 'take'" in found[0].message, found
    assert found[0].span.path.endswith("kasino.examples.yaml")


SECURITY = ROOT / "docs" / "security.md"
SECURITY_ROWS = {  # the rows of the page's table of limits that state these bounds
    "captures one card may offer on one floor": f"{limits.CAPTURES:,}",
    "steps of the search for the largest capture (groups of cards tried, positions met)": f"{limits.CAPTURE_STEPS:,}",
    "positions that search keeps": f"{limits.CAPTURE_POSITIONS:,}",
    "steps of those searches for all the targets of one variant": f"{limits.CAPTURE_STEPS_PER_VARIANT:,}",
}


def test_the_security_page_states_the_capture_bounds():
    page = SECURITY.read_text(encoding="utf-8")
    rows = {line.split("|")[1].strip(): (line.split("|")[2].strip(), line.split("|")[3].strip())
            for line in page.splitlines() if line.startswith("| ") and line.count("|") >= 4}
    for what, figure in SECURITY_ROWS.items():
        assert rows.get(what) == (figure, "B808"), (what, rows.get(what), figure)
    assert "## Captures" in page and "bench_captures.py" in page


def test_a_search_costed_once_is_read_from_the_cache_by_the_next_process(monkeypatch):
    """Kasino's longest search takes seconds to cost: the next `basra check` reads the cost
    the last one kept (the suite's cache folder is its own, see tests/conftest.py)."""
    from basra_dsl.check.lints import captures

    calls = []

    def counted(*key):
        calls.append(key)
        return search_cost(*key)

    monkeypatch.setattr(captures, "search_cost", counted)
    key = (11, (0, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3), limits.CAPTURE_STEPS, limits.CAPTURE_POSITIONS)  # no variant's
    monkeypatch.setattr(captures, "_COSTS", {})
    first = captures._cost(*key[:2])
    monkeypatch.setattr(captures, "_COSTS", {})  # as a new process starts
    assert captures._cost(*key[:2]) == first and len(calls) == 1
    with user_cache_off():
        monkeypatch.setattr(captures, "_COSTS", {})
        assert captures._cost(*key[:2]) == first and len(calls) == 2  # worked out again without a cache


def user_cache_off():
    from basra_dsl import cache

    return cache.turned_off()
