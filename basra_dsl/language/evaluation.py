"""Expressions compiled, as Jinja compiles templates, to Python source with the variant's
options bound as constants: ``evaluate_constant`` for expressions over options alone,
``compile_function`` for play expressions (a fast function, which can also write itself
into another routine's source). Only checked expressions (``expressions.check``) come here.
"""

from __future__ import annotations

import operator as _op
from typing import Any, Callable

from .. import cards as C
from ..engine.capture import MID_HAND
from . import nodes as n
from .expressions import HAND_NAMES, PLAY_NAMES, pattern_set

def evaluate_constant(expr: n.Expr, options: dict[str, Any]) -> Any:
    """Returns the value of an expression over options only (setup, score and game)."""
    namespace = _Namespace({})
    source = _emit(expr, namespace, options)
    return eval(source, namespace.globals())  # noqa: S307 - source is generated from a checked tree


# the names a play function gives its arguments: (played, floor, captured, left, previous,
# the hand around the play: (last play, in the last deal, cards still to be dealt), and the
# value the card was played as, where the engine knows it)
PLAY_ARGUMENTS = ("p", "f", "c", "l", "q", "k", "a")
# MID_HAND (from the engine): what a caller that does not know the hand tells the rules


def compile_function(expr: n.Expr, options: dict[str, Any], values: dict[int | None, Any],
                     ranks: dict[int | None, Any], extra: frozenset[str] = frozenset()) -> Callable:
    """Returns ``fn(p, f, c, l, q, k=MID_HAND, a=None)`` evaluating a checked play
    expression; ``a`` is the value the card was played as (None: its value when adding up,
    which is what it is played as unless its variant gives it played values).

    The function carries ``source`` (the body it returns) and ``inline(arguments, prefix)``,
    which writes the same expression for another routine to embed: over that routine's
    names for the five play arguments, every other name it reads starting with ``prefix``
    (returned with the values to bind them to). The engine's fast tier embeds bonus rules
    this way instead of calling them on every capture; ``reads_hand`` says whether the
    expression reads the hand around the play (which ``inline`` cannot write).
    """
    namespace = _Namespace({"V": values, "R": ranks, "MID_HAND": MID_HAND})
    namespace.extra = extra  # names only this kind of rule reads (hand, taken): elsewhere they are words
    body = _emit(expr, namespace, options)
    code = f"def rule({', '.join(PLAY_ARGUMENTS[:5])}, k=MID_HAND, a=None):\n    return {body}\n"
    scope = namespace.globals()
    exec(compile(code, "<basra rule>", "exec"), scope)  # noqa: S102 - generated from a checked tree
    fn = scope["rule"]
    fn.source = body
    fn.reads_hand = any(isinstance(node, n.Name) and node.id in HAND_NAMES for node in n.walk(expr))

    def inline(arguments: tuple[str, ...], prefix: str) -> tuple[str, dict[str, Any]]:
        if fn.reads_hand:
            raise ValueError("the rule reads the hand around the play, which an inlined rule cannot know")
        names = _Namespace({"V": values, "R": ranks}, prefix, arguments)
        return _emit(expr, names, options), names.globals()

    fn.inline = inline
    return fn


class _Namespace:
    """The names generated source reads: option-free tables and card sets (each name
    starting with ``prefix``), the helpers, and the play's arguments by ``arguments``."""

    def __init__(self, initial: dict[str, Any], prefix: str = "", arguments: tuple[str, ...] = PLAY_ARGUMENTS):
        self.prefix = prefix
        self.names = {prefix + name: value for name, value in initial.items()}
        self._sets: dict[frozenset, str] = {}
        self.play = _play_sources(*arguments)
        self.previous = arguments[4]
        self.extra: frozenset[str] = frozenset()

    def name(self, name: str) -> str:
        return self.prefix + name

    def card_set(self, cards: frozenset[int]) -> str:
        if cards not in self._sets:
            name = f"{self.prefix}S{len(self._sets)}"
            self._sets[cards] = name
            self.names[name] = cards
        return self._sets[cards]

    def globals(self) -> dict[str, Any]:
        return {"__builtins__": {"len": len, "bool": bool, "all": all}, **HELPERS, **self.names}


def _play_sources(p: str, f: str, c: str, l: str, q: str,  # noqa: E741 - the play's letters
                  k: str | None = None, a: str | None = None) -> dict[str, str]:
    """Returns the source of each play name over the given argument names (the hand's
    names only where there is an argument for the hand; ``played.value`` reads the value
    played as only where there is an argument for it)."""
    hand = {"last": f"{k}[0]", "last_deal": f"{k}[1]", "stock": f"{k}[2]"} if k else {}
    played_as = {"played.value": a} if a else {}
    return {"played": p, "floor": f, "captured": c, "hand": c, "taken": c, "left": l, "previous": q,
            "cleared": f"(not {l} and bool({c}))", "trailed": f"(not {c})", "opening": f"({q}[0] is None)"} \
        | hand | played_as


def _num(a, b, op):
    if a is None or b is None:
        return None
    return op(a, b)


def _order(a, b, op):
    return a is not None and b is not None and op(a, b)


def _value(card, overrides, values):
    if card is None:
        return None
    return overrides.get(card >> 2, values.get(card))


def _sum(cards, values):
    return sum(values[x] or 0 for x in cards)


def _splits(cards, least, most, values):
    """Returns whether numerals split into >= least groups of one equal sum <= most."""
    if least is None or most is None or any(values[x] is None for x in cards) or not cards:
        return False
    parts = sorted((values[x] for x in cards), reverse=True)
    total = sum(parts)
    for groups in range(max(int(least), 1), len(parts) + 1):
        if total % groups == 0 and total // groups <= most and _partition(parts, groups, total // groups):
            return True
    return False


def _groups(cards, total, values):
    """Returns how many groups adding up to exactly ``total`` the cards split into, every
    card in one group (0 when they do not, or a card has no value)."""
    if not cards or not total or total <= 0 or any(values[x] is None for x in cards):
        return 0
    parts = sorted((values[x] for x in cards), reverse=True)
    whole = sum(parts)
    if whole % total or not _partition(parts, int(whole // total), total):
        return 0
    return int(whole // total)


def _partition(parts: list[int], groups: int, target: int) -> bool:
    if parts[0] > target:
        return False
    bins = [0] * groups

    def place(i: int) -> bool:
        if i == len(parts):
            return True
        seen = set()
        for b in range(groups):
            if bins[b] + parts[i] <= target and bins[b] not in seen:
                seen.add(bins[b])
                bins[b] += parts[i]
                if place(i + 1):
                    return True
                bins[b] -= parts[i]
        return False

    return place(0)


def _run(cards, steps):
    """How many of ``steps`` (card sets), from the first, the cards hold in unbroken order."""
    held = 0
    for step in steps:
        if step.isdisjoint(cards):
            break
        held += 1
    return held


def _round_up(number, step):
    """Returns ``number`` rounded up to a whole multiple of ``step`` (Cuarenta's cartón goes
    up to an even number); None where either is unknown or the step is not above 0."""
    if number is None or step is None or step <= 0:
        return None
    return -(-number // step) * step


def _least(*numbers):
    """The smallest of the numbers (``min``); None where one is unknown."""
    return None if None in numbers else min(numbers)


def _most(*numbers):
    """The largest of the numbers (``max``); None where one is unknown."""
    return None if None in numbers else max(numbers)


HELPERS = {"_least": _least, "_most": _most, "_run": _run, "_round_up": _round_up, "_num": _num, "_order": _order, "_value": _value, "_sum": _sum, "_splits": _splits, "_groups": _groups,
           "_add": _op.add, "_sub": _op.sub, "_mul": _op.mul, "_div": _op.truediv,
           "_lt": _op.lt, "_le": _op.le, "_gt": _op.gt, "_ge": _op.ge}
_ARITH = {"+": "_add", "-": "_sub", "*": "_mul", "/": "_div"}
_ORDER = {"<": "_lt", "<=": "_le", ">": "_gt", ">=": "_ge"}
_PLAY_FIELDS = {"played": "[0]", "floor": "[1]", "captured": "[2]", "left": "[3]"}


def _emit(expr: n.Expr, ns: _Namespace, options: dict[str, Any]) -> str:
    emit = lambda e: _emit(e, ns, options)  # noqa: E731
    match expr:
        case n.Number(value=value) | n.Bool(value=value):
            return repr(value)
        case n.Name(id=name):
            if name in options:
                return repr(options[name])
            if name in PLAY_NAMES or name in ns.extra:
                return ns.play[name]
            return repr(name)  # a word: a choice of a word-valued option
        case n.Attribute(obj=n.Name(id="played"), attr="value") if "played.value" in ns.play:
            # the value the card was played as (a card with played values: Royal Casino's ace)
            return f"({ns.play['played.value']} if {ns.play['played.value']} is not None else {ns.name('V')}[{ns.play['played']}])"
        case n.Attribute(obj=obj, attr=attr):
            return _attribute(emit(obj), attr, ns)
        case n.Counted(obj=obj, attr="run", pattern=pattern):
            steps = ", ".join(ns.card_set(C.pattern_cards(word.text)) for word in pattern.include)
            return f"_run({emit(obj)}, ({steps},))"
        case n.Counted(obj=obj, attr="sum", pattern=pattern):
            return f"_sum({ns.card_set(pattern_set(pattern))}.intersection({emit(obj)}), {ns.name('V')})"
        case n.Counted(obj=obj, pattern=pattern):
            return f"len({ns.card_set(pattern_set(pattern))}.intersection({emit(obj)}))"
        case n.Call(func="value", args=(card,), keywords=keywords):
            table = {C.parse_rank(k.name): evaluate_constant(k.value, options) for k in keywords}
            return f"_value({emit(card)}, {table!r}, {ns.name('V')})"
        case n.Call(func="groups", args=(cards, total)):
            return f"_groups({emit(cards)}, {emit(total)}, {ns.name('V')})"
        case n.Call(func="round_up", args=(number, step)):
            return f"_round_up({emit(number)}, {emit(step)})"
        case n.Call(func="min" | "max" as func, args=args):
            return f"{'_least' if func == 'min' else '_most'}({', '.join(emit(a) for a in args)})"
        case n.Call(func="splits", args=(cards, least, most)):
            return f"_splits({emit(cards)}, {emit(least)}, {emit(most)}, {ns.name('V')})"
        case n.Negate(operand=operand):
            return f"_num(0, {emit(operand)}, _sub)"
        case n.Binary(op=op, left=left, right=right):
            return f"_num({emit(left)}, {emit(right)}, {_ARITH[op]})"
        case n.Compare(op=op, left=left, right=right):
            if op in ("==", "!="):
                return f"({emit(left)} {op} {emit(right)})"
            return f"_order({emit(left)}, {emit(right)}, {_ORDER[op]})"
        case n.Test(op=op, subject=subject, pattern=pattern):
            cards = ns.card_set(pattern_set(pattern))
            subject_src = emit(subject)
            return {"is": f"({subject_src} in {cards})",
                    "is not": f"({subject_src} not in {cards})",
                    "has": f"(not {cards}.isdisjoint({subject_src}))",
                    "only": f"{cards}.issuperset({subject_src})"}[op]
        case n.Not(operand=operand):
            return f"(not {emit(operand)})"
        case n.BoolOp(op=op, left=left, right=right):
            return f"({emit(left)} {op} {emit(right)})"
    raise TypeError(f"cannot compile {expr!r}")


def _attribute(base: str, attr: str, ns: _Namespace) -> str:
    previous = ns.previous
    if base == previous or base.startswith(previous + "["):
        if attr in _PLAY_FIELDS:
            return f"{base}{_PLAY_FIELDS[attr]}"
        if attr == "trailed":
            return f"({base}[0] is not None and not {base}[2])"
        if attr == "cleared":
            return f"(bool({base}[2]) and not {base}[3])"
    values, ranks = ns.name("V"), ns.name("R")
    return {
        "count": f"len({base})", "sum": f"_sum({base}, {values})", "empty": f"(not {base})",
        "ranks": f"len({{{ranks}[x] for x in {base}}})",
        "lone": f"({base}[0] if len({base}) == 1 else None)",
        "top": f"({base}[-1] if {base} else None)",
        "value": f"{values}[{base}]", "rank": f"{ranks}[{base}]",
    }[attr]
