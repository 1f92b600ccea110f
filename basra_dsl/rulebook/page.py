"""Renders one variant as a rulebook page (Markdown for mkdocs-material).

The page is generated from the merged variant (every clause, with the comments written
above it in the variant file) and from the compiled rules (deck sizes, totals, worked
examples played on the engine). Output depends only on the variant files: no dates, no
absolute paths, no randomness beyond fixed seeds.
"""

from __future__ import annotations

import random
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .. import cards as C
from .. import expressions as X
from .. import nodes as n
from ..compiler import compile_rules
from ..diagnostics import DiagnosticError
from ..engine import Deal, Game
from ..engine.scoring import number
from ..examples import check_examples, read_examples, run_example
from ..resources import bundled_variants
from ..rules import Rules
from ..semantics import Merged, load, merge, option_value
from ..simulate import random_bot
from ..unparse import expr_text, number_text
from .cardhtml import card_html, cards_html
from .english import Context, capitalise, join, plural, say
from .sentences import Speaker, entry_phrase, label, value_text

SECTIONS = ("setup", "capture", "basra", "end", "score", "game", "match")
ORDER = {
    "setup": ["setup.players", "setup.partners", "setup.deck", "setup.deal", "setup.hand", "setup.direction",
              "setup.floor", "setup.start_floor", "setup.redeal_floor"],
    "capture": [],  # named rules in file order, then choose and compulsion (below)
}
ILLUSTRATION_SEED = 1


def anchor(key: str) -> str:
    """Returns the HTML id of a clause on its variant's page, such as ``rule-capture-jack``."""
    return "rule-" + key.replace(".", "-")


def page_path(name: str) -> str:
    """Returns where a variant's page lives in the site's docs tree."""
    return f"rules/{name}.md"


@dataclass
class VariantPage:
    name: str
    title: str
    markdown: str
    anchors: list[str] = field(default_factory=list)
    problems: list[str] = field(default_factory=list)  # examples the engine disagrees with


# ------------------------------------------------------------------ comments in the file

class Comments:
    """Reads the ``#`` comments written above (or beside) a line of a variant file."""

    def __init__(self) -> None:
        self._lines: dict[str, list[str]] = {}

    def lines(self, path: str) -> list[str]:
        if path not in self._lines:
            try:
                self._lines[path] = Path(path).read_text(encoding="utf-8").splitlines()
            except OSError:
                self._lines[path] = []
        return self._lines[path]

    def above(self, path: str, line: int) -> list[str]:
        """Returns the comment block directly above a line, and a comment at the end of it."""
        lines = self.lines(path)
        if not 1 <= line <= len(lines):
            return []
        found: list[str] = []
        i = line - 2
        while i >= 0 and lines[i].strip().startswith("#"):
            found.insert(0, lines[i].strip().lstrip("#").strip())
            i -= 1
        trailing = _trailing_comment(lines[line - 1])
        if trailing:
            found.append(trailing)
        return [f for f in found if f]

    def header(self, path: str) -> list[str]:
        """Returns the comment lines at the top of a file, before ``variant``."""
        found = []
        for text in self.lines(path):
            stripped = text.strip()
            if stripped.startswith("#"):
                found.append(stripped.lstrip("#").strip())
            elif stripped:
                break
        return found


def _trailing_comment(line: str) -> str | None:
    in_string = False
    for i, ch in enumerate(line):
        if ch == '"':
            in_string = not in_string
        elif ch == "#" and not in_string and line[:i].strip():
            return line[i + 1:].strip()
    return None


def paragraph(lines: list[str]) -> str:
    """Joins comment lines into prose; keeps a line that starts a list item on its own."""
    text = re.sub(r"\s+", " ", " ".join(lines)).strip()
    return capitalise(text)


def indent(text: str, by: int = 4) -> str:
    pad = " " * by
    return "\n".join(pad + line if line.strip() else "" for line in text.splitlines())


def admonition(kind: str, title: str, body: str) -> str:
    return f'!!! {kind} "{title}"\n\n{indent(body)}\n'


# ------------------------------------------------------------------ the page

def load_merged(name_or_path: str | Path) -> Merged:
    """Returns a merged variant, bundled variants by their absolute path (stable comments)."""
    bundled = bundled_variants()
    target = bundled.get(str(name_or_path), name_or_path)
    return load(target).merged


def render_variant(name_or_path: str | Path, bundled: dict[str, Path] | None = None) -> VariantPage:
    """Returns the rulebook page of a variant (a bundled name or a .basra file)."""
    merged = load_merged(name_or_path)
    return _Page(merged, bundled if bundled is not None else bundled_variants()).render()


class _Page:
    def __init__(self, merged: Merged, bundled: dict[str, Path]):
        self.merged = merged
        self.bundled = bundled
        self.variant = merged.variant
        self.defaults = merged.option_defaults()
        self.ctx = Context(dict(self.defaults))
        self.rules = compile_rules(merged)
        self.by_players: dict[int, Rules] = {}
        for count in merged.player_counts():
            try:
                self.by_players[count] = compile_rules(merged, {"players": count})
            except DiagnosticError:
                continue
        self.bonus = self.rules.bonus_name
        self.sweepers = frozenset(
            w.text for c in merged.rules("capture") if isinstance(c, n.CaptureRule) and c.takes == "all"
            and c.guard is None and not c.pattern.exclude for w in c.pattern.include)
        self.speaker = Speaker(self.ctx, self.sweepers, self.bonus, self.rules.floor_kind, self.rules.choose,
                               self.rules.deck)
        self.comments = Comments()
        self.anchors: list[str] = []
        self.problems: list[str] = []

    # ---------------------------------------------------------------- helpers
    @property
    def name(self) -> str:
        return self.merged.name

    @property
    def title(self) -> str:
        return self.variant.title or self.name

    def link_variant(self, name: str, key: str | None = None, text: str | None = None) -> str:
        target = f"{name}.md" + (f"#{anchor(key)}" if key else "")
        return f"[{text or name}]({target})" if name in self.bundled else (text or name)

    def rule_link(self, key: str, text: str) -> str:
        return f"[{text}](#{anchor(key)})" if key in self.merged.clauses else text

    def bonus_title(self) -> str:
        return capitalise(plural(self.bonus))

    def holds(self, clause: n.Clause, options: dict[str, Any]) -> bool:
        return clause.guard is None or bool(X.evaluate_constant(clause.guard, options))

    def pick(self, key: str, options: dict[str, Any] | None = None) -> n.Clause | None:
        options = options or (self.defaults | {"players": self.rules.players})
        for clause in self.merged.clauses.get(key, ()):
            if self.holds(clause, options):
                return clause
        return None

    # ---------------------------------------------------------------- whole page
    def render(self) -> VariantPage:
        parts = [self.front_matter(), f"# {self.title}\n"]
        if self.variant.about:
            parts.append(f"{self.variant.about}\n")
        if self.variant.parent is not None:
            parent = self.merged.parent
            parts.append(f"This variant extends {self.link_variant(parent.name.text, text=parent.title or parent.name.text)}"
                         f": it plays by the parent's rules except where the differences below say otherwise.\n")
        parts.append(self.summary())
        header = self.comments.header(self.variant.path)
        if header:
            parts.append(admonition("quote", "Notes at the top of the variant file", paragraph(header)))
        if self.variant.parent is not None:
            parts.append(self.differences())
        rules_tab = "\n".join(self.sections())
        parts.append('=== "Rules"\n\n' + indent(rules_tab) + "\n")
        parts.append('=== "Source file"\n\n' + indent(self.source_tab()) + "\n")
        parts.append(self.examples())
        parts.append(self.illustration())
        markdown = "\n".join(p.rstrip() + "\n" for p in parts if p)
        return VariantPage(self.name, self.title, markdown, self.anchors, self.problems)

    def front_matter(self) -> str:
        tags = [f"{count} players" for count in self.merged.player_counts()]
        lines = ["---", f"title: {_yaml_string(self.title)}"]
        if self.variant.about:
            lines.append(f"description: {_yaml_string(self.variant.about)}")
        lines.append("tags:")
        lines += [f"  - {tag}" for tag in tags]
        lines.append("---\n")
        return "\n".join(lines)

    # ---------------------------------------------------------------- summary box
    def summary(self) -> str:
        rows: list[tuple[str, str]] = []
        counts = self.merged.player_counts()
        players = self.rule_link("setup.players", join([str(c) for c in counts], "or"))
        partners = [c for c in counts if c in self.by_players and any(len(s) > 1 for s in self.by_players[c].sides)]
        if partners:
            players += f"; {self.rule_link('setup.partners', 'partners')} with {join([str(c) for c in partners], 'or')}"
        rows.append(("Players", players))
        deck = len(self.rules.deck)
        rows.append(("Deck", self.rule_link("setup.deck", f"{deck} cards")))
        rows.append(("Cards dealt", self.dealt()))
        floor = "a face-up pile; only the top card counts" if self.rules.floor_kind == "stack" else \
            "face up, side by side; any card can be taken"
        rows.append(("Floor", self.rule_link("setup.floor", floor)))
        sweeps = [self.rule_link(f"capture.{c.name.text}", X_pattern(c.pattern))
                  + (" (only when " + say(c.guard, self.ctx) + ")" if c.guard is not None else "")
                  for c in self.merged.rules("capture") if isinstance(c, n.CaptureRule) and c.takes == "all"]
        rows.append(("What sweeps the floor", join(sweeps) or "nothing: every card takes by rank or by adding up"))
        worth = []
        for c in self.merged.rules("basra"):
            if isinstance(c, n.BasraRule):
                points = number_text(c.points.value) if isinstance(c.points, n.Number) else "varies"
                extra = []
                if c.guard is not None and any(not X_uses_play(p) for p in _conjuncts(c.guard)):
                    extra.append("an option")
                worth.append(self.rule_link(f"basra.{c.name.text}", f"{points} ({c.name.text.replace('_', ' ')}"
                                            + (", " + ", ".join(extra) if extra else "") + ")"))
        rows.append((f"A {self.bonus} is worth", join(worth) or f"no {plural(self.bonus)} are scored"))
        target = self.rule_link("game.target", f"{number_text(self.rules.target)} points")
        option = self._option_of("game.target")
        if option:
            target += f" (option [*{option}*](#option-{option}))"
        rows.append(("Target", target))
        if self.variant.aliases:
            rows.append(("Also called", ", ".join(self.variant.aliases)))
        if self.variant.region:
            rows.append(("Region", self.variant.region))
        sources = []
        for source in self.variant.sources:
            text = f"[{source.title}]({source.link})" if source.link else f"*{source.title}*"
            if source.note:
                text += f" ({source.note})"
            sources.append(text)
        if sources:
            rows.append(("Sources", "; ".join(sources)))
        if self.variant.parent is not None:
            parent = self.merged.parent
            rows.append(("Extends", self.link_variant(parent.name.text, text=parent.title or parent.name.text)))
        table = "| | |\n| --- | --- |\n" + "\n".join(f"| **{k}** | {v} |" for k, v in rows)
        return admonition("abstract", "At a glance", table)

    def _option_of(self, key: str) -> str | None:
        clause = self.pick(key)
        for value in vars(clause).values() if clause else ():
            if isinstance(value, n.Name) and value.id in self.merged.options:
                return value.id
        return None

    def dealt(self) -> str:
        sizes: dict[int, list[int]] = {}
        for count, rules in self.by_players.items():
            sizes.setdefault(rules.hand_size, []).append(count)
        if len(sizes) <= 1:
            hand = f"{self.rules.hand_size} to each player per deal"
        else:
            hand = "; ".join(f"{size} each with {join([str(c) for c in counts], 'or')} players"
                             for size, counts in sizes.items())
        text = self.rule_link("setup.hand", hand)
        if self.rules.start_floor:
            text += f", {self.rule_link('setup.start_floor', f'{self.rules.start_floor} to the floor at the start')}"
        if self.rules.redeal_floor:
            text += f", {self.rule_link('setup.redeal_floor', f'{self.rules.redeal_floor} more with each deal')}"
        return text

    # ---------------------------------------------------------------- rule sections
    def keys_of(self, section: str) -> list[str]:
        keys = [k for k in self.merged.clauses if k.startswith(section + ".")]
        order = ORDER.get(section, [])
        ranked = [k for k in order if k in keys]
        rest = [k for k in keys if k not in order]
        if section == "capture":
            tail = [k for k in ("capture.choose", "capture.compulsion") if k in rest]
            rest = [k for k in rest if k not in tail] + tail
        if section == "basra":
            rest = [k for k in rest if k == "basra.called"] + [k for k in rest if k != "basra.called"]
        return ranked + rest

    def sections(self) -> list[str]:
        out = [self.setup_section(), self.capture_section(), self.basra_section(), self.end_section(),
               self.score_section(), self.game_section(), self.options_section()]
        return [s for s in out if s]

    def items(self, keys: list[str]) -> str:
        return "\n".join(self.item(key) for key in keys)

    def item(self, key: str) -> str:
        alternatives = self.merged.clauses[key]
        first = alternatives[0]
        self.anchors.append(anchor(key))
        head = f"- **{label(first)}**{{#{anchor(key)}}}"
        lines: list[str] = []
        notes: list[tuple[str, list[str]]] = []
        if len(alternatives) == 1:
            clause = first
            text = self.speaker.sentence(clause)
            if clause.guard is not None and not isinstance(clause, (n.CaptureRule, n.BasraRule)):
                text = f"When {say(clause.guard, self.ctx)}: {text[:1].lower() + text[1:] if _lowerable(text) else text}"
            lines.append(f"{head} — {text}{self.origin_note(key)}")
        else:
            lines.append(f"{head}{self.origin_note(key)}")
            for clause in alternatives:
                cond = f"when {say(clause.guard, self.ctx)}" if clause.guard is not None else "otherwise"
                lines.append(f"    - {capitalise(cond)}: {self.speaker.sentence(clause)}")
        for clause in alternatives:
            found = self.comments.above(clause.span.path, clause.span.line)
            if found:
                notes.append((label(clause), found))
        text = "\n".join(lines) + "\n"
        for _, found in notes:
            text += "\n" + indent(admonition("note", "House-rule note from the variant file", paragraph(found)))
        return text

    def origin_note(self, key: str) -> str:
        origin = self.merged.origin.get(key)
        if self.variant.parent is None or origin is None or origin == self.name:
            return ""
        return f" <small>(as in {self.link_variant(origin, key, origin)})</small>"

    def setup_section(self) -> str:
        keys = self.keys_of("setup")
        intro = ""
        if "setup.players" not in keys:
            intro = "The variant names no player counts, so it is played by two.\n\n"
        return f"## Setup and deal {{#setup}}\n\n{intro}{self.items(keys)}"

    def capture_section(self) -> str:
        intro = ("Players take turns, each playing one card from their hand face up. A card can take "
                 "floor cards by the rules below; a card that takes nothing stays on the floor (it is "
                 "*trailed*). Taken cards, with the card that took them, go face down in front of the "
                 "player (for partners, in one pile per side).\n\n")
        return f"## Play and capture {{#capture}}\n\n{intro}{self.items(self.keys_of('capture'))}"

    def basra_section(self) -> str:
        keys = self.keys_of("basra")
        rules = [k for k in keys if isinstance(self.merged.clauses[k][0], n.BasraRule)]
        if not rules:
            intro = f"This variant scores no {plural(self.bonus)}.\n\n"
        else:
            intro = (f"A *{self.bonus}* is a bonus scored by a capture, kept apart from the cards "
                     f"and added to the side's score at the end of the hand. A trailed card never scores one.")
            if len(rules) > 1:
                intro += " A capture that meets more than one of these rules scores only the largest of them."
            intro += "\n\n"
        return f"## {self.bonus_title()} {{#basra}}\n\n{intro}{self.items(keys)}"

    def end_section(self) -> str:
        keys = self.keys_of("end")
        intro = ("The hand ends when the pack is used up and every card has been played.\n\n")
        return f"## End of hand {{#end}}\n\n{intro}{self.items(keys)}"

    def score_section(self) -> str:
        keys = self.keys_of("score")
        text = f"## Scoring {{#score}}\n\nAt the end of each hand, every side counts the cards it took.\n\n"
        text += self.items(keys)
        text += "\n" + self.score_table()
        return text

    def score_table(self) -> str:
        rows = ["| Scoring item | Points | In the pack | At most in one hand |", "| --- | --- | --- | --- |"]
        total = 0.0
        options = self.defaults | {"players": self.rules.players}
        for majority in self.rules.majorities:
            key = f"score.most_{majority.what}"
            tie = {"carry": "a tie carries them to the next hand", "each": "a tie pays each tied side",
                   "nobody": "a tie pays nobody"}.get(majority.tie, majority.tie)
            rows.append(f"| {self.rule_link(key, capitalise('most ' + majority.what))} ({tie}) | "
                        f"{number_text(majority.points)} | — | {number_text(majority.points)} |")
            total += majority.points
        clause = self.pick("score.points", options)
        deck = frozenset(self.rules.deck)
        for entry in clause.entries if isinstance(clause, n.Points) else ():
            value = X.evaluate_constant(entry.points, options)
            count = len(X.pattern_set(entry.pattern, deck))
            rows.append(f"| {self.rule_link('score.points', capitalise(entry_phrase(entry.pattern)))} | "
                        f"{number_text(value)} | {count} | {number_text(value * count)} |")
            total += value * count
        rows.append(f"| **All the points of a hand** | | | **{number_text(total)}** |")
        basras = [c for c in self.merged.rules("basra") if isinstance(c, n.BasraRule)]
        if basras:
            worth = join(sorted({number_text(c.points.value) if isinstance(c.points, n.Number) else expr_text(c.points)
                                 for c in basras}), "or")
            rows.append(f"| {self.rule_link('basra.' + basras[0].name.text, 'Each ' + self.bonus)} | {worth} | — | no limit |")
        text = "\n".join(rows) + "\n"
        claim = self.rules.total_claim
        if claim is not None:
            if float(claim) == total:
                text += (f"\nThe {self.rule_link('score.total', 'total')} stated in the variant file, "
                         f"{number_text(claim)}, agrees with the table.\n")
            else:
                text += "\n" + admonition("warning", "The stated total disagrees",
                                          f"The file says a hand holds {number_text(claim)} points; "
                                          f"the items above add up to {number_text(total)}.")
        if self.rules.players != max(self.by_players, default=self.rules.players) and \
                any(r.majorities != self.rules.majorities or r.card_points != self.rules.card_points
                    for r in self.by_players.values()):
            text += f"\nThe table is for {self.rules.players} players with the default options.\n"
        return text

    def game_section(self) -> str:
        keys = self.keys_of("game") + self.keys_of("match")
        return f"## End of game and match {{#game}}\n\n{self.items(keys)}"

    def options_section(self) -> str:
        if not self.merged.options:
            return ""
        rows = ["| Option | Choices | Default | What it changes |", "| --- | --- | --- | --- |"]
        notes = []
        for name, option in self.merged.options.items():
            choices = " \\| ".join(value_text(option_value(c)) for c in option.choices)
            rows.append(f"| **{name}**{{#option-{name}}} | {choices} | {value_text(option_value(option.default))} | "
                        f"{option.doc or ''} |")
            self.anchors.append(f"option-{name}")
            found = self.comments.above(option.span.path, option.span.line)
            if found:
                notes.append(admonition("note", f"About the option {name}", paragraph(found)))
        text = ("## Options {#options}\n\nA table may choose these; the rules above are shown with the "
                "defaults. Choose a value on the command line with `-o NAME=VALUE`, for example "
                f"`basra simulate {self.name} --hands 100 -o {next(iter(self.merged.options))}="
                f"{value_text(option_value(next(iter(self.merged.options.values())).choices[-1]))}`.\n\n")
        return text + "\n".join(rows) + "\n\n" + "\n".join(notes)

    # ---------------------------------------------------------------- differences
    def differences(self) -> str:
        parent_merged, _ = merge(self.merged.chain[1:])
        parent = parent_merged.name
        ptitle = parent_merged.variant.title or parent
        own = {c.key for c in self.variant.clauses}
        page = f"{parent}.md" if parent in self.bundled else ""
        parent_speaker = Speaker(Context(parent_merged.option_defaults(), page), self.sweepers, self.bonus,
                                 self.rules.floor_kind, self.rules.choose, self.rules.deck)
        changed, added, dropped = [], [], []
        for key in self.merged.clauses:
            if key not in own:
                continue
            here = self.rule_link(key, label(self.merged.clauses[key][0]))
            now = self.describe_key(self.merged, key)
            if key in parent_merged.clauses:
                before = self.describe_key(parent_merged, key, parent_speaker)
                if before == now:
                    changed.append(f"- {here}: stated again, the same as in {self.link_variant(parent, key, ptitle)}.")
                else:
                    changed.append(f"- {here}: {now} <br>*In {self.link_variant(parent, key, ptitle)}:* {before}")
            else:
                added.append(f"- {here}: {now}")
        for drop in self.variant.drops:
            if drop.key in parent_merged.clauses:
                before = self.describe_key(parent_merged, drop.key, parent_speaker)
                dropped.append(f"- {self.link_variant(parent, drop.key, label(parent_merged.clauses[drop.key][0]))}"
                               f" no longer applies. *It said:* {before}")
        options = []
        for name, option in self.merged.options.items():
            if option in self.variant.options:
                old = parent_merged.options.get(name)
                if old is None:
                    options.append(f"- New option [*{name}*](#option-{name}): {option.doc or 'see the options'}.")
                elif option_value(old.default) != option_value(option.default) or old.choices != option.choices:
                    options.append(f"- Option [*{name}*](#option-{name}) now allows "
                                   f"{' or '.join(value_text(option_value(c)) for c in option.choices)}, "
                                   f"default {value_text(option_value(option.default))}.")
        text = f"## Differences from {ptitle} {{#differences}}\n\n"
        if not (changed or added or dropped or options):
            return text + f"None: this variant plays exactly as {self.link_variant(parent, text=ptitle)}.\n"
        for title, items in (("What it changes", changed), ("What it adds", added), ("What it drops", dropped),
                             ("Options", options)):
            if items:
                text += f"**{title}**\n\n" + "\n".join(items) + "\n\n"
        return text

    def describe_key(self, merged: Merged, key: str, speaker: Speaker | None = None) -> str:
        speaker = speaker or self.speaker
        parts = []
        for clause in merged.clauses[key]:
            text = speaker.sentence(clause)
            if clause.guard is not None and not isinstance(clause, (n.CaptureRule, n.BasraRule)):
                text = f"when {say(clause.guard, speaker.ctx)}: {text}"
            parts.append(text)
        return " ".join(parts)

    # ---------------------------------------------------------------- source tab
    def source_tab(self) -> str:
        try:
            source = Path(self.variant.path).read_text(encoding="utf-8")
        except OSError:
            source = ""
        fence = "```"
        while fence in source:
            fence += "`"
        name = Path(self.variant.path).name
        text = f"The variant file `{name}`, exactly as bundled"
        if self.variant.parent is not None:
            text += (f"; it states only what differs from "
                     f"{self.link_variant(self.variant.parent.text)}, whose file is on its page")
        text += ".\n\n"
        return text + f'{fence}basra title="{name}"\n{source.rstrip()}\n{fence}\n'

    # ---------------------------------------------------------------- worked examples
    def examples(self) -> str:
        document = read_examples(self.variant.path) if self.variant.path else None
        head = "## Worked examples {#examples}\n\n"
        if document is None or not isinstance(document.data, dict):
            return head + (f"The variant file comes with no worked examples; see the illustrative hand "
                           f"below" + (f" and the examples of {self.link_variant(self.variant.parent.text)}"
                                       if self.variant.parent is not None else "") + ".\n")
        for problem in check_examples(self.merged, document):
            self.problems.append(f"{self.name}: {problem.message}")
        examples = document.data.get("examples") or []
        text = head + (f"Each example below was played on the engine when this page was built, and the "
                       f"engine agreed with what the example expects ({len(examples)} examples).\n\n"
                       if not self.problems else
                       "Some examples below disagree with the engine: see the warnings.\n\n")
        for index, example in enumerate(examples):
            text += self.example(example, index) + "\n"
        return text

    def rule_key(self, rule: str | None) -> str | None:
        if not rule:
            return None
        for key in self.merged.clauses:
            if key.split(".", 1)[1] == rule:
                return key
        if rule in ("compulsory", "optional"):
            return "capture.compulsion"
        return None

    def example(self, example: dict, index: int) -> str:
        name = example["name"]
        try:
            outcome = run_example(self.merged, example)
        except DiagnosticError as exc:
            message = "; ".join(d.message for d in exc.diagnostics)
            self.problems.append(f"{self.name}: example '{name}': {message}")
            return admonition("failure", capitalise(name), f"The engine could not play this example: {message}")
        lines = []
        key = self.rule_key(example.get("rule"))
        if "score" in example:
            lines += self.score_example(example, outcome)
        else:
            lines.append("  \n".join(self.play_example(example, outcome)))  # one block, a line each
        footer = []
        if key:
            footer.append(f"Rule: {self.rule_link(key, label(self.merged.clauses[key][0]))}")
        if example.get("options"):
            footer.append("Options: " + ", ".join(f"*{k}* = {value_text(v)}" for k, v in example["options"].items()))
        if example.get("players"):
            footer.append(f"{example['players']} players")
        if example.get("cite"):
            footer.append(f"Source: {example['cite']}")
        if footer:
            lines.append("<small>" + " · ".join(footer) + "</small>")
        return admonition("example", capitalise(name), "\n\n".join(lines))

    def play_example(self, example: dict, outcome) -> list[str]:
        chosen = dict(example.get("options", {}))
        if "players" in example:
            chosen["players"] = example["players"]
        rules = compile_rules(self.merged, chosen)
        plays = example["plays"]
        moves = [(C.parse_card(p), None) if isinstance(p, str) else
                 (C.parse_card(p["card"]), tuple(C.parse_card(x) for x in p["capture"]) if "capture" in p else None)
                 for p in plays]
        floor = tuple(C.parse_card(x) for x in example.get("floor", []))
        hands = [[] for _ in range(rules.players)]
        for i, (card, _) in enumerate(moves):
            hands[i % rules.players].append(card)
        game = Game(rules)
        state = game.hand_from_deals([Deal(tuple(tuple(h) for h in hands), floor)], 0)
        lines = [f"**Floor:** {cards_html(floor, 'empty')}"]
        for card, capture in moves[:-1]:
            move = state.resolve(card, capture)
            play = state.play(move.card, move.capture)
            lines.append(f"**Earlier play:** {card_html(card)} " +
                         (f"takes {cards_html(play.captured)}" if play.captured else "is trailed") +
                         f", leaving {cards_html(state.floor, 'an empty floor')}")
        card, capture = moves[-1]
        floor_now = tuple(state.floor)
        previous = state.previous
        wanted = f" naming the capture {cards_html(capture)}" if capture else (
            " without capturing" if capture == () else "")
        lines.append(f"**Played:** {card_html(card)}{wanted}")
        if outcome.refused is not None:
            lines.append(f"**Result:** the engine refuses the play: {_plain(outcome.refused)}.")
            return lines
        if len(outcome.choices) > 1 and "choices" in example.get("expect", {}):
            shown = " or ".join(cards_html(c) for c in outcome.choices if c)
            lines.append(f"**Takes:** the player chooses: {shown}.")
            lines.append(f"**Why:** {self.why(rules, card, floor_now, outcome.choices[0], previous)}")
            return lines
        takes = outcome.takes or ()
        lines.append(f"**Takes:** {cards_html(takes)}")
        lines.append(f"**Why:** {self.why(rules, card, floor_now, takes, previous)}")
        bonus = outcome.basra
        if bonus:
            names = self.bonus_rules(rules, card, floor_now, takes, previous, bonus)
            lines.append(f"**{capitalise(self.bonus)}:** {number_text(bonus)} points ({join(names)})")
        else:
            lines.append(f"**{capitalise(self.bonus)}:** none")
        return lines

    def why(self, rules: Rules, card: int, floor: tuple[int, ...], takes: tuple[int, ...], previous) -> str:
        if not takes:
            if not floor:
                return "the floor is empty, so the card is simply laid down."
            return "no rule lets this card take anything here, so it is trailed."
        for rule in rules.capture_rules:
            if rule.takes == "all" and card in rule.cards and (
                    rule.condition is None or rule.condition(card, floor, (), (), previous)):
                return f"{self.rule_link('capture.' + rule.name, rule.name)}: it takes the whole floor."
        rank_rules = [r for r in rules.capture_rules if r.takes == "rank" and card in r.cards]
        sum_rules = [r for r in rules.capture_rules if r.takes == "sums" and card in r.cards]
        same = all(C.rank(x) == C.rank(card) for x in takes)
        if same and rank_rules:
            return f"{self.rule_link('capture.' + rank_rules[0].name, rank_rules[0].name)}: it pairs the floor cards of its rank."
        if sum_rules:
            groups = _groups(takes, rules.values[card], rules.values)
            shown = "; ".join(" + ".join(card_html(x) for x in g) for g in groups)
            more = " (the largest set it can take)" if rules.choose == "largest" and len(takes) < len(floor) else ""
            return (f"{self.rule_link('capture.' + sum_rules[0].name, sum_rules[0].name)}: each group adds up to "
                    f"{number_text(rules.values[card])}: {shown}{more}.")
        return "the capture rules allow it."

    def bonus_rules(self, rules: Rules, card, floor, takes, previous, bonus) -> list[str]:
        left = tuple(x for x in floor if x not in set(takes))
        found = []
        for rule in rules.basra_rules:
            if rule.condition is None or rule.condition(card, floor, takes, left, previous):
                if (rule.points(card, floor, takes, left, previous) or 0) == bonus:
                    found.append(self.rule_link("basra." + rule.name, rule.name))
        return found or ["by the rules above"]

    def score_example(self, example: dict, outcome) -> list[str]:
        score = example["score"]
        rows = ["| Side | Cards taken | Cards that matter | Bonuses | Points |", "| --- | --- | --- | --- | --- |"]
        for index, side in enumerate(score["sides"]):
            with_cards = [C.parse_card(x) for x in side.get("with", [])]
            bonuses = ", ".join(number_text(b) for b in side.get("bonuses", [])) or "—"
            points = number_text(outcome.points[index]) if index < len(outcome.points) else "—"
            rows.append(f"| {index + 1} | {side.get('cards', len(with_cards))} | {cards_html(with_cards)} | {bonuses} | "
                        f"**{points}** |")
        lines = []
        if score.get("carry"):
            lines.append("Carried in from the last hand: " + ", ".join(number_text(c) for c in score["carry"]) + " points.")
        lines.append("\n".join(rows))
        carried = [number(c) for c in outcome.carry]
        if any(carried):
            lines.append("Carried to the next hand: " + ", ".join(number_text(c) for c in carried) + " points.")
        return lines

    # ---------------------------------------------------------------- illustrative hand
    def illustration(self) -> str:
        rules = self.rules
        rng = random.Random(ILLUSTRATION_SEED)
        game = Game(rules)
        state = game.new_hand(rng)
        text = (f"## An illustrative hand {{#illustration}}\n\nA hand dealt by the engine with seed "
                f"{ILLUSTRATION_SEED} ({rules.players} players, default options), each player playing a "
                f"random card from their hand. The table shows the first plays; the engine plays the "
                f"rest of the hand and scores it.\n\n")
        text += f"**First floor:** {cards_html(state.floor, 'empty')}\n\n"
        for seat in range(rules.players):
            text += f"**Seat {seat}** holds {cards_html(state.hands[seat])}"
            side = rules.side_of(seat)
            if len(rules.sides[side]) > 1:
                text += f" (side {side + 1})"
            text += "  \n"
        rows = ["| # | Seat | Floor before | Plays | Takes | Why |", "| --- | --- | --- | --- | --- | --- |"]
        shown = rules.players * min(rules.hand_size, 4)
        number_ = 0
        while not state.is_terminal():
            seat = state.current_player
            card, capture = random_bot(state, rng)
            floor = tuple(state.floor)
            previous = state.previous
            play = state.play(card, capture)
            number_ += 1
            if number_ <= shown:
                why = self.why(rules, card, floor, play.captured, previous)
                if play.bonus:
                    why += f" **{capitalise(self.bonus)} +{number_text(play.bonus)}**"
                rows.append(f"| {number_} | {seat} | {cards_html(floor, 'empty')} | {card_html(card)} | "
                            f"{cards_html(play.captured, '—')} | {why} |")
        text += "\n" + "\n".join(rows) + "\n\n"
        result = state.result()
        text += (f"The hand went on for {number_} plays in all. At its end the sides scored:\n\n"
                 f"| Side | Seats | Cards | {self.bonus_title()} | Points |\n| --- | --- | --- | --- | --- |\n")
        for index, side in enumerate(result.sides):
            text += (f"| {index + 1} | {', '.join(map(str, side.seats))} | {side.cards} | {side.basras} | "
                     f"{number_text(side.points)} |\n")
        if any(result.carry_out):
            text += f"\nCarried to the next hand: {', '.join(number_text(c) for c in result.carry_out)} points.\n"
        return text


# ------------------------------------------------------------------ small functions

def _lowerable(text: str) -> bool:
    word = text.split(" ", 1)[0]
    return word[:1].isupper() and word[1:].islower() and word not in ("I",)


def _plain(text: str) -> str:
    return text.rstrip(".")


def _yaml_string(text: str) -> str:
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'


def _conjuncts(expr: n.Expr) -> list[n.Expr]:
    from .english import conjuncts
    return conjuncts(expr)


def X_uses_play(expr: n.Expr) -> bool:  # noqa: N802 - mirrors english.uses_play
    from .english import uses_play
    return uses_play(expr)


def X_pattern(pattern: n.Pattern) -> str:  # noqa: N802
    from .english import pattern_phrase
    return pattern_phrase(pattern)


def _groups(takes: tuple[int, ...], value: int | None, values: dict) -> list[tuple[int, ...]]:
    """Returns the captured cards split into groups adding up to ``value`` (for the 'why')."""
    if value is None or any(values.get(x) is None for x in takes):
        return [tuple(takes)]
    cards = sorted(takes, key=lambda x: -values[x])

    def split(rest: list[int]) -> list[tuple[int, ...]] | None:
        if not rest:
            return []
        first, others = rest[0], rest[1:]

        def grow(group: list[int], pool: list[int], total: int):
            if total == value:
                tail = split([x for x in others if x not in group])
                return None if tail is None else [tuple(group)] + tail
            for i, x in enumerate(pool):
                if total + values[x] <= value:
                    found = grow(group + [x], pool[i + 1:], total + values[x])
                    if found is not None:
                        return found
            return None

        return grow([first], others, values[first])

    return split(cards) or [tuple(takes)]
