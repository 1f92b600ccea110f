"""Folds a variant's ``extends`` chain into one ``Merged`` variant: what the compiler reads.

A merged variant keeps, for every clause, the node that defined it (so diagnostics and the
rulebook point at the right file) and knows its options' choices and their combinations.
Folding is pure: finding and reading the parents' files is ``loader``'s job.
"""

from __future__ import annotations

import functools
import itertools
import math
import random
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any, Iterable, Iterator

from ..diagnostics import Diagnostic, did_you_mean, error
from . import evaluation as E
from . import nodes as n
from .unparse import number_text, rule_text

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

    def ancestors(self) -> Iterator["Merged"]:
        """Yields the parent merged with its own parents, then the grandparent, and so on."""
        for index in range(1, len(self.chain)):
            yield merge(self.chain[index:])[0]

    def first(self, key: str) -> n.Clause | None:
        found = self.clauses.get(key)
        return found[0] if found else None

    def pick(self, key: str, options: dict[str, Any], evaluate=E.evaluate_constant) -> n.Clause | None:
        """Returns the first alternative of a clause whose guard holds under ``options``, or None."""
        for clause in self.clauses.get(key, ()):
            if clause.guard is None or evaluate(clause.guard, options):
                return clause
        return None

    def title(self, key: str) -> str | None:
        """Returns the title written for a named rule (the first of its alternatives that has
        one), or None. A child that states a rule again without a title has none: the
        parent's title named the parent's rule, which the child replaced."""
        return next((c.title for c in self.clauses.get(key, ())
                     if isinstance(c, (n.CaptureRule, n.BuildRule, n.BasraRule, n.ScoreRule)) and c.title), None)

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
                problems.append(error("B208", f"nothing named '{drop.name.text}' to drop in the "
                                      f"{drop.section} section", drop.name.span,
                                      _drop_help(drop, variant, clauses, origin, dropped, options)))
        for key, alternatives in own.items():
            clauses[key] = tuple(alternatives)
            origin[key] = name
    # An inherited option that no clause left after overriding and dropping reads has
    # nothing to choose any more: the child does not offer it.
    own_options = {o.name.text for o in chain[0].options}
    used = names_used(Merged(chain[0], chain, options, clauses))
    options = {k: o for k, o in options.items() if k in own_options or k in used}
    return Merged(chain[0], chain, options, clauses, origin, dropped), problems


SECTION_WORDS = {"capture": "a capture rule", "basra": "a basra rule", "setup": "a setup clause",
                 "score": "a score clause", "game": "a game clause", "match": "a match clause", "end": "an end clause"}


def _drop_help(drop: n.Drop, variant: n.Variant, clauses: dict, origin: dict, dropped: dict,
               options: dict) -> str:
    """Returns the help of a drop that names nothing in its section: the section where the
    parents have that name, a note that it is dropped already, the rules that read an option
    of that name, or the closest name."""
    name = drop.name.text
    if drop.key in dropped:
        return f"'{name}' is already dropped by {dropped[drop.key]}: remove this line"
    readers = [k.split(".", 1)[1] for k, alts in clauses.items() if k.startswith(drop.section + ".")
               and any(isinstance(x, n.Name) and x.id == name for x in n.walk(alts))]
    if name in options and readers:
        return (f"'{name}' is an option, not a rule; the rule that reads it is '{readers[0]}': "
                f"write 'drop {readers[0]}'" + (f" (also read by {', '.join(repr(r) for r in readers[1:])})"
                                                 if readers[1:] else ""))
    elsewhere = next((k for k in clauses if k.split(".", 1)[1] == name), None)
    if elsewhere is not None:
        section = elsewhere.split(".", 1)[0]
        return (f"'{name}' is {SECTION_WORDS.get(section, 'a clause')} of {origin.get(elsewhere, 'the parent')}: "
                f"write 'drop {name}' under '{section}:'")
    known = [k.split(".", 1)[1] for k in clauses if k.startswith(drop.section + ".")]
    rules = [k.split(".", 1)[1] for k, alts in clauses.items() if k.startswith(drop.section + ".")
             and getattr(alts[0], "name", None) is not None][:8]  # named rules, not keyword clauses
    listed = f"; its {drop.section} section holds {', '.join(repr(k) for k in rules)}" if rules else ""
    return did_you_mean(name, known) or (
        f"the parent has no '{name}' to drop{listed}: remove this line if nothing is meant" if variant.parent
        else "only a variant that extends another can drop a clause")


def names_used(merged: Merged) -> set[str]:
    """Returns every name the variant's clauses read (options among them)."""
    names = {node.id for node in n.walk(tuple(merged.clauses.values())) if isinstance(node, n.Name)}
    return names | {c.taker for alts in merged.clauses.values() for c in alts if isinstance(c, n.FloorBonus)}


def restated_without(merged: Merged, name: str) -> tuple[n.Clause, str] | None:
    """A rule of this file replacing an ancestor's that read the option, and the help: that
    rule with the ancestor's points where they read it (a bonus restated at 20 where the
    parent's read 'double_basra'), or with the parts of its condition that read it ('2 when
    cleared' for Casino's '1 when cleared and sweeps')."""
    def reads(node) -> bool:
        return node is not None and any(isinstance(x, n.Name) and x.id == name for x in n.walk(node))

    for clause in merged.variant.clauses:
        for ancestor in merged.chain[1:]:
            old = next((c for c in ancestor.clauses if c.key == clause.key and reads(c)), None)
            if old is None:
                continue
            said = f"{ancestor.name.text}'s '{clause.key.split('.', 1)[1]}' read it, and this file's replaces it"
            if isinstance(clause, n.BasraRule) and reads(old.points):
                return clause, f"{said}: did you mean '{rule_text(replace(clause, points=old.points), clause.guard)}'?"
            parts = [p for p in n.conjuncts(old.guard) if reads(p)]
            if isinstance(clause, (n.BasraRule, n.CaptureRule)) and parts:
                guard = functools.reduce(lambda a, b: n.BoolOp("and", a, b, span=None), [*n.conjuncts(clause.guard), *parts])
                return clause, f"{said}: did you mean '{rule_text(clause, guard)}'?"
            return clause, f"{said} without it: read it there too, or remove the option"
    return None


def stated_as_number(merged: Merged, option: n.Option) -> str | None:
    """Where a clause states one of a new option's choices as a number ('first to 101' in
    Pishti beside a child's 'option target: 101 | 151', or the child's own '20 when ...'),
    the help to read the option there instead: the clause's line with the option's name in
    the number's place, the file's own lines first."""
    values = {option_value(c) for c in option.choices if isinstance(c, n.Number)}
    clauses = [c for alternatives in merged.clauses.values() for c in alternatives] if values else []
    own = {id(c) for c in merged.variant.clauses}
    for clause in sorted(clauses, key=lambda c: id(c) not in own):  # the file's own lines first
        if clause.span is None:
            continue
        guarded = {id(x) for x in n.walk(clause.guard)} if clause.guard is not None else set()
        numbers = [x for x in n.walk(clause) if isinstance(x, n.Number) and x.value in values and id(x) not in guarded]
        line = _line_at(clause.span.path, clause.span.line) if len(numbers) == 1 else None
        said = line and number_text(numbers[0].value)
        if line and said and line.count(said) == 1:
            written = line.replace(said, option.name.text)
            if id(clause) in own:
                return (f"line {clause.span.line} states the number itself ('{line}'): for the option to set it, "
                        f"write '{written}'")
            return (f"{merged.origin.get(clause.key, 'the parent')}'s '{line}' states the number itself: for the "
                    f"option to set it, write '{written}' under '{clause.key.split('.')[0]}:'")
    return None


def _line_at(path: str | None, line: int) -> str | None:
    try:
        lines = Path(path).read_text(encoding="utf-8", errors="replace").split("\n") if path else []
    except (OSError, ValueError):
        return None
    return lines[line - 1].split("#")[0].strip() if 0 < line <= len(lines) else None
