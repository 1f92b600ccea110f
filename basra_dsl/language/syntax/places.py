"""A statement written in the wrong place: a clause under another section (``hand 6`` under
``capture:``), an option after the sections, a header line after the options.

The failing line is tried alone in every other place it could stand; where it reads, that
is where it belongs, and the message names that place and the section the line is in (B121).
The line is then set aside, so error recovery reads on.
"""

from __future__ import annotations

import re

from lark import Lark
from lark.exceptions import UnexpectedInput, UnexpectedToken

from ..nodes import SECTIONS
from .operators import MAX_LINE
from .words import SECTION_LINE, Explanation, keywords, line_text, section_start

HEADER_WORDS = ("aliases", "region", "family", "source", "about")


def wrong_section(exc: UnexpectedInput, text: str, parser: Lark) -> Explanation | None:
    """Returns the explanation of a statement that reads well in another place than where it
    stands, or None."""
    if not isinstance(exc, UnexpectedToken) or exc.token.type == "$END" or exc.line < 1:
        return None
    row = line_text(text, exc.line)
    if len(row) > MAX_LINE:
        return None
    found = re.match(r"(\s*)([A-Za-z_]+)\b", row)
    if not found or found.group(2) not in keywords(parser) or row.rstrip().endswith("\\") or \
            SECTION_LINE.match(row.strip()) or "VARIANT" in set(exc.accepts or exc.expected):
        return None  # a section's own line, or no 'variant' line yet: not a clause out of place
    word = found.group(2)
    where = section_start(text, exc.line)
    home = _home(row.strip(), word, where[0] if where else None, parser)
    if home is None:
        return None
    inside = f"this line is in the {where[0]} section that starts at line {where[1]}" if where else None
    if home == "option":
        message = "'option' lines come before the first section" + (f"; {inside}" if inside else "")
        hint = "move it above the first section, after the 'variant' line and its header lines"
    elif home == "header":
        message = f"'{word}' belongs in the header; " + (inside or "this line comes after the options")
        hint = "move it up, right after the 'variant' line"
    elif where:
        message = f"'{word}' belongs in the {home} section; {inside}"
        present = any(SECTION_LINE.match(r) and r.split(":")[0].strip() == home for r in text.split("\n"))
        hint = f"move it under '{home}:'" + ("" if present else f" (start a '{home}:' section for it)")
    else:
        message = f"'{word}' belongs in the {home} section; this line stands before any section"
        hint = f"write '{home}:' on a line above it"
    return Explanation("B121", message, hint, column=found.start(2) + 1, width=len(word), fix=" " * len(row))


def _home(statement: str, word: str, current: str | None, parser: Lark) -> str | None:
    """Returns where a statement reads: a section, 'option' or 'header'; None if nowhere else."""
    if word == "option" or word in HEADER_WORDS:
        return ("option" if word == "option" else "header") if _reads(f"variant x\n{statement}\n", parser) else None
    for section in SECTIONS:
        if section != current and _reads(f"variant x\n{section}:\n  {statement}\n", parser):
            return section
    return None


def _reads(text: str, parser: Lark) -> bool:
    try:
        parser.parse(text)
    except UnexpectedInput:
        return False
    return True
