"""The basra command: check's formats, streams and exit codes; new; fmt."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from basra_dsl.cli import main

ROOT = Path(__file__).resolve().parent.parent
GOOD = ROOT / "variants" / "egyptian.basra"
BAD = 'variant bad "Bad"\nsetup\n  dek 52\n'


@pytest.fixture
def runner():
    try:
        return CliRunner(mix_stderr=False)
    except TypeError:  # click >= 8.2 keeps stderr apart already
        return CliRunner()


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
    assert 'variant kafr "Kafr" extends egyptian' in variant and "# setup:" in variant
    examples = (tmp_path / "kafr.examples.yaml").read_text()
    assert examples.startswith("# yaml-language-server: $schema=") and "expect:" in examples
    result = runner.invoke(main, ["check", str(tmp_path), "--format", "json", "-q"])
    data = json.loads(result.stdout)
    assert result.exit_code == 0 and data["summary"]["examples"] == 1
    assert [d["code"] for d in data["diagnostics"]] == ["B709"]  # it changes nothing yet
    assert runner.invoke(main, ["new", "kafr", "--dir", str(tmp_path)]).exit_code == 1  # exists


def test_new_standalone_passes(runner, tmp_path):
    assert runner.invoke(main, ["new", "solo", "--dir", str(tmp_path)]).exit_code == 0
    result = runner.invoke(main, ["check", str(tmp_path), "-q", "--simulate", "3"])
    assert result.exit_code == 0 and "All 1 variant passed" in result.stdout, result.stdout


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


def test_docs_command_is_registered():
    assert "docs" in main.commands or not (ROOT / "basra_dsl" / "rulebook" / "cli.py").exists()


def test_adoption_files():
    import yaml
    hooks = yaml.safe_load((ROOT / ".pre-commit-hooks.yaml").read_text())
    hook = next(h for h in hooks if h["id"] == "basra-check")
    assert hook["files"] == r"\.basra$" and hook["entry"].startswith("basra check")
    workflow = yaml.safe_load((ROOT / ".github" / "workflows" / "ci.yml").read_text())
    steps = [s.get("run", "") for job in workflow["jobs"].values() for s in job["steps"]]
    readme = (ROOT / "README.md").read_text()
    test_command = "bash scripts/test"
    assert test_command in steps and test_command in readme
    assert test_command in (ROOT / ".ci" / "run").read_text()
    ci = (ROOT / "docs" / "ci.md").read_text()
    assert "id: basra-check" in ci and "upload-sarif" in ci and "basra check variants" in ci
