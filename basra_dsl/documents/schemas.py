"""Checks a document against a shipped JSON Schema, saying each problem where it stands, in words."""

from __future__ import annotations

import datetime
import itertools
import json
import re
from functools import cache
from typing import Any, Iterator

import jsonschema

from ..diagnostics import Diagnostic, did_you_mean, error
from ..resources import schema_path
from .model import Document

MAX_SCHEMA_PROBLEMS = 500  # schema errors gathered from one document (no reader wants more)



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
    found = itertools.islice(validator.iter_errors(document.data), MAX_SCHEMA_PROBLEMS)
    problems = [leaf for problem in found for leaf in _leaves(problem)]
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
    if len(branches) > 1 and isinstance(problem.instance, dict):  # two object shapes: the one it names most fields of
        shapes = problem.schema.get(problem.validator, [])
        named = lambda b: len(set(problem.instance) & set(shapes[b].get("properties", {})))  # noqa: E731
        branches = {max(sorted(branches), key=named)}
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
