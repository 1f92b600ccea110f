"""One plain-English sentence (Markdown) for each kind of clause of a variant file."""

from __future__ import annotations

from .. import cards as C
from ..language import nodes as n
from ..language.expressions import evaluate_constant, pattern_set
from ..language.unparse import number_text, value_text
from .english import (
    Context,
    amount,
    capitalise,
    count_of,
    describe_play,
    join,
    noun,
    pattern_phrase,
    plural,
    say,
    uses_play,
    word_phrase,
)
from .safe import inline

LABELS = {
    "setup.deck": "Pack", "setup.players": "Players", "setup.partners": "Partners", "setup.hand": "Hands",
    "setup.floor": "Floor", "setup.start_floor": "First floor", "setup.redeal_floor": "Later floors",
    "setup.deal": "Dealing", "setup.direction": "Direction",
    "setup.lead": "First to play", "setup.deal_passes": "Next dealer", "capture.choose": "Choosing a capture",
    "capture.compulsion": "Must a card capture?", "basra.called": "Name", "end.leftover": "Last cards",
    "score.points": "Cards that score", "score.total": "Points in a hand", "game.target": "Target",
    "game.tie": "Level scores", "match.best_of": "Match", "match.decider": "Deciding game",
}
SUIT_LABELS = {"cards": "most cards", "clubs": "most clubs", "diamonds": "most diamonds",
               "hearts": "most hearts", "spades": "most spades"}


def label(clause: n.Clause) -> str:
    """Returns the bold label a clause is shown under (a rule's own name where it has one)."""
    if isinstance(clause, (n.CaptureRule, n.BasraRule)):
        return clause.name.text
    if isinstance(clause, n.Most):
        return capitalise(SUIT_LABELS.get(clause.what.text, f"most {clause.what.text}"))
    return LABELS.get(clause.key, clause.key.split(".", 1)[1].replace("_", " ").capitalize())


class Speaker:
    """Says what a clause means; knows the variant's options, its sweepers and its name for a basra."""

    def __init__(self, ctx: Context, sweepers: frozenset[str], bonus: str, floor_kind: str, choose: str,
                 deck: tuple[int, ...], direction: str = "anticlockwise"):
        self.ctx = ctx
        self.direction = direction
        self.sweepers = sweepers
        self.bonus = bonus
        self.stack = floor_kind == "stack"
        self.choose = choose
        self.deck = frozenset(deck)

    def num(self, expr: n.Expr, unit: str = "") -> str:
        return amount(expr, self.ctx, unit)

    def sentence(self, clause: n.Clause) -> str:
        """Returns the clause as a sentence, without its ``when`` condition."""
        method = getattr(self, "_" + type(clause).__name__.lower(), None)
        return method(clause) if method else f"`{clause.key}`"

    # ---------------------------------------------------------------- setup
    def _deck(self, c: n.Deck) -> str:
        if not c.without:
            return f"A standard {c.size}-card pack."
        removed = frozenset().union(*(pattern_set(p) for p in c.without))
        left = c.size - len(removed & frozenset(C.FULL_PACK))
        gone = join([pattern_phrase(p, "pl") for p in c.without])
        return f"A {c.size}-card pack with the {gone} taken out, leaving {left} cards."

    def _players(self, c: n.Players) -> str:
        counts = [str(x) for x in c.counts]
        return f"{join(counts, 'or')} players."

    def _partners(self, c: n.Partners) -> str:
        return ("Players form partnerships of two, partners sitting opposite each other; "
                "partners pool the cards they take and score as one side.")

    def _hand(self, c: n.Hand) -> str:
        cards = self.num(c.count, 'card')
        return (f"Each player is dealt {cards}; when every hand has been played out, the dealer deals "
                f"the same number again from the rest of the pack, until it is used up.")

    def _floorkind(self, c: n.FloorKind) -> str:
        if c.kind == "stack":
            return ("The floor is a single face-up pile: only its top card counts, and a capture "
                    "takes the whole pile.")
        return "The floor cards lie face up side by side, and any of them can be taken."

    def _startfloor(self, c: n.StartFloor) -> str:
        text = f"At the start of a hand, {self.num(c.count, 'card')} are dealt face up to the floor."
        if c.bar is not None:
            barred = join([pattern_phrase(p) for p in c.bar.patterns], "or")
            where = "on top of the first floor" if c.bar.top_only else "on the first floor"
            action = {"bury": "buried in the undealt pack and replaced by the next card from the top",
                      "bottom": "put at the bottom of the undealt pack and replaced by the next card from the top",
                      "dealer": "given to the dealer, who keeps it among their captured cards, and replaced "
                                "by the next card from the top"}.get(c.bar.action, c.bar.action)
            text += f" {capitalise(barred)} may not lie {where}: such a card is {action}."
        return text

    def _redealfloor(self, c: n.RedealFloor) -> str:
        return f"With every later deal, {self.num(c.count, 'more card')} are dealt face up to the floor."

    def _dealmode(self, c: n.DealMode) -> str:
        if c.mode == "singly":
            return "Cards are dealt one at a time around the table."
        return "Cards are dealt in batches: each player receives all of a deal's cards at once."

    def _direction(self, c: n.Direction) -> str:
        side = "to the right" if c.direction == "anticlockwise" else "to the left"
        return f"Play goes {c.direction} ({side})."

    def _side(self, following: bool) -> str:
        """Returns 'right' or 'left': the side of the dealer the next player sits on
        (``following``), or the previous one, as play goes round."""
        next_is_right = self.direction == "anticlockwise"
        return "right" if next_is_right == following else "left"

    def _lead(self, c: n.Lead) -> str:
        if c.who == "dealer":
            return "The dealer plays first."
        return (f"The player to the dealer's {self._side(True)} plays first (with two players, "
                "the one who did not deal).")

    def _dealpasses(self, c: n.DealPasses) -> str:
        if c.to == "never":
            return "The same player deals every hand."
        side = self._side(c.to == "next")
        return f"After each hand the deal passes to the {side}: the player to the dealer's {side} deals next."

    # ---------------------------------------------------------------- capture
    def _capturerule(self, c: n.CaptureRule) -> str:
        who = capitalise(pattern_phrase(c.pattern))
        if self.stack:
            body = {"rank": "takes the whole pile when the top card has the same rank",
                    "sums": "takes the whole pile when the top card is a numeral of the same value",
                    "all": "takes the whole pile"}[c.takes]
        elif c.takes == "rank":
            body = ("takes every floor card of its own rank" if self.choose == "largest"
                    else "takes a floor card of its own rank")
        elif c.takes == "sums":
            body = ("takes numerals whose values add up to its own value, as many such groups at once "
                    "as it can (a single card of the same value counts as a group)"
                    if self.choose == "largest" else
                    "takes one group of numerals whose values add up to its own value (a single card "
                    "of the same value counts as a group)")
        else:
            body = "takes the whole floor" + ("; on an empty floor it is simply laid down" if c.guard is None else "")
        text = f"{who} {body}"
        if c.guard is not None:
            text += f", but only when {say(c.guard, self.ctx)}"
        return text + "."

    def _choose(self, c: n.Choose) -> str:
        if c.policy == "one":
            return ("When a card could take in more than one way, the player chooses one of the "
                    "groups it can take.")
        return ("When a card could take in more than one way, it takes the largest set of floor cards "
                "that splits into groups it can take; among equally large sets the player chooses.")

    def _compulsion(self, c: n.Compulsion) -> str:
        if c.mode == "optional":
            return "Capturing is optional: a player may lay a card on the floor even when it could take."
        return ("Capturing is compulsory for the card you play: a card that can take must take. You still "
                "choose which card to play, so you may lay down a card that takes nothing even when another "
                "card in your hand could take.")

    # ---------------------------------------------------------------- basra
    def basra(self, c: n.BasraRule) -> tuple[str, list[str]]:
        """Returns (points and when, option conditions) for a bonus rule."""
        points = self.num(c.points, "point")
        text, options = describe_play(c.guard, self.ctx, self.sweepers)
        return f"{capitalise(points)} when {text}.", options

    def _basrarule(self, c: n.BasraRule) -> str:
        text, options = self.basra(c)
        if options:
            text = text[:-1] + f", as long as {join(options)}."
        return text

    def _called(self, c: n.Called) -> str:
        return f"In this variant the bonus is called a *{inline(c.title)}*."

    # ---------------------------------------------------------------- end and score
    def _leftover(self, c: n.Leftover) -> str:
        if c.mode == "nobody":
            return ("Cards still on the floor after the last play stay there: nobody takes them "
                    "and they count for nobody.")
        return (f"Cards still on the floor after the last play go to the player who made the last "
                f"capture; taking them is not a {self.bonus}.")

    def _most(self, c: n.Most) -> str:
        what = "cards" if c.what.text == "cards" else c.what.text
        text = f"The side that took the most {what} scores {self.num(c.points, 'point')}."
        tie = c.tie or "nobody"
        if tie == "carry":
            text += (f" If sides tie for the most {what}, nobody scores them this hand: the points are "
                     "carried over and added to the next hand's award for the same thing.")
        elif tie == "each":
            text += f" If sides tie for the most {what}, each of the tied sides scores them."
        else:
            text += f" If sides tie for the most {what}, nobody scores them."
        if getattr(c, "void", False):
            text += " Such a tie also wipes out every other point of the hand."
        return text

    def _points(self, c: n.Points) -> str:
        parts = []
        for entry in c.entries:
            who = entry_phrase(entry.pattern)
            parts.append(f"{who} {self.num(entry.points, 'point')}")
        return f"Cards taken score points: {join(parts)}."

    def _total(self, c: n.Total) -> str:
        return (f"A hand holds {self.num(c.points, 'point')} in all, not counting "
                f"{plural(self.bonus)}.")

    def _target(self, c: n.Target) -> str:
        return (f"The first side to reach {self.num(c.points, 'point')} at the end of a hand wins the game; "
                "if more than one side gets there in the same hand, the higher total wins.")

    def _gametie(self, c: n.GameTie) -> str:
        start = "If the leading sides are level when the target is reached,"
        if c.policy == "draw":
            return f"{start} the game is a draw."
        if c.policy == "extend":
            by = self.num(c.amount, "point") if c.amount is not None else "some points"
            return f"{start} the target goes up by {by} and play goes on."
        return f"{start} another hand is played to settle it."

    def _bestof(self, c: n.BestOf) -> str:
        return f"A match is played as the best of {self.num(c.games, 'game')}."

    def _decider(self, c: n.Decider) -> str:
        return (f"If the match is level going into its last game, that deciding game is played to "
                f"{self.num(c.points, 'point')}.")


def entry_phrase(pattern: n.Pattern) -> str:
    """Returns "each jack" or "the ten of diamonds" for a scoring entry."""
    if len(pattern.include) == 1 and not pattern.exclude and C.parse_card(pattern.include[0].text) is not None:
        return word_phrase(pattern.include[0].text)
    return "each " + pattern_phrase(pattern, "bare")


def when(clause: n.Clause, ctx: Context) -> str | None:
    return say(clause.guard, ctx) if clause.guard is not None else None


def guard_goes_first(clause: n.Clause) -> bool:
    """Returns whether a clause's guard is said in front of its sentence ("when ...: ...").

    Capture and basra rules weave their condition into the sentence itself.
    """
    return clause.guard is not None and not isinstance(clause, (n.CaptureRule, n.BasraRule))


def point_values(points: n.Expr, merged=None) -> list[float] | None:
    """Returns the values a basra rule's points can take when they do not depend on the
    play (a number, or an expression over options), else None (they vary with the play)."""
    if isinstance(points, n.Number):
        return [points.value]
    if merged is None or uses_play(points):
        return None
    return sorted({evaluate_constant(points, combo) for combo in merged.option_combinations()})


def fixed_points(points: n.Expr, merged=None) -> str | None:
    """Returns a basra rule's points as text ("20 or 30" when an option sets them), or None
    when they vary with the play."""
    values = point_values(points, merged)
    return None if values is None else " or ".join(number_text(v) for v in values)


def points_phrase(points: n.Expr, merged) -> str:
    """Returns a basra rule's points in a few words: "10", "20 or 30", or, when the play
    decides them, what they are ("twice the value of the card played")."""
    fixed = fixed_points(points, merged)
    if fixed is not None:
        return fixed
    return noun(points, Context(merged.option_defaults()))


__all__ = ["Speaker", "count_of", "entry_phrase", "fixed_points", "guard_goes_first", "label", "point_values",
           "points_phrase", "value_text", "when"]
