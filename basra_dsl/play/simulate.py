"""Plays seeded random hands and games, for figures and for checking invariants.

The random bot plays a uniformly random card from its hand; its capture is chosen by the
rules, and uniformly among the equally allowed sets when the rules leave a choice.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Callable

from ..cards import card_name
from ..engine import Game, MatchScore, Scoreboard, State
from ..engine.random_play import random_move
from ..engine.rules import Rules
from ..engine.scoring import HandResult

Bot = Callable[[State, random.Random], tuple[int, tuple[int, ...]]]


BOTS: dict[str, Bot] = {"random": random_move}


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
              keep_record: bool = False) -> tuple[HandResult, dict | None]:
    """Returns the result of one random hand (and its record when asked)."""
    state = game.new_hand(rng, first, carry)
    deals = list(state.deals)
    while state.turn >= 0:
        card, capture = bot(state, rng)
        state.play(card, capture)
    record = None
    if keep_record:
        record = {"first": first,
                  "deals": [{"floor": [card_name(c) for c in d.floor],
                             "hands": [[card_name(c) for c in h] for h in d.hands]}
                            | ({"won": [[card_name(c) for c in w] for w in d.won]} if d.won else {})
                            for d in deals],
                  "plays": [{"card": card_name(p.card), "capture": [card_name(c) for c in p.captured]}
                            for p in state.plays]}
    return state.result(), record


def simulate_hands(rules: Rules, hands: int, seed: int, bot: Bot = random_move,
                   keep_records: bool = False) -> Summary:
    """Returns figures over consecutive random hands (the deal and any carry pass on as the
    rules say; the first hand is dealt by the seat before seat 0, so seat 0 leads it)."""
    game, rng = Game(rules), random.Random(seed)
    summary = Summary(rules, points=[0.0] * len(rules.sides))
    carry: tuple = ()
    dealer = first_dealer(rules)
    for _ in range(hands):
        first = rules.leader(dealer)
        dealer = rules.next_dealer(dealer)
        result, record = play_hand(game, rng, first, carry, bot, keep_records)
        carry = result.carry_out
        _count(summary, rules, result, first)
        if record:
            summary.records.append(record)
    return summary


def _count(summary: Summary, rules: Rules, result: HandResult, first: int, hand_wins: bool = True) -> None:
    summary.hands += 1
    for side, points in enumerate(result.points):
        summary.points[side] += points
    summary.basras += sum(s.basras for s in result.sides)
    lead = rules.side_of(first)
    if hand_wins and all(result.points[lead] > p for i, p in enumerate(result.points) if i != lead):
        summary.first_wins += 1


def play_game(game: Game, rng: random.Random, first: int, bot: Bot, target: float | None = None,
              summary: Summary | None = None, max_hands: int = 1000) -> Scoreboard:
    """Returns the scoreboard of one random game played to its target."""
    rules = game.rules
    board = Scoreboard(rules, target)
    seat = first
    dealer = dealer_before(rules, first)
    while not board.over and board.hands < max_hands:
        result, _ = play_hand(game, rng, seat, board.carry, bot)
        board.add(result)
        if summary is not None:
            _count(summary, rules, result, seat, hand_wins=False)
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
    game, rng = Game(rules), random.Random(seed)
    summary = Summary(rules, points=[0.0] * len(rules.sides))
    wins = 0
    dealer = first_dealer(rules)
    for _ in range(games):
        first = rules.leader(dealer)
        dealer = rules.next_dealer(dealer)  # after each game, as after each hand
        board = play_game(game, rng, first, bot, summary=summary)
        if board.winner == rules.side_of(first):
            wins += 1
    summary.games = games
    summary.first_wins = wins
    return summary


def simulate_match(rules: Rules, seed: int, bot: Bot = random_move) -> MatchScore:
    """Returns the result of one random match (best of N with its decider)."""
    game, rng = Game(rules), random.Random(seed)
    match = MatchScore(rules)
    while not match.over:
        board = play_game(game, rng, match.games % rules.players, bot, target=match.next_target())
        match.add(board)
    return match
