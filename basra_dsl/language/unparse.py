"""Writes syntax-tree expressions, patterns and named rules back as variant-language text."""

from __future__ import annotations

from . import nodes as n

_PRECEDENCE = {"or": 1, "and": 2, "not": 3, "test": 4, "+": 5, "-": 5, "*": 6, "/": 6, "neg": 7, "atom": 8}


def pattern_text(pattern: n.Pattern) -> str:
    """Returns a pattern as written, such as ``any except J``."""
    text = " | ".join(w.text for w in pattern.include)
    if pattern.exclude:
        text += " except " + " | ".join(w.text for w in pattern.exclude)
    return text


def number_text(value: int | float) -> str:
    """Returns a number without a needless ``.0``."""
    return str(int(value)) if float(value).is_integer() else str(value)


def value_text(value) -> str:
    """Returns an option value as the language writes it: yes/no, a number, a word."""
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, (int, float)):
        return number_text(value)
    return str(value)


def rule_text(rule: n.CaptureRule | n.BasraRule, guard: n.Expr | None = None) -> str:
    """Returns a named rule as written, with its title, and with ``guard`` as its condition."""
    head = rule.name.text + (f' "{rule.title}"' if rule.title is not None else "")
    when = f" when {expr_text(guard)}" if guard is not None else ""
    if isinstance(rule, n.BasraRule):
        return f"{head}: {expr_text(rule.points)}{when}"
    total = f" to {expr_text(rule.total)}" if rule.total is not None else ""
    total += f" but {pattern_text(rule.spared)}" if rule.spared is not None else ""
    return f"{head}: {pattern_text(rule.pattern)} takes {rule.takes}{total}{when}"


def expr_text(expr: n.Expr) -> str:
    """Returns an expression as variant-language text, with only the brackets it needs."""
    return _text(expr)[0]


def _wrap(expr: n.Expr, floor: int) -> str:
    text, level = _text(expr)
    return f"({text})" if level < floor else text


def _text(expr: n.Expr) -> tuple[str, int]:
    match expr:
        case n.Number(value=value):
            return number_text(value), _PRECEDENCE["atom"]
        case n.Bool(value=value):
            return ("yes" if value else "no"), _PRECEDENCE["atom"]
        case n.Name(id=name):
            return name, _PRECEDENCE["atom"]
        case n.Attribute(obj=obj, attr=attr):
            return f"{_wrap(obj, _PRECEDENCE['atom'])}.{attr}", _PRECEDENCE["atom"]
        case n.Counted(obj=obj, attr=attr, pattern=pattern):
            return f"{_wrap(obj, _PRECEDENCE['atom'])}.{attr}({pattern_text(pattern)})", _PRECEDENCE["atom"]
        case n.Call(func=func, args=args, keywords=keywords):
            parts = [expr_text(a) for a in args] + [f"{k.name}={expr_text(k.value)}" for k in keywords]
            return f"{func}({', '.join(parts)})", _PRECEDENCE["atom"]
        case n.Negate(operand=operand):
            return f"-{_wrap(operand, _PRECEDENCE['neg'])}", _PRECEDENCE["neg"]
        case n.Binary(op=op, left=left, right=right):
            level = _PRECEDENCE[op]
            return f"{_wrap(left, level)} {op} {_wrap(right, level + 1)}", level
        case n.Compare(op=op, left=left, right=right):
            level = _PRECEDENCE["test"]
            return f"{_wrap(left, level + 1)} {op} {_wrap(right, level + 1)}", level
        case n.Test(op=op, subject=subject, pattern=pattern):
            level = _PRECEDENCE["test"]
            return f"{_wrap(subject, level + 1)} {op} {pattern_text(pattern)}", level
        case n.Not(operand=operand):
            return f"not {_wrap(operand, _PRECEDENCE['not'])}", _PRECEDENCE["not"]
        case n.BoolOp(op=op, left=left, right=right):
            level = _PRECEDENCE[op]
            return f"{_wrap(left, level)} {op} {_wrap(right, level + 1)}", level
    raise TypeError(f"not an expression: {expr!r}")
