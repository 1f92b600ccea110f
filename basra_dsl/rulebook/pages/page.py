"""Renders one variant as a rulebook page (Markdown for mkdocs-material).

The page is generated from the merged variant (every clause, with the comments written
above it in the variant file) and from the compiled rules (deck sizes, totals, worked
examples played on the engine). Output depends only on the variant files: no dates, no
absolute paths, no randomness beyond fixed seeds (the balance figures are a committed file).

This module puts the page together; its parts are rendered by ``summary`` (the 'At a
glance' box), ``differences`` (a child variant against its parent), ``rules_sections``
(the Rules tab), ``quickstart`` (play in a minute), ``seating``, ``worked`` (worked
examples), ``sample_hand``, ``how_it_plays`` (balance figures kept in
``variants/balance.json``, with a plot) and ``play_well`` (tactics, each with its figure, kept
in ``variants/tactics.json``); ``cardfaces`` draws the cards the page shows, once.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path

from ...check.lints.placeholders import is_author_note
from ...check.lints.reference import is_bundled_file
from ...check.playable import load_playable
from ...language.loader import resolve_argument
from ...language.merge import Merged, option_value
from ...language.unparse import value_text
from ...resources import bundled_variants
from ..pictures.cardfaces import sprite_for
from ..text.naming import pack_names
from .comments import paragraph
from .differences import differences
from .how_it_plays import how_it_plays
from .play_well import play_well
from ..text.markdown import admonition, anchor, indent, page_path
from .page_state import PageState
from .quickstart import play_in_a_minute
from .rules_sections import sections
from .sample_hand import sample_hand
from ..text.safe import code_span, fence_title, front_matter_value, html_text, inline, verbatim
from .seating import seating_diagrams
from .summary import summary
from .worked import examples


@dataclass
class VariantPage:
    name: str
    path: Path  # the variant file
    title: str  # HTML text: the site's navigation prints it as it is
    markdown: str
    anchors: list[str] = field(default_factory=list)
    problems: list[str] = field(default_factory=list)  # examples the engine disagrees with


def load_merged(name_or_path: str | Path) -> Merged:
    """Returns a merged variant, bundled variants by their absolute path (stable comments),
    refused as the commands that run a variant refuse it: a page plays its examples."""
    target = resolve_argument(name_or_path)  # as every command finds a variant
    bundled = bundled_variants().get(target.stem)
    if bundled is not None and target.resolve() == bundled.resolve():
        target = bundled
    return load_playable(target)


def render_variant(name_or_path: str | Path, bundled: dict[str, Path] | None = None) -> VariantPage:
    """Returns the rulebook page of a variant (a bundled name or a .basra file)."""
    merged = load_merged(name_or_path)
    page = PageState(merged, bundled if bundled is not None else bundled_variants())
    return render(page)


def render(page: PageState) -> VariantPage:
    """Returns the whole page, with the cards named as the variant's pack names them."""
    with pack_names(page.rules.suits):
        return _render(page)


def _render(page: PageState) -> VariantPage:
    """Renders the parts in page order, as they collect anchors."""
    variant = page.variant
    parts = [front_matter(page), f"# {inline(page.title)}\n"]
    if variant.about:
        parts.append(f"{inline(variant.about)}\n")
    if variant.parent is not None:
        parts.append(f"This variant extends {page.link_parent()}"
                     f": it plays by the parent's rules except where the differences below say otherwise.\n")
    rules_tab = "\n".join(sections(page))  # first: it collects the anchors the other parts link to
    parts.append(play_in_a_minute(page))
    parts.append(seating_section(page))
    parts.append(summary(page))
    header = page.comments.header(variant.path)
    if header:
        parts.append(admonition("quote", "About this account", paragraph(header), folded=True))
    if variant.parent is not None:
        parts.append(differences(page))
    parts.append('=== "Rules"\n\n' + indent(rules_tab) + "\n")
    parts.append('=== "Source file"\n\n' + indent(source_tab(page)) + "\n")
    parts.append(examples(page))
    parts.append(sample_hand(page))
    parts.append(how_it_plays(page))
    parts.append(play_well(page))
    markdown = "\n".join(p.rstrip() + "\n" for p in parts if p)
    markdown += sprite_for(markdown)  # the faces of the cards the page shows, drawn once
    return VariantPage(page.name, Path(page.variant.path), html_text(page.title), markdown, page.anchors, page.problems)


def seating_section(page: PageState) -> str:
    """Returns who sits where, deals and plays first, for each number of players."""
    diagrams = seating_diagrams(page)
    return f"### Around the table {{#seating}}\n\n{diagrams}\n" if diagrams else ""


def front_matter(page: PageState) -> str:
    """Returns the YAML front matter: title, description and a tag per player count.

    The theme prints the title and the description into the HTML as they are, so they are
    written as HTML text."""
    tags = [f"{count} players" for count in page.merged.player_counts()]
    lines = ["---", f"title: {front_matter_value(page.title)}"]
    if page.variant.about:
        lines.append(f"description: {front_matter_value(page.variant.about)}")
    lines.append("tags:")
    lines += [f"  - {tag}" for tag in tags]
    lines.append("---\n")
    return "\n".join(lines)


def source_tab(page: PageState) -> str:
    """Returns the 'Source file' tab: the variant file verbatim, in a fence longer than any inside it,
    less its notes to the author (``#:`` comments, which no page shows; see ``comments``)."""
    variant = page.variant
    try:
        text = Path(variant.path).read_text(encoding="utf-8")
    except OSError:
        text = ""
    kept = _without_notes(text)
    source = verbatim(kept)
    fence = "```"
    while fence in source:
        fence += "`"
    name = Path(variant.path).name  # chosen by whoever wrote the file, like its text
    given = "bundled" if is_bundled_file(variant.path) else "written"  # an author's own file is not bundled
    text = f"The variant file {code_span(name)}, " + (
        f"exactly as {given}" if kept == text else
        f"as {given}, less its notes to the author (comments that begin with {code_span('#:')})")
    if variant.parent is not None:
        text += (f"; it states only what differs from "
                 f"{page.link_variant(variant.parent.text)}, whose file is on its page")
    text += ".\n\n"
    return text + f'{fence}basra title="{fence_title(name)}"\n{source.rstrip()}\n{fence}\n' + command_note(page)


def _without_notes(text: str) -> str:
    """Returns a variant file's text without its notes to the author: each line that is only a
    ``#:`` comment goes, and a ``#:`` comment at the end of a line goes from that line; where
    notes went, the blank lines left around them close up. A file without notes is returned
    as it is."""
    kept, removed = [], False
    for line in text.split("\n"):
        trailing = _note_at_end(line)
        if is_author_note(line.strip()):
            removed = True
        elif trailing is not None:
            kept.append(line[:trailing].rstrip())
            removed = True
        else:
            kept.append(line)
    return re.sub(r"\n{3,}", "\n\n", "\n".join(kept)).lstrip("\n") if removed else text


def _note_at_end(line: str) -> int | None:
    """Returns where a ``#:`` comment after code on a line starts, or None (a ``#`` in a string starts none)."""
    in_string = False
    for i, ch in enumerate(line):
        if ch == '"':
            in_string = not in_string
        elif ch == "#" and not in_string:
            return i if is_author_note(line[i:]) and line[:i].strip() else None
    return None


def command_note(page: PageState) -> str:
    """Returns how to choose an option with the ``basra`` command (for whoever runs the program,
    so it sits with the file, not in the rules a player reads); "" for a variant without options."""
    if not page.merged.options:
        return ""
    name, option = next(iter(page.merged.options.items()))
    example = f"basra simulate {page.name} --hands 100 -o {name}={value_text(option_value(option.choices[-1]))}"
    return (f"\n**For the basra command:** choose an option's value with {code_span('-o NAME=VALUE')}, "
            f"for example {code_span(example)}.\n")


__all__ = ["VariantPage", "anchor", "load_merged", "page_path", "render", "render_variant"]
