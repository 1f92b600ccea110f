"""Parses variant text into the syntax tree of ``nodes``.

Lark (LALR, contextual lexer, positions kept) reads the text; ``ToAst`` turns the parse
tree into frozen nodes, one method per grammar rule; ``syntax_diagnostic`` turns a Lark
error into a diagnostic in card players' words. No checking happens here.
"""

from __future__ import annotations

from dataclasses import replace

from lark import Token, Transformer, v_args
from lark.exceptions import UnexpectedEOF, UnexpectedInput, UnexpectedToken

from ..diagnostics import DiagnosticError, SourceFile, Span, error
from . import nodes as n
from .grammar import lark_parser
from .syntax.limits import tree_problems


def parse(text: str, path: str = "<string>") -> n.Variant:
    """Returns the syntax tree of a variant's text, or raises DiagnosticError."""
    SourceFile(path, text)
    problem = _unreadable(text, path)
    if problem:
        raise DiagnosticError([problem])
    source = text.removeprefix("\ufeff") + "\n"
    try:
        tree = lark_parser().parse(source)
    except UnexpectedInput as exc:
        from .syntax.explain import recover  # only a file with a syntax error needs the explainer
        raise DiagnosticError(recover(exc, source, path, lark_parser(), syntax_diagnostic)) from None
    problems = tree_problems(tree, path)  # too deep or too large for the stages after this
    if problems:
        raise DiagnosticError(problems)
    return ToAst(path).transform(tree)


def _unreadable(text: str, path: str):
    if "\x00" in text:
        return error("B108", "this is a binary file, not a variant", Span(path, 1, 1),
                     "variant files are UTF-8 text ending in .basra")
    if not text.strip():
        return error("B105", "the file is empty", Span(path, 1, 1),
                     "a variant starts with a line such as: variant mygame \"My Game\"")
    return None


def syntax_diagnostic(exc: UnexpectedInput, text: str, path: str):
    """Returns the diagnostic for a Lark syntax error, in card players' words."""
    line, column = max(exc.line, 1), max(exc.column, 1)
    if isinstance(exc, UnexpectedEOF) or (isinstance(exc, UnexpectedToken) and exc.token.type == "$END"):
        lines = text.rstrip("\n").split("\n")  # lines end at "\n" only, as Lark counts them
        line, column = len(lines), len(lines[-1]) + 1
    from .syntax.explain import explain  # only a file with a syntax error needs the explainer
    code, message, hint = explain(exc, text, lark_parser())
    width = 1
    if isinstance(exc, UnexpectedToken) and exc.token.type not in ("$END", "_NL"):
        width = max(len(str(exc.token)), 1)
    return error(code, message, Span(path, line, column, line, column + width), hint)


def _span(path: str, meta) -> Span:
    return Span(path, meta.line, meta.column, meta.end_line, meta.end_column)


def _token_span(path: str, token: Token) -> Span:
    return Span(path, token.line, token.column, token.end_line, token.end_column)


def _unquote(token: Token) -> str:
    return str(token)[1:-1]


def _number(token: Token) -> int | float:
    text = str(token)
    return float(text) if "." in text else int(text)


@v_args(meta=True)
class ToAst(Transformer):
    """Builds nodes from the parse tree; methods are named after grammar rules."""

    def __init__(self, path: str):
        super().__init__()
        self.path = path

    def _s(self, meta) -> Span:
        return _span(self.path, meta)

    def _word(self, token: Token) -> n.Word:
        return n.Word(str(token), span=_token_span(self.path, token))

    # ---- file and header
    def start(self, meta, children):
        header = children[0]
        options = tuple(c for c in children if isinstance(c, n.Option))
        clauses, drops = [], []
        for section in children:
            if isinstance(section, tuple):
                for item in section:
                    (drops if isinstance(item, n.Drop) else clauses).append(item)
        return n.Variant(span=header["span"], name=header["name"], title=header["title"],
                         parent=header["parent"], aliases=header["aliases"],
                         region=header["region"], family=header["family"], sources=header["sources"],
                         about=header["about"], options=options, clauses=tuple(clauses),
                         drops=tuple(drops), path=self.path)

    def header(self, meta, children):
        info = {"name": self._word(children[0]), "title": None, "parent": None,
                "aliases": (), "region": None, "family": None, "sources": (), "about": None,
                "span": _token_span(self.path, children[0])}
        for child in children[1:]:
            if isinstance(child, Token):
                info["title"] = _unquote(child)
            elif isinstance(child, tuple) and child[0] == "extends":
                info["parent"] = child[1]
            elif isinstance(child, tuple) and child[0] == "aliases":
                info["aliases"] += child[1]
            elif isinstance(child, tuple):
                info[child[0]] = child[1]
            elif isinstance(child, n.Source):
                info["sources"] += (child,)
        return info

    def extends(self, meta, children):
        return ("extends", self._word(children[0]))

    def aliases(self, meta, children):
        return ("aliases", tuple(_unquote(c) for c in children))

    def region(self, meta, children):
        return ("region", _unquote(children[0]))

    def family(self, meta, children):
        return ("family", _unquote(children[0]))

    def about(self, meta, children):
        return ("about", _unquote(children[0]))

    def source(self, meta, children):
        parts = dict(children[1:])
        return n.Source(span=self._s(meta), title=_unquote(children[0]),
                        link=parts.get("link"), note=parts.get("note"))

    def source_link(self, meta, children):
        return ("link", _unquote(children[0]))

    def source_note(self, meta, children):
        return ("note", _unquote(children[0]))

    def option(self, meta, children):
        doc = _unquote(children[-1]) if isinstance(children[-1], Token) else None
        values = [c for c in children[1:] if not isinstance(c, Token)]
        return n.Option(span=self._s(meta), name=self._word(children[0]),
                        choices=tuple(values[:-1]), default=values[-1], doc=doc)

    def word(self, meta, children):
        return n.Name(str(children[0]), span=self._s(meta))

    # ---- sections: each returns a tuple of clauses and drops
    def _section(name):
        def build(self, meta, children):
            return tuple(_with_section(c, name) for c in children)
        return build

    setup = _section("setup")
    dealing = _section("dealing")
    capture = _section("capture")
    basra = _section("basra")
    end = _section("end")
    score = _section("score")
    game = _section("game")
    match = _section("match")

    def drop(self, meta, children):
        return n.Drop(span=self._s(meta), section="", name=self._word(children[0]))

    def guard(self, meta, children):
        return ("guard", children[0])

    def _guarded(self, meta, children):
        clause = children[0]
        if len(children) > 1:
            clause = replace(clause, guard=children[1][1])
        return clause

    setup_stmt = end_stmt = score_stmt = game_stmt = match_stmt = _guarded

    # ---- setup
    def _one(kind, field):  # a clause of one value: hand 4, draw 1, first to 101, best of 3
        def build(self, meta, children):
            return kind(span=self._s(meta), **{field: children[0]})
        return build

    hand, redeal_floor, draw = _one(n.Hand, "count"), _one(n.RedealFloor, "count"), _one(n.Draw, "count")
    flip = _one(n.Flip, "count")
    total, target, decider = _one(n.Total, "points"), _one(n.Target, "points"), _one(n.Decider, "points")
    hands_limit, best_of = _one(n.HandsLimit, "count"), _one(n.BestOf, "games")

    def deck(self, meta, children):
        return n.Deck(span=self._s(meta), size=int(children[0]),
                      without=children[1] if len(children) > 1 else ())

    def players(self, meta, children):
        return n.Players(span=self._s(meta), counts=tuple(int(c) for c in children))

    def partners(self, meta, children):
        return n.Partners(span=self._s(meta))

    def floor(self, meta, children):
        return n.FloorKind(span=self._s(meta), kind=str(children[0]))

    def start_floor(self, meta, children):
        return n.StartFloor(span=self._s(meta), count=children[0],
                            bar=children[1] if len(children) > 1 else None)

    def bar(self, meta, children):
        top_only = isinstance(children[0], Token) and children[0].type == "TOP"
        patterns = children[1] if top_only else children[0]
        return n.Bar(span=self._s(meta), top_only=top_only, patterns=patterns,
                     action=str(children[-1]))

    def cut(self, meta, children):
        return n.Cut(span=self._s(meta), patterns=children[0], winner=str(children[1]))

    def _entries(kind):  # a line of value entries: values, played values, floor values
        def build(self, meta, children):
            return kind(span=self._s(meta), entries=tuple(children))
        return build

    card_values, played_values, floor_values = _entries(n.CardValues), _entries(n.PlayedValues), \
        _entries(n.FloorValues)

    def value_entry(self, meta, children):
        return n.ValueEntry(span=self._s(meta), pattern=children[0], value=children[1])

    def suits(self, meta, children):
        return n.Suits(span=self._s(meta), style=str(children[0]))

    def deal(self, meta, children):
        return n.DealMode(span=self._s(meta), mode=str(children[0]))

    def direction(self, meta, children):
        return n.Direction(span=self._s(meta), direction=str(children[0]))

    def lead(self, meta, children):
        return n.Lead(span=self._s(meta), who=str(children[0]))

    def deal_passes(self, meta, children):
        return n.DealPasses(span=self._s(meta), to=str(children[0]))

    # ---- capture and basra
    def capture_rule(self, meta, children):
        title, children = _titled(children)
        total = next((c[1] for c in children[3:] if c[0] == "total"), None)
        guard = next((c[1] for c in children[3:] if c[0] == "guard"), None)
        spared = next((c[1] for c in children[3:] if c[0] == "spared"), None)
        return n.CaptureRule(span=self._s(meta), name=self._word(children[0]), pattern=children[1],
                             takes=str(children[2]), title=title, total=total, guard=guard, spared=spared)

    def spared(self, meta, children):
        return ("spared", children[0])

    def sum_total(self, meta, children):
        return ("total", children[0])

    def build_rule(self, meta, children):
        return self._pattern_rule(n.BuildRule, meta, children)

    def restriction(self, meta, children):
        return self._pattern_rule(n.Restriction, meta, children)

    def _pattern_rule(self, kind, meta, children):
        """A named rule of a card pattern alone (``build: numeral builds``), its guard if any."""
        title, children = _titled(children)
        rule = kind(span=self._s(meta), name=self._word(children[0]), pattern=children[1], title=title)
        return replace(rule, guard=children[2][1]) if len(children) > 2 else rule

    def raising(self, meta, children):
        return self._clause(n.Raising, meta, children, "who")

    def build_kind(self, meta, children):
        return self._clause(n.BuildKind, meta, children, "kind")

    def _flag(kind):  # a clause of keywords alone: pairs first, owner trails, sweeper lays
        def build(self, meta, children):
            return self._clause(kind, meta, children)
        return build

    owner_trails, lay_after_sweep, pairs_first = _flag(n.OwnerTrails), _flag(n.LayAfterSweep), _flag(n.PairsFirst)
    floor_first, win_at_once = _flag(n.FloorFirst), _flag(n.WinAtOnce)

    def stacks(self, meta, children):
        return _guarded(n.Stacks(span=self._s(meta), limit=children[0]), children)

    def choose(self, meta, children):
        return self._clause(n.Choose, meta, children, "policy")

    def run(self, meta, children):
        ranks = tuple(self._word(c) for c in children if not isinstance(c, tuple))
        return _guarded(n.Run(span=self._s(meta), ranks=ranks), children)

    def compulsion(self, meta, children):
        return self._clause(n.Compulsion, meta, children, "mode")

    def _clause(self, kind, meta, children, field: str | None = None):
        """A clause of keywords (``pairs first``) or of chosen words (``choose one``,
        ``compulsory hand``: its ``field``), with its guard if it has one."""
        words = " ".join(str(c) for c in children if not isinstance(c, tuple))
        return _guarded(kind(span=self._s(meta), **({field: words} if field else {})), children)

    # ---- dealing
    def redeal(self, meta, children):
        return n.Redeal(span=self._s(meta), guard=children[0][1])

    def floor_bonus(self, meta, children):
        title, children = _titled(children)
        rule = n.FloorBonus(span=self._s(meta), name=self._word(children[0]), points=children[1],
                            taker=str(children[2]), title=title)
        return replace(rule, guard=children[3][1]) if len(children) > 3 else rule

    def basra_rule(self, meta, children):
        title, children = _titled(children)
        rule = n.BasraRule(span=self._s(meta), name=self._word(children[0]), points=children[1], title=title)
        return replace(rule, guard=children[2][1]) if len(children) > 2 else rule

    def called(self, meta, children):
        return n.Called(span=self._s(meta), title=_unquote(children[0]))

    # ---- end, score, game, match
    def leftover(self, meta, children):
        return n.Leftover(span=self._s(meta), mode=str(children[0]))

    def most(self, meta, children):
        parts = dict(c for c in children if isinstance(c, tuple))  # then_counts, least, prime_values
        children = [c for c in children if not isinstance(c, tuple)]
        tie = str(children[2]) if len(children) > 2 else None
        void = len(children) > 3 and str(children[3]) == "void"
        return n.Most(span=self._s(meta), what=self._word(children[0]), points=children[1], tie=tie,
                      void=void, values=parts.get("values", parts.get("held_values", ())),
                      then=parts.get("then", ()), least=parts.get("least"), held="held_values" in parts)

    def prime_values(self, meta, children):  # "held": the suits held count (held_suits)
        return ("held_values" if "held" in children else "values", tuple(c for c in children if c != "held"))

    held_suits = staticmethod(lambda *_: "held")  # noqa: E731 - the rule's one meaning

    def then_counts(self, meta, children):
        return ("then", tuple(self._word(c) for c in children))

    def least(self, meta, children):
        return ("least", children[0])

    def points(self, meta, children):
        return n.Points(span=self._s(meta), entries=tuple(children))

    def score_rule(self, meta, children):
        title, children = _titled(children)
        rule = n.ScoreRule(span=self._s(meta), name=self._word(children[0]), points=children[1], title=title)
        return replace(rule, guard=children[2][1]) if len(children) > 2 else rule

    def point(self, meta, children):
        return n.PointEntry(span=self._s(meta), pattern=children[0], points=children[1])

    def countback(self, meta, children):
        return n.Countback(span=self._s(meta), words=tuple(self._word(c) for c in children))

    def game_tie(self, meta, children):
        return n.GameTie(span=self._s(meta), policy=str(children[0]), amount=(children[1:] or [None])[0])

    def lurch(self, meta, children):
        return n.Lurch(span=self._s(meta), games=children[0], below=children[1])

    # ---- patterns
    def pattern_list(self, meta, children):
        return tuple(children)

    def pattern(self, meta, children):
        return n.Pattern(span=self._s(meta), include=children[0], exclude=(children[1:] or [()])[0])

    def pattern_alt(self, meta, children):
        return tuple(self._word(c) for c in children)

    # ---- expressions
    def number(self, meta, children):
        return n.Number(_number(children[0]), span=self._s(meta))

    def true(self, meta, children):
        return n.Bool(True, span=self._s(meta))

    def false(self, meta, children):
        return n.Bool(False, span=self._s(meta))

    def name(self, meta, children):
        return n.Name(str(children[0]), span=self._s(meta))

    def attribute(self, meta, children):
        return n.Attribute(children[0], str(children[1]), span=self._s(meta))

    def counted(self, meta, children):
        return n.Counted(children[0], str(children[1]), children[2], span=self._s(meta))

    def call(self, meta, children):
        args = tuple(c for c in children[1:] if not isinstance(c, n.Keyword))
        keywords = tuple(c for c in children[1:] if isinstance(c, n.Keyword))
        return n.Call(str(children[0]), args, keywords, span=self._s(meta))

    def keyword(self, meta, children):
        return n.Keyword(str(children[0]), children[1], span=self._s(meta))

    def neg(self, meta, children):
        return n.Negate(children[0], span=self._s(meta))

    def binary(self, meta, children):
        return n.Binary(str(children[1]), children[0], children[2], span=self._s(meta))

    def compare(self, meta, children):
        return n.Compare(str(children[1]), children[0], children[2], span=self._s(meta))

    def _binary(kind, op):  # a test of a pattern (is, has ...) or a joint of conditions (and, or)
        def build(self, meta, children):
            return kind(op, children[0], children[1], span=self._s(meta))
        return build

    is_, is_not, has, only = _binary(n.Test, "is"), _binary(n.Test, "is not"), _binary(n.Test, "has"), \
        _binary(n.Test, "only")
    and_, or_ = _binary(n.BoolOp, "and"), _binary(n.BoolOp, "or")

    def not_(self, meta, children):
        return n.Not(children[0], span=self._s(meta))


def _titled(children: list) -> tuple[str | None, list]:
    """Returns a named rule's title (the string after its name, None when it has none) and
    its children without it."""
    if len(children) > 1 and isinstance(children[1], Token) and children[1].type == "STRING":
        return _unquote(children[1]), [children[0]] + list(children[2:])
    return None, list(children)


def _guarded(clause, children):
    """The clause with the guard among its children (a ("guard", expr) pair), if any."""
    guards = [c[1] for c in children if isinstance(c, tuple)]
    return replace(clause, guard=guards[0]) if guards else clause


def _with_section(item, section: str):
    return replace(item, section=section) if isinstance(item, n.Drop) else item
