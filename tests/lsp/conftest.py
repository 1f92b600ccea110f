"""The language server's test client: pytest-lsp starts ``basra lsp`` as an editor would and
talks to it over standard input and output."""

from __future__ import annotations

import pytest_lsp
from lsp_client import FOLDER, SERVER
from lsprotocol import types
from pytest_lsp import ClientServerConfig, LanguageClient, client_capabilities


@pytest_lsp.fixture(config=ClientServerConfig(server_command=SERVER))
async def client(lsp_client: LanguageClient):
    await lsp_client.initialize_session(types.InitializeParams(
        capabilities=client_capabilities("visual-studio-code"),
        workspace_folders=[types.WorkspaceFolder(uri=FOLDER.as_uri(), name="variants")]))
    yield
    await lsp_client.shutdown_session()
