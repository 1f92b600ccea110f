"""Replays a recorded game or position (the public record format) and scores it.

A record is checked against the shipped schema, then against the variant: every card in
the deck at most once, each play legal for the seat whose turn it is. Any refusal is a
diagnostic that names the hand, the play and the seat, at the play's line in the file;
messages count them from 1, as the replay's text and the game do (the record's own fields,
such as ``first``, keep the 0-based seats docs/records.md documents).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from .. import limits
from ..cards import card_name, parse_card, parse_cards
from ..check.playable import load_playable
from ..diagnostics import DiagnosticError, did_you_mean, error
from ..documents import Document, read_document, schema_diagnostics
from ..engine.errors import POINTS_LIMIT
from ..engine import Deal, Game, IllegalMove, Scoreboard
from ..engine.rules import Rules
from ..engine.scoring import HandResult, number
from ..engine.state import Play
from ..language.compiler import compile_rules
from ..language.loader import find_named_variant
from ..resources import bundled_variants


@dataclass(frozen=True)
class ReplayedHand:
    plays: tuple[Play, ...]
    result: HandResult


@dataclass(frozen=True)
class Replay:
    rules: Rules
    hands: tuple[ReplayedHand, ...]
    totals: tuple[float, ...]
    winner: int | None

    def to_json(self) -> dict:
        """Returns the replay in the documented output shape."""
        return {"variant": self.rules.variant, "players": self.rules.players,
                "hands": [{"plays": [p.to_json() for p in h.plays],
                           "sides": [s.to_json() for s in h.result.sides],
                           "unclaimed": [card_name(c) for c in h.result.unclaimed]}
                          for h in self.hands],
                "totals": [number(t) for t in self.totals], "winner": self.winner}


def replay_file(path: str | Path) -> Replay:
    """Returns the replay of a record file, or raises DiagnosticError."""
    document = read_document(path, "records")
    return replay_document(document)


def replay_document(document: Document) -> Replay:
    """Returns the replay of a parsed record, or raises DiagnosticError."""
    _refuse_too_large(document)
    problems = list(schema_diagnostics(document, "record"))
    if problems:
        raise DiagnosticError(problems)
    record = document.data
    rules = _rules(record, document)
    game = Game(rules)
    board = Scoreboard(rules)
    hands = []
    for index, hand in enumerate(record["hands"]):
        hands.append(_replay_hand(game, hand, index, board, document))
        board.add(hands[-1].result)
    return Replay(rules, tuple(hands), tuple(board.totals), board.winner)


def _rules(record: dict, document: Document) -> Rules:
    """Returns the record's rules, from the variant it names (see ``variant_file``)."""
    located = variant_file(record["variant"], document)
    merged = load_playable(located)
    chosen = {name: whole(value) for name, value in record.get("options", {}).items()}
    spans = {name: document.span("options", name) for name in chosen}
    if "players" in record:
        chosen["players"] = record["players"]
        spans["players"] = document.span("players")
    return compile_rules(merged, chosen, spans)


VARIANT_NAME = re.compile(r"[A-Za-z_][A-Za-z0-9_-]*")


def variant_file(variant: str, document: Document) -> Path:
    """Returns the file of the variant a record names, or raises DiagnosticError.

    A record comes from anyone (a room replays uploaded games), so it may name a variant
    only by its name, looked up as the other commands look names up, or by a relative path
    to a .basra file in the record's own folder or below it, links included: never a file
    elsewhere, whose lines a syntax error would print.
    """
    where = document.span("variant")
    if VARIANT_NAME.fullmatch(variant):
        found = find_named_variant(variant)
        if found is None:
            known = bundled_variants()
            raise DiagnosticError([error("B401", f"no variant named '{variant}'", where,
                                         did_you_mean(variant, known) or
                                         "use a variant's name (basra variants) or a path to a .basra file "
                                         "in the record's folder, such as ./mine.basra")])
        return found
    folder = Path(document.path).parent
    located = folder / variant
    if not variant.endswith(".basra") or not _inside(located, folder) or Path(variant).is_absolute():
        raise DiagnosticError([error("B807", f"the record names '{variant}', which is not a variant in its folder",
                                     where, "name the variant (egyptian) or a .basra file in the record's "
                                     "own folder or below it (./mine.basra)")])
    if not located.is_file():
        raise DiagnosticError([error("B401", f"no variant file '{variant}' (looked for {located}, relative to "
                                     "the record)", where, "a path is relative to the record's folder; "
                                     "a variant is named without .basra")])
    return located


def _inside(path: Path, folder: Path) -> bool:
    """Returns whether a path, links followed, lies in a folder (False for one that cannot be a path)."""
    try:
        return path.resolve().is_relative_to(folder.resolve())
    except (OSError, ValueError):  # a NUL byte, a loop of links
        return False


def whole(value: Any) -> Any:
    """Returns a whole-number float option value (121.0) as the int it stands for."""
    return int(value) if isinstance(value, float) and value.is_integer() else value



def _refuse_too_large(document: Document) -> None:
    """Raises B804 for a record with more hands, or a hand with more plays, than any game
    has: checked before the schema, whose cost grows with the record."""
    hands = document.data.get("hands") if isinstance(document.data, dict) else None
    if not isinstance(hands, list):
        return
    if len(hands) > limits.RECORD_HANDS:
        raise DiagnosticError([error("B804", f"the record holds {len(hands)} hands; a record may hold "
                                     f"{limits.RECORD_HANDS}", document.span("hands"),
                                     "split the record into several files")])
    for index, hand in enumerate(hands):
        plays = hand.get("plays") if isinstance(hand, dict) else None
        if isinstance(plays, list) and len(plays) > limits.RECORD_PLAYS:
            raise DiagnosticError([error("B804", f"hand {index + 1} holds {len(plays)} plays; a hand may hold "
                                         f"{limits.RECORD_PLAYS}", document.span("hands", index, "plays"),
                                         "record only the plays of the hand")])


def _replay_hand(game: Game, hand: dict, index: int, board: Scoreboard, document: Document) -> ReplayedHand:
    rules = game.rules
    deals = _deals(rules, hand, index, document)
    first = hand.get("first", 0)
    if first >= rules.players:
        raise DiagnosticError([error("B509", f"hand {index + 1}: \"first\" is {first}, a seat that does not "
                                     f"exist with {rules.players} players", document.span("hands", index, "first"),
                                     f"a record counts seats from 0: \"first\" is 0 to {rules.players - 1}")])
    state = game.hand_from_deals(deals, first, board.carry, board.standing)
    for number_, play in enumerate(hand["plays"]):
        where = ("hands", index, "plays", number_)
        if state.is_terminal():
            raise DiagnosticError([error("B507", f"hand {index + 1}, play {number_ + 1}: the hand is already over",
                                         document.span(*where), "remove the extra plays")])
        seat = state.current_player
        if isinstance(play, dict) and "declare" in play:  # a declaration: no card
            try:
                state.declare(play["declare"])
            except IllegalMove as exc:
                raise DiagnosticError([error(exc.code, f"hand {index + 1}, play {number_ + 1}, seat {seat + 1}: {exc}",
                                             document.span(*where), "a player declares at their first turn after "
                                             "the deal, only what the cards dealt to them meet")]) from None
            continue
        card_text = play if isinstance(play, str) else play["card"]
        capture = None if isinstance(play, str) or "capture" not in play else parse_cards(play["capture"])
        build = () if isinstance(play, str) else tuple(parse_cards(play.get("build", ())))
        named = {} if isinstance(play, str) else play
        try:
            move = state.resolve(parse_card(card_text), capture, build, named.get("value", 0), named.get("steal"))
        except IllegalMove as exc:
            raise DiagnosticError([error(exc.code, f"hand {index + 1}, play {number_ + 1}, seat {seat + 1}: {exc}",
                                         document.span(*where), _hint(exc.code))]) from None
        state.play_move(move)
    if not state.is_terminal():
        held = "; ".join(f"seat {s + 1} holds {' '.join(map(card_name, h))}" for s, h in enumerate(state.hands) if h)
        raise DiagnosticError([error("B507", f"hand {index + 1} stops before its cards are played: {held}",
                                     document.span("hands", index, "plays"),
                                     "a record plays every card it deals")])
    return ReplayedHand(tuple(state.plays), state.result())


def _hint(code: str) -> str | None:
    return {"B506": 'write the play as {"card": ..., "capture": [...]} to say which cards it takes',
            "B504": "a seat plays only cards dealt to it in this hand",
            "B505": "a capturing card takes the largest set the rules allow"}.get(code)


def _deals(rules: Rules, hand: dict, index: int, document: Document) -> list[Deal]:
    deck = set(rules.deck)
    seen: dict[int, tuple] = {}
    problems = []
    deals = []
    for d_index, deal in enumerate(hand["deals"]):
        if len(deal["hands"]) != rules.players:
            problems.append(error("B509", f"hand {index + 1}, deal {d_index + 1}: {len(deal['hands'])} hands for "
                                  f"{rules.players} players", document.span("hands", index, "deals", d_index, "hands"),
                                  "set \"players\" in the record, or give one hand per seat"))
            continue
        bonus = deal.get("bonus", [])
        if bonus and (len(bonus) != rules.players or any(abs(b) > POINTS_LIMIT for b in bonus)):
            problems.append(error("B509", f"hand {index + 1}, deal {d_index + 1}: a bonus for each of {rules.players} seats, "
                                  f"each within {POINTS_LIMIT:,}, is needed", document.span("hands", index, "deals",
                                                                                          d_index, "bonus"),
                                  "give one number per seat, 0 for a seat that scored nothing at the deal"))
            continue
        places = [("floor", i, c) for i, c in enumerate(deal.get("floor", []))]
        places += [("hands", (s, i), c) for s, h in enumerate(deal["hands"]) for i, c in enumerate(h)]
        places += [("won", (s, i), c) for s, w in enumerate(deal.get("won", [])) for i, c in enumerate(w)]
        places += [("stock", i, c) for i, c in enumerate(deal.get("stock", []))]
        for field, position, name in places:
            card = parse_card(name)
            where = ("hands", index, "deals", d_index, field) + (position if isinstance(position, tuple) else (position,))
            if card not in deck:
                problems.append(error("B502", f"hand {index + 1}: {name} is not in the {rules.variant} deck",
                                      document.span(*where)))
            elif card in seen:
                problems.append(error("B503", f"hand {index + 1}: {name} is dealt twice", document.span(*where),
                                      f"it was dealt first at line {document.span(*seen[card]).line}"))
            else:
                seen[card] = where
        deals.append(Deal(tuple(parse_cards(h) for h in deal["hands"]), parse_cards(deal.get("floor", [])),
                          tuple(parse_cards(w) for w in deal.get("won", [])), tuple(deal.get("bonus", [])),
                          parse_cards(deal.get("stock", []))))
    if problems:
        raise DiagnosticError(problems)
    return deals


def record_of_hands(rules: Rules, hands: list[dict]) -> dict[str, Any]:
    """Returns a record (the public format) for hands given as {first, deals, plays}."""
    return {"variant": rules.variant, "options": rules.options, "players": rules.players, "hands": hands}
