"""The editor, looked at: a variant in Monaco (the editor component of VS Code; VS Code
itself cannot run here), highlighted by the extension's TextMate grammar and showing what
`basra lsp` answered: a finding with its quick fix, a hover, completions. The test asks the
server, hands its answers to the page (editors/preview), and keeps screenshots for the docs."""

from __future__ import annotations

import functools
import json
import shutil
import subprocess
import threading
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from urllib.parse import urlsplit

import pytest
from browser import chromium
from lsp_client import FOLDER, at, open_document
from lsprotocol import types
from lsprotocol.converters import get_converter
from pytest_lsp import LanguageClient

WebDriverWait = pytest.importorskip("selenium.webdriver.support.ui").WebDriverWait

ROOT = Path(__file__).parents[2]
EDITORS = ROOT / "editors"
SHOTS = ROOT / "artifacts" / "editor"

HOUSE = """variant house "House Basra" extends egyptian
option big_clear: yes | no = no "a clear with a jack scores 20"

basra:
  # tables that play big clears score 20 for one
  clear: 20 when big_clear and cleared and played is not J | 7D
  jack: 30 when played is J and floor.lone is J
"""


@pytest.fixture(scope="module")
def preview() -> Path:
    """editors/preview with its npm packages (Monaco, vscode-textmate, vscode-oniguruma)."""
    folder = EDITORS / "preview"
    if shutil.which("npm") is None:
        pytest.skip("npm is not on this machine, and scripts/test could not install it from the system's packages")
    if not (folder / "node_modules" / ".package-lock.json").is_file():
        done = subprocess.run(["npm", "ci", "--no-audit", "--no-fund", "--loglevel=error"], cwd=folder,
                              capture_output=True, text=True, timeout=600)
        if done.returncode != 0:
            pytest.skip(f"npm ci could not install the preview's packages from the registry: {done.stderr[-400:]}")
    return folder


class _Pages(SimpleHTTPRequestHandler):
    """Serves editors/ and, at /session.json?NAME, what the server answered for that view."""

    sessions: dict = {}

    def do_GET(self):  # noqa: N802 - the name http.server calls
        url = urlsplit(self.path)
        if url.path != "/session.json":
            return super().do_GET()
        body = json.dumps(self.sessions[url.query]).encode()
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, *args):
        pass


@pytest.fixture
def site(preview):
    handler = functools.partial(_Pages, directory=str(EDITORS))
    server = ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    yield server, _Pages.sessions
    server.shutdown()


def plain(value) -> dict:
    return get_converter().unstructure(value)


def word_range(text: str, line: int, character: int) -> dict:
    row = text.split("\n")[line]
    start = end = character
    while start > 0 and (row[start - 1].isalnum() or row[start - 1] == "_"):
        start -= 1
    while end < len(row) and (row[end].isalnum() or row[end] == "_"):
        end += 1
    return {"start": {"line": line, "character": start}, "end": {"line": line, "character": end}}


async def session(client: LanguageClient, name: str, text: str, hovers=(), complete=None) -> dict:
    """What the server says of a document: its findings, the quick fixes for them, hovers at
    the positions given and the completions at one."""
    uri = open_document(client, "house.basra", text, FOLDER / name)  # a document of its own for each view
    while uri not in client.diagnostics:
        await client.wait_for_notification(types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)
    found = {"uri": uri, "text": text, "diagnostics": [plain(d) for d in client.diagnostics[uri]],
             "hovers": [], "actions": [], "completions": []}
    for diagnostic in client.diagnostics[uri]:
        for action in await client.text_document_code_action_async(types.CodeActionParams(
                text_document=types.TextDocumentIdentifier(uri=uri), range=diagnostic.range,
                context=types.CodeActionContext(diagnostics=[diagnostic]))) or ():
            found["actions"].append({"title": action.title, "isPreferred": action.is_preferred,
                                     "range": plain(diagnostic.range),
                                     "edits": [plain(e) for e in action.edit.changes[uri]]})
    for line, character in hovers:
        said = await client.text_document_hover_async(types.HoverParams(**at(uri, line, character)))
        found["hovers"].append({"range": word_range(text, line, character), "contents": said.contents.value})
    if complete:
        listed = await client.text_document_completion_async(types.CompletionParams(**at(uri, *complete)))
        found["completions"] = [plain(item) for item in listed.items]
    return found


def show(browser, base: str, name: str) -> None:
    browser.get(f"{base}/preview/index.html?{name}")
    WebDriverWait(browser, 60).until(lambda b: b.find_element("tag name", "body").get_attribute("data-ready"))
    assert browser.find_element("tag name", "body").get_attribute("data-ready") == "yes"


def act(browser, line: int, character: int, command: str) -> None:
    browser.execute_script(
        "const e = window.basraEditor; e.focus();"
        f"e.setPosition({{lineNumber: {line + 1}, column: {character + 1}}});"
        f"e.trigger('test', '{command}', {{}});")


def wait_for(browser, selector: str, words: str) -> str:
    WebDriverWait(browser, 30).until(
        lambda b: any(words in e.text for e in b.find_elements("css selector", selector)))
    return next(e.text for e in browser.find_elements("css selector", selector) if words in e.text)


@pytest.mark.asyncio
async def test_the_editor_shows_the_servers_findings_hover_and_completions(client: LanguageClient, site):
    server, sessions = site
    row = HOUSE.split("\n")[5]
    misspelled = HOUSE.replace("and cleared and", "and cleard and")
    sessions["findings"] = await session(client, "findings", misspelled)
    sessions["hover"] = await session(client, "hover", HOUSE, hovers=[(5, 3), (5, row.index("7D"))])
    writing = HOUSE.replace("floor.lone is J\n", "floor.lone is J\n  seven: 10 when played is \n")
    sessions["completion"] = await session(client, "completion", writing, complete=(7, 27))
    assert not [d for d in sessions["hover"]["diagnostics"] if d["severity"] == 1]
    assert any(a["title"] == "Write 'cleared'" for a in sessions["findings"]["actions"])

    base = f"http://127.0.0.1:{server.server_address[1]}"
    SHOTS.mkdir(parents=True, exist_ok=True)
    with chromium(window="1000,640") as browser:
        show(browser, base, "findings")
        colours = "return new Set([...document.querySelectorAll('.view-line span span')].map(s => s.className)).size"
        WebDriverWait(browser, 30).until(lambda b: b.execute_script(colours) >= 8)  # the grammar at work:
        # sections, keywords, rule names, names, strings, cards, operators, comments
        act(browser, 5, misspelled.split("\n")[5].index("cleard") + 2, "editor.action.showHover")
        said = wait_for(browser, ".monaco-hover", "unknown name 'cleard'")
        assert "did you mean 'cleared'?" in said and "B201" in said and "Quick Fix" in said
        browser.save_screenshot(str(SHOTS / "findings.png"))

        show(browser, base, "hover")
        act(browser, 5, 3, "editor.action.showHover")
        said = wait_for(browser, ".monaco-hover", "Replaces the rule of Egyptian Basra")
        assert "20 points" in said
        browser.save_screenshot(str(SHOTS / "hover.png"))

        show(browser, base, "completion")
        act(browser, 7, 27, "editor.action.triggerSuggest")
        listed = wait_for(browser, ".suggest-widget", "numeral")
        assert "picture" in listed and "hearts" in listed
        browser.save_screenshot(str(SHOTS / "completion.png"))
