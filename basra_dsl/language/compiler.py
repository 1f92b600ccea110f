"""Compiles a merged variant, with option values chosen, into ``Rules`` for the engine.

Option values are checked against their declared choices; clause guards are decided;
setup, score and game expressions are evaluated; play conditions become functions.
"""

from __future__ import annotations

import math
from pathlib import Path
from typing import Any

from .. import cards as C
from ..diagnostics import DiagnosticError, Span, did_you_mean, error
from ..engine.rules import BasraRule, BuildRules, CaptureRule, FloorBonus, Majority, Redeal, Restriction, Rules
from . import evaluation as E
from . import expressions as X
from . import nodes as n
from .loader import load
from .merge import Merged, option_value
from .unparse import expr_text, value_text

_NUMERAL_VALUES = {rank: rank + 1 for rank in range(10)}  # A = 1 .. 10 = 10


def load_variant(name_or_path: str | Path, **options: Any) -> Rules:
    """Returns the compiled rules of a bundled variant (by name) or a variant file.

    Keyword arguments choose option values; ``players`` chooses the player count.
    """
    return compile_rules(load(name_or_path).merged, options)


def bind_options(merged: Merged, chosen: dict[str, Any], spans: dict[str, Span] | None = None) -> dict[str, Any]:
    """Returns every option's value (defaults filled in) plus ``players``, or raises.

    A refused value is reported at ``spans[name]`` when given (a record's line), else at
    the option's declaration in the variant file.
    """
    spans = spans or {}
    values = merged.option_defaults()
    problems = []
    for name, value in chosen.items():
        if name == "players":
            continue
        option = merged.options.get(name)
        if option is None:
            problems.append(error("B301", f"'{merged.name}' has no option '{name}'",
                                  spans.get(name, merged.variant.name.span),
                                  did_you_mean(name, merged.options) or
                                  f"its options: {', '.join(merged.options) or 'none'}"))
            continue
        allowed = [option_value(c) for c in option.choices]
        value = _coerce(value, allowed)
        if value not in allowed:
            problems.append(error("B302", f"option '{name}' cannot be {value_text(value)}",
                                  spans.get(name, option.span),
                                  "choose one of: " + " | ".join(map(value_text, allowed))))
        values[name] = value
    counts = merged.player_counts()
    players = _coerce(chosen.get("players", counts[0]), list(counts))
    if players not in counts:
        clause = merged.first("setup.players")
        problems.append(error("B302", f"'{merged.name}' is not played by {players} players",
                              spans.get("players", clause.span if clause else merged.variant.name.span),
                              "it is played by " + " or ".join(map(str, counts))))
    if problems:
        raise DiagnosticError(problems)
    return values | {"players": players}


def _coerce(value: Any, allowed: list[Any]) -> Any:
    """Returns a command-line string as the kind of value the choices hold."""
    if not isinstance(value, str):
        return value
    for choice in allowed:
        if value_text(choice) == value or str(choice) == value:
            return choice
    return value


def compile_rules(merged: Merged, chosen: dict[str, Any] | None = None,
                  spans: dict[str, Span] | None = None) -> Rules:
    """Returns the rules for the chosen options (defaults for the rest)."""
    options = bind_options(merged, chosen or {}, spans)
    return _Compiler(merged, options).rules()


_COMPULSION = {"compulsory": "card", "optional": "optional", "compulsory hand": "hand"}  # clause -> engine


class _Compiler:
    def __init__(self, merged: Merged, options: dict[str, Any]):
        self.merged = merged
        self.options = options

    def pick(self, key: str) -> n.Clause | None:
        """Returns the first alternative of a clause whose guard holds, or None."""
        return self.merged.pick(key, self.options)

    def required(self, key: str, attribute: str) -> Any:
        """Returns a required clause's value, or raises when no alternative's guard holds."""
        if self.pick(key) is None:
            clauses = self.merged.clauses.get(key, ())
            shown = ", ".join(f"{k}={v}" for k, v in sorted(self.options.items()))
            raise DiagnosticError([error("B404", f"no '{key.split('.')[1]}' clause holds for {shown}",
                                         clauses[-1].span if clauses else self.merged.variant.name.span,
                                         "end the alternatives with one that has no 'when'")])
        return self.value(key, attribute, None)

    def value(self, key: str, attribute: str, default: Any) -> Any:
        clause = self.pick(key)
        if clause is None:
            return default
        found = getattr(clause, attribute)
        return E.evaluate_constant(found, self.options) if isinstance(found, n.Expr) else found

    def rules(self) -> Rules:
        deck = self.deck()
        deck_set = frozenset(deck)
        values = self.card_values(deck) | {None: None}
        ranks = {c: C.rank(c) for c in deck} | {None: None}
        players = self.options["players"]
        bar = self.pick("setup.start_floor")
        bar = bar.bar if isinstance(bar, n.StartFloor) else None
        return Rules(
            variant=self.merged.name,
            title=self.merged.variant.title or self.merged.name,
            options={k: v for k, v in self.options.items() if k != "players"},
            players=players,
            deck=deck,
            sides=self.sides(players),
            hand_size=int(self.required("setup.hand", "count")),
            floor_kind=self.value("setup.floor", "kind", "spread"),
            start_floor=int(self.value("setup.start_floor", "count", 0)),
            bar_cards=frozenset().union(*(X.pattern_set(p, deck_set) for p in bar.patterns)) if bar else frozenset(),
            bar_top_only=bool(bar and bar.top_only),
            bar_action=bar.action if bar else "bury",
            cut_cards=self.cut_cards(deck_set),
            cut_winner=self.value("setup.cut", "winner", "next"),
            redeal_floor=int(self.value("setup.redeal_floor", "count", 0)),
            draw=int(self.value("setup.draw", "count", 0)),
            flip=int(self.value("setup.flip", "count", 0)),
            lay_after_sweep=self.pick("capture.lay_after_sweep") is not None,
            deal_mode=self.value("setup.deal", "mode", "batches"),
            direction=self.value("setup.direction", "direction", "anticlockwise"),
            lead=self.value("setup.lead", "who", "next"),
            deal_passes=self.value("setup.deal_passes", "to", "next"),
            values=values,
            played_values=self.played_values(deck),
            floor_values=self.played_values(deck, "setup.floor_values"),
            capture_rules=self.capture_rules(deck_set, values, ranks),
            builds=self.build_rules(deck_set),
            choose=self.value("capture.choose", "policy", "largest"),
            pairs_first=self.pick("capture.pairs_first") is not None,
            floor_first=self.pick("capture.floor_first") is not None,
            run=self.run_order(),
            restrictions=self.restrictions(deck_set, values, ranks),
            redeal=self.redeal(values, ranks),
            floor_bonuses=self.floor_bonuses(values, ranks),
            hand_bonuses=self.floor_bonuses(values, ranks, holders="holder"),
            declarations=self.floor_bonuses(values, ranks, holders="declarer"),
            suits=self.value("setup.suits", "style", "french"),
            compulsion=_COMPULSION[self.value("capture.compulsion", "mode", "compulsory")],
            basra_rules=self.basra_rules(values, ranks),
            score_rules=self.basra_rules(values, ranks, n.ScoreRule, frozenset(X.TAKEN_NAMES)),
            bonus_name=self.value("basra.called", "title", "basra"),
            leftover=self.value("end.leftover", "mode", "last"),
            majorities=self.majorities(),
            card_points=self.card_points(deck_set),
            total_claim=self.value("score.total", "points", None),
            target=self.target(),
            hands_limit=self.hands_limit(),
            win_at_once=self.pick("game.win_at_once") is not None,
            countback=self.countback(),
            game_tie=self.value("game.tie", "policy", "replay"),
            tie_extension=self.value("game.tie", "amount", 0) or 0,
            best_of=int(self.value("match.best_of", "games", 1)),
            decider=self.value("match.decider", "points", None),
            lurch=self.lurch(),
        )

    def card_values(self, deck: tuple[int, ...]) -> dict[int, int | None]:
        """Returns what each card counts when adding up: numerals their pips, pictures
        nothing (None), unless a 'values' line says otherwise (a later entry wins; 0 says
        the card adds up to nothing, as a picture does)."""
        values = {c: _NUMERAL_VALUES.get(C.rank(c)) for c in deck}
        clause = self.pick("setup.values")
        for entry in clause.entries if clause is not None else ():
            value = int(E.evaluate_constant(entry.value, self.options))
            for card in X.pattern_set(entry.pattern, frozenset(deck)):
                values[card] = value or None
        return values

    def played_values(self, deck: tuple[int, ...], key: str = "setup.played_values") -> dict[int, tuple[int, ...]]:
        """Returns what cards count as the card played where a 'played values' line says it
        differs from their count on the floor (or, with the floor's key, what they count on
        the floor where a 'floor values' line says so); a card given in several entries may
        count any of them, as its player chooses."""
        found: dict[int, tuple[int, ...]] = {}
        clause = self.pick(key)
        for entry in clause.entries if clause is not None else ():
            value = int(E.evaluate_constant(entry.value, self.options))
            for card in X.pattern_set(entry.pattern, frozenset(deck)):
                found[card] = tuple(dict.fromkeys(found.get(card, ()) + (value,)))
        return found

    def cut_cards(self, deck_set: frozenset[int]) -> frozenset[int]:
        clause = self.pick("setup.cut")
        patterns = getattr(clause, "patterns", ())
        return frozenset().union(*(X.pattern_set(p, deck_set) for p in patterns))

    def deck(self) -> tuple[int, ...]:
        clause = self.pick("setup.deck")
        removed = frozenset().union(*(X.pattern_set(p) for p in clause.without)) if clause else frozenset()
        return tuple(c for c in C.PACK_SIZES[clause.size if clause else 52] if c not in removed)

    def sides(self, players: int) -> tuple[tuple[int, ...], ...]:
        if self.pick("setup.partners") is not None and players % 2 == 0:
            half = players // 2
            return tuple((seat, seat + half) for seat in range(half))
        return tuple((seat,) for seat in range(players))

    def capture_rules(self, deck, values, ranks) -> tuple[CaptureRule, ...]:
        found = []
        for clause in self._named(n.CaptureRule):
            condition = None
            if clause.guard is not None:
                condition = E.compile_function(clause.guard, self.options, values, ranks)
            total = None if clause.total is None else int(E.evaluate_constant(clause.total, self.options))
            spared = X.pattern_set(clause.spared, deck) if clause.spared is not None else frozenset()
            found.append(CaptureRule(clause.name.text, X.pattern_set(clause.pattern, deck), clause.takes,
                                     condition, clause.guard and expr_text(clause.guard), clause.span, total, spared))
        return tuple(found)

    def restrictions(self, deck, values, ranks) -> tuple[Restriction, ...]:
        """Returns the cards barred from play and the conditions that bar them."""
        return tuple(Restriction(c.name.text, X.pattern_set(c.pattern, deck),
                                 None if c.guard is None else E.compile_function(
                                     c.guard, self.options, values, ranks, frozenset(X.RESTRICTION_NAMES)),
                                 c.guard and expr_text(c.guard), c.span, c.title) for c in self._named(n.Restriction))

    def build_rules(self, deck) -> BuildRules | None:
        """Returns how the variant builds, from its build rule (one at most; its 'when'
        reads options only) and the lines that qualify it; None without one."""
        rule = next((self.pick(c.key) for c in self._named(n.BuildRule)), None)
        if rule is None:
            return None
        stacks = int(self.value("capture.stacks", "limit", 0))  # a stack is held by nobody: no duties
        return BuildRules(X.pattern_set(rule.pattern, deck),
                          multiple=self.value("capture.builds", "kind", "multiple") == "multiple" and not stacks,
                          raising=self.value("capture.raise", "who", "any"),
                          owner_trails=self.pick("capture.owner_trails") is not None or bool(stacks),
                          stack_limit=stacks)

    def basra_rules(self, values, ranks, kind=n.BasraRule,
                    extra: frozenset[str] = frozenset()) -> tuple[BasraRule, ...]:
        """Returns the bonus rules of plays (or, with ``kind`` ScoreRule, the score rules that
        read the cards a side took: both are points under a condition)."""
        found = []
        for clause in self._named(kind):
            points = E.compile_function(clause.points, self.options, values, ranks, extra)
            condition = None
            if clause.guard is not None:
                condition = E.compile_function(clause.guard, self.options, values, ranks, extra)
            found.append(BasraRule(clause.name.text, points, condition, expr_text(clause.points),
                                   clause.guard and expr_text(clause.guard), clause.span))
        return tuple(found)

    def redeal(self, values, ranks) -> Redeal | None:
        """Returns the redeal rule: a deal is void when any of its 'redeal when' lines holds."""
        clauses = self.merged.clauses.get("dealing.redeal", ())
        if not clauses:
            return None
        return Redeal(tuple(E.compile_function(c.guard, self.options, values, ranks) for c in clauses),
                      tuple(expr_text(c.guard) for c in clauses), clauses[0].span)

    def floor_bonuses(self, values, ranks, holders: str = "") -> tuple[FloorBonus, ...]:
        """Returns the bonuses for a first floor won at the deal or, with ``holders`` (the
        taker "holder" or "declarer"), for the cards a player is dealt."""
        found = []
        for clause in self._named(n.FloorBonus):
            if (clause.taker if clause.of_hand else "") != holders:
                continue
            extra = frozenset(X.HOLDER_NAMES) if holders else frozenset()  # a holder's rule reads its hand
            points = E.compile_function(clause.points, self.options, values, ranks, extra)
            condition = None if clause.guard is None else E.compile_function(clause.guard, self.options, values,
                                                                              ranks, extra)
            taker = self.options.get(clause.taker, clause.taker)  # an option may choose dealer or next
            found.append(FloorBonus(clause.name.text, points, condition, taker, expr_text(clause.points),
                                    clause.guard and expr_text(clause.guard), clause.span, clause.title))
        return tuple(found)

    def _named(self, kind) -> list:
        return [alts[0] for alts in self.merged.clauses.values() if isinstance(alts[0], kind)]

    def majorities(self) -> tuple[Majority, ...]:
        found = []
        for key in self.merged.clauses:
            if key.startswith("score.most_"):
                clause = self.pick(key)
                if clause is not None:
                    what = clause.what.text
                    counted = C.MAJORITY_WORDS.get(what)
                    deck = frozenset(self.deck())
                    least = None if clause.least is None else E.evaluate_constant(clause.least, self.options)
                    found.append(Majority(what, None if counted is None else counted & deck,
                                          E.evaluate_constant(clause.points, self.options),
                                          clause.tie or "nobody", clause.void, self.prime(clause),
                                          tuple(C.MAJORITY_WORDS[w.text] & deck for w in clause.then), least,
                                          clause.held))
        return tuple(found)

    def target(self) -> float:
        """Returns the points that win; none (infinite) for a game of a set number of hands."""
        if self.pick("game.target") is None and self.pick("game.hands") is not None:
            return math.inf
        return self.required("game.target", "points")

    def lurch(self) -> tuple[int, float] | None:
        """Returns what a lurch counts (games, and the points the losers stay below), or None."""
        if self.pick("match.lurch") is None:
            return None
        return int(self.value("match.lurch", "games", 1)), float(self.value("match.lurch", "below", 0))

    def run_order(self) -> tuple[int, ...]:
        """Returns the ranks a run climbs through, in order (none without a 'run' clause)."""
        clause = self.pick("capture.run")
        return () if clause is None else tuple(C.parse_rank(word.text) for word in clause.ranks)

    def hands_limit(self) -> int | None:
        count = self.value("game.hands", "count", None)
        return None if count is None else int(count)

    def countback(self) -> tuple[tuple[str, frozenset[int] | None], ...]:
        """Returns what settles level totals, in turn: (word, the cards it counts; None for
        every card), where the word 'bonuses' counts the bonuses scored."""
        clause = self.pick("game.countback")
        deck = frozenset(self.deck())
        found = []
        for word in clause.words if clause is not None else ():
            if word.text == "bonuses" or word.text == "cards":
                found.append((word.text, None))
            else:
                counted = C.MAJORITY_WORDS.get(word.text) or C.pattern_cards(word.text) or frozenset()
                found.append((word.text, counted & deck))
        return tuple(found)

    def prime(self, clause: n.Most) -> dict[int, float] | None:
        """Returns what each card counts toward the prime (a later entry wins), or None for
        a majority that counts cards."""
        if clause.what.text != "prime":
            return None
        deck, values = frozenset(self.deck()), {}
        for entry in clause.values:
            value = E.evaluate_constant(entry.points, self.options)
            for card in X.pattern_set(entry.pattern, deck):
                values[card] = value
        return values

    def card_points(self, deck) -> dict[int, float]:
        clause = self.pick("score.points")
        points: dict[int, float] = {}
        for entry in clause.entries if clause else ():
            value = E.evaluate_constant(entry.points, self.options)
            for card in X.pattern_set(entry.pattern, deck):
                points[card] = points.get(card, 0) + value
        return points
