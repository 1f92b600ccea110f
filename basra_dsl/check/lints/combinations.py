"""The option choices a variant is linted under, and how a check reads a clause under one.

A check looks at every option assignment with every allowed player count, up to
``MAX_COMBINATIONS`` of them (a seeded sample when there are more), each compiled to its
``Rules``. The helpers here pick the clause that applies under a choice, evaluate an
expression without letting it raise, and word a choice or a failure for a diagnostic; the
last ones read a condition's parts (what it tests, which cards it lets play, whether it keeps
a sum to numerals) for the checks that reason about conditions.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any, Iterator

from ... import cards as C
from ...diagnostics import Span
from ...engine.rules import Rules
from ...language import evaluation as E
from ...language import expressions as X
from ...language import nodes as n
from ...language.merge import MAX_OPTION_COMBINATIONS, SAMPLE_SEED, Merged
from ...language.unparse import value_text

MAX_COMBINATIONS = MAX_OPTION_COMBINATIONS
MOST_PLAY_CHOICES = 12  # distinct choices that change the play, tried by the checks over all sampled plays

# what evaluating a variant's expression may raise; a check reports these, never passes them on
FAILURES = (ArithmeticError, TypeError, ValueError, IndexError, KeyError, AttributeError, RecursionError)


@dataclass(frozen=True)
class Combination:
    """One way to play the variant: option values and player count, and its rules."""

    options: dict[str, Any]
    rules: Rules | None

    def describe(self, merged: Merged) -> str:
        shown = [f"{k}={value_text(v)}" for k, v in self.options.items()
                 if k != "players" and merged.option_defaults().get(k) != v]
        return f"{self.options['players']} players" + (f" with {', '.join(shown)}" if shown else "")


def combinations(merged: Merged) -> list[dict[str, Any]]:
    """Returns option assignments with player counts, defaults first, at most MAX_COMBINATIONS
    (a seeded sample when there are more; see ``Merged.option_combinations``)."""
    return list(merged.option_combinations(MAX_COMBINATIONS, SAMPLE_SEED))


def describe(merged: Merged, options: dict[str, Any]) -> str:
    """Returns an option choice in words, such as '4 players with target=121'."""
    return Combination(options, None).describe(merged)


def any_choice(merged: Merged) -> str:
    """Returns what 'for every choice' covered: all of them, or the sample of them."""
    count = merged.option_combination_count()
    return ("any option choice" if count <= MAX_COMBINATIONS
            else f"any of the {MAX_COMBINATIONS} sampled option choices (of {count:,})")


def is_own(merged: Merged, clause: n.Node) -> bool:
    """Tells whether the clause is written in the checked file, not inherited."""
    return any(c is clause for c in merged.variant.clauses)


def in_this_file(merged: Merged, span: Span | None) -> Span:
    """Returns a span in the checked file: the given one, or the variant's name."""
    if span is not None and span.path == merged.variant.name.span.path:
        return span
    return merged.variant.name.span


def pick(merged: Merged, key: str, options: dict[str, Any]) -> n.Clause | None:
    """Returns the alternative of the clause ``key`` that applies under ``options``, or None;
    a guard that cannot be worked out counts as false (B710 reports it)."""
    return merged.pick(key, options, safe_constant)


def safe_constant(expr: n.Expr, options: dict[str, Any]) -> Any:
    """Returns the value of an expression under ``options``, or None where it fails (the
    B710 checks report the failure; the others look past it)."""
    try:
        return E.evaluate_constant(expr, options)
    except FAILURES:
        return None


def compile_part(expr: n.Expr, options: dict[str, Any], rules: Rules):
    """Returns a condition (or part of one) compiled for the plays of ``rules``, as the compiler
    compiles a rule's; raises one of FAILURES where it cannot be."""
    return E.compile_function(expr, options, rules.values, {c: c >> 2 for c in rules.deck} | {None: None})


def holds_on(test, play) -> bool:
    """Whether a compiled condition holds on a sampled play (False where it fails on it)."""
    try:
        return bool(test is None or test(*play))
    except FAILURES:
        return False


def why_failed(exc: BaseException) -> str:
    """Returns why an expression failed, in words."""
    if isinstance(exc, ZeroDivisionError):
        return "it divides by zero"
    if isinstance(exc, OverflowError):
        return "the number grows too large"
    if isinstance(exc, RecursionError):
        return "it is nested too deeply"
    return f"{type(exc).__name__}: {exc}"


# ------------------------------------------------------------------ reading a condition

conjuncts = n.conjuncts  # the parts of a condition joined by 'and' at its top (the lints import it from here)


def atoms(expr: n.Expr) -> list[n.Expr]:
    """Returns the tests and comparisons of a condition, below its 'and', 'or' and 'not'."""
    if isinstance(expr, n.BoolOp):
        return atoms(expr.left) + atoms(expr.right)
    if isinstance(expr, n.Not):
        return atoms(expr.operand)
    return [expr]


def names_in(node: n.Node | None) -> set[str]:
    """Returns the names (options, play names) an expression or clause reads."""
    return {found.id for found in n.walk(node) if isinstance(found, n.Name)} if node is not None else set()


def reads_play(expr: n.Expr) -> bool:
    """Tells whether an expression depends on the play (played, floor, ...), not on options alone."""
    return bool(names_in(expr) & set(X.PLAY_NAMES))


def play_choices(merged: Merged, combos: list[Combination]) -> Iterator[tuple[Rules, dict]]:
    """Yields the rules of each option choice that can change a play (options the capture,
    basra, deck and floor clauses read; not the player count), each once."""
    read = set()
    for key, alternatives in merged.clauses.items():
        if key.split(".")[0] in ("capture", "basra") or key in ("setup.deck", "setup.floor"):
            read |= {name for c in alternatives for name in names_in(c)}
    seen = set()
    for combo in combos:
        key = tuple(repr(combo.options.get(k)) for k in sorted(read))
        if combo.rules is not None and key not in seen and len(seen) < MOST_PLAY_CHOICES:
            seen.add(key)
            yield combo.rules, combo.options

def may_apply(clause: n.Clause, options: dict) -> bool:
    """Tells whether no part of the rule's condition that reads options alone is false."""
    return all(safe_constant(part, options) is not False for part in conjuncts(clause.guard)
               if not reads_play(part))

def played_cards(guard: n.Expr | None) -> frozenset[int]:
    """Returns the cards the condition allows to be played ('played is P' at its top)."""
    cards = frozenset(C.FULL_PACK)
    for part in conjuncts(guard):
        if isinstance(part, n.Test) and part.op == "is" and part.subject == n.Name("played", span=part.span):
            cards &= X.pattern_set(part.pattern)
    return cards

def lone_floor(guard: n.Expr | None) -> bool:
    """Tells whether the condition holds only on a floor of one card ('floor.count == 1', 'floor.lone is X')."""
    floor = n.Name("floor", span=None)
    for part in conjuncts(guard):
        if isinstance(part, n.Compare) and part.op == "==" and n.Attribute(floor, "count", span=None) in (
                part.left, part.right) and n.Number(1, span=None) in (part.left, part.right):
            return True
        if isinstance(part, (n.Compare, n.Test)) and part.op in ("==", "is") and any(
                node == n.Attribute(floor, "lone", span=None) for node in n.walk(part)):
            return True
    return False


def unguarded_sums(expr: n.Expr, facts: tuple = ()) -> Iterator[tuple[n.Compare, n.Expr]]:
    """Yields each comparison of a '.sum' whose cards no condition beside it keeps to
    numerals (with 'X only numeral', 'not X has picture' or 'splits(X, ...)')."""
    if isinstance(expr, n.BoolOp) and expr.op == "and":
        parts = list(conjuncts(expr))
        for index, part in enumerate(parts):
            yield from unguarded_sums(part, facts + tuple(parts[:index] + parts[index + 1:]))
    elif isinstance(expr, n.BoolOp):
        yield from unguarded_sums(expr.left, facts)
        yield from unguarded_sums(expr.right, facts)
    elif isinstance(expr, n.Not):
        yield from unguarded_sums(expr.operand, facts)
    elif isinstance(expr, n.Compare):
        for node in n.walk(expr):
            if isinstance(node, n.Attribute) and node.attr == "sum" and not numerals_only(node.obj, facts):
                yield expr, node.obj
                break

def numerals_only(subject: n.Expr, facts: tuple) -> bool:
    """Tells whether one of the facts keeps the cards ``subject`` to numerals."""
    pictures = C.CLASS_WORDS["picture"]
    for fact in facts:
        match fact:
            case n.Test(op="only", subject=s, pattern=p) if s == subject and not X.pattern_set(p) & pictures:
                return True
            case n.Not(operand=n.Test(op="has", subject=s, pattern=p)) if s == subject and pictures <= X.pattern_set(p):
                return True
            case n.Call(func="splits", args=(s, *_)) if s == subject:
                return True
    return False


def file_lines(path: str | None) -> list[str]:
    """The lines of a file, read once while it stays unchanged ([] where it cannot be read)."""
    try:
        stat = Path(path).stat() if path else None
    except (OSError, ValueError):
        return []
    return _file_lines(path, (stat.st_mtime_ns, stat.st_size)) if stat else []


@lru_cache(maxsize=32)
def _file_lines(path: str, stamp: tuple) -> list[str]:
    """A file's lines, read once while it stays as ``stamp`` (its time and size) says."""
    try:
        return Path(path).read_text(encoding="utf-8", errors="replace").split("\n")
    except (OSError, ValueError):
        return []


def line_at(span, offset: int = 0) -> str:
    """The line of its file a span starts on (``offset`` lines below it; -1: the line above),
    '' where there is none or the file cannot be read."""
    lines = file_lines(span.path) if span is not None else []
    return lines[span.line - 1 + offset] if span is not None and 0 < span.line + offset <= len(lines) else ""


def noted(clause: n.Clause) -> bool:
    """Whether a page note stands right above the clause: a child restates a parent's line
    unchanged to say, on its own page, why its table plays it so."""
    above = line_at(clause.span, -1).strip()
    return above.startswith("#") and not above.startswith("#:")
