"""The validator: checks variant files, runs their worked examples and, when asked,
seeded simulations, and gathers every finding of every file.

For each file: syntax (every error, with recovery), meaning (``language.loader.load``), the
checks of ``lints``, the worked examples beside the file, and ``--simulate N`` hands
per allowed player count. Files with syntax errors get no further checks; files whose
meaning is refused get no examples or simulation. Findings are deduplicated (a broken
parent is reported once, in its own file) and sorted by file, line and column.
"""

from __future__ import annotations

import random
import traceback
from dataclasses import dataclass, field
from pathlib import Path
from typing import Iterable, Iterator

from .. import limits
from ..cards import card_name
from ..documents import parse_document
from ..diagnostics import Diagnostic, DiagnosticError, Span, error, limit_per_file, warning
from ..engine import Game
from ..engine.random_play import random_move
from ..language.compiler import compile_rules
from ..language.loader import LOOKUP, is_path_like, load, load_text
from ..language.merge import Merged
from .allow import kept
from .examples import check_examples, read_examples
from .invariants import MAX_PLAYS, check_hand_invariants
from .lints import ancestor_errors, lint
from .lints.copies import changed_copy
from .lints.placeholders import example_placeholders


@dataclass
class Report:
    files: list[str] = field(default_factory=list)
    diagnostics: list[Diagnostic] = field(default_factory=list)
    examples: int = 0
    hands_simulated: int = 0
    left_out: list[Diagnostic] = field(default_factory=list)  # past the findings shown per file

    @property
    def errors(self) -> int:
        return sum(d.is_error for d in self.diagnostics) + sum(d.is_error for d in self.left_out)

    @property
    def internal_errors(self) -> int:
        """Returns how many files basra itself failed on (B900): `basra check` then exits 2."""
        return sum(d.code == "B900" for d in self.diagnostics)

    @property
    def warnings(self) -> int:
        return len(self.diagnostics) + len(self.left_out) - self.errors

    def summary(self) -> str:
        """Returns the closing line, such as ``Found 3 errors and 1 warning in 2 of 15 variants.``"""
        total = len(self.files)
        noun = "variant" if total == 1 else "variants"
        extra = f", {self.examples} example{'s' * (self.examples != 1)} checked" if self.examples else ""
        extra += (f", {self.hands_simulated} hand{'s' * (self.hands_simulated != 1)} simulated"
                  if self.hands_simulated else "")
        if not self.diagnostics:
            return f"All {total} {noun} passed{extra}."
        if not total:
            return f"Found {self.errors} error{'s' * (self.errors != 1)}; no variant files were checked."
        bad = len({d.span.path for d in self.diagnostics if d.span}) or 1
        parts = []
        if self.errors:
            parts.append(f"{self.errors} error{'s' * (self.errors != 1)}")
        if self.warnings:
            parts.append(f"{self.warnings} warning{'s' * (self.warnings != 1)}")
        return f"Found {' and '.join(parts)} in {min(bad, max(total, 1))} of {total} {noun}{extra}."

    def to_json(self) -> dict:
        """Returns the counts of the report as JSON data."""
        return {"files": len(self.files), "errors": self.errors, "warnings": self.warnings,
                "examples": self.examples, "hands_simulated": self.hands_simulated,
                "summary": self.summary()}


def variant_files(paths: Iterable[str | Path]) -> Iterator[Path]:
    """Yields the .basra files named or found (recursively) in folders, sorted, each once."""
    seen: set[Path] = set()
    for path in map(Path, paths):
        found = sorted(path.rglob("*.basra")) if path.is_dir() else [path]
        for item in found:
            if item.resolve() not in seen:
                seen.add(item.resolve())
                yield item


def check_paths(paths: Iterable[str | Path], examples: bool = True, simulate: int = 0,
                seed: int = 0, progress=None) -> Report:
    """Returns every finding for the given files and folders."""
    report = Report()
    found: list[Diagnostic] = []
    for folder in map(Path, paths):
        if folder.is_dir() and next(folder.rglob("*.basra"), None) is None:
            found.append(error("B112", f"no .basra files in {folder}", Span(str(folder), 1, 1),
                               "name a folder that holds variant files, or the files themselves"))
    for path in variant_files(paths):
        report.files.append(str(path))
        if progress:
            progress(f"checking {path}")
        found.extend(check_one(path, report, examples, simulate, seed))
    found = sorted(set(found), key=lambda d: (d.sort_key(), d.message))
    report.diagnostics = limit_per_file(found, limits.FINDINGS_PER_FILE)
    shown = set(report.diagnostics)
    report.left_out = [d for d in found if d not in shown]
    return report


def check_one(path: Path, report: Report, examples: bool = True, simulate: int = 0,
              seed: int = 0) -> list[Diagnostic]:
    """Returns every finding for one variant file; a crash becomes a B900 finding, not a traceback."""
    try:
        found = list(check_file(path, report, examples, simulate, seed))
        return kept(found, path.read_text(encoding="utf-8", errors="replace"), path) if path.is_file() else found
    except RecursionError:
        return [error("B114", "the file is nested too deeply to check", Span(str(path), 1, 1),
                      "split long expressions into simpler ones")]
    except Exception as exc:  # noqa: BLE001 - reported as a finding so the other files are still checked
        where = traceback.extract_tb(exc.__traceback__)[-1]
        return [error("B900", f"internal error while checking this file: {type(exc).__name__}: {exc}",
                      Span(str(path), 1, 1),
                      f"please report it with the file (raised at {Path(where.filename).name}:{where.lineno})")]


def check_file(path: Path, report: Report, examples: bool, simulate: int, seed: int) -> Iterator[Diagnostic]:
    """Yields every finding for one variant file."""
    if not path.exists():
        yield error("B112", "no such file" + ("" if is_path_like(path) else " or variant of that name"),
                    Span(str(path), 1, 1), None if is_path_like(path) else LOOKUP)
        return
    if path.is_file() and _starts_with_bom(path):
        yield warning("B116", "the file starts with a byte-order mark", Span(str(path), 1, 1),
                      "save it as UTF-8 without a BOM (basra fmt removes it)")
    yield from check_loaded(lambda: load(path), path, report, examples, simulate, seed)


def check_text(text: str, path: Path, report: Report, examples: bool = True) -> Iterator[Diagnostic]:
    """Yields every finding for a variant given as text (an editor's buffer not yet saved),
    as ``check_file`` does for the file: one code path for the command and the editor."""
    yield from kept(check_loaded(lambda: load_text(text, path), path, report, examples, 0, 0), text, path)


def check_examples_text(text: str, path: Path, variant_text: str | None = None) -> Iterator[Diagnostic]:
    """Yields the findings of a worked-examples file given as text (an editor's buffer),
    played on the variant beside it (``variant_text`` when the editor holds it unsaved)."""
    if len(text.encode("utf-8", errors="replace")) > limits.DOCUMENT_BYTES:
        most = limits.size_text(limits.DOCUMENT_BYTES)
        yield error("B801", f"the file is larger than {most}, the most a worked-examples file may be",
                    Span(str(path), 1, 1), f"split it into smaller files (each up to {most})")
        return
    variant_path = path.with_name(path.name.removesuffix(".examples.yaml") + ".basra")
    try:
        loaded = load_text(variant_text, variant_path) if variant_text is not None else load(variant_path)
    except DiagnosticError:
        yield warning("B605", f"the examples are played on {variant_path.name}, which does not load", Span(str(path), 1, 1),
                      f"fix the findings of {variant_path.name}; its examples are checked once it loads")
        return
    try:
        document = parse_document(text, str(path), "worked examples")
    except DiagnosticError as exc:
        yield from exc.diagnostics
        return
    yield from example_placeholders(document)  # as the variant's check reads them from disk
    yield from check_examples(loaded.merged, document)


def check_loaded(loading, path: Path, report: Report, examples: bool, simulate: int,
                 seed: int) -> Iterator[Diagnostic]:
    """Yields the findings of a variant that ``loading()`` reads: its load, lints, worked
    examples and seeded simulations."""
    try:
        loaded = loading()
    except DiagnosticError as exc:
        yield from exc.diagnostics
        return
    yield from loaded.warnings
    found = ancestor_errors(loaded.merged) or list(lint(loaded.merged))
    yield from found
    if any(d.is_error for d in found):
        return
    played = list(_examples(loaded.merged, path, report)) if examples else []
    played += simulate_invariants(loaded.merged, simulate, seed, report) if simulate else []
    yield from played
    if not (loaded.warnings or found or played):  # nothing else to say: what an edited copy changed
        yield from changed_copy(loaded.merged)


def _starts_with_bom(path: Path) -> bool:
    try:
        with open(path, "rb") as stream:
            return stream.read(3) == b"\xef\xbb\xbf"
    except OSError:
        return False


def _examples(merged: Merged, path: Path, report: Report) -> Iterator[Diagnostic]:
    try:
        document = read_examples(path)
    except DiagnosticError as exc:
        yield from exc.diagnostics
        return
    if document is not None:
        if isinstance(document.data, dict) and isinstance(document.data.get("examples"), list):
            report.examples += len(document.data["examples"])
        yield from check_examples(merged, document)


def simulate_invariants(merged: Merged, hands: int, seed: int, report: Report | None = None) -> Iterator[Diagnostic]:
    """Yields a diagnostic for the first hand, at each player count, that breaks an invariant.

    Hand ``i`` is played with seed ``seed * 1_000_003 + i``; the diagnostic names that seed,
    the first play at which the cards stopped adding up (or the engine failed), and the
    command that replays it.
    """
    for players in merged.player_counts():
        rules = compile_rules(merged, {"players": players})
        game = Game(rules)
        for index in range(hands):
            hand_seed = seed * 1_000_003 + index
            first = index % players
            try:
                problem = check_hand_invariants(game, random.Random(hand_seed), first)
            except Exception as exc:  # noqa: BLE001 - the engine failed on this variant
                problem = f"the engine failed: {type(exc).__name__}: {exc}"
            if report is not None:
                report.hands_simulated += 1
            if problem:
                failing = first_failing_play(game, hand_seed, first)
                code = "B603" if problem.startswith("the engine failed") else "B602"
                yield Diagnostic(code, f"{players} players, seed {hand_seed}: {problem}", merged.variant.name.span,
                                 f"replay it: basra simulate {merged.name} --hands 1 --seed {hand_seed} "
                                 f"--players {players}", notes=(failing,) if failing else ())
                break


def first_failing_play(game: Game, hand_seed: int, first: int) -> str | None:
    """Returns the first play of a seeded hand after which the cards no longer add up, or at
    which the engine fails, replaying it as ``check_hand_invariants`` plays it; else None."""
    rng = random.Random(hand_seed)
    try:
        state = game.new_hand(rng, first)
    except Exception as exc:  # noqa: BLE001
        return f"the deal itself fails: {type(exc).__name__}: {exc}"
    deck = sorted(game.rules.deck)
    for number in range(MAX_PLAYS):
        if state.is_terminal():
            return None
        seat = state.turn
        try:
            move = random_move(state, rng)
            description = str(move)
            state.apply(move)
        except Exception as exc:  # noqa: BLE001
            return f"first failing play: play {number + 1}, seat {seat + 1}: the engine fails: {type(exc).__name__}: {exc}"
        places = [c for p in state.piles for c in p] + list(state.unclaimed) + list(state.floor) + \
            [c for h in state.hands for c in h] + \
            [c for d in state.deals[state.deal_index:] for h in d.hands for c in h] + \
            [c for d in state.deals[state.deal_index:] for c in d.floor]
        if sorted(places) != deck:
            lost = sorted(set(deck) - set(places))
            return (f"first failing play: play {number + 1}, seat {seat + 1}: {description}"
                    + (f" (afterwards {' '.join(map(card_name, lost))} cannot be found)" if lost else
                       " (afterwards a card is in two places)"))
    return None
