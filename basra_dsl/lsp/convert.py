"""Turns findings and syntax trees into Language Server Protocol data.

Positions: the package counts lines and columns from 1, in characters, with lines ending at
"\n" alone; the protocol from 0, in the units the client chose (UTF-16 by default), with
lines ending at "\n", "\r\n" or a lone "\r". ``Lines`` converts between the two.
"""

from __future__ import annotations

import re
from typing import Iterable

from lsprotocol import types as lsp

from ..diagnostics import Diagnostic, Severity
from ..language import nodes as n
from .code_pages import code_link
from .complete import Suggestion
from .lines import Lines
from .shown import one_line

SEVERITIES = {Severity.ERROR: lsp.DiagnosticSeverity.Error, Severity.WARNING: lsp.DiagnosticSeverity.Warning}
WORD = re.compile(r"[\w♠-♧]+|\S")  # what a finding without an end marks: the word at its start


def diagnostic(found: Diagnostic, lines: Lines, path: str, site: str | None = None) -> lsp.Diagnostic:
    """Returns a finding as the protocol's diagnostic: its range in this document (a finding
    in another file, a parent's, is shown at the document's start and names that file), its
    code with a link to the code's explanation, and its help after the message."""
    span = found.span
    elsewhere = span is not None and span.path not in (path, "<string>")
    if span is None or elsewhere:
        start = end = lsp.Position(0, 0)
    else:
        start = lines.protocol(span.line, span.column)
        if span.end_line is not None and span.end_column is not None:
            end = lines.protocol(span.end_line, span.end_column)
        else:
            end = lines.protocol(span.line, _word_end(lines.package_row(span.line), span.column))
    message = found.message + (f" (in {span.path}:{span.line})" if elsewhere else "")
    if found.help:
        message += f"\nhelp: {found.help}"
    link = code_link(found.code, site)
    return lsp.Diagnostic(range=lsp.Range(start, end), message=message, code=found.code, source="basra",
                          code_description=lsp.CodeDescription(href=link) if link else None,
                          severity=SEVERITIES.get(found.severity, lsp.DiagnosticSeverity.Information))


def first_line(span, lines: Lines) -> lsp.Range:
    """The range of a span's first line (a clause's span runs on to the next clause)."""
    one_line = span.end_line == span.line and span.end_column is not None
    end = span.end_column if one_line else len(lines.package_row(span.line).rstrip()) + 1
    return lsp.Range(lines.protocol(span.line, span.column), lines.protocol(span.line, end))


KINDS = {"keyword": lsp.CompletionItemKind.Keyword, "section": lsp.CompletionItemKind.Module,
         "name": lsp.CompletionItemKind.Variable, "option": lsp.CompletionItemKind.Constant,
         "choice": lsp.CompletionItemKind.EnumMember, "attribute": lsp.CompletionItemKind.Property,
         "pattern": lsp.CompletionItemKind.Value, "rule": lsp.CompletionItemKind.Function,
         "variant": lsp.CompletionItemKind.File, "function": lsp.CompletionItemKind.Method}


def completion(found: Suggestion, rank: int = 0) -> lsp.CompletionItem:
    """Returns a suggestion as the protocol's completion item, sorted as the server ranks it:
    by its order, then by ``rank``, its place in the server's list (ranks A, 2 ... 10, J).
    Its detail is plain text and its documentation Markdown, file text in them made safe by
    ``complete`` (see ``shown``)."""
    return lsp.CompletionItem(
        label=found.label, kind=KINDS.get(found.kind, lsp.CompletionItemKind.Text), detail=found.detail or None,
        documentation=lsp.MarkupContent(kind=lsp.MarkupKind.Markdown, value=found.doc) if found.doc else None,
        insert_text=found.insert, sort_text=f"{found.order}{rank:04d}")


def _word_end(row: str, column: int) -> int:
    """The column (from 1) after the word that starts at ``column`` of a line."""
    match = WORD.match(row, column - 1) if 0 < column <= len(row) else None
    return match.end() + 1 if match else column + 1


def symbols(variant: n.Variant, lines: Lines) -> list[lsp.DocumentSymbol]:
    """Returns the outline: the variant, its options, and each section with its clauses
    (named rules by name, the rest by keyword)."""
    def at(span, width: int | None = None) -> lsp.Range:
        end = len(lines.package_row(span.line)) + 1 if width is None else span.column + width
        return lsp.Range(lines.protocol(span.line, span.column), lines.protocol(span.line, end))

    found = [lsp.DocumentSymbol(name=variant.name.text, kind=lsp.SymbolKind.Module, detail=one_line(variant.title or ""),
                                range=at(variant.name.span), selection_range=at(variant.name.span))]
    found += [lsp.DocumentSymbol(name=o.name.text, kind=lsp.SymbolKind.Variable, detail="option",
                                 range=at(o.span), selection_range=at(o.name.span, len(o.name.text)))
              for o in variant.options]
    for section, clauses in _by_section(variant.clauses):
        children = [lsp.DocumentSymbol(name=_clause_name(c), kind=_kind(c), detail=c.keyword.replace("_", " "),
                                       range=at(c.span), selection_range=at(c.span))
                    for c in clauses]
        whole = lsp.Range(children[0].range.start, children[-1].range.end)
        found.append(lsp.DocumentSymbol(name=section, kind=lsp.SymbolKind.Namespace, range=whole,
                                        selection_range=children[0].selection_range, children=children))
    return found


def _by_section(clauses: Iterable[n.Clause]) -> list[tuple[str, list[n.Clause]]]:
    grouped: dict[str, list[n.Clause]] = {}
    for clause in clauses:
        if clause.span is not None:
            grouped.setdefault(clause.section, []).append(clause)
    return list(grouped.items())


def _clause_name(clause: n.Clause) -> str:
    name = getattr(clause, "name", None)
    return name.text if isinstance(name, n.Word) else clause.key.split(".", 1)[1].replace("_", " ")


def _kind(clause: n.Clause) -> lsp.SymbolKind:
    return lsp.SymbolKind.Function if isinstance(getattr(clause, "name", None), n.Word) else lsp.SymbolKind.Property
