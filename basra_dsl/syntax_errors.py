"""Turns Lark's syntax errors into plain words: ``explain`` is the entry point.

Common mistakes are recognised by example (Lark's ``match_examples``): each label of
``LABELLED`` comes with snippets that make the parser fail in the same state. A few are
recognised by the look of the line (a rule named after a keyword, a misspelled clause, an
unclosed bracket, a letter O written for a zero). Anything else is described by what the
parser expected, named in card players' words, not terminal names (see ``syntax_words``).

The parser reaches the rest of the syntax checks through this module: ``recover`` reports
every syntax error of a file (see ``syntax_recovery``) and ``tree_problems`` refuses trees
the later stages could not handle (see ``syntax_limits``).
"""

from __future__ import annotations

import re

from lark import Lark
from lark.exceptions import UnexpectedCharacters, UnexpectedEOF, UnexpectedInput, UnexpectedToken

from .diagnostics import did_you_mean
from .syntax_limits import MAX_DEPTH, MAX_DIGITS, WHOLE_NUMBER_RULES, tree_problems
from .syntax_recovery import MAX_ERRORS, recover
from .syntax_words import (LABELLED, SECTION_WORDS, TERMINAL_WORDS, WORD_TOKENS, accepted_words, choice_words,
                           grammar_words, keywords, labelled, or_words)

__all__ = [
    "explain", "recover", "tree_problems", "LABELLED", "TERMINAL_WORDS", "SECTION_WORDS", "grammar_words",
    "choice_words", "keywords", "MAX_ERRORS", "MAX_DEPTH", "MAX_DIGITS", "WHOLE_NUMBER_RULES",
]

# characters an editor may not show, each named by its code point when found
_INVISIBLE = "\ufeff\u200b\u200c\u200d\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069\u00ad\u2060"


def explain(exc: UnexpectedInput, text: str, parser: Lark) -> tuple[str, str, str | None]:
    """Returns (code, message, hint) for a syntax error."""
    bad_number = _bad_number(exc, text)
    if bad_number:
        return bad_number
    if isinstance(exc, UnexpectedCharacters):
        return _unexpected_character(exc, text, parser)
    for recognise in (_keyword_rule, _brackets, _misspelled):
        found = recognise(exc, text, parser)
        if found:
            return found
    label = exc.match_examples(parser.parse, {k: v[3] for k, v in LABELLED.items() if v[3]},
                               use_accepts=True)
    if label:
        return labelled(label)
    return _generic(exc, text, parser)


def _line_text(text: str, line: int) -> str:
    lines = text.splitlines()
    return lines[line - 1] if 0 < line <= len(lines) else ""


def _bad_number(exc, text):
    if not getattr(exc, "line", 0) or exc.line < 1:
        return None
    word = _word_at(text, exc.line, exc.column)
    if re.fullmatch(r"[0-9]*[0-9][oO]|[0-9]*[oO][0-9]+|[lI][0-9]+|[0-9]+[lI]", word or "") or \
            re.fullmatch(r"1[oO][CDHS♣♦♥♠]?", word or ""):
        code = LABELLED["bad-number"][0]
        fixed = word.replace("O", "0").replace("o", "0").replace("l", "1").replace("I", "1")
        return code, f"'{word}' is not a number: a letter stands where a digit belongs", \
            f"write {fixed} with digits (zero, not the letter O; one, not the letter l)"
    return None


def _word_at(text: str, line: int, column: int) -> str:
    row = _line_text(text, line)
    start = column - 1
    while 0 < start <= len(row) and row[start - 1].isalnum():
        start -= 1
    end = column - 1
    while 0 <= end < len(row) and (row[end].isalnum() or row[end] in "♣♦♥♠"):
        end += 1
    return row[start:end]


def _unexpected_character(exc: UnexpectedCharacters, text: str, parser: Lark):
    char = exc.char
    if char == '"':
        return labelled("string")
    if char in _INVISIBLE:
        what = "a byte-order mark" if char == "\ufeff" else "an invisible character"
        return ("B107", f"{what} (U+{ord(char):04X}) stands here",
                "delete it; editors may show nothing where it is")
    if ord(char) > 127 and char.isdigit():
        plain = str(int(char)) if char.isdecimal() else "0-9"
        return ("B107", f"'{char}' (U+{ord(char):04X}) looks like a digit but is not an ASCII digit",
                f"write the plain digit {plain}")
    if ord(char) > 127 and char.isalpha():
        return ("B107", f"'{char}' (U+{ord(char):04X}) is not a letter the language uses",
                "names and keywords are written in plain ASCII letters")
    if char == "\t" or char.isspace() or not char.isprintable():
        return ("B107", f"an unexpected control character (U+{ord(char):04X}) stands here",
                "delete it; variant files hold plain text")
    expected = _expected_words(exc.allowed or set(), parser)
    return ("B107", f"unexpected character '{char}'" + (f"; expected {expected}" if expected else ""),
            None)


def _keyword_rule(exc, text, parser):
    """A rule named after a keyword: ``match: J takes all`` in the capture section."""
    if not isinstance(exc, UnexpectedToken):
        return None
    row = _line_text(text, exc.line)
    found = re.match(r"\s*([A-Za-z_]+)\s*:\s*([^#\s])", row)
    if not found or found.group(1) not in keywords(parser):
        return None
    if not found.start(1) <= exc.column - 1 <= found.start(2):
        return None
    word = found.group(1)
    return ("B113", f"'{word}' is a keyword of the language and cannot name a rule",
            f"give the rule another name, such as '{word}_rule:' or 'by_{word}:'")


def _brackets(exc, text, parser):
    if not isinstance(exc, UnexpectedToken) or exc.token.type == "$END":
        return None
    row = re.sub(r'"[^"]*"|#.*', "", _line_text(text, exc.line))
    opened, closed = row.count("("), row.count(")")
    accepts = exc.accepts or exc.expected
    if opened > closed and "RPAR" in accepts:
        return labelled("unbalanced")
    if exc.token.type == "RPAR" and closed > opened:
        return labelled("stray-close")
    return None


def _misspelled(exc, text, parser):
    """An unknown word where a keyword belongs: ``dek 52``, ``captur:``, ``floor sprad``."""
    if not isinstance(exc, UnexpectedToken) or exc.token.type not in WORD_TOKENS:
        return None
    word = str(exc.token)
    wanted = accepted_words(exc, parser)
    if not wanted:
        return None
    row = _line_text(text, exc.line)
    first = row[:exc.column - 1].strip() == ""
    hint = did_you_mean(word, wanted)
    if first:
        section = _section_of(text, exc.line)
        if row[exc.column - 1 + len(word):].lstrip().startswith(":") and not row.startswith((" ", "\t")):
            where = "is not a section"
            hint = hint or "sections: " + ", ".join(SECTION_WORDS[:-1])
        elif section:
            where = f"is not a clause of the {section} section"
            hint = hint or "clauses here: " + or_words([f"'{w}'" for w in wanted if w not in SECTION_WORDS])
        else:
            where = "is not a word the language knows here"
    elif hint:
        where = "is not a word the language knows here"
    else:
        return None
    message = f"'{word}' {where}"
    choices = [w for w in wanted if w not in SECTION_WORDS]
    if not first and choices:
        message += f"; expected {or_words([repr(w) for w in choices])}"
    return "B102", message, hint


def _section_of(text: str, line: int) -> str | None:
    for row in reversed(text.splitlines()[:line - 1]):
        found = re.match(r"(setup|capture|basra|end|score|game|match)\s*:\s*(#.*)?$", row)
        if found:
            return found.group(1)
    return None


def _expected_words(allowed, parser: Lark) -> str:
    words = []
    wording = grammar_words(parser)
    for name in sorted(allowed):
        word = wording.get(name)
        if word is None and name.isalpha() and not name.startswith("_"):
            word = f"'{name.lower()}'"
        if word and word not in words:
            words.append(word)
    return or_words(words)


def _generic(exc: UnexpectedInput, text: str, parser: Lark):
    if isinstance(exc, UnexpectedToken):
        token = exc.token
        found = "the end of the line" if token.type == "_NL" else (
            "the end of the file" if token.type == "$END" else f"'{token}'")
        expected = _expected_words(exc.accepts or exc.expected, parser)
        message = f"unexpected {found}" + (f"; expected {expected}" if expected else "")
        return "B100", message, None
    if isinstance(exc, UnexpectedEOF):
        return "B105", "the file ends in the middle of a statement", None
    return "B100", str(exc).splitlines()[0], None
