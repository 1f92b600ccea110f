"""Plays seeded random hands and games, for figures and for checking invariants.

The random bot plays a uniformly random card from its hand; its capture is chosen by the
rules, and uniformly among the equally allowed sets when the rules leave a choice.

Runs with the random bot play on the engine's fast tier (``engine.fast``) when it supports
the rules, since its results are identical, hand by hand, to the checked ``State`` tier's;
other bots, kept records (``keep_records``) and rules the fast tier does not model play on
``State``. A rule failing during a fast run makes the whole run start again on ``State``,
so the error is the located one ``State`` raises.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Callable

from ..cards import card_name
from ..engine import Deal, Game, MatchScore, Move, Play, Scoreboard, State
from ..engine.errors import RULE_FAILURES
from ..engine.fast import FastHands, compile_hands, supports
from ..engine.random_play import random_move
from ..engine.rules import Rules
from ..engine.scoring import HandResult
from .kept_tables import kept_tables

Bot = Callable[[State, random.Random], Move]


BOTS: dict[str, Bot] = {"random": random_move}


def bot_player(name: str, samples: int | None = None) -> Bot:
    """Returns a bot (``bots.make_bot``) as the player every seat of a simulation uses:
    ``random`` is the engine's reference player itself, so the fast tier can play it."""
    if name == "random":
        return random_move
    from ..bots import make_bot, move_of  # here: the reference player, which most runs use, needs no bot

    bot = make_bot(name, samples)

    def player(state: State, rng: random.Random) -> Move:
        return move_of(bot, state, rng)

    return player


@dataclass
class Summary:
    """Figures over simulated hands or games."""

    rules: Rules
    hands: int = 0
    games: int = 0
    points: list[float] = field(default_factory=list)
    basras: int = 0
    first_wins: int = 0  # hands (or games) won by the side that led
    records: list[dict] = field(default_factory=list)

    def to_json(self) -> dict:
        """Returns the figures as JSON data."""
        per = self.games or self.hands or 1
        return {"variant": self.rules.variant, "players": self.rules.players, "hands": self.hands,
                "games": self.games,
                "average_points": [round(p / max(self.hands, 1), 3) for p in self.points],
                "basras_per_hand": round(self.basras / max(self.hands, 1), 4),
                "first_player_win_rate": round(self.first_wins / per, 4)}


def play_hand(game: Game, rng: random.Random, first: int, carry: tuple, bot: Bot,
              keep_record: bool = False, standing=None) -> tuple[HandResult, dict | None]:
    """Returns the result of one random hand (and its record when asked); ``standing``
    (``Scoreboard.standing``) stops it where a game is won during play."""
    state = game.new_hand(rng, first, carry, standing)
    deals = list(state.deals)
    while state.turn >= 0:
        state.play_move(bot(state, rng))
    record = hand_record(first, deals, state.plays) if keep_record else None
    return state.result(), record


def hand_record(first: int, deals: list[Deal], plays: list[Play]) -> dict:
    """Returns one hand of a record (the public format ``basra replay`` reads): who led,
    the deals as dealt, and each play's card and capture."""
    return {"first": first,
            "deals": [d.to_json() for d in deals],
            "plays": [play_record(p) for p in plays]}


def play_record(play: Play) -> dict:
    """Returns one play of a record: its card and capture (and the value it was played as,
    where the move had to name it), the cards it built onto and the value announced, or the
    seat whose pile it took; a declaration names the rule declared."""
    if play.declared is not None:
        return {"declare": play.declared}
    if play.build:
        return {"card": card_name(play.card), "capture": [], "build": [card_name(c) for c in play.build],
                "value": play.value}
    if play.steal is not None:  # the pile it took is named by its seat; the floor gives nothing
        return {"card": card_name(play.card), "capture": [], "steal": play.steal}
    named = {"value": play.value} if play.value else {}
    return {"card": card_name(play.card), "capture": [card_name(c) for c in play.captured]} | named


HandPlayer = Callable[..., HandResult]  # (rng, first, carry, standing=None)


def _hand_player(game: Game, bot: Bot, fast: FastHands | None) -> HandPlayer:
    """Returns a function playing one hand: the fast tier's routine when given, else
    ``play_hand`` on ``State``. The fast tier plays a hand whole: where a game may be won
    during a hand (``win at once``), the hands of a game, dealt against its standing, go to
    ``State``, and hands played on their own stay on the fast tier."""
    def on_state(rng, first, carry, standing=None):
        return play_hand(game, rng, first, carry, bot, standing=standing)[0]

    if fast is None:
        return on_state
    if game.rules.win_at_once:  # a hand of a game may stop when it is won: State plays those
        return lambda rng, first, carry, standing=None: (fast.play(rng, first, carry) if standing is None
                                                        else on_state(rng, first, carry, standing))
    return lambda rng, first, carry, standing=None: fast.play(rng, first, carry)


def _basras(result) -> int:
    """Returns the bonuses scored in a hand (``HandResult`` or the fast tier's figures)."""
    found = getattr(result, "basras", None)
    return sum(found) if found is not None else sum(s.basras for s in result.sides)


def _on_either_tier(rules: Rules, bot: Bot, run: Callable[[FastHands | None], object]):
    """Runs on the fast tier where it applies (with the sums tables earlier runs kept).
    When a rule fails on it, runs again from the start on ``State``, which reports the
    rule; if ``State`` plays on, the fast tier is wrong, and that is an internal error,
    never a quiet retry."""
    if bot is not random_move or not supports(rules):
        return run(None)
    try:
        with kept_tables(compile_hands(rules)) as hands:
            return run(hands)
    except RULE_FAILURES as exc:
        run(None)  # the State tier names the failing rule where the variant states it (RuleError)
        raise AssertionError(f"the fast tier failed where the State tier did not: {exc!r}") from exc


def simulate_hands(rules: Rules, hands: int, seed: int, bot: Bot = random_move,
                   keep_records: bool = False) -> Summary:
    """Returns figures over consecutive random hands (the deal and any carry pass on as the
    rules say; the first hand is dealt by the seat before seat 0, so seat 0 leads it)."""
    if keep_records:
        return _simulate_hands(rules, hands, seed, bot, True, None)
    return _on_either_tier(rules, bot, lambda fast: _simulate_hands(rules, hands, seed, bot, False, fast))


def _simulate_hands(rules: Rules, hands: int, seed: int, bot: Bot, keep_records: bool,
                    fast: FastHands | None) -> Summary:
    game, rng = Game(rules), random.Random(seed)
    player = _hand_player(game, bot, fast)
    summary = Summary(rules, points=[0.0] * len(rules.sides))
    carry: tuple = ()
    dealer = first_dealer(rules)
    seats = range(rules.players)  # each dealer's leader, the next dealer, each seat's side: looked up once
    leader, next_dealer = [rules.leader(s) for s in seats], [rules.next_dealer(s) for s in seats]
    side = [rules.side_of(s) for s in seats]
    for _ in range(hands):
        first = leader[dealer]
        dealer = next_dealer[dealer]
        if keep_records:
            result, record = play_hand(game, rng, first, carry, bot, keep_records)
        else:
            result, record = player(rng, first, carry), None
        carry = result.carry_out
        _count(summary, result, side[first])
        if record:
            summary.records.append(record)
    return summary


def _count(summary: Summary, result: HandResult, lead: int, hand_wins: bool = True) -> None:
    """Adds a hand to the figures; ``lead`` is the side of the hand's first player."""
    summary.hands += 1
    points = result.points
    for index, side_points in enumerate(points):
        summary.points[index] += side_points
    summary.basras += _basras(result)
    if hand_wins and all(points[lead] > p for i, p in enumerate(points) if i != lead):
        summary.first_wins += 1


def play_game(game: Game, rng: random.Random, first: int, bot: Bot, target: float | None = None,
              summary: Summary | None = None, max_hands: int = 1000,
              player: HandPlayer | None = None) -> Scoreboard:
    """Returns the scoreboard of one random game played to its target (on ``State``
    unless a hand ``player`` is given)."""
    rules = game.rules
    player = player or _hand_player(game, bot, None)
    board = Scoreboard(rules, target)
    seat = first
    dealer = dealer_before(rules, first)
    while not board.over and board.hands < max_hands:
        result = player(rng, seat, board.carry, board.standing)
        board.add(result)
        if summary is not None:
            _count(summary, result, rules.side_of(seat), hand_wins=False)
        dealer = rules.next_dealer(dealer)
        seat = rules.leader(dealer)
    return board


def first_dealer(rules: Rules) -> int:
    """Returns the dealer of the first hand of a run: the seat whose lead is seat 0."""
    return dealer_before(rules, 0)


def dealer_before(rules: Rules, first: int) -> int:
    """Returns the seat that deals when ``first`` is to lead."""
    return first if rules.lead == "dealer" else (first - 1) % rules.players


def simulate_games(rules: Rules, games: int, seed: int, bot: Bot = random_move) -> Summary:
    """Returns figures over random games, each played to its target."""
    return _on_either_tier(rules, bot, lambda fast: _simulate_games(rules, games, seed, bot, fast))


def _simulate_games(rules: Rules, games: int, seed: int, bot: Bot, fast: FastHands | None) -> Summary:
    game, rng = Game(rules), random.Random(seed)
    player = _hand_player(game, bot, fast)
    summary = Summary(rules, points=[0.0] * len(rules.sides))
    wins = 0
    dealer = first_dealer(rules)
    for _ in range(games):
        first = rules.leader(dealer)
        dealer = rules.next_dealer(dealer)  # after each game, as after each hand
        board = play_game(game, rng, first, bot, summary=summary, player=player)
        if board.winner == rules.side_of(first):
            wins += 1
    summary.games = games
    summary.first_wins = wins
    return summary


def simulate_match(rules: Rules, seed: int, bot: Bot = random_move) -> MatchScore:
    """Returns the result of one random match (best of N with its decider)."""
    return _on_either_tier(rules, bot, lambda fast: _simulate_match(rules, seed, bot, fast))


def _simulate_match(rules: Rules, seed: int, bot: Bot, fast: FastHands | None) -> MatchScore:
    game, rng = Game(rules), random.Random(seed)
    player = _hand_player(game, bot, fast)
    match = MatchScore(rules)
    while not match.over:
        board = play_game(game, rng, match.games % rules.players, bot, target=match.next_target(),
                          player=player)
        match.add(board)
    return match
