"""``basra new NAME [--extends PARENT]``: starts a variant file and its worked examples.

With a parent, the file holds the header, the ``extends`` and, as comments, the parent's
sections to copy from; without one, a complete small variant (Egyptian-like) to edit.
Beside it goes ``NAME.examples.yaml`` with a ``yaml-language-server`` modeline (when the
schema lies in the same project; see ``schema_reference``) and one worked example whose
expectation is what the engine does under the (parent's) rules, so the new files pass
``basra check`` as they are.
"""

from __future__ import annotations

import os
import re
from pathlib import Path

import yaml

from ..cards import card_name
from ..diagnostics import DiagnosticError, Span, error
from ..language.loader import find_variant_file, is_path_like, load
from .examples import examples_path, run_example

NAME = re.compile(r"[A-Za-z_][A-Za-z0-9_-]*$")
SCHEMA_ID = "urn:basra-dsl:schema:examples:1"

STANDALONE = """\
setup:
  deck 52
  players 2, 4
  partners when players == 4
  hand 4
  floor spread
  start floor 4
  deal batches
  direction anticlockwise

capture:
  pair: any takes rank
  sum: numeral takes sums
  jack: J takes all
  choose largest
  compulsory

basra:
  clear: 10 when cleared and played is not J

end:
  leftover last

score:
  most cards 30 tie carry
  points J 1, A 1, 2C 2, 10D 3
  total 43

game:
  first to 101
  tie replay
"""

# (floor, play) tried in turn for the scaffolded worked example; the first the engine
# plays without refusing is written down with what it does.
_TRIALS = [(["7H", "2C", "KD"], "7S"), (["3C", "4D", "5H"], "9C"), (["5C"], "5D"), (["3C", "5D"], "QS")]


def scaffold(name: str, parent: str | None = None, folder: str | Path = "variants",
             title: str | None = None, force: bool = False) -> list[Path]:
    """Writes NAME.basra and NAME.examples.yaml into ``folder``; returns their paths."""
    problems = []
    if not NAME.match(name):
        problems.append(error("B102", f"'{name}' cannot name a variant", None,
                              "use letters, digits, '_' and '-', starting with a letter"))
    folder = Path(folder)
    target = folder / f"{name}.basra"
    if target.exists() and not force:
        problems.append(error("B112", f"{target} already exists", Span(str(target), 1, 1),
                              "choose another name, or pass --force to overwrite it"))
    parent_path = None
    if parent is not None:
        parent_path = find_variant_file(parent, folder if folder.is_dir() else None)
        if parent_path is None and is_path_like(parent):
            problems.append(error("B112", "no such file", Span(parent, 1, 1),
                                  "check the path given to --extends"))
        elif parent_path is None:
            problems.append(error("B401", f"unknown parent variant '{parent}'", None,
                                  "name a bundled variant (basra variants) or a .basra file"))
    if problems:
        raise DiagnosticError(problems)
    folder.mkdir(parents=True, exist_ok=True)
    parent_name = Path(parent_path).stem if parent_path else None
    title = title or name.replace("-", " ").replace("_", " ").title()
    target.write_text(variant_text(name, title, parent_name, parent_path), encoding="utf-8")
    examples = examples_path(target)
    examples.write_text(examples_text(target, name), encoding="utf-8")
    return [target, examples]


def variant_text(name: str, title: str, parent: str | None, parent_path: Path | None) -> str:
    """Returns the text of a new variant file."""
    lines = [f"# {title}: where it is played, and the accounts it is written from.",
             "# `basra check` checks this file; `basra fmt` lays it out; see docs/diagnostics.md.", "",
             f'variant {name} "{title}"' + (f" extends {parent}" if parent else ""),
             f'about "One line on what makes {title} what it is."', ""]
    if parent is None:
        return "\n".join(lines) + "\n" + STANDALONE
    lines += [f"# State only what differs from {parent}: a clause written here replaces the",
              "# parent's clause of the same name; 'drop NAME' removes one. The parent says:", "#"]
    for row in Path(parent_path).read_text(encoding="utf-8").splitlines():
        if row.strip() and not row.lstrip().startswith("#") and not row.startswith(
                ("variant", "aliases", "region", "source", "about")):
            lines.append(f"#   {row}")
    lines += ["#", "# For example, to deal six cards a hand:", "#", "# setup:", "#   hand 6"]
    return "\n".join(lines) + "\n"


def examples_text(variant_path: Path, name: str) -> str:
    """Returns the text of the new variant's worked examples, with one checked example."""
    example = _example(variant_path)
    document = {"variant": name, "examples": [example] if example else []}
    body = yaml.safe_dump(document, sort_keys=False, allow_unicode=True, default_flow_style=None, width=100)
    schema = schema_reference(variant_path)
    if schema is not None:
        modeline = f"# yaml-language-server: $schema={schema}\n"
    else:
        modeline = ("# No schema modeline: basra-dsl is installed outside this project, and a path to it\n"
                    "# would break elsewhere. To check this file as you type, point your editor's YAML\n"
                    "# language server at examples.schema.json (in basra_dsl/schemas/; see the Schemas\n"
                    "# page of the rulebook site, `basra docs build`).\n")
    return (modeline + f"# Worked examples for {name}; `basra check` plays each one on the engine.\n"
            "# Write the examples your sources give, citing them; this first one records what the\n"
            "# rules as written do, so check it against your source.\n" + body)


PROJECT_MARKERS = (".git", "pyproject.toml", ".pre-commit-config.yaml")


def schema_reference(variant_path: Path) -> str | None:
    """Returns the examples schema's path relative to the variant's folder when the schema lies
    in the same project (so the modeline stays valid when the project moves or is cloned),
    else None: a path out to wherever basra-dsl happens to be installed would break.

    The project is the nearest folder above the variant holding .git, pyproject.toml or
    .pre-commit-config.yaml, else the working folder.
    """
    from ..resources import schema_path
    schema = schema_path("examples").resolve()
    folder = variant_path.resolve().parent
    project = next((p for p in (folder, *folder.parents) if any((p / m).exists() for m in PROJECT_MARKERS)),
                   Path.cwd().resolve())
    if not (schema.is_relative_to(project) and folder.is_relative_to(project)):
        return None
    return Path(os.path.relpath(schema, folder)).as_posix()


def _example(variant_path: Path) -> dict | None:
    try:
        merged = load(variant_path).merged
    except DiagnosticError:
        return None
    for floor, play in _TRIALS:
        trial = {"name": f"{play} played on {' '.join(floor)}", "cite": "TODO: the account this comes from",
                 "floor": floor, "plays": [play]}
        try:
            outcome = run_example(merged, trial)
        except DiagnosticError:
            continue
        if outcome.refused is None and outcome.takes is not None and len(outcome.choices) <= 1:
            from ..engine.scoring import number
            trial["expect"] = {"takes": [card_name(c) for c in outcome.takes], "basra": number(outcome.basra)}
            return trial
    return None
