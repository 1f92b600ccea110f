"""The option choices a variant is linted under, and how a check reads a clause under one.

A check looks at every option assignment with every allowed player count, up to
``MAX_COMBINATIONS`` of them (a seeded sample when there are more), each compiled to its
``Rules``. The helpers here pick the clause that applies under a choice, evaluate an
expression without letting it raise, and word a choice or a failure for a diagnostic.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ...diagnostics import Span
from ...engine.rules import Rules
from ...language import expressions as X
from ...language import nodes as n
from ...language.merge import MAX_OPTION_COMBINATIONS, SAMPLE_SEED, Merged
from ...language.unparse import value_text

MAX_COMBINATIONS = MAX_OPTION_COMBINATIONS

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
        return X.evaluate_constant(expr, options)
    except FAILURES:
        return None


def why_failed(exc: BaseException) -> str:
    """Returns why an expression failed, in words."""
    if isinstance(exc, ZeroDivisionError):
        return "it divides by zero"
    if isinstance(exc, OverflowError):
        return "the number grows too large"
    if isinstance(exc, RecursionError):
        return "it is nested too deeply"
    return f"{type(exc).__name__}: {exc}"
