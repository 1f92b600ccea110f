"""basra new writes only files that read back as written: hostile titles, names and
parents are refused before anything is written."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from basra_dsl.check import scaffold as scaffolding
from basra_dsl.cli import main
from basra_dsl.language.parser import parse

ROOT = Path(__file__).resolve().parents[2]
EGYPTIAN = ROOT / "variants" / "egyptian.basra"

HOSTILE_TITLES = [
    'x"\nbasra:\n  evil: 100',  # the reviewer's injection
    'Say "hi"',
    "two\nlines",
    "carriage\rreturn",
    "tab\there",
    "nul\x00",
    "escape \x1b[31mred",
    "line\u2028separator",
    "paragraph\u2029separator",
    "next\x85line",
    "delete\x7f",
    "bad byte \udcff",  # what Python makes of a command-line argument that is not UTF-8
    "   ",
    "x" * 121,
]


def written(folder: Path) -> list[str]:
    """Returns the names of the files in a folder (none if it does not exist)."""
    return sorted(p.name for p in folder.iterdir()) if folder.exists() else []


@pytest.mark.parametrize("title", HOSTILE_TITLES, ids=[repr(t)[:30] for t in HOSTILE_TITLES])
@pytest.mark.parametrize("parent", [None, "egyptian"])
def test_a_hostile_title_is_refused_and_nothing_is_written(runner, tmp_path, title, parent):
    folder = tmp_path / "variants"
    arguments = ["new", "kafr", "--title", title, "--dir", str(folder)] + (["--extends", parent] if parent else [])
    result = runner.invoke(main, arguments)
    assert result.exit_code == 2, result.output
    assert "--title" in result.output and "Traceback" not in result.output
    assert "\x1b[31m" not in result.output and "evil" not in result.output  # the title is not echoed
    assert written(folder) == []


def test_the_refusal_says_which_characters_cannot_be_in_a_title(runner, tmp_path):
    result = runner.invoke(main, ["new", "kafr", "--title", 'Say "hi"', "--dir", str(tmp_path)])
    assert result.exit_code == 2 and 'double quote (")' in result.output
    result = runner.invoke(main, ["new", "kafr", "--title", "a\nb", "--dir", str(tmp_path)])
    assert result.exit_code == 2 and "line break" in result.output and "U+000A" in result.output


def test_scaffold_refuses_a_hostile_title_from_python_too(tmp_path):
    with pytest.raises(ValueError, match="double quote"):
        scaffolding.scaffold("kafr", None, tmp_path, 'x"\nbasra:\n  evil: 100')
    assert written(tmp_path) == []
    assert scaffolding.title_problem("Café d'Amis & Co") is None


@pytest.mark.parametrize("title", ["Café d'Amis & Co", "Basra \\ Bastra", "بصرة القهوة", "Nuñez: 'the' game — #1"])
@pytest.mark.parametrize("parent", [None, "egyptian"])
def test_a_title_with_apostrophes_accents_and_ampersands_passes_check(runner, tmp_path, title, parent):
    arguments = ["new", "kafr", "--title", title, "--dir", str(tmp_path)] + (["--extends", parent] if parent else [])
    result = runner.invoke(main, arguments)
    assert result.exit_code == 0, result.output
    text = (tmp_path / "kafr.basra").read_text(encoding="utf-8")
    assert parse(text).title == title
    document = yaml.safe_load((tmp_path / "kafr.examples.yaml").read_text(encoding="utf-8"))
    assert document["variant"] == "kafr" and len(document["examples"]) == 1
    result = runner.invoke(main, ["check", str(tmp_path), "-q"])
    assert result.exit_code == 0, result.output


def test_a_name_with_a_line_break_is_refused(runner, tmp_path):
    result = runner.invoke(main, ["new", "evil\n", "--dir", str(tmp_path)])
    assert result.exit_code == 1 and "error[B102]" in result.output, result.output
    assert written(tmp_path) == []


def test_an_existing_examples_file_or_link_is_not_overwritten(runner, tmp_path):
    (tmp_path / "kafr.examples.yaml").write_text("mine\n")
    result = runner.invoke(main, ["new", "kafr", "--dir", str(tmp_path)])
    assert result.exit_code == 1 and "already exists" in result.output
    assert written(tmp_path) == ["kafr.examples.yaml"] and (tmp_path / "kafr.examples.yaml").read_text() == "mine\n"
    (tmp_path / "solo.basra").symlink_to(tmp_path / "elsewhere.basra")  # a link that leads nowhere yet
    result = runner.invoke(main, ["new", "solo", "--dir", str(tmp_path)])
    assert result.exit_code == 1 and "already exists" in result.output
    assert not (tmp_path / "elsewhere.basra").exists()


def test_a_parent_file_whose_name_is_no_variant_name_is_refused(runner, tmp_path):
    parent = tmp_path / 'bad name".basra'
    parent.write_text(EGYPTIAN.read_text())
    result = runner.invoke(main, ["new", "kafr", "--extends", str(parent), "--dir", str(tmp_path)])
    assert result.exit_code == 1 and "error[B102]" in result.output, result.output
    assert written(tmp_path) == ['bad name".basra']


def test_a_parent_the_new_file_would_not_find_is_refused(runner, tmp_path):
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    (elsewhere / "egyptian.basra").write_text(EGYPTIAN.read_text().replace('"Egyptian Basra"', '"Ours"'))
    folder = tmp_path / "variants"
    result = runner.invoke(main, ["new", "kafr", "--extends", str(elsewhere / "egyptian.basra"), "--dir", str(folder)])
    assert result.exit_code == 1 and "error[B401]" in result.output, result.output  # it would find the bundled one
    assert written(folder) == []
    result = runner.invoke(main, ["new", "kafr", "--extends", str(elsewhere / "egyptian.basra"), "--dir", str(elsewhere)])
    assert result.exit_code == 0, result.output  # beside its parent it finds it


def test_a_variant_cannot_extend_itself(runner, tmp_path):
    assert runner.invoke(main, ["new", "kafr", "--dir", str(tmp_path)]).exit_code == 0
    result = runner.invoke(main, ["new", "kafr", "--extends", "kafr", "--dir", str(tmp_path), "--force"])
    assert result.exit_code == 1 and "error[B402]" in result.output, result.output


def test_a_parent_that_is_not_utf8_or_does_not_parse_is_refused(runner, tmp_path):
    parents = tmp_path / "parents"
    parents.mkdir()
    (parents / "latin.basra").write_bytes(b'variant latin "L" extends egyptian\nabout "caf\xe9"\n')
    (parents / "broken.basra").write_text('variant broken "B"\nsetup\n')
    for parent in ("latin", "broken"):
        result = runner.invoke(main, ["new", "kafr", "--extends", parent, "--dir", str(parents)])
        assert result.exit_code == 1 and "Traceback" not in result.output, result.output
        assert "error[B403]" in result.output and "internal error" not in result.output
    assert written(parents) == ["broken.basra", "latin.basra"]


def test_a_failed_write_leaves_no_half_made_variant(runner, tmp_path, monkeypatch):
    import errno

    from basra_dsl.check import files
    calls = []
    real = files.os.replace

    def second_write_fails(source, target):
        if Path(target).parent != tmp_path:  # the per-user cache writes the same way
            return real(source, target)
        calls.append(target)
        if len(calls) == 2:
            raise OSError(errno.ENOSPC, "No space left on device")
        return real(source, target)

    monkeypatch.setattr(files.os, "replace", second_write_fails)
    result = runner.invoke(main, ["new", "kafr", "--dir", str(tmp_path)])
    assert result.exit_code == 1 and "error[B118]" in result.output and "No space left" in result.output
    assert "Traceback" not in result.output and written(tmp_path) == []
