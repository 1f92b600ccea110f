"""The ``basra`` command line: one module per group of commands, loaded on demand.

``authoring`` holds ``check``, ``new`` and ``fmt``; ``run`` holds ``compile``, ``replay``,
``simulate`` and ``variants``; ``docs`` holds ``basra docs``. ``output`` decides how every
command reports and exits; ``arguments`` reads the arguments the run commands share.
A command's module is imported only when that command runs (``basra --version`` imports
none), so each command pays only for what it uses.

May import every layer below it: rulebook, play, check, language, engine, documents,
cards, diagnostics, resources.
"""

from __future__ import annotations

import importlib

import click

from .. import __version__

# command name -> "module:attribute", imported when the command is looked up
COMMANDS = {
    "balance": "balance:balance",
    "check": "authoring:check",
    "compile": "run:compile_command",
    "docs": "docs:docs",
    "explain": "explain:explain",
    "fmt": "authoring:fmt_command",
    "lsp": "editor:lsp_command",
    "new": "authoring:new",
    "play": "game:play",
    "replay": "run:replay",
    "serve": "serve:serve",
    "simulate": "run:simulate",
    "variants": "run:variants",
}


class LazyGroup(click.Group):
    """A click group whose commands are imported from their modules when first asked for."""

    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted(COMMANDS)

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        where = COMMANDS.get(cmd_name)
        if where is None:
            return None
        module, attribute = where.split(":")
        try:
            return getattr(importlib.import_module(f"{__name__}.{module}"), attribute)
        except ImportError:  # `basra docs` needs mkdocs; without it the other commands still work
            if cmd_name == "docs":
                return None
            raise


@click.group(cls=LazyGroup, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="basra")
def main():
    """basra-dsl: write, check, play and publish Basra fishing-game variants."""


__all__ = ["main"]
