"""The parts of README.md that commands can write: examples, their output and the counts.

README.md holds cog blocks (https://nedbatchelder.com/code/cog/): each calls one function
here and the text under it is what the function printed, so an example's output is what
the command prints and a count is what is there to count. tests/test_readme.py runs cog
in check mode, so a README that no longer matches the commands fails the suite.

    python scripts/readme.py            # rewrite the generated parts of README.md
    python scripts/readme.py --check    # exit 1 if any is out of date

The number of tests comes from ``pytest --collect-only`` (rewriting) or from the running
suite (checking); it is written rounded down to the hundred, so adding a test does not
stale the README, and the suite checks the rounding.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
from contextlib import contextmanager
from pathlib import Path

from click.testing import CliRunner

ROOT = Path(__file__).resolve().parent.parent

PYTHON_EXAMPLE = """\
import random
import basra_dsl

rules = basra_dsl.load_variant("egyptian", target=121, players=4)
game = basra_dsl.Game(rules)
state = game.new_hand(random.Random(1))
while not state.is_terminal():
    move = state.legal_moves()[0]
    state.apply(move)
for side in state.result().sides:  # seats count from 0 in Python, from 1 for people
    seats = " + ".join(str(seat + 1) for seat in side.seats)
    print(f"seats {seats}: {side.points:g} points")
"""


def _cog():
    import cog  # cogapp gives the code of a block this module while it runs

    return cog


@contextmanager
def _in_root():
    before = os.getcwd()
    os.chdir(ROOT)
    try:
        yield
    finally:
        os.chdir(before)


def _run(command: str) -> list[str]:
    """Returns the lines ``command`` (a ``basra ...`` line) prints, run from the checkout."""
    from basra_dsl.cli import main

    words = command.split()
    assert words[0] == "basra", command
    with _in_root():
        result = CliRunner().invoke(main, words[1:], catch_exceptions=False)
    if result.exit_code != 0:
        raise SystemExit(f"README: `{command}` exited {result.exit_code}:\n{result.output}")
    return result.stdout.splitlines()


def session(*commands: tuple[str, int]) -> None:
    """Writes a terminal session: each command, then the first lines it prints (``...``
    where more follow)."""
    cog = _cog()
    cog.outl("```text")
    for command, shown in commands:
        lines = _run(command)
        cog.outl(f"$ {command}")
        for line in lines[:shown]:
            cog.outl(line)
        if len(lines) > shown:
            cog.outl("...")
    cog.outl("```")


def command_words() -> None:
    """Writes the intro's list of the ``basra`` command's commands."""
    import click

    from basra_dsl.cli import main

    names = main.list_commands(click.Context(main))  # the group loads its commands lazily
    _cog().outl("- **A CLI**: `basra " + " | ".join(names) + "`.")


def variant_snippet(name: str) -> None:
    """Writes a bundled variant's file with its comments left out (they are its notes)."""
    text = (ROOT / "variants" / f"{name}.basra").read_text(encoding="utf-8")
    lines = [line for line in text.splitlines() if not line.lstrip().startswith("#")]
    snippet = re.sub(r"\n{3,}", "\n\n", "\n".join(lines)).strip()
    cog = _cog()
    cog.outl("```basra")
    cog.outl(snippet)
    cog.outl("```")


def python_example() -> None:
    """Writes the Python example and, under it, what it prints, run here and now."""
    import io
    from contextlib import redirect_stdout

    code = PYTHON_EXAMPLE
    printed = io.StringIO()
    with _in_root(), redirect_stdout(printed):
        exec(compile(code, "README.md", "exec"), {"__name__": "__readme__"})  # our own example
    cog = _cog()
    cog.outl("```python")
    cog.out(code.strip("\n") + "\n")
    cog.outl("```")
    cog.outl("")
    cog.outl("prints")
    cog.outl("")
    cog.outl("```text")
    cog.out(printed.getvalue())
    cog.outl("```")


def counts(what: str) -> str:
    """Returns a count the README states: ``variants``, ``examples`` (worked examples of
    the bundled variants), ``pages`` (of the rulebook site ``basra docs build`` builds here)."""
    from basra_dsl.check.examples import read_examples
    from basra_dsl.resources import bundled_variants

    variants = bundled_variants()
    if what == "variants":
        return f"{len(variants)}"
    if what == "examples":
        total = 0
        for path in variants.values():
            document = read_examples(path)
            total += len(document.data.get("examples", [])) if document is not None else 0
        return f"{total:,}"
    if what == "pages":
        return f"{site_pages()}"
    raise ValueError(what)


def say(text: str, tests: str | None = None) -> None:
    """Writes ``text`` with its counts filled in: {variants}, {examples}, {pages} and, given
    the suite's size, {tests} (rounded down to the hundred)."""
    values = {what: counts(what) for what in ("variants", "examples", "pages")}
    if tests is not None:
        values["tests"] = tests_rounded(int(tests))
    _cog().out(text.strip("\n").format(**values) + "\n")


def site_pages() -> int:
    """The pages of the site mkdocs.yml builds: docs/ holds some; the plugin adds one per
    variant, the comparison, the CLI reference and the schemas page (tests/rulebook/
    test_site.py checks this against a real build)."""
    from basra_dsl.resources import bundled_variants

    written = sum(1 for _ in (ROOT / "docs").rglob("*.md"))
    return written + len(bundled_variants()) + 3


def tests_rounded(count: int) -> str:
    """The number of tests as the README says it: rounded down to the hundred."""
    return f"{count // 100 * 100:,}"


def collected_tests() -> int:
    """Counts the suite's tests as pytest collects them (about half a minute)."""
    found = subprocess.run([sys.executable, "-m", "pytest", "--collect-only", "-q", "-p", "no:cacheprovider"],
                           cwd=ROOT, capture_output=True, text=True, check=False)
    match = re.search(r"(\d+) tests? collected", found.stdout)
    if match is None:
        raise SystemExit(f"pytest --collect-only printed no count:\n{found.stdout[-2000:]}{found.stderr[-2000:]}")
    return int(match.group(1))


def cog_arguments(tests: int, check: bool) -> list[str]:
    """The cog command line that rewrites (or checks) README.md."""
    return ["cog", "--check" if check else "-r", "-I", str(ROOT / "scripts"), "-D", f"tests={tests}",
            str(ROOT / "README.md")]


def main(argv: list[str]) -> int:
    from cogapp import Cog

    check = "--check" in argv
    return Cog().main(cog_arguments(collected_tests(), check))


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
