"""The build plays of a hand: ``State`` methods used only by variants with a build rule.

Kept apart so ``state.py`` reads as the plain game; the listing and checking of builds
themselves are in ``builds.py`` and know nothing of a State.
"""

from __future__ import annotations

from ..cards import card_name
from .builds import after_build, after_capture, captures_with_builds, loose_of
from .moves import IllegalMove, Move, Play


class Building:
    """Mixed into ``State``: captures that take builds whole, build moves and the duties
    of a build's owner."""

    def loose_floor(self) -> list[int]:
        """The floor cards that lie in no build."""
        return loose_of(self.floor, self.builds)

    def _captures_with_builds(self, card: int, floor, previous) -> list[tuple[int, ...]]:
        """The captures of a card where builds lie on the floor (``builds.captures_with_builds``)."""
        return captures_with_builds(self.resolver, self.rules.played, card, floor, self.builds, previous)

    def _moves_with_builds(self) -> list[Move]:
        moves = [move for card in self.playable() for move in self.moves(card)]
        if not moves:  # no play keeps every duty (a hand the rules did not foresee): any capture or trail
            moves = [Move(c, capture) for c in self.playable() for capture in self.captures(c)]
        return moves

    def _duty_broken(self, move: Move) -> str | None:
        """Says which duty of a build's owner a move breaks, or None."""
        seat, builder = self.turn, self.builder
        owned = [b for b in self.builds if b.owner == seat]
        if not owned and not move.build:
            return None
        if not (move.capture or move.build or builder.rules.owner_trails):
            return (f"a player who owns a build must take, build or add to a build: "
                    f"{card_name(move.card)} cannot be laid down")
        hand = list(self.hands[seat])
        hand.remove(move.card)
        if move.build:
            after = after_build(self.builds, move.card, move.build, move.value, seat, self.floor, 1)
        else:
            after = after_capture(self.builds, move.capture)
        if not builder.keeps_duties(seat, hand, after):
            held = {x for h in hand for x in builder.played(h)}
            lost = [b.value for b in after if b.owner == seat and b.value not in held]
            return (f"playing {card_name(move.card)} would leave no card to take the build of "
                    f"{lost[0]} this player owns")
        return None

    def _check_build(self, card: int, onto: tuple[int, ...], value: int) -> Move:
        if self.builder is None:
            raise IllegalMove("this variant has no builds")
        loose = self.loose_floor()
        missing = [card_name(c) for c in onto if c not in self.floor]
        if missing:
            raise IllegalMove(f"{', '.join(missing)} {'is' if len(missing) == 1 else 'are'} not on the floor")
        if not self.builder.stacks_with(self._card_moves(card)):
            raise IllegalMove(f"{card_name(card)} can take, so it must: a card is stacked only where it could "
                              f"be laid down")
        if not self.builder.groups(card, onto, value, self.hands[self.turn], self.turn, loose, self.builds):
            why = self.builder.why_not(card, onto, value, self.hands[self.turn], self.turn, self.builds)
            raise IllegalMove(f"{card_name(card)} cannot build {value} on {' '.join(map(card_name, onto))}: {why}")
        order = {x: i for i, x in enumerate(self.floor)}
        return Move(card, (), tuple(sorted(onto, key=order.__getitem__)), value)

    def _why_not_taken(self, card: int, capture: tuple[int, ...]) -> str | None:
        """Why a capture touching a build is refused: builds go whole, to a card of their value."""
        taken = set(capture)
        for b in self.builds:
            if taken & set(b.cards) and (not set(b.cards) <= taken or b.value not in self.rules.played(card)):
                return (f"{card_name(card)} cannot take {' '.join(map(card_name, capture))}: "
                        f"{' '.join(map(card_name, b.cards))} is a build of {b.value}, taken only whole "
                        f"and only by a card of value {b.value}")
        return None

    def _build(self, seat: int, card: int, onto: tuple[int, ...], value: int) -> Play:
        loose = self.loose_floor()
        count = self.builder.groups(card, onto, value, self.hands[seat], seat, loose, self.builds)
        self.hands[seat].remove(card)
        before = tuple(self.floor)
        self.builds = after_build(self.builds, card, onto, value, seat, self.floor, count)
        self.floor.append(card)
        self.previous = (card, before, (), before + (card,))
        play = Play(seat, card, (), 0, tuple(onto), value)
        self.plays.append(play)
        self._end_turn(seat)
        return play

