"""Expressions: type checking.

An expression is checked against a scope (which names exist and their types), yielding a
diagnostic for every unknown name, attribute, function or mismatched type. A checked
expression is compiled by ``evaluation``.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any, Iterator

from .. import cards as C
from ..diagnostics import Diagnostic, closest_word, did_you_mean, error
from . import nodes as n
from .syntax import hints
from .unparse import expr_text, number_text, pattern_text

NUM, BOOL, CARD, CARDS, PLAY, WORD, RANK = "number", "yes/no", "card", "cards", "play", "word", "rank"

ATTRIBUTES = {
    CARDS: {"count": NUM, "sum": NUM, "empty": BOOL, "lone": CARD, "top": CARD, "ranks": NUM},
    CARD: {"value": NUM, "rank": RANK},
    PLAY: {"played": CARD, "floor": CARDS, "captured": CARDS, "left": CARDS,
           "trailed": BOOL, "cleared": BOOL},
}

# what each attribute tells, in the words the language reference uses (hover shows them)
ATTRIBUTE_MEANINGS = {
    "count": "how many cards", "sum": "the sum of their values (a card without a value counts 0)",
    "empty": "no cards at all", "lone": "the only card, when there is exactly one",
    "top": "the last card (the top of a stack)", "ranks": "how many different ranks they hold",
    "value": "its value when cards are added up (played.value: the value the card was played as)", "rank": "its rank, to compare with another card's",
    "played": "the card that play laid", "floor": "the floor before that play",
    "captured": "the cards that play took", "left": "the floor after that play",
    "trailed": "that play took nothing", "cleared": "that play took cards and left the floor empty",
}

# name -> its type and a word on its source (what ``_play_sources`` writes for it)
PLAY_NAMES = {
    "played": (CARD, "the card played"), "floor": (CARDS, "the floor before the play"),
    "captured": (CARDS, "the cards taken"), "left": (CARDS, "the floor after the play"),
    "cleared": (BOOL, "nothing left, something taken"), "trailed": (BOOL, "nothing taken"),
    "previous": (PLAY, "the play before, or a play of nothing"),
    "last": (BOOL, "this play is the last of the hand"),
    "last_deal": (BOOL, "this play is in the hand's last deal"),
    "stock": (NUM, "cards still to be dealt"),
}
HAND_NAMES = ("last", "last_deal", "stock")  # what a play rule knows of the hand around it
CAPTURE_NAMES = {k: PLAY_NAMES[k] for k in ("played", "floor", "previous")}
DEALING_NAMES = {"floor": (CARDS, "the first floor as it is dealt")}
HOLDER_NAMES = {"hand": (CARDS, "the cards a player is dealt")}  # a bonus to the holder of a dealt hand
TAKEN_NAMES = {"taken": (CARDS, "the cards a side took in the hand")}  # a score rule
# a restriction (a card barred): the card, the floor, the play before, the player's cards, the hand's first play
RESTRICTION_NAMES = CAPTURE_NAMES | {"hand": (CARDS, "the cards the player holds, the card played among them"),
                                     "opening": (BOOL, "no card has been played yet in this hand")}
FUNCTIONS = {"value": "value(CARD, RANK=NUMBER, ...)", "splits": "splits(CARDS, GROUPS, MAX_SUM)",
             "groups": "groups(CARDS, SUM)", "round_up": "round_up(NUMBER, STEP)",
             "min": "min(NUMBER, NUMBER, ...)", "max": "max(NUMBER, NUMBER, ...)"}


@dataclass(frozen=True)
class Scope:
    """What names an expression may use: option values and, in play rules, the play."""

    options: dict[str, Any]  # option name -> its value (or a sample value when checking)
    play: dict[str, tuple[str, str]]
    words: frozenset[str] = frozenset()  # choices of word-valued options
    choices: dict[str, tuple] = field(default_factory=dict)  # option name -> its choices, when known
    # options an ancestor declares that no rule left reads (so the child does not offer them),
    # by the variant declaring each: a name close to one was most likely meant for it
    inherited: dict[str, str] = field(default_factory=dict)

    def type_of(self, name: str) -> str | None:
        if name in self.play:
            return self.play[name][0]
        if name in self.options:
            return value_type(self.options[name])
        if name in self.words:
            return WORD
        return None

    def vocabulary(self) -> list[str]:
        return list(self.play) + list(self.options)


def value_type(value: Any) -> str:
    """Returns the expression type of an option value."""
    if isinstance(value, bool):
        return BOOL
    if isinstance(value, (int, float)):
        return NUM
    return WORD


def check(expr: n.Expr, scope: Scope, want: str | None = None) -> Iterator[Diagnostic]:
    """Yields every problem of an expression; ``want`` is the type its place needs."""
    found: list[Diagnostic] = []
    kind = _infer(expr, scope, found)
    said: set[tuple] = set()  # a name unknown three times in one expression is one mistake
    for diagnostic in found:
        if (diagnostic.code, diagnostic.message, diagnostic.help) not in said:
            said.add((diagnostic.code, diagnostic.message, diagnostic.help))
            yield diagnostic
    if want and kind and kind != want and not found:
        yield error("B205", f"this is {_a(kind)} where {_a(want)} is needed", expr.span,
                    _conversion_hint(expr, kind, want, scope))


def _a(kind: str) -> str:
    """The kind with its article: 'a number', 'cards'."""
    return kind if kind == CARDS else f"a {kind}"


def _conversion_hint(expr: n.Expr, kind: str, want: str, scope: Scope) -> str | None:
    """The place's kind of value written from the author's own expression (B205's help)."""
    text = expr_text(expr)
    choices = scope.choices.get(expr.id) if isinstance(expr, n.Name) else None
    if choices and want == BOOL:  # an option of numbers or words read as a yes/no
        listed = " | ".join(str(c) for c in choices)
        return (f"'{text}' is an option whose choices are {listed}: compare it, such as '{text} == {choices[0]}', "
                "or make its choices 'no | yes' to read it as a yes/no")
    if len(text) > 40:
        text = {NUM: "floor.sum", BOOL: "cleared", CARDS: "captured", CARD: "played"}.get(kind, text)
    rewrite = _REWRITES.get((want, kind))
    return rewrite.format(text=text) if rewrite else None


# B205's help by (the kind needed, the kind given), written from the author's expression
_REWRITES = {
    (BOOL, NUM): "compare the number with one: write '{text} <= 10' (or >=, ==, <, >), or '{text} > 0' for 'any'",
    (BOOL, CARDS): "test the cards: '{text} has J', '{text} only numeral', or compare '{text}.count > 0'",
    (BOOL, CARD): "test the card with 'is': write '{text} is J' (or 'is numeral', 'is 7D')",
    (NUM, BOOL): "a yes/no is not a number: give the number and put the test after 'when', such as '10 when {text}'",
    (NUM, CARDS): "count the cards: write '{text}.count', or '{text}.sum' for their values added up",
    (NUM, CARD): "take the card's value: write '{text}.value'",
}


def _infer(expr: n.Expr, scope: Scope, out: list[Diagnostic]) -> str | None:
    match expr:
        case n.Number():
            return NUM
        case n.Bool():
            return BOOL
        case n.Name(id=name):
            kind = scope.type_of(name)
            if kind is None:
                out.append(_unknown_name(expr, scope))
            return kind
        case n.Attribute(obj=obj, attr=attr):
            kind = _infer(obj, scope, out)
            if kind is None:
                return None
            table = ATTRIBUTES.get(kind, {})
            if attr not in table:
                said = _KIND_WORDS.get(kind, f"a {kind}")
                meant = _ATTRIBUTE_SYNONYMS.get(attr.lower())
                hint = (f"did you mean '{meant}'?" if meant in table else None) or did_you_mean(attr, table) or (
                    f"{said} has: {', '.join(table)}" if table else f"{said} has no attributes")
                out.append(error("B202", f"{said} has no '{attr}'", expr.span, hint))
                return None
            return table[attr]
        case n.Counted():
            return _infer_counted(expr, scope, out)
        case n.Call():
            return _infer_call(expr, scope, out)
        case n.Negate(operand=operand):
            _expect(operand, scope, NUM, out)
            return NUM
        case n.Binary(left=left, right=right):
            return _expect_both(left, right, scope, NUM, out)
        case n.Compare():
            return _infer_compare(expr, scope, out)
        case n.Test(op=op, subject=subject, pattern=pattern):
            if _bare_word(subject, scope):  # a name this rule does not know: say so, not its type
                found = _unknown_name(subject, scope)
                if subject.id == "captured" and "taken" in scope.play:  # a basra rule's word in a score rule
                    found = replace(found, help=f"write 'taken {op} {pattern_text(pattern)}': a score rule reads the "
                                    "cards a side took by the hand's end (to score the play that takes it, put the "
                                    "rule under 'basra:')")
                out.append(found)
                out.extend(check_pattern(pattern))
                return BOOL
            known = [name for name, (kind, _) in scope.play.items() if kind == CARDS]
            if isinstance(subject, n.Name) and scope.type_of(subject.id) == WORD and known:
                out.append(error("B201", f"'{subject.id}' names no cards in this rule: the cards it knows are "
                                 f"{', '.join(known)}", subject.span,
                                 f"write '{known[0]} {op} {pattern_text(pattern)}' ({scope.play[known[0]][1]})"))
                return BOOL
            kind = _infer(subject, scope, out)
            said = pattern_text(pattern)
            if kind in (BOOL, WORD) and op in ("is", "is not"):  # 'one_hand is yes': an option tested as a card
                negated = op == "is not"
                fix = (f"{'not ' if (said in ('no', 'false')) != negated else ''}{expr_text(subject)}" if kind == BOOL
                       else f"{expr_text(subject)} {'!=' if negated else '=='} {said}")
                out.append(error("B205", f"'{op}' tests a card, but this is {_a(kind)}", subject.span,
                                 f"write '{fix}'" + (": a yes/no option is a condition by itself" if kind == BOOL
                                                     else ": an option is compared with '=='")))
                return BOOL
            out.extend(check_pattern(pattern))
            need = CARD if op in ("is", "is not") else CARDS
            if kind and kind != need:
                out.append(error("B205", f"'{op}' tests {_a(need)}, but this is {_a(kind)}",
                                 subject.span, _test_hint(kind, op, subject, pattern)))
            return BOOL
        case n.Not(operand=operand):
            _expect(operand, scope, BOOL, out)
            return BOOL
        case n.BoolOp(left=n.Number() as left, right=n.Number() as right, op="or"):
            out.append(error("B205", f"'{expr_text(expr)}' joins two numbers with 'or', which joins conditions",
                             expr.span, f"a card that counts either value is listed once for each, such as "
                             f"'A {expr_text(left)}, A {expr_text(right)}' ('floor values' or 'played values')"))
            return NUM
        case n.BoolOp(left=left, right=right):
            operands = hints.cards_listed(expr, lambda e: _bare_word(e, scope) and hints.is_card_word(e.id), out)
            for operand in operands if operands is not None else (left, right):
                _expect(operand, scope, BOOL, out)
            return BOOL
    raise TypeError(f"not an expression: {expr!r}")


def _test_hint(kind: str, op: str, subject: n.Expr, pattern: n.Pattern) -> str | None:
    """The help of a test ('is', 'has', 'only') of something it does not test."""
    if kind == CARDS:
        return "use 'has' or 'only' to test cards"
    if kind == CARD:
        return "use 'is' to test one card"
    if kind == NUM and op in ("is", "is not"):
        compare = "==" if op == "is" else "!="
        return f"numbers are compared with '{compare}': write '{expr_text(subject)} {compare} {pattern_text(pattern)}'"
    return None


_KIND_WORDS = {CARDS: "a set of cards", CARD: "a card", NUM: "a number", BOOL: "a yes/no"}
# words other games and languages use for an attribute (``floor.single`` for the lone card)
_ATTRIBUTE_SYNONYMS = {"single": "lone", "alone": "lone", "only": "lone", "total": "sum", "size": "count",
                       "length": "count", "len": "count", "number": "count", "first": "top", "last": "top",
                       "none": "empty", "value": "sum"}


def _unknown_name(name: n.Name, scope: Scope) -> Diagnostic:
    """B201 for a name the scope does not know, saying where it is known if it is the play's."""
    if name.id in PLAY_NAMES:
        context = "static" if not scope.play else "capture" if "played" in scope.play else \
            "score" if "taken" in scope.play else "dealing"
        return hints.out_of_place(name, context)
    if name.id == "hand" and "floor" in scope.play and "played" not in scope.play:  # a dealing rule to dealer or next
        return error("B201", "'hand' is known only in a dealing rule whose points go 'to holder' or 'to declarer': "
                     "it is the cards a player is dealt", name.span,
                     "to give the points to the player dealt such a hand, write 'to holder' (or 'to declarer', "
                     "for points the player may declare) instead of 'to dealer' or 'to next'")
    if name.id in ("hand", "held") and "played" in scope.play:  # the player's own cards, in a rule of the play
        return error("B201", f"'{name.id}' is not known in a {'basra' if 'captured' in scope.play else 'capture'} "
                     "rule: it sees the play, not the cards a player still holds", name.span,
                     "a rule of the play reads 'played', 'floor' and what the play leaves; for the end of the "
                     "hand it has 'last' (the hand's last play) and 'last_deal' (nothing left to deal)")
    number = hints.number_word(name.id)
    if number is not None:  # 'five' where a value stands is the number, not the rank
        return error("B201", f"'{name.id}' is a word: numbers are written in digits", name.span, f"write {number}")
    if hints.is_card_word(name.id):
        return hints.card_as_value(name)
    meant = closest_word(name.id, scope.vocabulary() + sorted(scope.words) + sorted(scope.inherited))
    declared = f" (an option {scope.inherited[meant]} declares)" if meant in scope.inherited else ""
    hint = f"did you mean '{meant}'?{declared}" if meant is not None else hints.declare_option(name.id)
    return error("B201", f"unknown name '{name.id}'", name.span, hint)


def _bare_word(expr: n.Expr, scope: Scope) -> bool:
    return isinstance(expr, n.Name) and scope.type_of(expr.id) is None


def _infer_compare(expr: n.Compare, scope: Scope, out: list[Diagnostic]) -> str:
    """Types a comparison; a card compared with '==' and an option compared with a value it
    never has are each one diagnostic that says what to write."""
    op, left, right = expr.op, expr.left, expr.right
    found: list[Diagnostic] = []
    lt = None if _bare_word(left, scope) else _infer(left, scope, found)
    rt = None if _bare_word(right, scope) else _infer(right, scope, found)
    if op in ("==", "!="):
        for subject, kind, other, other_kind in ((left, lt, right, rt), (right, rt, left, lt)):
            if kind in (CARD, CARDS, RANK) and _bare_word(other, scope) and hints.is_card_word(other.id):
                out.extend(found + [hints.card_compared(expr, subject, kind, other)])
                return BOOL
            if isinstance(subject, n.Name) and subject.id in scope.options and kind and \
                    isinstance(other, (n.Number, n.Bool, n.Name)) and not (
                        isinstance(other, n.Name) and (other.id in scope.options or other.id in scope.play)):
                mistake = hints.option_compared(expr, subject, kind, scope.choices.get(subject.id),
                                                scope.options[subject.id], other, other_kind, scope.words)
                if mistake is not None:
                    out.extend(found + [mistake])
                    return BOOL
    found += [hints.option_of_choice(side, other.id if isinstance(other, n.Name) and not _bare_word(other, scope)
                                     else None, scope.choices) or _unknown_name(side, scope)
              for side, other in ((left, right), (right, left)) if _bare_word(side, scope)]
    out.extend(found)
    if op in ("==", "!="):
        if lt and rt and lt != rt:
            out.append(error("B205", f"cannot compare a {lt} with a {rt}", expr.span,
                             hints.rank_test(expr, rt == NUM) if {lt, rt} == {RANK, NUM} else None))
    else:
        for side, kind in ((left, lt), (right, rt)):
            if kind and kind != NUM:
                out.append(error("B205", f"'{op}' compares numbers, not a {kind}", side.span))
    return BOOL


def _expect(expr: n.Expr, scope: Scope, want: str, out: list[Diagnostic]) -> None:
    kind = _infer(expr, scope, out)
    if kind and kind != want:
        out.append(error("B205", f"this is {_a(kind)} where {_a(want)} is needed", expr.span,
                         _conversion_hint(expr, kind, want, scope)))


def _expect_both(left: n.Expr, right: n.Expr, scope: Scope, kind: str, out: list[Diagnostic]) -> str:
    """Checks both operands of an operator that takes and gives ``kind``; returns ``kind``."""
    _expect(left, scope, kind, out)
    _expect(right, scope, kind, out)
    return kind


def _infer_counted(expr: n.Counted, scope: Scope, out: list[Diagnostic]) -> str:
    """Types CARDS.count(PATTERN): a number, of cards matching a pattern; CARDS.sum(PATTERN):
    the sum of their values; and CARDS.run(A | B | ...): how many of the alternatives, from
    the first, the cards hold in unbroken order."""
    kind = _infer(expr.obj, scope, out)
    out.extend(check_pattern(expr.pattern))
    if expr.attr not in ("count", "sum", "run"):
        out.append(error("B202", f"'.{expr.attr}' takes no cards to look for; only '.count', '.sum' and '.run' do",
                         expr.span, "count the matching cards with '.count(PATTERN)', such as floor.count(K) >= 3"))
    elif kind and kind != CARDS:
        out.append(error("B205", f"'.{expr.attr}(...)' counts cards, but this is a {kind}", expr.obj.span,
                         "use 'is' to test one card, such as: played is K"))
    return NUM


def _decimal_comma(call: n.Call) -> str | None:
    """``value(played, J=12,5)``: a decimal written with a comma reads as a second argument."""
    whole = call.keywords[-1].value if call.keywords else None
    rest = call.args[1:]
    if not (isinstance(whole, n.Number) and len(rest) == 1 and isinstance(rest[0], n.Number)):
        return None
    return (f"a decimal is written with a point, not a comma: write {call.keywords[-1].name}="
            f"{number_text(whole.value)}.{expr_text(rest[0])}")


def _infer_call(expr: n.Call, scope: Scope, out: list[Diagnostic]) -> str | None:
    if expr.func == "value":
        if len(expr.args) != 1:
            comma = _decimal_comma(expr)
            out.append(error("B203", "value() takes one card" + (": the comma in a decimal reads as a second one"
                                                                 if comma else ""), expr.span, comma or FUNCTIONS["value"]))
            return NUM
        _expect(expr.args[0], scope, CARD, out)
        for keyword in expr.keywords:
            if C.parse_rank(keyword.name) is None:
                word = C.suggest_card_word(keyword.name)
                out.append(error("B204", f"unknown rank '{keyword.name}'", keyword.span,
                                 f"ranks are written A 2-9 10 J Q K: write {word}={expr_text(keyword.value)}"
                                 if word and C.parse_rank(word) is not None else
                                 did_you_mean(keyword.name, list("AJQKT") + [str(i) for i in range(2, 11)])))
            played = next((node for node in n.walk(keyword.value)
                           if isinstance(node, n.Name) and node.id in PLAY_NAMES), None)
            if played is not None:  # a rank's value is fixed for the game: the compiler works it out once
                out.append(error("B205", f"the value of {keyword.name} cannot depend on the play ('{played.id}')",
                                 played.span, "give a number, or an option: value(played, J=12)"))
                continue
            _expect(keyword.value, scope, NUM, out)
        return NUM
    if expr.func == "splits":
        if len(expr.args) != 3 or expr.keywords:
            given = [expr_text(a) for a in expr.args]
            such = (f"splits({given[0]}, 1, {given[1]})" if len(given) == 2 else "splits(floor, 1, 10)")
            out.append(error("B203", "splits() takes cards, a least number of groups and a most sum"
                             + (": the number of groups is missing" if len(given) == 2 else ""), expr.span,
                             f"write {FUNCTIONS['splits']}, such as '{such}' (the cards split into 1 group or "
                             "more, each adding up to at most the sum)"))
            return BOOL
        _expect(expr.args[0], scope, CARDS, out)
        _expect(expr.args[1], scope, NUM, out)
        _expect(expr.args[2], scope, NUM, out)
        return BOOL
    if expr.func == "groups":
        if len(expr.args) != 2 or expr.keywords:
            out.append(error("B203", "groups() takes cards and the sum of each group", expr.span, FUNCTIONS["groups"]))
            return NUM
        _expect(expr.args[0], scope, CARDS, out)
        _expect(expr.args[1], scope, NUM, out)
        return NUM
    if expr.func == "round_up":
        if len(expr.args) != 2 or expr.keywords:
            out.append(error("B203", "round_up() takes a number and the step it is rounded up to", expr.span,
                             FUNCTIONS["round_up"] + ", such as round_up(taken.count - 14, 2)"))
            return NUM
        _expect(expr.args[0], scope, NUM, out)
        _expect(expr.args[1], scope, NUM, out)
        return NUM
    if expr.func in ("min", "max"):  # a bonus capped (a sur of at most 5), or kept above a floor
        if len(expr.args) < 2 or expr.keywords:
            out.append(error("B203", f"{expr.func}() takes two numbers or more", expr.span,
                             f"{FUNCTIONS[expr.func]}, such as {expr.func}(5, captured.count)"))
        for arg in expr.args:
            _expect(arg, scope, NUM, out)
        return NUM
    out.append(error("B203", f"unknown function '{expr.func}'", expr.span,
                     did_you_mean(expr.func, FUNCTIONS) or "functions: " + ", ".join(FUNCTIONS.values())))
    return None


def check_pattern(pattern: n.Pattern) -> Iterator[Diagnostic]:
    """Yields an error for each word of a pattern that names no card."""
    for word in pattern.include + pattern.exclude:
        if C.pattern_cards(word.text) is None:
            yield unknown_card_word(word)


def unknown_card_word(word: n.Word) -> Diagnostic:
    """Returns the diagnostic for a pattern word that names no card, rank or class; a
    suggestion always names the cards meant (``1D`` is the ace, never ``10D``)."""
    text = word.text
    if text in PLAY_NAMES:  # played is J | cleared
        return error("B204", f"'{text}' is not a card: '|' joins the cards of a list", word.span,
                     f"join two conditions with 'or', such as: played is J or {text}")
    looks_like_card = 2 <= len(text) <= 3 and (text[-1].upper() in C.SUITS or text[-1] in C.SUIT_GLYPHS + C.WHITE_GLYPHS)
    kind = "card" if looks_like_card else "rank"
    digits = text.replace("O", "0").replace("o", "0").replace("l", "1").replace("I", "1")
    if digits != text and C.pattern_cards(digits) is not None:
        return error("B204", f"unknown {kind} '{text}'", word.span,
                     f"a letter stands where a digit belongs: write {digits}")
    fix = C.card_word_fix(text)
    if fix is not None:
        if fix.word is not None:
            kind = "kind of card" if fix.word in C.CLASS_WORDS else "rank" if C.parse_rank(fix.word) is not None else "card"
        return error("B204", f"unknown {kind} '{text}': {fix.reason}", word.span, f"write {fix.advice}")
    close = did_you_mean(text, C.CLASS_WORDS)  # a kind of card misspelled; never a card for another
    return error("B204", f"unknown {'kind of card' if close else kind} '{text}'", word.span, close or C.CARD_NAMING)


def pattern_set(pattern: n.Pattern, deck: frozenset[int] = frozenset(C.FULL_PACK)) -> frozenset[int]:
    """Returns the cards of ``deck`` that a checked pattern matches."""
    include = frozenset().union(*(C.pattern_cards(w.text) for w in pattern.include))
    exclude = frozenset().union(*(C.pattern_cards(w.text) for w in pattern.exclude)) if pattern.exclude else frozenset()
    return (include - exclude) & deck
