"""Finds a variant's parents, merges the ``extends`` chain, and checks the result.

Each check is a generator that yields every problem it sees (as jsonschema's keywords do);
``load`` gathers them and is the one place that raises. A merged variant keeps, for every
clause, the node that defined it, so diagnostics and the rulebook point at the right file.
"""

from __future__ import annotations

import itertools
import math
import random
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Iterable, Iterator

from . import expressions as X
from . import nodes as n
from .diagnostics import Diagnostic, DiagnosticError, Span, did_you_mean, error, warning
from .parser import parse
from .resources import bundled_variants
from .unparse import value_text

SUIT_WORDS = {"cards": None, "clubs": 0, "diamonds": 1, "hearts": 2, "spades": 3}
REQUIRED = {"setup.deck": "deck 52", "setup.players": "players 2, 4", "setup.hand": "hand 4",
            "game.target": "first to 101"}
SETUP_SCOPE_KEYS = ("setup", "end", "score", "game", "match")
MAX_OPTION_COMBINATIONS = 48  # the most option assignments a check looks at (see option_combinations)
SAMPLE_SEED = 20240601


@dataclass(frozen=True)
class Merged:
    """A variant with its parents' clauses folded in: what the compiler reads."""

    variant: n.Variant
    chain: tuple[n.Variant, ...]  # the variant first, then its parent, ...
    options: dict[str, n.Option]
    clauses: dict[str, tuple[n.Clause, ...]]  # key -> alternatives, first guard that holds wins
    origin: dict[str, str] = field(default_factory=dict)  # key -> name of the defining variant
    dropped: dict[str, str] = field(default_factory=dict)  # key -> name of the dropping variant

    @property
    def name(self) -> str:
        return self.variant.name.text

    @property
    def parent(self) -> n.Variant | None:
        return self.chain[1] if len(self.chain) > 1 else None

    def first(self, key: str) -> n.Clause | None:
        found = self.clauses.get(key)
        return found[0] if found else None

    def pick(self, key: str, options: dict[str, Any], evaluate=X.evaluate_constant) -> n.Clause | None:
        """Returns the first alternative of a clause whose guard holds under ``options``, or None."""
        for clause in self.clauses.get(key, ()):
            if clause.guard is None or evaluate(clause.guard, options):
                return clause
        return None

    def rules(self, section: str) -> list[n.Clause]:
        return [c for key, alts in self.clauses.items() if key.startswith(section + ".")
                for c in alts]

    def player_counts(self) -> tuple[int, ...]:
        players = self.first("setup.players")
        return players.counts if isinstance(players, n.Players) else (2,)

    def option_defaults(self) -> dict[str, Any]:
        return {name: option_value(o.default) for name, o in self.options.items()}

    def option_choices(self, only: Iterable[str] | None = None) -> dict[str, list[Any]]:
        """Returns each option's distinct choice values, in the order declared (or only the named options)."""
        wanted = None if only is None else set(only)
        names = [k for k in self.options if wanted is None or k in wanted]
        choices = {}
        for name in names:
            values: list[Any] = []
            for choice in self.options[name].choices:
                value = option_value(choice)
                if all(_choice_key(value) != _choice_key(v) for v in values):
                    values.append(value)
            choices[name] = values
        return choices

    def option_combination_count(self, only: Iterable[str] | None = None) -> int:
        """Returns how many assignments of option values there are, with each player count."""
        return len(self.player_counts()) * math.prod(len(v) for v in self.option_choices(only).values())

    def option_combinations(self, limit: int | None = MAX_OPTION_COMBINATIONS, seed: int = SAMPLE_SEED,
                            only: Iterable[str] | None = None) -> Iterator[dict[str, Any]]:
        """Yields assignments of option values with a player count, each once, lazily.

        First the defaults at each allowed player count, then every other assignment when
        there are at most ``limit`` in all (or ``limit`` is None); else a seeded sample of
        them, up to ``limit`` in all. ``only`` restricts the options varied (the others keep
        their defaults). The number of assignments grows as the product of the choices, so
        no caller should enumerate them without a limit unless it knows they are few.
        """
        choices = self.option_choices(only)
        names = list(choices)
        defaults = self.option_defaults()
        counts = self.player_counts()
        total = len(counts) * math.prod(len(v) for v in choices.values())
        seen: set[tuple] = set()

        def combo(values: tuple, players: int) -> dict[str, Any] | None:
            key = (players,) + tuple(_choice_key(v) for v in values)
            if key in seen:
                return None
            seen.add(key)
            return defaults | dict(zip(names, values)) | {"players": players}

        for players in counts:
            found = combo(tuple(defaults[k] for k in names), players)
            if found is not None:
                yield found
        if limit is None or total <= limit:
            for players in counts:
                for values in itertools.product(*choices.values()):
                    found = combo(values, players)
                    if found is not None:
                        yield found
            return
        rng = random.Random(seed)
        wanted = max(limit - len(seen), 0)
        drawn: set[int] = set()
        while wanted and len(drawn) < total:
            index = rng.randrange(total)
            if index in drawn:
                continue
            drawn.add(index)
            values, players = _decode(index, [len(v) for v in choices.values()], len(counts))
            found = combo(tuple(choices[k][i] for k, i in zip(names, values)), counts[players])
            if found is not None:
                yield found
                wanted -= 1


def _choice_key(value: Any) -> tuple[str, Any]:
    return type(value).__name__, value


def _decode(index: int, radices: list[int], player_counts: int) -> tuple[list[int], int]:
    """Returns the choice of each option and of the player count that a mixed-radix index stands for."""
    digits = []
    for radix in reversed(radices):
        index, digit = divmod(index, radix)
        digits.append(digit)
    return digits[::-1], index % player_counts


def option_value(expr: n.Expr) -> Any:
    """Returns the value an option choice stands for."""
    match expr:
        case n.Number(value=v) | n.Bool(value=v):
            return v
        case n.Name(id=word):
            return word
    raise TypeError(expr)


# ------------------------------------------------------------------ finding files

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


def merge(chain: tuple[n.Variant, ...]) -> tuple[Merged, list[Diagnostic]]:
    """Returns the chain folded from the oldest ancestor down, and bad drops."""
    options: dict[str, n.Option] = {}
    clauses: dict[str, tuple[n.Clause, ...]] = {}
    origin: dict[str, str] = {}
    dropped: dict[str, str] = {}
    problems: list[Diagnostic] = []
    for variant in reversed(chain):
        name = variant.name.text
        for option in variant.options:
            options[option.name.text] = option
        own: dict[str, list[n.Clause]] = {}
        for clause in variant.clauses:
            own.setdefault(clause.key, []).append(clause)
        for drop in variant.drops:
            if drop.key in clauses and drop.key not in own:
                del clauses[drop.key]
                dropped[drop.key] = name
                origin.pop(drop.key, None)
            elif drop.key not in own:
                known = [k.split(".", 1)[1] for k in clauses if k.startswith(drop.section + ".")]
                problems.append(error("B208", f"nothing named '{drop.name.text}' to drop in the "
                                      f"{drop.section} section", drop.name.span,
                                      did_you_mean(drop.name.text, known) or (
                                          "a parent's clause is dropped by its name" if variant.parent
                                          else "only a variant that extends another can drop a clause")))
        for key, alternatives in own.items():
            clauses[key] = tuple(alternatives)
            origin[key] = name
    # An inherited option that no clause left after overriding and dropping reads has
    # nothing to choose any more: the child does not offer it.
    own_options = {o.name.text for o in chain[0].options}
    used = _names_used(Merged(chain[0], chain, options, clauses))
    options = {k: o for k, o in options.items() if k in own_options or k in used}
    return Merged(chain[0], chain, options, clauses, origin, dropped), problems


# ------------------------------------------------------------------ checks

def check_file(variant: n.Variant) -> Iterator[Diagnostic]:
    """Yields the problems a single file shows on its own."""
    stem = Path(variant.path).stem if variant.path.endswith(".basra") else None
    if stem is not None and stem != variant.name.text:
        yield warning("B407", f"the variant is named '{variant.name.text}' but its file is {Path(variant.path).name}",
                      variant.name.span, f"name the file {variant.name.text}.basra: other variants, records "
                      "and the command line find a variant by its file name")
    yield from _check_options(variant)
    yield from _check_duplicates(variant)
    for clause in variant.clauses:
        yield from _check_clause_words(clause)


def _check_options(variant: n.Variant) -> Iterator[Diagnostic]:
    seen: set[str] = set()
    for option in variant.options:
        name = option.name.text
        if name in seen:
            yield error("B304", f"option '{name}' is declared twice", option.name.span)
        seen.add(name)
        if name in ("players",) or name in X.PLAY_NAMES:
            yield error("B306", f"'{name}' is a built-in name and cannot be an option", option.name.span,
                        "list player counts with 'players' in the setup section" if name == "players" else None)
        values = [option_value(c) for c in option.choices]
        if option_value(option.default) not in values:
            yield error("B303", f"the default of option '{name}' is not one of its choices",
                        option.default.span, f"choose one of: {' | '.join(map(value_text, values))}")
        if len(set(map(X.value_type, values + [option_value(option.default)]))) > 1:
            yield error("B307", f"the choices of option '{name}' mix kinds of value", option.span,
                        "use all numbers, all yes/no, or all words")
        if len(set(map(repr, values))) != len(values):
            yield warning("B308", f"option '{name}' lists a choice twice", option.span)


def _check_duplicates(variant: n.Variant) -> Iterator[Diagnostic]:
    by_key: dict[str, list[n.Clause]] = {}
    for clause in variant.clauses:
        by_key.setdefault(clause.key, []).append(clause)
    for key, clauses in by_key.items():
        first = clauses[0]
        if isinstance(first, (n.CaptureRule, n.BasraRule)):
            for later in clauses[1:]:
                yield error("B207", f"a rule named '{later.name.text}' is already defined at line "
                            f"{first.span.line}", later.name.span, "give each rule its own name")
            continue
        # Alternatives of one clause are fine while every one but the last has a 'when'.
        for earlier, later in zip(clauses, clauses[1:]):
            if earlier.guard is None:
                yield error("B206", f"'{key.split('.', 1)[1].replace('_', ' ')}' is already stated at line "
                            f"{earlier.span.line}", later.span,
                            "state a clause once, or give each alternative a 'when' and keep the "
                            "one without 'when' last")


def _check_clause_words(clause: n.Clause) -> Iterator[Diagnostic]:
    for pattern in _patterns(clause):
        yield from X.check_pattern(pattern)
    if isinstance(clause, n.Most) and clause.what.text not in SUIT_WORDS:
        yield error("B209", f"'most {clause.what.text}' counts nothing", clause.what.span,
                    did_you_mean(clause.what.text, SUIT_WORDS) or "count cards, clubs, diamonds, hearts or spades")
    if isinstance(clause, n.Deck) and clause.size != 52:
        yield error("B405", f"only the standard 52-card pack is known, not {clause.size}", clause.span,
                    "write 'deck 52' and remove ranks with 'without', such as 'deck 52 without Q, K'")
    if isinstance(clause, n.Players):
        if clause.guard is not None:
            yield error("B406", "the player counts cannot depend on a condition", clause.guard.span,
                        "list every count once; clauses can depend on 'players' instead")
        for count in clause.counts:
            if not 2 <= count <= 8:
                yield error("B405", f"{count} players cannot play a fishing game here", clause.span,
                            "player counts run from 2 to 8")


def _patterns(clause: n.Clause) -> Iterator[n.Pattern]:
    match clause:
        case n.Deck(without=patterns):
            yield from patterns
        case n.StartFloor(bar=bar) if bar is not None:
            yield from bar.patterns
        case n.CaptureRule(pattern=pattern):
            yield pattern
        case n.Points(entries=entries):
            yield from (e.pattern for e in entries)


def check_merged(merged: Merged) -> Iterator[Diagnostic]:
    """Yields the problems of a whole variant with its parents folded in."""
    for key, example in REQUIRED.items():
        if key not in merged.clauses:
            section, word = key.split(".")
            yield error("B404", f"the variant never says its {word.replace('_', ' ')}", merged.variant.name.span,
                        f"add to the {section} section: {example}")
    if not any(k.startswith("capture.") and isinstance(c[0], n.CaptureRule) for k, c in merged.clauses.items()):
        yield error("B404", "the variant has no capture rule", merged.variant.name.span,
                    "add a capture section with a rule, such as 'pair: any takes rank'")
    yield from _check_expressions(merged)
    yield from _check_unused_options(merged)


def _scope(merged: Merged, play: dict | None = None) -> X.Scope:
    words = frozenset(w for o in merged.options.values() for c in o.choices
                      if isinstance(w := option_value(c), str))
    options = merged.option_defaults() | {"players": merged.player_counts()[0]}
    return X.Scope(options, play or {}, words)


def _check_expressions(merged: Merged) -> Iterator[Diagnostic]:
    static, play, capture = _scope(merged), _scope(merged, X.PLAY_NAMES), _scope(merged, X.CAPTURE_NAMES)
    own = {id(c) for c in merged.variant.clauses}
    for alternatives in merged.clauses.values():
        for clause in alternatives:
            if id(clause) not in own:
                continue  # a parent's clause is checked with the parent
            scope = capture if isinstance(clause, n.CaptureRule) else play if isinstance(clause, n.BasraRule) else static
            if clause.guard is not None:
                yield from X.check(clause.guard, scope, X.BOOL)
            for expr, want in _expressions(clause):
                yield from X.check(expr, play if isinstance(clause, n.BasraRule) else static, want)


def _expressions(clause: n.Clause) -> Iterator[tuple[n.Expr, str]]:
    match clause:
        case n.Hand(count=e) | n.StartFloor(count=e) | n.RedealFloor(count=e):
            yield e, X.NUM
        case n.BasraRule(points=e) | n.Most(points=e) | n.Total(points=e) | n.Target(points=e) | \
                n.Decider(points=e) | n.BestOf(games=e):
            yield e, X.NUM
        case n.GameTie(amount=e) if e is not None:
            yield e, X.NUM
        case n.Points(entries=entries):
            for entry in entries:
                yield entry.points, X.NUM


def _names_used(merged: Merged) -> set[str]:
    return {node.id for node in n.walk(tuple(merged.clauses.values())) if isinstance(node, n.Name)}


def _check_unused_options(merged: Merged) -> Iterator[Diagnostic]:
    used = _names_used(merged)
    for option in merged.variant.options:
        if option.name.text not in used:
            yield warning("B305", f"option '{option.name.text}' is never used", option.name.span,
                          "refer to it in a clause or a 'when', or remove it")


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
