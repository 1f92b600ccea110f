"""Finds a variant's file and its parents' files, reads them, and returns the merged variant.

``load`` is the one loader every command uses: it parses the file, follows ``extends``,
folds the chain (``merge``) and runs the checks of meaning (``semantics``), returning the
merged variant with its warnings or raising ``DiagnosticError`` with every error. It runs
no lints and no play: what else to check is the validator's choice (``basra_dsl.check``).
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from ..diagnostics import Diagnostic, DiagnosticError, Span, did_you_mean, error
from ..resources import bundled_variants
from . import nodes as n
from .merge import Merged, merge
from .parser import parse
from .semantics import check_file, check_merged


def find_variant_file(name_or_path: str | Path, near: Path | None = None) -> Path | None:
    """Returns the file of a variant given by path or by name, or None.

    A path (a name ending in ``.basra``, or an existing file) is taken as it is. A name is
    looked up, first found wins, in: ``near/NAME.basra`` when ``near`` is given (a parent
    beside its child; a file's meaning does not depend on the working folder), else
    ``./variants/NAME.basra`` and ``./NAME.basra`` in the working folder (names given on
    the command line); then the bundled variants.
    """
    text = str(name_or_path)
    path = Path(text)
    if is_path_like(text) or path.is_file():
        return path if path.is_file() else None
    folders = [near] if near is not None else [Path("variants"), Path(".")]
    for folder in folders:
        if (folder / f"{text}.basra").is_file():
            return folder / f"{text}.basra"
    found = bundled_variants().get(text)
    return _relative(found) if found else None


def is_path_like(name_or_path: str | Path) -> bool:
    """Returns whether a variant argument names a file rather than a variant (``.basra`` or a folder in it)."""
    text = str(name_or_path)
    return text.endswith(".basra") or "/" in text or "\\" in text


def _relative(path: Path) -> Path:
    """Returns a path relative to the working folder when it lies inside it (for messages)."""
    try:
        return path.relative_to(Path.cwd())
    except ValueError:
        return path


def read_variant(path: Path) -> n.Variant:
    """Returns the parsed variant in a file, or raises DiagnosticError."""
    try:
        data = path.read_bytes()
    except OSError as exc:
        raise DiagnosticError([error("B112", f"cannot read the file: {exc.strerror}", Span(str(path), 1, 1))])
    text = data.decode("utf-8", errors="replace") if b"\x00" not in data else "\x00"
    if "\ufffd" in text and b"\x00" not in data:
        raise DiagnosticError([error("B108", "the file is not UTF-8 text", Span(str(path), 1, 1),
                                     "save the variant as UTF-8")])
    return parse(text, str(path))


def chain_of(variant: n.Variant) -> tuple[tuple[n.Variant, ...], list[Diagnostic]]:
    """Returns the variant and its ancestors, with diagnostics for a missing or cyclic parent."""
    chain, problems = [variant], []
    seen = {variant.name.text}
    current = variant
    while current.parent is not None:
        parent_word = current.parent
        path = find_variant_file(parent_word.text, Path(current.path).parent if current.path else None)
        if path is None:
            known = list(bundled_variants())
            problems.append(error("B401", f"unknown parent variant '{parent_word.text}'", parent_word.span,
                                  did_you_mean(parent_word.text, known) or f"bundled variants: {', '.join(known)}"))
            break
        if parent_word.text in seen:
            cycle = " -> ".join([v.name.text for v in chain] + [parent_word.text])
            problems.append(error("B402", f"'extends' goes round in a circle: {cycle}", parent_word.span,
                                  "a variant cannot be its own ancestor"))
            break
        try:
            parent = read_variant(path)
        except DiagnosticError as exc:
            problems.append(error("B403", f"the parent variant '{parent_word.text}' has errors",
                                  parent_word.span, f"run: basra check {path}"))
            problems.extend(d for d in exc.diagnostics)
            break
        seen.add(parent_word.text)
        chain.append(parent)
        current = parent
    return tuple(chain), problems


@dataclass(frozen=True)
class Loaded:
    merged: Merged
    warnings: tuple[Diagnostic, ...]


def load(name_or_path: str | Path) -> Loaded:
    """Returns a variant merged with its parents, or raises DiagnosticError with every problem."""
    path = find_variant_file(name_or_path)
    if path is None and is_path_like(name_or_path):
        raise DiagnosticError([error("B112", "no such file", Span(str(name_or_path), 1, 1),
                                     "check the path, or name a bundled variant (basra variants)")])
    if path is None:
        known = list(bundled_variants())
        raise DiagnosticError([error("B401", f"no variant named '{name_or_path}'", None,
                                     did_you_mean(str(name_or_path), known) or
                                     f"bundled variants: {', '.join(known)}")])
    variant = read_variant(path)
    problems = list(check_file(variant))
    chain, found = chain_of(variant)
    problems += found
    merged, found = merge(chain)
    problems += found
    if not any(p.is_error for p in problems):
        problems += list(check_merged(merged))
    if any(p.is_error for p in problems):
        raise DiagnosticError(problems)
    return Loaded(merged, tuple(problems))
