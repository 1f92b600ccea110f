"""Two more kinds of entries in the per-user cache: the syntax trees of files parsed clean
(``language.tree_cache``) and the fast tier's tables of sums captures
(``play.kept_tables``). A kept tree is the tree a parse gives, positions and all; a file
with an error is parsed, and reported, every time; kept tables change no result; anything
damaged or foreign in an entry is a miss, never a failure."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from basra_dsl import cache, load_variant
from basra_dsl.diagnostics import DiagnosticError
from basra_dsl.engine.fast import compile_hands
from basra_dsl.language import loader, tree_cache
from basra_dsl.language.parser import parse
from basra_dsl.play.simulate import simulate_hands
from basra_dsl.resources import bundled_variants

ROOT = Path(__file__).resolve().parents[1]
FILES = sorted(bundled_variants().values()) + sorted((ROOT / "tests" / "fixtures").rglob("*.basra"))


@pytest.fixture
def folder(tmp_path, monkeypatch):
    place = tmp_path / "cache"
    monkeypatch.setenv("BASRA_CACHE_DIR", str(place))
    monkeypatch.delenv("BASRA_CACHE", raising=False)
    loader._PARSED.clear()  # the per-process memo of parsed files would hide the cache
    yield place
    loader._PARSED.clear()


def entries(place: Path, kind: str) -> list[Path]:
    return sorted(place.glob(f"{kind}-*")) if place.is_dir() else []


def counting_parses(monkeypatch) -> list[str]:
    import basra_dsl.language.parser as parser
    calls, real = [], parser.parse

    def counted(text, path="<string>"):
        calls.append(path)
        return real(text, path)

    monkeypatch.setattr(parser, "parse", counted)
    return calls


def parsed_clean(path: Path):
    try:
        return parse(path.read_text(encoding="utf-8"), str(path))
    except DiagnosticError:
        return None


@pytest.mark.parametrize("path", [p for p in FILES if parsed_clean(p) is not None], ids=lambda p: p.name)
def test_every_tree_rebuilds_from_its_plain_data_with_every_position(path):
    tree = parsed_clean(path)  # files with an error are never kept: see below
    data = tree_cache.to_data(tree)
    rebuilt = tree_cache.from_data(data)
    assert rebuilt == tree and repr(rebuilt) == repr(tree)
    assert tree_cache.to_data(rebuilt) == data  # spans are in the data, so they match too


def test_a_kept_tree_is_read_not_parsed(folder, tmp_path, monkeypatch):
    calls = counting_parses(monkeypatch)
    path = tmp_path / "house.basra"
    path.write_text('variant house "House" extends egyptian\n\nsetup:\n  hand 5\n', encoding="utf-8")
    first = loader.read_variant(path)
    loader._PARSED.clear()
    second = loader.read_variant(path)
    assert calls == [str(path)] and len(entries(folder, "tree")) == 1
    assert tree_cache.to_data(second) == tree_cache.to_data(first)
    path.write_text(path.read_text(encoding="utf-8").replace("hand 5", "hand 6"), encoding="utf-8")
    loader._PARSED.clear()
    assert "6" in repr(loader.read_variant(path)) and len(calls) == 2  # new text, new entry


def test_a_file_with_an_error_is_parsed_and_reported_every_time(folder, tmp_path, monkeypatch):
    calls = counting_parses(monkeypatch)
    path = tmp_path / "broken.basra"
    path.write_text('variant broken "Broken"\nsetup:\n  hand 4 4\n', encoding="utf-8")
    for _ in range(2):
        loader._PARSED.clear()
        with pytest.raises(DiagnosticError):
            loader.read_variant(path)
    assert len(calls) == 2 and not entries(folder, "tree")


@pytest.mark.parametrize("planted", [("Evil", "payload"), ("Variant", "too few fields"), "not a tree",
                                     ("Word", ("Span", "x", "not a line"), "w")])
def test_a_foreign_or_damaged_tree_entry_is_a_miss(folder, tmp_path, monkeypatch, planted):
    calls = counting_parses(monkeypatch)
    path = tmp_path / "house.basra"
    text = 'variant house "House" extends egyptian\n'
    path.write_text(text, encoding="utf-8")
    cache.write_data("tree", tree_cache._key(text, str(path)), planted)
    tree = loader.read_variant(path)
    assert calls == [str(path)] and tree.name.text == "house"


def basra_python(code: str, env: dict) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT,
                          env={**os.environ, **env}, timeout=120)


IMPORTED = """
import sys
from basra_dsl.cli import main
try:
    main(sys.argv[1:] or {argv!r})
except SystemExit:
    pass
print("imported:", *sorted(m for m in ("lark", "basra_dsl.language.parser") if m in sys.modules))
"""


def test_a_warm_run_command_imports_neither_lark_nor_the_parser(tmp_path):
    env = {"BASRA_CACHE_DIR": str(tmp_path / "cache"), "BASRA_CACHE": "1"}
    code = IMPORTED.format(argv=["simulate", "egyptian", "--hands", "2"])
    cold, warm = basra_python(code, env), basra_python(code, env)
    assert cold.stdout.splitlines()[-1] == "imported: basra_dsl.language.parser lark", cold.stderr
    assert warm.stdout.splitlines()[-1] == "imported:", warm.stderr
    assert cold.stdout.splitlines()[:-1] == warm.stdout.splitlines()[:-1]


def test_a_kept_tree_quotes_its_file_in_diagnostics_as_a_parsed_one_does(tmp_path):
    """A variant with a mistake of meaning (not of syntax) is read from a kept tree, and
    its diagnostics still show the line and a caret."""
    env = {"BASRA_CACHE_DIR": str(tmp_path / "cache"), "BASRA_CACHE": "1"}
    (tmp_path / "odd.basra").write_text('variant odd "Odd" extends egyptain\n', encoding="utf-8")
    code = IMPORTED.format(argv=["compile", str(tmp_path / "odd.basra")])
    cold, warm = basra_python(code, env), basra_python(code, env)
    assert "extends egyptain" in cold.stderr and "^" in cold.stderr and "B401" in cold.stderr  # refused: on stderr
    assert cold.stdout.splitlines()[:-1] == warm.stdout.splitlines()[:-1] and cold.stderr == warm.stderr
    assert warm.stdout.splitlines()[-1] == "imported:"


def test_kept_sums_tables_change_no_result(folder):
    rules = load_variant("egyptian")
    with cache.turned_off():
        alone = simulate_hands(rules, 200, seed=5).to_json()
    first = simulate_hands(rules, 200, seed=5).to_json()
    (entry,) = entries(folder, "sums")
    kept = entry.read_bytes()
    second = simulate_hands(rules, 200, seed=5).to_json()
    assert alone == first == second
    assert entry.read_bytes() == kept  # the same floors again: nothing new to keep
    simulate_hands(rules, 200, seed=6)
    assert len(entry.read_bytes()) > len(kept)  # new floors are added to what was kept


def test_tables_come_back_as_they_were_and_anything_else_is_refused():
    rules = load_variant("egyptian")
    import random
    hands = compile_hands(rules)
    rng = random.Random(3)
    for first in range(40):
        hands.play(rng, first % 2, ())
    data = hands.tables()
    again = compile_hands(rules)
    assert again.add_tables(data) and again.tables() == data and again.table_entries() == hands.table_entries() > 0
    empty = compile_hands(rules)
    for bad in ([], (("x",),), ((((1, ("whole", "ten")),),) * len(data)), None, 5):
        assert not empty.add_tables(bad)
    assert empty.table_entries() == 0


def test_a_run_meeting_more_floors_than_an_entry_holds_keeps_the_first_ones(folder, monkeypatch):
    """Royal Casino meets more floors in a long run than one entry may hold: the floors met
    first are kept (they are the common ones), not none at all."""
    from basra_dsl import limits
    monkeypatch.setattr(limits, "SUMS_TABLE_ENTRIES", 50)
    rules = load_variant("egyptian")
    first = simulate_hands(rules, 200, seed=5).to_json()
    (entry,) = entries(folder, "sums")
    again = compile_hands(rules)
    assert again.add_tables(cache.read_data("sums", entry.name.split("-", 1)[1]))
    assert again.table_entries() == 50
    assert simulate_hands(rules, 200, seed=5).to_json() == first  # a part of the tables changes no result


def test_tables_give_the_floors_met_first_up_to_a_number():
    import random
    hands = compile_hands(load_variant("casino"))
    rng = random.Random(3)
    for first in range(40):
        hands.play(rng, first % 2, ())
    whole, part = hands.tables(), hands.tables(7)
    assert sum(map(len, part)) == 7 < sum(map(len, whole))
    assert all(set(p) <= set(w) for p, w in zip(part, whole))


def test_kept_searches_come_back_change_no_result_and_refuse_anything_else(folder):
    """The searches of the largest capture (and of single groups) a run makes are kept beside
    the tables: a later run starts with them, alike."""
    from basra_dsl.engine import covers, sums

    def forget():
        covers.best_covers.cache_clear()
        sums.single_groups.cache_clear()
    rules = load_variant("tablanette")
    with cache.turned_off():
        alone = simulate_hands(rules, 100, seed=2).to_json()
    forget()
    first = simulate_hands(rules, 100, seed=2).to_json()
    (entry,) = entries(folder, "searches")
    data = cache.read_data("searches", entry.name.split("-", 1)[1])
    met = covers.searches_met()
    assert len(data) == met > 0 and {row[0] for row in data} == {"covers"}
    forget()
    assert covers.add_searches(data) and covers.searches_met() == met
    assert simulate_hands(rules, 100, seed=2).to_json() == first == alone
    forget()
    before = covers.searches_met()
    for bad in (None, 5, [("covers", 14, "counts", -1, ())], [("covers", 14, b"\x00\x01", -1, ("x",))]):
        assert not covers.add_searches(bad) or covers.searches_met() == before
    assert covers.searches_met() == before
