"""Finds a variant's file and its parents' files, reads them, and returns the merged variant.

``load`` is the one loader every command uses: it parses the file, follows ``extends``,
folds the chain (``merge``) and runs the checks of meaning (``semantics``), returning the
merged variant with its warnings or raising ``DiagnosticError`` with every error. It runs
no lints and no play: what else to check is the validator's choice (``basra_dsl.check``).
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Iterator

from .. import limits
from ..diagnostics import Diagnostic, DiagnosticError, Span, did_you_mean, error
from ..resources import bundled_variants
from . import nodes as n
from .merge import Merged, merge
from .semantics import check_file, check_merged
from .tree_cache import parsed

LOOKUP = ("a name is looked up as ./variants/NAME.basra, then ./NAME.basra, then among the bundled "
          "variants (basra variants lists them)")


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
    return find_named_variant(text, near)


def resolve_argument(argument: str | Path) -> Path:
    """Returns the file or folder a command-line argument means, the same for every command
    (check, fmt, compile, simulate, docs show): an existing file or folder as it is; a name
    (no '.basra', no slash) looked up as ``find_variant_file`` looks it up; anything else as
    given, for the command to report as missing."""
    path = Path(argument)
    if path.exists() or is_path_like(argument):
        return path
    return find_variant_file(str(argument)) or path


def find_named_variant(name: str, near: Path | None = None) -> Path | None:
    """Returns the file of a variant named without a path (``NAME.basra`` beside ``near``, or
    in ./variants and ./, then a bundled one), or None. Never a file of another name."""
    folders = [near] if near is not None else [Path("variants"), Path(".")]
    for folder in folders:
        if (folder / f"{name}.basra").is_file():
            return folder / f"{name}.basra"
    found = bundled_variants().get(name)
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
    """Returns the parsed variant in a file, or raises DiagnosticError.

    A file is parsed once per process while it stays the same (same size, time and inode):
    a folder of variants that extend one another reads each parent once, not once per child.
    """
    key = file_identity(path)
    if key is not None and key in _PARSED:
        return _PARSED[key]
    variant = _parse_file(path)
    if key is not None and key[2] <= _PARSED_LARGEST:  # parents are small; a huge file is not kept
        if len(_PARSED) >= _PARSED_MOST:
            _PARSED.pop(next(iter(_PARSED)))
        _PARSED[key] = variant
    return variant


def file_identity(path: str | Path) -> tuple | None:
    """Returns what tells one state of a file from another (path, time, size, inode), or None."""
    try:
        stat = Path(path).stat()
    except OSError:
        return None
    return (str(path), stat.st_mtime_ns, stat.st_size, stat.st_ino)


def chain_identity(chain: tuple[n.Variant, ...]) -> tuple | None:
    """Returns the identity of every file of an ``extends`` chain, or None if one has none."""
    found = tuple(file_identity(variant.path) for variant in chain)
    return None if None in found else found


_PARSED: dict[tuple, n.Variant] = {}
_PARSED_MOST = 128
_PARSED_LARGEST = 32 * 1024  # bytes of a file kept parsed


def _parse_file(path: Path) -> n.Variant:
    data = limits.read_limited(path, limits.VARIANT_BYTES, "a variant file")
    text = data.decode("utf-8", errors="replace") if b"\x00" not in data else "\x00"
    if "\ufffd" in text and b"\x00" not in data:
        raise DiagnosticError([error("B108", "the file is not UTF-8 text", Span(str(path), 1, 1),
                                     "save the variant as UTF-8")])
    return parsed(text, str(path))


def chain_of(variant: n.Variant) -> tuple[tuple[n.Variant, ...], list[Diagnostic]]:
    """Returns the variant and its ancestors, with diagnostics for a missing or cyclic parent."""
    chain, problems = [variant], []
    seen = {variant.name.text}
    current = variant
    while current.parent is not None:
        parent_word = current.parent
        if len(chain) >= limits.CHAIN:
            problems.append(error("B805", f"the 'extends' chain is longer than {limits.CHAIN} variants",
                                  variant.parent.span, "extend a variant nearer the root of the chain"))
            break
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


def ancestor_errors(chain: tuple[n.Variant, ...]) -> Iterator[Diagnostic]:
    """Yields the errors each ancestor of ``chain[0]`` shows on its own, at its own lines,
    with a B403 at the child's ``extends`` for the first ancestor that has any: a parent is
    checked when only its child is named."""
    for index in range(1, len(chain)):
        errors = [d for d in check_file(chain[index]) if d.is_error]
        merged, found = merge(chain[index:])
        errors += [d for d in found if d.is_error]
        if not errors:
            errors = [d for d in check_merged(merged) if d.is_error]
        if errors:
            parent = chain[index]
            yield error("B403", f"the parent variant '{parent.name.text}' has errors", chain[0].parent.span,
                        f"run: basra check {parent.path}")
            yield from errors
            return


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
    return _loaded(read_variant(path))


def load_text(text: str, path: str | Path) -> Loaded:
    """Returns a variant given as text (an editor's unsaved buffer) merged with its parents,
    which are looked up beside ``path`` as for a file; raises DiagnosticError as ``load``."""
    if len(text.encode("utf-8", errors="replace")) > limits.VARIANT_BYTES:
        most = limits.size_text(limits.VARIANT_BYTES)
        raise DiagnosticError([error("B801", f"the file is larger than {most}, the most a variant file may be",
                                     Span(str(path), 1, 1), f"split it into smaller files (each up to {most})")])
    return _loaded(parsed(text, str(path)))


def _loaded(variant: n.Variant) -> Loaded:
    problems = list(check_file(variant))
    chain, found = chain_of(variant)
    problems += found
    if not found:
        problems += list(ancestor_errors(chain))
    merged, found = merge(chain)
    problems += found
    if not any(p.is_error for p in problems):
        problems += list(check_merged(merged))
    if any(p.is_error for p in problems):
        raise DiagnosticError(problems)
    return Loaded(merged, tuple(problems))
