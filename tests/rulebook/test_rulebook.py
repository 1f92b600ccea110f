"""The rulebook renderer: snapshots, completeness over every bundled variant, English wording."""

from __future__ import annotations

import json
import os
import re
from pathlib import Path

import pytest
from click.testing import CliRunner

from basra_dsl.cards import parse_card
from basra_dsl.cli import main
from basra_dsl.cli.docs import docs
from basra_dsl.language.parser import parse
from basra_dsl.resources import bundled_variants, grammar_path
from basra_dsl.rulebook import anchor, render_comparison, render_schemas, render_variant, site_pages
from basra_dsl.rulebook.pictures.cardhtml import card_html
from basra_dsl.rulebook.prose.english import Context, pattern_phrase, say
from basra_dsl.rulebook.prose.plays import describe_play
from basra_dsl.rulebook.pages.page import load_merged

GOLDEN = Path(__file__).resolve().parents[1] / "golden"
DOCS = Path(__file__).resolve().parents[2] / "docs"
UPDATE = os.environ.get("BASRA_UPDATE_GOLDEN") == "1"
VARIANTS = list(bundled_variants())


def _guard(text: str):
    """Returns the condition of a basra rule written in a scratch variant."""
    variant = parse(f'variant t "T"\nbasra:\n  r: 10 when {text}\n', "t.basra")
    return variant.clauses[0].guard


# ------------------------------------------------------------------ snapshots

@pytest.mark.parametrize("name", sorted(bundled_variants()))
def test_page_matches_golden(name):
    page = render_variant(name)
    golden = GOLDEN / f"{name}.md"
    if UPDATE:
        golden.parent.mkdir(exist_ok=True)
        golden.write_text(page.markdown, encoding="utf-8")
    assert golden.exists(), f"no golden page for {name}: run with BASRA_UPDATE_GOLDEN=1 and review it"
    assert page.markdown == golden.read_text(encoding="utf-8"), \
        f"the {name} page changed; if on purpose, rerun with BASRA_UPDATE_GOLDEN=1 and review the diff"


def test_output_is_deterministic():
    assert render_variant("egyptian").markdown == render_variant("egyptian").markdown
    assert render_comparison() == render_comparison()


# ------------------------------------------------------------------ every variant, every clause

@pytest.mark.parametrize("name", VARIANTS)
def test_every_clause_and_option_is_rendered(name):
    merged = load_merged(name)
    page = render_variant(name)
    for key in merged.clauses:
        assert f"{{#{anchor(key)}}}" in page.markdown, f"{name}: clause {key} is not on the page"
        assert anchor(key) in page.anchors
    for option in merged.options:
        assert f"{{#option-{option}}}" in page.markdown, f"{name}: option {option} is not on the page"
    assert "`" + "setup." not in page.markdown  # no clause fell back to its bare key


@pytest.mark.parametrize("name", VARIANTS)
def test_examples_agree_with_the_engine(name):
    page = render_variant(name)
    assert page.problems == []


@pytest.mark.parametrize("name", VARIANTS)
def test_page_has_its_parts(name):
    merged = load_merged(name)
    text = render_variant(name).markdown
    assert text.startswith("---\ntitle: ")
    for count in merged.player_counts():
        assert f"  - {count} players" in text
    assert '!!! abstract "At a glance"' in text
    assert '=== "Rules"' in text and '=== "Source file"' in text and "```basra" in text
    assert "## A sample hand" in text and "basra-pic" in text
    for heading in ("## Setup and deal", "## Play and capture", "## End of hand", "## Scoring",
                    "## End of game and match"):
        assert heading in text
    if merged.parent is not None:
        parent = merged.parent.name.text
        assert "## Differences from " in text
        assert f"]({parent}.md" in text


def test_differences_name_the_change_and_link_the_parent():
    text = render_variant("yemeni").markdown
    section = text.split("## Differences from Egyptian Basra", 1)[1].split("=== \"Rules\"", 1)[0]
    assert "[Seven of diamonds basra (three cases)](#rule-basra-seven)" in section  # the rule's title
    assert "(egyptian.md#rule-basra-seven)" in section
    assert "adding up to less than 10. It also counts when" in section  # one sentence per alternative


def test_comments_become_house_rule_notes():
    text = render_variant("egyptian").markdown
    assert '!!! note "Note"' in text and "variant file" not in text.split('=== "Rules"')[1].split("=== ")[0]
    assert "all take everything the play can reach" in text  # the comment above 'choose largest'


def test_scoring_table_adds_up():
    text = render_variant("egyptian").markdown
    assert "| [Each jack](#rule-score-points) | 1 | 4 | 4 |" in text
    assert "**43**" in text and "agrees with the table" not in text  # the table says it: no file words


def test_worked_examples_show_cards_and_reasons():
    text = render_variant("egyptian").markdown
    assert '!!! example "A seven pairs a seven"' in text
    assert '<svg class="basra-pic" role="img" aria-label="seven of hearts">' in text  # cards as pictures
    assert "**Why:** [Pairing](#rule-capture-pair)" in text
    assert "**Basra:** 10 points ([Clearing the floor](#rule-basra-clear))" in text
    assert "this play is not allowed: 8♥ must capture" in text  # in players' words (issue 11)


# ------------------------------------------------------------------ English

def test_the_seven_of_diamonds_rule_reads_as_english():
    ctx = Context()
    text, options = describe_play(_guard("played is 7D and floor only numeral and floor.sum <= 10"), ctx,
                                  frozenset({"J", "7D"}))
    assert text == "the seven of diamonds takes a floor of numerals only, adding up to 10 or less"
    assert options == []


def test_option_conditions_are_kept_apart():
    ctx = Context({"jack_on_jack": False})
    text, options = describe_play(_guard("jack_on_jack and played is J and floor.lone is J"), ctx)
    assert text == "a jack takes a lone jack"
    assert options == ["the table plays with [*jack on jack*](#option-jack_on_jack)"]


def test_clearing_and_exceptions():
    ctx = Context()
    text, _ = describe_play(_guard("cleared and played is not J | 7D"), ctx)
    assert text == "a card other than a jack or the seven of diamonds clears the floor"


def test_alternatives_on_the_floor_read_as_either_or():
    ctx = Context()
    text, _ = describe_play(_guard("played is 7D and (floor.sum < 10 and floor only numeral "
                                   "or floor only 10 | Q | K or splits(floor, 2, 9))"), ctx, frozenset({"7D"}))
    assert text.startswith("the seven of diamonds takes a floor that either ")
    assert ", or holds only tens, queens or kings, or holds only numerals that split into 2 or more groups" in text


def test_general_conditions():
    ctx = Context({"teams": True})
    assert say(_guard("players == 4 and teams"), ctx) == \
        "there are 4 players and the table plays with [*teams*](#option-teams)"
    assert say(_guard("previous.trailed"), ctx) == "the previous play was a trail"
    assert say(_guard("captured.count == 1"), ctx) == "the play takes a single card"
    assert say(_guard("floor has picture"), ctx) == "the floor holds a picture card"


def test_patterns():
    variant = parse('variant t "T"\ncapture:\n  a: any except J takes all\n  b: 10 | Q | K takes rank\n', "t.basra")
    first, second = variant.clauses
    assert pattern_phrase(first.pattern) == "any card but a jack"
    assert pattern_phrase(second.pattern, "pl") == "tens, queens or kings"


def test_card_glyphs_and_colours():
    assert card_html(parse_card("7D")) == '<span class="basra-card basra-red" title="seven of diamonds">7♦</span>'
    assert "basra-black" in card_html(parse_card("TS")) and ">10♠<" in card_html(parse_card("TS"))


# ------------------------------------------------------------------ other generated pages

def test_comparison_links_every_variant_once_per_row():
    text = render_comparison()
    for name in VARIANTS:
        assert f"(rules/{name}.md)" in text
    assert "#rule-" not in text  # a row reads as text: the game's name is its one link
    for row in (line for line in text.splitlines() if line.startswith("| ") and "](rules/" in line):
        assert row.count("](rules/") == 1, row


def test_schemas_are_published_with_their_ids():
    pages = site_pages(cli=main)  # the reference pages: the CLI and the schemas
    text = render_schemas()
    for path in (Path(__file__).resolve().parents[2] / "basra_dsl" / "schemas").glob("*.schema.json"):
        data = json.loads(path.read_text(encoding="utf-8"))
        assert f"schemas/{path.name}" in pages.files
        assert data["$id"] in text


def test_site_pages_cover_every_variant():
    pages = site_pages(cli=main)
    assert {f"rules/{name}.md" for name in VARIANTS} <= set(pages.files)
    assert {"comparison.md", "cli.md", "schemas.md"} <= set(pages.files)
    assert "basra docs build" in pages.files["cli.md"]


def test_docs_show_prints_the_page():
    result = CliRunner().invoke(docs, ["show", "egyptian"])
    assert result.exit_code == 0, result.output
    assert result.output == render_variant("egyptian").markdown


def test_docs_show_reports_an_unknown_variant():
    result = CliRunner().invoke(docs, ["show", "no-such-variant"])
    assert result.exit_code == 1
    assert "B401" in result.output


# ------------------------------------------------------------------ hand-written reference pages

def test_records_page_names_every_schema_field():
    schema = json.loads((Path(__file__).resolve().parents[2] / "basra_dsl" / "schemas" /
                         "record.schema.json").read_text(encoding="utf-8"))
    text = (DOCS / "records.md").read_text(encoding="utf-8")
    fields = set(schema["properties"])
    for definition in schema["$defs"].values():
        fields |= set(definition.get("properties", {}))
        for choice in definition.get("oneOf", []):
            fields |= set(choice.get("properties", {}))
    for name in fields:
        assert f"`{name}`" in text, f"docs/records.md does not describe the field {name}"


def test_language_page_covers_every_keyword_of_the_grammar():
    grammar = grammar_path().read_text(encoding="utf-8")
    text = (DOCS / "language.md").read_text(encoding="utf-8")
    words = set(re.findall(r'"([a-z]+)"', grammar))
    for terminal in re.findall(r"/\(([a-z|]+)\)\\b/", grammar):
        words |= set(terminal.split("|"))
    missing = sorted(w for w in words if not re.search(rf"\b{w}\b", text))
    assert not missing, f"docs/language.md never mentions: {missing}"


def test_not_has_reads_as_holds_no():
    from basra_dsl.rulebook.prose.english import Context, say
    assert say(_guard("not floor has Q | K"), Context({})) == "the floor holds no queens or kings"


# ------------------------------------------------------------------ readable denials and splits (review G, Bastra 4, Ethiopian 1)

def test_a_card_barred_under_an_option_reads_as_an_exception():
    ctx = Context({"seven_sweeps": False})
    text, _ = describe_play(_guard("cleared and played is not J and not (seven_sweeps and played is 7D)"), ctx)
    assert text == ("a card other than a jack clears the floor, but not for the seven of diamonds when the "
                    "table plays with [*seven sweeps*](#option-seven_sweeps)")
    assert say(_guard("not (seven_sweeps and played is 7D)"), ctx) == \
        "the card played is not the seven of diamonds when the table plays with [*seven sweeps*](#option-seven_sweeps)"


def test_not_both_is_said_as_either_part_failing():
    said = say(_guard("not (floor.count == 1 and played is J)"), Context())
    assert said == "either the floor does not hold a single card or the card played is not a jack"
    assert say(_guard("captured.count != 3"), Context()) == "the play does not take exactly 3 cards"


def test_splits_says_the_floor_is_numerals_only():
    text, _ = describe_play(_guard("played is 7D and splits(floor, 1, 10)"), Context(), frozenset({"7D"}))
    assert text == "the seven of diamonds takes a floor of numerals only that split into groups with the same total of 10 or less"
    assert say(_guard("splits(floor, 2, 9)"), Context()) == \
        "the floor holds only numerals that split into 2 or more groups with the same total of 9 or less"


def test_bastra_and_ethiopian_pages_read_their_rules_plainly():
    bastra = render_variant("bastra").markdown
    assert "10 points when a card other than a jack clears the floor. It does not count for the seven of diamonds " \
           "when the table plays with [*seven sweeps*](#option-seven_sweeps)." in bastra
    ethiopian = render_variant("ethiopian").markdown
    assert "— Any card but a jack can take a lone seven of diamonds." in ethiopian
    assert "takes the whole floor, but only when the floor is a lone" not in ethiopian
    assert "takes a floor of numerals only that split into groups" in ethiopian
    for text in (bastra, ethiopian):
        assert "it is not the case" not in text
