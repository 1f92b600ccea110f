"""``basra fmt``: writes a variant file in the one canonical layout, keeping its comments.

The layout: the header lines at the left margin; the options after one blank line; each
section after one blank line, its statements indented two spaces; a comment directly above
a line is indented like the line it introduces, and one at the end of a line stands two
spaces after it; spaces around operators, none inside brackets or before ',' and ':'; at
most one blank line in a row, none at the end; a continued line (``\\``) joined into one;
no byte-order mark, LF line ends, no tabs.

Comments stay where their author put them (``_place``): a comment block at the margin
between two sections, or after the last one, stays at the top level, and a comment
indented in a section stays in it, also at the section's end. Only a comment directly
above a statement moves, to the statement's indent.

Lines end where the grammar ends them: at ``\\n`` (or ``\\r\\n``), never at the other
characters ``str.splitlines`` takes for line ends. A comment runs to the end of its line
and is written back byte for byte, whatever it holds (a lone carriage return, a form feed,
U+2028...), less its trailing spaces, tabs and carriage returns: those are layout, and a
carriage return kept there would turn the LF after it into a CRLF line end.

Formatting works on tokens, never on the syntax tree, so every comment survives. It is
idempotent, and ``format_text`` refuses (raises ``DiagnosticError``) a file it cannot
parse, and checks that the result parses to the very same syntax tree, so the compiled
rules cannot change.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from ..diagnostics import DiagnosticError, Span, error
from .grammar import lark_parser
from .nodes import SECTIONS
from .parser import parse
from .syntax.explain import keywords

INDENT = "  "
HEADER = ("variant", "aliases", "region", "family", "source", "about")

_TOKEN = re.compile(r"""
    (?P<string>"[^"\n]*")
  | (?P<comment>\#(?:[^\r\n]|\r(?!\n))*)  # to the line end; a lone \r is part of the comment
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


def code_lines(text: str) -> list[tuple[int, str, bool]]:
    """Each statement of a variant text as the canonical layout writes it, without its comment
    and with continued lines joined: (the line it starts on, from 1; its text; whether it stands
    at the margin). ``check.lints.copies`` compares a copy with the file it repeats by them."""
    starts: list[int] = []
    lines = _logical_lines(text.removeprefix("\ufeff"), starts)
    found = []
    for start, tokens in zip(starts, lines):
        code = [t for t in tokens if t.kind != "comment"]
        if code:
            found.append((start, _join(code, code[0].text == "variant"), not code[0].space_before))
    return found


def _logical_lines(text: str, starts: list[int] | None = None) -> list[list[_Tok]]:
    """The text's tokens line by line, a continued line joined to the one it goes on; with
    ``starts``, the number of the line each begins on is appended to it."""
    lines: list[list[_Tok]] = [[]]
    space, line = False, 1
    if starts is not None:
        starts.append(line)
    for match in _TOKEN.finditer(text):
        kind, value = match.lastgroup, match.group()
        if kind == "newline":
            lines.append([])
            space, line = False, line + 1
            if starts is not None:
                starts.append(line)
        elif kind in ("space", "cont"):
            space, line = True, line + (kind == "cont")
        else:
            lines[-1].append(_Tok(kind, value, space))
            space = False
    return lines


def _layout(text: str) -> str:
    out: list[str] = []
    waiting: list[_Comment | None] = []  # full-line comments (None for a blank between them) waiting for their line
    blank = False  # whether the source has a blank line before the waiting comments or line
    previous: str | None = None  # the kind of the last line written
    section: str | None = None  # the section open at this point
    for tokens in _logical_lines(text):
        if not tokens:
            if waiting:
                waiting.append(None)
            else:
                blank = True
        elif tokens[0].kind == "comment":
            waiting.append(_Comment(_trimmed(tokens[0].text), tokens[0].space_before))
        else:
            kind, opened = _classify(tokens, section)
            indent = INDENT if kind == "statement" and opened else ""
            _place(out, waiting, blank, previous, section, kind)
            out.append(indent + _join(tokens, tokens[0].text == "variant"))
            previous, blank, section = kind, False, opened
    _place(out, waiting, blank, previous, section, None)
    while out and out[-1] == "":
        out.pop()
    return "\n".join(out) + "\n"


@dataclass
class _Comment:
    text: str
    indented: bool  # whether the source indents it (spaces or tabs before the '#')


def _place(out: list[str], waiting: list[_Comment | None], blank: bool, previous: str | None,
           section: str | None, kind: str | None) -> None:
    """Writes the comments waiting for the next line (of ``kind``; None at the end of the
    file), each at its level, with the blank lines around them; empties ``waiting``.

    Outside every section a comment stands at the margin. Inside one (``section`` is
    open), a comment keeps the level its author gave it:

    - before another statement of the section, an indented comment stays indented and one
      at the margin stays there, except that the comments directly above the statement
      (no blank line between) introduce it and are indented like it;
    - before a top-level line (a section, an option...) or the end of the file, the
      indented comments that open the block stay at the end of the section; from the first
      comment at the margin on, the block stands at the top level, after a blank line, as
      the section it introduces does (a block above a section stays above it; the guidance
      ``basra new`` writes stays where it is when an author adds a section above it).
    """
    if section is None:
        _flush(out, waiting, _blank_before(kind or "statement", previous, blank), [""] * len(waiting))
    elif kind == "statement":
        attached = len(waiting)
        while attached and waiting[attached - 1] is not None:
            attached -= 1
        indents = [INDENT if c is not None and (c.indented or at >= attached) else ""
                   for at, c in enumerate(waiting)]
        _flush(out, waiting, _blank_before(kind, previous, blank), indents)
    else:
        cut = next((at for at, c in enumerate(waiting) if c is not None and not c.indented), len(waiting))
        inside, outside = waiting[:cut], waiting[cut:]
        if any(inside):
            _flush(out, inside, _blank_before("statement", previous, blank), [INDENT] * len(inside))
            previous, blank = "statement", True
        if kind is not None:
            _flush(out, outside, _blank_before(kind, previous, blank), [""] * len(outside))
        else:
            _flush(out, outside, previous is not None, [""] * len(outside))
    waiting.clear()


def _trimmed(text: str) -> str:
    """Returns a line or comment without its trailing layout: spaces, tabs and carriage
    returns only (``str.rstrip()`` would also eat a comment's form feeds and U+2028s)."""
    return text.rstrip(_TRAILING)


_TRAILING = " \t\r"


def _classify(tokens: list[_Tok], section: str | None) -> tuple[str, str | None]:
    """Returns the kind of a line (section, header, option or statement) and the section it leaves open."""
    first = tokens[0].text
    if first in SECTIONS and len(tokens) >= 2 and tokens[1].text == ":" and \
            (len(tokens) == 2 or tokens[2].kind == "comment"):
        return "section", first
    if first in HEADER or first == "extends":
        return "header", None
    if first == "option":
        return "option", None
    return "statement", section


def _blank_before(kind: str, previous: str | None, blank_in_source: bool) -> bool:
    """The blank-line rule: whether one blank line goes before a line (and the comments that
    introduce it), given the kind of the line written before it.

    None at the top of the file or among the header lines; always before a section; before
    the first option, and between options where the source has one; between statements
    where the source has one, except right under the section's name.
    """
    if previous is None or kind == "header":
        return False
    if kind == "section":
        return True
    if kind == "option":
        return previous != "option" or blank_in_source
    return blank_in_source and previous != "section"


def _flush(out: list[str], comments: list[_Comment | None], blank_before: bool, indents: list[str]) -> None:
    """Writes comments, each with its indent, and the blank lines before and among them."""
    if blank_before:
        _blank(out)
    for comment, indent in zip(comments, indents):
        if comment is not None:
            out.append(indent + comment.text)
        else:
            _blank(out)
    comments.clear()


def _blank(out: list[str]) -> None:
    if out and out[-1] != "":
        out.append("")


_NO_SPACE_BEFORE = {",", ":", ")", "."}
_NO_SPACE_AFTER = {"(", "."}
_SPACED = {"==", "!=", "<=", ">=", "<", ">", "|", "=", "+", "*", "/"}


def _join(tokens: list[_Tok], header: bool) -> str:
    reserved = keywords(lark_parser())
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
    return _trimmed("".join(parts))


def _glued(previous: _Tok, tok: _Tok, tokens: list[_Tok], index: int, depth: int, reserved) -> bool:
    text, before = tok.text, previous.text
    if text in _NO_SPACE_BEFORE or before in _NO_SPACE_AFTER:
        return True
    attribute = index >= 2 and tokens[index - 2].text == "."  # taken.run(...): a name, whatever its word
    if text == "(" and previous.kind == "word" and (before not in reserved or attribute):
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
