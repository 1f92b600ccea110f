"""``basra lsp``: the language server for editors."""

from __future__ import annotations

import click


@click.command(name="lsp")
def lsp_command():
    """Run the language server on standard input and output (editors start it)."""
    from ..lsp.server import main
    main()
