"""The room as plain data: seating by join order, the host's powers, play checked by the
engine, what each seat is sent, the chat's bounds."""

from __future__ import annotations

import json

import pytest

from basra_dsl.cards import card_name
from basra_dsl.room.catalog import Catalog
from basra_dsl.room.model import CHAT_BURST, CHAT_LETTERS, Room, RoomError
from basra_dsl.room.seating import join_order
from basra_dsl.room.views import view_for

CATALOG = Catalog()


def room(players: int = 4, variant: str = "egyptian", seed: int = 7) -> Room:
    rules = CATALOG.rules(variant, {}, players)
    return Room("r1", variant, CATALOG.offers[variant].title, rules, seed)


def test_partners_sit_opposite_in_join_order_as_the_morabaa_account_seats_them():
    played = room(4, "morabaa")
    assert played.rules.sides == ((0, 2), (1, 3))
    seats = [played.join(name)[0] for name in ("Amr", "Basma", "Camal", "Dina")]
    assert seats == [0, 2, 1, 3]  # creator, their partner opposite, the other team's first, its partner
    assert played.host == 0
    with pytest.raises(RoomError, match="full"):
        played.join("Emad")


def test_without_partners_seats_go_in_join_order():
    assert join_order(room(3, "scopa").rules) == [0, 1, 2]


def test_only_the_host_fills_seats_with_bots_and_starts():
    played = room(4)
    host, _ = played.join("Amr")
    guest, _ = played.join("Basma")
    with pytest.raises(RoomError, match="empty"):
        played.start(host)
    with pytest.raises(RoomError, match="only the host"):
        played.fill_with_bots(guest)
    with pytest.raises(RoomError, match="no bot"):
        played.fill_with_bots(host, "cheater")
    played.fill_with_bots(host, "random")
    with pytest.raises(RoomError, match="only the host"):
        played.start(guest)
    played.start(host)
    assert played.started and sorted(played.table.bots) == [1, 3]
    with pytest.raises(RoomError, match="started"):
        played.join("Late")


def started(players: int = 2, variant: str = "egyptian") -> tuple[Room, list[int]]:
    played = room(players, variant)
    seats = [played.join(f"P{i}")[0] for i in range(players)]
    played.start(seats[0])
    return played, seats


def test_moves_are_checked_and_a_refusal_says_why():
    played, _ = started()
    turn = played.table.to_move
    other = 1 - turn
    card = played.table.hand_of(turn)[0]
    with pytest.raises(RoomError, match="not your turn"):
        played.play(other, card_name(played.table.hand_of(other)[0]), 0)
    with pytest.raises(RoomError, match="you hold no card"):
        played.play(turn, "ZZ", 0)
    with pytest.raises(RoomError, match="moves shown"):
        played.play(turn, card_name(card), 99)
    before = played.version
    play = played.play(turn, card_name(card), 0)
    assert play.seat == turn and played.version > before


def secret_cards(played: Room, seat: int) -> set[str]:
    """The cards a seat may not see: the others' hands and the undealt pack."""
    state = played.table.state
    hidden = {c for s, hand in enumerate(state.hands) if s != seat for c in hand}
    hidden |= {c for deal in state.deals[state.deal_index:] for cards in (*deal.hands, deal.floor, *deal.won) for c in cards}
    return {card_name(c) for c in hidden}


def test_a_whole_game_never_shows_a_seat_another_seats_cards():
    played = room(4)
    for name in ("A", "B", "C", "D"):
        played.join(name)
    played.start(0)
    views = 0
    while not played.table.game_over:
        for seat in range(4):
            text = json.dumps(view_for(played, seat))
            assert not [c for c in secret_cards(played, seat) if f'"{c}"' in text], "a seat was shown hidden cards"
            views += 1
        if played.table.hand_over:
            played.next(0)
            continue
        turn = played.table.to_move
        card = played.table.hand_of(turn)[0]
        played.play(turn, card_name(card), 0)
    assert played.table.board.winner is not None and views > 100
    assert view_for(played, 0)["status"] == "game_over"
    played.next(2)  # the next game: the deal passes on
    assert view_for(played, 0)["game"]["games_finished"] == 1 and view_for(played, 0)["status"] == "playing"


def test_bots_play_their_turns_and_only_theirs():
    played = room(2)
    host, _ = played.join("A")
    played.fill_with_bots(host, "greedy")
    played.start(host)
    steps = 0
    while played.table.to_move == 1 and played.bot_step() is not None:
        steps += 1
    assert played.table.to_move in (0, -1) and played.bot_step() is None


def test_the_chat_is_for_seated_people_bounded_in_length_and_rate():
    played = room(2)
    seat, _ = played.join("A")
    line = played.say(seat, "  hello \x1b[31m <b>all</b>  " + "x" * 1000, now=0.0)
    assert line.text.startswith("hello [31m <b>all</b> x") and len(line.text) == CHAT_LETTERS
    for _ in range(CHAT_BURST - 1):
        played.say(seat, "again", now=0.0)
    with pytest.raises(RoomError, match="too fast"):
        played.say(seat, "spam", now=0.0)
    played.say(seat, "later", now=10.0)
    with pytest.raises(RoomError, match="empty"):
        played.say(seat, " \n\t", now=20.0)
    assert [c["text"] for c in view_for(played, seat)["chat"]][-1] == "later"
    assert view_for(played, None)["chat"] == []  # the lobby sees no chat
    played.fill_with_bots(seat)
    with pytest.raises(RoomError, match="seated player"):
        played.say(1, "I am a bot", now=30.0)


def test_a_person_who_leaves_frees_the_seat_before_the_game_and_a_bot_takes_it_during():
    played = room(2)
    host, _ = played.join("A")
    guest, token = played.join("B")
    assert played.seat_of(token) == guest
    played.leave(guest)
    assert played.seats[guest] is None and played.seat_of(token) is None
    guest, token = played.join("B again")
    played.start(host)
    played.connect(guest, False)
    with pytest.raises(RoomError, match="only the host"):
        played.take_over(guest, guest)
    played.take_over(host, guest)
    assert guest in played.table.bots
    played.leave(host)
    assert played.host == guest  # the room passes to the person left


def test_a_refused_choice_is_said_in_words():
    with pytest.raises(RoomError, match="Egyptian Basra is played by 2 or 4 players, not 7"):
        CATALOG.rules("egyptian", {}, 7)
    with pytest.raises(RoomError, match="no variant"):
        CATALOG.rules("nope", {}, 2)
    with pytest.raises(RoomError, match="no option"):
        CATALOG.rules("egyptian", {"tagret": 101}, 2)


def guest_away() -> tuple[Room, int, int]:
    """A two-player game under way, the guest's connection dropped."""
    played = room(2)
    host, _ = played.join("A")
    guest, _ = played.join("B")
    played.start(host)
    played.connect(guest, False)
    return played, host, guest


def test_a_person_back_takes_their_seat_from_the_bot_that_played_it():
    played, host, guest = guest_away()
    played.take_over(host, guest, "random")
    assert guest in played.table.bots
    played.apply({"do": "back", "seat": guest})
    assert guest not in played.table.bots and played.seats[guest].bot is None
    with pytest.raises(RoomError, match="no bot plays that seat"):
        played.apply({"do": "back", "seat": guest})


def test_the_same_actions_on_a_new_room_of_the_same_seed_give_the_same_room():
    """What lets servers share rooms: a room is its seed and its actions, whoever applies them."""
    played, actions = room(4), []

    def act(action: dict) -> None:
        played.apply(action)
        actions.append(action)

    act({"do": "join", "name": "A", "token": "t-a"})
    act({"do": "join", "name": "B", "token": "t-b"})
    act({"do": "bots", "seat": 0, "bot": "greedy"})
    act({"do": "start", "seat": 0})
    while len(played.table.results) < 2:
        if played.table.hand_over:
            act({"do": "next", "seat": 0})
        elif played.table.bots_turn:
            act(played.bot_action())
        else:
            turn = played.table.to_move
            act({"do": "play", "seat": turn, "card": card_name(played.table.hand_of(turn)[-1]), "choice": 0})
    again = Room(played.id, played.variant, played.title, played.rules, played.seed)
    for action in json.loads(json.dumps(actions)):  # as Redis keeps them: JSON
        again.apply(action)
    assert again.table.state.to_json() == played.table.state.to_json()
    assert again.table.records == played.table.records and again.actions == len(actions) > 100
    assert [held.name for held in again.seats] == [held.name for held in played.seats]
    with pytest.raises(RoomError, match="a room does no 'fly'"):
        again.apply({"do": "fly"})


def test_bots_stand_in_unasked_only_where_the_room_allows_it():
    played, host, guest = guest_away()
    assert played.dropped() == [guest]
    with pytest.raises(RoomError, match="do not stand in"):
        played.apply({"do": "standin", "whose": guest})
    played.stand_in = 60
    played.apply({"do": "standin", "whose": guest})
    assert played.seats[guest].bot == "greedy" and played.dropped() == []
    with pytest.raises(RoomError, match="only the seat of a player who dropped"):
        played.apply({"do": "standin", "whose": guest})


def test_where_cards_take_piles_every_piles_top_shows_and_a_pile_is_taken_by_its_label():
    """Stealing Bundles in the room: the view gives each pile's top card, the seat to move is
    offered the piles it may take, labelled in words, and playing one by its place takes it."""
    played, seats = started(2, "stealing-bundles")
    table = played.table
    for _ in range(200):  # play on, always taking a pile when one is offered
        if table.hand_over:
            break
        turn = table.to_move
        view = view_for(played, turn)["game"]
        assert view["pile_tops"] == [card_name(p[-1]) if p else None for p in table.state.piles]
        offered = [(card, index, move) for card, moves in view["moves"].items()
                   for index, move in enumerate(moves) if "steal" in move]
        if offered:
            card, index, move = offered[0]
            victim = move["steal"]
            assert move["label"] == f"take seat {victim + 1}'s pile" and move["capture"] == []
            size = len(table.state.piles[victim])
            play = played.play(turn, card, index)
            assert play.steal == victim and len(play.captured) == size and not table.state.piles[victim]
            return
        card, moves = next(iter(view["moves"].items()))
        played.play(turn, card, 0)
    raise AssertionError("no pile was ever offered")
