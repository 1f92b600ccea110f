"""Punctuation written the way other texts write it, found by mending the failing line.

Authors bring habits from word processors, spreadsheets, YAML and programming: '≥' for '>=',
curly or single quotes, ';' between list entries, '//' before a comment, a colon after a clause
word (``first to: target``, ``drop: clear``), ``J=11`` in a values list, list entries without
their commas, quoted option choices, a value without its card (``A 1, 14``), and a rule broken
over two lines. Each ``_MENDS`` entry rewrites the failing line as the author meant it; the
first whose line the parser then reads past is the explanation (B125; B124 for an option's
choices joined by commas), the mended line its help and its fix (which error recovery and the editor's quick fix both use).
Where the parser stopped for a ':', a ',' or a quoted text, ``at_the_stop`` puts it back; a
bracket left open is closed where it most likely ends (``brackets``, B103).
"""

from __future__ import annotations

import re
from typing import Callable

from lark import Lark
from lark.exceptions import UnexpectedInput, UnexpectedToken

from .recovery import progress, reads_past, with_row
from .word_slips import dotted_drop, filler_word, run_commas
from .words import Explanation, keywords, labelled, line_text

MAX_LINE = 400  # longer lines are not mended (no statement is near; bounds the regexes)
_FOREIGN = {"≥": ">=", "≤": "<=", "≠": "!=", "−": "-", "–": "-", "×": "*", "÷": "/", "“": '"', "”": '"', "„": '"'}
_LISTS = r"(?:points|values|played\s+values|floor\s+values)"
_ENTRY = r"[0-9A-Za-z♣♦♥♠]+(?:\s+except\s+[0-9A-Za-z♣♦♥♠|\s]+?)?\s+-?[0-9][0-9.]*"


def mended(exc: UnexpectedInput, text: str, parser: Lark) -> Explanation | None:
    """Returns the explanation of a slip of punctuation on the failing line, or None."""
    line = getattr(exc, "line", 0) or 0
    row = line_text(text, line)
    if line < 1 or not row.strip() or len(row) > MAX_LINE:
        return None
    lines = text.split("\n")
    for mend in _MENDS:
        found = mend(row, parser)
        if found is None:
            continue
        fixed, message, code = (*found, "B125")[:3]
        if fixed != row and reads_past(with_row(lines, line, fixed), line, parser):
            column = next((i for i, (a, b) in enumerate(zip(row, fixed)) if a != b), min(len(row), len(fixed)))
            return Explanation(code, message, f"write: {fixed.strip()}", column=column + 1, fix=fixed)
    return _broken_line(exc, lines, line, parser)


MAX_COMMAS = 12  # commas put back into one line, at most


def at_the_stop(exc: UnexpectedInput, text: str, parser: Lark) -> Explanation | None:
    """What the parser asked for where it stopped, put back: the ':' before a clause's action
    (``without top J dealer``), the commas of a list (``then sixes aces fives``, ``points A 1 K
    1``), or the quotes of a description (``= 21 points that win a game``); the first that lets
    the parser read past the line is the explanation."""
    token = getattr(exc, "token", None)
    expected = set(getattr(exc, "accepts", None) or getattr(exc, "expected", None) or ())
    line, lines = getattr(exc, "line", 0) or 0, text.split("\n")
    if token is None or not 0 < line <= len(lines) or token.type in ("$END", "_NL") or not exc.column:
        return None
    row, at = lines[line - 1], exc.column - 1
    if len(row) > MAX_LINE:
        return None
    word = str(token)

    def reads(fixed: str) -> bool:
        return reads_past(with_row(lines, line, fixed), line, parser)

    # a clause's words before the stop (a rule's name and title, or an option's, are B101's)
    clause = row[:1].isspace() and row.split()[0] in keywords(parser) and '"' not in row[:at] \
        and len(row[:at].split()) > 1
    if "COLON" in expected and clause and reads(fixed := f"{row[:at].rstrip()}: {row[at:]}"):
        return Explanation("B125", f"a ':' is missing before '{word}'",
                           f"write: {fixed.strip()}", column=at + 1, fix=fixed)
    if "COMMA" in expected:
        fixed = _commas_put_back(lines, line, at, parser)
        if fixed is not None:
            return Explanation("B125", f"a ',' goes before '{word}': the entries of a list are separated by commas",
                               f"write: {fixed.strip()}", column=at + 1, fix=fixed)
    code = row.split("#")[0].rstrip()
    if "STRING" in expected and at < len(code) and '"' not in code[at:] and reads(
            fixed := f'{row[:at]}"{code[at:]}"{row[len(code):]}'):
        return Explanation("B125", "a description is written between double quotes",
                           f"write: {fixed.strip()}", column=at + 1, fix=fixed)
    return None


def _commas_put_back(lines: list[str], line: int, at: int, parser: Lark) -> str | None:
    """The line with a comma before the word the parser stopped at, and again before each
    next word it stops at on the same line, until it reads past the line (None if it never does)."""
    fixed = lines[line - 1]
    for _ in range(MAX_COMMAS):
        fixed = f"{fixed[:at].rstrip()}, {fixed[at:]}"
        stop_line, stop_column = progress(with_row(lines, line, fixed), parser)
        if stop_line > line:
            return fixed
        if stop_line < line or stop_column - 1 <= at:
            return None  # stopped before the comma or on it: not a missing comma
        at = stop_column - 1
    return None


def _foreign_signs(row: str, parser) -> tuple[str, str] | None:
    signs = [c for c in dict.fromkeys(row) if c in _FOREIGN]
    if not signs:
        return None
    fixed = row
    for sign in signs:
        fixed = fixed.replace(sign, _FOREIGN[sign])
    if all(_FOREIGN[sign] == '"' for sign in signs):
        return fixed, "curly quotes are not read in variant files: write straight ones (\")"
    listed = ", ".join(f"'{s}' as '{_FOREIGN[s]}'" for s in signs)
    return fixed, f"write {listed}: variant files are read in the plain keyboard's signs"


def _single_quotes(row: str, parser) -> tuple[str, str] | None:
    found = re.search(r"'([^'\"\n]*)'", row)
    if not found or "#" in row[:found.start()]:
        return None
    fixed = row[:found.start()] + '"' + found.group(1) + '"' + row[found.end():]
    return fixed, "a title or text is written between double quotes (\"), not single ones"


def _semicolons(row: str, parser) -> tuple[str, str] | None:
    code = row.split("#")[0]
    if ";" not in code:
        return None
    if code.rstrip().endswith(";") and code.count(";") == 1:  # a statement ended as in a program
        end = code.rstrip()
        return end[:-1].rstrip() + row[len(end):], "a line needs no mark at its end: remove the ';'"
    return row.replace(";", ","), "entries of a list are separated by commas, not semicolons"


def _times_x(row: str, parser) -> tuple[str, str] | None:
    """``2 x value(played)``: the letter x for times, as on paper."""
    code = row.split("#")[0]
    if '"' in code or not re.search(r"[\w)]\s+[xX]\s+[\w(]", code):
        return None
    return re.sub(r"(?<=[\w)])\s+[xX]\s+(?=[\w(])", " * ", code) + row[len(code):], "'x' is not a sign of the language: multiply with '*'"


def _bullet(row: str, parser) -> tuple[str, str] | None:
    """``  - clear: 2 when cleared``: a line written as a list's bullet point (Markdown, a word
    processor's list)."""
    found = re.match(r"^(\s*)([-*•·]|\d+[.)])\s+(?=[A-Za-z_])", row)
    if not found:
        return None
    return found.group(1) + row[found.end():], f"a line is written without a bullet: remove the '{found.group(2)}'"


def _comment_after_backslash(row: str, parser) -> tuple[str, str] | None:
    """``... and \\  # a note``: a comment after the '\\' that carries a statement on."""
    found = re.search(r"\\[ \t]*#.*$", row)
    if not found:
        return None
    return row[:found.start() + 1], ("a comment cannot follow the '\\' that carries a statement on: the '\\' "
                                      "must end the line (put the comment on its own line above the rule)")


def _points_first(row: str, parser) -> tuple[str, str] | None:
    """``most 3 cards``: a majority's points written before what it counts, in English order."""
    found = re.match(r"(\s*most\s+)(-?\d[\d.]*)\s+([a-z]+)\b(.*)$", row)
    if not found:
        return None
    return (f"{found.group(1)}{found.group(3)} {found.group(2)}{found.group(4)}",
            "'most' names what it counts first, then the points it scores")


_JOINING = {"==", "!=", "<", "<=", ">", ">=", "and", "or", "not", "is", "has", "only", "when", "+", "-", "*", "/"}


def _condition_first(row: str, parser) -> tuple[str, str] | None:
    """``when players == 3 hand 8``: the condition said first, as English says it; a clause's
    'when' follows the clause. The clause starts at the last clause word after a whole condition."""
    indent, words = row[:len(row) - len(row.lstrip())], row.split("#")[0].split()
    if len(words) < 3 or words[0] != "when":
        return None
    starts = [k for k in range(2, len(words)) if words[k] in keywords(parser) and words[k - 1] not in _JOINING]
    if not starts:
        return None
    k = starts[-1]
    return (f"{indent}{' '.join(words[k:])} when {' '.join(words[1:k])}",
            "a clause's condition comes after it: the clause first, then 'when' and the condition")


def _slash_comment(row: str, parser) -> tuple[str, str] | None:
    """``// note`` on a line of its own or after a clause (``hand 5 // five each``)."""
    found = re.match(r"(\s*)//\s?", row)
    if found:
        return found.group(1) + "# " + row[found.end():], "a comment starts with '#', not '//'"
    after = re.match(r"([^\"#]*\S)\s*//\s?(.*)$", row)  # not inside a quoted title
    if not after:
        return None
    return f"{after.group(1)}  # {after.group(2)}", "a comment starts with '#', not '//'"


def _hyphenated_name(row: str, parser) -> tuple[str, str] | None:
    """``  komai-jack "Jack on the komai": ...``: a rule or option named with hyphens, as a
    web address or a file is; a name is letters, digits and '_'."""
    found = re.match(r"^(\s*(?:option\s+)?)([A-Za-z_]\w*(?:-\w+)+)(?=\s*[\":])", row)
    if not found:
        return None
    name = found.group(2).replace("-", "_")
    return (row[:found.start(2)] + name + row[found.end(2):],
            f"a name is written with letters, digits and '_', not '-': write '{name}'")


def _clause_colon(row: str, parser) -> tuple[str, str] | None:
    """``first to: target``, ``most cards: 30``, ``drop: clear``: a colon after clause words."""
    found = re.match(r"(\s+)([a-z_]+(?:\s+[a-z_]+)?)\s*:\s*", row)
    if not found or found.group(2).split()[0] not in keywords(parser):
        return None
    fixed = found.group(1) + found.group(2) + " " + row[found.end():]
    return fixed, f"'{found.group(2)}' is a clause, and a clause takes no colon after its words"


def _equals_in_list(row: str, parser) -> tuple[str, str] | None:
    """``values J=11``, ``points 7D: 1``: a sign between a card and its number."""
    found = re.match(rf"(\s*{_LISTS}\s+)(.*)$", row)
    sign = next((s for s in "=:" if found and s in found.group(2)), None)
    if sign is None:
        return None
    fixed = found.group(1) + re.sub(rf"\s*{sign}\s*", " ", found.group(2))
    return fixed, f"a card and its number are written side by side, without '{sign}' (J 11, not J{sign}11)"


def _missing_commas(row: str, parser) -> tuple[str, str] | None:
    found = re.fullmatch(rf"(\s*{_LISTS}\s+)((?:{_ENTRY}\s*)+)(\s*#.*)?", row)
    if not found:
        return None
    entries = re.findall(_ENTRY, found.group(2))
    if len(entries) < 2 or "," in found.group(2):
        return None
    return found.group(1) + ", ".join(e.strip() for e in entries) + (found.group(3) or ""), \
        "the entries of a list are separated by commas"


def _quoted_choices(row: str, parser) -> tuple[str, str] | None:
    found = re.match(r"(\s*option\s+\w+\s*:\s*)([^#]*?)(\s*=\s*)\"(\w+)\"", row)
    if not found or '"' not in found.group(2):
        return None
    choices = re.sub(r"\"(\w+)\"", r"\1", found.group(2))
    fixed = found.group(1) + choices + found.group(3) + found.group(4) + row[found.end():]
    return fixed, "an option's choices are plain words, without quotes (quotes are for its description)"


def _thousands(row: str, parser) -> tuple[str, str] | None:
    """``first to 1,000``: a number written with a thousands separator."""
    if not re.search(r"\b\d{1,3}(?:,\d{3})+\b", row.split("#")[0]):
        return None
    return re.sub(r"\b(\d{1,3}(?:,\d{3})+)\b", lambda m: m.group(1).replace(",", ""), row), \
        "a number is written without a thousands separator (1000, not 1,000)"


def _up_to(row: str, parser) -> tuple[str, str] | None:
    """``stacks up to 15``: the clause says 'to' alone."""
    if not re.search(r"\bup\s+to\b", row.split("#")[0]):
        return None
    return re.sub(r"\bup\s+to\b", "to", row, count=1), "the clause says 'to' alone, without 'up'"


def _number_range(row: str, parser) -> tuple[str, str] | None:
    """``players 2-4``: a range as a game box writes it; the counts are listed."""
    found = re.match(r"(\s*players\s+)(\d)\s*[-–]\s*(\d)\b(.*)$", row)
    if not found or not int(found.group(2)) < int(found.group(3)) <= 8:
        return None
    counts = ", ".join(str(c) for c in range(int(found.group(2)), int(found.group(3)) + 1))
    return f"{found.group(1)}{counts}{found.group(4)}", "player counts are listed one by one, not as a range"


def _note_in_brackets(row: str, parser) -> tuple[str, str] | None:
    """``hand 6 (six each, four on the table)``: a note in brackets after a statement; a note
    is a comment, after '#'."""
    found = re.match(r"(\s*\S.*?)\s+\(([^()#]*[a-z]{3,}[^()#]*)\)\s*$", row)  # not a call's: value(...)
    if not found or "when" in found.group(1).split():
        return None
    return f"{found.group(1)}  # {found.group(2).strip()}", "a note after a statement is a comment, written after '#'"


def _points_word(row: str, parser) -> tuple[str, str] | None:
    """``most cards 3 points``: the word 'points' after a number, as people say it."""
    found = re.match(r"(\s*(?:most\s+\w+|first\s+to|total)\s+-?\d[\d.]*)\s+(?:points?|pts)\b(.*)$", row)
    if not found:
        return None
    return found.group(1) + found.group(2), "a number of points is written alone, without the word 'points'"


def _default_word(row: str, parser) -> tuple[str, str] | None:
    """``option target: 11 | 21 default 21``: the default said in words; it follows '='."""
    found = re.match(r"(\s*option\s+\w+\s*:[^#=]*?)\s+default\s+(.*)$", row)
    if not found:
        return None
    return f"{found.group(1)} = {found.group(2)}", "an option's default follows '=' after its choices"


def _inner_quotes(row: str, parser) -> tuple[str, str] | None:
    """``about "Casino as the "Friday Club" plays it"``: double quotes inside a quoted text end it;
    the inner ones are written as single quotes."""
    header = re.match(r'\s*(about|region|family|source|aliases|variant)\b', row)
    if row.count('"') < 4 or not header and not re.match(r'\s+\w+\s+"', row):
        return None  # a header's text, or a rule's title (up to the '":' that ends it)
    first, last = row.index('"'), row.rindex('"') if header else row.rfind('":')
    inner = row[first + 1:last].replace('"', "'")
    return row[:first + 1] + inner + row[last:], "a double quote inside a quoted text ends it: write the inner ones as single quotes"


def _full_stop(row: str, parser) -> tuple[str, str] | None:
    """``first to 61.``: a sentence's full stop at the end of a statement."""
    code = row.split("#")[0].rstrip()
    if not code.endswith(".") or code.endswith(".."):
        return None
    return code[:-1] + row[len(code):], "a statement ends with the line, without a full stop"


def _trailing_comma(row: str, parser) -> tuple[str, str] | None:
    code = row.split("#")[0].rstrip()
    if not code.endswith(","):
        return None
    return code[:-1] + row[len(code):], "a list does not end with a comma: nothing follows it"


def _or_in_list(row: str, parser) -> tuple[str, str] | None:
    """``floor values A 1 or 11``: two values of a card joined by 'or'."""
    found = re.match(rf"(\s*{_LISTS}\s+)(.*)$", row)
    if not found or not re.search(r"\bor\b", found.group(2)):
        return None
    mended_list = re.sub(r"([0-9A-Za-z♣♦♥♠]+)\s+(-?[0-9][0-9.]*)\s+or\s+(-?[0-9][0-9.]*)", r"\1 \2, \1 \3",
                         found.group(2))
    return found.group(1) + mended_list, "a card that counts either of two values is listed once for each value"


def _slashed_choices(row: str, parser) -> tuple[str, str] | tuple[str, str, str] | None:
    """An option's choices joined by ',' (B124, the commonest), '/' or 'or' instead of '|'."""
    found = re.match(r"(\s*option\s+\w+\s*:)([^=\"#]*)", row)
    if not found or not re.search(r",|/|\bor\b", found.group(2)):
        return None
    choices = " | ".join(part.strip() for part in re.split(r",|/|\bor\b", found.group(2)) if part.strip())
    fixed = (found.group(1) + " " + choices + " " + row[found.end():].lstrip()).rstrip()
    if "," in found.group(2):
        return fixed, "an option's choices are separated by '|', not by commas", "B124"
    return fixed, "an option's choices are separated by '|'"


def _value_without_card(row: str, parser) -> tuple[str, str] | None:
    """``played values A 1, 14``: a value after a comma with no card before it."""
    found = re.match(rf"(\s*{_LISTS}\s+)(.*)$", row)
    if not found:
        return None
    entries = [e.strip() for e in found.group(2).split(",")]
    mended_entries, card = [], None
    for entry in entries:
        if re.fullmatch(r"-?[0-9][0-9.]*", entry) and card is not None:
            entry = f"{card} {entry}"
        card = entry.split()[0] if entry.split() else card
        mended_entries.append(entry)
    if mended_entries == entries:
        return None
    return found.group(1) + ", ".join(mended_entries), \
        "each value needs its card: a number alone after a comma names no card"


# each returns the line mended and what was wrong (and a code other than B125), or None
_MENDS: tuple[Callable[[str, Lark], tuple[str, ...] | None], ...] = (
    _foreign_signs, _comment_after_backslash, _points_first, _condition_first, _slash_comment, _semicolons, _hyphenated_name, _clause_colon, _equals_in_list, _missing_commas,
    _quoted_choices, _slashed_choices, _or_in_list, _value_without_card, _thousands, _up_to, _trailing_comma, _full_stop, _number_range, _note_in_brackets, _points_word,
    _default_word, _inner_quotes, _bullet, _times_x, run_commas, dotted_drop,
    _single_quotes, filler_word)


def _broken_line(exc, lines: list[str], line: int, parser: Lark) -> Explanation | None:
    """A statement carried on to the next, more indented line without the '\\' that carries
    it (a long rule broken in two, or a rule's body put below its name as YAML would), found
    at the line's end or, where the first part reads whole, at the line that goes on."""
    if getattr(getattr(exc, "token", None), "type", None) != "_NL":
        return _carried_on(lines, line, parser)
    if line >= len(lines):
        return None
    row, following = lines[line - 1], lines[line]
    indent = len(row) - len(row.lstrip())
    if not following.strip() or len(following) - len(following.lstrip()) <= indent or len(row) > MAX_LINE:
        return None
    carried = row.rstrip() + " \\"
    if not reads_past(with_row(lines, line, carried), line + 1, parser):
        return None
    return Explanation("B125", f"the statement goes on at line {line + 1}, but a line break ends a statement",
                       "end this line with '\\' to carry the statement on to the next line, or join the two lines",
                       column=len(row.rstrip()) + 1, fix=carried)


def _carried_on(lines: list[str], line: int, parser: Lark) -> Explanation | None:
    """The failing line goes on from the statement above it (more indented, and the two read on
    once the one above ends with '\\')."""
    above = line - 1
    while above > 0 and not lines[above - 1].strip():
        above -= 1
    if above < 1 or above == line:
        return None
    row, prior = lines[line - 1], lines[above - 1]
    if len(row) - len(row.lstrip()) <= len(prior) - len(prior.lstrip()) or prior.lstrip().startswith("#") \
            or len(prior) > MAX_LINE or prior.rstrip().endswith("\\"):
        return None
    carried = prior.rstrip() + " \\"
    if not reads_past(with_row(lines, above, carried), line, parser):
        return None
    return Explanation("B125", f"this line goes on from the statement at line {above}, but a line break ends a "
                       "statement", f"end line {above} with '\\' to carry the statement on to this line, or join "
                       "the two lines", column=len(row) - len(row.lstrip()) + 1, width=len(row.strip()))


def brackets(exc: UnexpectedInput, text: str, parser: Lark) -> Explanation | None:
    """B103: a bracket left open (closed where it most likely ends, the line to write) or a
    closing bracket without its opening one."""
    if not isinstance(exc, UnexpectedToken) or exc.token.type == "$END":
        return None
    row = re.sub(r'"[^"]*"|#.*', lambda m: " " * len(m.group(0)), line_text(text, exc.line))  # columns kept
    opened, closed = row.count("("), row.count(")")
    accepts = exc.accepts or exc.expected
    if opened > closed and "RPAR" in accepts:
        left_open: list[int] = []
        for index, char in enumerate(row):
            if char == "(":
                left_open.append(index)
            elif char == ")" and left_open:
                left_open.pop()
        code, message, hint = labelled("unbalanced")
        at = left_open[-1] if left_open else None
        if at is None:
            return Explanation(code, message, hint)
        closed_row = _closed(exc, text, parser, row, at)
        if closed_row is not None:
            return Explanation(code, message, f"write: {closed_row.strip()}", column=at + 1, fix=closed_row)
        return Explanation(code, message, "close it with ')' where the group it opens ends", column=at + 1)
    if exc.token.type == "RPAR" and closed > opened:
        return Explanation(*labelled("stray-close"))
    return None


def _closed(exc, text: str, parser, row: str, at: int) -> str | None:
    """The line with the bracket opened at ``at`` closed where it most likely ends: a call's
    (``taken.run(AD | 2D``) before the comparison that follows it, a group's at the end of
    the statement; None where the line then still does not read."""
    original = line_text(text, exc.line)
    end = len(row.rstrip())
    call = at > 0 and (row[at - 1].isalnum() or row[at - 1] == "_")
    compared = re.search(r"\s*(==|!=|<=|>=|<|>|\bis\b|\band\b|\bor\b)", row[at:]) if call else None
    place = at + compared.start() if compared else end
    fixed = original[:place] + ")" + original[place:]
    return fixed if reads_past(with_row(text.split("\n"), exc.line, fixed), exc.line, parser) else None
