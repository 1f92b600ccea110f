"""The VS Code extension: its TextMate grammar (generated from the Pygments lexer, checked by
vscode-tmgrammar-test's assertions and snapshots, and token by token against the lexer on
every bundled variant), its language configuration, its client's wiring, and the .vsix."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
import zipfile
from pathlib import Path

import pytest
from npm_cache import install, node_missing
from pygments.token import Whitespace

from basra_dsl.language.highlight import BasraLexer
from basra_dsl.language.textmate import grammar_json, scope_of
from basra_dsl.resources import bundled_variants

ROOT = Path(__file__).parents[2]
EXTENSION = ROOT / "editors" / "vscode"
SNAPSHOTS = EXTENSION / "test" / "snapshots"
CONSTRUCTS = sorted((EXTENSION / "test" / "grammar").glob("*.basra"))


@pytest.fixture(scope="module")
def npm_packages() -> Path:
    """The extension's npm packages: installed from its lock file into the test cache folder
    (outside the checkout) when they are not there yet, and linked in as node_modules."""
    if reason := node_missing():
        pytest.skip(f"{reason}, and scripts/test could not install it from the system's packages")
    if reason := install(EXTENSION):
        pytest.skip(reason)
    return EXTENSION / "node_modules"


def run(command: list[str], timeout: int = 300) -> subprocess.CompletedProcess:
    return subprocess.run(command, cwd=EXTENSION, capture_output=True, text=True, timeout=timeout)


def test_the_grammar_is_the_one_generated_from_the_lexer():
    written = (EXTENSION / "syntaxes" / "basra.tmLanguage.json").read_text(encoding="utf-8")
    assert written == grammar_json(), \
        "regenerate it: python -m basra_dsl.language.textmate > editors/vscode/syntaxes/basra.tmLanguage.json"


def test_the_construct_files_are_variants_the_checker_accepts():
    done = subprocess.run(["basra", "check", *map(str, CONSTRUCTS)], capture_output=True, text=True, cwd=ROOT)
    assert done.returncode == 0, done.stdout + done.stderr


def test_the_grammar_assertions_hold(npm_packages):
    done = run(["npx", "--no-install", "vscode-tmgrammar-test", "-g", "syntaxes/basra.tmLanguage.json",
                "test/grammar/*.basra"])
    assert done.returncode == 0, done.stdout + done.stderr
    assert done.stdout.count("run successfuly") == len(CONSTRUCTS)  # (sic: the tool's own spelling)


def test_the_snapshots_of_every_variant_and_construct_are_current(npm_packages):
    done = run(["bash", "scripts/snapshots"])
    assert done.returncode == 0, done.stdout[-3000:] + "\nrewrite them: bash editors/vscode/scripts/snapshots -u"
    assert done.stdout.count("run successfully") == len(bundled_variants()) + len(CONSTRUCTS)


def test_a_changed_snapshot_fails(npm_packages, tmp_path):
    copy = tmp_path / "editors" / "vscode"  # laid out as in the project: the variants are ../../variants
    shutil.copytree(EXTENSION, copy, ignore=shutil.ignore_patterns("dist", "schemas", "node_modules"))
    (copy / "node_modules").symlink_to(npm_packages)
    snap = copy / "test" / "snapshots" / "egyptian.basra.snap"
    snap.write_text(snap.read_text(encoding="utf-8").replace("keyword.other.basra", "string.basra", 1), encoding="utf-8")
    shutil.copytree(ROOT / "variants", tmp_path / "variants")
    done = subprocess.run(["bash", "scripts/snapshots"], cwd=copy, capture_output=True, text=True, timeout=300)
    assert done.returncode != 0
    assert "egyptian.basra" in done.stdout and "string.basra keyword.other.basra" in done.stdout


def snapshot_scopes(snap: Path) -> tuple[list[str], list[list[list[str]]]]:
    """The source lines of a snapshot and, for each character, the scopes TextMate gave it."""
    lines: list[str] = []
    scopes: list[list[list[str]]] = []
    for row in snap.read_text(encoding="utf-8").split("\n"):
        if row.startswith(">"):
            lines.append(row[1:])
            scopes.append([[] for _ in row[1:]])
        elif row.startswith("#") and lines:
            found = re.match(r"#( *)(\^+) (.*)$", row)
            start = len(found.group(1))
            for column in range(start, start + len(found.group(2))):
                scopes[-1][column] = found.group(3).split()
    return lines, scopes


@pytest.mark.parametrize("name", [*bundled_variants(), *(p.stem for p in CONSTRUCTS)])
def test_textmate_gives_every_token_the_scope_the_lexer_gives_it(name):
    """No token the Pygments lexer names is left unscoped by the grammar, nor scoped otherwise."""
    lines, scopes = snapshot_scopes(SNAPSHOTS / f"{name}.basra.snap")
    text = "\n".join(lines) + "\n"
    line = column = 0
    wrong = []
    for _, token, value in BasraLexer().get_tokens_unprocessed(text):
        want = None if token in Whitespace else scope_of(token)
        for character in value:
            if character == "\n":
                line, column = line + 1, 0
                continue
            if want is not None and want not in scopes[line][column]:
                wrong.append((line + 1, column + 1, value, want, scopes[line][column]))
            column += 1
    assert wrong[:5] == []


def test_the_language_configuration_indents_after_a_section():
    configuration = json.loads((EXTENSION / "language-configuration.json").read_text(encoding="utf-8"))
    increase = re.compile(configuration["indentationRules"]["increaseIndentPattern"])
    assert increase.search("capture:") and increase.search("score:  # the points") and not increase.search("  pair: any")
    assert configuration["comments"]["lineComment"] == "#"
    manifest = json.loads((EXTENSION / "package.json").read_text(encoding="utf-8"))
    [language] = manifest["contributes"]["languages"]
    assert language["extensions"] == [".basra"] and manifest["contributes"]["grammars"][0]["scopeName"] == "source.basra"


def test_the_clients_wiring(npm_packages):
    done = run(["node", "--test", "test/"])
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-2000:]
    assert re.search(r"# pass 4\b", done.stdout) and re.search(r"# fail 0\b", done.stdout)


def test_the_vsix_builds_with_the_grammar_schema_and_client(npm_packages):
    done = run(["bash", "scripts/package"], timeout=600)
    assert done.returncode == 0, done.stderr[-3000:]
    vsix = Path(done.stdout.strip().splitlines()[-1])
    with zipfile.ZipFile(vsix) as packed:
        names = set(packed.namelist())
        manifest = json.loads(packed.read("extension/package.json"))
        bundle = packed.read("extension/out/extension.js").decode()
    assert {"extension/out/extension.js", "extension/syntaxes/basra.tmLanguage.json", "extension/readme.md",
            "extension/schemas/examples.schema.json", "extension/language-configuration.json"} <= names
    assert not any(n.startswith(("extension/test/", "extension/node_modules/")) for n in names)  # one bundle
    assert manifest["version"] == vsix.stem.rsplit("-", 1)[1] and manifest["main"] == "./out/extension.js"
    # the client and vscode-languageclient are in the bundle: it needs only VS Code and Node's own modules
    needed = set(re.findall(r'require\("([^"]+)"\)', bundle))
    assert "vscode" in needed and needed - {"vscode"} <= {"path", "child_process", "util", "os", "net", "fs", "crypto"}
    assert "could not start" in bundle  # the client's own code, not only the library's
