"""Documents: reads YAML or JSON documents keeping the line and column of every value, and checks
them against a shipped JSON Schema, reporting each schema error where it stands.

A file that is valid JSON is read as JSON (with its own positions, so tab-indented JSON
keeps them too); anything else is read as YAML. Either way a key given twice in one
mapping is refused, and so are YAML anchors and aliases (they let a few lines stand for
a huge or endless document), unknown tags and nesting deeper than any record needs.
A file named .json is read as JSON only.

``model`` holds the document type; ``json_reader`` and ``yaml_reader`` read each format;
``schemas`` checks a document against a schema and words each problem.

May import: ``limits``, ``diagnostics``, ``resources``.
"""

from __future__ import annotations

from pathlib import Path

from .. import limits
from ..diagnostics import DiagnosticError, SourceFile, Span, error
from .json_reader import JsonReader, is_json, raise_json_error
from .model import Document, Marks, too_deep
from .schemas import load_schema, schema_diagnostics

__all__ = ["Document", "Marks", "load_schema", "parse_document", "read_document", "schema_diagnostics"]


def read_document(path: str | Path, what: str = "these files") -> Document:
    """Returns a YAML or JSON file as a Document, or raises DiagnosticError.

    ``what`` names the kind of document in messages, such as "records".
    """
    path = str(path)
    raw = limits.read_limited(path, limits.DOCUMENT_BYTES, what)
    if b"\x00" in raw:
        raise DiagnosticError([error("B508", "this is a binary file, not YAML or JSON", Span(path, 1, 1))])
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        SourceFile(path, raw.decode("utf-8", errors="replace"))
        before = raw[:exc.start].decode("utf-8", errors="replace")
        line = before.count("\n") + 1
        column = len(before) - (before.rfind("\n") + 1) + 1
        raise DiagnosticError([error("B508", "the file is not UTF-8 text", Span(path, line, column),
                                     "save it as UTF-8")]) from None
    return parse_document(text, path, what)


def parse_document(text: str, path: str, what: str = "these files") -> Document:
    """Returns YAML or JSON text as a Document, or raises DiagnosticError."""
    SourceFile(path, text)
    text = text.removeprefix("\ufeff")
    if is_json(text):
        return JsonReader(text, path).document()
    if path.endswith(".json"):  # a .json file is JSON: it is never read again as YAML
        raise_json_error(text, path)
    if len(text) > limits.YAML_CHARACTERS:  # YAML costs more to read than JSON
        raise DiagnosticError([error("B801", f"the file is larger than {limits.size_text(limits.YAML_CHARACTERS)}, "
                                     "the most a YAML document may be", Span(path, 1, 1),
                                     "split it, or write it as JSON (which may be 4 MB)")])
    return _yaml_document(text, path, what)


def _yaml_document(text: str, path: str, what: str) -> Document:
    import yaml  # here: a JSON document (every record the engine writes) needs no YAML reader

    from .yaml_reader import YamlBuilder, compose, yaml_hint

    try:
        node = compose(text, path, what)
    except RecursionError:
        raise DiagnosticError([too_deep(Span(path, 1, 1))]) from None
    except yaml.YAMLError as exc:
        if path.endswith(".json"):
            raise_json_error(text, path)
        mark = getattr(exc, "problem_mark", None)
        line, column = (mark.line + 1, mark.column + 1) if mark else (1, 1)
        problem = getattr(exc, "problem", None) or str(exc)
        raise DiagnosticError([error("B508", f"this is not valid YAML: {problem}", Span(path, line, column),
                                     yaml_hint(text, line, problem))]) from None
    if node is None:
        raise DiagnosticError([error("B508", "the file is empty", Span(path, 1, 1))])
    return YamlBuilder(path).document(node)
