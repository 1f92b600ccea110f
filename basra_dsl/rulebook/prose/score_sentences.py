"""The sentences of the end, score, game and match clauses: a mixin of ``sentences.Speaker``
(which says the setup, dealing, capture and bonus clauses and holds what both read:
``num``, ``bonus``)."""

from __future__ import annotations

from ... import cards as C
from ...language import nodes as n
from ...language.unparse import expr_text
from ..text import naming
from .english import article, join, pattern_phrase, plural, word_phrase


def entry_phrase(pattern: n.Pattern) -> str:
    """Returns "each jack" or "the ten of diamonds" for a scoring entry."""
    if len(pattern.include) == 1 and not pattern.exclude and C.parse_card(pattern.include[0].text) is not None:
        return word_phrase(pattern.include[0].text)
    return "each " + pattern_phrase(pattern, "bare")


def point_groups(entries) -> list[tuple[list[str], n.Expr, bool]]:
    """Returns the entries of a points line grouped by what they score, in the file's order:
    (names, points, whether 'each' is said). A rank with an exception that has its own entry
    is said without it ('tens' beside 'the ten of diamonds 2')."""
    alone = {e.pattern.include[0].text for e in entries if len(e.pattern.include) == 1 and not e.pattern.exclude}
    groups: dict[tuple[str, bool], tuple[list[str], n.Expr]] = {}
    lone: dict[str, list[int]] = {}  # by points: the single cards scoring them
    for entry in entries:
        pattern = entry.pattern
        if pattern.exclude and all(w.text in alone for w in pattern.exclude):
            pattern = n.Pattern(pattern.include, (), span=pattern.span)
        single = len(pattern.include) == 1 and not pattern.exclude and C.parse_card(pattern.include[0].text) is not None
        cards = all(C.parse_card(w.text) is not None for w in pattern.include) and not pattern.exclude
        if single:
            name = word_phrase(pattern.include[0].text)
        elif cards:  # several cards, each scoring: "the red aces", "the aces of clubs and hearts", never "or"
            name = _by_colour([w.text for w in pattern.include]) or join([word_phrase(w.text) for w in pattern.include])
        else:
            name = pattern_phrase(pattern, "pl")
        groups.setdefault((expr_text(entry.points), single), ([], entry.points))[0].append(name)
        if single:
            lone.setdefault(expr_text(entry.points), []).append(C.parse_card(pattern.include[0].text))
    return [(_one_rank(lone[key]) or names if single else names, points, not single or len(names) > 1)
            for (key, single), (names, points) in groups.items()]


def _one_rank(cards: list[int]) -> list[str] | None:
    """["the sevens of diamonds and spades"] for several cards of one rank scoring alike."""
    if len(cards) < 2 or len({C.rank(c) for c in cards}) > 1:
        return None
    suits = [naming.card_words(c).split(" of ", 1)[1] for c in cards]
    return [f"the {C.RANK_PLURALS[C.rank(cards[0])]} of {join(suits)}"]


def _by_colour(words: list[str]) -> str | None:
    """Returns "the red nines and tens" for cards that are both red (or both black) cards of
    each of their ranks, else None."""
    cards = [C.parse_card(w) for w in words]
    ranks: dict[int, set[int]] = {}
    for card in cards:
        ranks.setdefault(C.rank(card), set()).add(C.suit(card))
    for colour, suits in (("red", {C.suit(C.parse_card("AD")), C.suit(C.parse_card("AH"))}),
                          ("black", {C.suit(C.parse_card("AC")), C.suit(C.parse_card("AS"))})):
        if len(cards) == 2 * len(ranks) and all(found == suits for found in ranks.values()):
            return f"the {colour} " + join([C.RANK_PLURALS[r] for r in ranks])
    return None


class ScoreSentences:
    """Says the clauses of the end of a hand, its scoring and the game."""

    # ---------------------------------------------------------------- end and score
    def _leftover(self, c: n.Leftover) -> str:
        if c.mode == "nobody":
            return ("Cards still on the floor after the last play stay there: nobody takes them "
                    "and they count for nobody.")
        return ("Cards still on the floor after the last play go to the player who made the last capture"
                + (f"; taking them is not {article(self.bonus)}." if self.scores_bonuses else "."))

    def _most(self, c: n.Most) -> str:
        what = c.what.text
        if what == "prime":
            return self._prime(c)
        text = f"The side that took the most {what} scores {self.num(c.points, 'point')}."
        if c.least is not None:
            text += f" It scores them only with at least {self.num(c.least)} {what}."
        if c.then:
            steps = [f"the most {w.text}" for w in c.then]
            text += (f" Between sides level on {what}, {steps[0]} decides" +
                     "".join(f", then {step}" for step in steps[1:]) + ".")
            what = " and ".join([what] + [w.text for w in c.then])  # a tie now means level on every count
        tie = c.tie or "nobody"
        if tie == "carry":
            text += (f" If sides tie for the most {what}, nobody scores them this hand. The points are "
                     "carried over and added to the next hand's award for the same thing.")
        elif tie == "each":
            text += f" If sides tie for the most {what}, each of the tied sides scores them."
        elif tie == "split":
            text += f" If sides tie for the most {what}, the tied sides share the points equally."
        else:
            text += f" If sides tie for the most {what}, nobody scores them."
        if getattr(c, "void", False):
            text += " Such a tie also wipes out every other point of the hand."
        return text

    def _prime(self, c: n.Most) -> str:
        """The prime (Scopa's primiera): each side's best card of each suit, counted by a table."""
        counts = join([f"{entry_phrase(e.pattern).removeprefix('each ')} {self.num(e.points)}" for e in c.values])
        tie = {"carry": "the point is carried to the next hand", "each": "each tied side scores it",
               "split": "the tied sides share it"}.get(
            c.tie or "nobody", "nobody scores it")
        missing = ("A suit a side does not hold adds nothing" if c.held else
                   "A side without a card of every suit has no prime")
        return (f"The side with the best *prime* scores {self.num(c.points, 'point')}. A side's prime adds up its "
                f"best card of each suit: {counts}. {missing}; if the best primes tie, {tie}.")

    def _points(self, c: n.Points) -> str:
        """Says the card points, cards worth the same grouped: 'jacks and aces 1 point each,
        the two of clubs 2 points'."""
        parts = [f"{join(names)} {self.num(points, 'point')}{' each' if each else ''}"
                 for names, points, each in point_groups(c.entries)]
        return f"Cards taken score points: {join(parts)}."

    def _total(self, c: n.Total) -> str:
        return (f"A hand holds {self.num(c.points, 'point')} in all"
                + (f", not counting {plural(self.bonus)}." if self.scores_bonuses else "."))

    def _target(self, c: n.Target) -> str:
        return (f"The first side to reach {self.num(c.points, 'point')} at the end of a hand wins the game. "
                "If more than one side gets there in the same hand, the higher total wins.")

    def _lurch(self, c: n.Lurch) -> str:
        return (f"A game won while every losing side still has fewer than {self.num(c.below, 'point')} is a "
                f"lurch: it counts as {self.num(c.games, 'game')} for the winner.")

    def _winatonce(self, c: n.WinAtOnce) -> str:
        return (f"Points scored during play (the {plural(self.bonus)}) count the moment they are made: "
                "a side that reaches the target that way wins there and then. The hand stops, and nothing is "
                "counted for the cards taken in it.")

    def _handslimit(self, c: n.HandsLimit) -> str:
        one = isinstance(c.count, n.Number) and c.count.value == 1
        game, played = ("a single hand", "it has been played") if one else (self.num(c.count, 'hand'), "they have been played")
        return (f"The game is {game}: when {played}, the side with the higher "
                "total wins, even if nobody has reached a target.")

    def _countback(self, c: n.Countback) -> str:
        said = [self._counted(w.text) for w in c.words]
        return ("Leaders level at the end are told apart by what they took in the last hand. In turn, the "
                f"side with {join(said, 'then').replace('the most ', 'most ')} wins. If they are level on "
                "all of these, the tie rule below applies.")

    def _counted(self, word: str) -> str:
        if word == "bonuses":
            return f"the most {plural(self.bonus)}"
        if word in C.MAJORITY_WORDS:
            return f"the most {word}"
        return word_phrase(word)

    def _gametie(self, c: n.GameTie) -> str:
        start = ("If the leaders are level at the target," if self.has_target
                 else "If the leaders are level when the last hand is played,")
        if c.policy == "draw":
            return f"{start} the game is a draw."
        if c.policy == "extend":
            by = self.num(c.amount, "point") if c.amount is not None else "some points"
            return f"{start} the target rises by {by} and play goes on."
        return f"{start} another hand is played to settle it."

    def _bestof(self, c: n.BestOf) -> str:
        return f"A match is played as the best of {self.num(c.games, 'game')}."

    def _decider(self, c: n.Decider) -> str:
        return (f"If the match is level going into its last game, that deciding game is played to "
                f"{self.num(c.points, 'point')}.")
