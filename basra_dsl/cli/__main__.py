"""``python -m basra_dsl.cli``: the ``basra`` command."""

from . import main

main()
