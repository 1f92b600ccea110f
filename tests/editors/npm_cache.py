"""The editors' npm packages (editors/vscode, editors/preview), installed from their lock files
into a cache folder outside the checkout and linked in as ``node_modules``.

``npm ci`` in the folder itself would leave some 250 MB in the source tree; here the packages
go to ``$BASRA_TEST_CACHE/npm/FOLDER-HASH`` (else ``$XDG_CACHE_HOME/basra-dsl-test``, else
``~/.cache/basra-dsl-test``), the hash being that of package.json and package-lock.json, so
an install is made once per lock file and kept. ``FOLDER/node_modules`` is a link to it:
Node.js, npx, esbuild, vsce and the preview's page find the packages where they always did.

``python tests/editors/npm_cache.py FOLDER...`` (run by scripts/test) installs for each folder
and prints one line for each it could not, saying which tests are skipped and why.
"""

from __future__ import annotations

import hashlib
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

KEPT = 3  # installs kept for each folder (the current one and the newest others, for other checkouts)


def cache_folder() -> Path:
    """The test job's cache folder (scripts/test uses the same one for its virtual environment)."""
    if os.environ.get("BASRA_TEST_CACHE"):
        return Path(os.environ["BASRA_TEST_CACHE"])
    return Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache") / "basra-dsl-test"


def node_missing() -> str | None:
    """Why npm packages cannot be installed and run here, naming each missing program (None: they can)."""
    absent = [what for what, name in (("Node.js (apt-get install nodejs)", "node"), ("npm (apt-get install npm)", "npm"))
              if shutil.which(name) is None]
    return f"{' and '.join(absent)} {'is' if len(absent) == 1 else 'are'} not installed" if absent else None


def install(folder: Path, cache: Path | None = None) -> str | None:
    """Makes ``folder/node_modules`` a link to the packages of the folder's lock file, installed
    with ``npm ci`` in the cache folder if they are not there yet; returns why it could not, or None."""
    folder = Path(folder).resolve()
    npm_cache = Path(os.path.abspath(cache or cache_folder())) / "npm"
    manifests = [folder / "package.json", folder / "package-lock.json"]
    digest = hashlib.sha256(b"".join(path.read_bytes() for path in manifests)).hexdigest()[:16]
    target = npm_cache / f"{folder.name}-{digest}"
    if not (target / "installed").is_file():
        if reason := node_missing():
            return reason
        npm_cache.mkdir(parents=True, exist_ok=True)
        work = Path(tempfile.mkdtemp(prefix=f".{folder.name}-", dir=npm_cache))
        for path in manifests:
            shutil.copy2(path, work / path.name)
        try:
            done = subprocess.run(["npm", "ci", "--no-audit", "--no-fund", "--loglevel=error"], cwd=work,
                                  capture_output=True, text=True, timeout=900)
        except subprocess.TimeoutExpired:
            done = subprocess.CompletedProcess([], 1, "", "npm ci took more than 15 minutes")
        if done.returncode != 0:
            shutil.rmtree(work, ignore_errors=True)
            return f"npm ci could not install the packages of {folder.name}'s lock file: {done.stderr.strip()[-400:]}"
        (work / "installed").write_text(digest + "\n", encoding="utf-8")
        try:
            work.rename(target)  # all at once: a run beside this one sees the install whole or not at all
        except OSError:  # such a run installed it first
            shutil.rmtree(work, ignore_errors=True)
        _prune(npm_cache, folder.name, target)
    _link(folder / "node_modules", target / "node_modules")
    return None


def _link(link: Path, modules: Path) -> None:
    if link.is_symlink():
        if Path(os.readlink(link)) == modules:
            return
        link.unlink()
    elif link.is_dir():  # an install an earlier npm ci left in the tree (npm ci would remove it too)
        old = link.with_name(f".node_modules-{os.getpid()}")
        link.rename(old)  # out of the way at once: the link takes its place before it is removed
        link.symlink_to(modules, target_is_directory=True)
        shutil.rmtree(old, ignore_errors=True)
        return
    link.symlink_to(modules, target_is_directory=True)


def _prune(npm_cache: Path, name: str, keep: Path) -> None:
    others = sorted((p for p in npm_cache.glob(f"{name}-*") if p != keep and (p / "installed").is_file()),
                    key=lambda p: p.stat().st_mtime, reverse=True)
    for old in others[KEPT - 1:]:
        shutil.rmtree(old, ignore_errors=True)


SKIPPED = {"vscode": "the VS Code extension's tests (grammar, snapshots, client, .vsix)",
           "preview": "the editor preview's screenshots"}


def main(folders: list[str]) -> int:
    for folder in folders:
        reason = install(Path(folder))
        if reason:
            print(f"scripts/test: skipping {SKIPPED.get(Path(folder).name, folder)}: {reason}", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
