"""B754: a bonus that leaves out a card which sweeps by no rule of its own. A sweep bonus
says 'played is not J | 7D' where both cards take the whole floor by a rule of their own, so
their sweeps are not the hard-won kind; copied into a game where the seven of diamonds
has no such rule (Lebanese drops it), the exception keeps that card's ordinary clears,
made by pairing or adding up, from ever scoring.

B758: 'played is not J or played is 7D' where 'played is not J | 7D' was meant: 'or' lets in
every card but the jack, and then the seven too, the very card the author meant to leave out."""

from __future__ import annotations

from typing import Iterator

from ...cards import card_name
from ...diagnostics import Diagnostic, warning
from ...language import expressions as X
from ...language import nodes as n
from ...language.merge import Merged
from ...language.unparse import expr_text, pattern_text
from .combinations import Combination, conjuncts, is_own, line_at
from .reference import source_lines


def check_exclusions(merged: Merged, combos: list[Combination]) -> Iterator[Diagnostic]:
    """B754: 'played is not P' in this file's bonus, where P names cards that sweep by a rule
    of their own (the ones the bonus means to leave out) and cards that sweep by none."""
    rules = next((c.rules for c in combos if c.rules is not None), None)
    if rules is None:
        return
    deck = frozenset(rules.deck)
    # the cards that take the whole floor by a rule of their own (Egyptian's jack and seven)
    ruled = frozenset().union(*(r.cards for r in rules.capture_rules if r.takes == "all"))
    for clause in merged.variant.clauses:
        if not (isinstance(clause, n.BasraRule) and is_own(merged, clause)):
            continue
        for part in conjuncts(clause.guard):
            if not (isinstance(part, n.Test) and part.op == "is not" and part.subject == n.Name("played", span=None)):
                continue
            left_out = X.pattern_set(part.pattern) & deck
            plain = sorted(left_out - ruled)
            if not plain or not left_out & ruled:
                continue  # all sweepers (the usual exception) or none (a table's own choice)
            yield _finding(part, plain, source_lines(merged))


def _finding(part: n.Test, plain: list[int], lines: list[str]) -> Diagnostic:
    names = ", ".join(card_name(c) for c in plain)
    kept = [w for w in part.pattern.include if not (X.pattern_set(n.Pattern((w,), span=w.span)) & frozenset(plain))]
    one = len(plain) == 1
    message = (f"'{pattern_text(part.pattern)}' leaves out {names}, which sweep{'s' * one} the floor by no "
               f"rule of {'its' if one else 'their'} own in this game: {'it clears' if one else 'they clear'} the floor "
               "only by pairing or adding up, as any card does, and those clears score nothing")
    if kept and not part.pattern.exclude:
        fix = pattern_text(n.Pattern(tuple(kept), span=part.pattern.span))
        span = part.pattern.span
        row = lines[span.line - 1] if span is not None and 0 < span.line <= len(lines) else ""
        if row and span.end_line == span.line and span.end_column:  # the line to write, for the editor's quick fix
            return warning("B754", message, span, "leave out only the cards that sweep by a rule of their own: "
                           f"write: {(row[:span.column - 1] + fix + row[span.end_column - 1:]).split('#')[0].strip()}")
        return warning("B754", message, span, f"leave out only the cards that sweep by a rule of their own "
                       f"('played is not {fix}')")
    return warning("B754", message, part.pattern.span, "leave out only the cards that sweep by a rule of their own")


def check_or_exclusion(merged: Merged, combos: list[Combination]) -> Iterator[Diagnostic]:
    """B758: 'X is not P or X is Q' in this file's rule: it holds for every card but P, and Q
    besides, so Q is let in where the author most likely left it out with P."""
    for clause in (c for c in merged.variant.clauses if c.guard is not None and is_own(merged, c)):
        for node in n.walk(clause.guard):
            if not (isinstance(node, n.BoolOp) and node.op == "or"):
                continue
            # 'cleared and played is not J or played is 7D' reads '(cleared and ... is not J) or ...'
            out = node.left.right if isinstance(node.left, n.BoolOp) and node.left.op == "and" else node.left
            into = node.right.left if isinstance(node.right, n.BoolOp) and node.right.op == "and" else node.right
            if not (isinstance(out, n.Test) and out.op == "is not" and isinstance(into, n.Test) and into.op == "is"
                    and out.subject == into.subject):
                continue
            subject, left, right = expr_text(out.subject), pattern_text(out.pattern), pattern_text(into.pattern)
            said, meant = f"{expr_text(out)} or {expr_text(into)}", f"{subject} is not {left} | {right}"
            row = line_at(node.span)
            yield warning("B758", f"'{said}' holds for every card but {left}, and for {right} as well: 'or' lets "
                          f"{right} in", node.span, f"to leave out both, write: {row.strip().replace(said, meant)}"
                          if row.count(said) == 1 else f"to leave out both, write '{meant}' in place of '{said}'")
