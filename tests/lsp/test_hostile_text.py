"""Text from a variant file shown by `basra lsp` is shown as text: a hover or a completion
quotes titles, descriptions and the parent's lines, and a hostile file (a club's repository
takes pull requests) must not turn them into a link, an image (which some editors fetch),
raw HTML, emphasis, or terminal codes. Each answer is rendered as an editor would render it
(GitHub-flavoured Markdown with raw HTML on and bare addresses made links) and must show
the file's text exactly, and nothing else."""

from __future__ import annotations

import html
import re
from pathlib import Path

import pytest
from lsp_client import at, open_document
from lsprotocol import types
from markdown_it import MarkdownIt
from pytest_lsp import LanguageClient

from basra_dsl.language.tree_cache import parsed
from basra_dsl.lsp.complete import suggestions
from basra_dsl.lsp.convert import completion, symbols
from basra_dsl.lsp.hover import hover_text
from basra_dsl.lsp.lines import Lines

HOSTILE = ("[click](https://evil.example) ![x](https://evil.example/x.png) <img src=x onerror=alert(1)> "
           "**bold** _it_ `code` ~~gone~~ www.evil.com mail me@evil.com or evil.com &amp; <https://evil.example>")
CONTROLS = "\x1b[31mred\x07\u202e"  # a terminal's colour, a bell, a right-to-left override


def rendered(markdown: str) -> str:
    """HTML as an editor draws the Markdown: tables, strikethrough, raw HTML and bare links on."""
    return MarkdownIt("gfm-like", {"linkify": True}).enable("linkify").render(markdown)


def shown(markdown: str) -> str:
    """The text a reader sees in the rendered Markdown."""
    return html.unescape(re.sub(r"<[^>]*>", "", rendered(markdown)))


def assert_text_only(markdown: str, *texts: str) -> None:
    """The Markdown shows each text as written, as text (no tag inside it: no link, image,
    emphasis or HTML), forms no link or image anywhere, and holds no control character."""
    drawn = rendered(markdown)
    for text in texts:
        as_text = text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace('"', "&quot;")
        assert as_text in drawn, (text, markdown, drawn)
    assert "<a " not in drawn and "<img" not in drawn, drawn
    assert not any(ch in markdown for ch in "\x1b\x07\u202e"), markdown


def hostile_variant(title: str = "Evil", about: str = "A game", doc: str = HOSTILE, rule: str = "Pairing") -> str:
    return (f'variant evil "{title}"\n'
            f'about "{about}"\n'
            f'option big: yes | no = no "{doc}"\n'
            "setup:\n  deck 52\n  players 2\n  hand 4\n  start floor 4\n"
            f'capture:\n  pair "{rule}": any takes rank\n'
            "basra:\n  clear: 10 when cleared and big\n"
            "game:\n  first to 101\n")


def column_of(text: str, line: int, word: str) -> int:
    """The column (from 1) of ``word`` on ``line`` (from 1)."""
    return text.split("\n")[line - 1].index(word) + 1


def test_an_options_description_is_shown_as_text_on_its_line_and_where_it_is_read():
    text = hostile_variant()
    on_line = hover_text(text, "/tmp/basra-lsp/evil.basra", 3, 2)
    assert on_line.startswith("**option big**")
    assert_text_only(on_line, HOSTILE)
    where_read = hover_text(text, "/tmp/basra-lsp/evil.basra", 12, column_of(text, 12, "big") + 1)
    assert where_read.startswith("**big**")
    assert_text_only(where_read, HOSTILE)


def test_control_characters_never_reach_the_hover():
    said = hover_text(hostile_variant(doc=f"plain {CONTROLS} words"), "/tmp/basra-lsp/evil.basra", 3, 2)
    assert not any(ch in said for ch in "\x1b\x07\u202e") and "plain [31mred words" in shown(said)


def test_an_ordinary_description_still_reads_as_written():
    doc = "Jacks sweep the floor (as in Cairo's cafés): 10 points, e.g. with 7D - not in Scopa"
    said = hover_text(hostile_variant(doc=doc), "/tmp/basra-lsp/evil.basra", 3, 2)
    assert said.endswith("\n\n" + doc.replace("e.g.", "e&#46;g."))  # the one dot a linkifier could read
    assert_text_only(said, doc)


def test_a_rules_title_and_a_parents_title_and_about_are_shown_as_text(tmp_path: Path):
    (tmp_path / "evil.basra").write_text(hostile_variant(title=HOSTILE, about=HOSTILE, rule=HOSTILE))
    child = 'variant mine "Mine" extends evil\ncapture:\n  pair: any takes rank when big\n'
    path = str(tmp_path / "mine.basra")
    parent = hover_text(child, path, 1, column_of(child, 1, "evil") + 1)
    assert parent.startswith("**")
    assert_text_only(parent, HOSTILE)
    replaced = hover_text(child, path, 3, 4)
    assert "Replaces the rule of" in replaced
    assert_text_only(replaced, HOSTILE)


def test_an_options_description_in_a_completion_is_text_and_its_detail_one_plain_line():
    text = hostile_variant(doc=HOSTILE + CONTROLS) + "basra:\n  more: 5 when \n"
    found = {s.label: s for s in suggestions(text, "/tmp/basra-lsp/evil.basra", 16, len("  more: 5 when ") + 1)}
    item = completion(found["big"])
    assert item.documentation.kind == types.MarkupKind.Markdown
    assert_text_only(item.documentation.value, HOSTILE)
    assert item.detail == "option: yes | no"


def test_a_file_that_does_not_load_still_gives_plain_details():
    text = f'variant x "X" extends egyptian\noption big: yes{CONTROLS} | no = no "{HOSTILE}"\nbasra:\n  a: 1 when \n'
    found = {s.label: s for s in suggestions(text, "/tmp/basra-lsp/x.basra", 4, len("  a: 1 when ") + 1)}
    item = completion(found["big"])
    assert not any(ch in item.detail for ch in "\x1b\x07\u202e"), item.detail
    assert_text_only(item.documentation.value, HOSTILE)


def test_a_parents_line_offered_to_drop_stays_in_its_code_block(tmp_path: Path):
    title = "``` <img src=x onerror=alert(1)> [click](https://evil.example)"
    (tmp_path / "evil.basra").write_text(hostile_variant(rule=title))
    child = "variant mine \"Mine\" extends evil\ncapture:\n  drop \n"
    found = {s.label: s for s in suggestions(child, str(tmp_path / "mine.basra"), 3, len("  drop ") + 1)}
    doc = completion(found["pair"]).documentation.value
    drawn = rendered(doc)
    assert drawn.count("<pre>") == 1 and "<img" not in drawn and "<a " not in drawn, drawn
    assert f'pair "{title}": any takes rank' in shown(doc)


def test_the_outline_shows_the_title_on_one_plain_line():
    variant = parsed(hostile_variant(title=f"Evil{CONTROLS}"), "/tmp/basra-lsp/evil.basra")
    text = hostile_variant(title=f"Evil{CONTROLS}")
    detail = symbols(variant, Lines(text, len))[0].detail
    assert detail.startswith("Evil") and not any(ch in detail for ch in "\x1b\x07\u202e"), detail


@pytest.mark.asyncio
async def test_the_server_hovers_a_hostile_description_as_text(client: LanguageClient):
    text = hostile_variant()
    uri = open_document(client, "evil.basra", text)
    found = await client.text_document_hover_async(types.HoverParams(**at(uri, 2, 1)))
    assert found.contents.kind == types.MarkupKind.Markdown
    assert_text_only(found.contents.value, HOSTILE)
