"""Reads YAML or JSON documents keeping the line and column of every value, and checks
them against a shipped JSON Schema, reporting each schema error where it stands.

A file that is valid JSON is read as JSON (with its own positions, so tab-indented JSON
keeps them too); anything else is read as YAML. Either way a key given twice in one
mapping is refused, and so are YAML anchors and aliases (they let a few lines stand for
a huge or endless document), unknown tags and nesting deeper than any record needs.
"""

from __future__ import annotations

import datetime
import json
import re
from bisect import bisect_right
from functools import cache
from json.decoder import scanstring
from pathlib import Path
from typing import Any, Iterator

import jsonschema
import yaml

from .diagnostics import Diagnostic, DiagnosticError, SourceFile, Span, did_you_mean, error
from .resources import schema_path

Marks = dict[tuple, tuple[int, int]]

MAX_DEPTH = 64  # far deeper than any record or examples file; keeps every later stage from recursing too far


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


def read_document(path: str | Path, what: str = "these files") -> Document:
    """Returns a YAML or JSON file as a Document, or raises DiagnosticError.

    ``what`` names the kind of document in messages, such as "records".
    """
    path = str(path)
    try:
        raw = Path(path).read_bytes()
    except OSError as exc:
        raise DiagnosticError([error("B508", f"cannot read the file: {exc.strerror}", Span(path, 1, 1))])
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
    if _is_json(text):
        return _JsonReader(text, path).document()
    try:
        node = yaml.compose(text, Loader=_loader(path, what))
    except RecursionError:
        raise DiagnosticError([_too_deep(Span(path, 1, 1))]) from None
    except yaml.YAMLError as exc:
        if path.endswith(".json"):
            _raise_json_error(text, path)
        mark = getattr(exc, "problem_mark", None)
        line, column = (mark.line + 1, mark.column + 1) if mark else (1, 1)
        problem = getattr(exc, "problem", None) or str(exc)
        raise DiagnosticError([error("B508", f"this is not valid YAML: {problem}", Span(path, line, column),
                                     _yaml_hint(text, line))]) from None
    if node is None:
        raise DiagnosticError([error("B508", "the file is empty", Span(path, 1, 1))])
    return _YamlBuilder(path).document(node)


def _too_deep(span: Span) -> Diagnostic:
    return error("B508", "the document is nested too deeply", span,
                 f"no record or examples file nests more than {MAX_DEPTH} levels")


def _yaml_hint(text: str, line: int) -> str | None:
    lines = text.splitlines()
    source = lines[line - 1] if 0 < line <= len(lines) else ""
    indent = source[:len(source) - len(source.lstrip())]
    return "YAML indents with spaces, not tabs" if "\t" in indent else None


# ------------------------------------------------------------------ YAML


def _loader(path: str, what: str) -> type:
    class Loader(yaml.SafeLoader):
        def compose_node(self, parent, index):
            event = self.peek_event()
            anchor = getattr(event, "anchor", None)
            if isinstance(event, yaml.AliasEvent) or anchor is not None:
                mark = event.start_mark
                raise DiagnosticError([error("B508", f"anchors and aliases are not allowed in {what}",
                                             Span(path, mark.line + 1, mark.column + 1),
                                             f"write out in full what '&{anchor}' names where it is used")])
            return super().compose_node(parent, index)
    return Loader


class _YamlBuilder:
    """Turns composed YAML nodes into data, noting the position of each value."""

    def __init__(self, path: str):
        self.path = path
        self.marks: Marks = {}
        self.problems: list[Diagnostic] = []
        self.constructor = yaml.SafeLoader("")

    def document(self, node: yaml.Node) -> Document:
        try:
            data = self.value(node, ())
        finally:
            self.constructor.dispose()
        if self.problems:
            raise DiagnosticError(self.problems)
        return Document(self.path, data, self.marks)

    def span(self, node: yaml.Node) -> Span:
        return Span(self.path, node.start_mark.line + 1, node.start_mark.column + 1)

    def value(self, node: yaml.Node, where: tuple) -> Any:
        if len(where) > MAX_DEPTH:
            raise DiagnosticError([_too_deep(self.span(node))])
        self.marks[where] = (node.start_mark.line + 1, node.start_mark.column + 1)
        if isinstance(node, yaml.MappingNode):
            result: dict = {}
            first: dict[Any, yaml.Node] = {}
            for key_node, value_node in node.value:
                if not isinstance(key_node, yaml.ScalarNode):
                    self.problems.append(error("B508", "a key must be a word or a string, not a list or a mapping",
                                               self.span(key_node)))
                    continue
                key = self.scalar(key_node)
                if key in first:
                    self.problems.append(error("B508", f"'{key}' is given twice in this mapping", self.span(key_node),
                                               f"it was first given at line {first[key].start_mark.line + 1}; "
                                               "give each key once"))
                    continue
                first[key] = key_node
                result[key] = self.value(value_node, where + (key,))
            return result
        if isinstance(node, yaml.SequenceNode):
            return [self.value(item, where + (i,)) for i, item in enumerate(node.value)]
        return self.scalar(node)

    def scalar(self, node: yaml.ScalarNode) -> Any:
        try:
            if node.tag == "tag:yaml.org,2002:str":
                return self.constructor.construct_scalar(node)
            return self.constructor.construct_object(node, deep=True)
        except (yaml.YAMLError, ValueError, TypeError) as exc:
            tag = node.tag.replace("tag:yaml.org,2002:", "!!")
            reason = f"the tag {tag} is not allowed" if isinstance(exc, yaml.constructor.ConstructorError) \
                else f"'{node.value}' is not a valid {tag.lstrip('!')}"
            self.problems.append(error("B508", f"cannot read this value: {reason}", self.span(node),
                                       "quote it to make it a string"))
            return None


# ------------------------------------------------------------------ JSON


def _is_json(text: str) -> bool:
    try:
        json.loads(text, parse_constant=_no_constant)
    except (ValueError, RecursionError):
        return False
    return True


def _no_constant(name: str):
    raise ValueError(name)


def _raise_json_error(text: str, path: str) -> None:
    try:
        json.loads(text, parse_constant=_no_constant)
    except json.JSONDecodeError as exc:
        raise DiagnosticError([error("B508", f"this is not valid JSON: {exc.msg}",
                                     Span(path, exc.lineno, exc.colno))]) from None
    except RecursionError:
        raise DiagnosticError([_too_deep(Span(path, 1, 1))]) from None
    except ValueError as exc:
        raise DiagnosticError([error("B508", f"this is not valid JSON: {exc} is not a number",
                                     Span(path, 1, 1))]) from None


_SPACE = re.compile(r"[ \t\n\r]*")
_NUMBER = re.compile(r"-?(?:0|[1-9][0-9]*)(\.[0-9]+)?([eE][-+]?[0-9]+)?")


class _JsonReader:
    """Reads text already known to be valid JSON, noting the line and column of each value."""

    def __init__(self, text: str, path: str):
        self.text = text
        self.path = path
        self.starts = [0] + [m.end() for m in re.finditer("\n", text)]
        self.marks: Marks = {}
        self.problems: list[Diagnostic] = []

    def document(self) -> Document:
        data, _ = self.value(self.skip(0), ())
        if self.problems:
            raise DiagnosticError(self.problems)
        return Document(self.path, data, self.marks)

    def position(self, index: int) -> tuple[int, int]:
        line = bisect_right(self.starts, index)
        return line, index - self.starts[line - 1] + 1

    def span(self, index: int) -> Span:
        return Span(self.path, *self.position(index))

    def skip(self, index: int) -> int:
        return _SPACE.match(self.text, index).end()

    def value(self, index: int, where: tuple) -> tuple[Any, int]:
        if len(where) > MAX_DEPTH:
            raise DiagnosticError([_too_deep(self.span(index))])
        self.marks[where] = self.position(index)
        char = self.text[index]
        if char == "{":
            return self.mapping(index, where)
        if char == "[":
            items, index = [], self.skip(index + 1)
            if self.text[index] == "]":
                return items, index + 1
            while True:
                item, index = self.value(index, where + (len(items),))
                items.append(item)
                index = self.skip(index)
                if self.text[index] == "]":
                    return items, index + 1
                index = self.skip(index + 1)  # past the comma
        if char == '"':
            return scanstring(self.text, index + 1)
        for word, meaning in (("true", True), ("false", False), ("null", None)):
            if self.text.startswith(word, index):
                return meaning, index + len(word)
        number = _NUMBER.match(self.text, index)
        whole = not (number.group(1) or number.group(2))
        return (int if whole else float)(number.group()), number.end()

    def mapping(self, index: int, where: tuple) -> tuple[dict, int]:
        result: dict = {}
        first: dict[str, int] = {}
        index = self.skip(index + 1)
        if self.text[index] == "}":
            return result, index + 1
        while True:
            key_at = index
            key, index = scanstring(self.text, index + 1)
            index = self.skip(self.skip(index) + 1)  # past the colon
            item, index = self.value(index, where + (key,))
            if key in first:
                self.problems.append(error("B508", f"'{key}' is given twice in this object", self.span(key_at),
                                           f"it was first given at line {self.position(first[key])[0]}; "
                                           "give each key once"))
            else:
                first[key] = key_at
                result[key] = item
            index = self.skip(index)
            if self.text[index] == "}":
                return result, index + 1
            index = self.skip(index + 1)  # past the comma


# ------------------------------------------------------------------ schemas


@cache
def load_schema(name: str) -> dict:
    """Returns a shipped JSON Schema by name (record, examples, rules)."""
    return json.loads(schema_path(name).read_text(encoding="utf-8"))


def _is_integer(checker, instance: Any) -> bool:
    # JSON Schema counts 2.0 as an integer; the engine needs a real int, so a whole-number
    # float is refused like any other non-integer.
    return isinstance(instance, int) and not isinstance(instance, bool)


_Validator = jsonschema.validators.extend(
    jsonschema.Draft202012Validator,
    type_checker=jsonschema.Draft202012Validator.TYPE_CHECKER.redefine("integer", _is_integer))


def schema_diagnostics(document: Document, schema_name: str) -> Iterator[Diagnostic]:
    """Yields a diagnostic for every place the document breaks the schema."""
    validator = _Validator(load_schema(schema_name))
    problems = [leaf for problem in validator.iter_errors(document.data) for leaf in _leaves(problem)]
    for problem in sorted(problems, key=lambda e: list(map(str, e.absolute_path))):
        where = list(problem.absolute_path)
        yield error("B501", _schema_message(problem), document.span(*where), _schema_hint(problem, schema_name))


def _leaves(problem: jsonschema.ValidationError) -> list[jsonschema.ValidationError]:
    """Returns the errors to report for one: for 'one of' these shapes, the errors of the shape
    the value has (a string is judged as a card, a mapping as a play object)."""
    if problem.validator not in ("oneOf", "anyOf") or not problem.context:
        return [problem]
    wrong_type = {e.relative_schema_path[0] for e in problem.context
                  if e.validator == "type" and not e.relative_path}
    branches = {e.relative_schema_path[0] for e in problem.context} - wrong_type
    if len(branches) != 1:
        return [problem]
    (branch,) = branches
    return [leaf for e in problem.context if e.relative_schema_path[0] == branch for leaf in _leaves(e)]


def _schema_message(problem: jsonschema.ValidationError) -> str:
    where = _path_words(problem.absolute_path)
    subject = where or "the document"
    kind, value, instance = problem.validator, problem.validator_value, problem.instance
    if kind == "required":
        return f"{subject} lacks '{_missing(problem)}'"
    if kind == "additionalProperties" and isinstance(instance, dict):
        extra = _extra_fields(problem)
        return f"{subject} has an unknown field {', '.join(repr(str(k)) for k in extra)}" if len(extra) == 1 \
            else f"{subject} has unknown fields {', '.join(repr(str(k)) for k in extra)}"
    if kind == "pattern" and problem.schema.get("description", "").startswith("Rank"):
        return f"{subject}: '{instance}' is not a card"
    if kind == "type":
        if value == "integer" and isinstance(instance, (int, float)) and not isinstance(instance, bool):
            return f"{subject} must be a whole number, not {_number(instance)}"
        return f"{subject} should be {_expected(problem)}, not {_kind(instance)}"
    if kind in ("oneOf", "anyOf"):
        wanted = [_expected(e) for e in problem.context if e.validator == "type" and not e.relative_path]
        if wanted:
            return f"{subject} should be {' or '.join(dict.fromkeys(wanted))}, not {_kind(instance)}"
        return f"{subject} does not have the shape of any of the choices the schema allows"
    if kind == "minimum":
        return f"{subject} must be at least {_number(value)}, not {_number(instance)}"
    if kind == "maximum":
        return f"{subject} must be at most {_number(value)}, not {_number(instance)}"
    if kind == "minItems":
        return f"{subject} must not be empty" if value == 1 else f"{subject} needs at least {value} items"
    if kind == "maxItems":
        return f"{subject} has more than {value} items"
    if kind == "minLength":
        return f"{subject} must not be empty"
    if kind in ("enum", "const"):
        choices = value if kind == "enum" else [value]
        return f"{subject} must be one of {', '.join(json.dumps(c) for c in choices)}"
    return f"{subject}: {problem.message}"


def _missing(problem: jsonschema.ValidationError) -> str:
    for name in problem.validator_value:
        if isinstance(problem.instance, dict) and name not in problem.instance and repr(name) in problem.message:
            return name
    return problem.message.split(" is a required")[0].strip("'\"")


def _extra_fields(problem: jsonschema.ValidationError) -> list:
    known = problem.schema.get("properties", {})
    patterns = problem.schema.get("patternProperties", {})
    return [k for k in problem.instance if k not in known
            and not any(isinstance(k, str) and re.search(p, k) for p in patterns)]


def _expected(problem: jsonschema.ValidationError) -> str:
    types = problem.validator_value if isinstance(problem.validator_value, list) else [problem.validator_value]
    is_card = problem.schema.get("description", "").startswith("Rank")
    words = {"object": "a mapping", "array": "a list", "string": "a card" if is_card else "a string",
             "integer": "a whole number", "number": "a number", "boolean": "true or false", "null": "null"}
    return " or ".join(words.get(t, t) for t in types)


def _kind(value: Any) -> str:
    if value is None:
        return "empty (null)"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (int, float)):
        return f"the number {_number(value)}"
    if isinstance(value, str):
        return f"the string '{value if len(value) <= 30 else value[:27] + '...'}'"
    if isinstance(value, list):
        return "a list"
    if isinstance(value, dict):
        return "a mapping"
    if isinstance(value, (datetime.date, datetime.datetime)):
        return f"the date {value.isoformat()} (quote it to make it a string)"
    if isinstance(value, bytes):
        return "binary data"
    return type(value).__name__


def _number(value: Any) -> str:
    return json.dumps(value) if isinstance(value, (int, float)) and not isinstance(value, bool) else str(value)


def _schema_hint(problem: jsonschema.ValidationError, schema_name: str) -> str | None:
    is_card = problem.validator in ("oneOf", "anyOf") and isinstance(problem.instance, str)
    if problem.validator == "pattern" or is_card:
        return "a card is a rank A 2-9 T J Q K (or 10) and a suit C D H S, such as 7D or TD"
    if problem.validator == "additionalProperties" and isinstance(problem.instance, dict):
        known = list(problem.schema.get("properties", {}))
        extra = _extra_fields(problem)
        close = did_you_mean(str(extra[0]), known) if len(extra) == 1 else None
        return close or f"the fields allowed here: {', '.join(known)}"
    if problem.validator == "type" and problem.validator_value == "integer":
        return "use a whole number, without a decimal point"
    return f"see the {schema_name} schema in the docs"


def _path_words(path) -> str:
    words = ""
    for part in path:
        words += f"[{part}]" if isinstance(part, int) else (f".{part}" if words else str(part))
    return words
