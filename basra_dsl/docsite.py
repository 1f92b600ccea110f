"""The mkdocs plugin ``basra`` (``plugins: [basra]`` in mkdocs.yml): rulebook pages at build time.

It publishes a folder of variant files as rulebook pages in any mkdocs-material site: the
project's own site uses it for the bundled variants, and an author's site for their house
rules (``basra docs init`` writes a minimal mkdocs.yml that uses it). Nothing generated is
written to the docs folder: pages are added as in-memory files.

* ``on_config`` finds the variants (the ``variants`` option, else ``variants/`` beside
  mkdocs.yml, else the .basra files there), adds a nav entry per variant to the
  ``section`` of the nav (when the site has a nav) and drops nav entries whose page does
  not exist, and adds the rulebook's stylesheet.
* ``on_files`` adds the generated pages: one per variant and per bundled variant it
  extends (``parents: pages``), the comparison, a home page when the site has none, and
  with ``reference: true`` the CLI reference and the schema pages. Examples the engine
  disagrees with are logged as warnings, which ``mkdocs build --strict`` turns into a
  failed build.
"""

from __future__ import annotations

import logging
from pathlib import Path

from mkdocs.config import base
from mkdocs.config import config_options as c
from mkdocs.exceptions import PluginError
from mkdocs.plugins import BasePlugin
from mkdocs.structure.files import File, Files

from basra_dsl.cli import main as basra_command
from basra_dsl.cli.docs import REFUSED
from basra_dsl.diagnostics import DiagnosticError
from basra_dsl.diagnostics.render import location
from basra_dsl.rulebook import ASSETS, STYLESHEET, SitePages, page_path, shown_problems, site_catalog, site_pages

log = logging.getLogger("mkdocs.plugins.basra")


class VariantsRefused(PluginError):
    """The variants' own findings, which stop a build: ``mkdocs build`` shows the message,
    ``basra docs build`` and ``serve`` the findings (``diagnostics``) with their lines."""

    def __init__(self, refused: DiagnosticError):
        self.diagnostics = refused.diagnostics
        super().__init__("\n".join([REFUSED, *(
            f"{location(d.span)}: error[{d.code}]: {d.message}" if d.span else d.message for d in refused.diagnostics)]))


class BasraPluginConfig(base.Config):
    variants = c.Optional(c.Type(str))  # a folder of .basra files, relative to mkdocs.yml
    parents = c.Choice(("pages", "links"), default="pages")  # bundled parents: their own pages, or links out
    section = c.Type(str, default="Variants")  # the nav section the variant pages go in
    comparison = c.Type(bool, default=True)
    home = c.Type(bool, default=True)  # a home page listing the variants, when the docs have no index.md
    reference = c.Type(bool, default=False)  # the CLI reference and the JSON Schemas (the project's own site)


class BasraPlugin(BasePlugin[BasraPluginConfig]):
    """Adds a rulebook page per variant, and the pages that go with them, to an mkdocs site."""

    def __init__(self):
        super().__init__()
        self.pages: SitePages | None = None
        self.folder: Path | None = None
        self.refused: DiagnosticError | None = None

    def on_config(self, config):
        root = Path(config.config_file_path or ".").resolve().parent if config.config_file_path else Path.cwd()
        self.folder = variants_folder(root, self.config.variants)
        try:
            catalog = site_catalog(self.folder, with_parents=self.config.parents == "pages")
            self.pages = site_pages(catalog, cli=basra_command if self.config.reference else None,
                                    comparison=self.config.comparison, home=self.config.home)
        except DiagnosticError as exc:
            self.refused = exc  # for `basra docs build` to show them with their lines
            raise VariantsRefused(exc) from None
        if STYLESHEET.name not in [str(css) for css in config.extra_css]:
            config.extra_css.append(f"stylesheets/{STYLESHEET.name}")
        nav = config.get("nav")
        if nav:
            config["nav"] = _fix_nav(nav, Path(config["docs_dir"]), set(self.pages.files), self.pages,
                                     self.config.section)
        return config

    def on_files(self, files: Files, config):
        for problem in shown_problems(self.pages.problems):
            log.warning("rulebook: %s", problem)
        generated = dict(self.pages.files)
        for asset in sorted(ASSETS.rglob("*")):  # the card styles and the offline-search shim
            if asset.is_file():
                generated[asset.relative_to(ASSETS).as_posix()] = asset.read_text(encoding="utf-8")
        for path, text in generated.items():
            if path == "index.md" and files.get_file_from_path(path) is not None:
                continue  # the site's own home page comes first
            existing = files.get_file_from_path(path)
            if existing is not None:
                files.remove(existing)
            files.append(File.generated(config, path, content=text))
        return files

    def on_serve(self, server, config, builder):
        if self.folder is not None:
            server.watch(str(self.folder))
        return server


def variants_folder(root: Path, option: str | None) -> Path:
    """Returns the folder of variants a site publishes: the option's (relative to mkdocs.yml),
    else ``variants/`` beside mkdocs.yml, else the folder of mkdocs.yml itself (as the other
    commands look for variants: ./variants, then ./)."""
    if option:
        return (root / option).resolve()
    return root / "variants" if (root / "variants").is_dir() else root


def _fix_nav(items, docs: Path, generated: set[str], pages: SitePages, section: str):
    fixed = []
    for item in items:
        if isinstance(item, dict):
            (title, value), = item.items()
            if isinstance(value, list):
                value = _fix_nav(value, docs, generated, pages, section)
                if title == section:
                    value += [{page.title: page_path(page.name)} for page in
                              sorted(pages.variants, key=lambda p: p.title.lower())]
                fixed.append({title: value})
                continue
            if _exists(value, docs, generated):
                fixed.append(item)
            else:
                log.info("nav: leaving out '%s' (%s): the page does not exist yet", title, value)
        elif isinstance(item, str):
            if _exists(item, docs, generated):
                fixed.append(item)
        else:
            fixed.append(item)
    return fixed


def _exists(path: str, docs: Path, generated: set[str]) -> bool:
    return "://" in path or path in generated or (docs / path).is_file()
