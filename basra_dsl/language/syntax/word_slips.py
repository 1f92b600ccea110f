"""Words written the way speech or other files have them, found by mending the failing line
(the rest of the mends are in ``slips``, which tries these with its own): the ranks of a run
listed with commas (``run A, 2, 3``), a dropped rule named with its section (``drop
capture.komai``) and an English word too many (``tie extend by extension``). Each returns the
line mended and what was wrong, or None; ``slips.mended`` keeps a mend only where the parser
then reads past the line.
"""

from __future__ import annotations

import re

# words people add that no statement takes: tried one at a time, each left out
FILLERS = ("by", "the", "of", "to", "a", "an", "as", "with", "for", "at", "on", "then")


def run_commas(row: str, parser) -> tuple[str, str] | None:
    """``run A, 2, 3, 4``: the ranks of a run are written one after another."""
    found = re.match(r"(\s*run\s+)([^#]*?)(\s*#.*)?$", row)
    if not found or "," not in found.group(2):
        return None
    ranks = [r for r in re.split(r"[\s,]+", found.group(2)) if r]
    return found.group(1) + " ".join(ranks) + (found.group(3) or ""), \
        "the ranks of a run follow one another, separated by spaces, not commas"


def dotted_drop(row: str, parser) -> tuple[str, str] | None:
    """``drop capture.komai``: a drop under a section names the rule alone."""
    found = re.match(r"(\s*drop\s+)[a-z_]+\.([A-Za-z_][\w]*)(.*)$", row)
    if not found:
        return None
    return found.group(1) + found.group(2) + found.group(3), \
        f"a drop names the rule by its own name, '{found.group(2)}': the section it stands under says the rest"


def filler_word(row: str, parser) -> tuple[str, str] | None:
    """``tie extend by extension``: an English word no statement takes, left out; only where
    the line reads without it (``slips.mended`` checks), and never inside quotes."""
    code = row.split("#")[0]
    if '"' in code:
        return None
    words = code.split()
    for index, word in enumerate(words[1:], start=1):
        if word in FILLERS:
            kept = words[:index] + words[index + 1:]
            indent = row[:len(row) - len(row.lstrip())]
            return indent + " ".join(kept) + row[len(code):], f"'{word}' is a word too many here: the statement reads without it"
    return None
