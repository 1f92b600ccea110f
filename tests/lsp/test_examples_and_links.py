"""`basra lsp` on worked-examples files (their examples played on the variant beside them, as
the editor holds it; the schema line offered), and the links of diagnostic codes."""

from __future__ import annotations

from pathlib import Path

import pytest
import pytest_lsp
from lsp_client import FOLDER, SERVER, TIDY, open_document
from lsprotocol import types
from pytest_lsp import ClientServerConfig, LanguageClient, client_capabilities

from basra_dsl.check.scaffold import schema_reference

VARIANT = TIDY.replace("cleared", "cleard")  # a variant that does not load

EXAMPLES = """variant: tidy
examples:
  - name: a seven pairs a seven
    rule: pair
    floor: [7H, 2C]
    plays: [7S]
    expect: {takes: [7H], basra: 0}
  - name: a seven takes the two
    rule: pair
    floor: [7H, 2C]
    plays: [7S]
    expect: {takes: [2C], basra: 0}
"""


async def findings(client: LanguageClient, uri: str) -> list[types.Diagnostic]:
    while uri not in client.diagnostics:
        await client.wait_for_notification(types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)
    return client.diagnostics[uri]


@pytest.mark.asyncio
async def test_examples_are_played_on_the_variant_as_the_editor_holds_it(client: LanguageClient):
    open_document(client, "tidy.basra", TIDY)
    uri = open_document(client, "tidy.examples.yaml", EXAMPLES)
    [wrong] = await findings(client, uri)
    assert wrong.code == "B601" and "expected it to take 2C, the engine takes 7H" in wrong.message
    assert wrong.range.start == types.Position(11, 20)


@pytest.mark.asyncio
async def test_examples_of_a_variant_that_does_not_load_wait_for_it(client: LanguageClient):
    open_document(client, "tidy.basra", VARIANT)
    uri = open_document(client, "tidy.examples.yaml", EXAMPLES)
    [waiting] = await findings(client, uri)
    assert waiting.code == "B605" and waiting.severity == types.DiagnosticSeverity.Warning


@pytest.mark.asyncio
async def test_a_saved_variant_publishes_its_examples_findings_on_the_examples_file(client: LanguageClient,
                                                                                     tmp_path: Path):
    (tmp_path / "tidy.basra").write_text(TIDY, encoding="utf-8")
    (tmp_path / "tidy.examples.yaml").write_text(EXAMPLES, encoding="utf-8")
    variant = open_document(client, "tidy.basra", TIDY, tmp_path)
    [wrong] = await findings(client, (tmp_path / "tidy.examples.yaml").as_uri())
    assert wrong.code == "B601" and wrong.range.start == types.Position(11, 20)
    assert not await findings(client, variant)


@pytest.mark.asyncio
async def test_an_examples_file_without_its_schema_line_is_offered_one(client: LanguageClient):
    uri = open_document(client, "tidy.examples.yaml", EXAMPLES)
    actions = await client.text_document_code_action_async(types.CodeActionParams(
        text_document=types.TextDocumentIdentifier(uri=uri), range=types.Range(types.Position(0, 0), types.Position(0, 0)),
        context=types.CodeActionContext(diagnostics=[])))
    schema = schema_reference(FOLDER / "tidy.basra")
    assert schema is not None  # the tests run inside the project, whose schema is in basra_dsl/schemas
    [action] = actions
    [edit] = action.edit.changes[uri]
    assert edit.new_text == f"# yaml-language-server: $schema={schema}\n"
    assert (FOLDER / schema).resolve() == Path(__file__).parents[2] / "basra_dsl" / "schemas" / "examples.schema.json"
    with_line = open_document(client, "other.examples.yaml", edit.new_text + EXAMPLES)
    assert not await client.text_document_code_action_async(types.CodeActionParams(
        text_document=types.TextDocumentIdentifier(uri=with_line), range=types.Range(types.Position(0, 0), types.Position(0, 0)),
        context=types.CodeActionContext(diagnostics=[])))


@pytest.mark.asyncio
async def test_a_code_links_to_its_explanation(client: LanguageClient):
    uri = open_document(client, "tidy.basra", VARIANT)
    [finding] = [d for d in await findings(client, uri) if d.code == "B201"]
    page, anchor = finding.code_description.href.split("#")
    assert page.startswith("file://") and anchor == "b201"
    text = Path(page.removeprefix("file://")).read_text(encoding="utf-8")
    assert "<section id='b201'><h2>B201: unknown name" in text


@pytest_lsp.fixture(config=ClientServerConfig(server_command=SERVER))
async def site_client(lsp_client: LanguageClient):
    await lsp_client.initialize_session(types.InitializeParams(
        capabilities=client_capabilities("visual-studio-code"),
        initialization_options={"docsUrl": "https://rules.example.org/basra/"}))
    yield
    await lsp_client.shutdown_session()


@pytest.mark.asyncio
async def test_a_code_links_to_the_rulebook_site_the_editor_names(site_client: LanguageClient):
    uri = open_document(site_client, "tidy.basra", VARIANT)
    [finding] = [d for d in await findings(site_client, uri) if d.code == "B201"]
    assert finding.code_description.href == "https://rules.example.org/basra/diagnostics.html#b201"
