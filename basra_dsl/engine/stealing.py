"""Taking an opponent's pile: the ``State`` methods only a variant with a rule that takes
piles uses (Stealing Bundles, Rubamazzo).

Each seat's won cards lie face up in one pile, the capturing card on top (``State.play``
puts it there). A card of the top card's rank, under a rule that ``takes pile``, takes the
whole pile onto its player's own and ends on top of it. Kept apart so ``state.py`` reads as
the plain game.
"""

from __future__ import annotations

from ..cards import card_name
from .moves import IllegalMove, Move, Play


class Stealing:
    """Mixed into ``State``: which piles a card may take, and taking one."""

    def steals(self, card: int, floor_takes: bool | None = None) -> list[int]:
        """Returns the seats, in seat order, whose pile the card may take now: an opponent's
        pile whose top card has the card's rank, while one of the card's rules that take
        piles holds; under 'floor first', only when the card takes nothing from the floor
        (``floor_takes``: whether it does, when the caller knows)."""
        if not self._piles:
            return []
        rank, ours = card >> 2, self.rules.sides[self.rules.side_of(self.turn)]
        found = [seat for seat, pile in enumerate(self.piles) if pile and pile[-1] >> 2 == rank and seat not in ours]
        if not found or not self.resolver.takes_piles(card, self.floor, self.previous):
            return []
        if self.rules.floor_first:
            if floor_takes is None:
                floor_takes = bool(self._resolve(card, self.floor, self.previous))
            if floor_takes:
                return []
        return found

    def _check_steal(self, card: int, seat: int) -> Move:
        """Returns the move taking ``seat``'s pile with the card, or raises IllegalMove saying why not."""
        if seat in self.steals(card):
            return Move(card, (), steal=seat)
        raise IllegalMove(self._why_not_stolen(card, seat))

    def _why_not_stolen(self, card: int, seat: int) -> str:
        name = card_name(card)
        if not self.resolver.pile_rules[card]:
            return f"{name} cannot take a pile: no rule of this game lets it"
        if not 0 <= seat < self.players:
            return f"there is no seat {seat + 1}: the seats are 1 to {self.players}"
        if seat in self.rules.sides[self.rules.side_of(self.turn)]:
            return f"seat {seat + 1}'s pile is your own side's: only an opponent's pile can be taken"
        pile = self.piles[seat]
        if not pile:
            return f"seat {seat + 1} has no pile to take"
        if pile[-1] >> 2 != card >> 2:
            return f"{name} cannot take seat {seat + 1}'s pile: its top card is {card_name(pile[-1])}"
        if self.rules.floor_first and self._resolve(card, self.floor, self.previous):
            return f"{name} can take from the floor, and a card that can must take from the floor, not a pile"
        return f"{name} cannot take a pile now: the condition of its rule does not hold"

    def _steal(self, seat: int, card: int, victim: int) -> Play:
        """Plays a pile taken (known to be legal): the victim's pile goes onto the player's,
        the card on top; the floor is untouched, and it counts as the last capture."""
        self.hands[seat].remove(card)
        stolen = tuple(self.piles[victim])
        self.piles[victim] = []
        self.piles[seat].extend(stolen)
        self.piles[seat].append(card)
        self.last_capturer = seat
        before = tuple(self.floor)
        self.previous = (card, before, (), before)  # nothing was taken from the floor
        play = Play(seat, card, stolen, 0, steal=victim)
        self.plays.append(play)
        self._end_turn(seat)
        return play
