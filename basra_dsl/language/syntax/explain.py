"""Turns Lark's syntax errors into plain words: ``explain`` is the entry point.

A broken ``variant`` line (``header``), an operator from another language or a card list
written another way (``operators``) and a clause under the wrong section (``places``) are
recognised first, on the failing line, whatever the parser expected there. Other common
mistakes are recognised by the tokens of the failing line, whatever state the parser
is in: a rule named after a keyword, a misspelled clause or section, an unclosed bracket, a
letter O written for a zero, a section, rule or option without its colon, a capture rule
without 'takes' (``_by_line``). A mistake made where a statement begins stops the parser a
word later when the word reads as a rule's name (``chose largest``, ``basar:``); such
explanations say where the mistake stands (``Explanation.column``). Lark's ``match_examples``
comes next: each label of ``LABELLED`` has snippets that make the parser fail in the same
state. Anything else is described by what the parser expected, named in card players'
words, not terminal names (see ``words``).

The parser reaches the rest of the syntax checks through this module: ``recover`` reports
every syntax error of a file (see ``recovery``), each placed on its mistake and
repaired as explained, and ``tree_problems`` refuses trees the later stages could not handle
(see ``limits``).
"""

from __future__ import annotations

import re
from dataclasses import replace

from lark import Lark
from lark.exceptions import UnexpectedCharacters, UnexpectedEOF, UnexpectedInput, UnexpectedToken

from ...diagnostics import Diagnostic, Span, did_you_mean
from . import recovery
from .header import before_variant, variant_line
from .limits import MAX_DEPTH, MAX_DIGITS, WHOLE_NUMBER_RULES, tree_problems
from ..nodes import SECTIONS
from .operators import foreign
from .places import wrong_section
from .recovery import MAX_ERRORS, reads_past, with_row
from .slips import at_the_stop, brackets, mended
from .words import (
    CHOICE_MEANINGS,
    CHOICE_SYNONYMS,
    LABELLED,
    SECTION_LINE,
    SECTION_WORDS,
    TERMINAL_WORDS,
    WORD_TOKENS,
    Explanation,
    accepted_words,
    choice_words,
    grammar_words,
    keywords,
    labelled,
    or_words,
    statement_words,
)

__all__ = [
    "explain", "diagnose", "Explanation", "recover", "tree_problems", "LABELLED", "TERMINAL_WORDS",
    "SECTION_WORDS", "grammar_words", "choice_words", "keywords", "MAX_ERRORS", "MAX_DEPTH", "MAX_DIGITS", "WHOLE_NUMBER_RULES",
]

# characters an editor may not show, each named by its code point when found
_INVISIBLE = "\ufe0f\ufe0e\ufeff\u200b\u200c\u200d\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069\u00ad\u2060"


def explain(exc: UnexpectedInput, text: str, parser: Lark) -> tuple[str, str, str | None]:
    """Returns (code, message, hint) for a syntax error."""
    found = diagnose(exc, text, parser)
    return found.code, found.message, found.hint


_last: list = [None, None, None]  # (exc, text, Explanation) of the last call: recovery asks twice


def diagnose(exc: UnexpectedInput, text: str, parser: Lark) -> Explanation:
    """Returns the explanation of a syntax error, with where its mistake stands."""
    if _last[0] is exc and _last[1] is text:
        return _last[2]
    found = _diagnose(exc, text, parser)
    _last[:] = [exc, text, found]
    return found


def _diagnose(exc: UnexpectedInput, text: str, parser: Lark) -> Explanation:
    bad_number = _bad_number(exc, text)
    if bad_number:
        return Explanation(*bad_number)
    for recognise in (before_variant, variant_line, foreign, mended, wrong_section):  # the mistake, whatever the state
        found = recognise(exc, text, parser)
        if found:
            return found
    if isinstance(exc, UnexpectedCharacters):
        return Explanation(*_unexpected_character(exc, text, parser))
    for recognise in (_keyword_rule, brackets, at_the_stop, _misspelled):
        found = recognise(exc, text, parser)
        if found:
            return found if isinstance(found, Explanation) else Explanation(*found)
    by_line = _by_line(exc, text, parser)
    if by_line:
        return by_line
    label = exc.match_examples(parser.parse, {k: v[3] for k, v in LABELLED.items() if v[3]},
                               use_accepts=True)
    if label:
        return Explanation(*labelled(label))
    return _unknown_choice(exc, parser) or Explanation(*_generic(exc, text, parser))


def recover(first: UnexpectedInput, text: str, path: str, parser: Lark, describe) -> list[Diagnostic]:
    """Returns a diagnostic for every syntax error of ``text`` (see ``recovery.recover``),
    each placed on its mistake and each mistake repaired as its explanation suggests."""

    def placed(exc: UnexpectedInput, current: str, where: str) -> Diagnostic:
        diagnostic = describe(exc, current, where)
        found = diagnose(exc, current, parser)
        if found.column is None or diagnostic.span is None:
            return diagnostic
        line = exc.line
        return replace(diagnostic, span=Span(where, line, found.column, line, found.column + found.width))

    def fixes(exc: UnexpectedInput, current: str) -> list[str]:
        found = diagnose(exc, current, parser)
        return [found.fix] if found.fix is not None else []

    return recovery.recover(first, text, path, parser, placed, fixes)


def _line_text(text: str, line: int) -> str:
    lines = text.split("\n")
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
        what = ("a byte-order mark" if char == "\ufeff" else "an emoji selector, pasted with a suit sign"
                if char in "\ufe0e\ufe0f" else "an invisible character")
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
    found = re.match(rf"\s*([A-Za-z_]+)\s*{_TITLE}:\s*([^#\s])", row)
    if not found or found.group(1) not in keywords(parser):
        return None
    if not found.start(1) <= exc.column - 1 <= found.start(2):
        return None
    word = found.group(1)
    if word in SECTIONS and not row[:1].isspace():  # a section's header with its first line after it
        rest = row[found.end(2) - 1:].strip()
        return Explanation("B101", f"a section's line holds only its name: '{rest}' goes on a line of its own below "
                           f"'{word}:'", f"write '{word}:' alone, then '  {rest}' on the next line, indented",
                           column=found.start(2) + 1, width=len(rest), fix=f"{word}:")  # recovery reads on past it
    return ("B113", f"'{word}' is a keyword of the language and cannot name a rule",
            f"give the rule another name, such as '{word}_rule:' or 'by_{word}:'")


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


_SECTION = "|".join(SECTION_WORDS[:-1])
_WORD = r"[A-Za-z_][A-Za-z0-9_]*"
_TITLE = r'(?:"[^"\n]*"\s*)?'  # a named rule's title, between its name and its colon


def _by_line(exc, text, parser) -> Explanation | None:
    """Recognises the common mistakes by the tokens of the failing line, whatever state the
    parser is in (``match_examples`` knows them only in the state of its snippets: the first
    rule of a section, the first section of a file)."""
    if not isinstance(exc, UnexpectedToken) or exc.token.type == "$END" or exc.line < 1:
        return None
    row = _line_text(text, exc.line)
    at = min(max(exc.column - 1, 0), len(row))
    before = row[:at]
    accepts = set(exc.accepts or exc.expected)
    section = _section_of(text, exc.line)
    for recognise in (_header_colon, _option_mistake, _takes_mistake, _section_typo):
        found = recognise(exc, row, before, accepts, section, parser)
        if found:
            return found
    two = _two_clauses(exc, text, row, before, section, parser)
    if two:
        return two
    if section in ("capture", "basra"):
        return _clause_typo(exc, text, row, before, section, parser) or _rule_colon(row, before, accepts)
    return _clause_typo(exc, text, row, before, section, parser)


def _two_clauses(exc, text, row, before, section, parser):
    """Two clauses written on one line (``hand 4 deal batches``, or ``hand 3, start floor 4``):
    the word the parser stopped at (or the one after the comma it stopped at) begins a clause
    of the section, and the line reads on once it is put on its own."""
    word = exc.token.value if isinstance(exc.token.value, str) else ""
    rest = row[len(before):]
    if word in (",", ";"):  # 'hand 3, start floor 4': the clauses parted as a list's entries are
        rest = rest[1:]
        word = (rest.split() or [""])[0]
    if not section or not before.strip() or not re.fullmatch(_WORD, word):
        return None
    if word not in statement_words(text, exc.line, parser):
        return None
    indent = row[:len(row) - len(row.lstrip())]
    first, second = before.rstrip(), indent + rest.lstrip()
    lines = text.split("\n")
    attempt = "\n".join(lines[:exc.line - 1] + [first, second] + lines[exc.line:])
    if not reads_past(attempt, exc.line + 1, parser):
        return None
    return Explanation("B123", f"two clauses stand on one line: '{second.strip()}' begins a clause of its own",
                       f"put each clause on its own line: '{first.strip()}', then '{second.strip()}' below it",
                       column=len(before) + 1, width=len(row) - len(before) - len(rest.lstrip()) + len(word))


def _colon_after(row: str, end: int) -> str:
    """Returns ``row`` with ':' written at ``end`` (0-based), a space after it."""
    rest = row[end:].lstrip()
    return row[:end] + ":" + (" " + rest if rest else "")


def _header_colon(exc, row, before, accepts, section, parser):
    """A section word alone on its line: ``setup``."""
    found = re.fullmatch(rf"\s*({_SECTION})\s*(#.*)?", row)
    if not found or "COLON" not in accepts:
        return None
    code, message, _ = labelled("missing-colon")
    return Explanation(code, message, f"write the section name followed by ':': '{found.group(1)}:'",
                       column=found.end(1) + 1, fix=_colon_after(row, found.end(1)))


def _option_mistake(exc, row, before, accepts, section, parser):
    """``option target 101 | 121 = 101`` (no colon) and ``option target: 101 | 121`` (no default)."""
    named = re.fullmatch(rf"(\s*option\s+{_WORD})\s*", before)
    if named and "COLON" in accepts:
        end = named.end(1)
        return Explanation(*labelled("option-colon"), column=end + 1, fix=_colon_after(row, end))
    choices = re.match(rf"\s*option\s+{_WORD}\s*:\s*([^\s|=\"]+)", before)
    if choices and "EQUAL" in accepts and exc.token.type in ("STRING", "_NL"):
        default = f"= {choices.group(1)}"
        fix = before.rstrip() + " " + default + (" " + row[len(before):].lstrip() if exc.token.type == "STRING" else "")
        return Explanation(*labelled("option-default"), fix=fix)
    return None


def _takes_mistake(exc, row, before, accepts, section, parser):
    """A capture rule without 'takes' (``jack: J all``) or without what it takes (``jack: J takes``)."""
    if section != "capture" or not re.match(rf"\s*{_WORD}\s*{_TITLE}:", before):
        return None
    token = exc.token
    if "takes" in accepted_words(exc, parser):
        if token.type == "_NL":
            return Explanation(*labelled("takes-missing"))
        if str(token) in keywords(parser):
            return Explanation(*labelled("takes-missing"), fix=before + "takes " + row[len(before):])
        return None
    if re.search(r"\btakes\s*$", before):
        return Explanation(*labelled("takes-what"))
    return None


def _section_typo(exc, row, before, accepts, section, parser):
    """A word at the start of a line followed by a colon alone, close to a section name:
    ``basar:`` (in the capture section it reads as a rule, so the parser stops after it)."""
    found = re.fullmatch(rf"({_WORD})\s*:\s*(#.*)?", row)
    if not found or found.group(1) in SECTION_WORDS:
        return None
    word = found.group(1)
    hint = did_you_mean(word, SECTION_WORDS[:-1])
    if not hint:
        return None
    fixed = hint.split("'")[1] + row[len(word):]
    return Explanation("B102", f"'{word}' is not a section", hint, column=1, width=len(word), fix=fixed)


def _clause_typo(exc, text, row, before, section, parser):
    """A misspelled clause keyword read as a rule's name: ``chose largest``, ``compulsry``.

    The word is the only one before the error; it is taken for a misspelling when it is close
    to a clause the section accepts there and the line reads on with that clause.
    """
    found = re.fullmatch(rf"(\s*)({_WORD})\s*{_TITLE}", before)  # 'caled "basra"' reads as a titled rule
    if not found or not section:
        return None
    word = found.group(2)
    clauses = [w for w in statement_words(text, exc.line, parser) if w not in SECTION_WORDS]
    if word in clauses:
        return None
    hint = did_you_mean(word, clauses)
    if not hint:
        return None
    start = found.start(2)
    fixed = row[:start] + hint.split("'")[1] + row[start + len(word):]
    lines = text.split("\n")
    attempt = with_row(lines, exc.line, fixed)
    if not reads_past(attempt, exc.line, parser):
        return None
    return Explanation("B102", f"'{word}' is not a clause of the {section} section", hint,
                       column=start + 1, width=len(word), fix=fixed)


def _rule_colon(row, before, accepts):
    """A rule of the capture or basra section without the colon after its name:
    ``pair any takes rank``, ``clear 10 when cleared``, ``pair "Pairing" any takes rank``; or
    a name written as words (``jack on jack: 30``), which takes underscores for its spaces."""
    found = re.fullmatch(rf'\s*({_WORD})(\s*"[^"\n]*")?\s*', before)
    if not found or "COLON" not in accepts or found.group(1) in SECTION_WORDS:
        return None
    spaced = re.match(rf"(\s*)((?:{_WORD}\s+)+{_WORD})\s*:", row)
    if spaced and not found.group(2):  # 'jack on jack: ...': the colon is there, after words
        name = "_".join(spaced.group(2).split())
        fixed = spaced.group(1) + name + row[spaced.end(2):]
        return Explanation("B101", "a rule's name is one word: its spaces are written as '_'",
                           f"write: {fixed.strip()}", column=len(spaced.group(1)) + 1, width=len(spaced.group(2)),
                           fix=fixed)
    end = found.end(2) if found.group(2) else found.end(1)
    code, message, _ = labelled("rule-colon")
    fixed = _colon_after(row, end)
    return Explanation(code, message, f"write: {fixed.strip()}", column=end + 1, fix=fixed)


def _unknown_choice(exc, parser) -> Explanation | None:
    """A word none of a few keywords is close to, where only those may stand (``start floor
    4 without J: shuffle``): the words, with what they do where the help can say it."""
    if not isinstance(exc, UnexpectedToken) or not re.fullmatch(r"[A-Za-z_][A-Za-z0-9_]*", str(exc.token)):
        return None
    wanted = accepted_words(exc, parser)
    if len(wanted) < 2 or not all(w in keywords(parser) for w in wanted):  # a choice, not a joining word
        return None
    listed = or_words([f"'{w}'" for w in wanted])
    meant = next((w for w in CHOICE_SYNONYMS.get(str(exc.token).lower(), ()) if w in wanted), None)
    glossed = len(wanted) <= 6  # a few words are a choice, whose words say what they do; many start clauses
    meanings = or_words([f"'{w}'" + (f" ({CHOICE_MEANINGS[w]})" if glossed and w in CHOICE_MEANINGS else "")
                         for w in wanted])
    return Explanation("B102", f"'{exc.token}' is not one of the words that go here; expected {listed}",
                       (f"did you mean '{meant}'? " if meant in wanted else "") + "write " + meanings)


def _section_of(text: str, line: int) -> str | None:
    for row in reversed(text.split("\n")[:line - 1]):
        found = SECTION_LINE.match(row)
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
        expected = _expected_words(exc.accepts or exc.expected, parser)
        if token.type in ("_NL", "$END"):
            where = "line" if token.type == "_NL" else "file"
            message = f"the {where} ends too soon" + (f": {expected} should follow" if expected else "")
        else:
            message = f"unexpected '{token}'" + (f"; expected {expected}" if expected else "")
        return "B100", message, None
    if isinstance(exc, UnexpectedEOF):
        return "B105", "the file ends in the middle of a statement", None
    return "B100", str(exc).splitlines()[0], None
