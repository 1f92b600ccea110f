"""The words syntax errors are told in: labelled mistakes, and card players' names for what
the parser expected.

``LABELLED`` lists the mistakes recognised by the look of the failing line or by example
(Lark's ``match_examples``), each with its code, message and hint. The terminals of the
grammar are worded from the grammar itself (keywords and choice terminals such as
``TAKES: rank|sums|all``), so a new keyword is named correctly without an edit here;
``TERMINAL_WORDS`` words the rest.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache

from lark import Lark
from lark.exceptions import UnexpectedInput

from ..nodes import SECTIONS


@dataclass(frozen=True)
class Explanation:
    """What a syntax error is, in plain words, and where the mistake stands.

    ``column`` and ``width`` place the mistake on the error's line when it is not where the
    parser stopped (a misspelled word read as a rule's name stops the parser a word later);
    ``fix`` is the error's line repaired, which error recovery tries first.
    """

    code: str
    message: str
    hint: str | None = None
    column: int | None = None
    width: int = 1
    fix: str | None = None


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
                   "end it with 'takes rank' (cards of its rank), 'takes sums' (cards adding up to it), "
                   "'takes all' (the whole floor) or 'takes pile' (another player's won pile)",
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

SECTION_WORDS = [*SECTIONS, "option"]

# the tokens a misspelled keyword is read as
WORD_TOKENS = ("NAME", "PATTERN", "VARIANT_NAME")


def labelled(label: str) -> tuple[str, str, str | None]:
    """Returns (code, message, hint) of a labelled mistake."""
    code, message, hint, _ = LABELLED[label]
    return code, message, hint


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
                words[terminal.name] = or_words([f"'{c}'" for c in choices])
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


def terminal_words(parser: Lark, name: str) -> list[str]:
    """Returns the plain words a terminal stands for ('deck'; 'rank', 'sums', 'all')."""
    for terminal in parser.terminals:
        if terminal.name == name:
            if terminal.pattern.type == "str":
                return [terminal.pattern.value] if terminal.pattern.value.isalpha() else []
            return choice_words(terminal.pattern.value)
    return []


def accepted_words(exc: UnexpectedInput, parser: Lark) -> list[str]:
    """Returns the plain words the parser would have accepted where ``exc`` stopped it."""
    return [w for name in sorted(exc.accepts or exc.expected) for w in terminal_words(parser, name)]


def statement_words(text: str, line: int, parser: Lark) -> list[str]:
    """Returns the plain words that may begin a statement on ``line`` of ``text`` (the clauses
    of the section it stands in, and the section words), or [] when the lines before it do
    not parse."""
    prefix = "\n".join(text.split("\n")[:line - 1]) + "\n"
    try:
        state = parser.parse_interactive(prefix)
        state.exhaust_lexer()
        names = state.accepts()
    except UnexpectedInput:
        return []
    return [w for name in sorted(names) for w in terminal_words(parser, name)]


def or_words(words: list[str]) -> str:
    """Returns 'a, b or c'."""
    if not words:
        return ""
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " or " + words[-1]


SECTION_LINE = re.compile(rf"({'|'.join(SECTIONS)})\s*:\s*(#.*)?$")


def line_text(text: str, line: int) -> str:
    """Returns the text of a 1-based line of ``text``, or ''."""
    lines = text.split("\n")
    return lines[line - 1] if 0 < line <= len(lines) else ""


def section_start(text: str, line: int) -> tuple[str, int] | None:
    """Returns the section that ``line`` stands in and the line where that section starts."""
    rows = text.split("\n")[:line - 1]
    for number in range(len(rows), 0, -1):
        found = SECTION_LINE.match(rows[number - 1])
        if found:
            return found.group(1), number
    return None


def shown(row: str, start: int = 0, end: int | None = None, most: int = 72) -> str:
    """Returns a statement as a help line shows it: stripped of its comment and indentation,
    and when long, only the words around ``start``..``end`` (0-based, in ``row``)."""
    end = len(row) if end is None else end
    code = re.sub(r'\s*#[^"]*$', "", row.rstrip()).rstrip("\\ \t")
    left = len(code) - len(code.lstrip())
    code = code.strip()
    start, end = max(start - left, 0), max(end - left, 0)
    if len(code) <= most:
        return code
    first = max(code.rfind(" ", 0, max(start - most // 2, 0)) + 1, 0)
    last = code.find(" ", min(max(end + most // 2, first + most), len(code)))
    last = len(code) if last < 0 else last
    return ("… " if first > 0 else "") + code[first:last] + (" …" if last < len(code) else "")


# what the words of a few closed choices do, for a help line that lists them
CHOICE_MEANINGS = {"bury": "back into the pack at a random place", "bottom": "under the pack",
                   "dealer": "the dealer wins it", "carry": "the points wait for the next hand",
                   "nobody": "no one scores them", "each": "every tied side scores them",
                   "split": "the tied sides share them", "replay": "another game is played", "draw": "the game ends level",
                   "extend": "the target rises", "countback": "a count settles it",
                   "next": "the player after, to the left when play goes clockwise",
                   "previous": "the player before, to the right when play goes clockwise",
                   "clockwise": "to the left", "anticlockwise": "to the right",
                   "largest": "the most cards it can, in groups", "one": "one group, the player's choice",
                   "fewest": "one group, of the fewest cards", "single": "one group, of the most cards",
                   "pair": "one card of its value"}
# words authors use for a choice, by the choices each may mean (the first that may stand is offered)
CHOICE_SYNONYMS = {"share": ("split",), "shared": ("split",), "halve": ("split",), "none": ("nobody",),
                   "noone": ("nobody",), "both": ("each",), "all": ("each",), "next": ("carry",),
                   "shuffle": ("bury",), "under": ("bottom",), "right": ("previous", "anticlockwise"),
                   "left": ("next", "clockwise"), "counterclockwise": ("anticlockwise",),
                   "before": ("previous",), "after": ("next",), "any": ("one",), "choice": ("one",),
                   "player": ("one",), "most": ("largest",), "all_groups": ("largest",), "least": ("fewest",)}
