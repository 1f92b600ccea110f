"""What every part of a variant page needs: the variant, its compiled rules, and links.

A ``PageState`` is built once per page. The section renderers (summary, rules, worked
examples) read it, and add to its ``anchors`` and ``problems`` as they go.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from ...diagnostics import DiagnosticError
from ...engine.rules import Rules
from ...language import nodes as n
from ...language.compiler import compile_rules
from ...language.merge import Merged
from .comments import Comments, travels
from ..prose.english import Context, capitalise, plural
from ..text.markdown import anchor
from ..text.safe import inline
from ..prose.card_counts import summed
from ..prose.sentences import Speaker


class PageState:
    """The variant being rendered and what has been collected from it so far."""

    def __init__(self, merged: Merged, bundled: dict[str, Path]):
        self.merged = merged
        self.bundled = bundled
        self.variant = merged.variant
        self.defaults = merged.option_defaults()
        self.rules = compile_rules(merged)
        self.ctx = Context(dict(self.defaults), choices=merged.option_choices(), played_as=bool(self.rules.played_values))
        self.by_players = rules_by_players(merged)
        self.bonus = inline(self.rules.bonus_name)  # Markdown: a file's 'called' names it
        self.sweepers = _sweepers(merged)
        self.speaker = self.speaker_for(self.ctx)
        self.comments = Comments()
        self.anchors: list[str] = []
        self.problems: list[str] = []  # examples the engine disagrees with

    @property
    def name(self) -> str:
        return self.merged.name

    @property
    def title(self) -> str:
        """Returns the variant's title as written in its file (text, to be escaped where shown)."""
        return self.variant.title or self.name

    def speaker_for(self, ctx: Context) -> Speaker:
        """Returns a speaker for this variant's rules that links options as ``ctx`` says."""
        speaker = Speaker(ctx, self.sweepers, self.bonus, self.rules.floor_kind, self.rules.choose, self.rules.deck,
                          self.rules.direction, summed=summed(self.rules))
        speaker.one_deal = self.one_deal
        speaker.draws = bool(self.rules.draw)
        speaker.flips = bool(self.rules.flip)
        speaker.stacks = self.rules.builds.stack_limit if self.rules.builds is not None else 0
        speaker.floor_counted = bool(self.rules.floor_values)
        speaker.scores_bonuses = self.scores_bonuses
        speaker.has_target = "game.target" in self.merged.clauses
        speaker.sum_rules = sum(isinstance(c, n.CaptureRule) and c.takes == "sums" for c in self.merged.rules("capture"))
        speaker.takes_all = any(isinstance(c, n.CaptureRule) and c.takes == "all" for c in self.merged.rules("capture"))
        return speaker

    @property
    def scores_bonuses(self) -> bool:
        """Whether any rule of the variant scores a bonus for a capture (under some option): a
        game without one is not told of basras at all."""
        return any(isinstance(c, n.BasraRule) for c in self.merged.rules("basra"))

    @property
    def one_deal(self) -> bool:
        """Whether every player count deals the whole pack at once (with the default options)."""
        return all(rules.one_deal for rules in self.by_players.values())

    def link_variant(self, name: str, key: str | None = None, text: str | None = None) -> str:
        """Links to another variant's page (or a clause on it) under ``text``, plain text that
        may come from a file (a title); a variant not bundled has no page."""
        target = f"{name}.md" + (f"#{anchor(key)}" if key else "")
        shown = inline(text or name)
        return f"[{shown}]({target})" if name in self.bundled else shown

    def link_parent(self) -> str:
        """Links to the parent variant's page under its title (only for a variant that extends one)."""
        parent = self.merged.parent
        return self.link_variant(parent.name.text, text=parent.title or parent.name.text)

    def rule_link(self, key: str, text: str) -> str:
        """Links ``text`` to a clause on this page, or leaves it plain when the variant lacks the clause."""
        return f"[{text}](#{anchor(key)})" if key in self.merged.clauses else text

    def bonus_title(self) -> str:
        return capitalise(plural(self.bonus))

    def notes(self, key: str) -> list[list[str]]:
        """Returns the notes written above each alternative of a clause that belong on this page
        (see ``comments.travels``): a parent's note only while what it explains is unchanged."""
        found = []
        for clause in self.merged.clauses.get(key, ()):
            lines = self.comments.above(clause.span.path, clause.span.line)
            if lines and travels(self.merged, key, clause):
                found.append(lines)
        return found

    def pick(self, key: str, options: dict[str, Any] | None = None) -> n.Clause | None:
        """Returns the first alternative of a clause whose guard holds (default options unless given)."""
        return self.merged.pick(key, options or (self.defaults | {"players": self.rules.players}))


def rules_by_players(merged: Merged) -> dict[int, Rules]:
    """Returns the compiled rules for each player count the variant allows (and that compiles)."""
    found: dict[int, Rules] = {}
    for count in merged.player_counts():
        try:
            found[count] = compile_rules(merged, {"players": count})
        except DiagnosticError:
            continue
    return found


def _sweepers(merged: Merged) -> frozenset[str]:
    """Returns the pattern words that always take the whole floor (no condition, no exceptions)."""
    return frozenset(
        w.text for c in merged.rules("capture") if isinstance(c, n.CaptureRule) and c.takes == "all"
        and c.guard is None and not c.pattern.exclude for w in c.pattern.include)
