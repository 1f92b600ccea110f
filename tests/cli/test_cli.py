"""The basra command: check's formats, streams and exit codes; new; fmt."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from basra_dsl.cli import main
from basra_dsl.language.loader import load

ROOT = Path(__file__).resolve().parents[2]
GOOD = ROOT / "variants" / "egyptian.basra"
BAD = 'variant bad "Bad"\nsetup\n  dek 52\n'


@pytest.fixture
def bad(tmp_path) -> Path:
    path = tmp_path / "bad.basra"
    path.write_text(BAD)
    return path


def test_check_clean_exits_0_with_summary(runner, monkeypatch):
    monkeypatch.delenv("GITHUB_ACTIONS", raising=False)
    result = runner.invoke(main, ["check", str(GOOD)])
    assert result.exit_code == 0, result.output
    assert result.stdout.strip().startswith("All 1 variant passed")
    assert "checking" in result.stderr  # progress on stderr


def test_check_errors_exit_1_text(runner, bad, monkeypatch):
    monkeypatch.delenv("GITHUB_ACTIONS", raising=False)
    result = runner.invoke(main, ["check", str(bad)])
    assert result.exit_code == 1
    assert f"{bad}:2:6: error[B101]" in result.stdout and "error[B102]" in result.stdout
    assert result.stdout.strip().endswith("Found 2 errors in 1 of 1 variant.")
    assert "error[" not in result.stderr


def test_check_json(runner, bad):
    result = runner.invoke(main, ["check", str(bad), "--format", "json", "-q"])
    assert result.exit_code == 1
    data = json.loads(result.stdout)
    assert [d["code"] for d in data["diagnostics"]] == ["B101", "B102"]
    assert data["summary"]["errors"] == 2 and result.stderr == ""


def test_check_sarif(runner, bad):
    result = runner.invoke(main, ["check", str(bad), "--format", "sarif"])
    assert result.exit_code == 1
    log = json.loads(result.stdout)
    assert log["version"] == "2.1.0" and len(log["runs"][0]["results"]) == 2


def test_github_chosen_by_environment(runner, bad, monkeypatch):
    monkeypatch.setenv("GITHUB_ACTIONS", "true")
    result = runner.invoke(main, ["check", str(bad)])
    assert result.exit_code == 1
    assert result.stdout.startswith("::error file=") and "Found 2 errors" in result.stderr
    result = runner.invoke(main, ["check", str(bad), "--format", "text"])
    assert "error[B101]" in result.stdout


def test_usage_error_exits_2(runner, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    assert runner.invoke(main, ["check"]).exit_code == 2
    assert runner.invoke(main, ["check", "x.basra", "--format", "xml"]).exit_code == 2


def test_strict_fails_on_warnings(runner, tmp_path):
    path = tmp_path / "w.basra"
    path.write_text('variant w "W" extends egyptian\naliases "x"\n')
    assert runner.invoke(main, ["check", str(path)]).exit_code == 0
    assert runner.invoke(main, ["check", str(path), "--strict"]).exit_code == 1


def test_check_simulate(runner):
    result = runner.invoke(main, ["check", str(GOOD), "--simulate", "5", "-q"])
    assert result.exit_code == 0 and "10 hands simulated" in result.stdout


def test_new_then_check(runner, tmp_path):
    result = runner.invoke(main, ["new", "kafr", "--extends", "egyptian", "--dir", str(tmp_path)])
    assert result.exit_code == 0, result.output
    variant = (tmp_path / "kafr.basra").read_text()
    assert 'variant kafr "Kafr" extends egyptian' in variant and "#: setup:" in variant
    examples = (tmp_path / "kafr.examples.yaml").read_text()
    # basra-dsl is not installed inside tmp_path's project: no modeline pointing out of it
    assert "$schema=" not in examples and "examples.schema.json" in examples and "expect:" in examples
    result = runner.invoke(main, ["check", str(tmp_path), "--format", "json", "-q"])
    data = json.loads(result.stdout)
    assert result.exit_code == 0 and data["summary"]["examples"] == 1
    # it changes nothing yet, and its about line and its example's cite still say TODO
    assert [d["code"] for d in data["diagnostics"]] == ["B709", "B727", "B727"]
    assert runner.invoke(main, ["new", "kafr", "--dir", str(tmp_path)]).exit_code == 1  # exists


def test_new_standalone_passes(runner, tmp_path):
    assert runner.invoke(main, ["new", "solo", "--dir", str(tmp_path)]).exit_code == 0
    result = runner.invoke(main, ["check", str(tmp_path), "-q", "--simulate", "3"])
    assert result.exit_code == 0 and "Found 2 warnings in 1 of 1 variant" in result.stdout, result.stdout
    assert result.stdout.count("warning[B727]") == 2 and "error" not in result.stdout  # the TODOs to replace


def test_new_refuses_bad_names(runner, tmp_path):
    assert runner.invoke(main, ["new", "9 lives", "--dir", str(tmp_path)]).exit_code == 1
    assert runner.invoke(main, ["new", "x", "--extends", "nowhere", "--dir", str(tmp_path)]).exit_code == 1


def test_fmt_check_and_write(runner, tmp_path):
    path = tmp_path / "m.basra"
    path.write_text('variant m "M" extends egyptian\nsetup:\n    hand   6\n')
    result = runner.invoke(main, ["fmt", "--check", str(path)])
    assert result.exit_code == 1 and "would reformat" in result.stdout
    assert runner.invoke(main, ["fmt", str(path)]).exit_code == 0
    assert path.read_text() == 'variant m "M" extends egyptian\n\nsetup:\n  hand 6\n'
    assert runner.invoke(main, ["fmt", "--check", str(path)]).exit_code == 0


def test_fmt_on_a_broken_file_exits_1(runner, bad):
    result = runner.invoke(main, ["fmt", str(bad)])
    assert result.exit_code == 1 and bad.read_text() == BAD


def test_every_command_is_registered():
    import click
    context = click.Context(main)
    assert main.list_commands(context) == ["balance", "check", "compile", "docs", "explain", "fmt", "lsp", "new", "play",
                                           "replay", "serve", "simulate", "variants"]
    assert all(isinstance(main.get_command(context, name), click.Command) for name in main.list_commands(context))


def test_adoption_files():
    import yaml
    hooks = yaml.safe_load((ROOT / ".pre-commit-hooks.yaml").read_text())
    hook = next(h for h in hooks if h["id"] == "basra-check")
    assert hook["files"] == r"\.(basra|examples\.yaml)$" and hook["entry"].startswith("basra check")
    assert hook["pass_filenames"] is True  # the changed files; CI checks the whole set (docs/ci.md)
    workflow = yaml.safe_load((ROOT / ".github" / "workflows" / "ci.yml").read_text())
    steps = [s.get("run", "") for job in workflow["jobs"].values() for s in job["steps"]]
    readme = (ROOT / "README.md").read_text()
    test_command = "bash scripts/test"
    assert test_command in steps and test_command in readme
    assert test_command in (ROOT / ".ci" / "run").read_text()
    ci = (ROOT / "docs" / "ci.md").read_text()
    assert "id: basra-check" in ci and "upload-sarif" in ci and "basra check variants" in ci



# ------------------------------------------------------------------ reviewer's findings

def _many_options(count: int) -> str:
    """Returns a child of egyptian with COUNT yes/no options, all used by one basra rule."""
    lines = ['variant many "Many" extends egyptian']
    lines += [f"option o{k}: no | yes = no" for k in range(count)]
    lines += ["basra:", "  y: 20 when played is J and (" + " or ".join(f"o{k}" for k in range(count)) + ")"]
    return "\n".join(lines) + "\n"


def test_a_variant_with_twenty_options_checks_a_bounded_sample(runner, tmp_path, monkeypatch):
    import basra_dsl.check.lints as lints
    from basra_dsl.language.merge import MAX_OPTION_COMBINATIONS
    path = tmp_path / "many.basra"
    path.write_text(_many_options(20))
    merged = load(path).merged
    assert merged.option_combination_count() > 2 ** 20
    combos = list(merged.option_combinations())
    assert len(combos) == MAX_OPTION_COMBINATIONS
    assert combos == list(merged.option_combinations())  # seeded: the same sample each time
    keys = [tuple(sorted(c.items())) for c in combos]
    assert len(set(keys)) == len(keys)
    defaults = merged.option_defaults()
    assert combos[:2] == [defaults | {"players": 2}, defaults | {"players": 4}]
    compiled = []
    real = lints.compile_rules
    monkeypatch.setattr(lints, "compile_rules", lambda m, o: compiled.append(o) or real(m, o))
    result = runner.invoke(main, ["check", str(path), "-q", "--no-examples"])
    assert result.exit_code == 0, result.output
    # not the 2**20 assignments: a bounded sample of this variant's, and its parent's (checked too)
    assert 0 < len(compiled) <= 2 * MAX_OPTION_COMBINATIONS
    assert "All 1 variant passed" in result.stdout


def test_option_combinations_enumerate_all_when_few_or_asked():
    merged = load("egyptian").merged
    every = list(merged.option_combinations(limit=None))
    assert len(every) == merged.option_combination_count() == len(list(merged.option_combinations()))
    assert len({tuple(sorted(c.items())) for c in every}) == len(every)
    assert set(map(len, every)) == {len(merged.options) + 1}


def test_tutorial_works_outside_the_repository(runner, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    result = runner.invoke(main, ["new", "cairo-cafe", "--extends", "egyptian"])
    assert result.exit_code == 0, result.output
    result = runner.invoke(main, ["simulate", "cairo-cafe", "--hands", "2"])
    assert result.exit_code == 0 and "Cairo Cafe" in result.stdout, result.output
    assert runner.invoke(main, ["compile", "cairo-cafe"]).exit_code == 0
    if "docs" in main.commands:
        result = runner.invoke(main, ["docs", "show", "cairo-cafe"])
        assert result.exit_code == 0 and "Cairo Cafe" in result.stdout, result.output
    (tmp_path / "variants" / "cairo-cafe.basra").rename(tmp_path / "cairo-cafe.basra")
    assert runner.invoke(main, ["compile", "cairo-cafe"]).exit_code == 0  # ./NAME.basra too
    examples = (tmp_path / "variants" / "cairo-cafe.examples.yaml").read_text()
    assert "$schema=" not in examples  # the package is not inside this project


def test_a_local_variant_comes_before_a_bundled_one(runner, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "variants").mkdir()
    (tmp_path / "variants" / "egyptian.basra").write_text(
        GOOD.read_text().replace('"Egyptian Basra"', '"Our Egyptian"'))
    result = runner.invoke(main, ["compile", "egyptian"])
    assert result.exit_code == 0 and result.stdout.startswith("Our Egyptian"), result.output


def test_new_writes_a_modeline_relative_to_the_file_inside_the_project():
    from basra_dsl.check.scaffold import schema_reference
    from basra_dsl.resources import schema_path
    variant = ROOT / "variants" / "kafr.basra"  # not written: only where it would go
    reference = schema_reference(variant)
    assert reference == "../basra_dsl/schemas/examples.schema.json"
    assert (variant.parent / reference).resolve() == schema_path("examples").resolve()


def test_missing_file_is_no_such_file(runner, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    for command in (["compile", "./x.basra"], ["compile", "x.basra"], ["simulate", "sub/x", "--hands", "1"],
                    ["new", "zz", "--extends", "./nope.basra"]):
        result = runner.invoke(main, command)
        assert result.exit_code == 1, result.output
        assert "error[B112]: no such file" in result.output and "did you mean" not in result.output
    result = runner.invoke(main, ["fmt", "nonexist.basra"])
    assert result.exit_code == 1
    assert "nonexist.basra:1:1: error[B112]: no such file" in result.output
    assert "UTF-8" not in result.output


def test_fmt_says_where_a_file_is_not_utf8(runner, tmp_path):
    path = tmp_path / "latin.basra"
    path.write_bytes(b'variant l "L" extends egyptian\nabout "caf\xe9"\n')
    result = runner.invoke(main, ["fmt", str(path)])
    assert result.exit_code == 1 and f"{path}:2:11: error[B108]: the file is not UTF-8 text" in result.output


def test_a_bad_option_on_the_command_line_is_a_usage_error(runner):
    result = runner.invoke(main, ["compile", "egyptian", "-o", "target=99"])
    assert result.exit_code == 2
    assert result.stderr.startswith("error[B302]: -o target=99: option 'target' cannot be 99\n")
    assert "= help: choose one of: 101 | 121" in result.stderr
    assert "= note: declared at variants/egyptian.basra:" in result.stderr and result.stdout == ""
    result = runner.invoke(main, ["simulate", "egyptian", "--hands", "1", "-o", "traget=121", "--players", "3"])
    assert result.exit_code == 2
    assert "error[B301]: -o traget=121: 'egyptian' has no option 'traget'" in result.stderr
    assert "error[B302]: --players 3: 'egyptian' is not played by 3 players" in result.stderr
    assert runner.invoke(main, ["compile", "egyptian", "-o", "target=121", "--players", "4"]).exit_code == 0


def test_a_closed_pipe_is_quiet(tmp_path):
    import subprocess
    import sys
    for index in range(400):  # far more findings than a pipe holds
        (tmp_path / f"bad{index}.basra").write_text(BAD)
    env = {**__import__("os").environ, "TMPDIR": str(tmp_path), "GITHUB_ACTIONS": "false"}
    process = subprocess.Popen([sys.executable, "-m", "basra_dsl.cli", "check", "-q", str(tmp_path)],
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env)
    process.stdout.readline()
    process.stdout.close()  # as `| head -1` does
    stderr = process.stderr.read().decode()
    assert process.wait(timeout=120) == 1
    assert stderr == "" and not (tmp_path / "basra-crash.log").exists()


def test_check_takes_an_examples_file_for_its_variant(runner):
    examples = ROOT / "variants" / "egyptian.examples.yaml"
    result = runner.invoke(main, ["check", "-q", str(examples), str(GOOD)])
    assert result.exit_code == 0 and result.stdout.startswith("All 1 variant passed"), result.output


def test_simulate_says_a_bonus_word_in_the_plural_as_english_does(runner):
    # Cuarenta calls its bonus 'bonus': 'bonuses per hand', not 'bonuss'
    result = runner.invoke(main, ["simulate", "cuarenta", "--hands", "5"])
    assert result.exit_code == 0 and "bonuses per hand" in result.output, result.output
