"""The handlers of ``basra lsp``: each reads the open document from the workspace and
answers from the checker, the parser or the formatter.

The server is the authority on findings: it checks the document's text as it stands in the
editor (parents are read beside the file, as ``basra check`` reads them), publishes every
finding, and runs the worked examples when the file is opened or saved.
"""

from __future__ import annotations

import asyncio
from pathlib import Path

from lsprotocol import types as lsp
from pygls.lsp.server import LanguageServer
from pygls.uris import to_fs_path

from .. import __version__
from ..check.checker import Report, check_text
from ..diagnostics import DiagnosticError
from ..language.formatter import format_text
from ..language.tree_cache import parsed
from . import convert
from .hover import hover_text

SERVER = LanguageServer("basra-lsp", __version__)
QUIET = 0.25  # seconds without a change before a changed document is checked again
_WAITING: dict[str, asyncio.Future] = {}  # by document: the check a change asked for


def _path(uri: str) -> str:
    return to_fs_path(uri) or uri


def _position(server: LanguageServer, uri: str):
    """Returns ``position(lines, line, character)`` in the client's units for a document."""
    codec = server.workspace.get_text_document(uri).position_codec

    def position(lines: list[str], line: int, character: int) -> lsp.Position:
        line = max(0, min(line, len(lines) - 1)) if lines else 0
        return codec.position_to_client_units(lines, lsp.Position(line, max(0, character)))
    return position


def findings(server: LanguageServer, uri: str, examples: bool) -> list[lsp.Diagnostic]:
    """Returns the document's findings as ``basra check`` finds them (worked examples on
    request: they run on open and save, not on every keystroke)."""
    document = server.workspace.get_text_document(uri)
    path = _path(uri)
    lines = document.source.split("\n")
    found = check_text(document.source, Path(path), Report(), examples=examples)
    position = _position(server, uri)
    return [convert.diagnostic(d, lines, path, position) for d in found]


def publish(server: LanguageServer, uri: str, examples: bool) -> None:
    if not uri.endswith(".basra"):
        return
    diagnostics = findings(server, uri, examples)
    server.text_document_publish_diagnostics(lsp.PublishDiagnosticsParams(uri=uri, diagnostics=diagnostics))


@SERVER.feature(lsp.TEXT_DOCUMENT_DID_OPEN)
def opened(server: LanguageServer, params: lsp.DidOpenTextDocumentParams) -> None:
    publish(server, params.text_document.uri, examples=True)


@SERVER.feature(lsp.TEXT_DOCUMENT_DID_CHANGE)
async def changed(server: LanguageServer, params: lsp.DidChangeTextDocumentParams) -> None:
    """Checks the document once typing pauses: a change within ``QUIET`` seconds of the
    last one replaces the check the last one asked for."""
    uri = params.text_document.uri
    waiting = _WAITING.pop(uri, None)
    if waiting is not None:
        waiting.cancel()
    _WAITING[uri] = asyncio.ensure_future(_after_quiet(server, uri))


async def _after_quiet(server: LanguageServer, uri: str) -> None:
    await asyncio.sleep(QUIET)
    _WAITING.pop(uri, None)
    publish(server, uri, examples=False)


@SERVER.feature(lsp.TEXT_DOCUMENT_DID_SAVE)
def saved(server: LanguageServer, params: lsp.DidSaveTextDocumentParams) -> None:
    publish(server, params.text_document.uri, examples=True)


@SERVER.feature(lsp.TEXT_DOCUMENT_DOCUMENT_SYMBOL)
def outline(server: LanguageServer, params: lsp.DocumentSymbolParams) -> list[lsp.DocumentSymbol]:
    uri = params.text_document.uri
    document = server.workspace.get_text_document(uri)
    try:
        variant = parsed(document.source, _path(uri))
    except DiagnosticError:
        return []  # a file that does not parse has no outline; its findings say why
    return convert.symbols(variant, _position(server, uri), document.source.split("\n"))


@SERVER.feature(lsp.TEXT_DOCUMENT_FORMATTING)
def formatting(server: LanguageServer, params: lsp.DocumentFormattingParams) -> list[lsp.TextEdit]:
    """The whole document in ``basra fmt``'s layout; nothing for a file that does not parse."""
    uri = params.text_document.uri
    document = server.workspace.get_text_document(uri)
    try:
        formatted = format_text(document.source, _path(uri))
    except DiagnosticError:
        return []
    if formatted == document.source:
        return []
    lines = document.source.split("\n")
    end = _position(server, uri)(lines, len(lines) - 1, len(lines[-1]))
    return [lsp.TextEdit(range=lsp.Range(lsp.Position(0, 0), end), new_text=formatted)]


@SERVER.feature(lsp.TEXT_DOCUMENT_HOVER)
def hover(server: LanguageServer, params: lsp.HoverParams) -> lsp.Hover | None:
    """A clause as the rulebook says it, or an option's choices, for the line under the cursor."""
    uri = params.text_document.uri
    said = hover_text(server.workspace.get_text_document(uri).source, _path(uri), params.position.line + 1)
    if said is None:
        return None
    return lsp.Hover(contents=lsp.MarkupContent(kind=lsp.MarkupKind.Markdown, value=said))


def main() -> None:
    """Serves the protocol over standard input and output."""
    SERVER.start_io()
