"""The error a variant's own rule raises while it is played (a division by zero, say)."""

from __future__ import annotations

from ..diagnostics import Span

# A bonus beyond this is taken for a mistake in the variant rather than a score (the
# validator's range for points, B705).
POINTS_LIMIT = 1_000_000
RULE_FAILURES = (ArithmeticError, TypeError, ValueError)


class RuleError(Exception):
    """Raised when evaluating a rule of the variant fails during play; names the rule and
    where the variant file states it."""

    def __init__(self, rule: str, span: Span | None, problem: str):
        super().__init__(f"rule '{rule}' failed during play: {problem}")
        self.rule = rule
        self.span = span
        self.problem = problem
