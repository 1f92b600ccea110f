"""What each seat of a room is sent: its own hand and moves, and the table's public side.

A view is built field by field from what the seat may know: its own cards; the floor and
the builds on it; every play of the hand so far (played cards and what they took are
shown to the table); how many cards each player holds, each pile's size and bonuses, how
many cards are still to be dealt; the scores. Never another seat's cards, never the order
of the undealt pack: the engine's own ``State.to_json`` holds both and is never sent.
The chat goes to seated people only.
"""

from __future__ import annotations

from typing import Any

from ..cards import card_name
from ..engine import Move
from ..engine.scoring import number
from ..play.table import Table
from .model import Room, clean_text

PLAYS_SHOWN = 12  # the latest plays of the hand a view lists


def view_for(room: Room, seat: int | None) -> dict[str, Any]:
    """Returns what ``seat`` sees of the room (None: someone in the lobby, not seated)."""
    held = room.seats[seat] if seat is not None else None
    view: dict[str, Any] = {
        "type": "view", "room": room.id, "variant": room.variant, "title": room.title,
        "version": room.version, "players": room.rules.players, "you": seat, "host": room.host,
        "stand_in": room.stand_in,
        "seats": [_seat(room, s) for s in range(room.rules.players)],
        "sides": [list(side) for side in room.rules.sides],
        "status": _status(room),
        "chat": [{"seat": c.seat, "name": c.name, "text": c.text} for c in room.chat]
        if held is not None and held.person else [],
    }
    if room.table is not None:
        view["game"] = _game(room.table, seat)
    return view


def _seat(room: Room, seat: int) -> dict[str, Any]:
    held = room.seats[seat]
    if held is None:
        return {"seat": seat, "side": room.rules.side_of(seat), "empty": True}
    return {"seat": seat, "side": room.rules.side_of(seat), "empty": False, "name": held.name,
            "bot": held.bot is not None, "connected": held.connected or held.bot is not None}


def _status(room: Room) -> str:
    table = room.table
    if table is None:
        return "waiting"
    if table.game_over:
        return "game_over"
    return "hand_over" if table.hand_over else "playing"


def _game(table: Table, seat: int | None) -> dict[str, Any]:
    state = table.state
    names = lambda cards: [card_name(c) for c in cards]  # noqa: E731
    game: dict[str, Any] = {
        "hand_number": table.hand_number, "games_finished": len(table.games_played),
        "game_wins": _game_wins(table), "turn": table.to_move, "first": table.first,
        "floor": names(state.floor),
        "builds": [{"value": b.value, "cards": names(b.cards), "owner": b.owner} for b in state.builds],
        "hand_sizes": [len(h) for h in state.hands], "stock": state.hand_context()[2],
        # a card turned from the stock, face up for all, that its player must play now
        "turned": None if state.turned is None else card_name(state.turned),
        "laying": state.laying,  # the seat to move cleared the floor and lays a card on it now
        "piles": [len(p) for p in state.piles], "bonuses": [number(sum(b)) for b in state.bonuses],
        # where a card may take an opponent's pile by its top card, every pile's top shows
        "pile_tops": [card_name(p[-1]) if p else None for p in state.piles] if table.rules.takes_piles else None,
        "shown": [names(s) for s in state.shown],  # cards a declaration showed, known to all
        "plays": [p.to_json() for p in state.plays[-PLAYS_SHOWN:]],
        "scores": [number(t) for t in table.board.totals], "target": _target(table),
        "winner": table.board.winner if table.game_over else None,
        "worth": table.board.worth if table.game_over else None,  # games the win counts (a lurch: more)
        "result": [s.to_json() for s in table.results[-1].sides] if table.hand_over and table.results else None,
    }
    if seat is not None:
        game["hand"] = names(table.hand_of(seat))
        game["moves"] = _moves(table, seat)
        # what the seat may declare now (before its first card of a deal), the most points first
        game["declarations"] = [{"name": name, "points": number(points), "title": clean_text(table.rules.declaration_title(name), 60)}
                                for name, points in (table.state.declarations() if table.to_move == seat else ())]
    return game


def _moves(table: Table, seat: int) -> dict[str, list[dict[str, Any]]]:
    """For the seat to move: each card's moves, in the engine's order (a play names one by
    its card and its place in this list)."""
    if table.hand_over or table.to_move != seat:
        return {}
    return {card_name(card): [_move(m) for m in table.moves_of(seat, card)] for card in set(table.state.hands[seat])}


def _move(move: Move) -> dict[str, Any]:
    data = move.to_json()
    if move.build:
        data["label"] = f"build {move.value} on {' '.join(data['build'])}"
    elif move.steal is not None:
        data["label"] = f"take seat {move.steal + 1}'s pile"
    elif move.capture:
        data["label"] = "take " + " ".join(data["capture"])
    else:
        data["label"] = "lay it on the floor"
    return data


def _target(table: Table) -> str:
    """What a game is played to, in words: a score (``to 121``), or a number of hands where the
    game has no target (a JSON view holds no infinity)."""
    if table.board.target != float("inf"):
        return f"to {number(table.board.target)}"
    limit = table.rules.hands_limit
    return f"{limit} hand{'s' * (limit != 1)}"


def _game_wins(table: Table) -> list[int]:
    wins = [0] * len(table.rules.sides)
    for board in table.games_played:
        if board.winner is not None:
            wins[board.winner] += 1
    return wins


def lobby_entry(room: Room) -> dict[str, Any]:
    """A room as the lobby lists it."""
    taken = sum(held is not None for held in room.seats)
    return {"id": room.id, "variant": room.variant, "title": room.title, "players": room.rules.players,
            "seated": taken, "started": room.started, "partners": len(room.rules.sides) < room.rules.players}
