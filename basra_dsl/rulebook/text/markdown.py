"""Small Markdown builders shared by the rulebook pages: anchors, paths, admonitions.

Text from a variant file is escaped by ``safe`` before it reaches these builders.
"""

from __future__ import annotations

import re

from .safe import in_quotes


def anchor(key: str) -> str:
    """Returns the HTML id of a clause on its variant's page, such as ``rule-capture-jack``."""
    return "rule-" + key.replace(".", "-")


def page_path(name: str) -> str:
    """Returns where a variant's page lives in the site's docs tree."""
    return f"rules/{name}.md"


def indent(text: str, by: int = 4) -> str:
    """Indents every non-blank line (blank lines stay empty, so Markdown sees no trailing spaces)."""
    pad = " " * by
    return "\n".join(pad + line if line.strip() else "" for line in text.splitlines())


def admonition(kind: str, title: str, body: str, folded: bool = False) -> str:
    """Returns a mkdocs-material admonition box (``!!! note "Title"``) around ``body``, or a
    folded one the reader opens by its title (``??? note "Title"``); ``title`` is Markdown,
    and a double quote in it would end the title, so it is written as an entity."""
    return f'{"???" if folded else "!!!"} {kind} "{in_quotes(title)}"\n\n{indent(body)}\n'


_LINK = re.compile(r"(?<!\*\*)\[([^\[\]]+)\]\((#[^()\s]+)\)")  # a link in a line, not a bold label's


def prose_steps(text: str) -> str:
    """A numbered list read as prose: each step's bold label keeps its link, and the items listed
    under a step link to themselves; the sentences of a step carry no links of their own (a wall of
    links reads badly: Play in a minute)."""
    return "\n".join(line if line.startswith("    - ") else _LINK.sub(r"\1", line) for line in text.split("\n"))
