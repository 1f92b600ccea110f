"""B760: a renamed copy of a bundled game with a few of its rule lines changed, where no other
check has anything to say (issue 29's held-out corpora).

Authors start from a bundled file: copied, renamed and edited. A slip in such an edit (a
'top' left out, the two of clubs for the two of spades, a '+' for a '*') still makes a valid
game, so no rule of the checker can tell it from a change the table means. What can be told
is what changed: where a copy differs from the game it repeats in one to ``MOST_CHANGED``
rule lines, the finding shows each line beside the bundled one, so the author sees the edit
for what it does; a change that is meant is better written as a child (``extends``), whose
page then lists it among its differences. The checker asks this only of a file it found
nothing else in (``checker.check_loaded``): a finding already points at the edit.
"""

from __future__ import annotations

import difflib
from typing import Iterator

from ...diagnostics import Diagnostic, Span, warning
from ...language.formatter import HEADER, code_lines
from ...language.merge import Merged
from .reference import bundled_lines, copied_from, is_bundled_file, source_lines

MOST_CHANGED = 3  # more changed lines than this make a game of its own, not an edit


def changed_copy(merged: Merged) -> Iterator[Diagnostic]:
    """B760 for a renamed copy of a bundled file (its lines mostly the same; a copy of a child
    keeps the child's 'extends') whose rule lines differ from it in one to MOST_CHANGED lines;
    each changed line is named beside the bundled one."""
    path = merged.variant.name.span.path if merged.variant.name.span else None
    if path is None or is_bundled_file(path):
        return
    lines = source_lines(merged)
    copied = copied_from("\n".join(lines)) if lines else None
    if copied is None:
        return
    ours_kept, theirs_kept = _rule_lines(lines), _rule_lines(bundled_lines(copied))
    matcher = difflib.SequenceMatcher(None, [t for _, t in ours_kept], [t for _, t in theirs_kept], autojunk=False)
    changes = [op for op in matcher.get_opcodes() if op[0] != "equal"]
    changed = sum(max(i2 - i1, j2 - j1) for _, i1, i2, j1, j2 in changes)
    if not changes or changed > MOST_CHANGED:
        return
    said, first = [], None
    for tag, i1, i2, j1, j2 in changes:
        at = ours_kept[i1][0] if i1 < len(ours_kept) else len(lines)  # the line the change stands at (1-based)
        first = first or at
        mine = " / ".join(t for _, t in ours_kept[i1:i2])
        bundled = " / ".join(t for _, t in theirs_kept[j1:j2])
        said.append(f"line {at} reads '{mine}' where {copied} has '{bundled}'" if tag == "replace" else
                    f"line {at}, '{mine}', is not in {copied}" if tag == "delete" else  # ours to theirs: ours has it
                    f"{copied}'s '{bundled}' is left out before line {at}")
    row = lines[first - 1] if 0 < first <= len(lines) else ""
    start = len(row) - len(row.lstrip()) + 1
    yield warning("B760", f"this file is bundled {copied} with {changed} rule line{'s' if changed > 1 else ''} "
                  f"changed: {'; '.join(said)}", Span(path, first, start, first, len(row.rstrip()) + 1),
                  f"check that this is the game you mean; a change that is meant reads better as a child, "
                  f"'variant NAME \"Title\" extends {copied}' with only the changed lines (its page then lists "
                  f"them as differences), or keep the copy with '#: allow B760: why' above the line")


def _rule_lines(lines: list[str]) -> list[tuple[int, str]]:
    """The statements that say the game, as (line number from 1, text in the canonical layout):
    not what a renamed copy says of itself at the margin (its name, title, sources)."""
    return [(line, text) for line, text, margin in code_lines("\n".join(lines))
            if not (margin and text.split()[0] in HEADER)]
