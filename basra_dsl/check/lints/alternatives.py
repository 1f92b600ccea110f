"""B751: a child's lines for a clause replace every line the parent states for it, not only
the ones they restate. A child that writes ``tie extend 30 when tie_break == extend`` to
change one of Bastra's three 'tie' lines drops the other two: the table that chooses
``draw`` now plays on. Named, with the lines that no longer apply and the lines to write.

B756: a child's line that replaces the parent's lines for each choice of an option with
something none of them played, so the option now chooses nothing (``raise never`` over
Casino's ``raise others when not raise_own`` and ``raise any``). A line that keeps one
choice's play fixes the table's choice, which is meant, and is not told.

B757: an option that only turns the direction of play, in a game only two play: turns
alternate whichever way play goes, so the table's choice changes nothing."""

from __future__ import annotations

from dataclasses import replace
from typing import Iterator

from ...diagnostics import Diagnostic, warning
from ...language import nodes as n
from ...language.merge import Merged, names_used, option_value
from ...language.unparse import expr_text, value_text
from .combinations import Combination, names_in, pick
from .overrides import own_clauses, parent_of
from .reference import file_lines


def check_replaced_alternatives(merged: Merged, combos: list[Combination]) -> Iterator[Diagnostic]:
    """B751: this file's lines for a clause, each under a condition, where the parent states
    the clause in several lines: the parent's lines under other conditions no longer apply."""
    parent = parent_of(merged)
    if parent is None:
        return
    own = own_clauses(merged)
    # the names a choice of the table reads: the options and their choices' words
    choosing = set(merged.options) | {c.id for o in merged.options.values() for c in o.choices if isinstance(c, n.Name)}
    for key, mine in own.items():
        theirs = parent.clauses.get(key, ())
        if len(theirs) < 2 or any(c.guard is None for c in mine):
            continue  # a line without a condition replaces the clause whole, as meant
        if not all(names_in(c.guard) <= choosing for c in mine):
            continue  # a condition of the play ('redeal when floor.top is J') is the line's rule, not a choice
        restated = {expr_text(c.guard) for c in mine}
        lost = [c for c in theirs if c.guard is None or expr_text(c.guard) not in restated]
        lines = [_line_of(c) for c in lost]
        if not lost or not all(lines):
            continue
        gone = " and ".join(f"'{line}'" for line in lines)
        which = "this line replaces" if len(mine) == 1 else "these lines replace"
        yield warning("B751", f"{which} all {len(theirs)} of {parent.name}'s '{mine[0].keyword}' lines, not only the "
                      f"one{'s' * (len(mine) > 1)} restated: {gone} no longer appl{'ies' if len(lost) == 1 else 'y'}",
                      mine[0].span, "restate the lines you keep below yours: " + "; ".join(lines))


def _line_of(clause: n.Clause) -> str | None:
    """The clause's line as its file writes it (None where the file cannot be read or the
    line goes on past a '\\')."""
    span = clause.span
    lines = file_lines(span.path) if span is not None else []
    line = lines[span.line - 1].split("#")[0].strip() if 0 < span.line <= len(lines) else ""
    return line if line and not line.endswith("\\") else None  # a span runs on to the next clause: its line is its own


def check_lost_choices(merged: Merged, combos: list[Combination]) -> Iterator[Diagnostic]:
    """B756: an inherited option the parent's lines for a clause read, read by nothing now
    that this file's single line replaces them with a play none of its choices gave."""
    parent = parent_of(merged)
    if parent is None:
        return
    used, declared = names_used(merged), {o.name.text for o in merged.variant.options}
    defaults = {name: option_value(o.default) for name, o in parent.options.items()}
    for key, mine in own_clauses(merged).items():
        if len(mine) != 1 or mine[0].guard is not None:
            continue
        theirs = parent.clauses.get(key, ())
        for name in sorted(set().union(*(names_in(c.guard) for c in theirs if c.guard is not None))):
            option = parent.options.get(name)
            if option is None or name in used or name in declared:
                continue
            plays = {option_value(c): pick(parent, key, defaults | {name: option_value(c)}) for c in option.choices}
            lines = {value: _line_of(c) for value, c in plays.items() if c is not None}
            if any(c is not None and replace(c, guard=None) == mine[0] for c in plays.values()) or \
                    len(lines) != len(plays) or not all(lines.values()):
                continue  # the line keeps one choice's play (the table's choice fixed), or lines unread
            written = _line_of(mine[0]) or ""
            if any(_bare(line).split()[:2] == written.split()[:2] for line in lines.values()):
                continue  # one choice's play with another number ('tie extend' for 'tie extend 30'): other checks
            said = ", ".join(f"'{_bare(line)}' when {name} is {value_text(value)}" for value, line in lines.items())
            yield warning("B756", f"this line plays none of {parent.name}'s choices of '{name}' ({said}), and the "
                          f"option now changes nothing", mine[0].span,
                          f"write the line of the choice your table plays, or restate {parent.name}'s lines with "
                          f"yours under the choice it belongs to: " + "; ".join(
                              _line_of(c) or "" for c in theirs if any(c is p for p in plays.values())))
            break


def _bare(line: str) -> str:
    """A clause's line without its condition."""
    return line.split(" when ")[0]


def check_direction_of_two(merged: Merged, combos: list[Combination]) -> Iterator[Diagnostic]:
    """B757: an option of this file read only by 'direction' lines, where every way to play
    the variant has two players."""
    if not combos or any(c.options.get("players") != 2 for c in combos):
        return
    for option in merged.variant.options:
        name = option.name.text
        readers = {key for key, clauses in merged.clauses.items() for c in clauses if name in names_in(c)}
        if readers == {"setup.direction"}:
            yield warning("B757", f"option '{name}' only turns the direction of play, and this game is for two "
                          "players: turns alternate whichever way play goes, so the option changes nothing",
                          option.name.span, "remove the option and its 'direction' lines, or let more play "
                          "(such as 'players 2, 3, 4' under 'setup:')")
