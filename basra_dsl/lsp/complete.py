"""What the editor offers to complete the word under the cursor.

The grammar decides what may come next: the line up to the word, behind a variant line and
the header of the section it stands in, is fed to Lark's interactive parser, and the
terminals it accepts become suggestions (keywords as written; a pattern as the cards of the
deck; a name as what the clause's scope may read). Only the cursor's own line is parsed, so
suggestions keep coming while other lines of the file are wrong.

A suggestion's ``doc`` is Markdown and its ``detail`` plain text: text from a file goes into
them through ``shown`` (an option's description, the parent's line, the option's choices).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

from lark.exceptions import LarkError

from .. import cards as C
from ..diagnostics import DiagnosticError, SourceFile
from ..language import expressions as X
from ..language import nodes as n
from ..language.grammar import lark_parser
from ..language.loader import load_text
from ..language.merge import Merged
from ..language.syntax.words import terminal_words
from ..language.unparse import expr_text
from ..resources import bundled_variants
from .cursor import SECTION_START, Cursor, cursor_at, logical_line, parent_of, section_of
from .hover import deck_of
from .shown import code_block, one_line, text

HEAD = 'variant x "X"\n'
CHAIN = re.compile(r"([A-Za-z_]\w*(?:\.[A-Za-z_]\w*)*)\.$")  # floor. / previous.captured.
COMPARED = re.compile(r"([A-Za-z_]\w*)\s*(?:==|!=)\s*$")  # an option compared with one of its choices
NAMED_RULE = re.compile(r"\s*\w+\s*(\"[^\"\n]*\"\s*)?:")
OPTION_LINE = re.compile(r'^option\s+(\w+)\s*:\s*([^=\n]*?)\s*=[^"\n]*(?:"([^"\n]*)")?', re.MULTILINE)


@dataclass(frozen=True)
class Suggestion:
    """One completion: what is inserted, what kind of thing it is, and a word on it."""

    label: str
    kind: str  # keyword, section, name, option, choice, attribute, pattern, rule, variant, function
    detail: str = ""  # plain text
    doc: str = ""  # Markdown
    insert: str | None = None
    order: int = 5  # smaller comes first


def suggestions(text: str, path: str, line: int, column: int) -> list[Suggestion]:
    """Returns what may be written at a position (line and column from 1), each word once."""
    kept: dict[str, Suggestion] = {}
    for found in _suggestions(text, path, line, column):
        if found.label not in kept or found.order < kept[found.label].order:
            kept[found.label] = found
    return sorted(kept.values(), key=lambda s: s.order)


def _suggestions(text: str, path: str, line: int, column: int) -> list[Suggestion]:
    context = _Context(text, path, cursor_at(text, line, column))
    before = context.before
    if not context.indented:
        return context.top_level()
    chain = CHAIN.search(before)
    if chain:
        return context.attributes(chain.group(1))
    if before.rstrip().endswith("."):
        return []  # an attribute of a number (floor.count(J).): there is none
    words = re.fullmatch(r"\s*(?:.*\b)?(most|then|countback)\s+(.*,\s*)?", before)
    if words:
        return context.counted(words.group(1))
    return context.from_grammar()


class _Context:
    """What the suggestions at one cursor draw on: its section, the variant, its parent."""

    def __init__(self, text: str, path: str, cursor: Cursor):
        self.text, self.path, self.cursor = text, path, cursor
        self.before, self.indented = logical_line(text, cursor)
        self.section = section_of(text, cursor.line) if self.indented else None
        self._merged: Merged | None | bool = False

    @property
    def merged(self) -> Merged | None:
        """The variant as it stands, or its parent when it does not load (None without one)."""
        if self._merged is False:
            try:
                self._merged = load_text(self.text, self.path).merged
            except DiagnosticError:
                self._merged = self.parent
        return self._merged  # type: ignore[return-value]

    @property
    def parent(self) -> Merged | None:
        return parent_of(self.text, self.path)

    def top_level(self) -> list[Suggestion]:
        """A line at the margin: the variant line first, then what may follow the lines above
        (header lines, options, sections: in that order, as the grammar has them)."""
        above = self.text.split("\n")[:self.cursor.line - 1]
        if not any(row.startswith("variant") for row in above):
            if re.match(r"variant\s+[\w-]+(\s+\"[^\"\n]*\")?\s+$", self.before):
                return [Suggestion("extends", "keyword", "the variant this one changes")]
            if re.match(r"variant\b.*\bextends\s+$", self.before):
                return self.variants()
            return [Suggestion("variant", "keyword", "the variant's name and title", insert='variant ')] \
                if not self.before.strip() else []
        if any(SECTION_START.match(row) for row in above):  # after a section, only sections
            return [s for s in self.from_grammar(HEAD + "setup:\n") if s.kind == "section"]
        if any(row.startswith("option") for row in above):
            stage = "option o: 1 = 1\n"  # after an option, options and sections
        else:
            stage = ""
        return self.from_grammar(HEAD + stage)

    def from_grammar(self, head: str | None = None) -> list[Suggestion]:
        prefix = (head if head is not None else HEAD + (f"{self.section}:\n" if self.section else "")) + self.before
        try:
            state = lark_parser().parse_interactive(prefix)
            state.exhaust_lexer()
            accepted = state.accepts()
        except LarkError:
            return []  # the line does not read up to the cursor: nothing sure to offer
        found: list[Suggestion] = []
        for terminal in sorted(accepted):
            found += self.keywords(terminal_words(lark_parser(), terminal))
        if "PATTERN" in accepted:
            found += self.patterns()
        if "NAME" in accepted:
            found += self.names()
        return found

    def keywords(self, words: list[str]) -> list[Suggestion]:
        if self.indented:
            return [Suggestion(w, "keyword") for w in words if w not in n.SECTIONS]
        return [Suggestion(w, "section", insert=f"{w}:") if w in n.SECTIONS else Suggestion(w, "keyword")
                for w in words]

    def names(self) -> list[Suggestion]:
        before = self.before
        if not self.indented:
            return []  # a new option's name: nothing to offer
        if re.fullmatch(r"\s*drop\s+", before):
            return self.inherited(dropping=True)
        if not before.strip():
            return self.inherited(dropping=False)
        if re.search(r"\bto\s+$", before):  # who takes a first floor: a word option may say
            return [_option(name, choices, doc) for name, (choices, doc) in self.options().items()
                    if all(c.isidentifier() and c not in ("yes", "no") for c in choices)]
        return self.choices(before) + self.scope_names()

    def counted(self, after: str) -> list[Suggestion]:
        """What is counted after 'most' (or 'prime'), 'then', or a countback (or 'bonuses'):
        cards, a suit, or ranks this deck holds."""
        deck = frozenset(deck_of(self.merged)) if self.merged else frozenset(C.FULL_PACK)
        words = [w for w, cards in C.MAJORITY_WORDS.items() if cards is None or cards & deck]
        extra = {"most": ["prime"], "countback": ["bonuses"]}.get(after, [])
        return [Suggestion(w, "keyword", "what is counted") for w in (*words, *extra)]

    def scope_names(self) -> list[Suggestion]:
        found = [Suggestion(name, "name", kind, meaning, order=2) for name, (kind, meaning) in self.play_names().items()]
        found += [_option(name, choices, doc) for name, (choices, doc) in self.options().items()]
        found.append(Suggestion("players", "name", X.NUM, "how many play this game", order=4))
        found += [Suggestion(name, "function", form, insert=f"{name}(", order=6) for name, form in X.FUNCTIONS.items()]
        return found

    def play_names(self) -> dict[str, tuple[str, str]]:
        """The names of the game the clause on the cursor's line may read."""
        line, section = self.before, self.section
        named = NAMED_RULE.match(line) is not None
        if section == "capture":
            return X.CAPTURE_NAMES if named else {}  # compulsory, raise...: decided before play
        if section == "basra":
            return X.PLAY_NAMES if named else {}
        if section == "dealing":
            return X.HOLDER_NAMES if re.search(r"\bto\s+holder\b", line) else X.DEALING_NAMES
        if section == "score" and NAMED_RULE.match(line) and not re.match(r"\s*(most|points|total)\b", line):
            return X.TAKEN_NAMES
        return {}

    def options(self) -> dict[str, tuple[list[str], str]]:
        """Each option's choices and meaning: the variant's, or, while it does not load, its
        parent's and those its own option lines declare."""
        merged = self.merged
        found = {name: ([expr_text(c) for c in o.choices], o.doc or "") for name, o in (merged.options.items() if merged else ())}
        for line in OPTION_LINE.finditer(self.text):
            found.setdefault(line.group(1), ([c.strip() for c in line.group(2).split("|")], line.group(3) or ""))
        return found

    def choices(self, before: str) -> list[Suggestion]:
        compared = COMPARED.search(before)
        option = self.options().get(compared.group(1)) if compared else None
        if option is None:
            return []
        return [Suggestion(choice, "choice", f"a choice of {compared.group(1)}", order=0) for choice in option[0]]

    def attributes(self, chain: str) -> list[Suggestion]:
        kind = self._type_of(chain.split("."))
        found = [Suggestion(name, "attribute", of, X.ATTRIBUTE_MEANINGS.get(name, ""))
                 for name, of in X.ATTRIBUTES.get(kind, {}).items()]
        if kind == X.CARDS:
            found += [Suggestion("count(", "function", "count(PATTERN)", "how many of the cards match the pattern"),
                      Suggestion("run(", "function", "run(A | B | ...)",
                                 "how many of the alternatives, from the first, the cards hold without a gap")]
        return found

    def _type_of(self, names: list[str]) -> str | None:
        entry = self.play_names().get(names[0])
        kind = entry[0] if entry else None
        for attribute in names[1:]:
            kind = X.ATTRIBUTES.get(kind, {}).get(attribute) if kind else None
        return kind

    def patterns(self) -> list[Suggestion]:
        deck = frozenset(deck_of(self.merged)) if self.merged else frozenset(C.FULL_PACK)
        suits = self.merged.first("setup.suits") if self.merged else None
        names = C.LATIN_SUIT_NAMES if isinstance(suits, n.Suits) and suits.style != "french" else C.SUIT_NAMES
        found = [Suggestion(word, "pattern", f"{len(C.CLASS_WORDS[word] & deck)} cards", order=1 if i < 3 else 2)
                 for i, word in enumerate(("any", "numeral", "picture", *names)) if C.CLASS_WORDS[word] & deck]
        for rank in sorted({C.rank(c) for c in deck}):
            word = "10" if C.RANKS[rank] == "T" else C.RANKS[rank]
            found.append(Suggestion(word, "pattern", f"every {C.RANK_NAMES[rank]}", order=3))
        found += [Suggestion(C.card_name(c).replace("T", "10", 1), "pattern", C.card_glyph(c), order=4)
                  for c in sorted(deck)]
        return found

    def inherited(self, dropping: bool) -> list[Suggestion]:
        """The parent's clauses of this section: to drop (any of them) or to restate (its
        named rules, which a child replaces by giving their name again)."""
        parent = self.parent
        if parent is None or self.section is None:
            return []
        found = []
        for key, alternatives in parent.clauses.items():
            section, name = key.split(".", 1)
            clause = alternatives[0]
            if section != self.section or not (dropping or isinstance(getattr(clause, "name", None), n.Word)):
                continue
            found.append(Suggestion(name, "rule", f"{'drop' if dropping else 'replace'} the rule of {parent.name}",
                                    _source_line(clause), order=0))
        return found

    def variants(self) -> list[Suggestion]:
        beside = sorted(p.stem for p in Path(self.path).parent.glob("*.basra")) if Path(self.path).parent.is_dir() else []
        own = Path(self.path).stem
        return ([Suggestion(name, "variant", "beside this file") for name in beside if name != own]
                + [Suggestion(name, "variant", "bundled") for name in sorted(bundled_variants()) if name not in beside])


def _option(name: str, choices: list[str], doc: str) -> Suggestion:
    """An option to complete: its choices (text of its line, which may not parse) and meaning."""
    return Suggestion(name, "option", one_line(f"option: {' | '.join(choices)}"), text(doc) if doc else "", order=3)


def _source_line(clause: n.Clause) -> str:
    """The line of the parent's file that states a clause, to show beside its name."""
    source = SourceFile.lookup(clause.span.path) if clause.span else None
    return code_block(source.line(clause.span.line).strip()) if source else ""
