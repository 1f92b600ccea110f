"""Runs the games of a duel or of balance figures on a Dask distributed cluster.

The games are cut into chunks, each a task; a worker compiles the rules once (compiled
rules hold functions, so the recipe travels, not the rules) and plays its chunks. Every
game is fixed by the seed and its index, so a cluster gives exactly what the local pool
gives. A scheduler that cannot be reached is a clear error, not a hang.
"""

from __future__ import annotations

from typing import Callable

from .chunks import RulesMaker, chunks_of

CHUNK = 8  # games per task: enough to outweigh a task's cost, small enough to spread
CONNECT_SECONDS = 10
_compiled: dict[str, object] = {}  # per worker process: a recipe's rules, compiled once


class ClusterError(RuntimeError):
    """The cluster could not be reached or failed a task."""


def _chunk_on_worker(make_rules: RulesMaker, task: Callable, argument, indexes: list[int]) -> list:
    key = repr(make_rules)
    rules = _compiled.get(key)
    if rules is None:
        rules = _compiled[key] = make_rules()
    return [task(rules, argument, index) for index in indexes]


def run_on_cluster(address: str, make_rules: RulesMaker, task: Callable, argument, games: int,
                   progress: Callable[[int], None] | None = None) -> list:
    """Returns ``[task(rules, argument, g) for g in range(games)]`` computed on the cluster
    whose scheduler is at ``address``, in order."""
    try:
        from distributed import Client
    except ImportError as exc:
        raise ClusterError("running on a cluster needs Dask: pip install 'dask[distributed]'") from exc
    try:
        client = Client(address, timeout=CONNECT_SECONDS)
    except (OSError, TimeoutError) as exc:
        raise ClusterError(f"cannot reach the Dask scheduler at {address}: {exc}") from None
    found: list = []
    with client:
        chunks = list(chunks_of(range(games), CHUNK))
        futures = [client.submit(_chunk_on_worker, make_rules, task, argument, chunk, pure=False)
                   for chunk in chunks]
        for future in futures:
            done = future.result()
            found += done
            if progress:
                progress(len(done))
    return found
