"""Turns Lark's syntax errors into plain words.

Common mistakes are recognised by example (Lark's ``match_examples``): each label below
comes with snippets that make the parser fail in the same state. Anything else is
described by what the parser expected, named in card players' words, not terminal names.
"""

from __future__ import annotations

import re

from lark import Lark
from lark.exceptions import UnexpectedCharacters, UnexpectedEOF, UnexpectedInput, UnexpectedToken

from .diagnostics import did_you_mean

_HEAD = 'variant x\n'

# label -> (code, message, hint, example snippets)
LABELLED = {
    "missing-colon": ("B101", "a section header needs a colon",
                      "write the section name followed by ':', such as 'setup:'",
                      [_HEAD + "setup\n", _HEAD + "capture\n", _HEAD + "basra\n", _HEAD + "score\n",
                       _HEAD + "game\n", _HEAD + "match\n", _HEAD + "end\n"]),
    "rule-colon": ("B101", "a rule needs a colon after its name",
                   "write it as 'name: ...', such as 'pair: any takes rank'",
                   [_HEAD + "capture:\n pair any takes rank\n", _HEAD + "basra:\n clear 10\n"]),
    "option-colon": ("B101", "an option needs a colon after its name",
                     "write it as: option target: 101 | 121 = 101",
                     [_HEAD + "option target 101\n"]),
    "option-default": ("B109", "an option needs a default after its choices",
                       "end the choices with '= DEFAULT', such as: option target: 101 | 121 = 101",
                       [_HEAD + "option target: 101 | 121\n", _HEAD + "option target: 101\n"]),
    "unbalanced": ("B103", "a bracket is not closed",
                   "every '(' needs a matching ')' on the same line",
                   [_HEAD + "basra:\n a: 10 when (cleared\n", _HEAD + "basra:\n a: (10\n",
                    _HEAD + "basra:\n a: 10 when (floor.sum > (2 + 3)\n",
                    _HEAD + "basra:\n a: value(played\n"]),
    "stray-close": ("B103", "a closing bracket has no opening one",
                    "remove the ')' or add the '(' it closes",
                    [_HEAD + "basra:\n a: 10)\n", _HEAD + "basra:\n a: 10 when cleared)\n"]),
    "takes-what": ("B110", "a capture rule must say what the card takes",
                   "end it with 'takes rank', 'takes sums' or 'takes all'",
                   [_HEAD + "capture:\n a: J takes\n", _HEAD + "capture:\n a: J takes floor\n"]),
    "takes-missing": ("B110", "a capture rule needs 'takes'",
                      "write it as 'name: CARDS takes rank|sums|all', such as 'jack: J takes all'",
                      [_HEAD + "capture:\n a: J all\n", _HEAD + "capture:\n a: J\n"]),
    "bad-number": ("B104", "this is not a number: a letter O stands where a zero belongs",
                   "write 10 with the digit zero", []),
    "missing-variant": ("B111", "a variant file starts with its 'variant' line",
                        "begin with: variant NAME \"Title\"",
                        ["setup:\n", "option a: 1 = 1\n", "capture:\n"]),
    "string": ("B106", "a quoted text is not closed",
               "close the text with '\"' on the same line", []),
}

TERMINAL_WORDS = {
    "NAME": "a name", "NUMBER": "a number", "STRING": 'a quoted text such as "Basra"',
    "PATTERN": "a card, rank or kind of card (such as 7D, J, numeral)",
    "COLON": "':'", "COMMA": "','", "_NL": "the end of the line", "$END": "the end of the file",
    "LPAR": "'('", "RPAR": "')'", "EQUAL": "'='", "VBAR": "'|'", "DOT": "'.'",
    "COMPARE": "a comparison such as '<='", "ADD_OP": "'+' or '-'", "MUL_OP": "'*' or '/'",
    "FLOOR_KIND": "'spread' or 'stack'", "DEAL_MODE": "'batches' or 'singly'",
    "DIRECTION": "'clockwise' or 'anticlockwise'", "BAR_ACTION": "'bury' or 'bottom'",
    "TAKES": "'rank', 'sums' or 'all'", "CHOICE_POLICY": "'largest' or 'one'",
    "COMPULSION": "'compulsory' or 'optional'", "LEFTOVER": "'last' or 'nobody'",
    "TIE_POLICY": "'carry', 'nobody' or 'each'", "GAME_TIE": "'replay', 'draw' or 'extend'",
    "TOP": "'top'", "MINUS": "'-'",
}

SECTION_WORDS = ["setup", "capture", "basra", "end", "score", "game", "match", "option"]
CLAUSE_WORDS = {
    "setup": ["deck", "players", "partners", "hand", "floor", "start", "redeal", "deal", "direction", "drop"],
    "capture": ["choose", "compulsory", "optional", "drop"],
    "basra": ["called", "drop"],
    "end": ["leftover", "drop"],
    "score": ["most", "points", "total", "drop"],
    "game": ["first", "tie", "drop"],
    "match": ["best", "decider", "drop"],
}


def explain(exc: UnexpectedInput, text: str, parser: Lark) -> tuple[str, str, str | None]:
    """Returns (code, message, hint) for a syntax error."""
    bad_number = _bad_number(exc, text)
    if bad_number:
        return bad_number
    if isinstance(exc, UnexpectedCharacters):
        return _unexpected_character(exc, text)
    label = exc.match_examples(parser.parse, {k: v[3] for k, v in LABELLED.items() if v[3]},
                               use_accepts=True)
    if label:
        code, message, hint, _ = LABELLED[label]
        return code, message, hint
    return _generic(exc, text)


def _line_text(text: str, line: int) -> str:
    lines = text.splitlines()
    return lines[line - 1] if 0 < line <= len(lines) else ""


def _bad_number(exc, text):
    word = _word_at(text, exc.line, exc.column) if getattr(exc, "line", 0) > 0 else ""
    if re.fullmatch(r"[0-9]*[0-9][oO]|[0-9]*[oO][0-9]+|[lI][0-9]+|[0-9]+[lI]", word or "") or \
            re.fullmatch(r"1[oO][CDHS♣♦♥♠]?", word or ""):
        code, message, hint, _ = LABELLED["bad-number"]
        return code, f"'{word}' is not a number: a letter stands where a digit belongs", \
            "write 10 with the digits one and zero"
    return None


def _word_at(text: str, line: int, column: int) -> str:
    row = _line_text(text, line)
    start = column - 1
    while start > 0 and (row[start - 1].isalnum()):
        start -= 1
    end = column - 1
    while end < len(row) and (row[end].isalnum() or row[end] in "♣♦♥♠"):
        end += 1
    return row[start:end]


def _unexpected_character(exc: UnexpectedCharacters, text: str):
    char = exc.char
    if char == '"':
        code, message, hint, _ = LABELLED["string"]
        return code, message, hint
    if char in "\ufeff\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069\u200b":
        return ("B107", f"an invisible character (U+{ord(char):04X}) stands here",
                "delete it; editors may show nothing where it is")
    if ord(char) > 127 and char.isdigit():
        return ("B107", f"'{char}' (U+{ord(char):04X}) looks like a digit but is not an ASCII digit",
                f"write the plain digit {int(char) if char.isdecimal() else '0-9'}")
    if ord(char) > 127 and char.isalpha():
        return ("B107", f"'{char}' (U+{ord(char):04X}) is not a letter the language uses",
                "names and keywords are written in plain ASCII letters")
    expected = _expected_words(exc.allowed or set())
    return ("B107", f"unexpected character '{char}'" + (f"; expected {expected}" if expected else ""),
            None)


def _expected_words(allowed) -> str:
    words = []
    for name in sorted(allowed):
        word = TERMINAL_WORDS.get(name)
        if word is None:
            word = f"'{name.lower()}'" if name.isalpha() else None
        if word and word not in words:
            words.append(word)
    if not words:
        return ""
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " or " + words[-1]


def _generic(exc: UnexpectedInput, text: str):
    if isinstance(exc, UnexpectedToken):
        token = exc.token
        found = "the end of the line" if token.type == "_NL" else (
            "the end of the file" if token.type == "$END" else f"'{token}'")
        expected = _expected_words(exc.accepts or exc.expected)
        hint = None
        if token.type in ("NAME", "PATTERN"):
            hint = did_you_mean(str(token), _keywords_expected(exc))
        message = f"unexpected {found}" + (f"; expected {expected}" if expected else "")
        return "B100", message, hint
    if isinstance(exc, UnexpectedEOF):
        return "B105", "the file ends in the middle of a statement", None
    return "B100", str(exc).splitlines()[0], None


def _keywords_expected(exc: UnexpectedToken) -> list[str]:
    words = []
    for name in exc.accepts or exc.expected:
        if name.isalpha() and name.upper() == name and name not in TERMINAL_WORDS:
            words.append(name.lower())
    return words + SECTION_WORDS + [w for ws in CLAUSE_WORDS.values() for w in ws]
