"""Plain English (Markdown) for each kind of clause of a variant file.

A clause is said in short sentences that read aloud (``MOST_WORDS`` at most where the
wording allows); its title is ``titles``' job.
"""

from __future__ import annotations

import copy
import re

from ... import cards as C
from ...language import nodes as n
from ...language.evaluation import evaluate_constant
from ...language.expressions import pattern_set
from ...language.unparse import value_text
from .english import (
    Context,
    amount,
    article,
    capitalise,
    conjuncts,
    count_of,
    disjuncts,
    join,
    pattern_phrase,
    say,
    uses_play,
)
from .plays import floor_fragment, play_parts, swept_cards
from ..text.safe import inline
from ..text.naming import PACKS
from .deal_sentences import MOST_WORDS, DealSentences
from .family_sentences import FamilySentences
from .score_sentences import ScoreSentences, entry_phrase
from .points import fixed_points, point_values, points_phrase  # said by the pages through this module

SENTENCE_END = re.compile(r"(?<=[.!?])\s+(?=[A-Z])")
COUNTING = re.compile(r" \(counting ([^()]*)\)")


def words(text: str) -> int:
    """Returns the number of words of the longest sentence in a text."""
    return max((len(part.split()) for part in SENTENCE_END.split(text)), default=0)


class Speaker(ScoreSentences, DealSentences, FamilySentences):
    """Says what a clause means; knows the variant's options, its sweepers, its name for a
    basra, and the table: the direction of play and the player counts (``seated``).

    Words: a *hand* runs from the first deal until the pack is used up (it is scored); each
    time the dealer gives everyone cards is a *round*; a player's cards are the cards they hold.
    """

    def __init__(self, ctx: Context, sweepers: frozenset[str], bonus: str, floor_kind: str, choose: str,
                 deck: tuple[int, ...], direction: str = "anticlockwise", players: tuple[int, ...] = (),
                 summed: str = "numerals"):
        self.ctx = ctx
        self.one_deal = False  # the whole pack goes out in the first deal (set by the page)
        self.draws = False  # players draw from the stock after each play: one deal only (set by the page)
        self.flips = False  # players turn stock cards after each play: one deal only (set by the page)
        self.stacks = 0  # builds are stacks up to this (Zwicker; set by the page)
        self.floor_counted = False  # a 'floor values' line says what cards count on the floor (set by the page)
        self.scores_bonuses = True  # some rule scores a bonus for a capture (set by the page)
        self.has_target = True  # a game is won by reaching a target, not only by its set hands (set by the page)
        self.sum_rules = 1  # capture rules that add up (Cirulla's value and fifteen: 2; set by the page)
        self.takes_all = False  # some capture rule takes all, under a condition or not (set by the page)
        self.summed = summed  # what adds up: "numerals", or "cards" where pictures count too
        self.direction = direction
        self.players = tuple(players)  # the counts the variant allows; () when not known
        self.sweepers = sweepers
        self.bonus = bonus
        self.stack = floor_kind == "stack"
        self.choose = choose
        self.deck = frozenset(deck)

    def seated(self, players: tuple[int, ...] | None = None, direction: str | None = None) -> "Speaker":
        """Returns this speaker for a table of ``players`` (the counts allowed) playing ``direction``."""
        other = copy.copy(self)
        other.players = tuple(players) if players is not None else self.players
        other.direction = direction or self.direction
        return other

    @property
    def two_only(self) -> bool:
        return self.players == (2,)

    def num(self, expr: n.Expr, unit: str = "") -> str:
        return amount(expr, self.ctx, unit)

    def sentence(self, clause: n.Clause) -> str:
        """Returns the clause as a sentence, without its ``when`` condition."""
        method = getattr(self, "_" + type(clause).__name__.lower(), None)
        return method(clause) if method else f"`{clause.key}`"

    # ---------------------------------------------------------------- setup
    def _deck(self, c: n.Deck) -> str:
        pack = "A 52-card pack" if c.size == 52 else \
            f"A {c.size}-card pack (the standard pack without its eights, nines and tens)"
        if not c.without:
            return ("A standard 52-card pack" if c.size == 52 else pack) + "."
        removed = frozenset().union(*(pattern_set(p) for p in c.without))
        left = c.size - len(removed & frozenset(C.PACK_SIZES[c.size]))
        gone = join([pattern_phrase(p, "pl").removeprefix("the ") for p in c.without])
        return f"{pack} with the {gone} taken out, leaving {left} cards."

    def _suits(self, c: n.Suits) -> str:
        pack = PACKS[c.style]
        if pack.french:
            return "The suits are clubs, diamonds, hearts and spades."
        order = (1, 2, 3, 0)  # coins, cups, swords, batons: as the packs are sorted
        suits = join([f"{pack.suits[i]} (*{pack.native_suits[i]}*)" for i in order])
        pictures = join([f"the {pack.ranks[10 + i]} (*{pack.native_pictures[i]}*)" for i in range(3)])
        return (f"The cards are those of the {c.style.capitalize()} pack. Its suits are {suits}. Its picture "
                f"cards are {pictures}.")

    def _cardvalues(self, c: n.CardValues) -> str:
        nothing = lambda e: isinstance(e, n.Number) and e.value == 0  # noqa: E731 - adds up to nothing
        def worth(value: n.Expr) -> str:  # an option's 0 is said as nothing too: "nothing (or 1: ...)"
            said = self.num(value)
            return "nothing" if nothing(value) else "nothing" + said[1:] if said.startswith("0 (") else said
        parts = [f"{entry_phrase(entry.pattern)} {'counts ' if index == 0 else ''}{worth(entry.value)}"
                 for index, entry in enumerate(c.entries)]
        return f"When adding up, {join(parts)}."

    def _players(self, c: n.Players) -> str:
        return f"{join([str(x) for x in c.counts], 'or')} players."

    def _partners(self, c: n.Partners) -> str:
        return ("Players form partnerships of two, partners sitting opposite each other. "
                "Partners pool the cards they take and score as one side.")

    def _hand(self, c: n.Hand) -> str:
        cards = self.num(c.count, 'card')
        if self.one_deal:
            return f"Each player is dealt {cards}: the whole pack goes out in one deal."
        if self.draws:
            return f"Each player is dealt {cards}, once: after that, players draw from the stock to play on."
        if self.flips:
            return f"Each player is dealt {cards}, once; the rest of the pack is the stock."
        return (f"Each player is dealt {cards}. When everyone has played them, the dealer deals another "
                f"round of the same number, until the pack is used up.")

    def _floorkind(self, c: n.FloorKind) -> str:
        if c.kind == "stack":
            return ("The floor is a single face-up pile: only its top card counts, and a capture "
                    "takes the whole pile.")
        return "The floor cards lie face up side by side, and any of them can be taken."

    def _startfloor(self, c: n.StartFloor) -> str:
        if c.count == n.Number(0, span=c.count.span):
            return "No cards are dealt to the floor at the start."
        text = f"At the start of a hand, {self.num(c.count, 'card')} are dealt face up to the floor."
        if c.bar is not None:
            barred = join([pattern_phrase(p) for p in c.bar.patterns], "or")
            where = "on top of the first floor" if c.bar.top_only else "on the first floor"
            action = {"bury": "buried in the undealt pack and replaced by the next card from the top",
                      "bottom": "put at the bottom of the undealt pack and replaced by the next card from the top",
                      "dealer": "given to the dealer, who keeps it among their captured cards, and replaced "
                                "by the next card from the top"}.get(c.bar.action, c.bar.action)
            text += f" {capitalise(barred)} may not lie {where}. Such a card is {action}."
        return text

    def _redealfloor(self, c: n.RedealFloor) -> str:
        return f"With every later round, {self.num(c.count, 'more card')} are dealt face up to the floor."

    def _draw(self, c: n.Draw) -> str:
        return (f"The cards left after the deal are the stock, face down. After each play the player draws "
                f"{self.num(c.count, 'card')} from the top of the stock, so hands stay full until it runs "
                f"out. Then play goes on until every card has been played.")

    def _flip(self, c: n.Flip) -> str:
        turned = "the top card" if _is_one(c.count) else f"{self.num(c.count, 'card')} from the top, one at a time,"
        return (f"The cards left after the deal are the stock, face down. After each card played from the hand, "
                f"the same player turns {turned} of the stock and plays it as if from the hand. It takes "
                f"what it can, or stays on the floor.")

    def _dealmode(self, c: n.DealMode) -> str:
        if c.mode == "singly":
            return "Cards are dealt one at a time around the table."
        return "Cards are dealt in batches: each player receives all of a round's cards at once."

    def _direction(self, c: n.Direction) -> str:
        if self.two_only:
            return "The two players take turns, so the direction of play makes no difference."
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
        if self.two_only:
            return "The non-dealer plays first."
        text = f"The player to the dealer's {self._side(True)} plays first."
        return text + (" With two players, that is the non-dealer." if 2 in self.players else "")

    def _dealpasses(self, c: n.DealPasses) -> str:
        if c.to == "never":
            return "The same player deals every hand."
        if self.two_only:
            return "The deal alternates: each player deals every other hand."
        return f"After each hand the deal passes to the {self._side(c.to == 'next')}."

    def _cut(self, c: n.Cut) -> str:
        cards = join([pattern_phrase(p) for p in c.patterns], "or")
        if c.winner == "dealer":
            who, two = "the dealer", ""
        elif self.two_only:
            who, two = "the non-dealer", ""
        else:
            who = f"the player to the dealer's {self._side(True)}"
            two = " With two players, that is the non-dealer." if 2 in self.players else ""
        # the card shown is the lifted part's bottom card, not the pack's: say so (Parlett's Pishti)
        return ("Before dealing, the dealer cuts the pack, and the bottom card of the part lifted off "
                f"is turned up. {capitalise(cards)} turned up there is won at once by {who}, who keeps it "
                f"with the cards they take.{two} Any other card goes to the bottom of the pack, to be dealt last.")

    # ---------------------------------------------------------------- capture
    def _capturerule(self, c: n.CaptureRule) -> str:
        who, more = capitalise(pattern_phrase(c.pattern)), ""
        if c.takes == "sums" and c.total is not None:
            return self._sum_to_total(c, who)
        if c.takes == "pile":
            body = "takes another player's whole pile of won cards whose top card has its rank, and goes on top"
            if c.guard is not None:
                body += f", but only when {say(c.guard, self.ctx)}"
            return f"{who} {body}."
        if self.stack:
            body = {"rank": "takes the whole pile when the top card has the same rank",
                    "sums": f"takes the whole pile when the top card is a {self.summed[:-1]} of the same value",
                    "all": "takes the whole pile"}[c.takes]
        elif c.takes == "rank":
            body = ("takes every floor card of its own rank" if self.choose == "largest"
                    else "takes a floor card of its own rank")
        elif c.takes == "sums" and self.choose == "pair":
            body = f"takes a floor {self.summed[:-1]} of its own value"
        elif c.takes == "sums":
            body = f"takes {self.summed} whose values add up to its own value" if self.choose == "largest" else \
                f"takes one group of {self.summed} whose values add up to its own value"
            more = (" It takes as many such groups at once as it can." if self.choose == "largest" else "") + \
                " A single card of the same value counts as a group."
        elif (lone := _lone_floor(c.guard, self.ctx)) is not None:
            return f"{who} can take a lone {lone}."  # not a sweep: the floor is that one card
        else:
            kept = swept_cards(c.spared)
            body = ("takes the whole floor" if c.spared is None else
                    f"takes all the {kept} on the floor, and leaves the rest" if kept else
                    f"takes every floor card but the {pattern_phrase(c.spared, 'pl', 'and')}, which stay") + \
                ("; on an empty floor it is simply laid down" if c.guard is None else "")
        if c.guard is not None:
            body += f", but only when {say(c.guard, self.ctx)}"
        return f"{who} {body}.{more}"

    def _sum_to_total(self, c: n.CaptureRule, who: str) -> str:
        """A card that takes floor cards making a total with its own value (Escoba's 15)."""
        total = self.num(c.total)
        if self.stack:
            body = f"takes the whole pile when its value and the top card's add up to {total}"
        elif self.choose == "pair":
            body = f"takes a floor {self.summed[:-1]} whose value, added to its own, makes {total}"
        elif self.choose == "largest":
            body = (f"takes {self.summed} whose values, added to its own, make {total}; it takes as many "
                    "such groups at once as it can")
        else:
            body = f"takes one group of {self.summed} whose values, added to its own, make {total}"
        if c.guard is not None:
            body += f", but only when {say(c.guard, self.ctx)}"
        return f"{who} {body}."

    def _floorfirst(self, c: n.FloorFirst) -> str:
        return ("A card that can take from the floor must take from the floor: only a card that takes "
                "nothing there may take another player's pile.")

    def _run(self, c: n.Run) -> str:
        climb = ", ".join(("10" if w.text == "T" else w.text) for w in c.ranks)
        return ("A card that takes also takes the run above it: a floor card of the next rank up, then one "
                f"of the rank after, while the run is unbroken. The ranks climb in this order: {climb}. Where "
                "two cards could continue the run, the player chooses which.")

    def _pairsfirst(self, c: n.PairsFirst) -> str:
        return ("A card that can take a single floor card of its own value must take such a card, not a "
                "group of cards adding up to it.")

    def _choose(self, c: n.Choose) -> str:
        if c.policy == "fewest":  # each rule that adds up has its own fewest (a fifteen, a group of its value)
            each = " of those one rule allows. Where two rules let it take, the player picks the rule" \
                if self.sum_rules > 1 else ""
            return ("When a card could take in more than one way, the player takes one group, and it must be "
                    f"one with the fewest cards{each}.")
        if c.policy == "single":
            return ("A card takes a single group of floor cards adding up to it, never two: the group of the most cards "
                    "(a single card of its value is a group of one). Among groups of as many cards, the player chooses.")
        if c.policy == "pair":
            return ("A card takes one floor card only, making a pair with it" + ", unless a rule of its own says "
                    "more" * self.takes_all + "; where several would do, the player chooses which.")
        if c.policy == "one":
            return ("When a card could take in more than one way, the player chooses one of the "
                    "groups it can take.")
        return ("When a card could take in more than one way, it takes the largest set of floor cards "
                "that splits into groups it can take. Among equally large sets, the player chooses.")

    def _compulsion(self, c: n.Compulsion) -> str:
        if c.mode == "optional":
            return "Capturing is optional: a player may lay a card on the floor even when it could take."
        if c.mode == "compulsory hand":
            return ("Capturing is compulsory: if any card you hold can take, you must play a card that takes. "
                    "You may lay a card on the floor without taking only when none of your cards can take anything.")
        return ("Capturing is compulsory for the card you play: a card that can take must take. You still "
                "choose which card to play, so you may lay down a card that takes nothing even when another "
                "card you hold could take.")

    # ---------------------------------------------------------------- basra
    def _basrarule(self, c: n.BasraRule) -> str:
        """Says a bonus: its points and the play that scores them, then what else must hold.
        A condition with alternatives too long for one sentence gets a sentence for each."""
        points = capitalise(self.num(c.points, "point"))
        counting = COUNTING.search(points)  # value(played, J=12.5): said apart, after the rule
        points = COUNTING.sub("", points)
        text, branches = self._bonus(points, c.guard), _branches(c.guard)
        if words(text) > MOST_WORDS and len(branches) > 1:
            # the reading the default options play goes first: a reader takes the first as the rule
            branches.sort(key=lambda b: not self._holds_by_default(b))
            text = " ".join([self._bonus(points, branches[0])] + [self._bonus("", b) for b in branches[1:]])
        return text + (f" For this, count {counting.group(1)}." if counting else "")

    def _holds_by_default(self, guard: n.Expr) -> bool:
        """Returns whether the parts of a condition on options alone hold with the defaults."""
        for part in conjuncts(guard):
            if uses_play(part):
                continue
            try:
                if not evaluate_constant(part, self.ctx.options):
                    return False
            except Exception:  # noqa: BLE001 - a part on the table (players) is not known here
                continue
        return True

    def _bonus(self, points: str, guard: n.Expr | None) -> str:
        """Returns the sentences of a bonus (its points, or "It also counts" for another way of scoring them)."""
        text, rest, unless, options = play_parts(guard, self.ctx, self.sweepers)
        if points:
            said = f"{points} when {text}." + (f" It counts only if {join(rest + options)}." if rest + options else "")
        else:
            said = f"It also counts when {text}" + (f", if {join(rest + options)}." if rest + options else ".")
            if words(said) > MOST_WORDS:  # its conditions in a sentence of their own
                said = f"It also counts when {text}. It then counts only if {join(rest + options)}."
        return said + (f" It does not count {join(unless, 'or')}." if unless else "")

    def _called(self, c: n.Called) -> str:
        if c.title.strip().lower() == "bonus":  # the plain word: nothing to name
            return "Points scored by a capture during play are called bonuses here."
        title = inline(c.title)
        return f"In this variant the bonus is called {article(title).split(' ', 1)[0]} *{title}*."


def _lone_floor(guard: n.Expr | None, ctx: Context) -> str | None:
    """Returns the card a rule asks to lie alone on the floor ("seven of diamonds"), when that is its
    whole condition, else None."""
    fragment = floor_fragment(guard, ctx) if guard is not None else None
    return fragment[0][5:] if fragment is not None and fragment[0].startswith("LONE:") else None


def _branches(guard: n.Expr | None) -> list[n.Expr]:
    """Returns a condition split at its first "or" among its "and"s: ``A and (B or C)`` gives
    ``A and B`` and ``A and C`` (one condition when there is no "or")."""
    parts = conjuncts(guard) if guard is not None else []
    at = next((i for i, p in enumerate(parts) if isinstance(p, n.BoolOp) and p.op == "or"), None)
    if at is None:
        return [guard] if guard is not None else []
    found = []
    for choice in disjuncts(parts[at]):
        chosen = parts[:at] + [choice] + parts[at + 1:]
        branch = chosen[0]
        for part in chosen[1:]:
            branch = n.BoolOp("and", branch, part, span=guard.span)
        found.append(branch)
    return found


def when(clause: n.Clause, ctx: Context) -> str | None:
    return say(clause.guard, ctx) if clause.guard is not None else None


def guard_goes_first(clause: n.Clause) -> bool:
    """Returns whether a clause's guard is said in front of its sentence ("when ...: ...").

    Capture and basra rules weave their condition into the sentence itself.
    """
    return clause.guard is not None and not isinstance(clause, n.PLAY_GUARDED)


__all__ = ["Speaker", "count_of", "entry_phrase", "fixed_points", "guard_goes_first", "point_values",
           "points_phrase", "value_text", "when"]


def _is_one(count: n.Expr) -> bool:
    """Whether a count is written as the number 1."""
    return isinstance(count, n.Number) and count.value == 1
