"""The validator: checks variant files, runs their worked examples and, when asked,
seeded simulations, and gathers every finding of every file."""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from pathlib import Path
from typing import Iterable, Iterator

from .compiler import compile_rules
from .diagnostics import Diagnostic, DiagnosticError, Span, error
from .engine import Game
from .examples import check_examples, read_examples
from .invariants import check_hand_invariants
from .semantics import Merged, load


@dataclass
class Report:
    files: list[str] = field(default_factory=list)
    diagnostics: list[Diagnostic] = field(default_factory=list)
    examples: int = 0
    hands_simulated: int = 0

    @property
    def errors(self) -> int:
        return sum(d.is_error for d in self.diagnostics)

    @property
    def warnings(self) -> int:
        return len(self.diagnostics) - self.errors

    def summary(self) -> str:
        """Returns the closing line, such as ``Found 3 errors and 1 warning in 2 of 15 variants.``"""
        total = len(self.files)
        noun = "variant" if total == 1 else "variants"
        if not self.diagnostics:
            extra = f", {self.examples} examples checked" if self.examples else ""
            extra += f", {self.hands_simulated} hands simulated" if self.hands_simulated else ""
            return f"All {total} {noun} passed{extra}."
        bad = len({d.span.path for d in self.diagnostics if d.span})
        parts = []
        if self.errors:
            parts.append(f"{self.errors} error{'s' * (self.errors != 1)}")
        if self.warnings:
            parts.append(f"{self.warnings} warning{'s' * (self.warnings != 1)}")
        return f"Found {' and '.join(parts)} in {bad} of {total} {noun}."


def variant_files(paths: Iterable[str | Path]) -> Iterator[Path]:
    """Yields the .basra files named or found (recursively) in folders, sorted."""
    for path in map(Path, paths):
        if path.is_dir():
            yield from sorted(path.rglob("*.basra"))
        else:
            yield path


def check_paths(paths: Iterable[str | Path], examples: bool = True, simulate: int = 0,
                seed: int = 0, progress=None) -> Report:
    """Returns every finding for the given files and folders."""
    report = Report()
    for path in variant_files(paths):
        report.files.append(str(path))
        if progress:
            progress(f"checking {path}")
        report.diagnostics.extend(check_file(path, report, examples, simulate, seed))
    report.diagnostics.sort(key=Diagnostic.sort_key)
    return report


def check_file(path: Path, report: Report, examples: bool, simulate: int, seed: int) -> Iterator[Diagnostic]:
    """Yields every finding for one variant file."""
    if not path.exists():
        yield error("B112", "no such file", Span(str(path), 0, 0))
        return
    try:
        loaded = load(path)
    except DiagnosticError as exc:
        yield from exc.diagnostics
        return
    yield from loaded.warnings
    if examples:
        yield from _examples(loaded.merged, path, report)
    if simulate:
        yield from simulate_invariants(loaded.merged, simulate, seed, report)


def _examples(merged: Merged, path: Path, report: Report) -> Iterator[Diagnostic]:
    try:
        document = read_examples(path)
    except DiagnosticError as exc:
        yield from exc.diagnostics
        return
    if document is not None:
        if isinstance(document.data, dict):
            report.examples += len(document.data.get("examples") or [])
        yield from check_examples(merged, document)


def simulate_invariants(merged: Merged, hands: int, seed: int, report: Report | None = None) -> Iterator[Diagnostic]:
    """Yields a diagnostic for the first hand, at each player count, that breaks an invariant."""
    for players in merged.player_counts():
        rules = compile_rules(merged, {"players": players})
        game = Game(rules)
        for index in range(hands):
            hand_seed = seed * 1_000_003 + index
            problem = check_hand_invariants(game, random.Random(hand_seed), index % players)
            if report is not None:
                report.hands_simulated += 1
            if problem:
                yield error("B602", f"{players} players, seed {hand_seed}: {problem}", merged.variant.name.span,
                            f"replay it: basra simulate {merged.name} --hands 1 --seed {hand_seed} "
                            f"--players {players}")
                break
