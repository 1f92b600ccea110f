"""What an author's file most likely started from, so a help can offer the number meant: the
parent it extends, or the bundled variant of the same name (a copy of a bundled file, edited).

A warning about a number out of proportion (a target, a bonus, a lurch) then says what that
variant plays ("such as 21, as chkobba plays"); without one, a near miss by a factor of ten
(210 for 21, 100 for 1000) where it brings the game back in proportion. ``copied_from`` finds
the bundled file a renamed copy mostly repeats (``drift`` compares its rules with it), and
``source_lines`` reads a checked file's lines once while it is unchanged (the comments above
its rules, its text for the copy search).
"""

from __future__ import annotations

import difflib
import re
from functools import lru_cache
from pathlib import Path

from ...diagnostics import DiagnosticError
from ...language import nodes as n
from ...language.compiler import compile_rules
from ...language.loader import load
from ...language.merge import Merged
from ...language.unparse import expr_text
from ...resources import bundled_variants
from .combinations import file_lines
from .overrides import parent_of

SIMILAR = 0.8  # a file whose lines are this much a bundled file's is a copy of it


def reference_of(merged: Merged) -> Merged | None:
    """Returns the bundled variant this file is an edited copy of (kept under its name, or
    renamed: found by its lines), or the parent, or None (a bundled file itself has none)."""
    here = merged.variant.name.span.path if merged.variant.name.span else None
    if here is None or is_bundled_file(here):
        return parent_of(merged)
    bundled = bundled_variants().get(merged.name)
    if bundled is None:
        lines = source_lines(merged)
        copied = copied_from("\n".join(lines)) if lines else None
        bundled = bundled_variants().get(copied) if copied else None
    return bundled_merged(str(bundled)) if bundled is not None else parent_of(merged)


def reference_rules(merged: Merged):
    """Returns the reference's rules at its defaults, or None."""
    reference = reference_of(merged)
    if reference is None:
        return None
    try:
        return compile_rules(reference)
    except (DiagnosticError, ValueError):
        return None


def reference_points(merged: Merged, name: str) -> str | None:
    """Returns the points of the reference's rule of that name, as written, or None."""
    reference = reference_of(merged)
    if reference is None:
        return None
    rule = next((c for alts in reference.clauses.values() for c in alts
                 if isinstance(c, (n.BasraRule, n.ScoreRule)) and c.name.text == name), None)
    return expr_text(rule.points) if rule is not None else None


def near_miss(value: float, fits) -> float | None:
    """Returns value times or divided by ten, or with a zero typed in or left out anywhere
    (2001 for 201), or a doubled key (211 for 21), where ``fits`` accepts it (a slipped zero), or None."""
    candidates: list[float] = [value / 10, value * 10]
    if value == int(value) and value > 0:
        digits = str(int(value))
        candidates += [int(digits[:i] + digits[i + 1:]) for i in range(1, len(digits))
                       if digits[i] == "0" or digits[i] == digits[i - 1]]  # a zero typed in, or a key doubled
        candidates += [int(digits[:i] + "0" + digits[i:]) for i in range(1, len(digits) + 1)]
    for candidate in candidates:
        if candidate == int(candidate) and candidate > 0 and fits(candidate):
            return int(candidate)
    return None


def copied_from(text: str) -> str | None:
    """Returns the bundled variant whose file most of ``text``'s lines repeat (SIMILAR or more),
    or None."""
    return _copied(text)


@lru_cache(maxsize=64)
def _copied(text: str) -> str | None:
    lines = text.split("\n")
    best, name = SIMILAR, None
    for candidate, theirs in _bundled_lines().items():
        matcher = difflib.SequenceMatcher(None, lines, theirs, autojunk=False)
        if matcher.quick_ratio() > best and (ratio := matcher.ratio()) > best:
            best, name = ratio, candidate
    return name


def bundled_lines(name: str) -> list[str]:
    """The lines of a bundled variant's file (read once per process)."""
    return _bundled_lines()[name]


@lru_cache(maxsize=1)
def _bundled_lines() -> dict[str, list[str]]:
    """The bundled files' lines, read once per process."""
    return {name: path.read_text(encoding="utf-8").split("\n") for name, path in bundled_variants().items()}


def is_bundled_file(path: str) -> bool:
    """Whether ``path`` is one of the bundled variant files."""
    return any(same_file(Path(path), bundled) for bundled in bundled_variants().values())


def source_lines(merged: Merged) -> list[str]:
    """The lines of the file the variant was read from ([] where it cannot be read: an
    editor's unsaved buffer has no file yet)."""
    return file_lines(merged.variant.name.span.path if merged.variant.name.span else None)


@lru_cache(maxsize=64)
def bundled_merged(path: str) -> Merged | None:
    try:
        return load(Path(path)).merged
    except DiagnosticError:
        return None


def same_file(a: Path, b: Path) -> bool:
    try:
        return a.resolve() == b.resolve()
    except OSError:
        return False


def described(merged: Merged) -> str:
    """', as NAME plays' for a help that offers the reference's number."""
    reference = reference_of(merged)
    return f", as {reference.name} plays" if reference is not None else ""


_COMPARISONS = {"<", "<=", ">", ">=", "==", "!="}


def word_changed(before: str, now: str) -> str:
    """The one word (or sign) by which two conditions differ, as a question ("did you leave out
    'not' before 'J'? "), or "" where they differ by more."""
    old, new = re.findall(r"[\w.]+|[^\w\s]+", before), re.findall(r"[\w.]+|[^\w\s]+", now)
    changes = [op for op in difflib.SequenceMatcher(a=old, b=new, autojunk=False).get_opcodes() if op[0] != "equal"]
    swaps = {(old[i1], new[j1]) for kind, i1, i2, j1, j2 in changes if kind == "replace" and i2 - i1 == j2 - j1 == 1}
    if len(changes) > 1 and len(swaps) == 1 and all(c[0] == "replace" and c[2] - c[1] == c[4] - c[3] == 1 for c in changes):
        (was, now_), = swaps  # the same word turned each time ('or' for every 'and')
        times = "twice" if len(changes) == 2 else f"{len(changes)} times"
        return f"'{now_}' stands where it read '{was}' ({times}): a slip? "
    compared = [(old[i1 + k], new[j1 + k]) for kind, i1, i2, j1, j2 in changes if kind == "replace" and i2 - i1 == j2 - j1
                for k in range(i2 - i1) if old[i1 + k] != new[j1 + k] and {old[i1 + k], new[j1 + k]} <= _COMPARISONS]
    if (len(changes) > 1 or changes and changes[0][2] - changes[0][1] > 1) and len(compared) == 1:
        # a comparison turned round, a number changed beside it
        return f"'{compared[0][1]}' stands where it read '{compared[0][0]}': a slip? "
    if len(changes) != 1:
        return ""
    kind, i1, i2, j1, j2 = changes[0]
    if kind == "delete" and i2 - i1 == 1:
        where = f" before '{old[i2]}'" if i2 < len(old) else ""
        return f"did you leave out '{old[i1]}'{where}? "
    if kind == "insert" and j2 - j1 == 1:
        return f"did you add '{new[j1]}' by a slip? "
    if kind == "replace" and i2 - i1 == 1 and j2 - j1 == 1:
        return f"'{new[j1]}' stands where it read '{old[i1]}': a slip? "
    return ""


def restated_from(merged: Merged, clause: n.Clause) -> str:
    """For a rule of this file whose condition differs from the same rule's in the game it was
    written from: the word that changed, if one did, and the original's condition ("'and'
    stands where it read 'or': a slip? kasino reads 'when ...'; "); else ""."""
    original = reference_of(merged)
    name = clause.name.text if isinstance(getattr(clause, "name", None), n.Word) else None
    old = next((c for alts in original.clauses.values() for c in alts if type(c) is type(clause)
                and c.name.text == name), None) if original is not None and name else None
    if old is None or old.guard is None or clause.guard is None or expr_text(old.guard) == expr_text(clause.guard):
        return ""
    return (word_changed(expr_text(old.guard), expr_text(clause.guard))
            + f"{original.name} reads 'when {expr_text(old.guard)}'; ")
