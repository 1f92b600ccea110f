"""Declarations: a move that plays no card. A player dealt cards that meet a dealing rule
'to declarer' (Cirulla's accusi: a hand adding up to nine or less) may declare them at
their first turn after the deal, before playing: the cards are shown to the table and the
rule's points are scored at once. The ``State`` methods of declaring, kept apart so
``state.py`` reads as the plain game.
"""

from __future__ import annotations

from .deal import declarable
from .moves import DECLARE, IllegalMove, Move, Play


class Declaring:
    """Mixed into ``State``: it reads the turn, the hands, ``may_declare`` and ``shown``."""

    def declarations(self) -> tuple[tuple[str, float], ...]:
        """Returns what the player to move may declare now, as (rule, points), the most points
        first: the rules 'to declarer' its dealt cards meet, at its first turn after the deal."""
        seat = self.turn
        if seat < 0 or not self.may_declare[seat]:
            return ()
        return declarable(self.rules, tuple(self.hands[seat]))

    def best_declaration(self) -> Move | None:
        """The declaration worth the most that the player to move may make now, or None: what
        the reference player and every bot make before playing (points never lose)."""
        found = self.declarations()
        return Move.declaring(found[0][0]) if found else None

    def declare(self, name: str) -> Play:
        """Declares the dealt cards under the rule ``name``: the player shows them and scores
        its points; the turn goes on (a card is still to be played). Raises IllegalMove when
        the rule cannot be declared now."""
        seat = self.turn
        points = dict(self.declarations()).get(name)
        if points is None:
            why = ("the hand is already over" if seat < 0 else
                   "a declaration is made at the player's first turn after the deal, once" if not self.may_declare[seat]
                   else "the cards dealt do not meet it")
            raise IllegalMove(f"'{name}' cannot be declared now: {why}", "B505")
        self.may_declare[seat] = False
        self.shown[seat] = tuple(self.hands[seat])
        self.bonuses[seat].append(points)
        play = Play(seat, DECLARE, (), points, declared=name)
        self.plays.append(play)
        if not self.standing_allows():
            self._stop()
        return play
