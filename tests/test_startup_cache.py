"""The per-user cache of start-up work (basra_dsl.cache): the parser's tables and the verdict
that a variant passed the checks a run command makes. A cached run says what an uncached one
says; a changed grammar or an edited parent is never met by an old entry; a damaged entry,
an unusable folder or the cache turned off costs a rebuild, never a failure."""

from __future__ import annotations

import os
import pickle
import subprocess
import sys
from pathlib import Path

import pytest

from basra_dsl import cache, limits
from basra_dsl.check import playable
from basra_dsl.cli import main
from basra_dsl.diagnostics import DiagnosticError
from basra_dsl.language import grammar
from basra_dsl.resources import bundled_variants, grammar_path

ROOT = Path(__file__).resolve().parents[1]
PARENT = 'variant parent "Parent rules" extends basra-121\n\nsetup:\n  hand 5\n'
CHILD = 'variant house "House rules" extends parent\n\noption target: 101 | 151 = 151\n'


@pytest.fixture
def folder(tmp_path, monkeypatch):
    """Returns an empty cache folder of this test's own; the parser is built afresh after."""
    place = tmp_path / "cache"
    monkeypatch.setenv("BASRA_CACHE_DIR", str(place))
    monkeypatch.delenv("BASRA_CACHE", raising=False)
    grammar.lark_parser.cache_clear()
    yield place
    grammar.lark_parser.cache_clear()  # later tests get the parser of the real grammar


def entries(place: Path, kind: str) -> list[Path]:
    return sorted(place.glob(f"{kind}-*")) if place.is_dir() else []


def counting_lints(monkeypatch) -> list[str]:
    """Makes every run of the refusal lints on the variant named ``house`` leave a mark (its
    parents' findings are kept per process by the lints themselves); returns the marks."""
    import basra_dsl.check.lints as lints
    runs, real = [], lints.lint

    def counted(merged, **options):
        if merged.name == "house":
            runs.append(merged.name)
        return real(merged, **options)

    monkeypatch.setattr(lints, "lint", counted)
    return runs


def house(tmp_path: Path, parent: str = PARENT) -> Path:
    (tmp_path / "parent.basra").write_text(parent, encoding="utf-8")
    (tmp_path / "house.basra").write_text(CHILD, encoding="utf-8")
    return tmp_path / "house.basra"


def basra(*args: str, **env: str) -> subprocess.CompletedProcess:
    environment = dict(os.environ, **env)
    return subprocess.run([sys.executable, "-m", "basra_dsl.cli", *args], capture_output=True, text=True,
                          cwd=ROOT, env=environment, timeout=120)


# ------------------------------------------------------------------ parser tables

def tree_with_positions(tree) -> list:
    """Returns a parse tree as nested lists with every node's and token's position."""
    if not hasattr(tree, "children"):
        return [tree.type, str(tree), tree.line, tree.column, tree.end_line, tree.end_column]
    meta = tree.meta
    where = [meta.line, meta.column, meta.end_line, meta.end_column] if not meta.empty else []
    return [tree.data, where, [tree_with_positions(child) for child in tree.children]]


def test_the_tables_are_kept_and_the_kept_parser_parses_as_the_built_one(folder):
    built = grammar.lark_parser()
    assert len(entries(folder, "parser")) == 1
    grammar.lark_parser.cache_clear()
    loaded = grammar.lark_parser()
    assert loaded is not built
    for path in bundled_variants().values():
        text = path.read_text(encoding="utf-8") + "\n"
        assert tree_with_positions(loaded.parse(text)) == tree_with_positions(built.parse(text)), path.name
    assert [t.name for t in loaded.terminals] == [t.name for t in built.terminals]


def test_a_damaged_table_file_is_ignored_and_written_again(folder):
    grammar.lark_parser()
    (entry,) = entries(folder, "parser")
    good = entry.read_bytes()
    for damage in (b"", good[: len(good) // 2], good.replace(b"basra-dsl cache 1", b"garbage", 1),
                   good[:-10] + b"0123456789"):
        entry.write_bytes(damage)
        grammar.lark_parser.cache_clear()
        assert grammar.lark_parser().parse('variant x "X"\n') is not None
        assert cache.read_data("parser", entry.name.removeprefix("parser-")) is not None  # whole again


def test_an_entry_naming_code_is_refused_not_run(folder, tmp_path):
    marker = tmp_path / "ran"

    class Touch:
        def __reduce__(self):
            return (Path.touch, (marker,))

    folder.mkdir()
    payload = pickle.dumps(Touch())
    (folder / "parser-k").write_bytes(cache._header("k", payload) + payload)  # a well-formed entry
    assert cache.read("parser", "k") == payload
    assert cache.read_data("parser", "k") is None
    assert not marker.exists()


def test_a_changed_grammar_never_meets_the_old_tables(folder, tmp_path, monkeypatch):
    grammar.lark_parser()
    text = grammar_path().read_text(encoding="utf-8")
    assert '"extends"' in text
    changed = tmp_path / "basra.lark"
    changed.write_text(text.replace('"extends"', '"inherits"'), encoding="utf-8")
    monkeypatch.setattr(grammar, "grammar_path", lambda: changed)
    grammar.lark_parser.cache_clear()
    parser = grammar.lark_parser()
    assert parser.parse('variant x "X" inherits egyptian\n') is not None
    assert len(entries(folder, "parser")) == 2


@pytest.mark.parametrize("how", ["a file in the way", "another's folder"])
def test_an_unusable_folder_means_no_cache_and_the_same_output(tmp_path, how):
    if how == "a file in the way":
        (tmp_path / "file").write_text("")
        place = tmp_path / "file" / "cache"
    else:
        place = tmp_path / "shared"
        place.mkdir()
        place.chmod(0o777)  # anyone may write in it: its entries cannot be trusted
    done = basra("simulate", "egyptian", "--hands", "3", "--seed", "4", BASRA_CACHE_DIR=str(place))
    off = basra("simulate", "egyptian", "--hands", "3", "--seed", "4", BASRA_CACHE="0")
    assert done.returncode == 0, done.stderr
    assert done.stdout == off.stdout
    assert not entries(place, "parser") and not entries(place, "verdict")


# ------------------------------------------------------------------ verdicts

def test_a_clean_variant_is_checked_once(folder, tmp_path, monkeypatch):
    runs = counting_lints(monkeypatch)
    path = house(tmp_path)
    first = playable.load_playable(path)
    assert runs == ["house"] and len(entries(folder, "verdict")) == 1
    second = playable.load_playable(path)
    assert runs == ["house"] and second.name == first.name == "house"


def test_an_edited_parent_is_checked_again(folder, tmp_path, monkeypatch):
    runs = counting_lints(monkeypatch)
    path = house(tmp_path)
    playable.load_playable(path)
    # still valid language, but two players cannot be partners: a lint refuses it, not the loader
    (tmp_path / "parent.basra").write_text(PARENT + "  players 2, 4\n  partners\n", encoding="utf-8")
    with pytest.raises(DiagnosticError) as refused:
        playable.load_playable(path)
    assert "B712" in {d.code for d in refused.value.diagnostics}
    assert len(entries(folder, "verdict")) == 1  # an error is never kept
    with pytest.raises(DiagnosticError):
        playable.load_playable(path)  # and is found again
    (tmp_path / "parent.basra").write_text(PARENT, encoding="utf-8")
    playable.load_playable(path)
    assert runs == ["house"]  # the parent as it was: the first verdict holds again


def test_an_edited_child_is_checked_again_and_a_comment_is_not_an_edit(folder, tmp_path, monkeypatch):
    runs = counting_lints(monkeypatch)
    path = house(tmp_path)
    playable.load_playable(path)
    path.write_text("# a note\n" + CHILD, encoding="utf-8")
    playable.load_playable(path)
    assert runs == ["house"]
    path.write_text(CHILD.replace("= 151", "= 101"), encoding="utf-8")
    playable.load_playable(path)
    assert runs == ["house", "house"]


def test_with_the_cache_off_every_run_checks_and_nothing_is_written(folder, tmp_path, monkeypatch):
    runs = counting_lints(monkeypatch)
    path = house(tmp_path)
    monkeypatch.setenv("BASRA_CACHE", "0")
    grammar.lark_parser.cache_clear()
    playable.load_playable(path)
    playable.load_playable(path)
    assert runs == ["house", "house"] and not folder.exists()
    monkeypatch.delenv("BASRA_CACHE")
    with cache.turned_off():
        playable.load_playable(path)
    assert runs == ["house"] * 3 and not entries(folder, "verdict")
    playable.load_playable(path)
    assert runs == ["house"] * 4 and len(entries(folder, "verdict")) == 1


def test_no_cache_on_the_command_line(folder, tmp_path, monkeypatch, runner):
    runs = counting_lints(monkeypatch)
    path = house(tmp_path)
    for _ in range(2):
        result = runner.invoke(main, ["simulate", str(path), "--hands", "1", "--no-cache"])
        assert result.exit_code == 0, result.output
    assert runs == ["house", "house"] and not entries(folder, "verdict")
    assert cache.enabled()  # the flag ends with its command
    assert runner.invoke(main, ["compile", str(path)]).exit_code == 0
    assert len(entries(folder, "verdict")) == 1


def test_a_damaged_verdict_is_ignored(folder, tmp_path, monkeypatch):
    runs = counting_lints(monkeypatch)
    path = house(tmp_path)
    playable.load_playable(path)
    (entry,) = entries(folder, "verdict")
    good = entry.read_bytes()
    entry.write_bytes(good.replace(b"clean", b"dirty"))
    playable.load_playable(path)
    assert runs == ["house", "house"] and entry.read_bytes() == good


def test_entries_are_bounded(folder, monkeypatch):
    monkeypatch.setitem(limits.CACHE_KEPT, "verdict", 3)
    for number in range(6):
        cache.write("verdict", f"key{number}", playable.CLEAN)
        os.utime(folder / f"verdict-key{number}", ns=(number * 10**9, number * 10**9))
    assert [p.name for p in entries(folder, "verdict")] == ["verdict-key3", "verdict-key4", "verdict-key5"]
    cache.write("verdict", "big", b"x" * (limits.CACHE_ENTRY_BYTES + 1))
    assert cache.read("verdict", "big") is None


def test_a_cached_run_prints_what_an_uncached_one_prints(tmp_path):
    place = str(tmp_path / "cache")
    broken = tmp_path / "broken.basra"
    broken.write_text('variant broken "Broken"\nsetup:\n  deck 52\n  hand 4 4\n', encoding="utf-8")
    house(tmp_path)
    commands = [("simulate", "yemeni", "--hands", "5", "--seed", "3"), ("compile", str(tmp_path / "house.basra")),
                ("replay", "tests/fixtures/records/egyptian-seed7.json"), ("simulate", str(broken), "--hands", "1")]
    for command in commands:
        off = basra(*command, BASRA_CACHE="0")
        cold = basra(*command, BASRA_CACHE_DIR=place)
        warm = basra(*command, BASRA_CACHE_DIR=place)
        assert (off.returncode, off.stdout) == (cold.returncode, cold.stdout) == (warm.returncode, warm.stdout)
    assert off.returncode == 1 and "error" in off.stderr  # the broken file's syntax error, from kept tables
    assert off.stderr == cold.stderr == warm.stderr
    assert entries(Path(place), "parser") and len(entries(Path(place), "verdict")) == 3
