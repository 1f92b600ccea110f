"""Finds the files that travel with the package: the grammar, bundled variants, schemas.

In a wheel they sit under ``basra_dsl/_bundled``; in a source checkout or an editable
install they are the repository's own ``grammars/`` and ``variants/`` folders.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path

_PACKAGE = Path(__file__).resolve().parent


@cache
def bundled_dir(name: str) -> Path:
    """Returns the folder ``grammars`` or ``variants`` for this installation."""
    for candidate in (_PACKAGE / "_bundled" / name, _PACKAGE.parent / name):
        if candidate.is_dir():
            return candidate
    raise FileNotFoundError(f"basra-dsl is installed without its {name}/ folder")


def grammar_path() -> Path:
    """Returns the path of the variant grammar."""
    return bundled_dir("grammars") / "basra.lark"


def schema_path(name: str) -> Path:
    """Returns the path of a shipped JSON Schema such as ``record``."""
    return _PACKAGE / "schemas" / f"{name}.schema.json"


def bundled_variants() -> dict[str, Path]:
    """Returns the bundled variant files by name, sorted by name."""
    folder = bundled_dir("variants")
    return {p.stem: p for p in sorted(folder.glob("*.basra"))}
