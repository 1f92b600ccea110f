"""Says in players' words the clauses the wider fishing family brought: Casino's builds,
the values of a card played (Royal Casino, Kasino) and bonuses for a dealt hand (Cirulla).

Mixed into the rulebook's ``Speaker``: one method per kind of clause, named after its node
as the speaker's dispatch expects. What a build line leaves unsaid (any player may raise;
several units of one value may be gathered; the owner may not trail) is said by the build
rule itself, so a page reads whole without the optional lines.
"""

from __future__ import annotations

import dataclasses

from ...cards import parse_rank, rank
from ...language import nodes as n
from .english import capitalise, disjuncts, join, pattern_phrase, plural, say_conjuncts
from .deal_sentences import MOST_WORDS
from .score_sentences import entry_phrase


THEIRS = {"hand": "their hand", "taken": "their side's pile"}  # a dealt hand's rule, said of the player


def _dealt_cases(guard: n.Expr | None, ctx, ranks: set[int]) -> list[str]:
    """The alternatives of a dealt hand's condition, each as a clause; alternatives that
    differ only by the rank they count, one for every rank of the pack (``ranks``: Cuarenta's
    three of a kind, rank by rank), are said once: "their hand holds 3 or more cards of one rank"."""
    cases = disjuncts(guard) if guard is not None else []
    alike = of_one_rank(cases, ranks)
    if alike is not None:
        return [f"{ctx.nouns.get('hand', 'their hand')} {alike}"]
    return [join(say_conjuncts(case, ctx)) for case in cases]


def of_one_rank(cases: list[n.Expr], ranks: set[int]) -> str | None:
    """'holds 3 or more cards of one rank' where the cases count the hand's cards of each
    rank of the pack alike (``hand.count(A) >= 3 or hand.count(2) >= 3 ...``), else None."""
    shapes = {_rank_count_shape(case) for case in cases}
    counted = {parse_rank(case.left.pattern.include[0].text) for case in cases} if None not in shapes else set()
    if len(cases) <= 2 or len(shapes) != 1 or counted != ranks:
        return None
    op, number = next(iter(shapes))
    at_least = {">=": f"{number} or more", "==": f"exactly {number}", ">": f"more than {number}"}.get(op)
    return f"holds {at_least} cards of one rank" if at_least else None


def _rank_count_shape(case: n.Expr):
    """(op, number) of ``hand.count(RANK) OP NUMBER``, else None."""
    if (isinstance(case, n.Compare) and isinstance(case.left, n.Counted) and isinstance(case.left.obj, n.Name)
            and case.left.obj.id == "hand" and case.left.attr == "count" and isinstance(case.right, n.Number)
            and not case.left.pattern.exclude and len(case.left.pattern.include) == 1
            and parse_rank(case.left.pattern.include[0].text) is not None):
        return case.op, int(case.right.value) if float(case.right.value).is_integer() else case.right.value
    return None


class FamilySentences:
    """The sentences of build lines, ``played values`` and hand bonuses."""

    def _restriction(self, c: n.Restriction) -> str:
        # its condition is said before the sentence ("If it is the first play of the hand, ...")
        return f"{capitalise(pattern_phrase(c.pattern))} may not be played unless nothing else can be."

    def _buildrule(self, c: n.BuildRule) -> str:
        who = capitalise(pattern_phrase(c.pattern))
        if self.stacks:  # Zwicker: a card laid on one unit, held by nobody
            return (f"{who} that takes nothing may be stacked: put on one floor card or stack, it makes a stack "
                    f"worth their sum, at most {self.stacks}. A stack is one "
                    "unit: only a card of its value takes it, and only whole. Nobody need hold that value, and "
                    "anyone may take it.")
        return (f"{who} may build instead of taking. Laid on loose floor cards that add up, with it, to the value "
                "of another card you hold, it makes a build of that value, and you own it. Call its "
                "value as you build (\"building nine\"). A build stays on the "
                "floor as one unit: only a card of its value takes it, and only whole. Laid on a single build, it "
                "raises the build to a new value you hold a card of. Laid beside cards or builds that each make "
                "the value, it gathers them into a multiple build, whose value is fixed. While you own a build, "
                "keep a card of its value. On each turn you must then take, build or add to a build.")

    def _raising(self, c: n.Raising) -> str:
        if c.who == "never":
            return "Nobody may raise a build: its value stays as it was made."
        if c.who == "others":
            return "You may not raise your own build; any other player holding the cards may raise it."
        return "Any player holding the cards may raise a single build, its owner included."

    def _buildkind(self, c: n.BuildKind) -> str:
        if c.kind == "single":
            return "Builds are single only: a build cannot gather several units of one value."
        return "Several units of one value may be gathered into one multiple build."

    def _stacks(self, c: n.Stacks) -> str:
        return f"A stack adds up to at most {self.num(c.limit)}: a card that would take it over stays beside it."

    def _layaftersweep(self, c: n.LayAfterSweep) -> str:
        return ("A player who clears the floor lays one of their cards on it at once, face up, for the next "
                "player. With no card left, they lay nothing.")

    def _ownertrails(self, c: n.OwnerTrails) -> str:
        return ("A player who owns a build may still lay a card on the floor without taking or building. They "
                "must keep a card of the build's value.")

    def _playedvalues(self, c: n.PlayedValues) -> str:
        said = self._counts(c.entries, "its player")
        return f"As the card played, {said}." + ("" if self.floor_counted else " On the floor they count as usual.")

    def _floorvalues(self, c: n.FloorValues) -> str:
        return f"Lying on the floor, {self._counts(c.entries, 'the player taking it')}."

    def _counts(self, entries, chooser: str) -> str:
        """What cards count, by pattern: one pattern given twice counts either, as ``chooser`` chooses."""
        grouped: dict[str, list[str]] = {}
        for e in entries:
            grouped.setdefault(entry_phrase(e.pattern), []).append(self.num(e.value))
        return join([f"{who} {'counts ' * (i == 0)}{join(v, 'or')}{f', as {chooser} chooses' * (len(v) > 1)}"
                     for i, (who, v) in enumerate(grouped.items())])

    def _scorerule(self, c: n.ScoreRule) -> str:
        """Points a side scores for what it took (Cirulla's Grande and Piccola)."""
        when = join(say_conjuncts(c.guard, self.ctx)) if c.guard is not None else ""
        points, name = self.num(c.points, "point"), f"the {c.title}" if c.title else "this"
        head = f"A side scores {name} when {when}." if when else f"Every side scores {name}."
        worth = f"It is worth {points}, over and above the other scoring."
        if len(worth.split()) > MOST_WORDS:  # what the cards count, then where it counts
            worth = f"It is worth {points}. It counts over and above the other scoring."
        return f"{head} {worth}"

    def _handbonus(self, c: n.FloorBonus) -> str:
        """A bonus for the cards a player is dealt (Cirulla's declarations): a sentence for
        each alternative of its condition."""
        points = self.num(c.points, "point")
        hand = THEIRS if c.taker != "declarer" else {"hand": "your hand"}  # a declaration is said to the player
        said_cases = _dealt_cases(c.guard, dataclasses.replace(self.ctx, nouns=self.ctx.nouns | hand),
                                  {rank(card) for card in self.deck})
        if c.taker == "declarer":
            said = [f"You may declare {points} when {case}." for case in said_cases] \
                or [f"Every player declares {points} for the cards dealt."]
            return " ".join(said) + (" Declaring is the player's choice, made at their first turn after the deal, "
                                     "before playing, by showing the cards. One declaration a deal; the points count "
                                     f"with the {plural(self.bonus)}.")
        said = [f"A player scores {points} when {case}." for case in said_cases] \
            or [f"Every player scores {points} for the cards they are dealt."]
        return " ".join(said) + (f" The points count with the {plural(self.bonus)}, at once; of several such "
                                 "bonuses for one hand, only the largest counts.")
