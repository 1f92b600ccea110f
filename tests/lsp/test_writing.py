"""`basra lsp` helps write: completion (sections, the clauses of a section, option choices,
the names a rule may read, a parent's rules, card patterns, attributes, parents) and quick
fixes that apply a finding's "did you mean"."""

from __future__ import annotations

import pytest
from lsp_client import TIDY, at, open_document
from lsprotocol import types
from pytest_lsp import LanguageClient

CHILD = """variant mine "Mine" extends egyptian
option big: yes | no = no "a bigger clear"

capture:
  drop¶
  ¶

basra:
  clear: 20 when big and¶
  jack: 5 when played is¶
  ten: 5 when floor.
  two: 5 when big ==¶
""".replace("¶", " ")  # the cursor stands after the space


async def complete(client: LanguageClient, uri: str, line: int, character: int | None = None) -> dict:
    character = len(CHILD.split("\n")[line]) if character is None else character
    found = await client.text_document_completion_async(types.CompletionParams(**at(uri, line, character)))
    items = found.items if isinstance(found, types.CompletionList) else found
    return {item.label: item for item in items}


@pytest.mark.asyncio
async def test_a_line_at_the_margin_offers_the_sections(client: LanguageClient):
    uri = open_document(client, "mine.basra", CHILD)
    found = await complete(client, uri, 3, 0)
    assert {"setup", "capture", "basra", "score", "game", "option"} <= set(found)
    assert found["setup"].insert_text == "setup:" and found["setup"].kind == types.CompletionItemKind.Module


@pytest.mark.asyncio
async def test_a_new_line_in_a_section_offers_its_clauses_and_the_parents_rules(client: LanguageClient):
    uri = open_document(client, "mine.basra", CHILD)
    found = await complete(client, uri, 5)
    assert {"compulsory", "optional", "choose", "drop"} <= set(found)
    assert "deck" not in found and "setup" not in found  # a setup clause; a section word at the margin only
    assert found["sum"].kind == types.CompletionItemKind.Function  # egyptian's rule, restated to replace it
    assert "takes sums" in found["sum"].documentation.value


@pytest.mark.asyncio
async def test_drop_offers_the_parents_clauses_of_the_section(client: LanguageClient):
    uri = open_document(client, "mine.basra", CHILD)
    found = await complete(client, uri, 4)
    assert {"pair", "sum", "compulsion"} <= set(found) and "clear" not in found  # clear is a basra rule


@pytest.mark.asyncio
async def test_a_condition_offers_the_names_of_its_scope(client: LanguageClient):
    uri = open_document(client, "mine.basra", CHILD)
    found = await complete(client, uri, 8)
    assert {"played", "floor", "captured", "cleared", "big", "players", "not"} <= set(found)
    assert found["captured"].detail == "cards" and found["big"].kind == types.CompletionItemKind.Constant
    written = "  pair: any takes rank when "
    capture = await complete(client, open_document(client, "cap.basra", CHILD.replace("  drop ", written)), 4, len(written))
    assert "played" in capture and "captured" not in capture  # a capture rule knows the play before it happens


@pytest.mark.asyncio
async def test_a_test_offers_card_patterns(client: LanguageClient):
    uri = open_document(client, "mine.basra", CHILD)
    found = await complete(client, uri, 9)
    assert {"any", "numeral", "picture", "hearts", "J", "10", "7D", "10D"} <= set(found)
    assert found["7D"].detail == "7♦" and found["numeral"].detail == "40 cards"


@pytest.mark.asyncio
async def test_a_dot_offers_the_attributes_of_the_names_type(client: LanguageClient):
    uri = open_document(client, "mine.basra", CHILD)
    found = await complete(client, uri, 10)
    assert {"count", "sum", "empty", "lone", "top", "ranks", "count(", "run("} <= set(found)
    assert "value" not in found  # an attribute of a card, and floor is cards


@pytest.mark.asyncio
async def test_an_option_compared_offers_its_choices_first(client: LanguageClient):
    uri = open_document(client, "mine.basra", CHILD)
    found = await complete(client, uri, 11)
    first = sorted(found.values(), key=lambda item: item.sort_text)[:2]
    assert {item.label for item in first} == {"yes", "no"} and first[0].kind == types.CompletionItemKind.EnumMember


@pytest.mark.asyncio
async def test_extends_offers_the_bundled_variants(client: LanguageClient):
    text = 'variant mine "Mine" extends \n'
    uri = open_document(client, "mine.basra", text)
    found = await complete(client, uri, 0, len(text) - 1)
    assert {"egyptian", "scopa", "casino"} <= set(found)


MISSPELLED = TIDY.replace("tidy", "house").replace("cleared", "cleard")


@pytest.mark.asyncio
async def test_a_did_you_mean_is_a_quick_fix(client: LanguageClient):
    uri = open_document(client, "house.basra", MISSPELLED)
    await client.wait_for_notification(types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)
    [finding] = [d for d in client.diagnostics[uri] if d.code == "B201"]
    actions = await client.text_document_code_action_async(types.CodeActionParams(
        text_document=types.TextDocumentIdentifier(uri=uri), range=finding.range,
        context=types.CodeActionContext(diagnostics=[finding])))
    [action] = actions
    assert action.title == "Write 'cleared'" and action.is_preferred and list(action.diagnostics) == [finding]
    [edit] = action.edit.changes[uri]
    assert edit.new_text == "cleared" and edit.range == finding.range


@pytest.mark.asyncio
async def test_a_misspelled_section_is_fixed_in_place(client: LanguageClient):
    uri = open_document(client, "house.basra", MISSPELLED.replace("basra:", "basar:"))
    await client.wait_for_notification(types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)
    [finding] = [d for d in client.diagnostics[uri] if d.code == "B102"]
    actions = await client.text_document_code_action_async(types.CodeActionParams(
        text_document=types.TextDocumentIdentifier(uri=uri), range=finding.range,
        context=types.CodeActionContext(diagnostics=[finding])))
    [edit] = actions[0].edit.changes[uri]
    assert edit.new_text == "basra" and edit.range == types.Range(types.Position(8, 0), types.Position(8, 5))


@pytest.mark.asyncio
async def test_a_card_written_another_way_is_fixed_as_the_help_says(client: LanguageClient):
    uri = open_document(client, "house.basra", MISSPELLED.replace("deck 52", "deck 52 without 1D"))
    await client.wait_for_notification(types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)
    [finding] = [d for d in client.diagnostics[uri] if d.code == "B204"]
    assert finding.message.endswith("help: write AD")
    actions = await client.text_document_code_action_async(types.CodeActionParams(
        text_document=types.TextDocumentIdentifier(uri=uri), range=finding.range,
        context=types.CodeActionContext(diagnostics=[finding])))
    [edit] = actions[0].edit.changes[uri]
    assert actions[0].title == "Write 'AD'" and edit.new_text == "AD"
    assert edit.range == types.Range(types.Position(2, 18), types.Position(2, 20))
