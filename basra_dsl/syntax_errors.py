"""Turns Lark's syntax errors into plain words, and recovers to report every one of them.

Common mistakes are recognised by example (Lark's ``match_examples``): each label below
comes with snippets that make the parser fail in the same state. A few are recognised by
the look of the line (a rule named after a keyword, a misspelled clause, an unclosed
bracket, a letter O written for a zero). Anything else is described by what the parser
expected, named in card players' words, not terminal names; the words are read from the
grammar itself, so a new keyword is named correctly without an edit here.

``recover`` finds every syntax error of a file: after each error it tries small repairs
(insert the missing colon, replace a misspelled word by its suggestion, delete the token,
blank the line) and keeps the one that lets the parser read furthest, as an
error-correcting parser would, so one mistake does not hide the next or cascade.

``tree_problems`` refuses trees the later stages could not handle: expressions nested
deeper than ``MAX_DEPTH`` (they recurse in Python) and numbers with too many digits.
"""

from __future__ import annotations

import re
from functools import cache

from lark import Lark, Token, Tree
from lark.exceptions import UnexpectedCharacters, UnexpectedEOF, UnexpectedInput, UnexpectedToken

from .diagnostics import Diagnostic, Span, did_you_mean, error

MAX_ERRORS = 20  # syntax errors reported per file
MAX_DEPTH = 100  # levels of the parse tree (an expression of ~90 nested operations)
MAX_DIGITS = 15  # digits of a number literal

# grammar rules whose NUMBER tokens the parser reads as whole numbers
WHOLE_NUMBER_RULES = {"players": "a number of players", "deck": "the size of the deck"}

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
    "missing-variant": ("B111", "a variant file starts with its 'variant' line",
                        "begin with: variant NAME \"Title\"",
                        ["setup:\n", "option a: 1 = 1\n", "capture:\n"]),
    # recognised by the look of the text rather than by example:
    "bad-number": ("B104", "this is not a number: a letter O stands where a zero belongs",
                   "write 10 with the digit zero", []),
    "string": ("B106", "a quoted text is not closed",
               "close the text with '\"' on the same line", []),
    "misspelled": ("B102", "a word the language does not know stands here", None, []),
    "keyword-rule": ("B113", "a keyword of the language cannot name a rule", None, []),
}

# Wording of the terminals that are not plain keywords; keywords ('deck', 'takes') and the
# choice terminals of the grammar (TAKES: rank|sums|all) are worded from the grammar.
TERMINAL_WORDS = {
    "NAME": "a name", "VARIANT_NAME": "a variant name", "NUMBER": "a number",
    "STRING": 'a quoted text such as "Basra"',
    "PATTERN": "a card, rank or kind of card (such as 7D, J, numeral)",
    "COLON": "':'", "COMMA": "','", "_NL": "the end of the line", "$END": "the end of the file",
    "LPAR": "'('", "RPAR": "')'", "EQUAL": "'='", "VBAR": "'|'", "DOT": "'.'",
    "COMPARE": "a comparison such as '<='", "ADD_OP": "'+' or '-'", "MUL_OP": "'*' or '/'",
    "MINUS": "'-'", "COMMENT": "a comment",
}

SECTION_WORDS = ["setup", "capture", "basra", "end", "score", "game", "match", "option"]
_WORD_TOKENS = ("NAME", "PATTERN", "VARIANT_NAME")
_INVISIBLE = "\ufeff\u200b\u200c\u200d\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069\u00ad\u2060"


# ------------------------------------------------------------------ words from the grammar

@cache
def grammar_words(parser: Lark) -> dict[str, str]:
    """Returns the card-player wording of every terminal of the grammar, by terminal name."""
    words = dict(TERMINAL_WORDS)
    for terminal in parser.terminals:
        value = terminal.pattern.value
        if terminal.name in words:
            continue
        if terminal.pattern.type == "str":
            words[terminal.name] = f"'{value}'"
        else:
            choices = choice_words(value)
            if choices:
                words[terminal.name] = _or([f"'{c}'" for c in choices])
    return words


def choice_words(regex: str) -> list[str]:
    """Returns the words of a choice terminal such as ``(rank|sums|all)\\b``, else []."""
    found = re.fullmatch(r"\(([a-z_|]+)\)\\b", regex)
    return found.group(1).split("|") if found else []


@cache
def keywords(parser: Lark) -> frozenset[str]:
    """Returns every word the grammar reserves (keywords and choice words)."""
    found = set()
    for terminal in parser.terminals:
        if terminal.pattern.type == "str" and terminal.pattern.value.isalpha():
            found.add(terminal.pattern.value)
        else:
            found.update(choice_words(terminal.pattern.value))
    return frozenset(found)


def _terminal_words(parser: Lark, name: str) -> list[str]:
    """Returns the plain words a terminal stands for ('deck'; 'rank', 'sums', 'all')."""
    for terminal in parser.terminals:
        if terminal.name == name:
            if terminal.pattern.type == "str":
                return [terminal.pattern.value] if terminal.pattern.value.isalpha() else []
            return choice_words(terminal.pattern.value)
    return []


def _or(words: list[str]) -> str:
    if not words:
        return ""
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " or " + words[-1]


# ------------------------------------------------------------------ explaining one error

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
        code, message, hint, _ = LABELLED[label]
        return code, message, hint
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
        code, message, hint, _ = LABELLED["string"]
        return code, message, hint
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
        code, message, hint, _ = LABELLED["unbalanced"]
        return code, message, hint
    if exc.token.type == "RPAR" and closed > opened:
        code, message, hint, _ = LABELLED["stray-close"]
        return code, message, hint
    return None


def _misspelled(exc, text, parser):
    """An unknown word where a keyword belongs: ``dek 52``, ``captur:``, ``floor sprad``."""
    if not isinstance(exc, UnexpectedToken) or exc.token.type not in _WORD_TOKENS:
        return None
    word = str(exc.token)
    accepts = exc.accepts or exc.expected
    wanted = [w for name in sorted(accepts) for w in _terminal_words(parser, name)]
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
            hint = hint or "clauses here: " + _or([f"'{w}'" for w in wanted if w not in SECTION_WORDS])
        else:
            where = "is not a word the language knows here"
    elif hint:
        where = "is not a word the language knows here"
    else:
        return None
    message = f"'{word}' {where}"
    choices = [w for w in wanted if w not in SECTION_WORDS]
    if not first and choices:
        message += f"; expected {_or([repr(w) for w in choices])}"
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
    return _or(words)


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


# ------------------------------------------------------------------ every error of a file

def recover(first: UnexpectedInput, text: str, path: str, parser: Lark, describe) -> list[Diagnostic]:
    """Returns a diagnostic for every syntax error of ``text``, the first one being ``first``.

    ``describe(exc, text, path)`` turns one Lark error into a diagnostic. ``text`` is what
    was parsed (a byte-order mark removed, a newline added).
    """
    found = [describe(first, text, path)]
    reported = {_error_line(first, text)}
    current, exc = text, first
    for _ in range(4 * MAX_ERRORS):
        repaired = _best_repair(exc, current, parser)
        if repaired is None or repaired == current:
            break
        current = repaired
        exc = _parse_error(current, parser)
        if exc is None:
            break
        line = _error_line(exc, current)
        if line not in reported:
            reported.add(line)
            found.append(describe(exc, current, path))
            if len(found) >= MAX_ERRORS:
                break
    return found


def _parse_error(text: str, parser: Lark) -> UnexpectedInput | None:
    try:
        parser.parse(text)
    except UnexpectedInput as exc:
        return exc
    return None


def _error_line(exc: UnexpectedInput, text: str) -> int:
    if isinstance(exc, UnexpectedEOF) or (isinstance(exc, UnexpectedToken) and exc.token.type == "$END"):
        return max(len(text.rstrip("\n").splitlines()), 1)
    return max(getattr(exc, "line", 1) or 1, 1)


def _progress(text: str, parser: Lark) -> tuple[int, int]:
    exc = _parse_error(text, parser)
    if exc is None:
        return (10 ** 9, 0)
    line = _error_line(exc, text)
    column = getattr(exc, "column", 0) if line == getattr(exc, "line", -1) else 0
    return (line, max(column, 0))


def _best_repair(exc: UnexpectedInput, text: str, parser: Lark) -> str | None:
    lines = text.split("\n")
    line = _error_line(exc, text)
    if line > len(lines):
        return None
    row = lines[line - 1]
    start = (getattr(exc, "column", 1) or 1) - 1 if getattr(exc, "line", 0) == line else len(row)
    start = min(max(start, 0), len(row))
    candidates = []
    if isinstance(exc, UnexpectedToken) and "COLON" in (exc.accepts or exc.expected):
        candidates.append(row[:start].rstrip() + ":" + (" " + row[start:].lstrip() if row[start:].strip() else ""))
    if isinstance(exc, UnexpectedToken) and exc.token.type in _WORD_TOKENS:
        wanted = [w for name in sorted(exc.accepts or exc.expected) for w in _terminal_words(parser, name)]
        hint = did_you_mean(str(exc.token), wanted)
        if hint:
            suggestion = hint.split("'")[1]
            candidates.append(row[:start] + suggestion + row[start + len(str(exc.token)):])
        length = len(str(exc.token))
        candidates.append(row[:start] + " " * length + row[start + length:])
    candidates.append(" " * len(row) if not row.rstrip().endswith("\\") else " " * (len(row) - 1) + "\\")
    best, best_score = None, (-1, -1)
    for candidate in candidates:
        attempt = "\n".join(lines[:line - 1] + [candidate] + lines[line:])
        score = _progress(attempt, parser)
        if score[0] > line and score > best_score:
            best, best_score = attempt, score
    if best is None:  # nothing got past the line: blank it and go on
        best = "\n".join(lines[:line - 1] + [candidates[-1]] + lines[line:])
    return best


# ------------------------------------------------------------------ trees later stages refuse

def tree_problems(tree: Tree, path: str) -> list[Diagnostic]:
    """Returns errors for nesting deeper than MAX_DEPTH and numbers with too many digits."""
    problems: list[Diagnostic] = []
    deep_reported = set()
    stack = [(tree, 1)]
    while stack:
        node, depth = stack.pop()
        if isinstance(node, Token):
            if node.type == "NUMBER" and len(node.split(".")[0].lstrip("0")) > MAX_DIGITS:
                problems.append(error("B115", f"this number has {len(str(node))} digits: it is too large",
                                      Span(path, node.line, node.column, node.end_line, node.end_column),
                                      f"numbers in a variant have at most {MAX_DIGITS} digits"))
            continue
        if node.data in WHOLE_NUMBER_RULES:
            for child in node.children:
                if isinstance(child, Token) and child.type == "NUMBER" and "." in child:
                    problems.append(error("B705", f"{WHOLE_NUMBER_RULES[node.data]} is a whole number, not {child}",
                                          Span(path, child.line, child.column, child.end_line, child.end_column),
                                          "write it without a fraction"))
        if depth > MAX_DEPTH:
            line = getattr(node.meta, "line", 1) if not node.meta.empty else 1
            if line not in deep_reported:
                deep_reported.add(line)
                column = getattr(node.meta, "column", 1) if not node.meta.empty else 1
                problems.append(error("B114", f"this is nested more than {MAX_DEPTH} levels deep",
                                      Span(path, line, column),
                                      "split the expression, or write it with fewer brackets and operators"))
            continue
        stack.extend((child, depth + 1) for child in node.children)
    return problems
