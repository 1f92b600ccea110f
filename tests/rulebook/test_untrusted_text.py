"""Text from variant and examples files is data: hostile text must reach the site as text.

A rulebook site is published from variant files other people write (a club's repository
takes pull requests). Each case below writes a child of the bundled ``egyptian`` variant
with a hostile value in one field, renders its page, converts the Markdown to HTML with
the Markdown extensions of ``mkdocs.yml``, and checks that no script, event handler,
attribute or link came through, that the hostile text is still there for the reader to
see, and that no control character reached the page.
"""

from __future__ import annotations

import re
from collections import Counter
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import urlsplit

import markdown
import pytest
import yaml
from mkdocs.utils.meta import get_data

from basra_dsl.rulebook import render_variant
from basra_dsl.rulebook.text.safe import front_matter_value, inline, plain, safe_url

GOLDEN = Path(__file__).resolve().parents[1] / "golden"
ROOT = Path(__file__).resolve().parents[2]

# The Markdown extensions of mkdocs.yml, with the settings it gives them.
EXTENSIONS = ["toc", "admonition", "attr_list", "md_in_html", "tables", "pymdownx.details",
              "pymdownx.superfences", "pymdownx.tabbed", "pymdownx.highlight", "pymdownx.inlinehilite"]
EXTENSION_CONFIGS = {"toc": {"permalink": True}, "pymdownx.highlight": {"anchor_linenums": True},
                     "pymdownx.tabbed": {"alternate_style": True}}

# Elements the rulebook never writes: any of them on a page came from a file.
FOREIGN_TAGS = {"script", "img", "iframe", "object", "embed", "math", "style", "base", "meta", "link",
                "form", "frame", "frameset", "video", "audio", "source", "template"}
URL_ATTRIBUTES = {"href", "src", "action", "formaction", "xlink:href", "srcset", "poster", "data", "background"}
CONTROL = re.compile(r"[\x00-\x08\x0b-\x1f\x7f-\x9f\u2028\u2029]")

TERMINAL = "\x1b]52;c;aGFja2Vk\x07"  # OSC 52: writes the clipboard of the terminal that prints it

# Payloads for strings of a variant file, which hold no double quote and no line break.
PAYLOADS = {
    "script": "<script>alert(1)</script>",
    "img": "<img src=x onerror=alert(1)>",
    "attr_list": "Evil {: onmouseover=alert(1) }",
    "link": "[click](javascript:alert(1))",
    "inline_attr": "Evil *x*{: onmouseover=alert(1) } [y](https://example.org/){: onclick=alert(1) }",
    "table": "Cell | <b>bold</b> | ~~~ cell",
    "terminal": f"Evil {TERMINAL} text",
}
# Comments and YAML take any character, so their attr_list payload has its quotes.
QUOTED = dict(PAYLOADS, attr_list='Evil {: onmouseover="alert(1)" }')

PARENT = "egyptian"
EXAMPLE = {"rule": "pair", "floor": ["7H", "2C", "KD"], "plays": ["7S"], "expect": {"takes": ["7H"], "basra": 0}}


# ------------------------------------------------------------------ hostile files

def variant_text(title="Evil Basra", parent=PARENT, header="", lines=(), option_doc="a house option",
                 option_comment="", basra_lines=('  called "basra"',)) -> str:
    """Returns a child variant with the given header lines, an option and a basra section."""
    text = (f"# {header}\n" if header else "") + f'variant evil "{title}" extends {parent}\n'
    text += "".join(line + "\n" for line in lines) + "\n"
    text += (f"# {option_comment}\n" if option_comment else "")
    text += f'option house: yes | no = no "{option_doc}"\n\nbasra:\n'
    text += "".join(line + "\n" for line in basra_lines)
    return text


def write(tmp_path: Path, text: str, examples: list | None = None, stem: str = "evil") -> Path:
    """Writes a variant file (and its worked examples) and returns its path."""
    path = tmp_path / f"{stem}.basra"
    path.write_text(text, encoding="utf-8")
    if examples is not None:
        document = {"variant": "evil", "examples": examples}
        (tmp_path / f"{stem}.examples.yaml").write_text(yaml.safe_dump(document, allow_unicode=True),
                                                       encoding="utf-8")
    return path


def field_title(tmp_path, p):
    return write(tmp_path, variant_text(title=p))


def field_called(tmp_path, p):
    return write(tmp_path, variant_text(basra_lines=[f'  called "{p}"']))


def field_about(tmp_path, p):
    return write(tmp_path, variant_text(lines=[f'about "{p}"']))


def field_aliases(tmp_path, p):
    return write(tmp_path, variant_text(lines=[f'aliases "Plain name", "{p}"']))


def field_region(tmp_path, p):
    return write(tmp_path, variant_text(lines=[f'region "{p}"']))


def field_source_title(tmp_path, p):
    return write(tmp_path, variant_text(lines=[f'source "{p}" link "https://example.org/rules" note "a note"']))


def field_source_note(tmp_path, p):
    return write(tmp_path, variant_text(lines=[f'source "A book" link "https://example.org/rules" note "{p}"']))


def field_source_link(tmp_path, p):
    return write(tmp_path, variant_text(lines=[f'source "A book" link "{p}"']))


def field_option_description(tmp_path, p):
    return write(tmp_path, variant_text(option_doc=p))


def field_header_comment(tmp_path, p):
    return write(tmp_path, variant_text(header=p))


def field_option_comment(tmp_path, p):
    return write(tmp_path, variant_text(option_comment=p))


def field_clause_comment(tmp_path, p):
    return write(tmp_path, variant_text(basra_lines=[f"  # {p}", '  called "basra"']))


def field_trailing_comment(tmp_path, p):
    return write(tmp_path, variant_text(basra_lines=[f'  called "basra"  # {p}']))


def field_parent_title(tmp_path, p):
    """A parent variant beside the child, with the hostile title: the child's page names it."""
    (tmp_path / "evilparent.basra").write_text(variant_text(title=p).replace("variant evil ", "variant evilparent "),
                                               encoding="utf-8")
    return write(tmp_path, variant_text(parent="evilparent"))


def field_example_name(tmp_path, p):
    return write(tmp_path, variant_text(), [dict(EXAMPLE, name=p)])


def field_example_cite(tmp_path, p):
    return write(tmp_path, variant_text(), [dict(EXAMPLE, name="a seven pairs a seven", cite=p)])


def field_example_option(tmp_path, p):
    """An example choosing a value no option has: its value and the engine's complaint are shown."""
    return write(tmp_path, variant_text(), [dict(EXAMPLE, name="a house rule", options={"house": p})])


# field -> (writer, whether the field takes any character, so the quoted payloads)
FIELDS = {
    "title": (field_title, False),
    "called": (field_called, False),
    "about": (field_about, False),
    "aliases": (field_aliases, False),
    "region": (field_region, False),
    "source title": (field_source_title, False),
    "source note": (field_source_note, False),
    "source link": (field_source_link, False),
    "option description": (field_option_description, False),
    "header comment": (field_header_comment, True),
    "option comment": (field_option_comment, True),
    "clause comment": (field_clause_comment, True),
    "trailing comment": (field_trailing_comment, True),
    "parent title": (field_parent_title, False),
    "example name": (field_example_name, True),
    "example cite": (field_example_cite, True),
    "example option": (field_example_option, True),
}


# ------------------------------------------------------------------ reading the page as a browser would

def _our_svg(attrs: dict) -> bool:
    """Whether an <svg> is one the rulebook draws: a card, a table diagram, or the page's
    hidden sprite of card faces (cardfaces.sprite_for)."""
    if (attrs.get("class") or "").split()[:1] in (["basra-pic"], ["basra-table"]):
        return True
    return attrs.get("width") == "0" and attrs.get("height") == "0" and attrs.get("focusable") == "false"


class Page(HTMLParser):
    """Collects the elements, the attributes and the visible text of an HTML page (but for the
    code blocks: the source tab shows the whole file, so its text proves nothing)."""

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.tags: list[str] = []
        self.attributes: list[tuple[str, str, str]] = []  # (tag, name, value)
        self.text: list[str] = []
        self.in_code = 0
        self.foreign_svg: list[dict] = []

    def handle_starttag(self, tag, attrs):
        self.tags.append(tag)
        if tag == "svg" and not _our_svg(dict(attrs)):
            self.foreign_svg.append(dict(attrs))
        self.attributes += [(tag, name, value or "") for name, value in attrs]
        self.in_code += tag == "pre"

    def handle_startendtag(self, tag, attrs):
        self.tags.append(tag)
        self.attributes += [(tag, name, value or "") for name, value in attrs]

    def handle_endtag(self, tag):
        self.in_code -= tag == "pre" and self.in_code > 0

    def handle_data(self, data):
        if not self.in_code:
            self.text.append(data)

    def visible(self) -> str:
        return " ".join("".join(self.text).split())


def to_html(body: str) -> tuple[str, list]:
    """Returns the page body as HTML, as mkdocs would make it, and its table of contents."""
    md = markdown.Markdown(extensions=EXTENSIONS, extension_configs=EXTENSION_CONFIGS)
    return md.convert(body), md.toc_tokens


def toc_names(tokens: list) -> list[str]:
    return [name for t in tokens for name in [t["name"], *toc_names(t["children"])]]


def url_is_allowed(value: str) -> bool:
    """Returns whether a link is one a rulebook page may hold: http(s), or a page or anchor of the site."""
    url = re.sub(r"[\x00-\x20\x7f-\x9f]", "", value).lower()  # what a browser ignores in a URL
    if url.startswith(("//", "\\\\", "/\\", "\\/")):
        return False
    scheme = urlsplit(url).scheme
    return scheme in ("", "http", "https")


def rendered(path: Path):
    """Returns the page of a variant file: its front matter, its parsed HTML, its TOC and the page."""
    page = render_variant(path)
    body, meta = get_data(page.markdown)
    html, toc = to_html(body)
    parsed = Page()
    parsed.feed(html)
    parsed.close()
    return meta, parsed, toc, page, html


def assert_harmless(path: Path, shown: str | None):
    """Checks the page of ``path`` for anything a file could run or plant, and that ``shown`` is visible."""
    meta, parsed, toc, page, html = rendered(path)
    assert not CONTROL.search(page.markdown), "a control character reached the page"
    assert not any(CONTROL.search(problem) for problem in page.problems), "a control character reached a warning"
    assert set(meta) <= {"title", "description", "tags"}, f"the front matter was broken into: {meta}"
    for key in ("title", "description"):
        # mkdocs-material prints these into <title> and an attribute without escaping them
        assert not re.search(r'[<>"]', meta.get(key, "")), f"front matter {key}: {meta[key]!r}"
    assert not re.search(r'[<>"]', page.title), f"the nav title {page.title!r} is not HTML text"
    assert all(re.fullmatch(r"\d+ players", tag) for tag in meta.get("tags", []))
    foreign = FOREIGN_TAGS & set(parsed.tags)
    assert not foreign, f"elements from the file: {foreign}"
    assert not parsed.foreign_svg, f"an <svg> the rulebook does not draw: {parsed.foreign_svg}"
    for tag, name, value in parsed.attributes:
        assert not name.startswith("on"), f"<{tag} {name}={value!r}>"
        if name in URL_ATTRIBUTES:
            assert url_is_allowed(value), f"<{tag} {name}={value!r}>"
        elif name == "id":  # made from a heading's text by the toc extension: a slug
            assert re.fullmatch(r"[\w-]+", value), f"<{tag} id={value!r}>"
        else:
            assert "alert" not in name + value, f"an attribute from the file: <{tag} {name}={value!r}>"
    for name in toc_names(toc):  # mkdocs prints TOC entries without escaping them
        assert "<" not in name, f"TOC entry {name!r}"
    if shown is not None:
        visible = " ".join(CONTROL.sub("", shown).split())
        assert visible in parsed.visible(), f"{visible!r} is not shown on the page"
    return parsed


# ------------------------------------------------------------------ every field, every payload

@pytest.mark.parametrize("payload", list(PAYLOADS))
@pytest.mark.parametrize("field", list(FIELDS))
def test_hostile_text_is_shown_as_text(tmp_path, field, payload):
    writer, quoted = FIELDS[field]
    text = (QUOTED if quoted else PAYLOADS)[payload]
    path = writer(tmp_path, text)
    assert_harmless(path, text)


@pytest.mark.parametrize("link", [
    "javascript:alert(1)", "JavaScript:alert(1)", " javascript:alert(1)", "java\tscript:alert(1)",
    "javascript&#58;alert(1)", "data:text/html,<script>alert(1)</script>", "vbscript:msgbox(1)",
    "//evil.example/x", "evil.html", "/etc/passwd", f"https://{TERMINAL}example.org",
])
def test_source_links_other_than_http_are_not_links(tmp_path, link):
    parsed = assert_harmless(field_source_link(tmp_path, link), None)
    hrefs = [value.lower() for _, name, value in parsed.attributes if name == "href" and not value.startswith("#")]
    assert not [h for h in hrefs if any(bad in h for bad in ("evil", "alert", "passwd", "msgbox", "data:", "52;c"))]
    assert "A book" in parsed.visible()


@pytest.mark.parametrize("link", [
    'https://example.org/a) onmouseover=alert(1)',
    "https://example.org/a>b<img src=x onerror=alert(1)>",
    "https://example.org/x (title) [y] `z` {: onclick=alert(1) }",
    "HTTPS://example.org/UPPER",
])
def test_http_source_links_cannot_close_the_link(tmp_path, link):
    parsed = assert_harmless(field_source_link(tmp_path, link), None)
    hrefs = [value for tag, name, value in parsed.attributes if tag == "a" and name == "href"
             and "example.org" in value]
    assert len(hrefs) == 1, hrefs
    assert hrefs[0].lower().startswith("https://example.org/")
    assert not re.search(r"[\s<>\"'`()\[\]{}]", hrefs[0]), hrefs[0]


def test_title_cannot_break_out_of_the_front_matter(tmp_path):
    # the language allows neither a double quote nor a line feed in a string; it allows these
    title = "Evil\r---\rtitle: pwned\rtags: [x]\u2028<script>alert(1)</script> \\ end\\"
    meta, *_ = rendered(field_title(tmp_path, title))
    assert set(meta) == {"title", "tags"}
    assert meta["title"] == "Evil --- title: pwned tags: [x] &lt;script&gt;alert(1)&lt;/script&gt; \\ end\\"
    assert_harmless(field_title(tmp_path, title), "Evil --- title: pwned tags: [x] <script>alert(1)</script>")


def test_a_title_ending_in_attributes_stays_in_the_heading(tmp_path):
    _, _, toc, _, html = rendered(field_title(tmp_path, "Evil {: onmouseover=alert(1) }"))
    assert "<h1" in html and "onmouseover=alert(1) }" in html.split("<h1", 1)[1].split("</h1>", 1)[0]
    assert toc[0]["name"].startswith("Evil {: onmouseover=alert(1) }")


@pytest.mark.parametrize("start", ["# Heading", "## Heading", "> quote", "- item", "+ item", "* item", "1. item",
                                   "!!! danger", "??? note", "=== tab", "~~~ x", "``` x", "    code", "| a | b |",
                                   "---", "***", "___", "[x]: javascript:alert(1)", "<div markdown>x</div>"])
@pytest.mark.parametrize("writer", [field_about, field_header_comment], ids=["about", "header comment"])
def test_text_at_the_start_of_a_line_starts_no_block(tmp_path, writer, start):
    """An ``about`` line and a comment paragraph stand at the start of a line: they make no block,
    so the page has the same elements as with plain words there."""
    _, plain_page, _, _, _ = rendered(writer(tmp_path, "Plain words"))
    _, parsed, _, _, _ = rendered(writer(tmp_path, start))
    assert Counter(parsed.tags) == Counter(plain_page.tags)
    assert " ".join(start.split()).lower() in parsed.visible().lower()  # a comment is capitalised


def test_the_file_name_cannot_close_the_source_fence(tmp_path):
    """The file name is shown in a code span and as the title of the source fence."""
    stem = 'evil` <img src=x onerror=alert(1)> " title_mode="html'
    path = write(tmp_path, variant_text(basra_lines=['  # <script>alert(1)</script>', '  called "basra"']), stem=stem)
    assert_harmless(path, "<img src=x onerror=alert(1)>")
    _, _, _, _, html = rendered(path)
    # the fence still opens: the file is highlighted code under its (escaped) name
    assert '<span class="filename">evil` &lt;img src=x onerror=alert(1)&gt;' in html
    assert '<span class="k">variant</span>' in html


class Site(HTMLParser):
    """Collects what a built page of the site could run: event handlers, foreign elements, scripts."""

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.open: list[str] = []
        self.found: list[str] = []

    def handle_starttag(self, tag, attrs):
        self.open.append(tag)
        if tag in ("img", "iframe", "object", "embed", "frame", "base", "video", "audio"):
            self.found.append(f"<{tag}>")
        for name, value in attrs:
            if name.startswith("on") or name in URL_ATTRIBUTES and not url_is_allowed(value or ""):
                self.found.append(f"<{tag} {name}={value!r}>")

    def handle_endtag(self, tag):
        if tag in self.open:
            del self.open[len(self.open) - 1 - self.open[::-1].index(tag):]

    def handle_data(self, data):
        if self.open and self.open[-1] == "script" and "alert" in data:
            self.found.append(f"<script>{data[:60]}")


def test_a_site_built_with_the_theme_prints_hostile_text_as_text(tmp_path, monkeypatch):
    """The theme prints the page title (``<title>``, navigation, footer), the description and the
    TOC without escaping them: a real mkdocs-material build of a hostile page, as the hook adds it."""
    from mkdocs.commands.build import build
    from mkdocs.config import load_config

    monkeypatch.setenv("NO_MKDOCS_2_WARNING", "1")
    source = tmp_path / "variants"
    source.mkdir()
    title = "<script>alert(1)</script> {: onmouseover=alert(1) }"
    page = render_variant(write(source, variant_text(title=title, lines=[
        f'about "{PAYLOADS["img"]}"', f'aliases "{PAYLOADS["link"]}"', 'source "S" link "javascript:alert(1)"'])))
    docs = tmp_path / "docs"
    (docs / "rules").mkdir(parents=True)
    (docs / "index.md").write_text("# Home\n", encoding="utf-8")
    (docs / "rules" / "evil.md").write_text(page.markdown, encoding="utf-8")
    config = yaml.safe_load((ROOT / "mkdocs.yml").read_text(encoding="utf-8"))
    for key in ("hooks", "validation", "strict", "extra_css"):
        config.pop(key, None)
    # the page is added by hand here, not by the basra plugin (which would publish a folder)
    config["plugins"] = [p for p in config["plugins"] if not (isinstance(p, dict) and "basra" in p)]
    # the plugin (basra_dsl/docsite.py) puts each variant in the navigation under page.title
    config.update(docs_dir=str(docs), site_dir=str(tmp_path / "site"),
                  nav=[{"Home": "index.md"}, {page.title: "rules/evil.md"}])
    (tmp_path / "mkdocs.yml").write_text(yaml.safe_dump(config), encoding="utf-8")
    build(load_config(config_file=str(tmp_path / "mkdocs.yml")))
    for html in (tmp_path / "site").rglob("*.html"):
        text = html.read_text(encoding="utf-8")
        scan = Site()
        scan.feed(text)
        assert not scan.found, f"{html.name}: {scan.found}"
        assert not re.search(r"<title>[^<]*<(?!/title>)", text), "markup in <title>"
    evil = (tmp_path / "site" / "rules" / "evil.html").read_text(encoding="utf-8")
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in evil.split("<title>", 1)[1].split("</title>", 1)[0]
    assert 'content="&lt;img src=x onerror=alert(1)&gt;"' in evil


def test_problems_of_hostile_examples_are_plain_text(tmp_path):
    """Examples the engine disagrees with become warnings printed to a terminal: no escape codes."""
    path = write(tmp_path, variant_text(), [dict(EXAMPLE, name=f"evil {TERMINAL}", expect={"takes": ["2C"]})])
    page = render_variant(path)
    assert page.problems and not any(CONTROL.search(p) for p in page.problems)


# ------------------------------------------------------------------ the escaping itself

def test_ordinary_prose_is_unchanged():
    for text in ("Lobashev's Basra", "The coffee-house fishing game of Egypt: pair and add up (A, 2, 6).",
                 "what the double basra is worth when jack_on_jack is on", "2 or 4 players; 26-26 ties",
                 'the page says "no points" in that hand', "Basra (Yemen)", "Morabaá"):
        assert inline(text) == text


def test_markdown_and_html_are_escaped():
    assert inline("<b>&amp;") == "&lt;b&gt;&amp;amp;"
    assert inline("[x](y) *a* _b_ `c` {: d } # e | f \\") == \
        "\\[x\\](y) \\*a\\* \\_b\\_ \\`c\\` \\{: d \\} \\# e \\| f \\\\"
    assert inline("# title") == "\\# title" and inline("1. one") == "1\\. one"
    assert inline("line\nbreak\x1b[31m\x07 end") == "line break\\[31m end"


def test_plain_text_has_no_control_characters():
    assert plain(f" a\tb\r\nc\u2028d{TERMINAL}\x85e ") == "a b  c d]52;c;aGFja2Vk e"


def test_front_matter_is_a_quoted_yaml_string_of_html_text():
    text = 'A "quoted" <b>title</b> \\ & more\r---'
    assert yaml.safe_load("title: " + front_matter_value(text)) == {
        "title": "A &quot;quoted&quot; &lt;b&gt;title&lt;/b&gt; \\ &amp; more ---"}


@pytest.mark.parametrize("url, expected", [
    ("https://www.pagat.com/fishing/basra.html", "https://www.pagat.com/fishing/basra.html"),
    ("  HTTP://example.org/a b ", "HTTP://example.org/a%20b"),
    ("https://en.wikipedia.org/wiki/Bastra_(card_game)", "https://en.wikipedia.org/wiki/Bastra_%28card_game%29"),
    ("https://example.org/\"><script>", "https://example.org/%22%3E%3Cscript%3E"),
    ("javascript:alert(1)", None), ("data:text/html,x", None), ("//example.org", None), ("page.html", None),
    ("https:", None), ("https://", None), ("ftp://example.org", None),
])
def test_only_http_links_are_links(url, expected):
    assert safe_url(url) == expected


def test_a_bundled_page_is_unchanged():
    """The escaping leaves ordinary pages as they were (the golden tests compare every page)."""
    for name in ("egyptian", "yemeni"):
        assert render_variant(name).markdown == (GOLDEN / f"{name}.md").read_text(encoding="utf-8")
