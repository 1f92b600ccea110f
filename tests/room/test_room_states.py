"""A stateful property test of the room (hypothesis): random people open tabs on one server or
on two processes sharing a real redis-server, join, leave, take their seat back from other
tabs, hand seats to bots, are stood in for, play, chat and deal on, while processes die and
come back. After every step, once the servers have settled:

- a tab only ever sees, and only ever acts for, the seat its token holds now;
- no view shows a card of another seat's hand;
- no game stalls: the seat to move is shown its turn on every tab that holds it, and a
  bot's turn is played;
- every copy of the room, and a room built afresh from the actions (Redis's log), are the
  same room.
"""

from __future__ import annotations

import asyncio
import json
import shutil
import subprocess
from typing import Any

import pytest
from hypothesis import HealthCheck, event, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, precondition, rule

from basra_dsl.cards import card_name
from basra_dsl.room.catalog import Catalog
from basra_dsl.room.hub import Hub
from basra_dsl.room.model import Room
from basra_dsl.room.redis_hub import RedisHub, key

from room_fakes import Tab
from servers import free_port, wait_for_port

REDIS = shutil.which("redis-server")
CATALOG = Catalog()
HEARTBEAT = 0.1  # the Redis hubs' clock, run fast: a process gone quiet is gone in 0.3 s
STAND_IN = 0.15  # seconds before a bot plays for someone away


def snapshot(room: Room) -> Any:
    """What two copies of one room must agree on: seats, host, and the game to the card."""
    seats = [None if held is None else (held.name, held.token, held.bot) for held in room.seats]
    table = room.table
    game = None if table is None else (json.dumps(table.state.to_json(), sort_keys=True), table.hand_number,
                                       len(table.game_records), sorted(table.bots))
    return seats, room.host, game


class RoomStates(RuleBasedStateMachine):
    """The machine; ``redis_url`` set on a subclass runs it on two processes sharing Redis."""

    redis_url: str | None = None

    def __init__(self):
        super().__init__()
        self.loop = asyncio.new_event_loop()
        self.hubs: list[Hub] = []
        self.tabs: list[Tab] = []
        self.tokens: list[str] = []  # every token ever given, for tabs that try old ones
        self.kept: list[dict] = []  # the memory hub's actions, in order (Redis keeps its own log)
        self.room_id = ""
        self.seen: dict[int, int] = {}  # by tab: how many messages were checked already

    # ------------------------------------------------------------ running the servers
    def run(self, work):
        return self.loop.run_until_complete(work)

    def new_hub(self) -> Hub:
        if self.redis_url is None:
            hub = Hub(CATALOG, bot_delay=0)
            original = hub.commit

            async def kept(room, action, retry=True):
                told = await original(room, action, retry)
                self.kept.append(action)
                return told
            hub.commit = kept
        else:
            hub = RedisHub(CATALOG, bot_delay=0, url=self.redis_url, heartbeat=HEARTBEAT)
            self.run(hub.start())
        return hub

    @initialize(players=st.sampled_from([2, 4]))
    def make_room(self, players):
        self.hubs = [self.new_hub() for _ in range(1 if self.redis_url is None else 2)]
        room = self.run(self.hubs[0].create("egyptian", {}, players, STAND_IN))
        self.room_id = room.id
        self.players = players

    def room(self, hub: Hub) -> Room:
        return self.run(hub.find(self.room_id))

    def teardown(self):
        for hub in self.hubs:
            self.run(hub.stop())
        self.run(self.drain())
        self.loop.close()
        if self.redis_url is not None:
            import redis
            redis.Redis.from_url(self.redis_url).flushall()

    # ------------------------------------------------------------ what people do
    @rule(where=st.integers(0, 1))
    def open_tab(self, where):
        if len(self.tabs) < 8:
            hub = self.hubs[where % len(self.hubs)]
            self.tabs.append(self.run(Tab(hub, self.room(hub)).open()))

    @rule(where=st.integers(0, 1), name=st.sampled_from(["Amr", "Basma", "<b>Camal</b>", "Dina"]))
    def arrive(self, where, name):
        """Someone opens the room's page on one of the processes and takes a seat."""
        self.open_tab(where)
        if self.tabs:
            self.join(len(self.tabs) - 1, name)

    @precondition(lambda self: self.tabs)
    @rule(bot=st.sampled_from(["random", "greedy"]))
    def host_starts(self, bot):
        """Whoever holds the host's seat fills the empty seats with bots and starts."""
        for tab in self.tabs:
            if tab.room.holder(tab.token) == tab.room.host and not tab.room.started:
                self.send(tab, type="bots", bot=bot)
                if self.send(tab, type="start") is None:
                    event("a game started")
                return

    @precondition(lambda self: self.tabs)
    @rule(which=st.integers(0, 7), name=st.sampled_from(["Amr", "Basma", "<b>Camal</b>", "Dina"]))
    def join(self, which, name):
        tab = self.tab(which)
        self.send(tab, type="join", name=name)
        if tab.token and tab.token not in self.tokens:
            self.tokens.append(tab.token)

    @precondition(lambda self: self.tabs and self.tokens)
    @rule(which=st.integers(0, 7), whose=st.integers(0, 20))
    def rejoin(self, which, whose):
        self.send(self.tab(which), type="rejoin", token=self.tokens[whose % len(self.tokens)])

    @precondition(lambda self: self.tabs)
    @rule(which=st.integers(0, 7), kind=st.sampled_from(["leave", "start", "next", "bots"]))
    def simple(self, which, kind):
        self.send(self.tab(which), type=kind)

    @precondition(lambda self: self.tabs)
    @rule(which=st.integers(0, 7), seat=st.integers(0, 3))
    def takeover(self, which, seat):
        self.send(self.tab(which), type="takeover", seat=seat % self.players)

    @precondition(lambda self: self.tabs)
    @rule(which=st.integers(0, 7), text=st.text(max_size=30))
    def chat(self, which, text):
        self.send(self.tab(which), type="chat", text=text)

    @precondition(lambda self: self.tabs)
    @rule(which=st.integers(0, 7), card=st.integers(0, 12), move=st.integers(0, 3), times=st.integers(1, 12))
    def play(self, which, card, move, times):
        """The tab plays up to ``times`` cards of its hand in a row, whenever it is its turn."""
        tab = self.tab(which)
        for _ in range(times):
            self.settle()
            game, seat = tab.view.get("game") or {}, tab.room.holder(tab.token)
            if not game.get("hand") or game.get("turn") != tab.view.get("you"):
                self.send(tab, type="play", card="AS", move=0)  # out of turn, or seatless: refused
                return
            hand = game["hand"]
            chosen = hand[card % len(hand)]
            moves = game["moves"].get(chosen, [])
            plays = len(tab.room.table.state.plays)
            answer = self.send(tab, type="play", card=chosen, move=move % max(1, len(moves)))
            if answer is None:  # accepted: made for the seat the token held, and for no other
                assert seat == game["turn"] and tab.room.table.state.plays[plays].seat == seat
                event(f"played with {len({id(t.hub) for t in self.tabs if t.room.holder(t.token) is not None})} "
                      f"process(es) holding people")

    @precondition(lambda self: self.tabs)
    @rule(which=st.integers(0, 7))
    def close_tab(self, which):
        tab = self.tab(which)
        self.run(tab.close())
        self.tabs.remove(tab)

    @staticmethod
    async def drain() -> None:
        """Ends the timers still waiting (rooms' idle clocks), so the loop closes clean."""
        waiting = [task for task in asyncio.all_tasks() if task is not asyncio.current_task()]
        for task in waiting:
            task.cancel()
        await asyncio.gather(*waiting, return_exceptions=True)

    # ------------------------------------------------------------ helpers
    def tab(self, which: int) -> Tab:
        return self.tabs[which % len(self.tabs)]

    def send(self, tab: Tab, **message) -> str | None:
        holder = tab.room.holder(tab.token)
        answer = self.run(tab.send(**message))
        if holder is None and message["type"] not in ("join", "rejoin"):
            assert answer is not None, f"a tab holding no seat was let {message['type']}"
        return answer

    def copies(self) -> list[Room]:
        return [hub.rooms[self.room_id] for hub in self.hubs if self.room_id in hub.rooms]

    async def log(self) -> list[dict]:
        if self.redis_url is None:
            return self.kept
        entries = await self.hubs[0].client.lrange(key(self.room_id, "log"), 0, -1)
        return [json.loads(entry) for entry in entries]

    async def settled(self) -> bool:
        rooms = self.copies()
        if not rooms:
            return True
        length = len(await self.log())
        if any(room.actions != length for room in rooms) or len({repr(snapshot(r)) for r in rooms}) > 1:
            return False
        table = rooms[0].table
        if table is not None and table.bots_turn:
            return False  # a bot is to move: it must, soon
        return all(tab.views and tab.view["version"] == tab.room.version for tab in self.tabs)

    def settle(self, seconds: float = 10) -> None:
        async def settling():
            deadline = self.loop.time() + seconds
            while not await self.settled():
                assert self.loop.time() < deadline, f"the room did not settle in {seconds} s: a stall"
                await asyncio.sleep(0.01)
        self.run(settling())

    # ------------------------------------------------------------ what must hold
    @invariant()
    def every_tab_sees_and_acts_for_the_seat_its_token_holds(self):
        if not self.room_id:
            return
        self.settle()
        for tab in self.tabs:
            seat = tab.room.holder(tab.token)
            assert tab.view["you"] == seat
            assert bool(tab.view["chat"]) <= (seat is not None)  # chat for seated people only

    @invariant()
    def no_view_shows_another_seats_card(self):
        rooms = self.copies()
        if not rooms or rooms[0].table is None:
            return
        state = rooms[0].table.state
        for tab in self.tabs:
            for message in tab.socket.sent[self.seen.get(id(tab), 0):]:
                game = message.get("game") or {}
                assert not {"hands", "deals", "stock_order"} & set(game)
                shown, you = set(game.get("hand", [])), message.get("you")
                same_hand = (game.get("hand_number"), game.get("games_finished")) == \
                    (rooms[0].table.hand_number, len(rooms[0].table.games_played))
                if message.get("type") == "view" and same_hand:
                    others = {card_name(c) for s, hand in enumerate(state.hands) if s != you for c in hand}
                    assert not shown & others, (you, shown & others)
            self.seen[id(tab)] = len(tab.socket.sent)

    @invariant()
    def no_game_stalls(self):
        rooms = self.copies()
        if not rooms or rooms[0].table is None:
            return
        table = rooms[0].table
        if table.hand_over:
            return
        assert not table.bots_turn  # settled: the bot moved
        for tab in self.tabs:
            if tab.room.holder(tab.token) == table.to_move:
                assert tab.view["status"] == "playing" and tab.view["game"]["turn"] == table.to_move

    @invariant()
    def the_log_replays_to_the_same_room(self):
        if not self.copies():
            return
        for _ in range(20):
            # Reading the log runs the event loop, and a timer (a stand-in, a bot, a seat whose
            # process died) may commit meanwhile: a copy applies an action before the log holds
            # it. Only a log and copies of the same length are compared; they come together
            # once the servers settle again, and a real divergence keeps its length.
            self.settle()
            log = self.run(self.log())
            rooms = self.copies()
            if all(room.actions == len(log) for room in rooms):
                break
        else:
            raise AssertionError("the log and the room's copies never came to the same length")
        first = rooms[0]
        fresh = Room(first.id, first.variant, first.title, first.rules, first.seed, first.stand_in)
        for action in log:
            fresh.apply(action)
        for room in rooms:
            assert snapshot(room) == snapshot(fresh)


class TwoProcesses(RoomStates):
    """The same machine on two processes sharing a redis-server, which die and come back."""

    @rule(which=st.integers(0, 1), cleanly=st.booleans())
    def restart_process(self, which, cleanly):
        """A process stops (or dies: no goodbye to Redis) and a new one takes its place; its
        tabs are gone with it."""
        hub = self.hubs[which]
        self.run(hub.stop() if cleanly else self.kill(hub))
        event("a process " + ("stopped" if cleanly else "died"))
        self.tabs = [tab for tab in self.tabs if tab.hub is not hub]
        self.hubs[which] = self.new_hub()

    @staticmethod
    async def kill(hub: RedisHub) -> None:
        """As a process killed: its tasks end and it says nothing more to Redis (its vouches
        and its bots lease run out by themselves)."""
        hub.stopping = True
        for task in hub.tasks:
            task.cancel()
        for room_id in list(hub.rooms):
            Hub.forget(hub, room_id)
        await hub.client.aclose()
        await hub.listener.aclose()


RoomStates.TestCase.settings = settings(max_examples=25, stateful_step_count=30, deadline=None,
                                        suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])
TestRoomInOneProcess = RoomStates.TestCase


@pytest.fixture(scope="module")
def shared_redis(tmp_path_factory):
    if REDIS is None:
        pytest.skip("redis-server is not installed: scripts/test installs it with apt-get install -y "
                    "redis-server, which needs apt-get and root (or sudo) on this machine")
    port = free_port()
    server = subprocess.Popen([REDIS, "--port", str(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no",
                               "--dir", str(tmp_path_factory.mktemp("redis"))],
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    wait_for_port(port, server)
    yield f"redis://127.0.0.1:{port}/0"
    server.kill()
    server.wait()


def test_the_room_across_two_processes_sharing_redis(shared_redis, monkeypatch):
    monkeypatch.setattr(TwoProcesses, "redis_url", shared_redis)
    TwoProcesses.TestCase.settings = settings(max_examples=15, stateful_step_count=25, deadline=None,
                                              suppress_health_check=[HealthCheck.too_slow,
                                                                     HealthCheck.filter_too_much])
    TwoProcesses.TestCase("runTest").runTest()
