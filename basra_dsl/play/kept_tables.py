"""Keeps the fast tier's tables of sums captures, and the capture searches the run made, in
the per-user cache from run to run.

A run of the fast tier works out what a card adding up takes from each floor it meets
(about 3,000 floors in 6,000 Egyptian hands, some 10 µs each: a tenth of the run). The
tables depend only on the values of the ranks and the choice rule (``tables_shape``) and
on this package's code, so a later run of the same rules starts with what earlier runs
found. What the routine leaves to the checked tier's resolver (a floor card of several
values, a card played as one of several) searches over counts too (``covers``, ``sums``):
those searches are kept as well, beside the tables, since a search of the largest capture
of 14 or 16 can take a tenth of a millisecond and a run starting cold meets thousands.
Nothing here may fail a run: without the cache, tables and searches simply start empty.
"""

from __future__ import annotations

import pickle
from contextlib import contextmanager
from typing import Iterator

from .. import __version__, cache, limits
from ..engine.covers import add_searches, searches_data, searches_met
from ..engine.fast import FastHands


@contextmanager
def kept_tables(hands: FastHands) -> Iterator[FastHands]:
    """Adds the kept tables and searches of the rules to ``hands`` before the block, and keeps
    them again after it when the block ran to its end and found new ones."""
    key = None
    if cache.folder() is not None:
        key = cache.key_of("sums tables", __version__, cache.code_stamp(), hands.tables_shape())
        kept = cache.read_data("sums", key)
        if kept is not None:
            hands.add_tables(kept)
        searches = cache.read_data("searches", key)
        if searches is not None:
            add_searches(searches)
    before, searched = hands.table_entries(), searches_met()
    yield hands
    # a run that met more floors than an entry holds keeps the ones met first, which are the
    # common ones (Royal Casino meets about 50,000 in 6,000 hands, and more in every run)
    if key is None:
        return
    if before < min(hands.table_entries(), limits.SUMS_TABLE_ENTRIES):
        cache.write_data("sums", key, hands.tables(limits.SUMS_TABLE_ENTRIES))
    if searched < min(searches_met(), limits.SEARCHES_KEPT):
        cache.write_data("searches", key, _within_entry(searches_data(limits.SEARCHES_KEPT)))


def _within_entry(data: tuple) -> tuple:
    """The searches first met that fit one cache entry (halving until they do)."""
    while data and len(pickle.dumps(data, protocol=pickle.HIGHEST_PROTOCOL)) > limits.CACHE_ENTRY_BYTES:
        data = data[:len(data) // 2]
    return data
