"""YAML and JSON documents (records, worked examples): what is refused, where, and in what words."""

from __future__ import annotations

import json
import time
from pathlib import Path

import pytest
import yaml

from basra_dsl.check.checker import check_paths
from basra_dsl.check.examples import check_examples, rule_names
from basra_dsl.cli import main
from basra_dsl.diagnostics import DiagnosticError
from basra_dsl.documents import parse_document, read_document, schema_diagnostics, yaml_reader
from basra_dsl.language.loader import load

ROOT = Path(__file__).resolve().parent.parent
HAND = {"deals": [{"floor": ["5C"], "hands": [["9H"], ["KD"]]}], "plays": ["9H", "KD"]}


def replay(runner, path: Path, *args: str):
    result = runner.invoke(main, ["replay", str(path), *args], catch_exceptions=False)
    assert "Traceback" not in result.output and "internal error" not in result.output, result.output
    return result


def refused(runner, path: Path, *expected: str) -> str:
    result = replay(runner, path)
    assert result.exit_code == 1, result.output
    for text in expected:
        assert text in result.output, result.output
    return result.output


def write(tmp_path: Path, name: str, text: str) -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


# ------------------------------------------------------------------ 1. whole numbers


def test_whole_number_float_players_is_refused_at_its_line(runner, tmp_path):
    text = '{"variant":"egyptian",\n "players":2.0,\n "hands":[' + json.dumps(HAND) + "]}"
    refused(runner, write(tmp_path, "r.json", text), "r.json:2:12: error[B501]: players must be a whole number")


def test_whole_number_float_first_is_refused(runner, tmp_path):
    text = json.dumps({"variant": "egyptian", "hands": [HAND | {"first": 1.0}]}, indent=1)
    output = refused(runner, write(tmp_path, "r.json", text), "error[B501]", "hands[0].first must be a whole number")
    line = next(i for i, t in enumerate(text.splitlines(), 1) if '"first"' in t)
    assert f"r.json:{line}:" in output


def test_example_players_must_be_a_whole_number():
    text = "variant: egyptian\nexamples:\n  - name: x\n    players: 2.0\n    plays: [7S]\n"
    (found,) = schema_diagnostics(parse_document(text, "e.examples.yaml"), "examples")
    assert (found.code, found.span.line) == ("B501", 4) and "players must be a whole number" in found.message


def test_whole_number_option_values_are_read_as_integers(runner, tmp_path):
    record = {"variant": "egyptian", "options": {"target": 121.0}, "players": 2, "hands": [HAND]}
    result = replay(runner, write(tmp_path, "r.json", json.dumps(record)), "--json")
    assert result.exit_code == 0, result.output


# ------------------------------------------------------------------ 2. anchors, aliases, keys given twice


def test_recursive_alias_is_refused(runner, tmp_path):
    refused(runner, write(tmp_path, "r.yaml", "a: &a [*a]\n"),
            "r.yaml:1:4: error[B508]: anchors and aliases are not allowed in records")


def test_billion_laughs_is_refused_quickly(runner, tmp_path):
    lines = ['a: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]']
    for i in range(1, 10):
        prev, name = chr(96 + i), chr(97 + i)
        lines.append(f"{name}: &{name} [{', '.join([f'*{prev}'] * 9)}]")
    started = time.perf_counter()
    refused(runner, write(tmp_path, "r.yaml", "\n".join(lines) + "\n"), "error[B508]", "anchors and aliases")
    assert time.perf_counter() - started < 5


def test_anchor_in_examples_is_refused():
    with pytest.raises(DiagnosticError) as caught:
        parse_document("variant: x\nexamples:\n  - &one {name: a}\n  - *one\n", "e.yaml", "worked examples")
    (found,) = caught.value.diagnostics
    assert (found.code, found.span.line) == ("B508", 3) and "worked examples" in found.message


def test_key_given_twice_in_yaml_is_refused_at_the_second(runner, tmp_path):
    text = ("variant: egyptian\nhands:\n  - deals: [{floor: [5C], hands: [[9H], [KD]]}]\n"
            "    plays: [9H]\n    plays: [9H, KD]\n")
    output = refused(runner, write(tmp_path, "r.yaml", text), "r.yaml:5:5: error[B508]: 'plays' is given twice")
    assert "first given at line 4" in output


def test_key_given_twice_in_json_is_refused_at_the_second(runner, tmp_path):
    text = '{"variant": "egyptian",\n "hands": [],\n "hands": []}\n'
    output = refused(runner, write(tmp_path, "r.json", text), "r.json:3:2: error[B508]: 'hands' is given twice")
    assert "first given at line 2" in output


def test_unknown_tag_is_refused(runner, tmp_path):
    refused(runner, write(tmp_path, "t.yaml", "variant: !foo egyptian\n"), "t.yaml:1:10: error[B508]", "!foo")


# Deep nesting is refused by the project, at the first level past MAX_DEPTH (64), in its own
# words, whatever the YAML reader would say or refuse on its own: libyaml has a nesting limit
# of its own (1000) and, reading ahead, may reach it before it hands over level 65.
DEEP = {
    "flow.yaml": ("[" * 5000 + "\n", "1:65"),  # libyaml stops at its own limit before level 65 is read
    "closed.yaml": ("[" * 999 + "]" * 999 + "\n", "1:65"),  # within libyaml's limit
    "block.yaml": ("- " * 500 + "x\n", "1:129"),
    "mapping.yaml": ("".join(" " * i + f"k{i}:\n" for i in range(70)) + " " * 70 + "x\n", "65:65"),
    "flow.json": ("[" * 5000 + "]" * 5000 + "\n", "1:65"),
}


@pytest.mark.parametrize("name", DEEP)
def test_deep_nesting_is_refused_at_the_level_past_the_limit(runner, tmp_path, name):
    text, where = DEEP[name]
    output = refused(runner, write(tmp_path, name, text), f"{name}:{where}: error[B508]: the document is nested too deeply")
    assert "not valid YAML" not in output


class _StrictReader(yaml.SafeLoader):
    """A YAML reader with a nesting limit of its own, far below the project's, refusing in its own words."""

    def get_event(self):
        event = super().get_event()
        self.level = getattr(self, "level", 0) + isinstance(event, yaml.CollectionStartEvent) \
            - isinstance(event, yaml.CollectionEndEvent)
        if self.level > 3:
            raise yaml.parser.ParserError(None, None, "exceeded maximum nesting depth", event.start_mark)
        return event


FAST_READERS = {"libyaml": getattr(yaml, "CSafeLoader", None), "none": None, "strict": _StrictReader}


def nested(levels: int, style: str) -> str:
    if style == "flow":
        return "[" * levels + "x" + "]" * levels + "\n"
    return "".join(" " * i + f"k{i}:\n" for i in range(levels - 1)) + " " * (levels - 1) + "- x\n"


@pytest.mark.parametrize("reader", FAST_READERS)
@pytest.mark.parametrize("style", ["flow", "block"])
def test_the_project_decides_how_deep_whatever_the_reader(monkeypatch, reader, style):
    if reader == "libyaml" and FAST_READERS[reader] is None:
        pytest.skip("PyYAML was built without libyaml")
    monkeypatch.setattr(yaml_reader, "_FAST", FAST_READERS[reader])
    document = parse_document(nested(64, style), "d.yaml")  # 64 levels are allowed, whatever the reader allows
    value, levels = document.data, 0
    while isinstance(value, (list, dict)):
        value, levels = (value[0] if isinstance(value, list) else next(iter(value.values()))), levels + 1
    assert (value, levels) == ("x", 64)
    with pytest.raises(DiagnosticError) as caught:
        parse_document(nested(65, style), "d.yaml")
    (found,) = caught.value.diagnostics
    line, column = (1, 65) if style == "flow" else (65, 65)
    assert (found.code, found.message, found.span.line, found.span.column) == \
        ("B508", "the document is nested too deeply", line, column)


@pytest.mark.parametrize("reader", FAST_READERS)
def test_anchors_and_errors_are_the_same_whatever_the_reader(monkeypatch, reader):
    if reader == "libyaml" and FAST_READERS[reader] is None:
        pytest.skip("PyYAML was built without libyaml")
    monkeypatch.setattr(yaml_reader, "_FAST", FAST_READERS[reader])
    with pytest.raises(DiagnosticError) as caught:
        parse_document("a: [[[[&x 1]]]]\nb: *x\n", "d.yaml")
    assert [(d.code, d.span.line, d.span.column) for d in caught.value.diagnostics] == [("B508", 1, 8)]
    assert "anchors and aliases" in caught.value.diagnostics[0].message
    with pytest.raises(DiagnosticError) as caught:
        parse_document("a: [[[[1]]]]\nb: [\n", "d.yaml")
    assert [(d.code, d.span.line) for d in caught.value.diagnostics] == [("B508", 3)]
    assert "not valid YAML" in caught.value.diagnostics[0].message


# ------------------------------------------------------------------ 3. JSON that is not YAML


def test_tab_indented_json_keeps_positions(runner, tmp_path):
    record = {"variant": "egyptian", "hands": [{"deals": HAND["deals"], "plays": ["9H", "Jak"]}]}
    text = json.dumps(record, indent="\t")
    line = next(i for i, t in enumerate(text.splitlines(), 1) if '"Jak"' in t)
    column = text.splitlines()[line - 1].index('"Jak"') + 1
    refused(runner, write(tmp_path, "r.json", text), f"r.json:{line}:{column}: error[B501]", "'Jak' is not a card")


def test_tab_indented_json_replays(runner, tmp_path):
    text = json.dumps({"variant": "egyptian", "hands": [HAND]}, indent="\t")
    assert replay(runner, write(tmp_path, "r.json", text), "--json").exit_code == 0


def test_json_positions_of_values():
    document = parse_document('{\n\t"a": [1,\n\t\t2.5e1],\n\t"b": {"c": null}}', "x.json")
    assert document.data == {"a": [1, 25.0], "b": {"c": None}}
    assert document.span("a", 1).line == 3 and document.span("a", 1).column == 3
    assert (document.span("b", "c").line, document.span("b", "c").column) == (4, 13)


def test_broken_json_reports_the_json_error(runner, tmp_path):
    refused(runner, write(tmp_path, "r.json", '{\n\t"variant": "egyptian",\n\t"hands": [,]\n}'),
            "r.json:3:", "not valid JSON")


def test_yaml_indented_with_tabs_gets_a_hint(tmp_path):
    with pytest.raises(DiagnosticError) as caught:
        read_document(write(tmp_path, "r.yaml", "variant: egyptian\nhands:\n\t- x\n"))
    assert "spaces, not tabs" in caught.value.diagnostics[0].help


def test_an_unquoted_text_holding_a_colon_gets_a_hint(tmp_path):
    with pytest.raises(DiagnosticError) as caught:
        read_document(write(tmp_path, "e.yaml", "examples:\n  - name: x\n    cite: pagat, Zwicker: the deal\n"))
    found = caught.value.diagnostics[0]
    assert found.code == "B508" and found.span.line == 3 and "must be quoted" in found.help


# ------------------------------------------------------------------ 4. messages in words


def schema_messages(text: str, schema: str = "record") -> list[str]:
    return [d.message for d in schema_diagnostics(parse_document(text, "r.yaml"), schema)]


def test_schema_messages_leak_no_python_reprs():
    messages = schema_messages("null\n")
    messages += schema_messages("variant: egyptian\nhands:\n  - deals: [{hands: [[9H], [KD]]}]\n"
                                "    plays: [{capture: []}, 5, {card: 9H, captur: []}]\n    first: -1\n")
    messages += schema_messages("variant: egyptian\nhands: []\nplayers: true\ncomment: 2020-01-01\n")
    text = " | ".join(messages)
    assert "None" not in text and "{'" not in text and "is not valid under" not in text, text
    assert "the document should be a mapping" in messages[0]
    assert "hands[0].plays[0] lacks 'card'" in text
    assert "hands[0].plays[1] should be a card or a mapping, not the number 5" in text
    assert "hands[0].plays[2] has an unknown field 'captur'" in text
    assert "hands[0].first must be at least 0, not -1" in text
    assert "hands must not be empty" in text
    assert "players should be a whole number, not true" in text
    assert "comment should be a string, not the date 2020-01-01" in text


def test_unknown_field_hint_suggests_the_close_one():
    document = parse_document("variant: egyptian\nhand: []\nhands: [{}]\n", "r.yaml")
    (found,) = [d for d in schema_diagnostics(document, "record") if "unknown" in d.message]
    assert found.span.line == 1 and "did you mean 'hands'" in found.help


def test_invalid_utf8_is_named_as_such(runner, tmp_path):
    path = tmp_path / "r.json"
    path.write_bytes(b'{"variant": "egyptian",\n "comment": "caf\xe9"}')
    output = refused(runner, path, "r.json:2:", "error[B508]: the file is not UTF-8 text")
    assert "is not of type" not in output


# ------------------------------------------------------------------ 5. worked examples


def example_findings(body: str):
    text = "variant: egyptian\nexamples:\n" + body
    return list(check_examples(load("egyptian").merged, parse_document(text, "e.examples.yaml")))


def test_example_with_an_unknown_rule_is_refused():
    (found,) = example_findings("  - name: x\n    rule: pairs\n    floor: [7H]\n    plays: [7S]\n"
                                "    expect: {takes: [7H]}\n")
    assert (found.code, found.span.line) == ("B604", 4)
    assert "unknown rule 'pairs'" in found.message and "did you mean 'pair'" in found.help
    (found,) = example_findings("  - name: x\n    rule: nonexistent\n    plays: [7S]\n")
    assert found.code == "B604" and "most_cards" in found.help


def test_rule_names_cover_clause_keywords_and_dropped_rules():
    names = rule_names(load("ashush").merged)
    for word in ("pair", "jack", "lone", "most_cards", "choose", "compulsory", "optional", "sum_of_two", "clear"):
        assert word in names


def test_every_bundled_example_rule_is_known():
    report = check_paths([ROOT / "variants"])
    assert not [d for d in report.diagnostics if d.code == "B604"]


def test_example_card_in_floor_and_plays_is_refused():
    (found,) = example_findings("  - name: x\n    floor: [7H]\n    plays:\n      - 7H\n")
    assert (found.code, found.span.line) == ("B503", 6) and "7H is given twice" in found.message
    assert "line 4" in found.help
    (found,) = example_findings("  - name: x\n    plays: [7S, {card: 7S}]\n")
    assert found.code == "B503"


# ------------------------------------------------------------------ 6. an empty folder


def test_check_of_a_folder_without_variants_is_refused(runner, tmp_path):
    (tmp_path / "emptydir").mkdir()
    result = runner.invoke(main, ["check", "-q", str(tmp_path / "emptydir")])
    assert result.exit_code == 1
    assert f"no .basra files in {tmp_path / 'emptydir'}" in result.output
    assert "All 0 variants passed" not in result.output


# ------------------------------------------------------------------ 7. where the variant is


def test_variant_path_is_relative_to_the_record(runner, tmp_path, monkeypatch):
    (tmp_path / "games").mkdir()
    (tmp_path / "games" / "mine.basra").write_text((ROOT / "variants" / "egyptian.basra").read_text())
    record = write(tmp_path / "games", "r.json", json.dumps({"variant": "mine.basra", "hands": [HAND]}))
    monkeypatch.chdir(tmp_path)
    assert replay(runner, record).exit_code == 0
    # a file beside the working folder is not found for a path relative to the record
    (tmp_path / "other.basra").write_text((ROOT / "variants" / "egyptian.basra").read_text())
    other = write(tmp_path / "games", "o.json", json.dumps({"variant": "other.basra", "hands": [HAND]}))
    refused(runner, other, "error[B401]", "no variant file 'other.basra'")


def test_a_bare_variant_name_is_looked_up_as_the_commands_do(runner, tmp_path, monkeypatch):
    # A record names a variant the way `basra simulate NAME` does (./variants/NAME.basra, then
    # ./NAME.basra, then the bundled one), and never reads a file of another name.
    (tmp_path / "egyptian").write_text("root:x:0:0 not a variant\n")
    record = write(tmp_path, "r.json", json.dumps({"variant": "egyptian", "hands": [HAND]}))
    monkeypatch.chdir(tmp_path)
    assert replay(runner, record).exit_code == 0  # the bundled one: there is no egyptian.basra here
    (tmp_path / "egyptian.basra").write_text('variant egyptian "Broken"\nsetup:\n  dek 52\n')
    result = runner.invoke(main, ["replay", str(record)])
    assert result.exit_code == 1 and "egyptian.basra:3:3: error[B102]" in result.output
    assert "root:" not in result.output
    output = refused(runner, write(tmp_path, "u.json", json.dumps({"variant": "egyptain", "hands": [HAND]})),
                     "error[B401]: no variant named 'egyptain'")
    assert "did you mean 'egyptian'" in output
