"""``basra new NAME [--extends PARENT]``: starts a variant file and its worked examples.

With a parent, the file holds the header, the ``extends`` and, as comments, the parent's
sections to copy from; without one, a complete small variant (Egyptian-like) to edit.
Beside it goes ``NAME.examples.yaml`` with a ``yaml-language-server`` modeline (when the
schema lies in the same project; see ``schema_reference``) and one worked example whose
expectation is what the engine does under the (parent's) rules, so the new files pass
``basra check`` as they are, with a warning (B727) at each TODO the author is to replace: the
``about`` line and the example's ``cite``. The template's guidance is written as notes to the
author (``#:`` comments), which no page shows (see ``variant_text``).

Nothing is written unless both files can be written as they should read: the name must be
a variant name, the title must fit in the grammar's string (which has no escapes, so no
double quote, and no line break or other control character), and the parent must be a
readable variant that the new file, from its folder, finds under the name it writes
after ``extends``. Files are written all at once (``files.replace_file``).
"""

from __future__ import annotations

import contextlib
import os
import re
import unicodedata
from pathlib import Path

import yaml

from ..cards import card_name
from ..diagnostics import DiagnosticError, Span, error
from ..language.loader import find_variant_file, is_path_like, load
from .examples import examples_path, run_example
from .files import replace_file

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


TITLE_LENGTH = 120
# Characters that break a line or do not show: Cc control characters (tab, CR, NUL, ESC,
# DEL, U+0085...), Zl/Zp (U+2028, U+2029), Cs (a lone surrogate: what Python makes of a
# command-line argument that is not UTF-8; it cannot be written to a file).
_UNSHOWN = {"Cc", "Zl", "Zp", "Cs"}


def title_problem(title: str) -> str | None:
    """Returns what makes a title unfit for a variant file, in words, or None if it fits.

    A title stands inside "..." in the variant file and in a comment line. The grammar's
    string (``STRING: /"[^"\\n]*"/``) has no escapes: a double quote would end it, and a
    line break would end the line (and let the rest be read as rules); a backslash is an
    ordinary character there, so it is allowed.
    """
    if '"' in title:
        return ('a title cannot hold a double quote ("): the variant file has no way to write one '
                "inside a title; use an apostrophe (') or typographic quotes (“ ”) instead")
    for index, char in enumerate(title, 1):
        if unicodedata.category(char) in _UNSHOWN:
            return (f"a title cannot hold line breaks, tabs or other control characters "
                    f"(found U+{ord(char):04X} at character {index}); write the title on one line")
    if not title.strip():
        return "the title is blank; give a few words, or leave --title out to make one from the name"
    if len(title) > TITLE_LENGTH:
        return f"the title is {len(title)} characters long; keep it to {TITLE_LENGTH} (the about line says more)"
    return None


def scaffold(name: str, parent: str | None = None, folder: str | Path = "variants",
             title: str | None = None, force: bool = False) -> list[Path]:
    """Writes NAME.basra and NAME.examples.yaml into ``folder``; returns their paths.

    Raises ValueError for a title that cannot be written (see ``title_problem``; the
    command line refuses it first, as a usage error), and DiagnosticError for a refused
    name, parent or existing file, or a file that cannot be written (B118); nothing is
    written when anything is refused.
    """
    if title is not None and title_problem(title):
        raise ValueError(title_problem(title))
    folder = Path(folder)
    target = folder / f"{name}.basra"
    examples = examples_path(target)
    problems = []
    if not NAME.fullmatch(name):  # fullmatch: "$" alone would let a final line break through
        problems.append(error("B102", f"{_shown(name)} cannot name a variant", None,
                              "use letters, digits, '_' and '-', starting with a letter"))
    else:
        problems += [error("B112", f"{path} already exists", Span(str(path), 1, 1),
                           "choose another name, or pass --force to overwrite it")
                     for path in (target, examples) if os.path.lexists(path) and not force]
    parent_path = None
    if parent is not None:
        parent_path, found = _parent(parent, name, folder)
        problems += found
    if problems:
        raise DiagnosticError(problems)
    parent_name = Path(parent_path).stem if parent_path else None
    title = title or name.replace("-", " ").replace("_", " ").title()
    created = [path for path in (target, examples) if not os.path.lexists(path)]
    try:
        folder.mkdir(parents=True, exist_ok=True)
        replace_file(target, variant_text(name, title, parent_name, parent_path).encode("utf-8"))
        replace_file(examples, examples_text(target, name).encode("utf-8"))
    except OSError as exc:
        for path in created:  # a variant without its examples is only half a start
            with contextlib.suppress(OSError):
                path.unlink(missing_ok=True)
        raise DiagnosticError([error("B118", f"cannot write {target.name} and {examples.name} in {folder}: "
                                     f"{exc.strerror or exc}", None,
                                     "check that the folder given to --dir can be written and the disk has room")
                               ]) from None
    return [target, examples]


def _parent(parent: str, name: str, folder: Path) -> tuple[Path | None, list]:
    """Returns the parent's file and the problems that refuse it: it cannot be found, its
    file name is no variant name, it is the new variant itself, the new file would not find
    it from its folder by that name (or would find another), or it cannot be read."""
    path = find_variant_file(parent, folder if folder.is_dir() else None)
    if path is None and is_path_like(parent):
        return None, [error("B112", "no such file", Span(parent, 1, 1), "check the path given to --extends")]
    if path is None:
        return None, [error("B401", f"unknown parent variant {_shown(parent)}", None,
                            "name a bundled variant (basra variants) or a .basra file")]
    stem = path.stem
    if not NAME.fullmatch(stem):
        return None, [error("B102", f"{_shown(path.name)} cannot be a parent: its name is no variant name",
                            Span(str(path), 1, 1), "rename the file with letters, digits, '_' and '-', "
                            "starting with a letter, and end it in .basra")]
    if stem == name:
        return None, [error("B402", f"'{name}' cannot extend itself", None,
                            "name another variant after --extends, or choose another name")]
    found = find_variant_file(stem, folder)  # what `extends STEM` will mean from the new file's folder
    if found is None or found.resolve() != path.resolve():
        reached = f"it would find {found}" if found else "it would find no such variant"
        return None, [error("B401", f"from {folder}, 'extends {stem}' would not reach {path}: {reached}", None,
                            f"write the new variant beside its parent (--dir {path.parent}), "
                            f"or copy {path.name} into {folder}")]
    try:
        load(path)  # the whole chain: the new files are to pass `basra check` as they are
    except DiagnosticError as exc:
        return None, [error("B403", f"the parent variant '{stem}' has errors", Span(str(path), 1, 1),
                            f"fix them first: basra check {path}"), *exc.diagnostics]
    return path, []


def _shown(text: str) -> str:
    """Returns a name quoted for a message, its unprintable characters as escapes (a name
    from the command line could hold a line break or a terminal's colour codes)."""
    return repr(text) if not text.isprintable() else f"'{text}'"


NOTE = "#:"  # a comment that begins so is a note to the author, which no page shows (check.lints.placeholders)


def variant_text(name: str, title: str, parent: str | None, parent_path: Path | None) -> str:
    """Returns the text of a new variant file (ValueError for a title it cannot hold).

    Its guidance is written as notes to the author (``#:``), which no page shows: the comment
    lines above ``variant`` are the page's "About this account" box and a comment directly
    above a clause is shown beside it, so guidance written as plain comments would be
    published wherever the author left it. What the author must replace, the ``about`` line
    (and the first example's ``cite``), says TODO, and ``basra check`` warns (B727) until
    it is replaced.
    """
    if title_problem(title):
        raise ValueError(title_problem(title))
    lines = [_note(row) for row in (
        'Lines that begin with "#:" are notes to you, the author: no page shows them; keep or',
        "delete them as you like. Plain comments are published: the comment lines above",
        '`variant` become the "About this account" box of the variant\'s page (say there, in your',
        "own words, where the game is played and the accounts you wrote it from), and a comment",
        "directly above a rule is shown beside it. Name each account on a line below `variant`:",
        '  source "Basra Fishing Games" link "https://www.pagat.com/fishing/basra.html"',
        f"`basra check` checks this file, and warns while a TODO is left in it or in {name}.examples.yaml;",
        "`basra fmt` lays it out.")]
    lines += ["", f'variant {name} "{title}"' + (f" extends {parent}" if parent else ""),
              f'about "TODO: one line on what makes {title} what it is."', ""]
    if parent is None:
        return "\n".join(lines) + "\n" + STANDALONE
    lines += [_note(f"State only what differs from {parent}: a clause written here replaces the"),
              _note("parent's clause of the same name; 'drop NAME' removes one. The parent says:"), NOTE]
    text = Path(parent_path).read_bytes().decode("utf-8", "replace").removeprefix("\ufeff")
    for row in (line.removesuffix("\r") for line in text.split("\n")):  # the grammar's lines
        if row.strip() and not row.lstrip().startswith("#") and not row.startswith(
                ("variant", "aliases", "region", "source", "about")):
            lines.append(_note(f"  {row}"))
    lines += [NOTE, _note("For example, to deal six cards a hand:"), NOTE, _note("setup:"), _note("  hand 6")]
    return "\n".join(lines) + "\n"


def _note(text: str) -> str:
    return f"{NOTE} {text}"


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
