"""Positions as the protocol counts them: a line ends at "\\n", "\\r\\n" or a lone "\\r" (never at
a form feed or U+2028), whatever the checker's own lines are; and a position past the end
of a line or of the document, or in a document the editor has not opened, gets an answer,
never an error."""

from __future__ import annotations

import asyncio

import pytest
from lsp_client import FOLDER, TIDY, at, open_document
from lsp_wire import Wire
from lsprotocol import types
from pytest_lsp import LanguageClient

from basra_dsl.lsp.complete import suggestions
from basra_dsl.lsp.hover import hover_text
from basra_dsl.lsp.navigate import definition, references

MISSPELT = TIDY.replace("cleared", "cleard")


def protocol_lines(text: str) -> list[str]:
    return text.replace("\r\n", "\n").replace("\r", "\n").split("\n")


async def findings(client: LanguageClient, uri: str) -> list[types.Diagnostic]:
    """The findings published on a document (a server that publishes none fails the test)."""
    while uri not in client.diagnostics:
        await asyncio.wait_for(client.wait_for_notification(types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS), 20)
    return client.diagnostics[uri]


async def hover(client: LanguageClient, uri: str, line: int, character: int) -> str | None:
    found = await client.text_document_hover_async(types.HoverParams(**at(uri, line, character)))
    return None if found is None else found.contents.value


@pytest.mark.asyncio
async def test_completion_in_a_document_with_lone_carriage_returns_answers_on_every_line(client: LanguageClient):
    text = TIDY.replace("\n", "\r")
    uri = open_document(client, "tidy.basra", text)
    for line, row in enumerate(protocol_lines(text)):
        for character in (0, 2, len(row)):
            await client.text_document_completion_async(types.CompletionParams(**at(uri, line, character)))


@pytest.mark.asyncio
async def test_a_finding_in_a_document_with_lone_carriage_returns_stands_where_the_editor_shows_it(
        client: LanguageClient):
    uri = open_document(client, "tidy.basra", TIDY.replace("\n", "\r"))
    # the checker, like `basra check`, reads one line: 'setup:' on the variant line (B122)
    found = (await findings(client, uri))[0]
    assert found.code == "B122" and found.range.start == types.Position(line=1, character=0)


@pytest.mark.asyncio
async def test_a_lone_carriage_return_in_a_comment_starts_a_line_for_the_editor(client: LanguageClient):
    text = MISSPELT.replace("players 2", "players 2  # two\rplayers, by default")
    uri = open_document(client, "tidy.basra", text)
    rows = protocol_lines(text)
    line = next(i for i, row in enumerate(rows) if "cleard" in row)
    found = next(d for d in await findings(client, uri) if d.code == "B201")
    assert found.range.start == types.Position(line=line, character=rows[line].index("cleard"))
    pair = next(i for i, row in enumerate(rows) if "pair:" in row)
    plain = open_document(client, "plain.basra", MISSPELT)
    said = await hover(client, plain, pair - 1, 9)  # 'any', on the line above in the plain file
    assert said.startswith("**any**") and await hover(client, uri, pair, 9) == said


@pytest.mark.asyncio
@pytest.mark.parametrize("breaker", ["\u2028", "\x0c", "\x0b", "\x85"])
async def test_characters_python_breaks_lines_at_do_not_end_a_line(client: LanguageClient, breaker: str):
    text = MISSPELT.replace("players 2", f"players 2  # two{breaker}or more")
    uri = open_document(client, "tidy.basra", text)
    found = next(d for d in await findings(client, uri) if d.code == "B201")
    assert found.range.start == types.Position(line=9, character=17)
    plain = open_document(client, "plain.basra", MISSPELT)
    for character in (4, 9, 18):  # the clause, 'any', 'rank'
        assert await hover(client, uri, 7, character) == await hover(client, plain, 7, character)


def test_the_editor_sends_whole_documents():
    """An edit is never placed by the server's own count of lines (pygls's would break at
    U+2028 and a form feed), so the server's copy cannot drift from the editor's."""
    wire = Wire()
    try:
        assert wire.initialize()["textDocumentSync"]["change"] == types.TextDocumentSyncKind.Full
    finally:
        wire.close()


ENDINGS = {"LF": TIDY, "CRLF": TIDY.replace("\n", "\r\n"), "CR": TIDY.replace("\n", "\r")}


@pytest.mark.asyncio
@pytest.mark.parametrize("ending", ENDINGS)
async def test_positions_past_the_end_are_answered_not_errors(client: LanguageClient, ending: str):
    text = ENDINGS[ending]
    uri = open_document(client, "tidy.basra", text)
    last = len(protocol_lines(text)) - 1
    document = types.TextDocumentIdentifier(uri=uri)
    for line, character in [(999, 0), (0, 9999), (last, 9999), (7, 2**31 - 1), (2**31 - 1, 2**31 - 1)]:
        where = at(uri, line, character)
        await client.text_document_hover_async(types.HoverParams(**where))
        await client.text_document_completion_async(types.CompletionParams(**where))
        await client.text_document_definition_async(types.DefinitionParams(**where))
        await client.text_document_references_async(types.ReferenceParams(
            **where, context=types.ReferenceContext(include_declaration=True)))
        far = types.Range(start=types.Position(line, character), end=types.Position(line, character))
        stale = types.Diagnostic(range=far, message="unknown name 'x'\nhelp: did you mean 'y'?", source="basra")
        await client.text_document_code_action_async(types.CodeActionParams(
            text_document=document, range=far, context=types.CodeActionContext(diagnostics=[stale])))


@pytest.mark.asyncio
async def test_a_document_the_editor_has_not_opened_gets_empty_answers(client: LanguageClient):
    uri = (FOLDER / "nowhere" / "absent.basra").as_uri()
    document = types.TextDocumentIdentifier(uri=uri)
    assert await client.text_document_hover_async(types.HoverParams(**at(uri, 0, 0))) is None
    listed = await client.text_document_completion_async(types.CompletionParams(**at(uri, 0, 0)))
    assert not listed.items
    assert not await client.text_document_definition_async(types.DefinitionParams(**at(uri, 0, 0)))
    assert not await client.text_document_document_symbol_async(types.DocumentSymbolParams(text_document=document))
    assert not await client.text_document_formatting_async(types.DocumentFormattingParams(
        text_document=document, options=types.FormattingOptions(tab_size=2, insert_spaces=True)))
    assert not await client.text_document_code_action_async(types.CodeActionParams(
        text_document=document, range=types.Range(types.Position(0, 0), types.Position(0, 0)),
        context=types.CodeActionContext(diagnostics=[])))


@pytest.mark.parametrize("text", [TIDY, TIDY.replace("\n", "\r"), ""])
@pytest.mark.parametrize("line, column", [(999, 1), (13, 1), (1, 9999), (0, 0), (-5, -5)])
def test_the_answering_modules_take_any_line_and_column(text: str, line: int, column: int):
    for answer in (suggestions, hover_text, definition, references):
        answer(text, str(FOLDER / "tidy.basra"), line, column)  # an answer or none, never an error
