"""Small Markdown builders shared by the rulebook pages: anchors, paths, admonitions, YAML."""

from __future__ import annotations


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


def admonition(kind: str, title: str, body: str) -> str:
    """Returns a mkdocs-material admonition box (``!!! note "Title"``) around ``body``."""
    return f'!!! {kind} "{title}"\n\n{indent(body)}\n'


def yaml_string(text: str) -> str:
    """Returns ``text`` as a double-quoted YAML scalar, for the page's front matter."""
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'
