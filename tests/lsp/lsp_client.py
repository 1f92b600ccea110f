"""What the language server's tests share: how the server is started, and opening a document."""

from __future__ import annotations

import sys
from pathlib import Path

from lsprotocol import types
from pytest_lsp import LanguageClient

FOLDER = Path(__file__).parent / "data"  # never written: documents are opened from text
SERVER = [sys.executable, "-m", "basra_dsl.cli", "lsp"]

# the smallest whole variant: the tests make their documents from it (a name misspelled, an
# option added) so each shows only what it is about
TIDY = """variant tidy "Tidy"
setup:
  deck 52
  players 2
  hand 4
  start floor 4
capture:
  pair: any takes rank
basra:
  clear: 10 when cleared
game:
  first to 101
"""


def open_document(client: LanguageClient, name: str, text: str, folder: Path = FOLDER) -> str:
    """Opens a document as the editor would (with text, not from disk); returns its URI."""
    uri = (folder / name).as_uri()
    language = "yaml" if name.endswith(".yaml") else "basra"
    client.text_document_did_open(types.DidOpenTextDocumentParams(
        text_document=types.TextDocumentItem(uri=uri, language_id=language, version=1, text=text)))
    return uri


def at(uri: str, line: int, character: int) -> dict:
    """The document and position a request asks about (line and character from 0)."""
    return {"text_document": types.TextDocumentIdentifier(uri=uri), "position": types.Position(line, character)}
