"""The messages a player's browser sends a room, read and checked before anything acts on
them: at most ``MESSAGE_BYTES`` of JSON, one object, of a known type, its fields as the
schema ``room-message.schema.json`` gives them. A message that is not gets a sentence
saying why, for that player alone.
"""

from __future__ import annotations

import json
from functools import cache
from typing import Any

import jsonschema

from ..documents import load_schema
from .model import RoomError

MESSAGE_BYTES = 4096  # the longest message a browser needs is a chat line of 1,000 characters


@cache
def _validators() -> dict[str, jsonschema.Draft202012Validator]:
    """One validator per message type, from the schema's alternatives."""
    found = {}
    for branch in load_schema("room-message")["oneOf"]:
        kind = branch["properties"]["type"]
        for name in kind.get("enum", [kind.get("const")]):
            found[name] = jsonschema.Draft202012Validator(branch)
    return found


def message_types() -> list[str]:
    return sorted(_validators())


def read_message(text: str | bytes) -> dict[str, Any]:
    """Returns a checked message, or raises RoomError saying what is wrong with it."""
    if len(text) > MESSAGE_BYTES:
        raise RoomError(f"the message is too long: at most {MESSAGE_BYTES} bytes")
    try:
        message = json.loads(text)
    except (ValueError, RecursionError):
        raise RoomError("the message is not JSON") from None
    if not isinstance(message, dict):
        raise RoomError("a message is a JSON object, such as {\"type\": \"chat\", \"text\": \"hello\"}")
    kind = message.get("type")
    validator = _validators().get(kind) if isinstance(kind, str) else None
    if validator is None:
        shown = json.dumps(kind)[:40] if kind is not None else "none"
        raise RoomError(f"unknown message type {shown}: the types are {', '.join(message_types())}")
    problem = next(iter(sorted(validator.iter_errors(message), key=lambda e: list(e.path))), None)
    if problem is not None:
        where = ".".join(map(str, problem.path)) or "the message"
        raise RoomError(f"'{kind}': {where}: {_words(problem)}")
    return message


def _words(problem: jsonschema.ValidationError) -> str:
    if problem.validator == "required":
        return f"{problem.message.split()[0]} is missing"
    if problem.validator == "additionalProperties":
        return "it has a field this message does not take"
    if problem.validator == "pattern":
        return "not one this server gives (letters, digits, '-' and '_' only)"
    if problem.validator == "maxLength":
        return f"too long: at most {problem.validator_value} characters"
    if problem.validator == "type":
        return f"must be {'a whole number' if problem.validator_value == 'integer' else 'a ' + str(problem.validator_value)}"
    return problem.message[:120]
