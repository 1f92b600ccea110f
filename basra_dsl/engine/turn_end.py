"""The end of a turn, the State methods that the turn's last steps need: the stock's top
card turned and played by the same player (``flip N``), the draw from the
stock where the rules have players draw after each play (``draw N``), the hand stopped
where a side's points scored in play win the game (``win at once``), and what a rule knows
of the hand around a play (the stock and the deals still to come).
"""

from __future__ import annotations

TERMINAL = -1
Standing = tuple[tuple[float, ...], float]  # each side's game total before the hand, and the target


def live_standing(rules, standing: Standing | None) -> Standing | None:
    """The standing a hand keeps: only where a game can be won during it (``win at once``
    and a target that can be reached)."""
    return standing if rules.win_at_once and standing and standing[1] != float("inf") else None


def hand_context_of(hands, stock, later_deals) -> tuple[bool, bool, int]:
    """What a rule knows of the hand around a play (``TurnEnd.hand_context``), from the hands,
    the stock and the deals still to come."""
    left = len(stock) + sum(len(cards) for deal in later_deals
                            for cards in (*deal.hands, deal.floor, *deal.won, deal.stock))
    return (not left and not any(hands), not left, left)


class TurnEnd:
    """Mixed into ``State``: it reads and changes the state's hands, stock, bonuses and turn."""

    def playable(self) -> list[int]:
        """Returns the cards the player to move may play now: the card turned from the stock
        while one waits to be played, else the whole hand."""
        return [self.turned] if self.turned is not None else self.hands[self.turn]

    def _end_turn(self, seat: int) -> None:
        """Ends the step of the seat that has just played: where the rules turn stock cards
        after a play from the hand, the next one is turned and the seat plays it; once
        they are played, the seat draws from the stock where the rules say so, and the
        next seat holding cards is to move."""
        self.may_declare[seat] = False  # a declaration comes before the seat's first play of the deal
        if self.rules.lay_after_sweep and self._lays(seat):
            return
        if self.rules.flip:
            self._flips = self.rules.flip if self.turned is None else self._flips - 1
            self.turned = None
            if self._flips and self.stock and self.standing_allows():
                self.turned = self.stock.pop(0)
                self.hands[seat].append(self.turned)
                self.turn = seat
                return
        if self.rules.draw and self.stock:
            drawn = self.stock[:self.rules.draw]
            del self.stock[:self.rules.draw]
            self.hands[seat].extend(drawn)
        self._advance(seat)

    def _lays(self, seat: int) -> bool:
        """Whether the seat that has just played lays a card next (it cleared the floor and
        holds a card: ``sweeper lays``); a lay ends the seat's turn."""
        if self.laying:
            self.laying = False
            return False
        last = self.plays[-1]
        self.laying = bool(last.captured and last.steal is None and not self.floor and self.hands[seat]
                           and self.standing_allows())
        return self.laying

    def standing_allows(self) -> bool:
        """Whether play goes on (no side has won during the hand)."""
        return not (self.standing is not None and self._target_reached())

    def _target_reached(self) -> bool:
        """Whether a side's points scored so far in the hand (its bonuses) bring its game
        total to the target."""
        totals, target = self.standing
        return any(totals[index] + sum(b for seat in seats for b in self.bonuses[seat]) >= target
                   for index, seats in enumerate(self.rules.sides))

    def _stop(self) -> None:
        """Ends the hand where it stands: the game is won (``win at once``). The cards still
        out count for nobody, and the hand scores only what was scored during play."""
        self.stopped = True
        self.builds = []
        self.unclaimed = tuple(self.floor)
        self.floor = []
        self.turn = TERMINAL

    def hand_context(self) -> tuple[bool, bool, int]:
        """Returns what a rule knows of the hand around the play being made (its card has
        left the hand): whether it is the hand's last play, whether it falls in the last
        deal, and how many cards are still to be dealt."""
        return hand_context_of(self.hands, self.stock, self.deals[self.deal_index:])
