"""The room server end to end, through Starlette's test client: four people join an
Egyptian room in order, chat, and play a hand to its scores; every message each one
receives is kept and searched for cards that seat may not see. Bad input is refused to
its sender alone; bots fill seats; a dropped player gets their seat back; a finished
game's record replays exactly."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner
from starlette.testclient import TestClient

from basra_dsl.cards import card_name
from basra_dsl.cli import main
from basra_dsl.room.protocol import MESSAGE_BYTES
from basra_dsl.room.hub import MESSAGE_BURST
from basra_dsl.room.server import MAX_CONNECTIONS, create_app

from room_fakes import Player, make_room


@pytest.fixture
def app():
    return create_app(bot_delay=0, message_rate=1000.0)  # a test sends faster than hands can


@pytest.fixture
def strict_app():
    return create_app(bot_delay=0)  # the allowance people get: a burst, then 10 a second


def host_and_guest(client: TestClient, players: int, bots: str | None = None) -> tuple[str, Player, Player]:
    """A room with two people seated (and bots in the other seats, when asked), started."""
    room = make_room(client, players=players)
    host, guest = Player(client, room), Player(client, room)
    host.join("Host")
    guest.receive()
    guest.join("Guest")
    host.receive()
    if bots:
        host.send(type="bots", bot=bots)
        guest.receive()
    host.send(type="start")
    guest.receive()
    return room, host, guest


def everyone_receives(players: list[Player]) -> None:
    for player in players:
        assert player.receive()["type"] == "view"


def hidden_from(app, room: str, seat: int) -> set[str]:
    state = app.state.hub.rooms[room].table.state
    cards = {c for s, hand in enumerate(state.hands) if s != seat for c in hand}
    cards |= {c for deal in state.deals[state.deal_index:] for part in (*deal.hands, deal.floor, *deal.won) for c in part}
    return {card_name(c) for c in cards}


def test_four_people_join_in_order_chat_and_play_a_hand_seeing_only_their_own_cards(app):
    with TestClient(app) as client:
        room = make_room(client)
        players = [Player(client, room) for _ in range(4)]
        for index, (player, name) in enumerate(zip(players, ["Amr", "Basma", "Camal", "Dina"])):
            player.join(name)
            everyone_receives([p for p in players if p is not player])  # all see the seat taken
        assert [p.seat for p in players] == [0, 2, 1, 3]  # partners opposite, as the Morabaa account seats them
        assert players[0].view["sides"] == [[0, 2], [1, 3]]

        players[1].send(type="chat", text="<b>hello</b> partner")
        everyone_receives([p for p in players if p is not players[1]])
        assert all(p.view["chat"][-1] == {"seat": 2, "name": "Basma", "text": "<b>hello</b> partner"} for p in players)

        assert players[1].send(type="start")["message"] == "only the host may start the game"
        players[0].send(type="start")
        everyone_receives(players[1:])
        leaks = []
        while players[0].view["status"] == "playing":
            turn = players[0].view["game"]["turn"]
            mover = next(p for p in players if p.seat == turn)
            card = mover.view["game"]["hand"][0]
            mover.send(type="play", card=card, move=0)
            everyone_receives([p for p in players if p is not mover])
            for player in players:
                hidden = hidden_from(app, room, player.seat)
                text = json.dumps(player.view)
                leaks += [(player.seat, c) for c in hidden if f'"{c}"' in text]
                assert player.view["game"]["hand"] == sorted(player.view["game"]["hand"], key=_order)
        assert leaks == []
        assert players[0].view["status"] == "hand_over" and players[0].view["game"]["result"]
        # every message ever received, searched for the fields that would hold others' cards
        for player in players:
            for message in player.received:
                assert not {"hands", "deals", "stock_order"} & set(message.get("game", {}))
        for player in players:
            player.close()


def _order(name: str) -> tuple[int, int]:
    from basra_dsl.cards import parse_card
    card = parse_card(name)
    return card >> 2, card & 3


def test_bad_input_is_refused_to_its_sender_alone(strict_app):
    app = strict_app
    with TestClient(app) as client:
        room, host, guest = host_and_guest(client, 2)
        mover, other = (host, guest) if host.view["game"]["turn"] == host.seat else (guest, host)
        other.socket.send_text("{not json")
        assert other.receive()["message"] == "the message is not JSON"
        other.socket.send_text(json.dumps({"type": "fly"}))
        assert other.receive()["message"].startswith("unknown message type \"fly\"")
        assert other.send(type="play", card=other.view["game"]["hand"][0], move=0)["message"] == "it is not your turn"
        assert mover.send(type="play", card=mover.view["game"]["hand"][0], move=50)["message"].endswith("moves shown")
        assert mover.send(type="play", card="AS" if "AS" not in mover.view["game"]["hand"] else "2S", move=0)[
            "message"].startswith("you hold no card")
        other.socket.send_text(json.dumps({"type": "chat", "text": "x" * MESSAGE_BYTES}))
        assert other.receive()["message"].startswith("the message is too long")
        for _ in range(MESSAGE_BURST + 5):  # a flood: the allowance runs out
            other.socket.send_text(json.dumps({"type": "next"}))
        answers = [other.receive()["message"] for _ in range(MESSAGE_BURST + 5)]
        assert "too many messages: slow down" in answers
        # the other player heard none of it: their next message is the view of a real move
        mover.send(type="play", card=mover.view["game"]["hand"][0], move=0)
        assert other.receive()["type"] == "view"
        host.close()
        guest.close()


def test_bots_fill_seats_and_play_their_turns(app):
    with TestClient(app) as client:
        room, host, guest = host_and_guest(client, 4, bots="greedy")
        assert [s["bot"] for s in host.view["seats"]] == [False, True, False, True]
        people = {host.seat: host, guest.seat: guest}
        while host.view["status"] == "playing":
            turn = host.view["game"]["turn"]
            if turn in people:
                mover = people[turn]
                mover.send(type="play", card=mover.view["game"]["hand"][0], move=0)
                (guest if mover is host else host).receive()
            else:  # a bot's move arrives by itself
                host.receive()
                guest.receive()
        assert host.view["status"] == "hand_over"
        assert {p["seat"] for p in host.view["game"]["plays"]} == {0, 1, 2, 3}  # the bots' seats played too
        host.close()
        guest.close()


def test_a_dropped_player_gets_their_seat_back_with_the_token(app):
    with TestClient(app) as client:
        room, host, guest = host_and_guest(client, 2)
        hand = guest.view["game"]["hand"]
        token, seat = guest.token, guest.seat
        guest.close()
        host.receive()
        assert host.view["seats"][seat]["connected"] is False
        back = Player(client, room)
        rejoined = back.send(type="rejoin", token=token)
        assert rejoined == {"type": "joined", "seat": seat, "token": token}
        back.receive()
        assert back.view["you"] == seat and back.view["game"]["hand"] == hand
        assert back.send(type="rejoin", token="forged")["message"] == "that seat is no longer yours: join again"
        host.close()
        back.close()


def test_where_the_room_allows_it_a_bot_stands_in_for_a_player_away_until_they_are_back(app):
    with TestClient(app) as client:
        assert client.post("/api/rooms", json={"variant": "egyptian", "players": 2, "stand_in": 601}).status_code == 400
        assert "seconds" in client.post("/api/rooms", json={"variant": "egyptian", "players": 2,
                                                              "stand_in": "soon"}).json()["error"]
        room = client.post("/api/rooms", json={"variant": "egyptian", "players": 2, "stand_in": 0.2}).json()["id"]
        host, guest = Player(client, room), Player(client, room)
        host.join("Host")
        guest.receive()
        guest.join("Guest")
        host.receive()
        host.send(type="start")
        guest.receive()
        assert host.send(type="takeover", seat=guest.seat)["message"].startswith("only the seat of a player who dropped")
        token, seat = guest.token, guest.seat
        guest.close()
        while not host.view["seats"][seat]["bot"]:  # away, then the room's timer hands the seat to a bot
            host.receive()
        assert host.view["stand_in"] == 0.2 and app.state.hub.rooms[room].table.bots.keys() == {seat}
        back = Player(client, room)
        assert back.send(type="rejoin", token=token)["type"] == "joined"
        while back.view.get("you") != seat or back.view["seats"][seat]["bot"]:
            back.receive()
        assert seat not in app.state.hub.rooms[room].table.bots  # the seat is theirs to play again
        host.close()
        back.close()


def test_a_finished_game_downloads_as_a_record_that_replays_exactly(app, tmp_path):
    with TestClient(app) as client:
        room = make_room(client, players=2)
        person = Player(client, room)
        person.join("Solo")
        person.send(type="bots", bot="random")
        person.send(type="start")
        assert client.get(f"/room/{room}/record/0").status_code == 404  # no game is finished yet
        while person.view["status"] != "game_over":
            status = person.view["status"]
            if status == "hand_over":
                person.send(type="next")
            elif person.view["game"]["turn"] == person.seat:
                person.send(type="play", card=person.view["game"]["hand"][0], move=0)
            else:
                person.receive()
        scores = person.view["game"]["scores"]
        person.send(type="next")  # the next game starts; the first is kept as a record
        download = client.get(f"/room/{room}/record/0")
        assert download.status_code == 200 and "attachment" in download.headers["content-disposition"]
        (tmp_path / "game.json").write_text(download.text, encoding="utf-8")
        replayed = CliRunner().invoke(main, ["replay", str(tmp_path / "game.json"), "--json"])
        assert replayed.exit_code == 0, replayed.output
        assert json.loads(replayed.output)["totals"] == scores
        person.close()


def test_the_pages_and_the_lobby(app):
    with TestClient(app) as client:
        assert "Make a room" in client.get("/").text
        offered = client.get("/api/variants").json()
        assert {"egyptian", "scopa", "casino"} <= {o["name"] for o in offered}
        refused = client.post("/api/rooms", json={"variant": "egyptian", "players": 3})
        assert refused.status_code == 400 and refused.json()["error"] == "Egyptian Basra is played by 2 or 4 players, not 3"
        json_type = {"Content-Type": "application/json"}
        assert client.post("/api/rooms", content=b"[1, 2]", headers=json_type).status_code == 400
        huge = client.post("/api/rooms", content=b" " * 5000 + b"{}", headers=json_type)
        assert huge.status_code == 400 and huge.json()["error"] == "the request is too long: at most 4096 bytes"
        room = make_room(client, "scopa", 2)
        page = client.get(f"/room/{room}").text
        assert "Scopa" in page and page.count("<symbol") == 40  # the Latin pack's faces
        assert json.loads(page.split('id="card-names" type="application/json">')[1].split("</script>")[0])["7D"] == \
            "seven of coins"
        assert [r["id"] for r in client.get("/api/rooms").json()] == [room]
        rules = client.get(f"/room/{room}/rules").json()
        assert rules["title"] == "Scopa" and any("capture" in line or "take" in line for line in rules["lines"])
        assert client.get("/room/nope").status_code == 404


def test_a_room_takes_a_bounded_number_of_connections(app):
    with TestClient(app) as client:
        room = make_room(client, players=2)
        visitors = [Player(client, room) for _ in range(MAX_CONNECTIONS)]
        with client.websocket_connect(f"/ws/{room}") as one_more:
            assert one_more.receive_json() == {"type": "error", "message": "this room has as many visitors as it can take"}
        for visitor in visitors:
            visitor.close()
