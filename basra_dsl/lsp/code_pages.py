"""Where a diagnostic's code links to: its entry on the rulebook site's diagnostics page
when the editor names the site (the ``docsUrl`` setting), else a page of every code written
once per version beside the package's cache, so the link works offline and always matches
the installed checker.
"""

from __future__ import annotations

import html
import os
import tempfile
from functools import cache
from pathlib import Path

from pygments import highlight
from pygments.formatters import HtmlFormatter

from .. import __version__
from .. import cache as user_cache
from ..diagnostics.codes import CODES, is_basra_example
from ..language.highlight import BasraLexer


def code_link(code: str, site: str | None = None) -> str | None:
    """Returns the address of a code's explanation, or None for a code the registry lacks."""
    if code not in CODES:
        return None
    if site:
        return f"{site.rstrip('/')}/diagnostics.html#{code.lower()}"
    page = local_page()
    return f"{page.as_uri()}#{code.lower()}" if page else None


@cache
def local_page() -> Path | None:
    """Writes the page of every code (once per version) and returns where it lies."""
    place = user_cache.folder() or Path(tempfile.gettempdir())
    stamp = user_cache.key_of("diagnostics page", __version__, user_cache.code_stamp())[:16]
    page = place / f"basra-diagnostics-{stamp}.html"
    if page.is_file():
        return page
    try:
        place.mkdir(parents=True, exist_ok=True)
        descriptor, temporary = tempfile.mkstemp(dir=place, prefix=".writing-", suffix=".html")
        with os.fdopen(descriptor, "w", encoding="utf-8") as stream:
            stream.write(page_html())
        os.replace(temporary, page)
    except OSError:
        return None  # no writable place: the codes stay unlinked, the findings are unchanged
    return page


def page_html() -> str:
    """Returns the page: each code's title, severity, an example that triggers it and its fix."""
    formatter = HtmlFormatter(noclasses=True, nobackground=True)
    parts = [f"<section id='{c.code.lower()}'><h2>{c.code}: {html.escape(c.title)} <small>({c.severity})</small></h2>"
             + (highlight(c.example, BasraLexer(), formatter) if is_basra_example(c.example)
                else f"<pre>{html.escape(c.example)}</pre>")
             + f"<p><b>Fix:</b> {html.escape(c.fix)}</p></section>" for c in CODES.values()]
    return ("<!doctype html><html lang='en'><head><meta charset='utf-8'><title>basra-dsl diagnostics</title>"
            "<style>body{font:16px/1.5 system-ui,sans-serif;max-width:46rem;margin:2rem auto;padding:0 1rem}"
            "pre{background:#f5f5f0;padding:.6rem;overflow:auto}section{margin-bottom:2rem}</style></head><body>"
            f"<h1>basra-dsl {html.escape(__version__)}: diagnostics</h1>" + "".join(parts) + "</body></html>")
