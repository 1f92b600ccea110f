"""Operators and words from other languages, and card lists written another way.

A card player who has met a programming language writes ``played == 7D``, ``floor.count = 0``,
``&&``, ``||``, ``!`` or ``if``; one who has not writes ``played is 7D, JD`` or ``7D or 10D``
for a list of cards. Each is recognised on the failing line, said in words (B119 for an
operator, B120 for a card list) and repaired as the author meant it, so error recovery reads on.
"""

from __future__ import annotations

import re
from dataclasses import replace

from lark.exceptions import UnexpectedCharacters, UnexpectedInput, UnexpectedToken

from ...cards import card_word_fix
from .hints import card_word
from .recovery import reads_past
from .words import Explanation, line_text, shown

_WORD = r"[0-9A-Za-z_\u2660-\u2667]+"
_LIST = rf"{_WORD}(?:\s*\|\s*{_WORD})*"
_TESTS = r"(?:\bis\s+not|\bis|\bhas|\bonly|\bexcept|\bbut)"
_AFTER_TEST = re.compile(rf"(?:{_TESTS}|^\s*\w+\s*(?:\x22[^\x22\n]*\x22\s*)?:)\s+{_LIST}\s*$")  # a pattern list ends here
MAX_LINE = 1000  # characters of a line read for these mistakes (no statement is near; bounds the regexes)
_CARD_SUBJECTS = {"played": "is", "lone": "is", "top": "is", "rank": "is", "floor": "has", "captured": "has",
                  "left": "has"}


def foreign(exc: UnexpectedInput, text: str, parser=None) -> Explanation | None:
    """Returns the explanation of an operator from another language or a card list written
    another way on the failing line, or None."""
    line = getattr(exc, "line", 0) or 0
    if line < 1:
        return None
    row = line_text(text, line)
    if len(row) > MAX_LINE:
        return None
    at = min(max((getattr(exc, "column", 1) or 1) - 1, 0), len(row))
    code = _masked(row)
    for recognise in (_card_compared, _equals, _ampersand, _bars, _bang, _in_for_is, _comma_list, _or_list,
                      _bracketed_list):
        found = recognise(exc, row, code, at)
        if found:
            return found
    return _if_for_when(exc, row, code, at, text, parser)


def _masked(row: str) -> str:
    """Returns ``row`` with the inside of quoted texts and its comment blanked (same length)."""
    out, quoted = [], False
    for index, char in enumerate(row):
        if char == '"':
            quoted = not quoted
        elif char == "#" and not quoted:
            return "".join(out) + " " * (len(row) - index)
        out.append(" " if quoted and char != '"' else char)
    return "".join(out)


def _token(exc: UnexpectedInput) -> tuple[str, str]:
    if isinstance(exc, UnexpectedToken):
        return exc.token.type, str(exc.token)
    return "", ""


def _accepts(exc: UnexpectedInput) -> set[str]:
    return set(getattr(exc, "accepts", None) or getattr(exc, "expected", None) or ())


def _explained(code: str, message: str, row: str, start: int, end: int, new: str) -> Explanation:
    """The mistake at row[start:end] (0-based), replaced by ``new`` as the fix."""
    before, after = row[:start], row[end:]
    if new and before and not before.endswith((" ", "(")) and new[0].isalpha():
        new = " " + new
    if new and after and not after.startswith((" ", ")")) and new[-1].isalnum():
        new += " "
    fixed = before + new + after
    return Explanation(code, message, "write: " + shown(fixed, start, start + len(new)),
                       column=start + 1, width=max(end - start, 1), fix=fixed)


def _card_compared(exc, row, code, at):
    """``played == 7D``: a card compared with '==' (the language tests a card with 'is')."""
    for found in re.finditer(rf"([A-Za-z_][\w.]*)\s*(==|!=)\s*({_LIST})", code):
        if not found.start(2) <= at <= found.end(3):
            continue
        written = re.split(r"\s*\|\s*", found.group(3))
        test = _CARD_SUBJECTS.get(found.group(1).split(".")[-1], None if all(w.isdigit() for w in written) else "is")
        fixes = [card_word_fix(w) for w in written]
        words = [card_word(w) or w for w in written]
        if test is None or any(card_word(w) is None and f is None for w, f in zip(written, fixes)) or \
                (test == "has" and found.group(2) == "!="):
            return None
        unsure = next((f"; for {w} write {f.advice}" for w, f in zip(written, fixes) if f and not f.word), "")
        subject_end = found.end(1)
        if found.group(1).endswith(".rank"):  # played.rank == J: test the card itself
            subject_end -= len(".rank")
        op = test if found.group(2) == "==" else "is not"
        what = "cards are tested with 'has' or 'only'" if test == "has" else f"a card is tested with '{op}'"
        explained = _explained("B119", f"{what}, not '{found.group(2)}'", row, subject_end, found.end(3),
                               f" {op} " + " | ".join(words))
        return replace(explained, hint=explained.hint + unsure, column=found.start(2) + 1, width=2)
    return None


def _equals(exc, row, code, at):
    """``floor.count = 0``, ``=>``, ``=<`` and ``<>`` where a comparison belongs."""
    kind, token = _token(exc)
    if kind == "EQUAL" and "COMPARE" in _accepts(exc):
        pair = row[at:at + 2]
        if pair in ("=>", "=<"):
            right = pair[::-1]
            return _explained("B119", f"'{pair}' is written '{right}'", row, at, at + 2, right)
        return _explained("B119", "'=' alone does not compare: to test whether two values are equal, write '=='",
                          row, at, at + 1, "==")
    if kind == "COMPARE" and token == ">" and at > 0 and row[at - 1] == "<":
        return _explained("B119", "'<>' is written '!='", row, at - 1, at + 1, "!=")
    return None


def _ampersand(exc, row, code, at):
    if not isinstance(exc, UnexpectedCharacters) or exc.char != "&":
        return None
    end = at
    while end < len(row) and row[end] == "&":
        end += 1
    return _explained("B119", f"'{row[at:end]}' is not a word of the language: write 'and'", row, at, end, "and")


def _bars(exc, row, code, at):
    """``cleared || played is J`` ('or'), ``played is J || 7D`` (one '|')."""
    if _token(exc)[0] != "VBAR":
        return None
    start, end = at, at
    while start > 0 and row[start - 1] == "|":
        start -= 1
    while end < len(row) and row[end] == "|":
        end += 1
    run = row[start:end]
    several = re.match(r"\s*(?:(played|floor)\s+)?values\s+(\S+)\s+(\w+)\s*$", row[:start])
    second = re.match(r"\s*(\w+)", row[end:])
    if several and second:  # values A 1 | 11: a card of several values is given once per value
        where = several.group(1) or "floor"
        fixed = f"{row[:start].rstrip()}, {several.group(2)} {second.group(1)}{row[end + second.end():]}"
        if not several.group(1):
            fixed = re.sub(r"\bvalues\b", "floor values", fixed, count=1)
        said = "on the floor" if where == "floor" else "as the card played"
        return Explanation("B119", f"a card that counts several values {said} is given once per value, in "
                           f"'{where} values'",
                           "write: " + fixed.strip(), column=start + 1, width=max(end - start, 1), fix=fixed)
    following = re.match(rf"\s*({_WORD})(\s*[.=!<>]|\s+(?:is|has|only)\b)?", code[end:])
    a_card_follows = following is not None and not following.group(2) and card_word(following.group(1))
    after_test = _AFTER_TEST.search(code[:start])
    if after_test and a_card_follows:
        if len(run) < 2:
            return None
        return _explained("B120", "cards in a list are joined with one '|'", row, start, end, "|")
    if "OR" not in _accepts(exc) and not after_test:
        return None
    message = (f"'{run}' is not a word of the language: write 'or'" if len(run) > 1 else
               "'|' separates the cards of a list; between two conditions write 'or'")
    return _explained("B119", message, row, start, end, "or")


def _bang(exc, row, code, at):
    if not isinstance(exc, UnexpectedCharacters) or exc.char != "!" or row[at + 1:at + 2] == "=":
        return None
    end = at + 1
    while end < len(row) and row[end] == " ":
        end += 1
    return _explained("B119", "'!' is not a word of the language: write 'not'", row, at, end, "not ")


def _if_for_when(exc, row, code, at, text, parser):
    """``clear: 10 if cleared``: a condition starts with 'when'. After a clause that may end
    with a number (``tie draw if ...``), 'if' reads as a name and the parser stops a word later."""
    word = _token(exc)[1]
    if word.lower() not in ("if", "where", "unless") or "WHEN" not in _accepts(exc):
        found = re.search(r"\b(if|where)\s+$", code[:at])
        if not found or parser is None:
            return None
        explained = _explained("B119", f"a condition starts with 'when', not '{found.group(1)}'", row,
                               found.start(1), found.end(1), "when")
        lines = text.split("\n")
        lines[exc.line - 1] = explained.fix
        return explained if reads_past("\n".join(lines), exc.line, parser) else None
    if word.lower() != "unless":
        return _explained("B119", f"a condition starts with 'when', not '{word}'", row, at, at + len(word), "when")
    condition = code[at + len(word):].strip()
    new = "when not " + (f"({condition})" if re.search(r"\b(and|or)\b", condition) else condition)
    end = at + len(word) + len(code[at + len(word):].rstrip())
    explained = _explained("B119", "a condition starts with 'when': 'unless' is written 'when not'", row, at, end, new)
    return replace(explained, width=len(word))


def _in_for_is(exc, row, code, at):
    if _token(exc)[1] != "in" or "IS" not in _accepts(exc):
        return None
    return _explained("B119", "a card is tested with 'is', not 'in'", row, at, at + 2, "is")


def _comma_list(exc, row, code, at):
    """``played is 7D, JD``: cards listed with commas where a test's cards are joined with '|'."""
    if _token(exc)[0] != "COMMA" or not _AFTER_TEST.search(code[:at]):
        return None
    found = re.compile(rf"(?:\s*,\s*{_WORD})+").match(code, at)
    if not found:
        return None
    joined = re.sub(r"\s*,\s*", " | ", row[at:found.end()])
    explained = _explained("B120", "cards in a list are joined with '|', not ','", row, at, found.end(), joined)
    return replace(explained, width=1)


def _or_list(exc, row, code, at):
    """``played is 7D or 10D``: cards listed with 'or' (10D then reads as a number and a name)."""
    for found in re.finditer(rf"(?:{_TESTS}|^\s*\w+\s*(?:\x22[^\x22\n]*\x22\s*)?:)\s+{_LIST}((?:\s+(?:or|and)\s+{_WORD})+)", code):
        if not found.start(1) <= at <= found.end(1):
            continue
        parts = re.findall(rf"\s+(or|and)\s+({_WORD})", found.group(1))
        if any(card_word(word) is None for _, word in parts):
            return None
        joined = "".join(f" | {card_word(word)}" for _, word in parts)
        start = found.start(1)
        explained = _explained("B120", f"cards in a list are joined with '|', not '{parts[0][0]}'", row,
                               start, found.end(1), joined)
        column = code.index(parts[0][0], start)
        return replace(explained, column=column + 1, width=len(parts[0][0]))
    return None


def _bracketed_list(exc, row, code, at):
    """``played is (7D | JD)``: a test's cards in brackets."""
    if _token(exc)[0] != "LPAR" or "PATTERN" not in _accepts(exc):
        return None
    close = code.find(")", at)
    inner = row[at + 1:close if close >= 0 else len(row)].strip()
    end = close + 1 if close >= 0 else len(row)
    explained = _explained("B120", "a list of cards is written without brackets", row, at, end, inner)
    return replace(explained, width=1)
