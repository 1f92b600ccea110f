"""Chooses the sample hand of a variant page: a deal, and turns played on it that show the rules.

Each turn is played on the engine by a simple policy: a player takes a capture that shows
a rule not yet shown in the hand, else the largest capture, else trails a low card (or one
that lets the next player show a rule: the sample is a lesson). The
search deals a fixed list of seeds, plays each for a bounded number of turns and keeps the
deal whose first turns show the most of the variant's rules (a pairing and a bonus first
of all). The search is bounded by counts, never by time, so every build picks the same
hand. ``sample_hand`` renders what is chosen here.
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass

from ... import cards as C
from ...engine import Deal, Game, HandResult, Move, RuleError, State
from ...engine.errors import RULE_FAILURES
from ...engine.rules import Rules

DEALS = 200  # seeds tried per variant: enough for the rarer bonuses, well under a second
MOVE_BUDGET = 100_000  # captures weighed in all before the search stops dealing (no bundled variant nears it)
MOVES_PER_TURN = 256  # captures weighed in one turn: a huge floor may allow thousands
MIN_TURNS = 6
MAX_TURNS = 12
TRAIL = "trail"
BUILD = "build"
PAIR = "pair"
SUM = "sum"


@dataclass(frozen=True)
class Turn:
    """One turn as it was played: who, what they held, the floor, and what happened."""

    seat: int
    hand: tuple[int, ...]  # the player's cards before the turn
    floor: tuple[int, ...]  # the floor before the turn (a stack: bottom to top)
    previous: tuple  # the engine's record of the play before, for the rules that read it
    card: int
    capture: tuple[int, ...]
    bonus: float
    features: frozenset[str]  # what the turn shows: pair, sum, trail, sweep:NAME, bonus:NAME
    could_capture: bool  # whether any card of the hand could take something
    fresh_deal: bool  # new cards were dealt just before this turn
    build: tuple[int, ...] = ()  # where the rules build: the floor cards the card was laid on
    value: int = 0  # and the value it built
    builds: tuple = ()  # the builds on the floor before the turn (engine ``Build``s)
    steal: int | None = None  # the seat whose pile the card took (``capture``: that pile, bottom to top)
    turned: bool = False  # the card was turned from the stock and played as it came (``rules.flip``)


@dataclass(frozen=True)
class SampleHand:
    """The chosen deal, its first turns, and how the whole hand ended when played out."""

    seed: int
    first: int  # the seat that plays first
    dealer: int
    deals: tuple[Deal, ...]
    turns: tuple[Turn, ...]
    wanted: frozenset[str]  # what the variant's rules could show
    result: HandResult | None  # the hand played to its end by the same policy


def wanted_features(rules: Rules) -> frozenset[str]:
    """Returns every feature the variant's rules name (some may never come up in play)."""
    found = {TRAIL}
    for rule in rules.capture_rules:
        if rule.takes == "all":
            found.add("sweep:" + rule.name)
        elif rule.takes == "pile":
            found.add("steal:" + rule.name)
        else:
            found.add(PAIR)
            if rule.takes == "sums":
                found.add(SUM)
    found.update("bonus:" + rule.name for rule in rules.basra_rules)
    if rules.builds is not None:
        found.add(BUILD)
    return frozenset(found)


def sweep_rule(rules: Rules, card: int, floor: tuple[int, ...], previous):
    """Returns the rule by which the card takes the whole floor here, or None."""
    for rule in rules.capture_rules:
        if rule.takes == "all" and card in rule.cards and (
                rule.condition is None or _run(rule, rule.condition, card, floor, (), (), previous)):
            return rule
    return None


def _run(rule, function, *play):
    """Returns what a rule's condition or points say of a play, naming the rule if it fails
    (as the engine does): the policy weighs plays the engine has not made."""
    try:
        return function(*play)
    except RULE_FAILURES as exc:
        raise RuleError(rule.name, rule.span, str(exc)) from None


def scoring_rules(rules: Rules, card: int, floor, capture, previous) -> dict[str, float]:
    """Returns the bonus rules that hold for a capture, with the points each would score."""
    if not capture:
        return {}
    left = tuple(x for x in floor if x not in set(capture))
    found = {}
    for rule in rules.basra_rules:
        if rule.condition is None or _run(rule, rule.condition, card, floor, capture, left, previous):
            points = _run(rule, rule.points, card, floor, capture, left, previous) or 0
            if points > 0:
                found[rule.name] = points
    return found


def features(rules: Rules, card: int, floor: tuple[int, ...], capture: tuple[int, ...], previous,
             bonus: float, steal: int | None = None) -> frozenset[str]:
    """Returns what a play shows of the rules, ``bonus`` being what it scores (``steal``: the
    seat whose pile it takes)."""
    if steal is not None:
        rule = next(r for r in rules.capture_rules if r.takes == "pile" and card in r.cards)
        return frozenset({"steal:" + rule.name})
    if not capture:
        return frozenset({TRAIL})
    sweep = sweep_rule(rules, card, floor, previous)
    if sweep is not None:
        found = {"sweep:" + sweep.name}
    elif rules.floor_kind == "stack":
        found = {PAIR if C.rank(floor[-1]) == C.rank(card) else SUM}
    else:
        found = {PAIR if C.rank(x) == C.rank(card) else SUM for x in capture}
    if bonus:
        found.update("bonus:" + name for name, points in
                     scoring_rules(rules, card, floor, capture, previous).items() if points == bonus)
    return frozenset(found)


# ------------------------------------------------------------------ the policy

class Policy:
    """How the sample's players choose: a capture showing a rule not yet shown in the hand,
    else the largest capture (the best bonus first), else a trail (see ``trail``).

    It counts the moves it weighs, so the search can stop after a fixed amount of work on a
    variant whose floors allow thousands of captures."""

    def __init__(self) -> None:
        self.shown: set[str] = set()
        self.weighed = 0

    def choose(self, state: State, moves: list[Move]) -> Move:
        """Returns the move to play among ``moves``, the legal moves of the player to play."""
        best, best_key = None, None
        for move, found, bonus in self.captures(state, moves):
            key = (len(found - self.shown), bonus, len(move.capture))
            if best_key is None or key > best_key:
                best, best_key = move, key
        builds = [m for m in moves if m.build]
        if builds and BUILD not in self.shown and not (best_key and best_key[0]):
            return builds[0]  # a lesson: show a build once, unless a capture shows something new
        if best is None and not any(not m.capture and not m.build for m in moves):
            return builds[0]  # a build's owner who cannot take must build
        return best if best is not None else self.trail(state, moves)

    def captures(self, state: State, moves: list[Move]):
        """Yields the captures among ``moves`` (at most ``MOVES_PER_TURN``) with what each would
        show and score."""
        rules, floor, previous = state.rules, tuple(state.floor), state.previous
        moves = [m for m in moves if m.capture or m.steal is not None][:MOVES_PER_TURN]
        self.weighed += len(moves)
        for move in moves:
            if move.steal is not None:
                yield move, features(rules, move.card, floor, (), previous, 0, move.steal), 0
                continue
            bonus = max(scoring_rules(rules, move.card, floor, move.capture, previous).values(), default=0)
            yield move, features(rules, move.card, floor, move.capture, previous, bonus), bonus

    def trail(self, state: State, moves: list[Move]) -> Move:
        """Returns the lowest card to trail, unless another trail lets the next player show a
        rule not yet shown: the sample is a lesson, so its players set each other up."""
        trails = [m for m in moves if not m.capture and not m.build and m.steal is None]
        return min(trails, key=lambda m: (not self._sets_up(state, m), C.rank(m.card), m.card))

    def _sets_up(self, state: State, move: Move) -> bool:
        after = state.clone()
        after.play_move(move)
        return not after.is_terminal() and any(
            found - self.shown for _, found, _ in self.captures(after, after.legal_moves()))

    def play_turn(self, state: State, fresh_deal: bool) -> Turn:
        """Plays the policy's move on the engine (which checks it) and returns the turn."""
        seat = state.current_player
        hand, floor, previous = tuple(state.hands[seat]), tuple(state.floor), state.previous
        builds, turned = tuple(state.builds), state.turned is not None
        moves = state.legal_moves()
        could = any(m.capture or m.steal is not None for m in moves)
        move = self.choose(state, moves)
        play = state.apply(move)
        found = frozenset({BUILD}) if play.build else \
            features(state.rules, move.card, floor, play.captured, previous, play.bonus, play.steal)
        self.shown.update(found)
        return Turn(seat, hand, floor, previous, move.card, play.captured, play.bonus, found, could, fresh_deal,
                    play.build, play.value, builds, play.steal, turned)


# ------------------------------------------------------------------ the search

def score(turns: list[Turn], wanted: frozenset[str], weight: dict[str, float]) -> tuple[tuple, int]:
    """Returns how good a deal's first turns are, and how many of them to show: a pairing
    and a bonus, then the most rules, then the rarest (a rule that seldom comes up is the one
    a reader most needs to see), then the fewest turns."""
    shown: set[str] = set()
    length = MIN_TURNS
    for index, turn in enumerate(turns):
        new = (turn.features & wanted) - shown
        if new:
            shown |= new
            length = max(length, index + 1)
    length = min(length, len(turns))
    required = (PAIR in shown) + any(f.startswith("bonus:") for f in shown)
    rarity = sum(weight.get(f, 0) for f in sorted(shown))  # in one order: float sums must not vary by run
    return (required, len(shown), rarity, -length), length


def play_deal(game: Game, seed: int, first: int, turns: int | None, policy: Policy | None = None
              ) -> tuple[State, list[Turn]]:
    """Deals the seed's hand and plays ``turns`` turns (None: to the end) by the policy."""
    policy = policy or Policy()
    state = game.new_hand(random.Random(seed), first)
    played: list[Turn] = []
    dealt = state.deal_index
    while not state.is_terminal() and (turns is None or len(played) < turns):
        fresh = state.deal_index != dealt
        dealt = state.deal_index
        played.append(policy.play_turn(state, fresh))
    return state, played


def shown_by(turns: list[Turn]) -> frozenset[str]:
    return frozenset().union(*(t.features for t in turns))


def choose_sample(rules: Rules) -> SampleHand:
    """Returns the sample hand of a variant: the best of at most ``DEALS`` seeded deals, played out."""
    game = Game(rules)
    first = 0  # seats are numbered from the player who plays first
    wanted = wanted_features(rules)
    openings: list[list[Turn]] = []
    weighed = 0
    for seed in range(DEALS):
        policy = Policy()
        openings.append(play_deal(game, seed, first, MAX_TURNS, policy)[1])
        weighed += policy.weighed
        if wanted <= shown_by(openings[-1]) or weighed > MOVE_BUDGET:
            break  # every rule shown (no later deal does better), or enough work done
    seen = Counter(f for turns in openings for f in shown_by(turns))
    weight = {f: 1 / count for f, count in seen.items()}
    keys = [score(turns, wanted, weight) for turns in openings]
    best = max(range(len(openings)), key=lambda i: keys[i][0])  # the first of equals
    state, turns = play_deal(game, best, first, None)
    return SampleHand(best, first, rules.dealer_of(first), tuple(state.deals),
                      tuple(turns[:keys[best][1]]), wanted, state.result())
