"""The generated pages besides the variant pages: comparison matrix, CLI reference, schemas."""

from __future__ import annotations

import json
from pathlib import Path

import click

from ..language import expressions as X
from ..language import nodes as n
from ..language.compiler import compile_rules
from ..language.loader import read_variant
from ..language.merge import Merged
from ..language.unparse import number_text
from ..resources import bundled_variants
from .english import conjuncts, join, pattern_phrase, uses_play
from .markdown import anchor, page_path
from .page import load_merged
from .safe import inline
from .sentences import points_phrase

SCHEMA_DIR = Path(__file__).resolve().parent.parent / "schemas"


def _link(name: str, key: str, text: str, merged: Merged) -> str:
    if key not in merged.clauses:
        return text
    return f"[{text}]({page_path(name)}#{anchor(key)})"


def render_comparison(catalog: dict[str, Path] | None = None) -> str:
    """Returns the comparison matrix of a site's variants, by name (the bundled ones unless
    given); every cell links to its rule."""
    catalog = catalog if catalog is not None else bundled_variants()
    names = list(catalog)
    rows = ["| Variant | Players | Deck | Cards dealt | Play goes | Sweepers | Basra rules | Majorities (points, tie) "
            "| Target | Off unless chosen |",
            "| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |"]
    for name in names:
        merged = load_merged(catalog[name])
        rules = compile_rules(merged)
        title = merged.variant.title or name
        counts = merged.player_counts()
        players = _link(name, "setup.players", " or ".join(map(str, counts)), merged)
        partnered = [c for c in counts if any(len(s) > 1 for s in compile_rules(merged, {"players": c}).sides)]
        if partnered:
            players += " (" + _link(name, "setup.partners", "partners with " + " or ".join(map(str, partnered)), merged) + ")"
        dealt = _link(name, "setup.hand", f"{rules.hand_size} each", merged)
        if rules.start_floor:
            dealt += ", " + _link(name, "setup.start_floor", f"{rules.start_floor} to the floor", merged)
        if rules.redeal_floor:
            dealt += ", " + _link(name, "setup.redeal_floor", f"{rules.redeal_floor} more each deal", merged)
        if rules.floor_kind == "stack":
            dealt += " (" + _link(name, "setup.floor", "a stack", merged) + ")"
        sweepers = [_link(name, f"capture.{c.name.text}", pattern_phrase(c.pattern) + (" (with a condition)" if c.guard else ""), merged)
                    for c in merged.rules("capture") if isinstance(c, n.CaptureRule) and c.takes == "all"]
        basras, optional = [], []
        defaults = merged.option_defaults() | {"players": counts[0]}
        for c in merged.rules("basra"):
            if isinstance(c, n.BasraRule):
                points = points_phrase(c.points, merged)
                cell = _link(name, f"basra.{c.name.text}", f"{c.name.text.replace('_', ' ')} {points}", merged)
                (optional if _off_by_default(c, defaults) else basras).append(cell)
        majorities = []
        for m in rules.majorities:
            tie = {"carry": "carried", "each": "each tied side", "nobody": "nobody"}.get(m.tie, m.tie)
            majorities.append(_link(name, f"score.most_{m.what}", f"most {m.what} {number_text(m.points)} ({tie})", merged))
        target = _link(name, "game.target", number_text(rules.target), merged)
        deck = _link(name, "setup.deck", f"{len(rules.deck)} cards", merged)
        direction = _link(name, "setup.direction", rules.direction, merged)
        rows.append(f"| [{inline(title)}]({page_path(name)}) | {players} | {deck} | {dealt} | {direction} | "
                    f"{join(sweepers) or '—'} | {', '.join(basras) or '—'} | {', '.join(majorities) or '—'} | "
                    f"{target} | {', '.join(optional) or '—'} |")
    return ("---\ntitle: Comparison of the variants\n---\n\n# Comparison of the variants\n\n"
            "Every variant of this rulebook side by side, as it plays with its default options; the last column "
            "lists the bonus rules a table has to choose to switch on. Each cell links to the rule it comes "
            "from on the variant's page.\n\n" + "\n".join(rows) + "\n")


def _off_by_default(clause: n.BasraRule, defaults: dict) -> bool:
    """Returns whether a rule is switched off by the default options: a part of its 'when'
    that reads options alone (not the play) does not hold for them."""
    if clause.guard is None:
        return False
    for part in conjuncts(clause.guard):
        if not uses_play(part):
            try:
                if not X.evaluate_constant(part, defaults):
                    return True
            except Exception:  # noqa: BLE001 - a part that cannot be worked out switches nothing off here
                continue
    return False


def render_home(variants: list, comparison: bool = True) -> str:
    """Returns a home page for a site that has none: each variant with a line on it."""
    rows = []
    for page in sorted(variants, key=lambda p: p.title.lower()):
        variant = read_variant(page.path)  # the header alone: the page itself was checked when rendered
        title = inline(variant.title or page.name)
        about = f": {inline(variant.about)}" if variant.about else ""
        parent = f" (extends {inline(variant.parent.text)})" if variant.parent else ""
        rows.append(f"- [{title}]({page_path(page.name)}){parent}{about}")
    compare = "\n\nSee them [side by side](comparison.md)." if comparison else ""
    return ("---\ntitle: Rulebook\n---\n\n# Rulebook\n\nThe rules of these games, each written from its "
            "variant file and checked on the engine when this site was built." + compare + "\n\n"
            + "\n".join(rows) + "\n")


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
