"""Refusals in words: why a capture a player names is illegal, said so the player can fix
it (which card could take instead, what the card may take). The ``State`` methods that
explain a refused move, kept apart so ``state.py`` reads as the plain game.
"""

from __future__ import annotations

from ..cards import card_name


class Refusals:
    """Mixed into ``State``: it reads the hands, the floor, the builds and the resolver."""

    def _must_capture_with_another(self, card: int) -> str:
        """Why a card that takes nothing cannot be laid down: another card of the hand can take."""
        for other in self.playable():
            found = self._resolve(other, self.floor, self.previous)
            steals = [] if found else self.steals(other, False)
            if found or steals:
                what = " ".join(map(card_name, found[0])) if found else f"seat {steals[0] + 1}'s pile"
                return (f"{card_name(card)} takes nothing, and a player who can capture must: "
                        f"{card_name(other)} can take {what}")
        raise AssertionError("a card without a move while no card can capture")  # _may_trail says otherwise

    def _why_illegal(self, card: int, capture: tuple[int, ...], options) -> str:
        name = card_name(card)
        missing = [card_name(c) for c in capture if c not in self.floor]
        if missing:
            return f"{', '.join(missing)} {'is' if len(missing) == 1 else 'are'} not on the floor"
        if not capture and (steals := self.steals(card)):
            return f"{name} must capture: it can take seat {steals[0] + 1}'s pile"
        if not options:
            return self._must_capture_with_another(card)
        if self.builds and (touched := self._why_not_taken(card, capture)):
            return touched
        if not capture:
            return f"{name} must capture: it can take {' '.join(map(card_name, options[0]))}"
        if options == [()]:
            return f"{name} cannot take {' '.join(map(card_name, capture))}: it can only be trailed"
        shown = " or ".join(" ".join(map(card_name, o)) or "nothing" for o in options[:4])
        return f"{name} cannot take {' '.join(map(card_name, capture))}; it may take {shown}"
