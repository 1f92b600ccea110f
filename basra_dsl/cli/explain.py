"""``basra explain CODE``: one diagnostic code's page, from the registry of codes.

The page gives the code's title, what kind of finding it is, the registry's example and, when
the example is variant text, what ``basra check`` says about it (the example is checked in a
temporary folder, so the page shows the real message), then the fix. An unknown code is a
usage error (exit 2) with the closest codes; without a code, every code is listed.
"""

from __future__ import annotations

import re
import tempfile
from pathlib import Path

import click

from ..diagnostics import did_you_mean
from ..diagnostics.codes import CODES, Code

# what each hundred of codes is about (as on docs/diagnostics.md), and what each severity does
GROUPS = {
    "1": "reading the variant file (its syntax)", "2": "checking names, types and clauses",
    "3": "checking options and player counts", "4": "checking the variant as a whole and its 'extends' chain",
    "5": "reading a YAML or JSON document (a record or worked examples)",
    "6": "playing worked examples and simulations on the engine",
    "7": "linting: looking for what a variant says that cannot be meant",
    "8": "checking the size of what is read", "9": "running basra itself",
}
SEVERITIES = {
    "error": "the file is refused and basra check exits 1",
    "warning": "it is reported, but basra check still passes (unless --strict)",
}
_CRASH = "basra check exits 2; please report it with the file"


@click.command("explain")
@click.argument("code", required=False)
def explain(code: str | None) -> None:
    """Explain a diagnostic code (such as B101): what it means, an example, and the fix.

    Without CODE, list every code with its title.
    """
    if code is None:
        for entry in CODES.values():
            click.echo(f"{entry.code}  {entry.title}")
        return
    click.echo(page(_find(code)), nl=False)


def _find(text: str) -> Code:
    """Returns the registry entry a code names (``B101``, ``b101``, ``101``), or raises a usage error."""
    wanted = text.strip().upper()
    if re.fullmatch(r"[0-9]+", wanted):
        wanted = "B" + wanted
    if wanted in CODES:
        return CODES[wanted]
    if not re.fullmatch(r"B[0-9]+", wanted):
        raise click.UsageError(f"'{text}' is not a code: codes look like B101 (basra explain lists them all)")
    close = did_you_mean(wanted, CODES) or "basra explain lists every code"
    raise click.UsageError(f"no code {wanted}; {close}")


def page(entry: Code) -> str:
    """Returns the page of one code as plain text."""
    lines = [f"{entry.code}: {entry.title}", "",
             f"What it means: {'an' if entry.severity == 'error' else 'a'} {entry.severity} found while "
             f"{GROUPS.get(entry.code[1], 'checking a variant')}; "
             f"{_CRASH if entry.code == 'B900' else SEVERITIES[entry.severity]}.", "",
             "Example:", *("    " + row for row in entry.example.splitlines()), ""]
    said = _what_check_says(entry) if _is_variant_text(entry.example) else []
    if said:
        lines += ["What basra check says about it:", *("    " + row for row in said), ""]
    lines += [f"Fix: {entry.fix}", ""]
    return "\n".join(lines)


def _is_variant_text(example: str) -> bool:
    return not example.startswith(("(", "basra ", "expect", "examples"))


def _what_check_says(entry: Code) -> list[str]:
    """Returns the rendered findings of ``entry.code`` that checking its example gives, or []."""
    from ..check.checker import check_paths
    from ..diagnostics.render import render_text

    header = re.match(r"variant ([A-Za-z_][A-Za-z0-9_-]*)", entry.example)
    name = header.group(1) if header else "example"
    text = entry.example if header else f'variant example "Example"\n{entry.example}'
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / f"{name}.basra"
        path.write_text(text + "\n", encoding="utf-8")
        try:
            report = check_paths([path], examples=False)
        except Exception:  # noqa: BLE001 - the page is shown without the demonstration
            return []
        found = [d for d in report.diagnostics if d.code == entry.code][:1]
        rendered = [render_text(d, False).replace(str(path), path.name) for d in found]
    return [row for block in rendered for row in block.splitlines()]
