"""The type checker's mistakes in words: a name used where it does not exist, a card compared
with ``==``, cards listed with ``or``, an option compared with something it can never be.

``expressions`` finds these while it types an expression and asks this module for the
diagnostic, so the wording of every such mistake stands in one place beside the wording of
syntax errors. Imports ``cards``, ``diagnostics`` and the language's ``nodes`` and ``unparse``.
"""

from __future__ import annotations

import functools
import re
from typing import Any, Callable

from ... import cards as C
from ...diagnostics import Diagnostic, did_you_mean, error
from ...resources import bundled_variants
from .. import nodes as n
from ..unparse import expr_text, pattern_text, value_text

# what each name of the play stands for, and the names a capture rule knows
PLAY_MEANINGS = {
    "played": "it is the card just played",
    "floor": "it is the cards on the floor before the play",
    "previous": "it is the play before this one",
    "captured": "it is the cards the play takes",
    "left": "it is the floor after the play",
    "cleared": "it says whether the play took cards and left the floor empty",
    "trailed": "it says whether the play took nothing",
    "last": "it says whether the play is the hand's last",
    "last_deal": "it says whether the play falls in the hand's last deal",
    "stock": "it is the number of cards still to be dealt",
}
CAPTURE_KNOWS = ("played", "floor", "previous")
_CARD, _CARDS, _RANK = "card", "cards", "rank"


def out_of_place(name: n.Name, context: str) -> Diagnostic:
    """A name of the play used where the play is not known (or not yet known); ``context``
    is where it was used: capture (a capture rule), dealing or static (any other clause)."""
    where = ("named capture rules (NAME: PATTERN takes ...) and basra rules" if name.id in CAPTURE_KNOWS
             else "basra rules")
    hint = {"capture": "a capture rule is decided before the play, so it knows only played, floor and previous",
            "dealing": "a dealing rule is read before anyone plays, so it knows only 'floor' (the first floor "
                       "as dealt), the options and 'players'",
            "score": "a score rule reads what a side took by the hand's end ('taken'), not a play: score "
                     "what a play does with a rule under 'basra:', where the cards a play takes are 'captured' "
                     "(such as '1 when captured has 7D and cleared')",
            }.get(context, "a keyword line ('compulsory', 'choose', 'hand', 'first to', ...) is settled before "
                           "play, so its 'when' reads the options and 'players' only"
                  + ("; what happens in the hand's last deal can be said only of plays, in a rule under 'basra:', "
                     "so drop this 'when'" if name.id in ("last", "last_deal", "stock") else ""))
    return error("B201", f"'{name.id}' is known only in {where}: {PLAY_MEANINGS[name.id]}", name.span, hint)


def card_word(text: str) -> str | None:
    """Returns the pattern word ``text`` stands for (itself, or the one it surely means), or None."""
    return text if C.pattern_cards(text) is not None else C.suggest_card_word(text)


def card_as_value(name: n.Name) -> Diagnostic:
    """A card or rank written where a value or a condition belongs: ``when J``."""
    word = card_word(name.id)
    return error("B201", f"'{name.id}' is a card, not a value or a condition", name.span,
                 f"test a card with 'is' (played is {word}) or cards with 'has' (floor has {word})")


def card_compared(compare: n.Compare, subject: n.Expr, kind: str, word: n.Name) -> Diagnostic:
    """``played == J``: a card (or cards) compared with a pattern word instead of tested."""
    if kind == _CARDS:
        test = f"{expr_text(subject)} has {card_word(word.id)}"
        return error("B119", f"cards are tested with 'has' or 'only', not '{compare.op}'", compare.span,
                     f"write: {test if compare.op == '==' else 'not ' + test}")
    if kind == _RANK and isinstance(subject, n.Attribute):
        subject = subject.obj  # played.rank == J: test the card itself
    op = "is" if compare.op == "==" else "is not"
    return error("B119", f"a card is tested with '{op}', not '{compare.op}'", compare.span,
                 f"write: {expr_text(subject)} {op} {card_word(word.id)}")


def cards_listed(expr: n.BoolOp, is_card: Callable[[n.Expr], bool], out: list[Diagnostic]) -> list[n.Expr] | None:
    """``played is 7D or JD``: cards listed after a test with 'or' or 'and' instead of '|'
    (``is_card`` tells a card written as a name). Adds the diagnostic to ``out`` and returns
    the other operands of the chain, to check as usual; None when there is no such list."""
    operands: list[n.Expr] = []
    stack: list[n.Expr] = [expr]
    while stack:  # the chain of one operator, left to right
        item = stack.pop()
        if isinstance(item, n.BoolOp) and item.op == expr.op:
            stack += [item.right, item.left]
        else:
            operands.append(item)
    for index, item in enumerate(operands[:-1]):
        words = []
        for following in operands[index + 1:] if isinstance(item, n.Test) else ():
            if not is_card(following):
                break
            words.append(following)
        if words:
            out.append(card_list(item, words, expr.op))
            return [o for o in operands if not any(o is w for w in words)]
    return None


def card_list(test: n.Test, words: list[n.Name], joiner: str) -> Diagnostic:
    """``played is 7D or JD``: more cards listed after a test with 'or' (or 'and')."""
    written = pattern_text(test.pattern) if test.pattern.exclude else " | ".join(
        card_word(w.text) or w.text for w in test.pattern.include)
    if joiner == "and" and test.op == "has":  # every card named: each tested in turn
        subject = expr_text(test.subject)
        each = " and ".join(f"{subject} has {w}" for w in [written] + [card_word(w.id) or w.id for w in words])
        return error("B120", "'and' joins conditions, not cards: each card is tested on its own", words[0].span,
                     f"for all of them, write: {each} (for any one of them: {subject} has "
                     f"{' | '.join([written] + [card_word(w.id) or w.id for w in words])})")
    listed = " | ".join([written] + [card_word(w.id) or w.id for w in words])
    return error("B120", f"cards in a list are joined with '|', not '{joiner}'", words[0].span,
                 f"write: {expr_text(test.subject)} {test.op} {listed}")


def option_compared(compare: n.Compare, option: n.Name, kind: str, choices: tuple | None, default: Any,
                    other: n.Expr, other_kind: str | None, words: frozenset[str]) -> Diagnostic | None:
    """An option compared with a value it can never have: a misspelled word, a number for a
    word option (or a word for a number option), a number that is not one of its choices."""
    listed = " | ".join(value_text(c) for c in choices) if choices else None
    if option.id == "players" and not choices:
        about = "the number of players"
    else:
        about = f"its choices are {listed}" if listed else f"its default is {value_text(default)}"
    value = other.id if isinstance(other, n.Name) else value_text(other.value)
    example = f"compare it with {'a number' if about == 'the number of players' else 'one of its choices'}, " \
              f"such as {option.id} {compare.op} {value_text(_meant_choice(value, choices) if choices else default)}"
    if other_kind is None or other_kind == "word":  # a word: one of some option's choices, or unknown
        if kind != "word":
            return error("B205", f"'{option.id}' is a {kind}: {about}; '{value}' is a word", other.span, example)
        if choices is None and other_kind == "word":
            return None
        if choices is not None and value in choices:
            return None
        close = did_you_mean(value, [c for c in choices if isinstance(c, str)] if choices else words)
        message = f"'{value}' is not a choice of option '{option.id}'" + (f": {about}" if listed else "")
        return error("B302", message, other.span, close or example)
    if other_kind != kind:
        return error("B205", f"'{option.id}' is a {kind}: {about}", other.span, example)
    if choices is not None and other.value not in choices:
        return error("B302", f"'{option.id}' is never {value}: {about}", other.span, example)
    return None


NUMBER_WORDS = {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9,
                 "ten": 10, "eleven": 11, "twelve": 12, "thirteen": 13, "fourteen": 14, "fifteen": 15}


def number_word(word: str) -> int | None:
    """Returns the number a word spells (one to fifteen), or None."""
    return NUMBER_WORDS.get(word.lower())


_TRUTHS = {"true": True, "false": False, "on": True, "off": False, "yes": True, "no": False}


def _meant_choice(value: str, choices: tuple) -> Any:
    """The choice a value written another way most likely means (``true`` for yes, ``12`` for
    twelve, ``twelve`` for 12), else the first."""
    lowered = value.lower()
    for choice in choices:
        if isinstance(choice, bool) and _TRUTHS.get(lowered) is choice:
            return choice
        if isinstance(choice, str) and value.isdigit() and number_word(choice) == int(value):
            return choice
        if isinstance(choice, (int, float)) and not isinstance(choice, bool) and number_word(lowered) == choice:
            return choice
    return choices[0]


def is_card_word(text: str) -> bool:
    """Returns whether a name is a card, rank or kind of card (or surely means one)."""
    return card_word(text) is not None


def declare_option(name: str) -> str:
    """The help for a name no option declares: the option line of a bundled variant that
    declares one of that name (the clause was most likely copied from it), else how to."""
    found = _bundled_options().get(name)
    if found is None:
        return (f"declare it with an 'option' line at the top, such as: option {name}: yes | no = yes \"what it "
                "changes\" (a yes/no that lets a rule apply: 'yes' by default plays the rule as it read without it)")
    variant, line = found
    return f"declare it with an 'option' line, as {variant} does: {line}"


@functools.lru_cache(maxsize=1)
def _bundled_options() -> dict[str, tuple[str, str]]:
    """Every option line of the bundled variants, by option name (the first variant's)."""
    found: dict[str, tuple[str, str]] = {}
    for variant, path in bundled_variants().items():
        for line in re.findall(r"^option\s+\w+\s*:.*$", path.read_text(encoding="utf-8"), re.MULTILINE):
            found.setdefault(line.split()[1].rstrip(":"), (variant, line.strip()))
    return found


def rank_test(expr: n.Compare, number_on_right: bool) -> str | None:
    """``played.rank == 13``: a rank compared with a number tests the card for the rank the
    number stands for (13 the king, as cards are numbered)."""
    side, number = (expr.left, expr.right) if number_on_right else (expr.right, expr.left)
    if not isinstance(side, n.Attribute) or side.attr != "rank":
        return None
    test = "is not" if expr.op == "!=" else "is"
    if not isinstance(number, n.Number) or number.value not in _RANK_NUMBERS:
        return (f"a card's rank is tested with 'is' ('{expr_text(side.obj)} {test} K'); its number is "
                f"'{expr_text(side.obj)}.value'")
    rank = _RANK_NUMBERS[number.value]
    said = f" ({int(number.value)} is the usual number of the {_RANK_WORDS[rank]})" if rank in _RANK_WORDS else ""
    return f"a card's rank is tested with 'is': write '{expr_text(side.obj)} {test} {rank}'{said}"


# a number standing for a rank: the numerals, and the pictures and the ace as cards are numbered
_RANK_NUMBERS = {1: "A", **{v: str(v) for v in range(2, 11)}, 11: "J", 12: "Q", 13: "K", 14: "A"}
_RANK_WORDS = {"J": "jack", "Q": "queen", "K": "king"}


def option_of_choice(name: n.Name, word: str | None, choices: dict[str, tuple]) -> Diagnostic | None:
    """B201 for an unknown name compared with a choice ``word`` of one of the options ('count ==
    foster' after the option was renamed 'scoring'): that option was meant."""
    owners = [o for o, listed in choices.items() if word is not None and word in map(str, listed) and o != name.id]
    if len(owners) != 1:
        return None
    listed = " | ".join(map(str, choices[owners[0]]))
    return error("B201", f"unknown name '{name.id}'", name.span,
                 f"did you mean '{owners[0]}'? (the option whose choices are {listed})")
