"""The editors' npm packages are installed in the test cache folder, never in the checkout:
``node_modules`` is a link to an install made once for each lock file."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import npm_cache
import pytest

@pytest.fixture
def fake_npm(tmp_path, monkeypatch) -> Path:
    """An npm (and node) on the PATH whose `npm ci` writes node_modules/.package-lock.json and counts its runs."""
    bin_ = tmp_path / "bin"
    bin_.mkdir()
    runs = tmp_path / "npm-runs"
    (bin_ / "npm").write_text(f'#!{shutil.which("sh")}\necho "$PWD" >>"{runs}"\n'
                              'mkdir -p node_modules && cp package-lock.json node_modules/.package-lock.json\n')
    (bin_ / "node").write_text(f'#!{shutil.which("sh")}\n')
    for program in bin_.iterdir():
        program.chmod(0o755)
    monkeypatch.setenv("PATH", f"{bin_}{os.pathsep}{os.environ['PATH']}")
    return runs


def project(tmp_path: Path, lock: str) -> Path:
    folder = tmp_path / "tree" / "editors" / "vscode"
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "package.json").write_text('{"name": "x"}\n')
    (folder / "package-lock.json").write_text(lock)
    return folder


def test_the_install_is_in_the_cache_and_linked_into_the_tree(tmp_path, fake_npm):
    folder, cache = project(tmp_path, '{"lockfileVersion": 3}\n'), tmp_path / "cache"
    (folder / "node_modules").mkdir()  # an install an earlier npm ci left in the tree
    (folder / "node_modules" / "big").write_bytes(b"x" * 1000)
    assert npm_cache.install(folder, cache) is None
    link = folder / "node_modules"
    assert link.is_symlink() and (link / ".package-lock.json").is_file()
    assert Path(os.readlink(link)).is_relative_to(cache / "npm")
    assert sum(p.stat().st_size for p in folder.rglob("*") if not p.is_symlink() and p.is_file()) < 100
    assert npm_cache.install(folder, cache) is None  # installed once for a lock file
    assert len(fake_npm.read_text().splitlines()) == 1
    (folder / "package-lock.json").write_text('{"lockfileVersion": 3, "packages": {}}\n')
    assert npm_cache.install(folder, cache) is None  # a new lock file: a new install
    assert len(fake_npm.read_text().splitlines()) == 2
    assert (link / ".package-lock.json").read_text() == (folder / "package-lock.json").read_text()
    assert not any(Path(line).is_relative_to(tmp_path / "tree") for line in fake_npm.read_text().splitlines())


def test_a_failed_install_says_why_and_leaves_nothing(tmp_path, monkeypatch):
    bin_ = tmp_path / "bin"
    bin_.mkdir()
    (bin_ / "npm").write_text(f'#!{shutil.which("sh")}\necho "ENOTFOUND registry.npmjs.org" >&2\nexit 1\n')
    (bin_ / "node").write_text(f'#!{shutil.which("sh")}\n')
    for program in bin_.iterdir():
        program.chmod(0o755)
    monkeypatch.setenv("PATH", f"{bin_}{os.pathsep}{os.environ['PATH']}")
    folder, cache = project(tmp_path, "{}\n"), tmp_path / "cache"
    reason = npm_cache.install(folder, cache)
    assert reason.startswith("npm ci could not install the packages of vscode's lock file") and "ENOTFOUND" in reason
    assert not (folder / "node_modules").exists() and list((cache / "npm").iterdir()) == []


def test_without_node_or_npm_the_reason_names_each(monkeypatch, tmp_path):
    monkeypatch.setenv("PATH", str(tmp_path))
    assert npm_cache.node_missing() == ("Node.js (apt-get install nodejs) and npm (apt-get install npm) "
                                        "are not installed")
    assert npm_cache.install(project(tmp_path, "{}\n"), tmp_path / "cache") == npm_cache.node_missing()
