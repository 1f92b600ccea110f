"""Turns variant-language patterns and expressions into plain English (Markdown).

Every function here is total: whatever a checked expression holds, it returns some
readable text. Common shapes get natural phrasing (``played is 7D and floor only numeral
and floor.sum <= 10`` reads "the seven of diamonds takes a floor of numerals only, adding
up to 10 or less"); anything else falls back to a word-for-word reading that still says
everything the expression says.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ... import cards as C
from ...language import nodes as n
from ...language.expressions import PLAY_NAMES
from ...language.unparse import number_text
from ..text import naming

from .phrases import (SUIT_WORDS, article, capitalise, count_of, counted_word, join, majority_phrase,  # noqa: F401
                      pattern_phrase, plural, rank_name, word_phrase)


def option_link(name: str, ctx: "Context | None" = None) -> str:
    # shown as words ("jack on jack") for a reader; the link leads to its row in the Options table
    return f"[*{name.replace('_', ' ')}*]({ctx.page if ctx is not None else ''}#option-{name})"


# ------------------------------------------------------------------ numbers and nouns

PLAY_NOUNS = {"played": "the card played", "floor": "the floor", "captured": "the cards taken",
              "left": "the cards left on the floor", "previous": "the previous play",
              "cleared": "clearing the floor", "trailed": "trailing", "last": "the hand's last play",
              "last_deal": "the hand's last round", "stock": "the number of cards still to be dealt",
              "opening": "the hand's first play", "taken": "the side's pile", "hand": "the player's hand"}
NOT_SAID = {"cleared": "the play does not clear the floor", "trailed": "the card takes something",
            "last": "it is not the last play of the hand", "last_deal": "it comes before the last round of the hand"}
NAME_CLAUSES = {"cleared": "the play clears the floor", "trailed": "the card is trailed",
                "last": "it is the last play of the hand", "last_deal": "it is in the last round of the hand",
                "opening": "it is the first play of the hand"}
PREVIOUS_NOUNS = {"played": "the card played just before", "floor": "the floor before the previous play",
                  "captured": "the cards the previous play took", "left": "the floor the previous play left"}


@dataclass
class Context:
    """What the reader knows: option names (linked) and the option defaults (shown)."""

    options: dict = field(default_factory=dict)  # name -> default value
    page: str = ""  # the page the options are described on ("" for this page)
    choices: dict = field(default_factory=dict)  # name -> every value the option allows (when known)
    played_as: bool = False  # some card is played as a value of its own (played values): say "played as"
    nouns: dict = field(default_factory=dict)  # names said otherwise here ("hand": "your hand"), over PLAY_NOUNS

    def is_option(self, name: str) -> bool:
        return name in self.options


def _named_cards(pattern: n.Pattern) -> bool:
    """Whether a pattern names two or more single cards and nothing else (AS | JS | 2S)."""
    return (len(pattern.include) > 1 and not pattern.exclude
            and all(C.parse_card(w.text) is not None for w in pattern.include))


def uses_play(expr: n.Node) -> bool:
    """Returns whether an expression mentions the play, or cards dealt or taken (rather than options only)."""
    return any(isinstance(node, n.Name) and (node.id in PLAY_NAMES or node.id in ("hand", "taken", "opening"))
               for node in n.walk(expr))


def noun(expr: n.Expr, ctx: Context) -> str:
    """Returns a noun phrase for a value: a number, a card, a set of cards."""
    match expr:
        case n.Number(value=v):
            return number_text(v)
        case n.Bool(value=v):
            return "yes" if v else "no"
        case n.Name(id="players"):
            return "the number of players"
        case n.Name(id=name) if name in ctx.nouns or name in PLAY_NOUNS:
            return ctx.nouns.get(name) or PLAY_NOUNS[name]
        case n.Name(id=name) if ctx.is_option(name):
            return f"the {option_link(name, ctx)} option"
        case n.Name(id=name):
            return f"*{name}*"
        case n.Attribute(obj=n.Name(id="previous"), attr=attr) if attr in PREVIOUS_NOUNS:
            return PREVIOUS_NOUNS[attr]
        case n.Attribute(obj=obj, attr="count"):
            if isinstance(obj, n.Name) and obj.id == "floor":
                return "the number of cards on the floor"
            return f"the number of cards in {noun(obj, ctx)}"
        case n.Counted(obj=obj, attr="run", pattern=p):
            return f"the length of the unbroken run ({naming.run_order([w.text for w in p.include])}) in {noun(obj, ctx)}"
        case n.Counted(obj=obj, attr="count", pattern=p) if _named_cards(p):  # "how many of the ace and two of spades"
            return f"how many of {pattern_phrase(p, conj='and')} {noun(obj, ctx)} holds"
        case n.Counted(obj=obj, attr=attr, pattern=p):  # count, sum
            return f"the {'total value of the' if attr == 'sum' else 'number of'} {pattern_phrase(p, 'pl')} in {noun(obj, ctx)}"
        case n.Attribute(obj=obj, attr="ranks"):
            return f"the number of different ranks in {noun(obj, ctx)}"
        case n.Attribute(obj=obj, attr="sum"):
            return f"the total value of {noun(obj, ctx)}"
        case n.Attribute(obj=obj, attr="lone"):
            return f"the single card of {noun(obj, ctx)}"
        case n.Attribute(obj=obj, attr="top"):
            return f"the top card of {noun(obj, ctx)}"
        case n.Attribute(obj=n.Name(id="played"), attr="value") if ctx.played_as:
            return "the value the card was played as"
        case n.Attribute(obj=obj, attr="value"):
            return f"the value of {noun(obj, ctx)}"
        case n.Attribute(obj=obj, attr="rank"):
            return f"the rank of {noun(obj, ctx)}"
        case n.Attribute(obj=obj, attr=attr):
            return f"the {attr.replace('_', ' ')} of {noun(obj, ctx)}"
        case n.Call(func="value", args=(card,), keywords=keywords):
            text = f"the value of {noun(card, ctx)}"
            if keywords:
                groups: dict[str, list[str]] = {}
                for k in keywords:
                    rank = C.parse_rank(k.name)
                    who = article(rank_name(rank)) if rank is not None else k.name
                    groups.setdefault(noun(k.value, ctx), []).append(who)
                parts = [f"{join(who)} as {value}" + (" each" if len(who) > 1 else "")
                         for value, who in groups.items()]
                text += f" (counting {join(parts)})"
            return text
        case n.Call(func="groups", args=(cards, total)):
            return f"the number of groups adding up to {noun(total, ctx)} that {noun(cards, ctx)} {'split' if _plural_subject(cards) else 'splits'} into"
        case n.Call(func="round_up", args=(number, step)):
            even = isinstance(step, n.Number) and step.value == 2
            return f"{noun(number, ctx)}, rounded up to " + ("an even number" if even else f"a multiple of {noun(step, ctx)}")
        case n.Call(func="min" | "max" as func, args=args):  # the smaller of two, the largest of three
            return f"the {'small' if func == 'min' else 'larg'}{'er' if len(args) == 2 else 'est'} of {join([noun(a, ctx) for a in args])}"
        case n.Call(func=func, args=args):
            return f"{func}({', '.join(noun(a, ctx) for a in args)})"
        case n.Negate(operand=operand):
            return f"minus {noun(operand, ctx)}"
        case n.Binary(op="*", left=n.Number(value=2), right=right):
            return f"twice {noun(right, ctx)}"
        case n.Binary(op="*", left=left, right=n.Number(value=2)):
            return f"twice {noun(left, ctx)}"
        case n.Binary(op=op, left=left, right=right):
            word = {"+": "plus", "-": "minus", "*": "times", "/": "divided by"}[op]
            return f"{noun(left, ctx)} {word} {noun(right, ctx)}"
    return say(expr, ctx)


def amount(expr: n.Expr, ctx: Context, unit: str = "") -> str:
    """Returns a quantity: ``10 points``, or an expression with its default value."""
    if isinstance(expr, n.Number):
        value = number_text(expr.value)
        return f"{value} {unit if expr.value == 1 else plural(unit)}".strip() if unit else value
    if isinstance(expr, n.Name) and ctx.is_option(expr.id) and isinstance(ctx.options[expr.id], (int, float)) \
            and not isinstance(ctx.options[expr.id], bool):
        value = ctx.options[expr.id]
        shown = f"{number_text(value)} {unit if value == 1 else plural(unit)}".strip() if unit else number_text(value)
        others = [number_text(v) for v in ctx.choices.get(expr.id, ()) if v != value]
        if others:  # the other values show at once that the number can change
            return f"{shown} (or {join(others, 'or')}: the {option_link(expr.id, ctx)} option)"
        return f"{shown} (set by the {option_link(expr.id, ctx)} option)"
    text = noun(expr, ctx)
    if unit:
        text = f"{plural(unit)} equal to {text}" if uses_play(expr) else f"{text} in {plural(unit)}"
    return text


# ------------------------------------------------------------------ comparisons

_NUM_OPS = {"==": "is", "!=": "is not", "<": "is less than", "<=": "is at most",
            ">": "is more than", ">=": "is at least"}


def bound(op: str, rhs: str, more: str = "more", less: str = "less") -> str:
    """Returns ``10 or less``-style wording for a comparison with its right-hand side."""
    return {"==": f"exactly {rhs}", "!=": f"anything but {rhs}", "<": f"{less} than {rhs}",
            "<=": f"{rhs} or {less}", ">": f"{more} than {rhs}", ">=": f"{rhs} or {more}"}[op]


def count_phrase(op: str, rhs: n.Expr, ctx: Context) -> str:
    if isinstance(rhs, n.Number) and op == "==":
        return "a single card" if rhs.value == 1 else f"exactly {number_text(rhs.value)} cards"
    return f"{bound(op, noun(rhs, ctx), 'more', 'fewer')} cards"


def compare(expr: n.Compare, ctx: Context) -> str:
    op, left, right = expr.op, expr.left, expr.right
    if isinstance(left, n.Name) and left.id == "players" and isinstance(right, n.Number):
        count = number_text(right.value)
        return f"there are {count if op == '==' else bound(op, count, 'more', 'fewer')} players"
    if isinstance(left, n.Name) and ctx.is_option(left.id) and isinstance(right, n.Name) and not ctx.is_option(right.id) \
            and right.id not in PLAY_NAMES and op in ("==", "!="):
        return f"the table {'chooses' if op == '==' else 'does not choose'} *{right.id}* for {option_link(left.id, ctx)}"
    if isinstance(left, n.Attribute) and left.attr == "count":
        counted = count_phrase("==" if op == "!=" else op, right, ctx)  # "!=": "does not hold a single card"
        verb = "does not " if op == "!=" else ""
        if isinstance(left.obj, n.Name) and left.obj.id == "captured":
            return f"the play {verb}{'take' if verb else 'takes'} {counted}"
        if isinstance(left.obj, n.Name) and left.obj.id == "left":
            return f"the play {verb}{'leave' if verb else 'leaves'} {counted} on the floor"
        return f"{noun(left.obj, ctx)} {verb}{'hold' if verb else 'holds'} {counted}"
    if isinstance(left, n.Call) and left.func == "groups" and op == "==" and len(left.args) == 2:
        verb = "split" if _plural_subject(left.args[0]) else "splits"
        return (f"{noun(left.args[0], ctx)} {verb} into {noun(right, ctx)} groups each adding up to "
                f"{noun(left.args[1], ctx)}")
    if isinstance(left, n.Attribute) and left.attr == "ranks" and isinstance(right, n.Attribute) and \
            right.attr == "count" and left.obj == right.obj and op == "<":
        return f"two cards of {noun(left.obj, ctx)} have the same rank"
    if isinstance(left, n.Counted) and left.attr == "run" and op == "==" and \
            right == n.Number(len(left.pattern.include), span=right.span):
        return f"{noun(left.obj, ctx)} holds {pattern_phrase(left.pattern, 'a', 'and')}"
    if isinstance(left, n.Counted) and op == "==" and right == n.Number(0, span=right.span):
        return f"{noun(left.obj, ctx)} holds no {pattern_phrase(left.pattern, 'pl')}"
    if isinstance(left, n.Attribute) and left.attr == "ranks" and op == "==" and isinstance(right, n.Number) \
            and right.value in (1, 2):
        return (f"the cards of {noun(left.obj, ctx)} are all of one rank" if right.value == 1 else
                f"the cards of {noun(left.obj, ctx)} are of exactly two ranks")
    if isinstance(left, n.Counted) and op == "==" and right == n.Number(1, span=right.span):
        return f"{noun(left.obj, ctx)} holds exactly one {pattern_phrase(left.pattern, 'bare')}"
    if isinstance(left, n.Counted):
        many = "exactly " + noun(right, ctx) if op == "==" else bound(op, noun(right, ctx), "more", "fewer")
        return f"{noun(left.obj, ctx)} holds {many} {pattern_phrase(left.pattern, 'pl')}"
    if op == "==" and isinstance(left, n.Attribute) and left.attr == "value" and isinstance(right, n.Attribute) \
            and right.attr == "sum":
        return f"{noun(left.obj, ctx)} is worth the total of {noun(right.obj, ctx)}"
    if isinstance(left, n.Attribute) and left.attr == "sum":
        verb = "add" if _plural_subject(left.obj) else "adds"
        return f"{noun(left.obj, ctx)} {verb} up to {bound(op, noun(right, ctx))}"
    if isinstance(left, n.Attribute) and left.attr == "rank" and op in ("==", "!="):
        same = "the same rank as" if op == "==" else "a different rank from"
        other = right.obj if isinstance(right, n.Attribute) and right.attr == "rank" else right
        return f"{noun(left.obj, ctx)} has {same} {noun(other, ctx)}"
    return f"{noun(left, ctx)} {_NUM_OPS[op]} {noun(right, ctx)}"


# ------------------------------------------------------------------ conditions

def say(expr: n.Expr, ctx: Context) -> str:
    """Returns a yes/no expression as an English clause (no capital, no full stop)."""
    match expr:
        case n.Bool(value=v):
            return "always" if v else "never"
        case n.Name(id=name) if name in NAME_CLAUSES:
            return NAME_CLAUSES[name]
        case n.Name(id=name) if ctx.is_option(name):
            return f"the table plays with {option_link(name, ctx)}"
        case n.Name(id=name):
            return f"*{name}* holds"
        case n.Attribute(obj=n.Name(id="previous"), attr="trailed"):
            return "the previous play was a trail"
        case n.Attribute(obj=n.Name(id="previous"), attr="cleared"):
            return "the previous play cleared the floor"
        case n.Attribute(obj=obj, attr="empty"):
            return f"{noun(obj, ctx)} is empty"
        case n.Compare():
            return compare(expr, ctx)
        case n.Test(op="is", subject=n.Attribute(obj=obj, attr="lone"), pattern=p):
            return f"{noun(obj, ctx)} is a lone {pattern_phrase(p, 'bare')}"
        case n.Test(op="is not", subject=n.Attribute(obj=obj, attr="lone"), pattern=p):
            return f"{noun(obj, ctx)} is not a lone {pattern_phrase(p, 'bare')}"
        case n.Test(op="is", subject=subject, pattern=p):
            return f"{noun(subject, ctx)} is {pattern_phrase(p)}"
        case n.Test(op="is not", subject=subject, pattern=p):
            return f"{noun(subject, ctx)} is not {pattern_phrase(p)}"
        case n.Test(op="has", subject=subject, pattern=p):
            return f"{holds(subject, ctx)} {pattern_phrase(p)}"
        case n.Test(op="only", subject=subject, pattern=p):
            return f"{holds(subject, ctx, True)} {pattern_phrase(p, 'pl')}"
        case n.Call(func="splits", args=(cards, least, most)):
            return f"{holds(cards, ctx, True)} numerals that {splits_phrase(least, most, ctx)}"
        case n.Not(operand=n.Name(id=name)) if name in NOT_SAID:
            return NOT_SAID[name]
        case n.Not(operand=n.Name(id=name)) if ctx.is_option(name):
            return f"the table plays without {option_link(name, ctx)}"
        case n.Not(operand=n.Test(op="has", subject=subject, pattern=p)):
            verb = "include" if _plural_subject(subject) else "holds"
            return f"{noun(subject, ctx)} {verb} no {pattern_phrase(p, 'pl')}"
        case n.Not(operand=n.BoolOp(op="and") as inner):
            return not_both(inner, ctx)
        case n.Not(operand=operand):
            return f"it is not the case that {say(operand, ctx)}"
        case n.BoolOp(op="and") if _range(expr):
            low, high = noun(expr.left.right, ctx), noun(expr.right.right, ctx)
            subject = expr.left.left
            if isinstance(subject, n.Attribute) and subject.attr == "sum":
                return f"{noun(subject.obj, ctx)} adds up to between {low} and {high}"
            return f"{noun(subject, ctx)} is between {low} and {high}"
        case n.BoolOp(op="and"):
            return join([say(c, ctx) for c in conjuncts(expr)])
        case n.BoolOp(op="or"):
            return either([say(d, ctx) for d in disjuncts(expr)])
    return noun(expr, ctx)


def either(parts: list[str]) -> str:
    """Returns ``either a, or b, or c`` (commas keep an ``and`` inside a part unambiguous)."""
    if len(parts) == 2 and not any(" and " in p for p in parts):
        return f"either {parts[0]} or {parts[1]}"
    return "either " + ", or ".join(parts)


def _plural_subject(expr: n.Expr) -> bool:
    return isinstance(expr, n.Name) and expr.id in ("captured", "left") or \
        isinstance(expr, n.Attribute) and expr.attr in ("captured", "left")


def holds(expr: n.Expr, ctx: Context, only: bool = False) -> str:
    """Returns "the floor holds" / "the cards taken include" (``only``: "holds only" / "are all")."""
    if _plural_subject(expr):
        return f"{noun(expr, ctx)} {'are all' if only else 'include'}"
    return f"{noun(expr, ctx)} {'holds only' if only else 'holds'}"


def splits_phrase(least: n.Expr, most: n.Expr, ctx: Context) -> str:
    """Returns what ``splits`` asks of numerals (it holds for numerals only), after "numerals that"."""
    if isinstance(least, n.Number) and least.value <= 1:
        return f"split into groups with the same total of {noun(most, ctx)} or less"
    return f"split into {noun(least, ctx)} or more groups with the same total of {noun(most, ctx)} or less"


def not_both(expr: n.BoolOp, ctx: Context) -> str:
    """Returns ``not (A and B)`` in words: "the card played is not the seven of diamonds when
    the table plays with *seven_sweeps*" when it names a card for some options, else each
    part denied ("either A fails or B fails"), else word for word."""
    parts = conjuncts(expr)
    tables = [p for p in parts if not uses_play(p)]
    plays = [p for p in parts if uses_play(p)]
    denied = [negated(p) for p in plays]
    if tables and len(plays) == 1 and denied[0] is not None:
        return f"{say(denied[0], ctx)} when {join([say(t, ctx) for t in tables])}"
    every = [negated(p) for p in parts]
    if all(d is not None for d in every):
        return either([say(d, ctx) for d in every])
    return f"it is not the case that both {say(expr, ctx)}"


def negated(expr: n.Expr) -> n.Expr | None:
    """Returns a condition's denial in a shape said plainly, or None for a shape that has none."""
    flipped = {"is": "is not", "is not": "is", "==": "!=", "!=": "==", "<": ">=", ">=": "<", ">": "<=", "<=": ">"}
    match expr:
        case n.Test(op=op) if op in ("is", "is not"):
            return n.Test(span=expr.span, op=flipped[op], subject=expr.subject, pattern=expr.pattern)
        case n.Compare(op=op):
            return n.Compare(span=expr.span, op=flipped[op], left=expr.left, right=expr.right)
        case n.Not(operand=operand):
            return operand
        case n.Name() | n.Test(op="has"):
            return n.Not(span=expr.span, operand=expr)
    return None


def conjuncts(expr: n.Expr) -> list[n.Expr]:
    """The parts an "and" joins; a lower and an upper bound on one number stay together, to
    be said as a range."""
    if isinstance(expr, n.BoolOp) and expr.op == "and":
        if _range(expr):
            return [expr]
        parts = conjuncts(expr.left) + conjuncts(expr.right)
        for i in range(len(parts) - 1):
            pair = n.BoolOp("and", parts[i], parts[i + 1], span=parts[i].span)
            if _range(pair):
                return parts[:i] + [pair] + parts[i + 2:]
        return parts
    return [expr]


def _range(expr: n.Expr) -> bool:
    """Whether an "and" bounds one number from below and above: ``x >= 12 and x <= 21``."""
    return isinstance(expr, n.BoolOp) and expr.op == "and" and isinstance(expr.left, n.Compare) and \
        isinstance(expr.right, n.Compare) and (expr.left.op, expr.right.op) == (">=", "<=") and \
        expr.left.left == expr.right.left


def disjuncts(expr: n.Expr) -> list[n.Expr]:
    if isinstance(expr, n.BoolOp) and expr.op == "or":
        return disjuncts(expr.left) + disjuncts(expr.right)
    return [expr]


def say_conjuncts(expr: n.Expr, ctx: Context) -> list[str]:
    """The parts an "and" joins, each as a clause; tests of what one set of cards holds, one
    after another, are said once: "the side's pile holds the king, the queen and the jack"."""
    said: list[str] = []
    held: list[n.Test] = []

    def flush() -> None:
        if held:
            said.append(f"{holds(held[0].subject, ctx)} {join([pattern_phrase(t.pattern) for t in held])}")
            held.clear()

    for part in conjuncts(expr):
        has = isinstance(part, n.Test) and part.op == "has"
        if held and not (has and part.subject == held[0].subject):
            flush()
        if has:
            held.append(part)
        else:
            said.append(say(part, ctx))
    flush()
    return said
