"""``basra fmt``: writes a variant file in the one canonical layout, keeping its comments.

The layout: the header lines at the left margin; the options after one blank line; each
section after one blank line, its statements indented two spaces; a comment stands
indented like the line it introduces, or two spaces after the statement it ends; spaces
around operators, none inside brackets or before ',' and ':'; at most one blank line in a
row, none at the end; a continued line (``\\``) joined into one; no byte-order mark, LF
line ends, no tabs.

Formatting works on tokens, never on the syntax tree, so every comment survives. It is
idempotent, and ``format_text`` refuses (raises ``DiagnosticError``) a file it cannot
parse, and checks that the result parses to the very same syntax tree, so the compiled
rules cannot change.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from .diagnostics import DiagnosticError, Span, error
from .parser import _lark, parse
from .syntax_errors import keywords

INDENT = "  "
SECTIONS = ("setup", "capture", "basra", "end", "score", "game", "match")
HEADER = ("variant", "aliases", "region", "source", "about")

_TOKEN = re.compile(r"""
    (?P<string>"[^"\n]*")
  | (?P<comment>\#[^\n]*)
  | (?P<cont>\\[\t ]*\r?\n)
  | (?P<newline>\r?\n)
  | (?P<space>[\t ]+)
  | (?P<number>[0-9]+\.[0-9]+)
  | (?P<word>[A-Za-z0-9_\u2660-\u2667]+)
  | (?P<op>==|!=|<=|>=|[-+*/<>=|(),.:])
  | (?P<other>.)
""", re.VERBOSE)


@dataclass
class _Tok:
    kind: str
    text: str
    space_before: bool


def format_text(text: str, path: str = "<string>") -> str:
    """Returns the variant text in the canonical layout (raises DiagnosticError if it does not parse)."""
    original = parse(text, path)
    formatted = _layout(text.removeprefix("\ufeff"))
    if parse(formatted, path) != original:
        raise DiagnosticError([error("B900", "basra fmt would change the meaning of this file; it was left as it is",
                                     Span(path, 1, 1), "please report it with the file")])
    return formatted


def _logical_lines(text: str) -> list[list[_Tok]]:
    lines: list[list[_Tok]] = [[]]
    space = False
    for match in _TOKEN.finditer(text):
        kind, value = match.lastgroup, match.group()
        if kind == "newline":
            lines.append([])
            space = False
        elif kind in ("space", "cont"):
            space = True
        else:
            lines[-1].append(_Tok(kind, value, space))
            space = False
    return lines


def _layout(text: str) -> str:
    out: list[str] = []
    pending_comments: list[str] = []  # full-line comments waiting for the line they introduce
    pending_blank = False
    section: str | None = None
    for tokens in _logical_lines(text):
        if not tokens:
            pending_blank = bool(out or pending_comments)
            if pending_comments:
                pending_comments.append("")
            continue
        if tokens[0].kind == "comment":
            pending_comments.append(tokens[0].text.rstrip())
            pending_blank = pending_blank if len(pending_comments) > 1 else pending_blank
            continue
        first = tokens[0].text
        is_section = first in SECTIONS and len(tokens) >= 2 and tokens[1].text == ":" and \
            (len(tokens) == 2 or tokens[2].kind == "comment")
        if is_section:
            section = first
            indent, blank_before = "", True
        elif first in HEADER or first == "extends":
            indent, blank_before = "", False
            section = None
        elif first == "option":
            indent = ""
            blank_before = not out or not out[-1].startswith("option ") or pending_blank
            section = None
        else:
            indent = INDENT if section else ""
            blank_before = pending_blank and not (out and _is_section_line(out[-1]))
        if out and first == "option" and not out[-1].startswith(("option ", "#")):
            blank_before = True
        if blank_before and out and out[-1] != "":
            out.append("")
        _flush_comments(out, pending_comments, indent, section_start=is_section)
        out.append(indent + _join(tokens, first == "variant"))
        pending_blank = False
    if pending_comments:
        if out and out[-1] != "" and pending_blank:
            out.append("")
        _flush_comments(out, pending_comments, INDENT if section else "", section_start=False)
    while out and out[-1] == "":
        out.pop()
    return "\n".join(out) + "\n"


def _is_section_line(line: str) -> bool:
    return bool(re.match(r"(%s)\s*:\s*(#.*)?$" % "|".join(SECTIONS), line))


def _flush_comments(out: list[str], comments: list[str], indent: str, section_start: bool) -> None:
    while len(comments) > 1 and comments[-1] == "" and comments[-2] == "":
        comments.pop()
    previous_blank = bool(out) and out[-1] == ""
    for comment in comments:
        if comment == "":
            if not previous_blank:
                out.append("")
            previous_blank = True
        else:
            out.append(indent + comment)
            previous_blank = False
    comments.clear()


_NO_SPACE_BEFORE = {",", ":", ")", "."}
_NO_SPACE_AFTER = {"(", "."}
_SPACED = {"==", "!=", "<=", ">=", "<", ">", "|", "=", "+", "*", "/"}


def _join(tokens: list[_Tok], header: bool) -> str:
    reserved = keywords(_lark())
    parts: list[str] = []
    depth = 0
    previous: _Tok | None = None
    for index, tok in enumerate(tokens):
        text = tok.text
        if previous is None:
            parts.append(text)
        elif tok.kind == "comment":
            parts.append("  " + text)
        elif header and (text == "-" or previous.text == "-") and not tok.space_before:
            parts.append(text)  # a variant name such as no-pictures
        elif _glued(previous, tok, tokens, index, depth, reserved):
            parts.append(text)
        else:
            parts.append(" " + text)
        if text == "(":
            depth += 1
        elif text == ")":
            depth = max(depth - 1, 0)
        previous = tok
    return "".join(parts).rstrip()


def _glued(previous: _Tok, tok: _Tok, tokens: list[_Tok], index: int, depth: int, reserved) -> bool:
    text, before = tok.text, previous.text
    if text in _NO_SPACE_BEFORE or before in _NO_SPACE_AFTER:
        return True
    if text == "(" and previous.kind == "word" and before not in reserved:
        return True  # a call: value(played)
    if (text == "=" or before == "=") and depth > 0:
        return True  # a keyword argument: value(played, J=11)
    if before == "-" and _unary(tokens, index - 1, reserved):
        return True
    return False


_OPERANDS = {"players", "floor", "yes", "no"}  # keywords that are also values in expressions


def _unary(tokens: list[_Tok], index: int, reserved) -> bool:
    if index == 0:
        return True
    before = tokens[index - 1]
    after_dot = index >= 2 and tokens[index - 2].text == "."
    if before.kind in ("word", "number") and (before.text not in reserved or before.text in _OPERANDS or after_dot):
        return False
    if before.text == ")":
        return False
    return True


def check_formatted(text: str, path: str = "<string>") -> bool:
    """Returns whether a file is already in the canonical layout."""
    return format_text(text, path) == text
