"""Keeps the fast tier's tables of sums captures in the per-user cache from run to run.

A run of the fast tier works out what a card adding up takes from each floor it meets
(about 3,000 floors in 6,000 Egyptian hands, some 10 µs each: a tenth of the run). The
tables depend only on the values of the ranks and the choice rule (``tables_shape``) and
on this package's code, so a later run of the same rules starts with what earlier runs
found. Nothing here may fail a run: without the cache, tables simply start empty.
"""

from __future__ import annotations

from contextlib import contextmanager
from typing import Iterator

from .. import __version__, cache, limits
from ..engine.fast import FastHands


@contextmanager
def kept_tables(hands: FastHands) -> Iterator[FastHands]:
    """Adds the kept tables of the rules to ``hands`` before the block, and keeps them
    again after it when the block ran to its end and found new floors."""
    key = None
    if cache.folder() is not None:
        key = cache.key_of("sums tables", __version__, cache.code_stamp(), hands.tables_shape())
        kept = cache.read_data("sums", key)
        if kept is not None:
            hands.add_tables(kept)
    before = hands.table_entries()
    yield hands
    # a run that met more floors than an entry holds keeps the ones met first, which are the
    # common ones (Royal Casino meets about 50,000 in 6,000 hands, and more in every run)
    if key is not None and before < min(hands.table_entries(), limits.SUMS_TABLE_ENTRIES):
        cache.write_data("sums", key, hands.tables(limits.SUMS_TABLE_ENTRIES))
