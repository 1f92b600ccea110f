"""The state of one hand in play: hands, floor, captured piles, whose turn it is.

As in OpenSpiel, a ``State`` is driven by ``legal_moves`` and ``apply``; it validates each
move against the compiled rules, deals the next batch when every hand is empty, and at
the end gives the floor to the last capturer and scores the hand.
"""

from __future__ import annotations


from ..cards import card_name
from .builds import Build, Builder, after_capture
from .building import Building
from .stealing import Stealing
from .turn_end import TERMINAL, Standing, TurnEnd, live_standing  # noqa: F401 - TERMINAL, Standing re-exported
from .declaring import Declaring
from .refusals import Refusals
from .moves import IllegalMove, Move, Play
from .capture import MID_HAND, NO_PREVIOUS, CaptureResolver, floor_after
from .deal import Deal, hand_out
from .bonus import play_bonus  # noqa: F401 - re-exported: bots weigh a capture's bonus with it
from .errors import RULE_FAILURES, RuleError
from .rules import Rules
from .scoring import HandResult, score_hand



class State(Building, Stealing, TurnEnd, Declaring, Refusals):
    """One hand in play. Mutable: ``apply`` changes it; ``clone`` copies it.

    It reads the compiled rules and the capture resolver a ``Game`` built for them (one
    resolver per game, so its cache serves every hand); ``Game.new_hand`` makes states.
    """

    def __init__(self, rules: Rules, resolver: CaptureResolver, deals: list[Deal], first: int = 0,
                 carry: tuple[float, ...] = (), standing: Standing | None = None):
        self.rules = rules
        self.resolver = resolver
        self._resolve = resolver.captures
        self._reads_hand = rules.bonus_reads_hand is not None  # else no play works the hand out
        self._piles = rules.takes_piles  # some card may take an opponent's pile (``Stealing``)
        self._restricted = bool(rules.restrictions)  # some card may be barred from play
        # cards that may be played as several values: a capture that adds up under two of
        # them is two moves, each naming its value (``played.value`` reads it)
        self._several = frozenset(card for card, values in rules.played_values.items() if len(values) > 1)
        self._naming = frozenset(card for card in self._several if resolver.names_values(card))  # of those, the
        # cards whose capture can add up under two at once: only theirs are asked (``played_as``, a dear search)
        self.players = rules.players
        self.first = first
        self.carry_in = tuple(carry)
        # the game's totals before this hand and its target, where a side may win during play
        self.standing = live_standing(rules, standing)
        self.stopped = False  # the game was won during the hand, which ends there
        self.deals = list(deals)
        self.deal_index = 0
        self.hands: list[list[int]] = [[] for _ in range(self.players)]
        self.floor: list[int] = []
        self.stock: list[int] = []  # where players draw after each play (``rules.draw``), top first
        self.turned: int | None = None  # a card turned from the stock that its player must play now (``rules.flip``)
        self._flips = 0  # stock cards still to turn in this turn
        self.laying = False  # the player who has just cleared the floor lays a card on it now (``sweeper lays``)
        # by seat: whether the seat may still declare the cards it was dealt (it has not played
        # since the deal, nor declared); what it may declare is worked out from its hand
        self.may_declare = [False] * rules.players
        self.shown: list[tuple[int, ...]] = [() for _ in range(rules.players)]  # cards shown by a declaration
        self.piles: list[list[int]] = [[] for _ in range(self.players)]
        self.bonuses: list[list[float]] = [[] for _ in range(self.players)]
        self.plays: list[Play] = []
        self.previous = NO_PREVIOUS
        self.last_capturer: int | None = None
        self.unclaimed: tuple[int, ...] = ()
        self.turn = TERMINAL
        # builds on the floor (their cards are also in ``floor``); only a variant that builds has a builder
        self.builds: list[Build] = []
        self.builder = None if rules.builds is None else Builder(rules.builds, resolver.worth, rules.played)
        if self.builder is not None:
            self._resolve = self._captures_with_builds
        self._result: HandResult | None = None
        self._deal_next()
        self._advance(first - 1)  # the first seat holding cards leads; an empty deal ends at once

    # ------------------------------------------------------------ queries
    @property
    def current_player(self) -> int:
        """Returns the seat to play, or TERMINAL (-1) once the hand is over."""
        return self.turn

    def is_terminal(self) -> bool:
        """Returns whether the hand is over."""
        return self.turn == TERMINAL

    def captures(self, card: int) -> list[tuple[int, ...]]:
        """Returns the captures a card may make now; () stands for a trail where allowed."""
        if self.laying:
            return [()]  # after clearing the floor, a card is laid on it
        found = self._resolve(card, self.floor, self.previous)
        if self._may_trail(bool(found) or bool(self._piles and self.steals(card, bool(found)))):
            found = found + [()]
        return found

    def legal_moves(self) -> list[Move]:
        """Returns every legal move of the player to move (none once the hand is over)."""
        if self.is_terminal():
            return []
        declared = [Move.declaring(name) for name, _ in self.declarations()]
        if self._restricted:
            return declared + self._unbarred(self._legal_moves())
        return declared + self._legal_moves()

    def _legal_moves(self) -> list[Move]:
        if self.laying:
            return [Move(card) for card in self.playable()]
        if self.builder is not None:
            return self._named_values(self._moves_with_builds())
        found = {card: self._resolve(card, self.floor, self.previous) for card in self.playable()}
        stolen = {card: self.steals(card, bool(captures)) for card, captures in found.items()} if self._piles else {}
        hand_must_capture = self.rules.compulsion == "hand" and (any(found.values()) or any(stolen.values()))
        moves = []
        for card, captures in found.items():
            steals = stolen.get(card, ())
            moves += [Move(card, capture) for capture in captures] + [Move(card, (), steal=s) for s in steals]
            if self.rules.compulsion == "optional" or not (captures or steals or hand_must_capture):
                moves.append(Move(card, ()))
        return self._named_values(moves)

    def _named_values(self, moves: list[Move]) -> list[Move]:
        """Returns the moves with each capture that adds up under several of its card's
        played values made one move per value (the move names it); a move that names its
        value already stays as it is."""
        if not self._naming:
            return moves
        named = []
        for move in moves:
            values = self.resolver.played_as(move.card, self.floor, move.capture, self.previous) \
                if move.card in self._naming and move.capture and not move.build and not move.value else ()
            named += [Move(move.card, move.capture, (), value) for value in values] if len(values) > 1 else [move]
        return named

    def moves(self, card: int) -> list[Move]:
        """Returns the legal moves of one card of the player to move: its captures, its
        trail where allowed and, where the rules build, its builds; a player who owns a
        build keeps a card to take it and, unless the rules say otherwise, may not trail."""
        if self.turned is not None and card != self.turned:
            return []  # the card turned from the stock is played first
        if self.laying:
            return [Move(card)]
        if self._restricted and self.barred(card):
            return [move for move in self.legal_moves() if move.card == card]  # none, unless all are barred
        options = self._card_moves(card)
        if self.builder is None:
            return self._named_values(options)
        if self.builder.stacks_with(options):  # a stack is a way of laying the card down
            options += [Move(card, (), onto, value) for onto, value in
                        self.builder.plays(card, self.hands[self.turn], self.turn, self.loose_floor(), self.builds)]
        return self._named_values([move for move in options if self._duty_broken(move) is None])

    def _card_moves(self, card: int) -> list[Move]:
        """The card's captures, then the piles it may take, then its trail where allowed;
        no value named, no build."""
        if not self._piles:
            return [Move(card, capture) for capture in self.captures(card)]
        found = self._resolve(card, self.floor, self.previous)  # worked out once, for the piles and the trail
        steals = self.steals(card, bool(found))
        trail = [Move(card)] if self._may_trail(bool(found or steals)) else []
        return [Move(card, capture) for capture in found] + [Move(card, (), steal=s) for s in steals] + trail

    def barred(self, card: int):
        """Returns the restriction that bars the card now (of the player to move), or None."""
        hand = tuple(self.hands[self.turn])
        for rule in self.rules.restrictions:
            if card in rule.cards:
                try:
                    if rule.condition is None or rule.condition(card, tuple(self.floor), hand, (), self.previous):
                        return rule
                except RULE_FAILURES as exc:
                    raise RuleError(rule.name, rule.span, str(exc)) from None
        return None

    def _unbarred(self, moves: list[Move]) -> list[Move]:
        """The moves of cards no restriction bars; all of them when every card is barred."""
        barred = {card for card in self.playable() if self.barred(card)}
        return [move for move in moves if move.card not in barred] or moves

    def _may_trail(self, captures: bool) -> bool:
        """Whether the card may be laid down without capturing: always where capturing is
        optional; when it takes nothing where a capturing card must capture; and, where a
        player who can capture must, only when no card in the hand can take anything."""
        if self.rules.compulsion == "optional":
            return True
        if self.rules.compulsion == "card":
            return not captures
        return not any(self._resolve(c, self.floor, self.previous) or self.steals(c) for c in self.playable())

    def result(self) -> HandResult:
        """Returns the scores of the finished hand."""
        if self._result is None:
            if not self.is_terminal():
                raise ValueError("the hand is not over")
            self._result = score_hand(self.rules, self.piles, self.bonuses, self.carry_in, self.unclaimed,
                                      self.stopped)
        return self._result

    def returns(self) -> tuple[float, ...]:
        """Returns each side's points for the finished hand."""
        return self.result().points

    # ------------------------------------------------------------ moves
    def resolve(self, card: int, capture: tuple[int, ...] | None = None, build: tuple[int, ...] = (),
                value: int = 0, steal: int | None = None) -> Move:
        """Returns the legal move for a card and an optional named capture (or build, or
        the seat whose pile it takes), or raises IllegalMove."""
        seat = self.turn
        if seat == TERMINAL:
            raise IllegalMove("the hand is already over", "B507")
        if card not in self.hands[seat]:
            raise IllegalMove(f"{card_name(card)} is not in this player's hand", "B504")
        if self.turned is not None and card != self.turned:
            raise IllegalMove(f"{card_name(self.turned)} was turned from the stock: play it before "
                              f"{card_name(card)}")
        if self.laying and (capture or build or steal is not None):
            raise IllegalMove(f"after clearing the floor, the player lays a card on it: {card_name(card)} "
                              "takes nothing now")
        if self._restricted and (rule := self.barred(card)) and all(m.card != card for m in self.legal_moves()):
            raise IllegalMove(f"{card_name(card)} may not be played now ({rule.called}): play another card")
        if steal is not None:
            return self._check_steal(card, steal)
        move = self._check_build(card, tuple(build), value) if build else self._value_named(
            self._resolve_capture(card, capture), value)
        if self.builder is not None and (broken := self._duty_broken(move)):
            if any(self.moves(c) for c in self.hands[seat]):  # else nothing keeps the duties: any play goes
                raise IllegalMove(broken)
        return move

    def named(self, move: Move) -> Move:
        """Returns the capture naming the value its card is played as where it must (a
        capture adding up under several of them): the first, the value ``play`` takes when
        none is named, so the reference player's moves pass ``apply``."""
        if move.card not in self._naming or not move.capture or move.value or move.steal is not None:
            return move
        values = self.resolver.played_as(move.card, self.floor, move.capture, self.previous)
        return Move(move.card, move.capture, (), values[0]) if len(values) > 1 else move

    def _value_named(self, move: Move, value: int) -> Move:
        """Returns the capture with the value its card is played as, where the card may be
        played as several and the capture adds up under more than one of them (the player
        names it); refuses a value the card cannot be played as, or cannot take this as."""
        if not value and move.card not in self._several:
            return move
        name = card_name(move.card)
        if value and value not in self.rules.played(move.card):
            shown = " or ".join(map(str, self.rules.played(move.card))) or "no value"
            raise IllegalMove(f"{name} cannot be played as {value}: it is played as {shown}")
        values = self.resolver.played_as(move.card, self.floor, move.capture, self.previous)
        if value and values and value not in values:
            taken = " ".join(map(card_name, move.capture))
            raise IllegalMove(f"{name} played as {value} cannot take {taken}; it takes it as "
                              f"{' or '.join(map(str, values))}")
        if not value and len(values) > 1:
            raise IllegalMove(f"{name} takes {' '.join(map(card_name, move.capture))} as "
                              f"{' or as '.join(map(str, values))}: name the value it is played as", "B506")
        return Move(move.card, move.capture, (), value if len(values) > 1 else 0)

    def played_as(self, card: int, capture: tuple[int, ...], value: int = 0) -> int | None:
        """Returns the value a card is played as on the floor as it is now (see
        ``CaptureResolver.value_played``); None for a card played as its value."""
        return self.resolver.value_played(card, self.floor, capture, self.previous, value)

    def _resolve_capture(self, card: int, capture: tuple[int, ...] | None) -> Move:
        if capture is None:
            options = self._card_moves(card)
            if not options:
                raise IllegalMove(self._must_capture_with_another(card))
            if len(options) > 1:
                shown = "; ".join(_shown(o) for o in options[:6])
                raise IllegalMove(f"{card_name(card)} can take more than one set ({shown}): "
                                  f"name the capture", "B506")
            return options[0]
        capture = tuple(capture)
        if capture and self._allows(card, capture):
            order = {x: i for i, x in enumerate(self.floor)}
            return Move(card, tuple(sorted(capture, key=order.__getitem__)))
        options = self.captures(card)
        if not capture and () in options:
            return Move(card, ())
        raise IllegalMove(self._why_illegal(card, capture, options))

    def _allows(self, card: int, capture: tuple[int, ...]) -> bool:
        if not self.builds:
            return self.resolver.allows(card, self.floor, capture, self.previous)
        return set(capture) in [set(option) for option in self._resolve(card, self.floor, self.previous)]

    def apply(self, move: Move) -> Play:
        """Plays a move after checking it is legal; returns what happened."""
        if move.declare is not None:
            return self.declare(move.declare)
        return self.play_move(self.resolve(move.card, move.capture, move.build, move.value, move.steal))

    def play_move(self, move: Move) -> Play:
        """Plays a move known to be legal."""
        if move.declare is not None:
            return self.declare(move.declare)
        return self.play(move.card, move.capture, move.build, move.value, move.steal)

    def play(self, card: int, capture: tuple[int, ...], build: tuple[int, ...] = (), value: int = 0,
             steal: int | None = None) -> Play:
        """Plays a move known to be legal (bots and replays that already checked it)."""
        seat = self.turn
        if steal is not None:
            return self._steal(seat, card, steal)
        if build:
            return self._build(seat, card, build, value)
        played_as = self.played_as(card, capture, value) if self.rules.played_values else None
        self.hands[seat].remove(card)
        floor = self.floor
        before = tuple(floor)
        bonus = 0
        if capture:
            if self.builds:
                self.builds = after_capture(self.builds, capture)
            self.floor, left = floor_after(floor, capture)
            bonus = self._bonus(card, before, capture, left, played_as)
            pile = self.piles[seat]
            pile.extend(capture)
            pile.append(card)
            if bonus:
                self.bonuses[seat].append(bonus)
            self.last_capturer = seat
        else:
            floor.append(card)
            left = before + (card,)
        self.previous = (card, before, capture, left)
        play = Play(seat, card, capture, bonus, (), value if card in self._several else 0, turned=card == self.turned)
        self.plays.append(play)
        self._end_turn(seat)
        return play

    def _bonus(self, card, before, capture, left, played_as: int | None = None) -> float:
        hand = self.hand_context() if self._reads_hand else MID_HAND
        return play_bonus(self.rules, card, before, capture, left, self.previous, hand, played_as)

    # ------------------------------------------------------------ flow
    def _next_seat(self, seat: int) -> int:
        for step in range(1, self.players + 1):
            candidate = (seat + step) % self.players
            if self.hands[candidate]:
                return candidate
        return TERMINAL

    def _advance(self, seat: int) -> None:
        if self.standing is not None and self._target_reached():
            self._stop()
            return
        following = (seat + 1) % self.players
        if not self.hands[following]:
            following = self._next_seat(seat)
        while following == TERMINAL and self.deal_index < len(self.deals):
            self._deal_next()
            following = self._next_seat(seat)
        if following == TERMINAL:
            self._finish()
        self.turn = following

    def _deal_next(self) -> None:
        deal = self.deals[self.deal_index]
        self.deal_index += 1
        hand_out(deal, self.hands, self.piles, self.bonuses, self.floor, self.stock)
        if self.rules.declarations:
            self.may_declare = [bool(cards) for cards in deal.hands]
            self.shown = [() for _ in range(self.players)]

    def _finish(self) -> None:
        self.builds = []  # what is left on the floor, builds and all, goes as loose cards
        if self.floor:
            if self.rules.leftover == "last" and self.last_capturer is not None:
                self.piles[self.last_capturer].extend(self.floor)
            else:
                self.unclaimed = tuple(self.floor)
            self.floor = []

    # ------------------------------------------------------------ copies and JSON
    def clone(self) -> "State":
        """Returns an independent copy of this state."""
        copy = object.__new__(State)
        copy.__dict__.update(self.__dict__)
        copy.deals = list(self.deals)
        copy.hands = [list(h) for h in self.hands]
        copy.floor = list(self.floor)
        copy.stock = list(self.stock)
        copy.piles = [list(p) for p in self.piles]
        copy.bonuses = [list(b) for b in self.bonuses]
        copy.plays = list(self.plays)
        copy.builds = list(self.builds)
        copy.may_declare = list(self.may_declare)
        copy.shown = list(self.shown)
        if copy.builder is not None:
            copy._resolve = copy._captures_with_builds
        return copy

    def to_json(self) -> dict:
        """Returns the whole state as JSON data; ``Game.state_from_json`` reads it back."""
        names = lambda cards: [card_name(c) for c in cards]  # noqa: E731
        return {
            "variant": self.rules.variant, "options": self.rules.options, "players": self.players,
            "first": self.first, "carry": list(self.carry_in), "turn": self.turn,
            "standing": None if self.standing is None else [list(self.standing[0]), self.standing[1]],
            "stopped": self.stopped,
            "hands": [names(h) for h in self.hands], "floor": names(self.floor), "stock": names(self.stock),
            "turned": None if self.turned is None else card_name(self.turned), "flips": self._flips,
            "laying": self.laying,
            "may_declare": list(self.may_declare), "shown": [names(s) for s in self.shown],
            "piles": [names(p) for p in self.piles], "bonuses": [list(b) for b in self.bonuses],
            "deals": [d.to_json() for d in self.deals[self.deal_index:]],
            "plays": [p.to_json() for p in self.plays],
            "previous": None if self.previous[0] is None else [
                card_name(self.previous[0])] + [names(x) for x in self.previous[1:]],
            "last_capturer": self.last_capturer, "unclaimed": names(self.unclaimed),
            "builds": [{"value": b.value, "cards": names(b.cards), "owner": b.owner, "multiple": b.multiple}
                       for b in self.builds],
        }


def _shown(move: Move) -> str:
    """A move among a card's several, as a refusal lists them."""
    if move.steal is not None:
        return f"seat {move.steal + 1}'s pile"
    return " ".join(map(card_name, move.capture)) or "trail"
