"""The handlers of ``basra lsp``: each reads the open document from the workspace and
answers from the checker, the parser, the formatter or the rulebook's sentences.

The server is the authority on findings: it checks the document's text as it stands in the
editor (parents are read beside the file, as ``basra check`` reads them), publishes every
finding, and runs the worked examples when the file is opened or saved. A worked-examples
file (``NAME.examples.yaml``) is checked too: its examples are played on the variant beside
it, as the editor holds it.
"""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import NamedTuple

from lsprotocol import types as lsp
from pygls.lsp.server import LanguageServer
from pygls.uris import from_fs_path, to_fs_path

from .. import __version__, limits
from ..check.checker import Report, check_examples_text, check_text
from ..diagnostics import DiagnosticError, SourceFile, Span
from ..language.formatter import format_text
from ..language.tree_cache import parsed
from . import convert
from .complete import suggestions
from .fixes import Fix, did_you_mean_fix, schema_line_fix
from .hover import hover_text
from .navigate import definition, references

SERVER = LanguageServer("basra-lsp", __version__)
QUIET = 0.25  # seconds without a change before a changed document is checked again
EXAMPLES = ".examples.yaml"
_WAITING: dict[str, asyncio.Future] = {}  # by document: the check a change asked for
_SETTINGS: dict[str, str] = {}  # what the client said at start-up: docsUrl, the rulebook site


def _path(uri: str) -> str:
    return to_fs_path(uri) or uri


def _uri(path: str) -> str:
    return from_fs_path(str(Path(path).resolve())) or path


def _lines(server: LanguageServer, uri: str) -> list[str]:
    return server.workspace.get_text_document(uri).source.split("\n")


def _position(server: LanguageServer, uri: str):
    """Returns ``position(lines, line, character)`` in the client's units for a document."""
    codec = server.workspace.get_text_document(uri).position_codec

    def position(lines: list[str], line: int, character: int) -> lsp.Position:
        line = max(0, min(line, len(lines) - 1)) if lines else 0
        return codec.position_to_client_units(lines, lsp.Position(line, max(0, character)))
    return position


def _variant_text(server: LanguageServer, uri: str) -> str | None:
    """The text of a variant document the server will read, or None: another kind of file,
    or one larger than a variant may be (its B801 finding says so; nothing else is worked
    out for it, so a huge buffer cannot stall the editor)."""
    if not uri.endswith(".basra"):
        return None
    text = server.workspace.get_text_document(uri).source
    return text if len(text.encode("utf-8", errors="replace")) <= limits.VARIANT_BYTES else None


class Asked(NamedTuple):
    """What a request at a position asks about: a document, and a line and column (from 1,
    in characters)."""

    uri: str
    text: str
    line: int
    column: int

    @property
    def where(self) -> tuple[str, str, int, int]:
        """The arguments the answering modules take: text, path, line, column."""
        return self.text, _path(self.uri), self.line, self.column


def _asked(server: LanguageServer, params) -> Asked | None:
    """The request's document and position; None for a document the server does not read."""
    uri = params.text_document.uri
    text = _variant_text(server, uri)
    return None if text is None else Asked(uri, text, *_here(server, uri, params.position))


def _here(server: LanguageServer, uri: str, where: lsp.Position) -> tuple[int, int]:
    """The package's line and column (from 1, in characters) of a protocol position."""
    document = server.workspace.get_text_document(uri)
    at = document.position_codec.position_from_client_units(document.lines, where)
    return at.line + 1, at.character + 1


# ------------------------------------------------------------------ findings

def publish(server: LanguageServer, uri: str, examples: bool) -> None:
    """Checks a document and publishes its findings (a variant's worked examples, when run,
    are published on the examples file)."""
    if uri.endswith(EXAMPLES):
        _publish(server, uri, list(_examples_findings(server, uri)))
    elif uri.endswith(".basra"):
        document = server.workspace.get_text_document(uri)
        found = list(check_text(document.source, Path(_path(uri)), Report(), examples=examples))
        beside = _path(uri).removesuffix(".basra") + EXAMPLES
        _publish(server, uri, [d for d in found if d.span is None or d.span.path != beside])
        if examples and Path(beside).is_file() and _uri(beside) not in server.workspace.text_documents:
            _publish(server, _uri(beside), [d for d in found if d.span is not None and d.span.path == beside],
                     SourceFile.lookup(beside))


def _examples_findings(server: LanguageServer, uri: str):
    variant = _uri(_path(uri).removesuffix(EXAMPLES) + ".basra")
    held = server.workspace.text_documents.get(variant)
    text = server.workspace.get_text_document(uri).source
    return check_examples_text(text, Path(_path(uri)), held.source if held else None)


def _publish(server: LanguageServer, uri: str, found: list, source: SourceFile | None = None) -> None:
    if source is not None:  # a file the editor has not opened: its lines as saved
        lines, path = source.lines, source.path
    else:
        lines, path = _lines(server, uri), _path(uri)
    position = _position(server, uri) if source is None else _utf16_position
    diagnostics = [convert.diagnostic(d, lines, path, position, _SETTINGS.get("docsUrl")) for d in found]
    server.text_document_publish_diagnostics(lsp.PublishDiagnosticsParams(uri=uri, diagnostics=diagnostics))


def _utf16_position(lines: list[str], line: int, character: int) -> lsp.Position:
    """A position in a file the editor has not opened, in the protocol's default units."""
    row = lines[line] if 0 <= line < len(lines) else ""
    return lsp.Position(max(line, 0), len(row[:max(character, 0)].encode("utf-16-le")) // 2)


@SERVER.feature(lsp.INITIALIZE)
def initialize(server: LanguageServer, params: lsp.InitializeParams) -> None:
    """Keeps the client's settings: ``docsUrl``, where the rulebook site lives, for the
    links of diagnostic codes (without it they open a page the server writes)."""
    options = params.initialization_options
    if isinstance(options, dict) and isinstance(options.get("docsUrl"), str) and options["docsUrl"].startswith("http"):
        _SETTINGS["docsUrl"] = options["docsUrl"]


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
    publish(server, uri, examples=uri.endswith(EXAMPLES))


@SERVER.feature(lsp.TEXT_DOCUMENT_DID_SAVE)
def saved(server: LanguageServer, params: lsp.DidSaveTextDocumentParams) -> None:
    publish(server, params.text_document.uri, examples=True)


# ------------------------------------------------------------------ reading the document

@SERVER.feature(lsp.TEXT_DOCUMENT_DOCUMENT_SYMBOL)
def outline(server: LanguageServer, params: lsp.DocumentSymbolParams) -> list[lsp.DocumentSymbol]:
    uri = params.text_document.uri
    text = _variant_text(server, uri)
    if text is None:
        return []
    try:
        variant = parsed(text, _path(uri))
    except DiagnosticError:
        return []  # a file that does not parse has no outline; its findings say why
    return convert.symbols(variant, _position(server, uri), _lines(server, uri))


@SERVER.feature(lsp.TEXT_DOCUMENT_FORMATTING)
def formatting(server: LanguageServer, params: lsp.DocumentFormattingParams) -> list[lsp.TextEdit]:
    """The whole document in ``basra fmt``'s layout; nothing for a file that does not parse."""
    uri = params.text_document.uri
    document = server.workspace.get_text_document(uri)
    if _variant_text(server, uri) is None:
        return []
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
    """What the thing under the cursor means: a clause as the rulebook says it, an option's
    choices, the cards of a pattern, a name's type and meaning."""
    asked = _asked(server, params)
    said = hover_text(*asked.where) if asked else None
    if said is None:
        return None
    return lsp.Hover(contents=lsp.MarkupContent(kind=lsp.MarkupKind.Markdown, value=said))


@SERVER.feature(lsp.TEXT_DOCUMENT_COMPLETION, lsp.CompletionOptions(trigger_characters=[".", " "]))
def completion(server: LanguageServer, params: lsp.CompletionParams) -> lsp.CompletionList:
    asked = _asked(server, params)
    found = suggestions(*asked.where) if asked else []
    return lsp.CompletionList(is_incomplete=False, items=[convert.completion(s, rank) for rank, s in enumerate(found)])


@SERVER.feature(lsp.TEXT_DOCUMENT_DEFINITION)
def go_to_definition(server: LanguageServer, params: lsp.DefinitionParams) -> list[lsp.Location]:
    asked = _asked(server, params)
    spans = definition(*asked.where) if asked else []
    return [_location(server, asked.uri, span) for span in spans]


@SERVER.feature(lsp.TEXT_DOCUMENT_REFERENCES)
def find_references(server: LanguageServer, params: lsp.ReferenceParams) -> list[lsp.Location]:
    asked = _asked(server, params)
    spans = references(*asked.where, params.context.include_declaration) if asked else []
    return [_location(server, asked.uri, span) for span in spans]


def _location(server: LanguageServer, uri: str, span: Span) -> lsp.Location:
    """A span as a location: in this document, or in another file (a parent) as saved."""
    if Path(span.path).resolve() == Path(_path(uri)).resolve():
        lines, position, target = _lines(server, uri), _position(server, uri), uri
    else:
        source = SourceFile.lookup(span.path)
        lines, position, target = (source.lines if source else []), _utf16_position, _uri(span.path)
    return lsp.Location(uri=target, range=convert.first_line(span, lines, position))


@SERVER.feature(lsp.TEXT_DOCUMENT_CODE_ACTION,
                lsp.CodeActionOptions(code_action_kinds=[lsp.CodeActionKind.QuickFix]))
def code_actions(server: LanguageServer, params: lsp.CodeActionParams) -> list[lsp.CodeAction]:
    """A quick fix for each finding that names the word meant, and the schema line for a
    worked-examples file without one."""
    uri = params.text_document.uri
    document = server.workspace.get_text_document(uri)
    lines = document.lines
    actions = []
    for diagnostic in params.context.diagnostics:
        if diagnostic.source != "basra":
            continue
        where = document.position_codec.range_from_client_units(lines, diagnostic.range)
        row = lines[where.start.line].rstrip("\r\n") if where.start.line < len(lines) else ""
        end = where.end.character if where.end.line == where.start.line else len(row)
        fix = did_you_mean_fix(diagnostic.message, row, where.start.line, where.start.character, end)
        if fix is not None:
            actions.append(_action(server, uri, fix, [diagnostic]))
    modeline = schema_line_fix(document.source, _path(uri))
    if modeline is not None:
        actions.append(_action(server, uri, modeline, []))
    return actions


def _action(server: LanguageServer, uri: str, fix: Fix, diagnostics: list[lsp.Diagnostic]) -> lsp.CodeAction:
    lines = _lines(server, uri)
    position = _position(server, uri)
    edit = lsp.TextEdit(range=lsp.Range(position(lines, fix.line, fix.start), position(lines, fix.line, fix.end)),
                        new_text=fix.text)
    return lsp.CodeAction(title=fix.title, kind=lsp.CodeActionKind.QuickFix, diagnostics=diagnostics or None,
                          is_preferred=bool(diagnostics), edit=lsp.WorkspaceEdit(changes={uri: [edit]}))


def main() -> None:
    """Serves the protocol over standard input and output."""
    SERVER.start_io()
