"""A Pygments lexer for variant files, registered as ``basra`` (entry point pygments.lexers)."""

from __future__ import annotations

from pygments.lexer import RegexLexer, bygroups, words
from pygments.token import Comment, Error, Keyword, Name, Number, Operator, Punctuation, String, Whitespace

from .nodes import SECTIONS

KEYWORDS = ("variant", "extends", "aliases", "region", "family", "source", "link", "note", "about", "option",
            "deck", "without", "players", "partners", "hand", "floor", "start", "redeal", "deal", "dealing",
            "direction", "lead", "passes", "cut", "values", "played", "pairs", "takes", "builds", "raise", "owner", "trails", "choose", "called", "leftover", "most", "tie", "points", "total",
            "first", "to", "best", "of", "decider", "drop", "when", "top", "hands", "countback", "suits", "then", "at",
            "least", "but", "held", "barred", "win", "once", "lurch", "below", "run", "flip", "stacks", "sweeper", "lays")
WORDS = ("spread", "stack", "batches", "singly", "clockwise", "anticlockwise", "bury", "bottom",
         "rank", "sums", "all", "largest", "one", "others", "single", "multiple", "compulsory", "optional", "last", "nobody",
         "carry", "each", "split", "void", "dealer", "next", "holder", "declarer", "previous", "never", "replay", "draw", "extend", "yes", "no",
         "french", "italian", "spanish", "fewest", "pile", "pair")
OPERATORS = ("and", "or", "not", "is", "has", "only", "except")
CARD = r"(?:10|[2-9AJQKT])[CDHS\u2663\u2666\u2665\u2660]\b|(?:10|[2-9AJQKT])[\u2663\u2666\u2665\u2660]"
CARD_CLASS = r"\b(?:numeral|picture|any|[AJQKT])\b"  # the kinds of card (and ranks) a pattern names


class BasraLexer(RegexLexer):
    """Highlights the basra variant language."""

    name = "Basra"
    aliases = ["basra"]
    filenames = ["*.basra"]
    mimetypes = ["text/x-basra"]

    tokens = {
        "root": [
            (r"\n", Whitespace),
            (r"[ \t]+", Whitespace),
            (r"#.*$", Comment.Single),
            (r'"[^"\n]*"', String.Double),
            (r"\bwhen\b", Keyword, "condition"),
            (words(SECTIONS, suffix=r"(?=\s*:)"), Keyword.Namespace),
            (r"([A-Za-z_][A-Za-z0-9_]*)(\s*)(:)", bygroups(Name.Label, Whitespace, Punctuation)),
            # a named rule with its title: pair "Pairing": any takes rank
            (r'([A-Za-z_][A-Za-z0-9_]*)([ \t]+)("[^"\n]*")([ \t]*)(:)',
             bygroups(Name.Label, Whitespace, String.Double, Whitespace, Punctuation)),
            # the rule a child drops is a name, whatever its word ('drop pair')
            (r"(drop)([ \t]+)([A-Za-z_][A-Za-z0-9_]*)", bygroups(Keyword, Whitespace, Name)),
            # an attribute is a name, whatever its word (Cirulla's taken.run(...): 'run' is a clause too)
            (r"(\.)([A-Za-z_][A-Za-z0-9_]*)", bygroups(Punctuation, Name)),
            (words(KEYWORDS, suffix=r"\b"), Keyword),
            (words(OPERATORS, suffix=r"\b"), Operator.Word),
            (words(WORDS, suffix=r"\b"), Keyword.Constant),
            (CARD, Name.Constant),
            (CARD_CLASS, Name.Constant),
            (r"[0-9]+(?:\.[0-9]+)?", Number),
            (r"==|!=|<=|>=|[<>+\-*/=|]", Operator),
            (r"[(),.:]", Punctuation),
            (r"\\[ \t]*(?=\r?\n)", Punctuation),  # a line continues on the next
            (r"\r", Whitespace),
            (r"[A-Za-z_][A-Za-z0-9_]*(?:-[A-Za-z0-9_]+)*", Name),
            (r".", Error),  # nothing else belongs in a variant file
        ],
        # after 'when', to the end of the line (a line ending in '\\' goes on): a condition,
        # whose words are names of the play (floor, played, last) rather than clause keywords
        "condition": [
            (r"\\[ \t]*\n", Punctuation),
            (r"\n", Whitespace, "#pop"),
            (r"[ \t]+", Whitespace),
            (r"#.*$", Comment.Single),
            (words(OPERATORS, suffix=r"\b"), Operator.Word),
            (words(("yes", "no"), suffix=r"\b"), Keyword.Constant),
            (CARD, Name.Constant),
            (CARD_CLASS, Name.Constant),
            (r"[0-9]+(?:\.[0-9]+)?", Number),
            (r"==|!=|<=|>=|[<>+\-*/=|]", Operator),
            (r"[(),.]", Punctuation),
            (r"\r", Whitespace),
            (r"[A-Za-z_][A-Za-z0-9_]*", Name.Variable),
            (r".", Error),
        ],
    }
