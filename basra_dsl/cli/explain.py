"""``basra explain CODE``: one diagnostic code's page, from the registry of codes.

The page gives the code's title, what kind of finding it is, the registry's example, what
basra says about it, then the fix. What basra says is not written by hand: the example is
run, in an empty temporary folder, through the command that reports the code (``basra
check`` for variant text; for the other situations, such as a record or a command line,
the files and command in ``DEMOS``), and the page quotes the finding it prints and the
exit status it ends with. An unknown code is a usage error (exit 2) with the closest codes;
without a code, every code is listed.
"""

from __future__ import annotations

import io
import os
import re
import shlex
import tempfile
from contextlib import redirect_stderr, redirect_stdout
from dataclasses import dataclass, field
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
WARNS = "it is reported, but basra check still passes (unless --strict)"
_CRASH = "basra check exits 2; please report it with the file"


@click.command("explain")
@click.argument("code", required=False)
def explain(code: str | None) -> None:
    """Explain a diagnostic code (such as B101): what it means, an example, what basra
    says about it, and the fix.

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
    said = demonstrate(entry)
    lines = [f"{entry.code}: {entry.title}", "",
             f"What it means: {'an' if entry.severity == 'error' else 'a'} {entry.severity} found while "
             f"{GROUPS.get(entry.code[1], 'checking a variant')}; {_outcome(entry, said)}.", "",
             "Example:", *("    " + row for row in entry.example.splitlines()), ""]
    if said is not None:
        lines += [f"What basra {said.command} says about it:", f"    $ {said.shown}",
                  *("    " + row for row in said.finding), f"    (exit status {said.status})", ""]
    elif entry.code in NOT_SHOWN:
        lines += [f"What basra says about it is not shown here: {NOT_SHOWN[entry.code]}.", ""]
    lines += [f"Fix: {entry.fix}", ""]
    return "\n".join(lines)


def _outcome(entry: Code, said: Said | None) -> str:
    """Returns what the finding does to the command that reports it: its real exit status
    when the page shows it, else what the command's kind of finding does."""
    if entry.code == "B900":
        return _CRASH
    if entry.severity == "warning":
        return WARNS
    if said is not None and said.status == 2:
        return f"the command line is refused: basra {said.command} exits 2, as for any usage error"
    command = said.command if said is not None else _command_of(entry.example) or "check"
    refused = "the file is refused" if command in ("check", "fmt") else "the input is refused"
    return f"{refused} and basra {command} exits 1"


def _command_of(example: str) -> str | None:
    """Returns the command an example is a command line of (``basra fmt x`` -> ``fmt``), or None."""
    match = re.match(r"basra ([a-z]+)", example)
    return match.group(1) if match else None


@dataclass(frozen=True)
class Demo:
    """A situation that shows a code: the files written in an empty folder (text, or bytes
    as they are; ``links`` are symbolic links, name -> target) and the command run there."""

    command: tuple[str, ...]
    files: dict[str, str | bytes] = field(default_factory=dict)
    links: dict[str, str] = field(default_factory=dict)


@dataclass(frozen=True)
class Said:
    """What running a demonstration printed: the command as typed, the first finding of the
    code (its lines), and the exit status."""

    command: str  # the subcommand: check, compile, replay, fmt
    shown: str
    finding: tuple[str, ...]
    status: int


HOUSE = 'variant house "House" extends egyptian\nsetup:\n  hand 6\n'  # a variant that loads


def _record(*lines: str, variant: str = "egyptian") -> str:
    """Returns a record (YAML) of one hand of two players: ``lines`` are its deal (a line
    that begins "- " or with spaces, under ``deals:``) and its plays (``plays: [...]``)."""
    return "\n".join([f"variant: {variant}", "players: 2", "hands:", "  - first: 0", "    deals:",
                      *(f"      {line}" if line.startswith(("- ", "  ")) else f"    {line}" for line in lines)]) + "\n"


def _chain(length: int) -> dict[str, str]:
    """Returns the files of an 'extends' chain of ``length`` variants, v1 extending v2 and so on."""
    files = {f"v{i}.basra": f'variant v{i} "V{i}" extends v{i + 1}\n' for i in range(1, length)}
    files[f"v{length}.basra"] = f'variant v{length} "V{length}" extends egyptian\nsetup:\n  hand 6\n'
    return files


def _edited_copy(name: str, old: str, new: str) -> str:
    """A bundled file copied, renamed 'house' and edited once (B760's situation)."""
    from ..resources import bundled_variants
    text = bundled_variants()[name].read_text(encoding="utf-8")
    return re.sub(r"^variant \S+ \"[^\"]*\"", 'variant house "House"', text, count=1, flags=re.M).replace(old, new)


_DEAL = ["- floor: [5C, 4D, KS]", "  hands: [[9H, 2S], [KD, 3C]]"]
# a worked example the engine does not bear out: taking 7H leaves 2C, so no basra is scored
_ONE_EXAMPLE = "  - {name: a seven pairs a seven, floor: [7H, 2C], plays: [7S], expect: {takes: [7H], basra: 10}}\n"

# the situations of codes whose registry example is not variant text that `basra check`
# reports as it stands (a command line, a record, a file's bytes, a folder of files)
DEMOS: dict[str, Demo] = {
    "B105": Demo(("check", "example.basra"), {"example.basra": ""}),
    "B108": Demo(("check", "example.basra"), {"example.basra": b'variant example "\xff\xfe"\n'}),
    "B114": Demo(("check", "example.basra"), {"example.basra": 'variant example "Example" extends egyptian\n'
                                              "basra:\n  a: 10 when " + " or ".join(["played is 7D"] * 120) + "\n"}),
    "B116": Demo(("check", "house.basra"), {"house.basra": "\ufeff" + HOUSE}),
    "B117": Demo(("fmt", "rules"), {"elsewhere/x.basra": HOUSE}, {"rules/x.basra": "../elsewhere/x.basra"}),
    "B402": Demo(("check", "a.basra"), {"a.basra": 'variant a "A" extends b\n', "b.basra": 'variant b "B" extends a\n'}),
    "B403": Demo(("check", "x.basra"), {"x.basra": 'variant x "X" extends broken\n',
                                        "broken.basra": 'variant broken "Broken"\nsetup:\n  dek 52\n'}),
    "B404": Demo(("check", "example.basra"), {"example.basra": 'variant example "Example"\nsetup:\n  deck 52\n'
                                              "  players 2\ncapture:\n  pair: any takes rank\n"}),
    "B407": Demo(("check", "cafe.basra"), {"cafe.basra": HOUSE.replace("house", "cairo").replace("House", "Cairo")}),
    "B501": Demo(("check", "house.basra"), {"house.basra": HOUSE, "house.examples.yaml":
                                            "variant: house\nexamples:\n  - name: x\n    floor: [7X]\n"
                                            "    plays: [7S]\n    expect: {takes: []}\n"}),
    "B502": Demo(("replay", "record.yaml"), {"no-queens.basra": 'variant no-queens "No Queens" extends egyptian\n'
                                             "setup:\n  deck 52 without Q\n",
                                             "record.yaml": _record("- floor: [5C]", "  hands: [[9H], [QD]]",
                                                                    "plays: [9H, QD]", variant="no-queens.basra")}),
    "B503": Demo(("replay", "record.yaml"), {"record.yaml": _record("- floor: [5C, 4D]", "  hands: [[9H, 7D], [KD, 7D]]",
                                                                    "plays: []")}),
    "B504": Demo(("replay", "record.yaml"), {"record.yaml": _record(*_DEAL, "plays: [KD]")}),
    "B505": Demo(("replay", "record.yaml"), {"record.yaml": _record(*_DEAL, "plays: [{card: 9H, capture: [5C]}]")}),
    "B506": Demo(("replay", "record.yaml"), {"record.yaml": _record("- floor: [5C, 5D, 4S]", "  hands: [[9H], [KD]]",
                                                                    "plays: [9H, KD]")}),
    "B507": Demo(("replay", "record.yaml"), {"record.yaml": _record(*_DEAL, "plays: [9H]")}),
    "B508": Demo(("check", "house.basra"), {"house.basra": HOUSE, "house.examples.yaml": "examples: [\n"}),
    "B509": Demo(("replay", "record.yaml"), {"record.yaml": _record("- floor: [5C]", "  hands: [[9H], [KD], [2S]]",
                                                                    "plays: []")}),
    "B601": Demo(("check", "house.basra"), {"house.basra": HOUSE, "house.examples.yaml":
                                            "variant: house\nexamples:\n" + _ONE_EXAMPLE}),
    "B604": Demo(("check", "house.basra"), {"house.basra": HOUSE, "house.examples.yaml":
                                            "variant: house\nexamples:\n  - name: a seven pairs a seven\n"
                                            "    rule: pairs\n    floor: [7H, 2C]\n    plays: [7S]\n"
                                            "    expect: {takes: [7H], basra: 0}\n"}),
    "B720": Demo(("check", "house.basra"), {"house.basra": HOUSE, "house.examples.yaml":
                                            "variant: egyptian\nexamples:\n" + _ONE_EXAMPLE}),
    "B725": Demo(("check", "example.basra"), {"example.basra": 'variant example "Example" extends egyptian\n'
                                              "setup:\n  start floor 0\ndealing:\n  redeal when floor.count(K) >= 3\n"}),
    "B760": Demo(("check", "house.basra"), {"house.basra": _edited_copy("pishti", "without top J: dealer", "without J: dealer")}),
    "B801": Demo(("check", "example.basra"), {"example.basra": HOUSE + "# a long comment\n" * 17_000}),
    "B802": Demo(("check", "example.basra"), {"example.basra": 'variant example "Example" extends egyptian\ncapture:\n'
                                              + "".join(f"  rule{i}: J takes all when floor.count == {i}\n"
                                                        for i in range(501))}),
    "B803": Demo(("check", "example.basra"), {"example.basra": 'variant example "Example" extends egyptian\nbasra:\n'
                                              + "".join(f"  ace{i}: 20 when played is A\n" for i in range(101))}),
    "B804": Demo(("check", "house.basra"), {"house.basra": HOUSE, "house.examples.yaml":
                                            "variant: house\nexamples:\n" + _ONE_EXAMPLE * 1001}),
    "B805": Demo(("check", "v1.basra"), _chain(17)),
    "B806": Demo(("check", "example.basra"), {"example.basra": 'variant example "Example" extends egyptian\nbasra:\n'
                                              "  a: 10 when " + " or ".join(["(" + " or ".join(["played is 7D"] * 40) + ")"] * 25)
                                              + "\n"}),
    "B807": Demo(("replay", "record.yaml"), {"record.yaml": _record(*_DEAL, "plays: []", variant="../../etc/passwd")}),
}


# why a code's page shows no run of basra: the situation cannot be made in an empty folder
NOT_SHOWN = {
    "B118": "it takes a disk or a folder that refuses the write",
    "B602": "it takes a fault in basra's engine, which the simulation is there to catch",
    "B603": "it takes a fault in basra's engine, which the simulation is there to catch",
    "B605": "it is the editor's finding (basra lsp) on an examples file open beside a variant that does not "
            "load; basra check reports the variant's own findings instead",
    "B900": "it takes a crash of basra itself",
}


def demonstrate(entry: Code) -> Said | None:
    """Returns what basra says about the code's example, run in an empty folder, or None
    when no run shows the code (a crash, a disk that is full, an editor's buffer)."""
    for demo in demos_of(entry):
        try:
            said = run_demo(demo, entry.code)
        except Exception:  # noqa: BLE001 - the page is shown without the demonstration
            said = None
        if said is not None:
            return said
    return None


def demos_of(entry: Code) -> list[Demo]:
    """Returns the runs that may show a code, the first that shows it wins: its entry in
    ``DEMOS``; a command line of the registry's example; or the example's variant text, as
    it stands, then after a ``variant`` line, then as a change to a bundled variant (what
the check of a lint needs: a variant that loads)."""
    if entry.code in DEMOS:
        return [DEMOS[entry.code]]
    example = entry.example
    if example.startswith("basra "):
        return [] if "#" in example else [Demo(tuple(shlex.split(example)[1:]))]
    if not _is_variant_text(example):
        return []
    header = re.match(r"variant ([A-Za-z_][A-Za-z0-9_-]*)", example)
    if header:
        return [Demo(("check", f"{header.group(1)}.basra"), {f"{header.group(1)}.basra": example + "\n"})]
    return [Demo(("check", "example.basra"), {"example.basra": f"{header}{example}\n"})
            for header in ("", 'variant example "Example"\n', 'variant example "Example" extends egyptian\n')]


def _is_variant_text(example: str) -> bool:
    return not example.startswith(("(", "basra ", "expect", "examples"))


def run_demo(demo: Demo, code: str) -> Said | None:
    """Runs a demonstration in a new empty folder (the command in this process, as
    ``basra`` would run it there) and returns the first finding of ``code`` it prints."""
    from . import main

    with tempfile.TemporaryDirectory(prefix="basra-explain-") as folder:
        root = Path(folder)
        for name, content in demo.files.items():
            (root / name).parent.mkdir(parents=True, exist_ok=True)
            if isinstance(content, bytes):
                (root / name).write_bytes(content)
            else:
                (root / name).write_text(content, encoding="utf-8")
        for name, target in demo.links.items():
            (root / name).parent.mkdir(parents=True, exist_ok=True)
            (root / name).symlink_to(target)
        extra = ["--format", "text", "-q"] if demo.command[0] == "check" else []  # as typed, whatever GITHUB_ACTIONS says
        printed = io.StringIO()
        here = os.getcwd()
        os.chdir(root)
        try:
            with redirect_stdout(printed), redirect_stderr(printed):
                try:
                    main.main([*demo.command, *extra], prog_name="basra", standalone_mode=True)
                    status = 0
                except SystemExit as exc:
                    status = exc.code if isinstance(exc.code, int) else 1
        finally:
            os.chdir(here)
        output = printed.getvalue().replace(str(root.resolve()) + os.sep, "").replace(folder + os.sep, "")
    finding = first_finding(output, code)
    if finding is None:
        return None
    return Said(demo.command[0], "basra " + " ".join(map(shlex.quote, demo.command)), finding, status)


def first_finding(output: str, code: str) -> tuple[str, ...] | None:
    """Returns the lines of the first finding of ``code`` in a command's text output (its
    first line, the quoted source line with its caret, help and notes), or None."""
    lines = output.splitlines()
    for index, line in enumerate(lines):
        if re.search(rf"\b(error|warning)\[{code}\]", line):
            block = [line]
            for following in lines[index + 1:]:
                if not (following.startswith(" ") or re.match(r"\d+ \|", following)):
                    break
                block.append(following)
            return tuple(block)
    return None


__all__ = ["explain", "page", "DEMOS", "demonstrate"]
