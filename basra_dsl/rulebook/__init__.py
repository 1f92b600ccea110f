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

import click

from ..resources import bundled_variants
from .page import VariantPage, anchor, page_path, render_variant
from .pages import render_cli_reference, render_comparison, render_schemas, schema_files


@dataclass
class SitePages:
    """Every generated file of the site (path in the docs tree -> text) and any problems found."""

    files: dict[str, str] = field(default_factory=dict)
    variants: list[VariantPage] = field(default_factory=list)
    problems: list[str] = field(default_factory=list)


def site_pages(cli: click.Command | None = None) -> SitePages:
    """Returns the generated pages: one per bundled variant, the comparison, the schemas and,
    given the ``basra`` command group, its reference."""
    found = SitePages()
    bundled = bundled_variants()
    for name in bundled:
        page = render_variant(name, bundled)
        found.variants.append(page)
        found.files[page_path(name)] = page.markdown
        found.problems += page.problems
    found.files["comparison.md"] = render_comparison(list(bundled))
    if cli is not None:
        found.files["cli.md"] = render_cli_reference(cli)
    found.files["schemas.md"] = render_schemas()
    for file_name, text in schema_files().items():
        found.files[f"schemas/{file_name}"] = text
    return found


__all__ = ["SitePages", "VariantPage", "anchor", "page_path", "render_cli_reference", "render_comparison",
           "render_schemas", "render_variant", "schema_files", "site_pages"]
