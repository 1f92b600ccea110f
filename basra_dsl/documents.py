"""Reads YAML or JSON documents keeping the line and column of every value, and checks
them against a shipped JSON Schema, reporting each schema error where it stands."""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path
from typing import Any, Iterator

import jsonschema
import yaml

from .diagnostics import Diagnostic, DiagnosticError, SourceFile, Span, error
from .resources import schema_path

Marks = dict[tuple, tuple[int, int]]


class Document:
    """Data read from a file, with the position of each value by its path of keys."""

    def __init__(self, path: str, data: Any, marks: Marks):
        self.path = path
        self.data = data
        self.marks = marks

    def span(self, *where: Any) -> Span:
        """Returns the position of the value at a path of keys and indexes (or its nearest parent)."""
        key = tuple(where)
        while key and key not in self.marks:
            key = key[:-1]
        line, column = self.marks.get(key, (1, 1))
        return Span(self.path, line, column)


def read_document(path: str | Path) -> Document:
    """Returns a YAML or JSON file as a Document, or raises DiagnosticError."""
    path = str(path)
    try:
        raw = Path(path).read_bytes()
    except OSError as exc:
        raise DiagnosticError([error("B508", f"cannot read the file: {exc.strerror}", Span(path, 1, 1))])
    if b"\x00" in raw:
        raise DiagnosticError([error("B508", "this is a binary file, not YAML or JSON", Span(path, 1, 1))])
    text = raw.decode("utf-8", errors="replace")
    return parse_document(text, path)


def parse_document(text: str, path: str) -> Document:
    """Returns YAML or JSON text as a Document, or raises DiagnosticError."""
    SourceFile(path, text)
    text = text.removeprefix("\ufeff")
    try:
        node = yaml.compose(text, Loader=yaml.SafeLoader)
    except yaml.YAMLError as exc:
        if path.endswith(".json"):
            return _json_document(text, path)
        mark = getattr(exc, "problem_mark", None)
        line, column = (mark.line + 1, mark.column + 1) if mark else (1, 1)
        problem = getattr(exc, "problem", None) or str(exc)
        raise DiagnosticError([error("B508", f"this is not valid YAML: {problem}", Span(path, line, column))])
    if node is None:
        raise DiagnosticError([error("B508", "the file is empty", Span(path, 1, 1))])
    marks: Marks = {}
    data = _construct(node, (), marks)
    return Document(path, data, marks)


def _json_document(text: str, path: str) -> Document:
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise DiagnosticError([error("B508", f"this is not valid JSON: {exc.msg}",
                                     Span(path, exc.lineno, exc.colno))])
    return Document(path, data, {})


def _construct(node: yaml.Node, where: tuple, marks: Marks) -> Any:
    marks[where] = (node.start_mark.line + 1, node.start_mark.column + 1)
    if isinstance(node, yaml.MappingNode):
        result = {}
        for key_node, value_node in node.value:
            key = _scalar(key_node)
            marks[where + (key,)] = (value_node.start_mark.line + 1, value_node.start_mark.column + 1)
            result[key] = _construct(value_node, where + (key,), marks)
        return result
    if isinstance(node, yaml.SequenceNode):
        return [_construct(item, where + (i,), marks) for i, item in enumerate(node.value)]
    return _scalar(node)


def _scalar(node: yaml.Node) -> Any:
    if not isinstance(node, yaml.ScalarNode):
        return str(node.value)
    return yaml.SafeLoader(" ").construct_scalar(node) if node.tag == "tag:yaml.org,2002:str" else \
        yaml.SafeLoader(" ").construct_object(node, deep=True)


@cache
def load_schema(name: str) -> dict:
    """Returns a shipped JSON Schema by name (record, examples, rules)."""
    return json.loads(schema_path(name).read_text(encoding="utf-8"))


def schema_diagnostics(document: Document, schema_name: str) -> Iterator[Diagnostic]:
    """Yields a diagnostic for every place the document breaks the schema."""
    schema = load_schema(schema_name)
    validator = jsonschema.Draft202012Validator(schema)
    for problem in sorted(validator.iter_errors(document.data), key=lambda e: list(map(str, e.absolute_path))):
        where = list(problem.absolute_path)
        yield error("B501", _schema_message(problem), document.span(*where),
                    _schema_hint(problem, schema_name))


def _schema_message(problem: jsonschema.ValidationError) -> str:
    where = _path_words(problem.absolute_path)
    if problem.validator == "required":
        return f"{where or 'the document'} lacks {problem.message.split(' is a required')[0]}"
    if problem.validator == "additionalProperties":
        return f"{where or 'the document'}: {problem.message}"
    if problem.validator == "pattern" and problem.schema.get("description", "").startswith("Rank"):
        return f"{where}: {problem.instance!r} is not a card"
    if problem.validator == "oneOf" and isinstance(problem.instance, str):
        return f"{where}: {problem.instance!r} is not a card"
    return f"{where}: {problem.message}" if where else problem.message


def _schema_hint(problem: jsonschema.ValidationError, schema_name: str) -> str | None:
    if problem.validator in ("pattern", "oneOf"):
        return "a card is a rank A 2-9 T J Q K (or 10) and a suit C D H S, such as 7D or TD"
    return f"see the {schema_name} schema in the docs"


def _path_words(path) -> str:
    words = ""
    for part in path:
        words += f"[{part}]" if isinstance(part, int) else (f".{part}" if words else part)
    return words
