"""Authors publish their own rulebook: `basra docs build` in any folder, `basra docs init`,
and the `basra` mkdocs plugin that the project's own site uses too (issue 10, section 1)."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml
from click.testing import CliRunner
from helpers import author_folder

from basra_dsl.cli import main

ROOT = Path(__file__).resolve().parents[2]
CAFE = ('# Friday nights.\nvariant cafe-rules "Cafe Rules" extends yemeni\n'
        'about "How the cafe plays."\nsetup:\n  hand 6\n')


@pytest.fixture
def club(tmp_path, monkeypatch):
    """An author's folder: variants/cafe-rules.basra, run from inside it."""
    return author_folder(tmp_path, monkeypatch, {"cafe-rules": CAFE})


def files_of(folder: Path) -> set[str]:
    return {p.relative_to(folder).as_posix() for p in folder.rglob("*") if p.is_file()}


def test_docs_build_publishes_a_folder_without_mkdocs_yml(club):
    result = CliRunner().invoke(main, ["docs", "build", "--site-dir", "out"])
    assert result.exit_code == 0, result.output
    site = files_of(club / "out")
    # the author's variant, the bundled chain it extends (yemeni, egyptian), a home and a comparison
    assert {"rules/cafe-rules.html", "rules/yemeni.html", "rules/egyptian.html", "index.html",
            "comparison.html", "stylesheets/basra.css"} <= site
    assert "rules/pishti.html" not in site  # only the variants of this site and their parents
    home = (club / "out" / "index.html").read_text(encoding="utf-8")
    assert 'href="rules/cafe-rules.html"' in home and "How the cafe plays." in home
    assert files_of(club) - {f"out/{f}" for f in site} == {"variants/cafe-rules.basra"}  # nothing else written


def test_the_default_site_folder_is_site_here(club):
    result = CliRunner().invoke(main, ["docs", "build"])
    assert result.exit_code == 0 and (club / "site" / "rules" / "cafe-rules.html").is_file(), result.output


def test_a_variant_that_cannot_be_published_fails_the_build(club):
    (club / "variants" / "broken.basra").write_text('variant broken "B" extends egyptian\nsetup:\n  hand 0\n')
    result = CliRunner().invoke(main, ["docs", "build", "--site-dir", "out"])
    assert result.exit_code == 1 and "broken.basra:3:8: error[B705]" in result.output + (result.stderr or "")


def test_docs_init_writes_a_site_that_uses_the_plugin(club):
    result = CliRunner().invoke(main, ["docs", "init", "--title", "Club rules"])
    assert result.exit_code == 0, result.output
    config = yaml.safe_load((club / "mkdocs.yml").read_text(encoding="utf-8"))
    assert config["site_name"] == "Club rules" and {"basra": {"variants": "variants"}} in config["plugins"]
    (club / "docs" / "house.md").write_text("# How we settle arguments\n\nThe dealer decides.\n")
    built = CliRunner().invoke(main, ["docs", "build", "--site-dir", "out"])
    assert built.exit_code == 0, built.output
    assert {"house.html", "rules/cafe-rules.html", "index.html"} <= files_of(club / "out")
    again = CliRunner().invoke(main, ["docs", "init"])
    assert again.exit_code == 2 and "already exists" in again.output


def test_the_plugin_takes_a_variants_folder_and_keeps_a_sites_own_home_page(club, tmp_path):
    site = tmp_path / "site-src"
    (site / "docs").mkdir(parents=True)
    (site / "docs" / "index.md").write_text("# Our club\n\nWelcome.\n")
    (site / "mkdocs.yml").write_text(yaml.safe_dump({
        "site_name": "Club", "theme": {"name": "material"}, "use_directory_urls": False,
        "plugins": ["search", {"basra": {"variants": "../variants", "comparison": False}}],
        "markdown_extensions": ["toc", "admonition", "attr_list", "md_in_html", "tables", "pymdownx.details",
                                "pymdownx.superfences", {"pymdownx.tabbed": {"alternate_style": True}}]}))
    result = CliRunner().invoke(main, ["docs", "build", "--config", str(site / "mkdocs.yml"),
                                       "--site-dir", str(tmp_path / "out")])
    assert result.exit_code == 0, result.output
    out = files_of(tmp_path / "out")
    assert "rules/cafe-rules.html" in out and "comparison.html" not in out
    assert "Welcome." in (tmp_path / "out" / "index.html").read_text(encoding="utf-8")


def test_the_projects_own_site_uses_the_same_plugin():
    config = (ROOT / "mkdocs.yml").read_text(encoding="utf-8")
    assert "hooks:" not in config
    plugins = yaml.safe_load(config)["plugins"]
    assert {"basra": {"variants": "variants", "reference": True, "home": False}} in plugins


def test_the_plugin_is_registered_by_entry_point():
    from importlib.metadata import entry_points
    found = {e.name: e.value for e in entry_points(group="mkdocs.plugins")}
    assert found.get("basra") == "basra_dsl.docsite:BasraPlugin"


def test_docs_serve_serves_a_folder_without_mkdocs_yml(club):
    import shutil
    import socket
    import subprocess
    import time
    import urllib.request
    with socket.socket() as probe:  # a free port on the loopback
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    basra = shutil.which("basra")
    server = subprocess.Popen([basra, "docs", "serve", "--dev-addr", f"127.0.0.1:{port}"], cwd=club,
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        page, deadline = None, time.monotonic() + 60
        while page is None and time.monotonic() < deadline and server.poll() is None:
            try:
                page = urllib.request.urlopen(f"http://127.0.0.1:{port}/rules/cafe-rules.html", timeout=2).read()
            except OSError:
                time.sleep(0.5)
        assert page is not None and b"Cafe Rules" in page
    finally:
        server.terminate()
        server.wait(timeout=30)
    assert sorted(p.name for p in club.iterdir()) == ["variants"]  # nothing written here


@pytest.mark.parametrize("command", ["build", "serve"])
def test_a_site_command_without_mkdocs_says_what_to_install(club, monkeypatch, command):
    monkeypatch.setitem(__import__("sys").modules, "mkdocs", None)  # as on a plain `pip install basra-dsl`
    result = CliRunner().invoke(main, ["docs", command])
    assert result.exit_code == 2, result.output
    assert "pip install 'basra-dsl[docs]'" in result.output and "internal error" not in result.output
