"""The ``variant`` line read the way its author meant it (and a statement written above it): one error for what is wrong on it
(a name with a space, a title without its quotes, a missing name, ``extends`` without a
parent...) and the line rewritten as it should be, so the rest of the file is read as usual.

The line is taken apart by hand rather than by the grammar: the keyword, a name of any
words, a title in any quotes (closed or not), and ``extends`` with what follows it.
"""

from __future__ import annotations

import re

from lark import Lark
from lark.exceptions import UnexpectedInput

from ...diagnostics import did_you_mean
from .operators import MAX_LINE
from .words import Explanation, line_text

_QUOTES = "\"“”„‘’'«»"
_NAME = re.compile(r"[A-Za-z_][A-Za-z0-9_-]*")


def before_variant(exc, text: str, parser: Lark) -> Explanation | None:
    """A statement written above the ``variant`` line (``setup: hand 4``, then the variant)."""
    line = getattr(exc, "line", 0) or 0
    rows = text.split("\n")
    first = next((i + 1 for i, row in enumerate(rows) if re.match(r"variant\s+\S", row)), None)
    if first is None or not 0 < line < first:
        return None
    row = rows[line - 1]
    if not row.strip() or row.lstrip().startswith("#"):
        return None
    start = len(row) - len(row.lstrip())
    return Explanation("B111", f"'{row.strip()[:40]}' stands above the 'variant' line, which must come first",
                       f"move this line below line {first} (only comments and blank lines may stand above "
                       "the variant line)", column=start + 1, width=len(row.strip()))


def variant_line(exc: UnexpectedInput, text: str, parser: Lark | None = None) -> Explanation | None:
    """Returns the explanation of a syntax error on the ``variant`` line, or None."""
    line = getattr(exc, "line", 0) or 0
    row = line_text(text, line)
    if len(row) > MAX_LINE:
        return None
    head = re.match(r"(\s*)(variant)\b(\s*:)?", row, re.I)
    if not head or (head.group(2) != "variant" and any(
            r.strip() and not r.lstrip().startswith("#") for r in text.split("\n")[:line - 1])):
        return None
    found = _read(row, head)
    if found is None:
        return None
    code, message, start, end, fixed, hint = found
    return Explanation(code, message, hint or "write: " + fixed.strip(), column=start + 1,
                       width=max(end - start, 1), fix=fixed)


def _read(row: str, head: re.Match) -> tuple[str, str, int, int, str, str | None] | None:
    """Returns (code, message, start, end, the line rewritten, a hint other than the line) for
    the first thing wrong on the line."""
    problems: list[tuple] = []  # (code, message, start, end[, hint]), in the order found
    if head.group(2) != "variant":
        problems.append(("B122", "'variant' is written in small letters", head.start(2), head.end(2)))
    if head.group(3):
        problems.append(("B122", "the variant line has no colon: write the name right after 'variant'",
                         head.end(2), head.end(3)))
    rest_at = head.end()
    rest = row[rest_at:]
    comment = re.search(r'\s+#[^"“”]*$', rest)
    if comment:
        rest = rest[:comment.start()]
    title, title_at, name_part, after_part, after_at = _title(rest, problems, rest_at)
    words = name_part.split()
    parent = None
    if "extends" in words:  # variant mine extends egyptian "Title"
        index = words.index("extends")
        if title is not None:
            problems.append(("B122", "the title comes before 'extends'", title_at, title_at + len(title) + 2))
        after_words = words[index:] + after_part.split()
        words = words[:index]
    else:
        after_words = after_part.split()
    if title is None and len(words) > 1 and any(w[:1].isupper() for w in words[1:]):
        title = " ".join(words[1:])  # variant mine My Game
        problems.append(("B122", "the title is written in double quotes", rest_at + rest.index(words[1]),
                         rest_at + len(rest.rstrip())))
        words = words[:1]
    name = _name(words, title, rest, rest_at, problems)
    if not words and title is None:
        title = "My Game"
    if after_words:
        parent = _parent(after_words, rest, rest_at, after_at, problems)
    if not problems:
        return None
    code, message, start, end, *hint = problems[0]
    fixed = "variant " + name + (f' "{title}"' if title is not None else "") + (f" extends {parent}" if parent else "")
    indent = row[:len(row) - len(row.lstrip())]
    hint = hint[0].replace("LINE", fixed) if hint else None
    return code, message, start, end, indent + fixed + (comment.group(0) if comment else ""), hint


def _title(rest: str, problems: list, rest_at: int) -> tuple[str | None, int, str, str, int]:
    """Returns (title, where it starts, the text before it, the text after it, where that starts)."""
    opening = next((i for i, c in enumerate(rest) if c in _QUOTES), None)
    if opening is None:
        return None, 0, rest, "", len(rest) + rest_at
    # a title opened with a double quote closes at a double quote (straight, or typographic by
    # mistake): an apostrophe inside it ("Scopa d'Assi") is text, not its end
    closers = '"“”„«»' if rest[opening] in '"“”„«»' else _QUOTES
    closing = next((i for i in range(opening + 1, len(rest)) if rest[i] in closers), None)
    before = rest[:opening]
    if closing is None and not rest[opening + 1:].strip() and len(before.split()) > 1:  # mine My Game"
        words = before.split()
        start = rest_at + rest.index(words[1])
        problems.append(("B122", "the title's opening quote is missing", start, start + 1))
        return " ".join(words[1:]), start, words[0], "", rest_at + len(rest)
    if closing is None:  # "My Game extends egyptian
        body = rest[opening + 1:]
        tail = re.search(r"\s+extends\s+\S+\s*$", body)
        title = (body[:tail.start()] if tail else body).strip()
        problems.append(("B106", "the title's quoted text is not closed", rest_at + opening, rest_at + len(rest)))
        return title, rest_at + opening, before, body[tail.start():] if tail else "", rest_at + len(rest)
    if rest[opening] != '"' or rest[closing] != '"':
        problems.append(("B122", f"the title is written in straight double quotes (\"), not {rest[opening]} "
                         f"{rest[closing]}", rest_at + opening, rest_at + closing + 1))
    return rest[opening + 1:closing], rest_at + opening, before, rest[closing + 1:], rest_at + closing + 1


def _name(words: list[str], title: str | None, rest: str, rest_at: int, problems: list) -> str:
    """Returns the variant's name as it must be written, noting what was wrong with it."""
    if not words:
        made = re.sub(r"[^a-z0-9]+", "_", (title or "my game").lower()).strip("_") or "my_game"
        made = made if _NAME.fullmatch(made) else "v_" + made
        problems.append(("B122", "the variant line needs a name before its title" if title is not None else
                         "the variant line needs a name and a title", rest_at, rest_at + len(rest)))
        return made
    start = rest_at + rest.index(words[0])
    end = rest_at + rest.index(words[-1]) + len(words[-1])
    if len(words) > 1:
        joined = "_".join(words)
        problems.append(("B122", f"a variant's name has no spaces: write {joined} or {'-'.join(words)}",
                         start, end))
        words = [joined]
    name = words[0]
    if name.endswith(":"):
        problems.append(("B122", "the variant line has no colon: the title follows the name", end - 1, end))
        name = name[:-1]
    if not _NAME.fullmatch(name):
        fixed = re.sub(r"[^A-Za-z0-9_-]+", "_", name).strip("_") or "my_game"
        fixed = fixed if _NAME.fullmatch(fixed) else "v" + fixed
        problems.append(("B122", "a variant's name is made of letters, digits, '_' and '-', and starts with a "
                         "letter", start, end))
        name = fixed
    return name


def _parent(words: list[str], rest: str, rest_at: int, after_at: int, problems: list) -> str | None:
    """Returns the parent named after 'extends' (or a misspelling of it), noting what was wrong."""
    keyword = words[0]
    after_at = rest_at + rest.find(keyword, max(after_at - rest_at, 0))
    if keyword[0] in _QUOTES:
        problems.append(("B122", "a variant has one title", after_at, rest_at + len(rest.rstrip())))
        if "extends" not in words:
            return None
        words = words[words.index("extends"):]
        keyword = words[0]
    if keyword != "extends":
        if did_you_mean(keyword, ["extends"]) is None:
            problems.append(("B122", f"'{keyword}' does not belong on the variant line",
                             after_at, rest_at + len(rest.rstrip())))
            return None
        problems.append(("B122", f"'{keyword}' is written 'extends'", after_at, after_at + len(keyword)))
    if len(words) == 1:
        problems.append(("B122", "'extends' needs the name of the variant it builds on",
                         after_at, rest_at + len(rest.rstrip()), "write the parent's name after it, such as: "
                         "LINE extends egyptian; or leave 'extends' out"))
        return None
    if len(words) > 2:
        problems.append(("B122", "a variant extends one variant, named without spaces",
                         after_at, rest_at + len(rest.rstrip())))
    return words[1] if _NAME.fullmatch(words[1]) else None
