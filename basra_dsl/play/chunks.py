"""How a run of games is cut for worker processes, local or on a Dask cluster: the recipe
that rebuilds the rules in a worker (compiled rules hold functions, so the recipe travels,
not the rules) and the chunks of game indexes each task plays. ``duel`` and ``cluster`` both
read it, so neither imports the other's module for it."""

from __future__ import annotations

from typing import Callable, Iterator

from ..engine.rules import Rules

RulesMaker = Callable[[], Rules]  # rebuilds the rules in a worker (compiled rules hold functions)


def chunks_of(indexes: range, size: int) -> Iterator[list[int]]:
    """Yields the indexes in lists of ``size`` (the last one shorter), in order."""
    items = list(indexes)
    for start in range(0, len(items), size):
        yield items[start:start + size]
