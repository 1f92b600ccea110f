"""How a bonus's points are said: a number, the numbers an option sets ("20 or 30"), the
points a condition's one card fixes ("14" for twice the seven of diamonds), or, where the
play decides them, what they count ("twice the value of the card played"). The speaker's
sentences, the summary and the scoring table ask it.
"""

from __future__ import annotations

from ... import cards as C
from ...language import nodes as n
from ...language.evaluation import compile_function, evaluate_constant
from ...language.expressions import pattern_set
from ...language.unparse import number_text
from .english import Context, conjuncts, noun, uses_play


def point_values(points: n.Expr, merged=None) -> list[float] | None:
    """Returns the values a basra rule's points can take when they do not depend on the
    play (a number, or an expression over options), else None (they vary with the play)."""
    if isinstance(points, n.Number):
        return [points.value]
    if merged is None or uses_play(points):
        return None
    return sorted({evaluate_constant(points, combo) for combo in merged.option_combinations()})


def fixed_points(points: n.Expr, merged=None) -> str | None:
    """Returns a basra rule's points as text ("20 or 30" when an option sets them), or None
    when they vary with the play."""
    values = point_values(points, merged)
    return None if values is None else " or ".join(number_text(v) for v in values)


def points_phrase(points: n.Expr, merged, guard: n.Expr | None = None, values: dict | None = None) -> str:
    """Returns a basra rule's points in a few words: "10", "20 or 30", or, when the play
    decides them, what they are ("twice the value of the card played"). A rule whose
    ``guard`` names the one card played has its points worked out (with the card ``values``)."""
    fixed = fixed_points(points, merged)
    if fixed is None and guard is not None and values is not None:
        fixed = played_points(points, guard, merged, values)
    if fixed is not None:
        return fixed
    return noun(points, Context(merged.option_defaults(), played_as=_plays_as(merged)))


def _plays_as(merged) -> bool:
    """Whether some card of the variant may be played as a value of its own (played values)."""
    return merged.first("setup.played_values") is not None


def played_points(points: n.Expr, guard: n.Expr, merged, values: dict) -> str | None:
    """Returns the points of a bonus whose condition fixes the card played ("14" for twice the
    seven of diamonds), or None when the card is not fixed or the points need the floor."""
    cards = [pattern_set(p.pattern) for p in conjuncts(guard) if isinstance(p, n.Test) and p.op == "is"
             and isinstance(p.subject, n.Name) and p.subject.id == "played"]
    if len(cards) != 1 or len(cards[0]) != 1:
        return None
    card = next(iter(cards[0]))
    ranks = {c: C.rank(c) for c in values if c is not None} | {None: None}
    found = set()
    for combo in merged.option_combinations():
        try:
            found.add(compile_function(points, combo, values, ranks)(card, (), (), (), None))
        except Exception:  # noqa: BLE001 - points that look at the floor: said in words instead
            return None
    return " or ".join(number_text(v) for v in sorted(found)) if None not in found else None
