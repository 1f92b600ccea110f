"""The error a variant's own rule raises while it is played (a division by zero, say)."""

from __future__ import annotations

from ..diagnostics import Span

# A bonus beyond this is taken for a mistake in the variant rather than a score (the
# validator's range for points, B705).
POINTS_LIMIT = 1_000_000
RULE_FAILURES = (ArithmeticError, TypeError, ValueError)


def points_if_holds(rule, args: tuple) -> float | None:
    """Returns what a points rule (``condition`` and ``points``, both called with ``args``)
    scores when its condition holds, None when it does not; a failure, or points beyond
    ``POINTS_LIMIT``, is the rule's RuleError."""
    try:
        if rule.condition is None or rule.condition(*args):
            points = rule.points(*args) or 0
            if not -POINTS_LIMIT <= points <= POINTS_LIMIT:
                raise ValueError(f"it scores {points:.3g} points")
            return points
        return None
    except RULE_FAILURES as exc:
        raise RuleError(rule.name, rule.span, str(exc)) from None


class RuleError(Exception):
    """Raised when evaluating a rule of the variant fails during play; names the rule and
    where the variant file states it."""

    def __init__(self, rule: str, span: Span | None, problem: str):
        super().__init__(f"rule '{rule}' failed during play: {problem}")
        self.rule = rule
        self.span = span
        self.problem = problem
