"""``basra docs``: publish variants as a rulebook site, start a site, or print one page.

Run in any folder: with an mkdocs.yml there (or ``--config``), that site is built; without
one, the variants found the way the other commands find them (``./variants/*.basra``, then
``./*.basra``) are published as a site of their own, through the same ``basra`` mkdocs
plugin. Nothing is written but the site, into ``--site-dir`` (default ``./site``).

Variants that cannot be published stop a build (or a server's first build) with their
findings, shown once, on stderr; ``serve`` says on stderr where it serves the site once
it listens there.
"""

from __future__ import annotations

import errno
import io
import logging
import os
import re
import sys
import tempfile
import time
from contextlib import contextmanager
from pathlib import Path
from typing import Iterator

import click
import yaml

from ..diagnostics import DiagnosticError
from ..rulebook import ASSETS, shown_problems
from .arguments import refuse_missing
from .output import handles_errors

CONFIG = "mkdocs.yml"
# what the rulebook's pages are written with (admonitions, tabs, attributes on headings)
MARKDOWN_EXTENSIONS = ["toc", "admonition", "attr_list", "md_in_html", "tables", "pymdownx.details",
                       "pymdownx.superfences", {"pymdownx.tabbed": {"alternate_style": True}}]


def need_mkdocs() -> None:
    """Refuses, as a usage error, a site command where mkdocs is not installed (it comes
    with the ``docs`` extra, not with the package alone)."""
    try:
        import mkdocs  # noqa: F401
        import material  # noqa: F401 - mkdocs-material, the site's theme
    except ImportError:
        raise click.UsageError("building or serving a rulebook site needs mkdocs-material, which is not installed: "
                               "pip install 'basra-dsl[docs]'") from None


def find_config(explicit: str | None = None) -> Path | None:
    """Returns the site's mkdocs.yml: the one given, else the working folder's; None for
    a folder without one (its variants are then published as a site of their own)."""
    if explicit:
        if not Path(explicit).is_file():
            raise click.BadParameter(f"no such file: {explicit}", param_hint="--config")
        return Path(explicit)
    here = Path.cwd() / CONFIG
    return here if here.is_file() else None


def house_config(site_dir: Path) -> dict:
    """Returns the mkdocs configuration of a site for a folder of variants without an
    mkdocs.yml: mkdocs-material, search, and the basra plugin. Its docs folder is the
    rulebook's own assets (read only): every page is generated."""
    return {
        "site_name": f"{Path.cwd().name} rulebook",
        "docs_dir": str(ASSETS),
        "site_dir": str(site_dir),
        "use_directory_urls": False,  # so the site opens from disk too
        "theme": {"name": "material", "font": False,  # system fonts: nothing from another host
                  "features": ["navigation.sections", "navigation.top", "search.highlight"]},
        "plugins": ["search", "offline", {"basra": {"home": True, "variants": str(_variants_here())}}],
        "extra": {"polyfills": ["javascripts/iframe-worker.js"]},  # search from disk, from our assets
        "markdown_extensions": MARKDOWN_EXTENSIONS,
    }


def _variants_here() -> Path:
    """Returns the folder of this folder's variants, as the other commands look: ./variants, else ./."""
    return (Path.cwd() / "variants") if (Path.cwd() / "variants").is_dir() else Path.cwd()


def load_site_config(config_file: str | None, site_dir: str | None, strict: bool):
    """Returns the loaded mkdocs configuration for this folder (see the module docstring)."""
    from mkdocs.config import load_config

    os.environ.setdefault("NO_MKDOCS_2_WARNING", "1")  # mkdocs-material's banner is not a finding
    path = find_config(config_file)
    options = {"strict": strict}
    if site_dir:
        options["site_dir"] = str(Path(site_dir).resolve())
    if path is not None:
        return load_config(config_file=str(path), **options)
    target = Path(site_dir).resolve() if site_dir else Path.cwd() / "site"
    stream = io.StringIO(yaml.safe_dump(house_config(target)))
    return load_config(config_file=stream, **options)


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
def docs():
    """Publish variants as a rulebook site, start a site, or show one variant's page."""


@docs.command()
@click.option("--site-dir", type=click.Path(file_okay=False), default=None,
              help="Where to write the site (default: site/ beside mkdocs.yml, or ./site).")
@click.option("--config", "config_file", type=click.Path(dir_okay=False), default=None,
              help="The mkdocs.yml to build (default: the working folder's, if it has one).")
@click.option("--strict/--no-strict", default=True, show_default=True,
              help="Fail on any warning (broken link, missing page, an example the engine disagrees with).")
@handles_errors
def build(site_dir, config_file, strict):
    """Build the rulebook site: this folder's mkdocs.yml, or a site of this folder's variants.

    Without an mkdocs.yml, the variants in ./variants (else the .basra files here) are
    published, with a page for each bundled variant they extend.
    """
    need_mkdocs()
    from mkdocs.commands.build import build as mkdocs_build
    from mkdocs.exceptions import Abort, ConfigurationError, PluginError

    logging.basicConfig(level=logging.WARNING, format="%(levelname)s: %(message)s")
    started = time.perf_counter()
    try:
        with refusal_shown_once():
            config = load_site_config(config_file, site_dir, strict)
            mkdocs_build(config)
    except (Abort, ConfigurationError, PluginError) as exc:
        click.echo(f"the site did not build: {exc}", err=True)
        sys.exit(1)
    elapsed = time.perf_counter() - started
    site = Path(config["site_dir"])
    pages = sum(1 for _ in site.rglob("*.html")) - sum(1 for _ in site.rglob("404.html"))
    click.echo(f"rulebook site built in {site} ({pages} pages, {elapsed:.1f} s)")


@docs.command()
@click.option("--config", "config_file", type=click.Path(dir_okay=False), default=None,
              help="The mkdocs.yml to serve (default: the working folder's, if it has one).")
@click.option("--dev-addr", default="127.0.0.1:8000", show_default=True, help="Address to serve on.")
@handles_errors
def serve(config_file, dev_addr):
    """Serve the site locally, rebuilding it when a variant or page changes.

    Without an mkdocs.yml here, it serves a site of this folder's variants, as build does.
    """
    need_mkdocs()
    from mkdocs.commands.serve import serve as mkdocs_serve

    logging.basicConfig(level=logging.WARNING, format="%(levelname)s: %(message)s")
    path = find_config(config_file)
    with refusal_shown_once() as shown, address_told(shown), port_refused(dev_addr):
        if path is not None:
            mkdocs_serve(config_file=str(path), dev_addr=dev_addr)
            return
        # mkdocs serve reads its configuration again on every change, so this folder's site is
        # described in a file beside the temporary site mkdocs serve builds anyway
        with tempfile.TemporaryDirectory(prefix="basra-serve-") as scratch:
            config = Path(scratch) / CONFIG
            config.write_text(yaml.safe_dump(house_config(Path(scratch) / "site")), encoding="utf-8")
            mkdocs_serve(config_file=str(config), dev_addr=dev_addr)


REFUSED = "the variants cannot be published:"  # how the basra plugin's refusal begins (docsite raises it)


class _RefusalLog(logging.Filter):
    """Drops mkdocs's log of the basra plugin's refusal (its findings as one message) while
    the command shows the findings themselves, with their lines; ``shown`` is False once a
    server runs, whose later rebuilds are reported by mkdocs alone."""

    def __init__(self) -> None:
        super().__init__()
        self.shown = True

    def filter(self, record: logging.LogRecord) -> bool:
        return not (self.shown and record.levelno >= logging.ERROR and record.getMessage().startswith(REFUSED))


@contextmanager
def refusal_shown_once() -> Iterator[_RefusalLog]:
    """The block where a site is built: variants that cannot be published stop it with their
    findings (DiagnosticError, shown once, by ``handles_errors``), not with mkdocs's
    message about them as well."""
    from mkdocs.exceptions import Abort, PluginError

    log = logging.getLogger("mkdocs.commands.build")
    quiet = _RefusalLog()
    log.addFilter(quiet)
    try:
        yield quiet
    except (Abort, PluginError) as exc:
        cause: BaseException | None = exc
        while cause is not None and not hasattr(cause, "diagnostics"):  # docsite's VariantsRefused
            cause = cause.__cause__ or cause.__context__  # mkdocs raises Abort while it handles the plugin's error
        if cause is None:
            raise
        raise DiagnosticError(list(cause.diagnostics)) from None
    finally:
        log.removeFilter(quiet)


@contextmanager
def address_told(refusals: _RefusalLog) -> Iterator[None]:
    """The block where a site is served: once the server listens, says where (on stderr, as
    ``basra serve`` does), from mkdocs's own notice, which is the one that knows the path a
    site is served under. mkdocs's other notices (at the INFO level) are not shown."""
    log = logging.getLogger("mkdocs.livereload")

    def told(record: logging.LogRecord) -> bool:
        if record.levelno > logging.INFO:
            return True
        serving = re.search(r"\bServing on (\S+)", record.getMessage())  # after a time: [12:00:00]
        if serving:
            refusals.shown = False
            click.echo(f"serving the rulebook at {serving.group(1)} (Ctrl+C stops)", err=True)
        return False

    level = log.level
    log.setLevel(logging.INFO)
    log.addFilter(told)
    try:
        yield
    finally:
        log.removeFilter(told)
        log.setLevel(level)


@contextmanager
def port_refused(dev_addr: str) -> Iterator[None]:
    """Turns an address the server cannot listen on (taken, or not this machine's) into a
    usage error naming --dev-addr."""
    try:
        yield
    except OSError as exc:
        if exc.errno not in (errno.EADDRINUSE, errno.EADDRNOTAVAIL):
            raise
        raise click.BadParameter(f"cannot serve at {dev_addr}: {exc.strerror}; give another address, "
                                 "such as 127.0.0.1:8001", param_hint="--dev-addr") from None


@docs.command()
@click.option("--title", default=None, help="The site's name (default: from the folder's name).")
@click.option("--force", is_flag=True, help="Overwrite an existing mkdocs.yml.")
@handles_errors
def init(title, force):
    """Start a rulebook site here: an mkdocs.yml that publishes ./variants with the basra plugin."""
    target = Path.cwd() / CONFIG
    if target.exists() and not force:
        raise click.UsageError(f"{CONFIG} already exists here (use --force to replace it)")
    name = title or f"{Path.cwd().name} rulebook"
    if any(ch in name for ch in "\n\r\x00"):
        raise click.BadParameter("the title must be one line", param_hint="--title")
    text = ("# A rulebook site of house rules, built by `basra docs build` (or `mkdocs build`).\n"
            "# The basra plugin adds a page for each variant in variants/ (and for the bundled\n"
            "# variants they extend), a comparison, and a home page while docs/ has no index.md.\n"
            + yaml.safe_dump({"site_name": name, "docs_dir": "docs", "use_directory_urls": False,
                              "theme": {"name": "material", "font": False},
                              "plugins": ["search", "offline", {"basra": {"variants": "variants"}}],
                              "extra": {"polyfills": ["javascripts/iframe-worker.js"]},
                              "markdown_extensions": MARKDOWN_EXTENSIONS},
                             sort_keys=False, allow_unicode=True))
    (Path.cwd() / "docs").mkdir(exist_ok=True)
    (Path.cwd() / "variants").mkdir(exist_ok=True)
    target.write_text(text, encoding="utf-8")
    click.echo(f"wrote {CONFIG}; put variants in variants/ (basra new NAME --extends egyptian), "
               "then run: basra docs build")


@docs.command()
@click.argument("variant")
@handles_errors
def show(variant):
    """Print a variant's rulebook page (a name or a .basra file) as Markdown."""
    from ..rulebook import render_variant

    refuse_missing(variant)
    page = render_variant(variant)  # refused input and rules failing in play: see handles_errors
    click.echo(page.markdown, nl=False)
    for problem in shown_problems(page.problems):
        click.echo(f"warning: {problem}", err=True)
    sys.exit(1 if page.problems else 0)
