"""Every bound on untrusted input, in one place: sizes, counts, depths and output.

Variant files, worked-examples files and records come from other people (a club's
repository takes pull requests; a room server replays uploaded records), so each stage
refuses input past these bounds with a located diagnostic (its code is named beside each
number) instead of spending time, memory or output in proportion to a hostile input.
``docs/security.md`` lists them for readers; a test keeps the two in step.
"""

from __future__ import annotations

import os
from pathlib import Path

from .diagnostics import DiagnosticError, Span, error
from .diagnostics.render import MESSAGE_WIDTH, QUOTED_WIDTH  # noqa: F401 - listed with the other bounds

KB = 1024

# sizes of files (B801)
VARIANT_BYTES = 256 * KB  # the largest bundled variant is under 8 kB
DOCUMENT_BYTES = 4 * KB * KB  # a worked-examples file or a record
YAML_CHARACTERS = 1 * KB * KB  # of those, one written in YAML (slower to read than JSON)

# a variant (B802, B805, B806, B114, B115)
CLAUSES = 500  # clauses and rules of one file
OPTIONS = 64  # options of one file
CHAIN = 16  # variants in one 'extends' chain, the variant itself included
CARD_VALUE = 30  # the most a card may count when adding up (Zwicker's jokers count 25)
SUM_TOTAL = 60  # the largest total a capture may add up to with the played card (Escoba's is 15)
REDEALS = 1_000  # deals in a row a redeal rule may void before the game stops (B710)
EXPRESSION_PARTS = 1_000  # names, numbers, operators and tests in one expression
# (nesting depth and digits of a number are bounded by the parser: see language/syntax/limits.py)

# captures (B808): what finding the captures of one card on one floor may cost. The engine
# lists at most CAPTURES of them (a capture a player names is checked without a list) and
# makes no more on the way; its search for the largest capture takes at most CAPTURE_STEPS
# steps (a group of cards tried on a position of the search, or a position met) and keeps
# at most CAPTURE_POSITIONS positions. The checker refuses a variant in which some play
# could offer more captures (under 'choose one' or 'fewest') or need a longer search, both
# counted on the floor holding every card of the pack, which no floor exceeds (see
# engine/capture.py), or whose targets together need more than CAPTURE_STEPS_PER_VARIANT
# steps (which bounds what the check itself spends).
FLOOR_READINGS = 64  # the readings of a pack's cards of several floor values (Tablanette's four aces: 16)
CAPTURES = 16_384  # Cirulla's played ace: 10,600 (sets adding up to 14, or to 1)
CAPTURE_STEPS = 12_000_000  # Kasino's 10 of diamonds, counting 16, may need 10,479,237
CAPTURE_POSITIONS = 1_000_000  # ... and 563,646 positions
CAPTURE_STEPS_PER_VARIANT = 24_000_000  # Kasino's targets, 2 to 16, need 16,876,275 together

# records and worked examples (B804)
RECORD_HANDS = 1_000
RECORD_PLAYS = 1_000  # plays of one hand
EXAMPLES = 1_000  # worked examples in one file

# the per-user cache (basra_dsl/cache.py): files the tool writes for itself, not input
CACHE_ENTRY_BYTES = 1 * KB * KB  # one entry; the parser's tables take about 80 kB
SUMS_TABLE_ENTRIES = 36_000  # floors kept per rule set (about 25 bytes each once pickled, so within CACHE_ENTRY_BYTES)
SEARCHES_KEPT = 20_000  # capture searches kept per rule set (play.kept_tables; trimmed to CACHE_ENTRY_BYTES)
CACHE_KEPT = {"parser": 4, "verdict": 256, "tree": 128, "sums": 16, "searches": 16, "cost": 1024}  # entries kept of each kind, the newest (a verdict or a cost is under 200 bytes, a tree 2-30 kB)

# output (the renderers, which sit below this module, define the two widths)
FINDINGS_PER_FILE = 100  # then one B803 warning says how many more there were
# QUOTED_WIDTH: characters of a source line quoted under a finding, cut around the caret;
# MESSAGE_WIDTH: characters of a message, a help line or a note.


def read_limited(path: str | Path, most: int, what: str) -> bytes:
    """Returns the bytes of a file of at most ``most`` bytes, or raises DiagnosticError:
    B112 when it cannot be read, B801 when it is larger (without reading the rest)."""
    where = Span(str(path), 1, 1)
    try:
        with open(path, "rb") as stream:
            data = stream.read(most + 1)
    except FileNotFoundError:
        raise DiagnosticError([error("B112", "no such file", where, "check the path")]) from None
    except IsADirectoryError:
        raise DiagnosticError([error("B112", "this is a folder, not a file", where, "name a file")]) from None
    except OSError as exc:
        raise DiagnosticError([error("B112", f"cannot read the file: {exc.strerror or exc}", where)]) from None
    if len(data) > most:
        raise DiagnosticError([error("B801", f"the file is larger than {size_text(most)}, the most {what} may be",
                                     where, f"split it into smaller files (each up to {size_text(most)})")])
    return data


def size_text(size: int) -> str:
    """Returns a size in bytes as people write it: ``256 kB``, ``4 MB``."""
    if size >= KB * KB and size % (KB * KB) == 0:
        return f"{size // (KB * KB)} MB"
    return f"{size // KB} kB" if size >= KB else f"{size} bytes"


def file_size(path: str | Path) -> int | None:
    """Returns a file's size in bytes, or None when it cannot be looked at."""
    try:
        return os.stat(path).st_size
    except OSError:
        return None
