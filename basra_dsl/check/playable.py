"""What a command that runs a variant asks of the validator: the variant, or its errors.

Kept apart from ``checker`` so that running a variant does not import what checking files
needs (the worked examples' YAML and JSON Schema readers). A variant found clean is
remembered in the per-user cache (``basra_dsl.cache``), so the next run of the same text
does not check it again; errors are never remembered, always found and shown.
"""

from __future__ import annotations

from pathlib import Path

from .. import __version__, cache
from ..diagnostics import DiagnosticError
from ..language.loader import load
from ..language.merge import Merged


def load_playable(name_or_path: str | Path) -> Merged:
    """Returns a loaded variant for a command that runs it, refused (DiagnosticError) when
    `basra check` would report an error in it.

    It runs only the checks that can find an error without playing (``lint`` with
    ``sampled_play=False``): the checks over sampled plays warn, or find a rule that fails
    on some play, which the engine reports itself (B710) when such a play comes up.
    """
    merged = load(name_or_path).merged
    key = verdict_key(merged)
    if key is not None and cache.read("verdict", key) == CLEAN:
        return merged
    from .lints import ancestor_errors, lint  # here: a variant found clean before needs no lints

    errors = ancestor_errors(merged) or [d for d in lint(merged, sampled_play=False) if d.is_error]
    if errors:
        raise DiagnosticError(errors)
    if key is not None:
        cache.write("verdict", key, CLEAN)
    return merged


CLEAN = b"clean\n"


def verdict_key(merged: Merged) -> str | None:
    """Returns the key of a variant's verdict, or None when the cache is off.

    It is the hash of what was parsed from every file of the ``extends`` chain (the frozen
    syntax trees as ``repr`` writes them: every clause, option and name, not positions or
    comments, which no check reads), with the package's version and code: the text the
    checks read, not the file as it may be rewritten meanwhile, so an edited parent or
    child is checked again.
    """
    if cache.folder() is None:
        return None
    return cache.key_of("verdict", __version__, cache.code_stamp(), *(repr(variant) for variant in merged.chain))
