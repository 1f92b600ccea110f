"""What an author's file most likely started from, so a help can offer the number meant: the
parent it extends, or the bundled variant of the same name (a copy of a bundled file, edited).

A warning about a number out of proportion (a target, a bonus, a lurch) then says what that
variant plays ("such as 21, as chkobba plays"); without one, a near miss by a factor of ten
(210 for 21, 100 for 1000) where it brings the game back in proportion.
"""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path
from typing import Any

from ...diagnostics import DiagnosticError
from ...language import nodes as n
from ...language.compiler import compile_rules
from ...language.loader import load
from ...language.merge import Merged
from ...language.unparse import expr_text
from ...resources import bundled_variants
from .overrides import parent_of


def reference_of(merged: Merged) -> Merged | None:
    """Returns the bundled variant this file is an edited copy of, or the parent, or None."""
    bundled = bundled_variants().get(merged.name)
    here = merged.variant.name.span.path if merged.variant.name.span else None
    if bundled is not None and here is not None and not _same_file(Path(here), bundled):
        return _bundled(str(bundled))
    return parent_of(merged)


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
    """Returns value times or divided by ten where ``fits`` accepts it (a slipped zero), or None."""
    for candidate in (value / 10, value * 10):
        if candidate == int(candidate) and fits(candidate):
            return int(candidate)
    return None


@lru_cache(maxsize=64)
def _bundled(path: str) -> Merged | None:
    try:
        return load(Path(path)).merged
    except DiagnosticError:
        return None


def _same_file(a: Path, b: Path) -> bool:
    try:
        return a.resolve() == b.resolve()
    except OSError:
        return False


def described(value: Any, merged: Merged) -> str:
    """', as NAME plays' for a help that offers the reference's number."""
    reference = reference_of(merged)
    return f", as {reference.name} plays" if reference is not None else ""
