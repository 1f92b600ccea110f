"""`basra lsp` end to end: a client (pytest-lsp) starts the server as an editor would, opens
variant files and asks for findings, the outline and formatting."""

from __future__ import annotations

import pytest
from lsprotocol import types
from pytest_lsp import LanguageClient

from lsp_client import TIDY, open_document

OPTION = 'variant tidy "Tidy"\noption target: 101 | 121 = 101 "what wins"'
MISTAKES = TIDY.replace('variant tidy "Tidy"', OPTION.replace("target", "tagret")).replace("tidy", "house") \
    .replace("cleared", "cleard")
CLEAN = TIDY.replace('variant tidy "Tidy"', OPTION).replace("hand 4", "hand  4").replace("to 101", "to target")


@pytest.mark.asyncio
async def test_findings_arrive_with_their_codes_and_ranges(client: LanguageClient):
    uri = open_document(client, "house.basra", MISTAKES)
    await client.wait_for_notification(types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)
    found = {d.code: d for d in client.diagnostics[uri]}
    unknown = found["B201"]  # 'cleard' is no name the rule can read
    assert unknown.range.start == types.Position(line=10, character=17)
    assert unknown.range.end == types.Position(line=10, character=23)
    assert "cleared" in unknown.message and unknown.source == "basra"
    assert unknown.severity == types.DiagnosticSeverity.Error


@pytest.mark.asyncio
async def test_a_change_is_checked_again(client: LanguageClient):
    uri = open_document(client, "house.basra", MISTAKES)
    await client.wait_for_notification(types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)
    client.text_document_did_change(types.DidChangeTextDocumentParams(
        text_document=types.VersionedTextDocumentIdentifier(uri=uri, version=2),
        content_changes=[types.TextDocumentContentChangeWholeDocument(text=CLEAN.replace("tidy", "house"))]))
    await client.wait_for_notification(types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)
    assert [d for d in client.diagnostics[uri] if d.severity == types.DiagnosticSeverity.Error] == []


@pytest.mark.asyncio
async def test_the_outline_lists_options_sections_and_rules(client: LanguageClient):
    uri = open_document(client, "tidy.basra", CLEAN)
    symbols = await client.text_document_document_symbol_async(
        types.DocumentSymbolParams(text_document=types.TextDocumentIdentifier(uri=uri)))
    names = [s.name for s in symbols]
    assert names[:2] == ["tidy", "target"] and {"setup", "capture", "basra", "game"} <= set(names)
    capture = next(s for s in symbols if s.name == "capture")
    assert [c.name for c in capture.children] == ["pair"]
    assert capture.children[0].range.start.line == 8


@pytest.mark.asyncio
async def test_formatting_gives_the_fmt_layout(client: LanguageClient):
    uri = open_document(client, "tidy.basra", CLEAN)
    edits = await client.text_document_formatting_async(types.DocumentFormattingParams(
        text_document=types.TextDocumentIdentifier(uri=uri),
        options=types.FormattingOptions(tab_size=2, insert_spaces=True)))
    assert len(edits) == 1 and "  hand 4\n" in edits[0].new_text and "hand  4" not in edits[0].new_text
    assert edits[0].range.start == types.Position(line=0, character=0)


@pytest.mark.asyncio
async def test_changes_made_in_a_burst_are_checked_once_typing_pauses(client: LanguageClient):
    uri = open_document(client, "house.basra", CLEAN.replace("tidy", "house"))
    await client.wait_for_notification(types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)
    for version, text in enumerate([MISTAKES, MISTAKES.replace("cleard", "clea"), CLEAN.replace("tidy", "house")], 2):
        client.text_document_did_change(types.DidChangeTextDocumentParams(
            text_document=types.VersionedTextDocumentIdentifier(uri=uri, version=version),
            content_changes=[types.TextDocumentContentChangeWholeDocument(text=text)]))
    await client.wait_for_notification(types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)
    assert [d for d in client.diagnostics[uri] if d.severity == types.DiagnosticSeverity.Error] == []


async def hover_at(client: LanguageClient, uri: str, line: int) -> str | None:
    found = await client.text_document_hover_async(types.HoverParams(
        text_document=types.TextDocumentIdentifier(uri=uri), position=types.Position(line=line, character=4)))
    return None if found is None else found.contents.value


@pytest.mark.asyncio
async def test_hover_says_a_rule_as_the_rulebook_does_and_an_options_choices(client: LanguageClient):
    uri = open_document(client, "tidy.basra", CLEAN)
    assert "takes" in await hover_at(client, uri, 8) and "**Pairing**" in await hover_at(client, uri, 8)
    option = await hover_at(client, uri, 1)
    assert option.startswith("**option target**: 101 | 121 (default 101)") and "what wins" in option
    assert await hover_at(client, uri, 2) is None  # the 'setup:' line holds no clause


@pytest.mark.asyncio
async def test_hover_on_a_childs_rule_names_the_parent_it_replaces(client: LanguageClient):
    child = 'variant mine "Mine" extends egyptian\nbasra:\n  clear: 20 when cleared and played is not J | 7D\n'
    uri = open_document(client, "mine.basra", child)
    said = await hover_at(client, uri, 2)
    assert "20 points" in said and "Replaces the rule of Egyptian Basra" in said


@pytest.mark.asyncio
async def test_a_document_too_large_is_refused_and_nothing_else_is_worked_out(client: LanguageClient):
    huge = TIDY + ("# " + "x" * 1000 + "\n") * 300  # 300 kB: more than a variant may be
    uri = open_document(client, "tidy.basra", huge)
    await client.wait_for_notification(types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)
    assert [d.code for d in client.diagnostics[uri]] == ["B801"]
    position = types.Position(line=9, character=20)
    document = types.TextDocumentIdentifier(uri=uri)
    assert await client.text_document_hover_async(types.HoverParams(text_document=document, position=position)) is None
    listed = await client.text_document_completion_async(types.CompletionParams(text_document=document, position=position))
    assert not listed.items
    assert not await client.text_document_document_symbol_async(types.DocumentSymbolParams(text_document=document))


@pytest.mark.asyncio
async def test_stray_bytes_and_a_broken_line_are_findings_not_failures(client: LanguageClient):
    text = TIDY.replace("pair: any takes rank", "pair: any takes \x00\ufffd((") + "\u202e@@\n"
    uri = open_document(client, "tidy.basra", text)
    await client.wait_for_notification(types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)
    assert client.diagnostics[uri] and all(d.code.startswith("B") for d in client.diagnostics[uri])
    document = types.TextDocumentIdentifier(uri=uri)
    for line in range(len(text.split("\n"))):  # every request on every line gets an answer, never an error
        position = types.Position(line=line, character=3)
        await client.text_document_hover_async(types.HoverParams(text_document=document, position=position))
        await client.text_document_completion_async(types.CompletionParams(text_document=document, position=position))
        await client.text_document_definition_async(types.DefinitionParams(text_document=document, position=position))
