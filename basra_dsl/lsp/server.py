"""The handlers of ``basra lsp``: each reads the open document from the workspace and
answers from the checker, the parser, the formatter or the rulebook's sentences.

The server is the authority on findings: it checks the document's text as it stands in the
editor (parents are read beside the file, as ``basra check`` reads them), publishes every
finding, and runs the worked examples when the file is opened or saved. A worked-examples
file (``NAME.examples.yaml``) is checked too: its examples are played on the variant beside
it, as the editor holds it.

Only documents the editor has open are read (a request about another gets an empty
answer), and every position goes through ``Lines``: the protocol's lines (ending at "\n",
"\r\n" or a lone "\r") turned into the package's and back. ``wire.Server`` reads the
frames and answers a client's mistakes.
"""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import NamedTuple
from urllib.parse import unquote

from lsprotocol import types as lsp
from pygls.lsp.server import LanguageServer
from pygls.uris import from_fs_path, to_fs_path
from pygls.workspace import TextDocument

from .. import __version__, limits
from ..check.checker import Report, check_examples_text, check_text
from ..diagnostics import DiagnosticError, SourceFile, Span
from ..language.formatter import format_text
from ..language.tree_cache import parsed
from . import convert
from .complete import suggestions
from .fixes import Fix, did_you_mean_fix, line_fix, schema_line_fix
from .hover import hover_text
from .lines import Lines
from .navigate import definition, references
from .wire import Server

SERVER = Server("basra-lsp", __version__)
QUIET = 0.25  # seconds without a change before a changed document is checked again
EXAMPLES = ".examples.yaml"
_WAITING: dict[str, asyncio.Future] = {}  # by document: the check a change asked for
_SETTINGS: dict[str, str] = {}  # what the client said at start-up: docsUrl, the rulebook site


def _path(uri: str) -> str:
    return to_fs_path(uri) or uri


def _uri(path: str) -> str:
    return from_fs_path(str(Path(path).resolve())) or path


def _document(server: LanguageServer, uri: str) -> TextDocument | None:
    """A document the editor has open, or None: the server reads no other from the editor,
    and answers a request about one with nothing (pygls would read the file from disk)."""
    return server.workspace.text_documents.get(unquote(uri))


def _lines(server: LanguageServer, text: str) -> Lines:
    """A text's lines, counted as the protocol counts them, in the client's units."""
    return Lines(text, server.workspace.position_codec.client_num_units)


def _variant_text(server: LanguageServer, uri: str) -> str | None:
    """The text of a variant document the server will read, or None: another kind of file,
    one not open, or one larger than a variant may be (its B801 finding says so; nothing
    else is worked out for it, so a huge buffer cannot stall the editor)."""
    document = _document(server, uri) if uri.endswith(".basra") else None
    if document is None:
        return None
    text = document.source
    return text if len(text.encode("utf-8", errors="replace")) <= limits.VARIANT_BYTES else None


class Asked(NamedTuple):
    """What a request at a position asks about: a document, and a line and column (from 1,
    in characters, as the package counts them)."""

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
    return None if text is None else Asked(uri, text, *_lines(server, text).package(params.position))


# ------------------------------------------------------------------ findings

def publish(server: LanguageServer, uri: str, examples: bool) -> None:
    """Checks an open document and publishes its findings (a variant's worked examples,
    when run, are published on the examples file)."""
    document = _document(server, uri)
    if document is None:
        return  # closed before its check came round
    text = document.source
    if uri.endswith(EXAMPLES):
        _publish(server, uri, text, list(_examples_findings(server, uri, text)))
    elif uri.endswith(".basra"):
        found = list(check_text(text, Path(_path(uri)), Report(), examples=examples))
        beside = _path(uri).removesuffix(".basra") + EXAMPLES
        _publish(server, uri, text, [d for d in found if d.span is None or d.span.path != beside])
        if examples and Path(beside).is_file() and _document(server, _uri(beside)) is None:
            _publish_saved(server, beside, [d for d in found if d.span is not None and d.span.path == beside])


def _publish_saved(server: LanguageServer, path: str, found: list) -> None:
    """Publishes findings on a file the editor has not opened, placed on its text as saved
    (none when too large to read: its one finding, B801, stands at its start)."""
    saved = SourceFile.lookup(path)
    _publish(server, _uri(path), saved.text if saved else "", found, path)


def _examples_findings(server: LanguageServer, uri: str, text: str):
    held = _document(server, _uri(_path(uri).removesuffix(EXAMPLES) + ".basra"))
    return check_examples_text(text, Path(_path(uri)), held.source if held else None)


def _publish(server: LanguageServer, uri: str, text: str, found: list, path: str | None = None) -> None:
    lines, site = _lines(server, text), _SETTINGS.get("docsUrl")
    diagnostics = [convert.diagnostic(d, lines, path or _path(uri), site) for d in found]
    server.text_document_publish_diagnostics(lsp.PublishDiagnosticsParams(uri=uri, diagnostics=diagnostics))


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
    return convert.symbols(variant, _lines(server, text))


@SERVER.feature(lsp.TEXT_DOCUMENT_FORMATTING)
def formatting(server: LanguageServer, params: lsp.DocumentFormattingParams) -> list[lsp.TextEdit]:
    """The whole document in ``basra fmt``'s layout; nothing for a file that does not parse."""
    uri = params.text_document.uri
    text = _variant_text(server, uri)
    if text is None:
        return []
    try:
        formatted = format_text(text, _path(uri))
    except DiagnosticError:
        return []
    if formatted == text:
        return []
    return [lsp.TextEdit(range=lsp.Range(lsp.Position(0, 0), _lines(server, text).end()), new_text=formatted)]


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
    return [_location(server, asked, span) for span in spans]


@SERVER.feature(lsp.TEXT_DOCUMENT_REFERENCES)
def find_references(server: LanguageServer, params: lsp.ReferenceParams) -> list[lsp.Location]:
    asked = _asked(server, params)
    spans = references(*asked.where, params.context.include_declaration) if asked else []
    return [_location(server, asked, span) for span in spans]


def _location(server: LanguageServer, asked: Asked, span: Span) -> lsp.Location:
    """A span as a location: in this document, or in another file (a parent) as saved."""
    if Path(span.path).resolve() == Path(_path(asked.uri)).resolve():
        text, target = asked.text, asked.uri
    else:
        source = SourceFile.lookup(span.path)
        text, target = (source.text if source else ""), _uri(span.path)
    return lsp.Location(uri=target, range=convert.first_line(span, _lines(server, text)))


@SERVER.feature(lsp.TEXT_DOCUMENT_CODE_ACTION,
                lsp.CodeActionOptions(code_action_kinds=[lsp.CodeActionKind.QuickFix]))
def code_actions(server: LanguageServer, params: lsp.CodeActionParams) -> list[lsp.CodeAction]:
    """A quick fix for each finding that names the word meant, and the schema line for a
    worked-examples file without one."""
    uri = params.text_document.uri
    document = _document(server, uri)
    if document is None:
        return []
    lines = _lines(server, document.source)
    fixes = [(_fix(lines, d), [d]) for d in params.context.diagnostics if d.source == "basra"]
    fixes.append((schema_line_fix(document.source, _path(uri)), []))
    return [_action(uri, lines, fix, diagnostics) for fix, diagnostics in fixes if fix is not None]


def _fix(lines: Lines, diagnostic: lsp.Diagnostic) -> Fix | None:
    """The fix a finding's "did you mean" asks for, worked out on its line (as the package
    counts lines: the fix's line and columns are its, from 0)."""
    line, start = lines.package(diagnostic.range.start)
    end_line, end = lines.package(diagnostic.range.end)
    row = lines.package_row(line)
    return (did_you_mean_fix(diagnostic.message, row, line - 1, start - 1, end - 1 if end_line == line else len(row))
            or line_fix(diagnostic.message, row, line - 1))


def _action(uri: str, lines: Lines, fix: Fix, diagnostics: list[lsp.Diagnostic]) -> lsp.CodeAction:
    where = lsp.Range(lines.protocol(fix.line + 1, fix.start + 1), lines.protocol(fix.line + 1, fix.end + 1))
    edit = lsp.TextEdit(range=where, new_text=fix.text)
    return lsp.CodeAction(title=fix.title, kind=lsp.CodeActionKind.QuickFix, diagnostics=diagnostics or None,
                          is_preferred=bool(diagnostics), edit=lsp.WorkspaceEdit(changes={uri: [edit]}))


def main() -> None:
    """Serves the protocol over standard input and output; exits 1 when the input breaks."""
    raise SystemExit(SERVER.start_io())
