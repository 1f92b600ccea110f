"""Finds what a compiled rule function reads of a play, and folds one that reads nothing.

A play function takes ``(played, floor, captured, left, previous)``. The fast tier builds
only the arguments some rule reads (a tuple of the floor costs a copy on every capture),
and a rule that depends on options alone is decided once instead of on every play.
"""

from __future__ import annotations

import dis
from typing import Any, Callable

ARGUMENTS = ("played", "floor", "captured", "left", "previous")


class _Touched(Exception):
    """Raised by a probe argument when the function under test uses it."""


def _refuse(*_args: Any, **_kwargs: Any) -> Any:
    raise _Touched


class _Probe:
    """An argument that raises on any use, so a function that returns without touching it
    does not depend on it (play expressions are pure: no state, no catching)."""

    __slots__ = ()


for _name in ("__hash__", "__eq__", "__ne__", "__lt__", "__le__", "__gt__", "__ge__", "__len__",
              "__iter__", "__getitem__", "__contains__", "__bool__", "__index__", "__int__", "__float__",
              "__add__", "__radd__", "__sub__", "__rsub__", "__mul__", "__rmul__", "__truediv__",
              "__rtruediv__", "__neg__", "__rshift__", "__and__", "__rand__", "__or__", "__ror__",
              "__getattr__", "__reversed__", "__mod__", "__floordiv__"):
    setattr(_Probe, _name, _refuse)

_NOT_CONSTANT = object()


def constant_value(fn: Callable, *known: Any) -> Any:
    """Returns what ``fn`` gives for every play (whose first arguments are ``known``), or a
    value ``is_constant`` refuses when it reads the rest of the play (or fails: a failing
    rule is left to fail where the checked tier would)."""
    if getattr(fn, "reads_hand", False):  # it reads the hand around the play, which no probe stands for
        return _NOT_CONSTANT
    probes = known + tuple(_Probe() for _ in ARGUMENTS[len(known):])
    try:
        return fn(*probes)
    except Exception:  # noqa: BLE001 - _Touched, or the rule's own failure: not foldable
        return _NOT_CONSTANT


def is_constant(value: Any) -> bool:
    """Whether ``constant_value`` found a constant."""
    return value is not _NOT_CONSTANT


def reads(fn: Callable) -> frozenset[str]:
    """Returns the names of the play arguments ``fn`` may read (all of them when unknown)."""
    code = getattr(fn, "__code__", None)
    if code is None or code.co_argcount != len(ARGUMENTS) or code.co_flags & 0x0C:  # *args / **kwargs
        return frozenset(ARGUMENTS)
    params = code.co_varnames[:len(ARGUMENTS)]
    used = set()
    for instruction in dis.get_instructions(code):
        if instruction.opname.startswith(("LOAD_FAST", "LOAD_CLOSURE", "LOAD_DEREF", "DELETE_FAST",
                                          "STORE_FAST")):
            names = instruction.argval if isinstance(instruction.argval, tuple) else (instruction.argval,)
            used.update(names)
    if code.co_cellvars:  # an argument captured by an inner function: assume it is read
        used.update(code.co_cellvars)
    return frozenset(ARGUMENTS[i] for i, name in enumerate(params) if name in used)
