"""`basra lsp` answers about what is written: hover on a pattern, a name, an attribute or a
drop; go to definition (the parent file, an option's line, the parent's clause); find the
references of an option."""

from __future__ import annotations

from pathlib import Path

import pytest
from lsp_client import at, open_document
from lsprotocol import types
from pytest_lsp import LanguageClient

from basra_dsl.resources import bundled_variants

CHILD = """variant mine "Mine" extends egyptian
option big: yes | no = no "a bigger clear"

capture:
  drop pair
  sum: numeral takes sums when floor.count(J) < 2 and played is not 7D

basra:
  clear: 20 when big and cleared and played is not J | 7D
  jack: 5 when played is J and floor.lone is J and big
"""


async def hover(client: LanguageClient, uri: str, line: int, character: int) -> str | None:
    found = await client.text_document_hover_async(types.HoverParams(**at(uri, line, character)))
    return None if found is None else found.contents.value


@pytest.mark.asyncio
async def test_hover_on_a_pattern_names_its_cards(client: LanguageClient):
    uri = open_document(client, "mine.basra", CHILD)
    said = await hover(client, uri, 5, CHILD.split("\n")[5].index("7D"))
    assert said.startswith("**7D**") and "the seven of diamonds" in said and "7♦" in said
    jacks = await hover(client, uri, 8, CHILD.split("\n")[8].index("J |"))
    assert "J♣ J♦ J♥ J♠" in jacks
    numerals = await hover(client, uri, 5, CHILD.split("\n")[5].index("numeral") + 2)
    assert "40 cards of this deck" in numerals  # ace to ten in four suits: no pictures


@pytest.mark.asyncio
async def test_hover_on_a_name_gives_its_type_and_meaning(client: LanguageClient):
    uri = open_document(client, "mine.basra", CHILD)
    row = CHILD.split("\n")[8]
    assert await hover(client, uri, 8, row.index("cleared") + 1) == \
        "**cleared**: yes/no — nothing left, something taken"
    big = await hover(client, uri, 8, row.index("big") + 1)
    assert big.startswith("**big**: yes/no — the option's choice: yes | no (default no)") and "a bigger clear" in big
    lone = await hover(client, uri, 9, CHILD.split("\n")[9].index("lone") + 1)
    assert lone.startswith("**.lone** (of cards): card") and "exactly one" in lone


@pytest.mark.asyncio
async def test_hover_on_a_drop_names_the_parents_rule(client: LanguageClient):
    uri = open_document(client, "mine.basra", CHILD)
    assert await hover(client, uri, 4, 4) == "**drop** — this variant leaves out the rule 'pair' of Egyptian Basra."


async def definition(client: LanguageClient, uri: str, line: int, character: int) -> list[types.Location]:
    found = await client.text_document_definition_async(types.DefinitionParams(**at(uri, line, character)))
    return found if isinstance(found, list) else [found]


@pytest.mark.asyncio
async def test_extends_leads_to_the_bundled_parent(client: LanguageClient):
    uri = open_document(client, "mine.basra", CHILD)
    [found] = await definition(client, uri, 0, CHILD.index("egyptian") + 2)
    assert Path(found.uri.removeprefix("file://")).resolve() == bundled_variants()["egyptian"].resolve()
    assert found.range.start == types.Position(0, 0)


@pytest.mark.asyncio
async def test_an_option_use_leads_to_its_option_line(client: LanguageClient):
    uri = open_document(client, "mine.basra", CHILD)
    [found] = await definition(client, uri, 9, CHILD.split("\n")[9].index("big") + 1)
    assert found.uri == uri
    assert found.range == types.Range(types.Position(1, 7), types.Position(1, 10))


@pytest.mark.asyncio
async def test_an_overriding_clause_leads_to_the_parents_clause(client: LanguageClient):
    uri = open_document(client, "mine.basra", CHILD)
    parent = bundled_variants()["egyptian"]
    rows = parent.read_text(encoding="utf-8").split("\n")
    for line, name in ((8, "clear:"), (4, "pair:"), (5, "sum")):
        [found] = await definition(client, uri, line, 3)
        assert Path(found.uri.removeprefix("file://")).resolve() == parent.resolve()
        assert rows[found.range.start.line].strip().startswith(name)
        assert found.range.start.line == found.range.end.line  # the clause's own line, not its comments


@pytest.mark.asyncio
async def test_references_of_an_option_list_its_uses(client: LanguageClient):
    uri = open_document(client, "mine.basra", CHILD)
    found = await client.text_document_references_async(types.ReferenceParams(
        **at(uri, 1, 8), context=types.ReferenceContext(include_declaration=True)))
    assert [(r.range.start.line, r.range.start.character) for r in found] == \
        [(1, 7), (8, CHILD.split("\n")[8].index("big")), (9, CHILD.split("\n")[9].index("big"))]
    uses = await client.text_document_references_async(types.ReferenceParams(
        **at(uri, 9, CHILD.split("\n")[9].index("big")), context=types.ReferenceContext(include_declaration=False)))
    assert len(uses) == 2


@pytest.mark.asyncio
async def test_hover_still_reads_a_file_with_an_unknown_name(client: LanguageClient):
    text = CHILD.replace("big and cleared", "big and cleard")  # what a file looks like mid-word
    uri = open_document(client, "mine.basra", text)
    row = text.split("\n")[8]
    assert (await hover(client, uri, 8, row.index("7D"))).startswith("**7D**")
    assert (await hover(client, uri, 8, row.index("big") + 1)).startswith("**big**: yes/no")
    assert await hover(client, uri, 8, row.index("cleard") + 1) is None  # no such name: nothing to say


@pytest.mark.asyncio
async def test_references_reach_the_parents_rules_that_read_the_option(client: LanguageClient):
    text = 'variant mine "Mine" extends egyptian\nbasra:\n  big: 50 when jack_on_jack and cleared and played is J\n'
    uri = open_document(client, "mine.basra", text)
    found = await client.text_document_references_async(types.ReferenceParams(
        **at(uri, 2, text.split("\n")[2].index("jack_on_jack") + 1), context=types.ReferenceContext(include_declaration=True)))
    parent = bundled_variants()["egyptian"].resolve()
    rows = parent.read_text(encoding="utf-8").split("\n")
    elsewhere = [r for r in found if r.uri != uri]
    assert elsewhere and all(Path(r.uri.removeprefix("file://")).resolve() == parent for r in elsewhere)
    assert rows[elsewhere[0].range.start.line].startswith("option jack_on_jack")  # the declaration first
    assert any("jack_on_jack" in rows[r.range.start.line] and "when" in rows[r.range.start.line] for r in elsewhere)
    assert [r.range.start.line for r in found if r.uri == uri] == [2]
