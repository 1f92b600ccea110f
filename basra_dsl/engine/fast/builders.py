"""The fast tier's hand where cards are built (Casino and its family): the checked tier's
game, played on plain lists rather than a ``State``, with the reference random player's
draws (``random_play._random_building_move``).

A turn lists the moves of the card drawn only (its captures, its trail where allowed, its
builds, each kept only if the player still holds a card for every build they own), as
``State.moves`` lists them, in the same order: so both tiers make the same draws and play
the same hands. Loose floor cards are captured by the generated routine's own ``caps``
(packed counts and sums tables, resolver-exact), builds taken whole by a card of their
value; builds are listed by ``listing.BuildListing`` (the checked tier's ``Builder.plays``
written out as one routine, the same builds in the same order; stacks by ``Builder``
itself), its gathering of loose groups into a multiple build looked up in the same sums tables (kept from run to run with
the captures'), and a turn's survey (the loose floor, its packed counts, whether the seat
owns a build) is made once for every card it lists; a card with no move leaves each other
card's moves listed once, for the draw among them. What is left out of ``State`` is
its bookkeeping: no Move or Play objects, no checks of a move already known to be legal,
no duty check for a seat that owns no build (any build it makes is of a value it holds).

May import: the rest of ``engine`` (never ``language``).
"""

from __future__ import annotations

import random
from typing import Sequence

from ..builds import Builder, after_build, after_capture, loose_of, with_builds
from ..capture import MID_HAND, NO_PREVIOUS, CaptureResolver, expand_takes, floor_after
from ..deal import deal_hand, hand_out, shuffled_pack
from ..rules import Rules
from ..bonus import play_bonus
from ..turn_end import hand_context_of
from . import emit
from .names import namespace
from .listing import BuildListing
from .plan import make_plan
from .runtime import MISS, HandFigures, declared, score, sums_entry


class _Hand:
    """One hand in play: the zones of ``State`` as plain lists."""

    __slots__ = ("hands", "floor", "stock", "piles", "bonuses", "builds", "previous", "last", "turned", "flips",
                 "deals", "deal_index", "pend",
                 "laying", "swept", "loose", "rc", "owned", "took", "must")

    def __init__(self, players: int, deals: list):
        self.hands: list[list[int]] = [[] for _ in range(players)]
        self.floor: list[int] = []
        self.stock: list[int] = []
        self.piles: list[list[int]] = [[] for _ in range(players)]
        self.bonuses: list[list[float]] = [[] for _ in range(players)]
        self.builds: list = []
        self.previous = NO_PREVIOUS
        self.last = -1
        self.turned: int | None = None
        self.flips = 0  # stock cards still to turn in this turn
        self.deals = deals
        self.deal_index = 0
        self.pend: list[float] = []  # by seat: the points it declares at its first turn after the deal
        self.laying = False  # the seat that cleared the floor lays a card on it now
        self.swept = False  # the last play cleared the floor
        # the turn's survey (``BuildingHands._survey``): the floor cards in no build, their
        # packed counts, and whether the seat to play owns a build
        self.loose: list[int] = []
        self.rc = 0
        self.owned = False
        self.took: dict[int, list] = {}  # by card: what it takes this turn, once asked (``_takes``)
        self.must: bool | None = None  # whether some card of the hand takes, once asked this turn


class BuildingHands:
    """A building variant's hand routine, with ``FastHands``'s ``play`` and ``play_traced``."""

    def __init__(self, rules: Rules):
        self.rules = rules
        self.resolver = resolver = CaptureResolver(rules)
        self.builder = Builder(rules.builds, resolver.worth, rules.played)
        self.players = rules.players
        # cards whose capture may add up under two of their played values (``names_values``)
        self.several = frozenset(card for card, values in rules.played_values.items()
                                 if len(values) > 1 and resolver.names_values(card))
        self.reads_hand = rules.bonus_reads_hand is not None
        self.owner_trails = rules.builds.owner_trails
        self.stacks = bool(rules.builds.stack_limit)  # a stack only where the card may be laid down
        self.declared = declared(rules)
        self.card_points = [rules.card_points.get(c, 0) for c in range(len(resolver.worth))]  # by card, once
        self.played = [rules.played(c) for c in range(len(resolver.worth))]  # what each card counts as played
        self.takes_builds = [bool(resolver.groups.get(c)) for c in range(len(resolver.worth))]
        # the loose floor's captures come from the generated routine's own ``caps`` (packed counts,
        # sums tables), which lists them as the resolver does; builds are added here
        plan = make_plan(rules)
        self.names = names = namespace(plan)
        exec(compile(emit.captures_source(plan), "<fast tier: captures>", "exec"), names)  # noqa: S102
        self.caps, self.unit = names["caps"], names["RU"]
        self.builds_with = self.builder.builds_with
        # a multiple build gathers the largest loose groups: the sums tables' entries under
        # 'largest' (the capture's own tables where captures take the largest too), by value
        names["GATHER"] = self.gather_tables = names["TABLES"] if names["LARGEST"] else [{} for _ in names["TABLES"]]
        self.vmask, self.fields = names["VMASK"], names["FIELDS"]
        self.builder.gather = self._gather
        # builds are listed by the fast listing (stacks, cheap already, by the builder)
        self.list_builds = self.builder.plays if self.stacks else BuildListing(self.builder, self._gather).plays

    def _gather(self, target: int, rest: list[int]) -> Sequence[int]:
        """``Builder.gather`` from the sums tables: the floor's packed counts looked up."""
        if target >= len(self.gather_tables):
            return Builder.gather(self.builder, target, rest)
        unit, rc = self.unit, 0
        for x in rest:
            rc += unit[x]
        key = rc & self.vmask[target]
        table = self.gather_tables[target]
        entry = table.get(key, MISS)
        if entry is MISS:
            entry = sums_entry(target, key, self.fields[target], "largest", table)
        if entry is None:
            return ()
        worth = self.builder.worth
        if entry.__class__ is frozenset:
            return [x for x in rest if worth[x] in entry]
        return expand_takes(rest, target, entry[:1], worth, most=1)[0]

    # ------------------------------------------------------------ a whole hand
    def play(self, rng: random.Random, first: int, carry: tuple) -> HandFigures:
        """Deals and plays one hand with the reference random player."""
        return self.play_traced(rng, first, carry, None)

    def play_traced(self, rng: random.Random, first: int, carry: tuple, trace: list | None) -> HandFigures:
        """Plays a hand as ``play`` does, appending each play as (seat, card, captured, bonus)."""
        rules = self.rules
        h = _Hand(self.players, deal_hand(rules, shuffled_pack(rules, rng), first, rng))
        self._deal_next(h)
        seat = self._advance(h, first - 1)
        draw, caps, plays = rng.random, self.caps, self.list_builds
        builds_with, takes_builds, played, largest = self.builds_with, self.takes_builds, self.played, self.resolver.largest
        # the common turn, worked out here rather than through ``_moves``: a card that may
        # always trail, of one value, for a seat that owns no build
        common = rules.compulsion == "optional" and not self.stacks
        several = self.several
        plain_end = not (rules.lay_after_sweep or rules.flip or rules.draw)  # the turn ends with the next seat
        while seat >= 0:
            if h.pend and h.pend[seat]:  # the declaration the reference player makes first
                h.bonuses[seat].append(h.pend[seat])
                if trace is not None:
                    trace.append((seat, -1, (), h.pend[seat]))
                h.pend[seat] = 0
            held = h.hands[seat]
            hand = [h.turned] if h.turned is not None else held
            card = hand[int(draw() * len(hand))]
            floor, builds = h.floor, h.builds
            self._survey(h, seat)
            loose, rc = h.loose, h.rc
            if common and not h.owned and not h.laying and card not in several:
                found = caps(card, loose, rc, h.previous)
                if builds and takes_builds[card]:
                    found = with_builds(found, played[card], floor, builds, largest)
                built = plays(card, held, seat, loose, builds) if floor and builds_with[card] else ()
                pick = int(draw() * (len(found) + 1 + len(built)))  # its captures, its trail, its builds
                if pick <= len(found):
                    capture, build, value = found[pick] if pick < len(found) else (), (), 0
                else:
                    capture, (build, value) = (), built[pick - len(found) - 1]
            else:
                card, capture, build, value = self._choose(h, seat, card, hand, draw)
            if build:
                self._build(h, seat, card, build, value)
                bonus = 0
            else:
                bonus = self._capture(h, seat, card, capture, value)
            if trace is not None:
                trace.append((seat, card, capture, bonus))
            seat = self._advance(h, seat) if plain_end else self._end_turn(h, seat)
        unclaimed: tuple[int, ...] = ()
        if h.floor:
            if rules.leftover == "last" and h.last >= 0:
                h.piles[h.last].extend(h.floor)
            else:
                unclaimed = tuple(h.floor)
        return score(h.piles, h.bonuses, carry, rules.sides, rules.majorities, self.card_points, unclaimed,
                     rules if rules.score_rules else None)

    # ------------------------------------------------------------ the flow (State._advance)
    def _deal_next(self, h: _Hand) -> None:
        deal = h.deals[h.deal_index]
        h.deal_index += 1
        hand_out(deal, h.hands, h.piles, h.bonuses, h.floor, h.stock)
        if self.rules.declarations:
            h.pend = self.declared(deal.hands)

    def _next_seat(self, h: _Hand, seat: int) -> int:
        for step in range(1, self.players + 1):
            candidate = (seat + step) % self.players
            if h.hands[candidate]:
                return candidate
        return -1

    def _advance(self, h: _Hand, seat: int) -> int:
        following = (seat + 1) % self.players
        if not h.hands[following]:
            following = self._next_seat(h, seat)
        while following < 0 and h.deal_index < len(h.deals):
            self._deal_next(h)
            following = self._next_seat(h, seat)
        if following < 0:
            h.builds = []
        return following

    def _end_turn(self, h: _Hand, seat: int) -> int:
        """The turn's last steps (``TurnEnd._end_turn``): a card turned from the stock is the
        same seat's to play; then the draw; then the next seat holding cards."""
        rules = self.rules
        if rules.lay_after_sweep:
            swept, h.swept = h.swept, False
            if h.laying:
                h.laying = False
            elif swept and h.hands[seat]:
                h.laying = True
                return seat
        if rules.flip:
            h.flips = rules.flip if h.turned is None else h.flips - 1
            h.turned = None
            if h.flips and h.stock:
                h.turned = h.stock.pop(0)
                h.hands[seat].append(h.turned)
                return seat
        if rules.draw and h.stock:
            h.hands[seat].extend(h.stock[:rules.draw])
            del h.stock[:rules.draw]
        return self._advance(h, seat)

    # ------------------------------------------------------------ the random player's draw
    def _survey(self, h: _Hand, seat: int) -> None:
        """Works out, once a turn, what every card's moves read: the loose floor, its packed
        counts and whether the seat owns a build (what each card takes is asked afresh)."""
        h.took, h.must = {}, None
        h.loose = loose = loose_of(h.floor, h.builds) if h.builds else h.floor
        unit, rc = self.unit, 0
        for x in loose:
            rc += unit[x]
        h.rc = rc
        h.owned = bool(h.builds) and any(b.owner == seat for b in h.builds)

    def _choose(self, h: _Hand, seat: int, card: int, hand: list[int], draw) -> tuple:
        """A move as (card, capture, build, value), drawn as ``_random_building_move`` draws,
        once the card is drawn from the hand and the turn surveyed."""
        options = self._moves(h, seat, card)
        if not options:  # each card's moves listed once: the card drawn next is one of them
            listed = {c: self._moves(h, seat, c) for c in hand if c != card}
            playable = [c for c in hand if listed.get(c)]
            if not playable:  # no play keeps every duty: any capture or trail (State._moves_with_builds)
                return self._any_move(h, seat, hand, draw)
            options = listed[playable[int(draw() * len(playable))]]
        return options[int(draw() * len(options))]

    def _any_move(self, h: _Hand, seat: int, hand: list[int], draw) -> tuple:
        """``_random_legal_move`` over the moves State allows when none keeps the duties."""
        by_card: dict[int, list] = {}
        for c in hand:
            for capture in self._captures(h, seat, c):
                by_card.setdefault(c, []).extend(self._named(h, c, capture))
        cards = [c for c in hand if c in by_card]
        options = by_card[cards[int(draw() * len(cards))]]
        return options[int(draw() * len(options))]

    def _moves(self, h: _Hand, seat: int, card: int) -> list[tuple]:
        """``State.moves``: the card's captures (and trail), then its builds, each keeping the
        duties of a build's owner, with values named where a capture adds up under two. A
        seat that owns no build keeps every duty with any capture or build (a build's value
        is one the player holds another card of)."""
        if h.laying:  # after clearing the floor, a card is laid on it
            return [(card, (), (), 0)]
        owned = h.owned
        found = []
        for capture in self._captures(h, seat, card):
            if owned and not self._keeps_duties(h, seat, card, capture, (), 0):
                continue
            if card in self.several and capture:
                found += self._named(h, card, capture)
            else:
                found.append((card, capture, (), 0))
        if h.floor and (not self.stacks or any(not capture for _, capture, _, _ in found)):
            plays = self.list_builds(card, h.hands[seat], seat, h.loose, h.builds) if self.builds_with[card] else ()
            if owned:
                found += [(card, (), onto, value) for onto, value in plays
                          if self._keeps_duties(h, seat, card, (), onto, value)]
            else:
                found += [(card, (), onto, value) for onto, value in plays]
        return found

    def _named(self, h: _Hand, card: int, capture: tuple) -> list[tuple]:
        if card in self.several and capture:
            values = self.resolver.played_as(card, h.floor, capture, h.previous)
            if len(values) > 1:
                return [(card, capture, (), value) for value in values]
        return [(card, capture, (), 0)]

    def _keeps_duties(self, h: _Hand, seat: int, card: int, capture: tuple, build: tuple, value: int) -> bool:
        """``Building._duty_broken`` is None: a move by a build's owner takes, builds or adds
        (unless owners may trail), and leaves a card to take each build they own."""
        if not (capture or build or self.owner_trails):
            return False
        if self.stacks:
            return True  # a stack is nobody's to take
        played = self.played
        values = {x for c in h.hands[seat] if c != card for x in played[c]}
        if build and value not in values:
            return False  # the build made or raised is the player's own
        taken = set(capture or build)
        return all(b.value in values for b in h.builds if b.owner == seat and taken.isdisjoint(b.cards))

    def _captures(self, h: _Hand, seat: int, card: int) -> list[tuple]:
        """``State.captures``: what the card may take, and () where it may trail."""
        found = self._takes(h, card)
        compulsion = self.rules.compulsion
        if compulsion == "optional":
            trail = True
        elif compulsion == "card":
            trail = not found
        else:
            if h.must is None:  # once a turn: whether some card of the hand takes
                hand = [h.turned] if h.turned is not None else h.hands[seat]
                h.must = any(self._takes(h, c) for c in hand)
            trail = not h.must
        return found + [()] if trail else found

    def _takes(self, h: _Hand, card: int) -> list[tuple]:
        """What the card takes (``builds.captures_with_builds``): the loose floor's captures,
        and each build of a value the card counts as, whole, in floor order."""
        found = h.took.get(card)
        if found is None:  # once a turn: a duty to take asks it of every card of the hand
            found = self.caps(card, h.loose, h.rc, h.previous)
            if h.builds and self.takes_builds[card]:
                found = with_builds(found, self.played[card], h.floor, h.builds, self.resolver.largest)
            h.took[card] = found
        return found

    # ------------------------------------------------------------ plays (State.play, Building._build)
    def _build(self, h: _Hand, seat: int, card: int, onto: tuple, value: int) -> None:
        """Plays a listed build: the units it gathers are worth ``value`` each (a stack is one)."""
        count = self.builder.units(card, onto, value, h.builds)
        h.hands[seat].remove(card)
        before = tuple(h.floor)
        h.builds = after_build(h.builds, card, onto, value, seat, h.floor, count)
        h.floor.append(card)
        h.previous = (card, before, (), before + (card,))

    def _capture(self, h: _Hand, seat: int, card: int, capture: tuple, value: int) -> float:
        rules = self.rules
        played_as = (self.resolver.value_played(card, h.floor, capture, h.previous, value)
                     if rules.played_values else None)
        h.hands[seat].remove(card)
        floor = h.floor
        before = tuple(floor)
        bonus = 0
        if capture:
            if h.builds:
                h.builds = after_capture(h.builds, capture)
            h.floor, left = floor_after(floor, capture)
            h.swept = not left
            context = hand_context_of(h.hands, h.stock, h.deals[h.deal_index:]) if self.reads_hand else MID_HAND
            bonus = play_bonus(rules, card, before, capture, left, h.previous, context, played_as)
            pile = h.piles[seat]
            pile.extend(capture)
            pile.append(card)
            if bonus:
                h.bonuses[seat].append(bonus)
            h.last = seat
        else:
            floor.append(card)
            left = before + (card,)
        h.previous = (card, before, capture, left)
        return bonus
