"""Text from a document, made safe to show in the editor: a hover's or a completion's
Markdown, or a plain-text field (a completion's detail, an outline's detail).

Variant files are written by other people (a club's repository takes pull requests), and
the server quotes them: titles, an option's description, the parent's lines. Every such
text is data, never Markdown or HTML, so it goes through ``text`` (or ``one_line``, or
``code_block``) where the server puts it into an answer:

* the rulebook's ``inline`` escapes Markdown punctuation and HTML (no link, image, emphasis,
  code span or tag can be formed) and keeps control characters out; a ``~`` is escaped
  too (GitHub's Markdown strikes text through between two of them);
* ``unlinked`` then takes away what GitHub-flavoured Markdown (the Markdown of LSP) and the
  editors' linkifiers make into a link with no brackets at all: ``https://``, ``www.``, a
  domain's dots, an e-mail's ``@``. Those characters become character references, which
  every Markdown shows as the character and no linkifier reads through;
* the characters that reorder a line (the bidirectional overrides and isolates) are
  dropped: they could make a hover read otherwise than the file says.

The rulebook's own sentences (a clause said in words) are Markdown whose file text the
rulebook escaped already; ``unlinked`` is all they need.
"""

from __future__ import annotations

import re

from ..rulebook.text.safe import inline, plain

BIDI = dict.fromkeys(map(ord, "\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069"))
# What a linkifier reads as an address: a scheme's "://" (or a bare "//"), an e-mail's "@",
# and a dot between a letter or digit and a letter ("www.evil.com", "evil.com").
LINKING = re.compile(r"@|:(?=/)|/(?=/)|(?<=/)/|(?<=[^\W_])\.(?=[^\W\d_])")
# A code span, left as written (a character reference shows as typed inside one, and no
# linkifier reads there), or a backslash escape, which opens none.
CODE_OR_ESCAPE = re.compile(r"\\.|(`+)(?:.+?)(?<!`)\1(?!`)", re.DOTALL)


def text(value: str) -> str:
    """Returns document text as Markdown that shows exactly that text, on one line, and forms
    nothing else: no link (bracketed or bare), image, HTML, emphasis or control character."""
    escaped = inline(str(value).translate(BIDI)).replace("~", "\\~")  # "~~" strikes through in GFM
    return unlinked(escaped)


def unlinked(markdown: str) -> str:
    """Returns Markdown (already escaped) with no bare address an editor would make a link."""
    parts, last = [], 0
    for kept in CODE_OR_ESCAPE.finditer(markdown):
        if kept.group(1) is None:
            continue  # an escaped character: part of the text around it
        parts += [LINKING.sub(_reference, markdown[last:kept.start()]), kept.group()]
        last = kept.end()
    return "".join(parts) + LINKING.sub(_reference, markdown[last:])


def _reference(found: re.Match) -> str:
    return f"&#{ord(found.group())};"


def one_line(value: str) -> str:
    """Returns document text for a plain-text field: one line, no control character and no
    character that reorders it (the field is not Markdown, so nothing else is escaped)."""
    return plain(str(value).translate(BIDI))


def code_block(line: str, language: str = "basra") -> str:
    """Returns one line of a file as a fenced code block that no backtick in it can close."""
    shown = one_line(line)
    longest = max((len(run) for run in re.findall(r"`+", shown)), default=0)
    fence = "`" * max(3, longest + 1)
    return f"{fence}{language}\n{shown}\n{fence}"
