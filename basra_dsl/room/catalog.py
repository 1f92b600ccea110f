"""The variants a room server offers: the bundled ones and a folder's, each with its player
counts and options, and their rules compiled for a room's choices.

A variant that ``basra check`` would refuse is not offered (the server says which, once,
when it starts); a choice a variant does not allow is refused in words, never a failure.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..check.playable import load_playable
from ..diagnostics import DiagnosticError
from ..engine.rules import Rules
from ..language.compiler import compile_rules
from ..language.merge import Merged, option_value
from ..language.unparse import expr_text
from ..resources import bundled_variants
from .model import RoomError


@dataclass(frozen=True)
class Offer:
    """One variant a room may be made for."""

    name: str
    title: str
    merged: Merged

    def to_json(self) -> dict[str, Any]:
        options = {name: {"choices": [option_value(c) for c in o.choices], "default": option_value(o.default),
                          "about": o.doc or "", "shown": [expr_text(c) for c in o.choices]}
                   for name, o in self.merged.options.items()}
        return {"name": self.name, "title": self.title, "players": list(self.merged.player_counts()),
                "options": options}


class Catalog:
    """The offers, by name; ``refused`` lists the files left out, with the first reason."""

    def __init__(self, folder: Path | None = None):
        files = dict(bundled_variants())
        if folder is not None:
            files |= {path.stem: path for path in sorted(folder.glob("*.basra"))}
        self.offers: dict[str, Offer] = {}
        self.refused: dict[str, str] = {}
        for name, path in sorted(files.items()):
            try:
                merged = load_playable(path)
            except DiagnosticError as exc:
                self.refused[name] = str(exc.diagnostics[0]) if exc.diagnostics else "refused"
                continue
            self.offers[merged.name] = Offer(merged.name, merged.variant.title or merged.name, merged)

    def to_json(self) -> list[dict[str, Any]]:
        return [offer.to_json() for offer in sorted(self.offers.values(), key=lambda o: o.title)]

    def rules(self, name: str, options: dict[str, Any], players: int) -> Rules:
        """The rules of an offer for a room's choices; refuses unknown names and values."""
        offer = self.offers.get(str(name))
        if offer is None:
            raise RoomError(f"this server offers no variant '{str(name)[:40]}'")
        if players not in offer.merged.player_counts():
            *most, last = map(str, offer.merged.player_counts())
            counts = f"{', '.join(most)} or {last}" if most else last
            raise RoomError(f"{offer.title} is played by {counts} players, not {players}")
        try:
            return compile_rules(offer.merged, {**options, "players": players})
        except DiagnosticError as exc:
            raise RoomError("; ".join(d.message for d in exc.diagnostics[:3])) from exc
