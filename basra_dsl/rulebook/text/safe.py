"""Text from variant and examples files, made safe to print on a rulebook page.

Variant files and their worked examples are written by other people (a club's repository
takes pull requests), and the site shows what they say: titles, names, notes, links,
comments. Every such text is data, never Markdown or HTML, so it goes through this module
at the point where it is rendered, and nowhere else is it escaped:

* ``inline`` for Markdown text (headings, paragraphs, table cells, link text, titles);
* ``html_text`` and ``front_matter_value`` for text that mkdocs prints into HTML as it is (the
  page title in the front matter and the navigation, the description);
* ``attribute`` for text inside an HTML attribute that the rulebook writes itself;
* ``safe_url`` and ``link`` for a source's link: only ``http`` and ``https`` become links;
* ``code_span`` and ``fence_title`` for the file name shown beside the source.

Rule and option names are identifiers of the grammar and need none of this.
"""

from __future__ import annotations

import re
import unicodedata
from urllib.parse import quote, urlsplit

# Characters that break a line somewhere: in Python's str.splitlines (which the page code
# uses), in Markdown (\r) or in YAML (\x85, \u2028, \u2029). A one-line text keeps none.
LINE_BREAKS = frozenset("\t\n\r\x0b\x0c\x1c\x1d\x1e\x85\u2028\u2029")
# Backslash escapes that Python-Markdown (with the tables extension) undoes; each of these
# characters can start a code span, emphasis, a link, an attribute list, a heading or a cell.
ALWAYS_ESCAPED = frozenset("\\`*[]{}#|")
# At the start of a line these begin a block (quote, list, admonition, details, tab, fence,
# rule, definition): written as character references, which no block syntax matches.
LINE_START = {"-": "&#45;", "+": "&#43;", "!": "&#33;", "?": "&#63;", "=": "&#61;", "~": "&#126;",
              ":": "&#58;"}
ORDERED_ITEM = re.compile(r"^(\d+)([.)])")
# What a link target may not hold as it is (besides spaces): each would end it, quote it or escape in it.
URL_UNSAFE = frozenset('"\'<>()[]\\`{}|^')


def plain(text: str) -> str:
    """Returns ``text`` on one line, without control characters, stripped.

    Line breaks and tabs become spaces; other control characters (C0, DEL, C1, such as the
    escape sequences of a terminal) are dropped, as are Unicode's two non-characters that
    YAML refuses. Python-Markdown's own placeholders are made of control characters, so a
    text without them cannot forge one.
    """
    kept = []
    for ch in str(text):
        if ch in LINE_BREAKS:
            kept.append(" ")
        elif unicodedata.category(ch) not in ("Cc", "Cs") and ch not in "\ufffe\uffff":
            kept.append(ch)
    return "".join(kept).strip()


def inline(text: str) -> str:
    """Returns ``text`` as Markdown that shows exactly that text and forms nothing else.

    HTML's ``&``, ``<`` and ``>`` become entities (no tag, no entity of the author's);
    Markdown punctuation that could start a construct is backslash-escaped, so no link,
    image, code span, emphasis or ``{: attribute list}`` can be formed; the first character
    is escaped when it would start a block. Ordinary prose is left as written: quotes,
    apostrophes, full stops, hyphens, parentheses and a ``_`` inside a word (never emphasis
    in Python-Markdown) are not touched. Double quotes matter only inside a quoted title,
    which ``in_quotes`` escapes.
    """
    text = plain(text)
    out = []
    for i, ch in enumerate(text):
        if ch == "&":
            out.append("&amp;")
        elif ch == "<":
            out.append("&lt;")
        elif ch == ">":
            out.append("&gt;")
        elif ch in ALWAYS_ESCAPED or ch == "_" and not _inside_word(text, i):
            out.append("\\" + ch)
        elif i == 0 and ch in LINE_START:
            out.append(LINE_START[ch])
        else:
            out.append(ch)
    escaped = "".join(out)
    # "1. text" would start an ordered list; the escaped full stop does not
    return ORDERED_ITEM.sub(lambda m: m.group(1) + "\\" + m.group(2), escaped, count=1)


def _inside_word(text: str, i: int) -> bool:
    """Returns whether the character at ``i`` has a letter or digit on both sides."""
    return 0 < i < len(text) - 1 and _word(text[i - 1]) and _word(text[i + 1])


def _word(ch: str) -> bool:
    return ch.isalnum() or ch == "_"


def in_quotes(markdown: str) -> str:
    """Returns Markdown for a double-quoted title (``!!! note "TITLE"``): its quotes as entities."""
    return markdown.replace('"', "&quot;")


def html_text(text: str) -> str:
    """Returns ``text`` as HTML text, safe in an element or a double-quoted attribute.

    For what mkdocs and its theme print without escaping: the page title (``<title>``, the
    navigation) and the description (a ``<meta>`` attribute).
    """
    return plain(text).replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace('"', "&quot;")


def attribute(text: str) -> str:
    """Returns ``text`` for the inside of a double-quoted HTML attribute the rulebook writes."""
    return html_text(text)


def yaml_string(text: str) -> str:
    """Returns ``text`` as a double-quoted YAML scalar on one line (no break, no control character)."""
    return '"' + plain(text).replace("\\", "\\\\").replace('"', '\\"') + '"'


def front_matter_value(text: str) -> str:
    """Returns ``text`` as a front-matter value: a YAML string holding HTML text (see ``html_text``)."""
    return yaml_string(html_text(text))


def safe_url(text: str) -> str | None:
    """Returns a link target for an ``http``/``https`` URL, or None for anything else.

    The URL is read as ``plain`` text first: no control character, and tabs and line breaks
    as spaces (a browser drops those inside a URL, so ``java\\tscript:`` would be
    ``javascript:`` to it; here it is neither ``http`` nor ``https``). Any other scheme
    (``javascript:``, ``data:``, ...), a relative or protocol-relative (``//host``) URL and
    a URL without a host are refused. Characters that could close a Markdown link or an
    HTML attribute, and spaces, are percent-encoded.
    """
    url = plain(text)
    if not re.match(r"(?i)https?://", url):
        return None
    try:
        host = urlsplit(url).netloc
    except ValueError:  # such as an unclosed [ in the host
        return None
    if not host:
        return None
    return "".join(quote(ch, safe="") if ch in URL_UNSAFE or ch.isspace() else ch for ch in url)


def link(text: str, url: str | None) -> str:
    """Returns ``text`` linked to ``url`` when it is an http(s) URL, else the text in italics
    followed by the URL as plain text (so the reader still sees where it pointed)."""
    target = safe_url(url) if url else None
    if target is not None:
        return f"[{inline(text)}]({target})"
    shown = f"*{inline(text)}*"
    return shown + f" ({inline(url)})" if url and plain(url) else shown


def verbatim(text: str) -> str:
    """Returns a file's text for a code block: every line break as ``\\n``, tabs kept, and no
    other control character (a code block shows text; it has no use for terminal codes)."""
    text = text.replace("\r\n", "\n")
    return "".join("\n" if ch in LINE_BREAKS and ch != "\t" else ch for ch in text
                   if ch in LINE_BREAKS or unicodedata.category(ch) not in ("Cc", "Cs"))


def code_span(text: str) -> str:
    """Returns ``text`` as a Markdown code span that no backtick in it can close."""
    text = plain(text)
    longest = max((len(run) for run in re.findall(r"`+", text)), default=0)
    fence = "`" * (longest + 1)
    pad = " " if text.startswith("`") or text.endswith("`") else ""
    return f"{fence}{pad}{text}{pad}{fence}"


def fence_title(text: str) -> str:
    """Returns ``text`` for ``title="..."`` on a code fence: one line and no double quote
    (which would end the option early); the highlighter escapes the rest."""
    return plain(text).replace('"', "'")
