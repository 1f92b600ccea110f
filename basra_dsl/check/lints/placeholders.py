"""B727: placeholder text left in where a page would publish it.

A variant's page shows far more of its file than its rules: the title, the ``about`` line,
the ``source`` lines, option descriptions and rule titles, the comment lines above
``variant`` (as the "About this account" box), the comments directly above (or at the end
of) a clause or an option (as a note beside it), and each worked example's ``name`` and
``cite``. A ``TODO`` (or ``FIXME``, ``TBD``, ``XXX``) left in any of them, or a line
``basra new`` wrote for the author to replace, would be published as it stands; this check
finds each one at its line and column.

Notes to the author are the way out: a comment that begins ``#:`` is never shown on a page
(``rulebook.pages.comments`` and the Source file tab leave it out), so ``basra new`` writes its
guidance that way, and an author may keep a TODO of their own as ``#: TODO ...``. Such
notes need no warning.

The variant's own file only: a parent's placeholders are reported on the parent. The text
is the one the parser read (``SourceFile``), so an editor's unsaved buffer is checked as
it stands; the worked examples are read from the file beside the variant
(``example_placeholders`` takes them as a document, for a caller that holds them unsaved).
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Iterator

from ...diagnostics import Diagnostic, DiagnosticError, SourceFile, Span, warning
from ...documents import Document
from ...language.merge import Merged
from ..examples import read_examples

AUTHOR_NOTE = "#:"  # a comment that begins so is a note to the author: no page shows it

PLACEHOLDER = re.compile(r"\b(TODO|FIXME|TBD|XXX)\b")

# What earlier versions of `basra new` wrote for the author to replace.
_OLD_HEADER = (re.compile(r"#.*: where it is played, and the accounts it is written from\.\s*$"),
               re.compile(r"#\s*`basra check` checks this file; `basra fmt` lays it out; see docs/diagnostics\.md\.\s*$"))
_OLD_ABOUT = re.compile(r"One line on what makes .* what it is\.")

_TOKENS = re.compile(r'"[^"\n]*"|#.*')  # a string, or a comment to the end of the line

_HEADER_HELP = ("write in its place, in your own words, where the game is played and the accounts you "
                "wrote it from; or begin the line with '#:' to keep it as a note to yourself, which no page shows")
_NOTE_HELP = ("write the note out as a reader should see it, or begin it with '#:' to keep it as a note to "
              "yourself, which no page shows")


def is_author_note(comment: str) -> bool:
    """Says whether a comment (its text from the ``#`` on) is a note to the author, which
    no page shows."""
    return comment.startswith(AUTHOR_NOTE)


def check_placeholders(merged: Merged, combos=None) -> Iterator[Diagnostic]:
    """Yields a B727 warning for each placeholder left where the variant's page shows it."""
    variant = merged.variant
    if not variant.path:
        return
    source = SourceFile.lookup(variant.path)
    if source is not None:
        noted = {clause.span.line: "rule" for clause in variant.clauses if clause.span}
        noted.update({option.span.line: "option" for option in variant.options if option.span})
        yield from _in_file(variant.path, source.lines, noted, _about_help(merged))
    yield from _in_examples(variant.path)


def _about_help(merged: Merged) -> str:
    variant = merged.variant
    known = f"a player who knows {merged.chain[1].title or variant.parent.text}" if len(merged.chain) > 1 \
        else "a player who knows Basra"
    return (f"say in one line, in your own words, what makes {variant.title or variant.name.text} what it is, "
            f"as you would tell {known}")


def _in_file(path: str, lines: list[str], noted: dict[int, str], about_help: str) -> Iterator[Diagnostic]:
    header = True  # still above the first line of the language
    for number, line in enumerate(lines, 1):
        tokens = list(_TOKENS.finditer(line))
        comment = next((t.start() for t in tokens if t.group().startswith("#")), len(line))
        header = header and not line[:comment].strip()
        for token in tokens:
            text, column = token.group(), token.start() + 1
            if text.startswith("#"):
                if not is_author_note(text):
                    yield from _in_comment(path, number, column, text, header, noted, lines)
            else:
                yield from _in_string(path, number, column, text, line, about_help)


def _in_comment(path, number, column, text, header, noted, lines) -> Iterator[Diagnostic]:
    if header:
        if any(old.match(text) for old in _OLD_HEADER):
            yield warning("B727", "the comment above 'variant' is still the guidance 'basra new' wrote; the page "
                          "shows it as 'About this account'", Span(path, number, column, number, column + len(text)),
                          _HEADER_HELP)
            return
        found = PLACEHOLDER.search(text)
        if found:
            yield warning("B727", f"the comment above 'variant' still says {found.group()}; the page shows it "
                          "in the 'About this account' box", _span(path, number, column, found), _HEADER_HELP)
        return
    found = PLACEHOLDER.search(text)
    if found is None:
        return
    shown = _note_of(number, column, noted, lines)
    if shown:
        yield warning("B727", f"this note still says {found.group()}; the page shows it beside the {shown}",
                      _span(path, number, column, found), _NOTE_HELP)


def _note_of(number: int, column: int, noted: dict[int, str], lines: list[str]) -> str | None:
    """Returns what a comment is shown beside on the page ("rule" or "option"), or None:
    a comment at the end of a clause's or option's line, or in the block of comment lines
    directly above one."""
    if column > 1 and lines[number - 1][:column - 1].strip():
        return noted.get(number)
    below = number + 1
    while below <= len(lines) and lines[below - 1].lstrip().startswith("#"):
        below += 1
    return noted.get(below)


def _in_string(path, number, column, text, line, about_help) -> Iterator[Diagnostic]:
    word = line.split(None, 1)[0] if line.strip() else ""
    found = PLACEHOLDER.search(text)
    if word == "about" and (found or _OLD_ABOUT.fullmatch(text[1:-1])):
        said = f"still says {found.group()}" if found else "is still the placeholder 'basra new' wrote"
        where = _span(path, number, column, found) if found else Span(path, number, column, number, column + len(text))
        yield warning("B727", f"the about line {said}; the page shows it under the title and in the catalogue",
                      where, about_help)
    elif found and word == "source":
        yield warning("B727", f"this source still says {found.group()}; the page lists it among the sources",
                      _span(path, number, column, found),
                      'name the account you wrote the rules from in your own words, such as: '
                      'source "Basra Fishing Games" link "https://www.pagat.com/fishing/basra.html"')
    elif found:
        titled = line[column - 1 + len(text):].lstrip().startswith(":")  # clear "Title": ...
        what = {"variant": "the title", "aliases": "this name", "region": "the region", "family": "the family",
                "option": "this option's description"}.get(word, "this rule's title" if titled else "this text")
        yield warning("B727", f"{what} still says {found.group()}; the page shows it",
                      _span(path, number, column, found), "write in its place, in your own words, what it stands for")


def _span(path: str, number: int, column: int, found: re.Match) -> Span:
    return Span(path, number, column + found.start(), number, column + found.end())


def _in_examples(variant_path: str) -> Iterator[Diagnostic]:
    try:
        document = read_examples(Path(variant_path))
    except (DiagnosticError, OSError):
        return  # the examples stage reports a file it cannot read
    if document is not None:
        yield from example_placeholders(document)


def example_placeholders(document: Document) -> Iterator[Diagnostic]:
    """Yields B727 for a worked example's name or cite that still holds a placeholder (the
    page prints the name as the example's heading and the cite as "Source: ...")."""
    examples = document.data.get("examples") if isinstance(document.data, dict) else None
    if not isinstance(examples, list):
        return
    for index, example in enumerate(examples):
        if not isinstance(example, dict):
            continue
        name = str(example.get("name", f"#{index + 1}"))
        for key, shown, help_text in (
                ("name", "as the example's heading", "name the example by what it shows, in your own words, "
                                                      "such as 'a jack on a lone jack is a double basra'"),
                ("cite", "as the example's source ('Source: ...')",
                 "name the account the example comes from (one of the variant's sources, with its page or "
                 "section), in your own words; or remove the cite line")):
            value = example.get(key)
            found = PLACEHOLDER.search(value) if isinstance(value, str) else None
            if found:
                yield warning("B727", f"example '{name}': its {key} still says {found.group()}; the page prints "
                              f"it {shown}", document.span("examples", index, key), help_text)
