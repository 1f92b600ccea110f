"""The bonus lines of 'Play in a minute': each bonus rule that holds by default as a short phrase.

A rule whose condition is too long to say in a line (more than ``MOST_WORDS`` words) is
said by its title, linked to the rule, or pointed to when it has none ("some captures with
the seven of diamonds: 10 points (see the rule)").
"""

from __future__ import annotations

import re

from ...language import nodes as n
from ...language.evaluation import evaluate_constant
from ...language.expressions import PLAY_NAMES
from ...language.unparse import number_text
from .bonus_values import has_table, is_on, named_rules, options_of, settle, table_anchor
from ..prose.english import article, capitalise, conjuncts, disjuncts, join, pattern_phrase, say, uses_play
from .page_state import PageState
from ..prose.plays import floor_fragment
from ..text.safe import inline

MOST_WORDS = 20  # the longest sentence the section says before leaving a rule to its full text


def words(sentence: str) -> int:
    """Returns how many words a reader says for a Markdown sentence (links read as their text)."""
    plain = re.sub(r"\[([^\]]*)\]\([^)]*\)", r"\1", re.sub(r"<[^>]+>", "", sentence))
    return len(plain.replace("*", "").split())


# ------------------------------------------------------------------ bonuses

def bonus_rules(page: PageState) -> list[n.BasraRule]:
    return named_rules(page, n.BasraRule)


def bonuses(page: PageState) -> list[str]:
    """Returns the bonus line: what a bonus is, then a sub-line per rule that holds by default."""
    rules = bonus_rules(page)
    shown = [c for c in rules if is_on(page, c)]
    if not shown:  # a game without bonuses says nothing of them
        return [] if not rules else [f"With the default options no play scores {article(page.bonus)} (see "
                                     "[Options](#options))."]
    when = "counted at once" if page.rules.win_at_once else "added to your points after the hand"
    what = "" if page.bonus == "bonus" else ", a bonus"  # no "a bonus, a bonus counted at once"
    head = f"Some captures also score {article(page.bonus)}{what} {when}:"
    if any(_mentions_option(page, c) for c in rules):
        head = head[:-1] + ". [Options](#options) can change these."
    return [head] + [bonus_line(page, c, i) for i, c in enumerate(shown)]


def _mentions_option(page: PageState, clause: n.BasraRule) -> bool:
    return any(isinstance(x, n.Name) and x.id in page.merged.options
               for x in n.walk((clause.points,) + ((clause.guard,) if clause.guard else ())))


def bonus_line(page: PageState, clause: n.BasraRule, index: int) -> str:
    """Returns one bonus rule: the play, then its points (or a pointer to its table)."""
    refs = []
    if has_table(page, clause):
        worth = "points by the card played"
        refs.append(f"[the table](#{table_anchor(clause)})")
    elif any(isinstance(x, n.Name) and x.id in PLAY_NAMES for x in n.walk(clause.points)):
        worth = "points by the play"
    else:
        value = evaluate_constant(clause.points, options_of(page))
        worth = f"{number_text(value)} {'point' if value == 1 else 'points'}"
    condition = settle(clause.guard, options_of(page)) if clause.guard is not None else True
    phrase = play_phrase(page, condition)
    text = f"{page.rule_link(clause.key, capitalise(phrase))}: {worth}" if phrase else ""
    title = page.merged.title(clause.key)
    if (not phrase or words(text) + 3 * len(refs) > MOST_WORDS) and title:
        # the rule's own title names the play briefly; its link leads to the whole condition
        text = f"{page.rule_link(clause.key, capitalise(inline(title)))}: {worth}"
    elif not phrase or words(text) + 3 * len(refs) > MOST_WORDS:  # room for "(see the table)"
        who = _player_phrase(condition)
        text = capitalise(("some other captures" if index else "some captures") + (f" with {who}" if who else ""))
        text += f": {worth}"
        refs.insert(0, page.rule_link(clause.key, "the rule"))
    return text + (f" (see {join(refs)})" if refs else "") + "."


def _player_phrase(condition: bool | n.Expr) -> str | None:
    """Returns the card a bonus asks to be played ("the seven of diamonds"), if it names one."""
    for part in conjuncts(condition) if not isinstance(condition, bool) else ():
        if _played_test(part):
            return pattern_phrase(part.pattern) if part.op == "is" else f"any card but {pattern_phrase(part.pattern)}"
    return None


def _played_test(expr: n.Expr) -> bool:
    return isinstance(expr, n.Test) and expr.op in ("is", "is not") and expr.subject == n.Name("played", span=expr.span)


def _same_rank(expr: n.Expr) -> bool:
    """Returns whether a condition says the card played pairs the floor's single (or top) card."""
    if not (isinstance(expr, n.Compare) and expr.op == "=="):
        return False
    sides = {_attr_path(expr.left), _attr_path(expr.right)}
    return "played.rank" in sides and bool(sides & {"floor.lone.rank", "floor.top.rank"})


def _attr_path(expr: n.Expr) -> str:
    if isinstance(expr, n.Name):
        return expr.id
    if isinstance(expr, n.Attribute):
        return f"{_attr_path(expr.obj)}.{expr.attr}"
    return ""


def play_phrase(page: PageState, condition: bool | n.Expr) -> str | None:
    """Returns a bonus's play as a short phrase ("clearing the floor with any card but a jack"),
    or None when the condition is not of a shape said briefly (the full rule says it)."""
    stack = page.rules.floor_kind == "stack"
    who, action, same, exceptions, rest = None, None, False, [], []
    floors: list[str] = []
    tables: list[str] = []  # conditions on the table rather than the play
    for part in conjuncts(condition) if not isinstance(condition, bool) else ():
        fragment = floor_fragment(part, page.ctx)
        if _played_test(part) and who is None:
            who = _player_phrase(part)
        elif isinstance(part, n.Name) and part.id == "cleared":
            action = action or "clearing the floor"
        elif isinstance(part, n.Compare) and _attr_path(part.left) == "floor.count" and part.op == "==" \
                and part.right == n.Number(1, span=part.right.span):
            action = "taking a pile of one card" if stack else "taking a single card"
        elif _same_rank(part):
            same = True
        elif isinstance(part, n.Not) and isinstance(part.operand, n.Name) and part.operand.id in MOMENTS:
            exceptions.append(MOMENTS[part.operand.id])  # "not with the hand's last play"
        elif (exception := _exception(part, page)) is not None:
            exceptions.append(exception)
        elif fragment is not None and not fragment[0].startswith(("LONE:", "EMPTY")):
            floors.append(fragment[0])
        elif fragment is not None and fragment[0].startswith("LONE:"):
            action = f"taking a lone {fragment[0][5:]}"
        elif not uses_play(part):
            tables.append(say(part, page.ctx))  # such as "there are 4 players"
        else:
            rest.append(part)
    if rest:
        return None
    if same:
        who = f"{who} of the same rank" if who else "a card of the same rank"
    if floors:  # "the seven of diamonds taking a floor of numerals only, adding up to 10 or less"
        verb = "clearing" if action == "clearing the floor" else "taking"
        text = f"{who or 'a card'} {verb} a floor " + ", ".join(floors)
    else:
        text = (action or "any capture") + (f" with {who}" if who else "")
    for exception in exceptions:
        text += f" ({exception})"
    return text + (f", when {join(tables)}" if tables else "")


MOMENTS = {"last": "not with the hand's last play", "last_deal": "not in the hand's last round"}


def _exception(expr: n.Expr, page: PageState) -> str | None:
    """Returns "with a jack, only when ..." for ``played is not J or ...``, or None."""
    parts = disjuncts(expr)
    if len(parts) != 2 or not any(_played_test(p) and p.op == "is not" for p in parts):
        return None
    test = next(p for p in parts if _played_test(p) and p.op == "is not")
    other = next(p for p in parts if p is not test)
    fragment = floor_fragment(other, page.ctx)
    if fragment is not None and fragment[0].startswith("LONE:"):
        return f"{pattern_phrase(test.pattern)} only on a lone {fragment[0][5:]}"
    return f"{pattern_phrase(test.pattern)} only when {say(other, page.ctx)}"


__all__ = ["MOST_WORDS", "bonus_rules", "bonuses", "words"]
