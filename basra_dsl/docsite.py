"""mkdocs hook (``hooks:`` in mkdocs.yml): generates the rulebook pages at build time.

* ``on_config`` adds one nav entry per bundled variant to the "Variants" section and drops
  nav entries whose page does not exist (so a missing hand-written page is reported once).
* ``on_files`` adds the generated pages (variant pages, comparison, CLI reference, schema
  page and the schema files themselves) as in-memory files: nothing generated is written
  to ``docs/``. Examples that the engine disagrees with are logged as warnings, which
  ``mkdocs build --strict`` turns into a failed build.
"""

from __future__ import annotations

import logging
from pathlib import Path

from mkdocs.structure.files import File, Files

from basra_dsl.cli import main as basra_command
from basra_dsl.rulebook import page_path, site_pages

log = logging.getLogger("mkdocs.plugins.basra")
_PAGES = None
VARIANTS_SECTION = "Variants"


def _pages():
    global _PAGES
    if _PAGES is None:
        _PAGES = site_pages(basra_command)
    return _PAGES


def on_startup(command, dirty):  # noqa: ARG001 - mkdocs hook signature
    global _PAGES
    _PAGES = None


def on_config(config):
    global _PAGES
    _PAGES = None  # variants may have changed between builds (mkdocs serve)
    pages = _pages()
    generated = set(pages.files)
    docs = Path(config["docs_dir"])
    nav = config.get("nav")
    if nav:
        config["nav"] = _fix_nav(nav, docs, generated, pages)
    return config


def _fix_nav(items, docs: Path, generated: set[str], pages):
    fixed = []
    for item in items:
        if isinstance(item, dict):
            (title, value), = item.items()
            if isinstance(value, list):
                value = _fix_nav(value, docs, generated, pages)
                if title == VARIANTS_SECTION:
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


def on_files(files: Files, config):
    pages = _pages()
    for problem in pages.problems:
        log.warning("rulebook: %s", problem)
    for path, text in pages.files.items():
        existing = files.get_file_from_path(path)
        if existing is not None:
            files.remove(existing)
        files.append(File.generated(config, path, content=text))
    return files
