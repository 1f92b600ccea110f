"""The rulebook generator: variants rendered as Markdown pages for the mkdocs-material site.

Pure functions from variant files to Markdown (``render_variant``, ``render_comparison``,
...); ``site_pages`` gathers every generated page of the site. The mkdocs hook
(``basra_dsl.docsite``) adds them to the build; ``basra docs`` drives it from the command line.

May import: ``play``, ``check`` (worked examples), ``language``, ``engine``, ``documents``,
``cards``, ``diagnostics``, ``resources``. Not ``cli``: the CLI reference page is given the
command group by its caller.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

import click

from .. import limits
from ..diagnostics import DiagnosticError, Span, error
from ..language.loader import load
from ..resources import bundled_variants
from .pages.page import VariantPage, anchor, page_path, render_variant
from .site.extras import render_cli_reference, render_comparison, render_home, render_schemas, schema_files

ASSETS = Path(__file__).resolve().parent / "assets"  # files every rulebook site gets
STYLESHEET = ASSETS / "stylesheets" / "basra.css"  # card faces and page details


@dataclass
class SitePages:
    """Every generated file of the site (path in the docs tree -> text) and any problems found."""

    files: dict[str, str] = field(default_factory=dict)
    variants: list[VariantPage] = field(default_factory=list)
    problems: list[str] = field(default_factory=list)


def shown_problems(problems: list[str]) -> list[str]:
    """Returns the problems to print for a page or a site: at most as many as the findings
    a file shows (a hostile examples file may hold thousands), then how many were left out."""
    most = limits.FINDINGS_PER_FILE
    if len(problems) <= most:
        return list(problems)
    return problems[:most] + [f"{len(problems) - most} more problems are not shown"]


def site_catalog(folder: Path, with_parents: bool = True) -> dict[str, Path]:
    """Returns the variants a site publishes, by name: the .basra files of ``folder`` and,
    with ``with_parents``, the bundled variants they extend (so every 'extends' links to a
    page of the same site). Raises DiagnosticError for a variant that cannot be published."""
    found = {path.stem: path for path in sorted(folder.glob("*.basra"))}
    if not found:
        raise DiagnosticError([error("B112", f"no .basra files in {folder}", Span(str(folder), 1, 1),
                                     "put the variant files in ./variants or beside mkdocs.yml, "
                                     "or name their folder with the plugin's 'variants' option")])
    if with_parents:
        bundled = bundled_variants()
        for path in list(found.values()):
            for ancestor in load(path).merged.chain[1:]:  # the parents only: each page refuses its own errors
                name = ancestor.name.text
                if name not in found and name in bundled and Path(ancestor.path).resolve() == bundled[name].resolve():
                    found[name] = bundled[name]
    return found


def site_pages(catalog: dict[str, Path] | None = None, cli: click.Command | None = None,
               comparison: bool = True, home: bool = False) -> SitePages:
    """Returns the generated pages of a site: one per variant of ``catalog`` (the bundled
    ones unless given), the comparison, a home page listing them, and, given the ``basra``
    command group, its reference with the schema pages."""
    catalog = catalog if catalog is not None else bundled_variants()
    found = SitePages()
    for name, path in catalog.items():
        page = render_variant(path, catalog)
        found.variants.append(page)
        found.files[page_path(name)] = page.markdown
        found.problems += page.problems
    if comparison:
        found.files["comparison.md"] = render_comparison(catalog)
    if home:
        found.files["index.md"] = render_home(found.variants, comparison)
    if cli is not None:
        found.files["cli.md"] = render_cli_reference(cli)
        found.files["schemas.md"] = render_schemas()
        for file_name, text in schema_files().items():
            found.files[f"schemas/{file_name}"] = text
    return found


__all__ = ["ASSETS", "STYLESHEET", "SitePages", "shown_problems", "site_catalog", "render_home", "VariantPage", "anchor", "page_path", "render_cli_reference", "render_comparison",
           "render_schemas", "render_variant", "schema_files", "site_pages"]
