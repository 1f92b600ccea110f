"""Says the dealing rules in players' words: a new deal, and a first floor won at the deal.

Mixed into the rulebook's ``Speaker``, whose dispatch calls these methods by the name of
the clause's node; the dealing rule of a dealt hand (``to holder``) is said by the family
sentences.
"""

from __future__ import annotations

from ...language import nodes as n
from .english import bound, capitalise, conjuncts, join, noun, option_link, pattern_phrase, plural, say, uses_play

MOST_WORDS = 30  # the longest sentence a rule is said in, where a shorter wording can be found


class DealSentences:
    """The sentences of ``redeal when`` lines and first floors won at the deal."""

    def redeal(self, clauses: list[n.Redeal]) -> str:
        """Says every 'redeal when' line of a variant as one rule (see ``redeal_when``)."""
        return (f"The deal does not count if {self.redeal_when(clauses)}. The cards are then shuffled together "
                "and the same dealer deals again.")

    def redeal_when(self, clauses: list[n.Redeal]) -> str:
        """Says when a deal does not count: counts of the floor's cards in one list ("the first
        floor holds 2 or more jacks or 3 or more queens"), other conditions as they are."""
        counts = [c.guard for c in clauses if _floor_count(c.guard)]
        if len(counts) == len(clauses):
            held = join([f"{bound(g.op, noun(g.right, self.ctx), 'more', 'fewer') if g.op != '==' else 'exactly ' + noun(g.right, self.ctx)} "
                         f"{pattern_phrase(g.left.pattern, 'pl')}" for g in counts], "or")
            return f"the first floor holds {held}"
        return join([_first_floor(say(c.guard, self.ctx)) for c in clauses], "or")

    def _redeal(self, c: n.Redeal) -> str:
        return self.redeal([c])

    def taker_words(self, taker: str) -> str:
        if taker == "dealer":
            return "the dealer"
        return "the non-dealer" if self.two_only else f"the player to the dealer's {self._side(True)}"

    def _floorbonus(self, c: n.FloorBonus) -> str:
        """Says who wins the first floor, when and for how much: the floor's conditions in the
        sentence, the options' in one of their own (a bonus for a dealt hand: ``_handbonus``)."""
        if c.of_hand:
            return self._handbonus(c)
        chooser = ""
        if self.ctx.is_option(c.taker):
            chosen = self.ctx.options[c.taker]
            other = "next" if chosen == "dealer" else "dealer"
            chooser = f" The {option_link(c.taker, self.ctx)} option can give it to {self.taker_words(other)} instead."
            who = self.taker_words(chosen)
        else:
            who = self.taker_words(c.taker)
        parts = conjuncts(c.guard) if c.guard is not None else []
        floor = [p for p in parts if uses_play(p)]
        table = [p for p in parts if not uses_play(p)]
        when = f" when {join([_first_floor(say(p, self.ctx)) for p in floor])}" if floor else ""
        when = when.replace(" when the first floor ", " when it ", 1)
        nothing = isinstance(c.points, n.Number) and c.points.value == 0  # the cards alone, no bonus
        points = "" if nothing else f", scoring {self.num(c.points, 'point')}, counted with the {plural(self.bonus)}"
        text = f"{capitalise(who)} takes the whole first floor at once{when}{points}."
        if len(text.split()) > MOST_WORDS:  # the condition in a sentence of its own
            first, _, rest = when.partition("the first floor")
            text = (f"{capitalise(who)} takes the whole first floor at once{points}. This happens"
                    f"{first}the first floor{rest.replace('the first floor', 'it')}.")
        return text + chooser + (f" This applies only if {join([say(p, self.ctx) for p in table])}." if table else "")


def _first_floor(said: str) -> str:
    """Returns a condition of a dealing rule with its floor named as the first floor."""
    return said.replace("the floor", "the first floor")


def _floor_count(guard: n.Expr) -> bool:
    """Returns whether a condition counts cards of a kind on the floor: floor.count(K) >= 3."""
    return isinstance(guard, n.Compare) and isinstance(guard.left, n.Counted) and \
        isinstance(guard.left.obj, n.Name) and guard.left.obj.id == "floor"
