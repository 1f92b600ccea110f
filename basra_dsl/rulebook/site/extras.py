"""The generated pages besides the variant pages: CLI reference and schemas, with the
comparison (``comparison``) and the home page (``catalog``) that list a site's variants."""

from __future__ import annotations

import json
from pathlib import Path

import click

from .catalog import render_home
from .comparison import render_comparison

SCHEMA_DIR = Path(__file__).resolve().parents[2] / "schemas"


def render_cli_reference(main: click.Command) -> str:
    """Returns the CLI reference, made from the ``--help`` of ``main`` and its commands
    (the command line sits above the rulebook, so its caller hands it over)."""
    text = ("---\ntitle: Command-line reference\n---\n\n# Command-line reference\n\n"
            "This page is generated from the `--help` of each command when the site is built. "
            "Exit codes: 0 ok, 1 findings or refused input, 2 usage or internal error.\n\n")
    root = click.Context(main, info_name="basra", terminal_width=100, max_content_width=100)
    text += _help_section(main, root, 2)
    return text


def _help_section(command: click.Command, ctx: click.Context, level: int) -> str:
    name = ctx.command_path
    text = f"{'#' * level} `{name}` {{#{name.replace(' ', '-')}}}\n\n```text\n{command.get_help(ctx).rstrip()}\n```\n\n"
    if isinstance(command, click.Group):
        for sub_name in command.list_commands(ctx):
            sub = command.get_command(ctx, sub_name)
            if sub is None or getattr(sub, "hidden", False):
                continue
            sub_ctx = click.Context(sub, info_name=sub_name, parent=ctx, terminal_width=100, max_content_width=100)
            text += _help_section(sub, sub_ctx, min(level + 1, 4))
    return text


def schema_files() -> dict[str, str]:
    """Returns the shipped JSON Schemas by file name, as published under ``schemas/``."""
    return {p.name: p.read_text(encoding="utf-8") for p in sorted(SCHEMA_DIR.glob("*.schema.json"))}


def render_schemas() -> str:
    """Returns the page that lists the published JSON Schemas with their ``$id``."""
    text = ("---\ntitle: JSON Schemas\n---\n\n# JSON Schemas\n\n"
            "The toolkit ships these schemas inside the package (`basra_dsl/schemas/`) and checks its "
            "inputs against them; the site publishes the same files, copied at build time. Point an "
            "editor at one with a `$schema` line (YAML: `# yaml-language-server: $schema=...`).\n\n"
            "| Schema | `$id` | What it describes |\n| --- | --- | --- |\n")
    details = ""
    for file_name, source in schema_files().items():
        data = json.loads(source)
        title = data.get("title", file_name)
        text += f"| [{title}](schemas/{file_name}) | `{data.get('$id', '')}` | {data.get('description', '')} |\n"
        details += (f"\n## {title} {{#{file_name.split('.')[0]}}}\n\n`$id`: `{data.get('$id', '')}` — "
                    f"[download {file_name}](schemas/{file_name})\n\n"
                    f"??? abstract \"The whole schema\"\n\n    ```json\n"
                    + "\n".join("    " + line if line else "" for line in source.rstrip().splitlines())
                    + "\n    ```\n")
    return text + details


__all__ = ["render_cli_reference", "render_comparison", "render_home", "render_schemas", "schema_files"]
