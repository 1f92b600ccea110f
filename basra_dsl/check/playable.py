"""What a command that runs a variant asks of the validator: the variant, or its errors.

Kept apart from ``checker`` so that running a variant does not import what checking files
needs (the worked examples' YAML and JSON Schema readers).
"""

from __future__ import annotations

from pathlib import Path

from ..diagnostics import DiagnosticError
from ..language.loader import load
from ..language.merge import Merged
from .lints import ancestor_errors, lint


def load_playable(name_or_path: str | Path) -> Merged:
    """Returns a loaded variant for a command that runs it, refused (DiagnosticError) when
    `basra check` would report an error in it.

    It runs only the checks that can find an error without playing (``lint`` with
    ``sampled_play=False``): the checks over sampled plays warn, or find a rule that fails
    on some play, which the engine reports itself (B710) when such a play comes up.
    """
    loaded = load(name_or_path)
    errors = ancestor_errors(loaded.merged) or [d for d in lint(loaded.merged, sampled_play=False) if d.is_error]
    if errors:
        raise DiagnosticError(errors)
    return loaded.merged
