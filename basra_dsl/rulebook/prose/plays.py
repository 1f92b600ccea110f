"""Says when a play counts, for capture and bonus rules: which card takes what floor, and
the other conditions on the play (after "provided that", or as exceptions).

Built on ``english`` (cards, numbers and conditions in words); the floor's conditions are
folded into one phrase ("a floor of numerals only, adding up to 10 or less") where they can be.
"""

from __future__ import annotations

from ...language import nodes as n
from .english import (
    Context,
    bound,
    conjuncts,
    count_phrase,
    disjuncts,
    either,
    join,
    noun,
    pattern_phrase,
    say,
    splits_phrase,
    uses_play,
)


def _is_floor(expr: n.Expr) -> bool:
    return isinstance(expr, n.Name) and expr.id == "floor"


def _is_previous_floor(expr: n.Expr) -> bool:
    return isinstance(expr, n.Attribute) and expr.attr == "floor" and \
        isinstance(expr.obj, n.Name) and expr.obj.id == "previous"


def floor_fragment(expr: n.Expr, ctx: Context, is_floor=_is_floor) -> tuple[str, str] | None:
    """Returns (adjectival, verbal) wording for a condition on the floor (the one ``is_floor``
    picks out: this play's by default), or None."""
    match expr:
        case n.Test(op="only", subject=s, pattern=p) if is_floor(s):
            return f"of {pattern_phrase(p, 'pl')} only", f"holds only {pattern_phrase(p, 'pl')}"
        case n.Test(op="has", subject=s, pattern=p) if is_floor(s):
            return f"holding {pattern_phrase(p)}", f"holds {pattern_phrase(p)}"
        case n.Compare(op=op, left=n.Attribute(obj=s, attr="sum"), right=r) if is_floor(s):
            text = bound(op, noun(r, ctx))
            return f"adding up to {text}", f"adds up to {text}"
        case n.Compare(op=op, left=n.Attribute(obj=s, attr="count"), right=r) if is_floor(s):
            text = count_phrase(op, r, ctx)
            return f"of {text}", f"holds {text}"
        case n.Call(func="splits", args=(s, least, most)) if is_floor(s):
            text = splits_phrase(least, most, ctx)  # only numerals split
            return f"of numerals only that {text}", f"holds only numerals that {text}"
        case n.Test(op="is", subject=n.Attribute(obj=s, attr="lone"), pattern=p) if is_floor(s):
            return f"LONE:{pattern_phrase(p, 'bare')}", f"is a lone {pattern_phrase(p, 'bare')}"
        case n.Attribute(obj=s, attr="empty") if is_floor(s):
            return "EMPTY", "is empty"
        case n.BoolOp(op="and"):
            parts = [floor_fragment(c, ctx, is_floor) for c in conjuncts(expr)]
            if all(parts):
                verbal = join([v for _, v in parts])
                return f"that {verbal}", verbal
        case n.BoolOp(op="or"):
            parts = [floor_fragment(d, ctx, is_floor) for d in disjuncts(expr)]
            if all(parts):
                verbal = either([v for _, v in parts])
                return f"that {verbal}", verbal
    return None


def _played_test(expr: n.Expr) -> bool:
    return isinstance(expr, n.Test) and expr.op in ("is", "is not") and \
        isinstance(expr.subject, n.Name) and expr.subject.id == "played"


def describe_play(guard: n.Expr | None, ctx: Context, sweepers: frozenset[str] = frozenset(),
                  subject: str | None = None) -> tuple[str, list[str]]:
    """Returns (sentence, option conditions) describing when a play counts: ``play_parts``
    in one clause, its other conditions after "provided that"."""
    text, rest, unless, options = play_parts(guard, ctx, sweepers, subject)
    text += (", provided that " + join(rest) if rest else "") + (", but not " + join(unless, "or") if unless else "")
    return text, options


def play_parts(guard: n.Expr | None, ctx: Context, sweepers: frozenset[str] = frozenset(),
               subject: str | None = None) -> tuple[str, list[str], list[str], list[str]]:
    """Returns when a play counts, in parts (clauses without capital or full stop): who takes
    what floor, the other conditions on the play, the exceptions (each to follow "it does not
    count": see ``unless_phrase``), and the option conditions. For ``sweepers`` (pattern texts of cards that always take the
    whole floor) it says "takes a floor ..." rather than "captures from a floor ...".
    """
    parts = conjuncts(guard) if guard is not None else []
    options = [say(c, ctx) for c in parts if not uses_play(c)]
    parts = [c for c in parts if uses_play(c)]
    who, sweeping, cleared, trail = subject, False, False, False
    rest, floors, before = [], [], []  # before: what the previous play's floor held
    for part in parts:
        if who is None and _played_test(part):
            if part.op == "is":
                who = pattern_phrase(part.pattern)
                sweeping = all(w.text in sweepers for w in part.pattern.include) and not part.pattern.exclude
            else:
                who = f"a card other than {pattern_phrase(part.pattern)}"
        elif isinstance(part, n.Name) and part.id == "cleared":
            cleared = True
        elif isinstance(part, n.Attribute) and part.attr == "trailed" and isinstance(part.obj, n.Name) \
                and part.obj.id == "previous":
            trail = True
        elif (fragment := floor_fragment(part, ctx)) is not None:
            floors.append(fragment)
        elif (earlier := floor_fragment(part, ctx, _is_previous_floor)) and not earlier[0].startswith(("LONE:", "EMPTY")):
            before.append(earlier)
        else:
            rest.append(part)
    said = [say(r, ctx) for r in rest if not isinstance(r, n.Not) or not isinstance(r.operand, n.BoolOp)]
    unless = [unless_phrase(r.operand, ctx) for r in rest if isinstance(r, n.Not) and isinstance(r.operand, n.BoolOp)]
    if trail:
        said.insert(0, "the previous play was a trail" + (" onto a floor " + ", ".join(a for a, _ in before)
                                                           if before else ""))
    else:
        said[:0] = [f"the floor before the previous play {v}" for _, v in before]
    return _who_takes(who, floors, cleared, sweeping), said, unless, options


def _who_takes(who: str | None, floors: list[tuple[str, str]], cleared: bool, sweeping: bool) -> str:
    """Returns the clause saying which card takes what floor ("a jack takes a lone jack")."""
    lone = [f[0][5:] for f in floors if f[0].startswith("LONE:")]
    others = [f[0] for f in floors if not f[0].startswith("LONE:") and f[0] != "EMPTY"]
    if lone:
        floor = f"a lone {join(lone)}" + (f" {join(others)}" if others else "")
    else:
        floor = "an empty floor" if any(f[0] == "EMPTY" for f in floors) else \
            ("a floor " + ", ".join(others) if others else "")
    if who is None:  # any card
        return f"a capture clears {floor}" if floor and cleared else f"a capture is made from {floor}" if floor \
            else "a capture clears the floor" if cleared else "any capture is made"
    verb = "captures from" if floor and not sweeping and not lone else "takes"
    if floor:
        return f"{who} {verb} {floor}" + (", clearing the floor" if cleared else "")
    return f"{who} clears the floor" if cleared else f"{who} makes a capture"


def unless_phrase(expr: n.Expr, ctx: Context) -> str:
    """Returns a condition that must not hold as the end of "it does not count ...": "for the
    seven of diamonds when the table plays with *seven_sweeps*" for a card barred under some
    options, else "if ..."."""
    parts = conjuncts(expr)
    tables = [p for p in parts if not uses_play(p)]
    plays = [p for p in parts if uses_play(p)]
    if tables and len(plays) == 1 and _played_test(plays[0]) and plays[0].op == "is":
        return f"for {pattern_phrase(plays[0].pattern)} when {join([say(t, ctx) for t in tables])}"
    return f"if {say(expr, ctx)}"


def swept_cards(spared: n.Pattern | None) -> str | None:
    """The cards a sweep sparing all but them takes ('all but any except K': "kings"), or None."""
    if spared is None or [w.text for w in spared.include] != ["any"] or not spared.exclude:
        return None
    return pattern_phrase(n.Pattern(spared.exclude, span=spared.span), "pl")
