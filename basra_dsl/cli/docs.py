"""``basra docs``: build the rulebook site, or print one variant's page as Markdown."""

from __future__ import annotations

import os
import sys
import time
from pathlib import Path

import click

from .output import handles_errors


def find_config(explicit: str | None = None) -> Path:
    """Returns the site's mkdocs.yml: the given one, the working folder's, or the checkout's."""
    if explicit:
        return Path(explicit)
    here = Path.cwd() / "mkdocs.yml"
    if here.is_file():
        return here
    checkout = Path(__file__).resolve().parents[2] / "mkdocs.yml"
    if checkout.is_file():
        return checkout
    raise click.UsageError("no mkdocs.yml here: run 'basra docs build' from a basra-dsl checkout "
                           "(the site's pages and configuration live in the repository)")


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
def docs():
    """Build the rulebook site, or show one variant's rulebook page."""


@docs.command()
@click.option("--site-dir", type=click.Path(file_okay=False), default=None,
              help="Where to write the site (default: site/ beside mkdocs.yml).")
@click.option("--config", "config_file", type=click.Path(dir_okay=False), default=None,
              help="The mkdocs.yml to build (default: the one in the working folder or the checkout).")
@click.option("--strict/--no-strict", default=True, show_default=True,
              help="Fail on any warning (broken link, missing page, an example the engine disagrees with).")
@handles_errors
def build(site_dir, config_file, strict):
    """Build the rulebook site with mkdocs (variant pages are generated from the variants)."""
    import logging

    from mkdocs.commands.build import build as mkdocs_build
    from mkdocs.config import load_config
    from mkdocs.exceptions import Abort, ConfigurationError

    os.environ.setdefault("NO_MKDOCS_2_WARNING", "1")  # mkdocs-material's banner is not a finding
    config_path = find_config(config_file)
    logging.basicConfig(level=logging.WARNING, format="%(levelname)s: %(message)s")
    started = time.perf_counter()
    try:
        options = {"strict": strict}
        if site_dir:
            options["site_dir"] = str(Path(site_dir).resolve())
        config = load_config(config_file=str(config_path), **options)
        mkdocs_build(config)
    except (Abort, ConfigurationError) as exc:
        click.echo(f"the site did not build: {exc}", err=True)
        sys.exit(1)
    elapsed = time.perf_counter() - started
    site = Path(config["site_dir"])
    pages = sum(1 for _ in site.rglob("index.html"))
    click.echo(f"rulebook site built in {site} ({pages} pages, {elapsed:.1f} s)")


@docs.command()
@click.argument("variant")
@handles_errors
def show(variant):
    """Print a variant's rulebook page (a bundled name or a .basra file) as Markdown."""
    from ..rulebook import render_variant

    page = render_variant(variant)  # refused input and rules failing in play: see handles_errors
    click.echo(page.markdown, nl=False)
    for problem in page.problems:
        click.echo(f"warning: {problem}", err=True)
    sys.exit(1 if page.problems else 0)


@docs.command()
@click.option("--config", "config_file", type=click.Path(dir_okay=False), default=None,
              help="The mkdocs.yml to serve.")
@click.option("--dev-addr", default="127.0.0.1:8000", show_default=True, help="Address to serve on.")
def serve(config_file, dev_addr):
    """Serve the site locally, rebuilding it when a file changes."""
    from mkdocs.commands.serve import serve as mkdocs_serve

    config_path = find_config(config_file)
    mkdocs_serve(config_file=str(config_path), dev_addr=dev_addr,
                 watch=[str(config_path.parent / "variants"), str(Path(__file__).resolve().parent)])
