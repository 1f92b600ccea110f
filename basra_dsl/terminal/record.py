"""The record of a terminal game: its default file name, how it names the variant, writing it.

A game is saved as a record (docs/records.md) that ``basra replay`` plays back exactly. By
default it goes to the working folder as ``basra-VARIANT-SEED.json`` (``-2``, ``-3``, ...
added rather than overwrite an earlier game's). Each write replaces the whole file at
once, so a game stopped at any moment leaves the record of its finished hands, whole.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

from ..check.files import replace_file
from ..language.loader import is_path_like


def default_record_path(variant: str, seed: int, folder: Path | None = None) -> Path:
    """Returns a free file name for a game's record in ``folder`` (the working folder)."""
    folder = folder if folder is not None else Path.cwd()
    stem = f"basra-{re.sub(r'[^A-Za-z0-9_-]+', '_', variant) or 'game'}-{seed}"
    path = folder / f"{stem}.json"
    number = 2
    while path.exists():
        path = folder / f"{stem}-{number}.json"
        number += 1
    return path


def record_variant(argument: str, variant_name: str, record: Path) -> str:
    """Returns how the record names its variant so that ``basra replay`` finds it again: a
    variant file given by path is named by its path from the record's folder when it lies
    there (a record may name no file elsewhere); otherwise the variant's name."""
    if not is_path_like(argument):
        return variant_name
    try:
        relative = Path(argument).resolve().relative_to(record.resolve().parent)
    except (OSError, ValueError):
        return variant_name
    return relative.as_posix()


def write_record(path: Path, record: dict) -> Path:
    """Writes a record as JSON, all at once; raises OSError when it cannot be written."""
    return replace_file(path, (json.dumps(record, indent=1, ensure_ascii=False) + "\n").encode("utf-8"))
