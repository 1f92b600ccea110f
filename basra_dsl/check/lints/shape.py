"""The game's shape, as a table would feel it (issue 29): a match of an even number of games
(it can end level) or with a deciding game shorter than the others, card points below zero,
a target a side reaches in any one hand or only after hundreds, and a bonus worth many
hands or the whole target (each said with the figures that show it)."""

from __future__ import annotations

import itertools
from typing import Iterator

from ...diagnostics import Diagnostic, warning
from ...language import expressions as X
from ...language import nodes as n
from ...language.merge import Merged
from ...language.unparse import expr_text, number_text, pattern_text
from ...cards import card_name, card_word
from .combinations import FAILURES, Combination, is_own, names_in, safe_constant
from .figures import side_points
from .overrides import round5
from .reference import described, near_miss, reference_of, reference_points, reference_rules
from .samples import sampled_plays

QUICK = 1.5  # a target within this many hands' points is reached at once (Scopone's 3 for 'best of 3')
MANY = 40  # hands a game may take before its target is out of proportion (the bundled: at most 17)
TIMES_THE_REFERENCE = 5  # a bonus this many times the one it was written from (1 become 10)
HANDS_IN_A_BONUS = 2  # a bonus worth more than this many hands' cards dwarfs them (the bundled: at most 1.6)
PLAYS = 20_000  # sampled plays a bonus whose points depend on the play is tried on for its largest


def check_game_shape(merged: Merged, combos: list[Combination]) -> Iterator[Diagnostic]:
    """B730 for an even 'best of', B716 for a decider below the target, B731 for negative card
    points, B732 for a target and B733 for a bonus out of proportion to what a hand holds, B750
    for a target a game of one hand never plays to."""
    own = {c.key: c for c in merged.variant.clauses if is_own(merged, c)}
    best = own.get("match.best_of")
    rules = next((c.rules for c in combos if c.rules is not None), None)
    if rules is None:
        return
    if isinstance(best, n.BestOf) and rules.best_of % 2 == 0:
        half = rules.best_of // 2
        yield warning("B730", f"a match of best of {rules.best_of} can end level, "
                      f"{half} game{'s' * (half != 1)} each", best.span,
                      f"play best of {rules.best_of + 1} (an odd number), or say what settles a level match")
    points = own.get("score.points")
    if isinstance(points, n.Points):
        for entry in points.entries:
            if isinstance(entry.points, n.Negate) or (isinstance(entry.points, n.Number) and entry.points.value < 0):
                shown = f"{pattern_text(entry.pattern)} {expr_text(entry.points)}"
                meant = f"{pattern_text(entry.pattern)} {expr_text(entry.points).lstrip('- ')}"
                yield warning("B731", f"'{shown}' scores below zero: whoever takes these cards loses points",
                              entry.points.span, f"if the minus slipped in, write '{meant}'; if a penalty card is "
                              "meant, keep it")
    if isinstance(points, n.Points):
        yield from _card_points_off_the_reference(merged, rules, points)
    decider = own.get("match.decider")
    if isinstance(decider, n.Decider) and rules.decider is not None and rules.decider < rules.target:
        yield warning("B716", f"the deciding game is played to {number_text(rules.decider)}, less than the "
                      f"{number_text(rules.target)} of the other games: a level match would end on a shorter game",
                      decider.span, f"a decider is a longer game than the others, such as 'decider "
                      f"{number_text(round5(rules.target * 1.5))}'; or 'drop decider' to play it to "
                      f"{number_text(rules.target)}")
    target = own.get("game.target")
    hands = merged.first("game.hands")
    if isinstance(target, n.Target) and isinstance(hands, n.HandsLimit) and hands.guard is None and target.guard is None \
            and rules.hands_limit == 1:
        yield warning("B750", f"'first to {expr_text(target.points)}' never decides: 'hands 1' ends the game after "
                      "its one hand whatever the scores, and the higher total wins", target.span,
                      "for a game played until a side reaches the target, remove 'hands 1' (or 'drop hands' in a "
                      "child); for a single hand, remove 'first to'")
    elif isinstance(target, n.Target):
        yield from _target(merged, rules, target)
    # a bonus for dealt cards is rare and may be meant to win at once (Cuarenta's four of a kind)
    bonuses = [c for c in merged.variant.clauses if isinstance(c, (n.BasraRule, n.ScoreRule)) and is_own(merged, c)]
    yield from _bonuses(merged, rules, bonuses, combos[0].options if combos else {})


def _card_points_off_the_reference(merged: Merged, rules, clause: n.Points) -> Iterator[Diagnostic]:
    """B733: card points many times what the game the file was written from gives the same
    card (a zero typed twice: '10D 50' for 5), said with the share of a hand's points."""
    reference = reference_rules(merged)
    if reference is None:
        return
    hand = _hand_points(rules)
    for entry in clause.entries:
        for card in sorted(X.pattern_set(entry.pattern) or ()):
            now, was = rules.card_points.get(card, 0), reference.card_points.get(card, 0)
            if was > 0 and now >= max(was * TIMES_THE_REFERENCE, 5):
                missed = near_miss(now, lambda value, was=was: value <= was * 3)
                shown = f"{pattern_text(entry.pattern)} {expr_text(entry.points)}"
                yield warning("B733", f"'{shown}' scores {number_text(now)} points for {card_word(card)}, "
                              f"{now / was:.0f} times the {number_text(was)} of {reference_of(merged).name}'s: "
                              f"{now / hand:.0%} of the points a hand holds ({number_text(hand)})", entry.points.span,
                              f"did you mean '{pattern_text(entry.pattern)} {number_text(missed)}'? (a zero slipped)"
                              if missed is not None else f"write '{pattern_text(entry.pattern)} {number_text(was)}'"
                              f"{described(merged)}, or points in proportion to the others")
                break


def _hand_points(rules) -> float:
    """The points the cards of a hand hold, bonuses aside."""
    return sum(rules.card_points.get(c, 0) for c in rules.deck) + sum(m.points for m in rules.majorities)


def _bonuses(merged: Merged, rules, bonuses: list[n.Clause], options: dict) -> Iterator[Diagnostic]:
    """B733: a bonus worth several whole hands' cards, or the target at one stroke (where a
    hand does not reach it anyway: B732 says so); points that depend on the play are judged
    by the most they score on the sampled captures."""
    hand, goal = _hand_points(rules), rules.target
    for clause in bonuses:
        points, play = _most_points(rules, clause, options)
        if points is None or points <= 0:
            continue
        large = hand > 0 and points > HANDS_IN_A_BONUS * hand
        reaches = (goal not in (float("inf"), 0) and not rules.hands_limit and points >= goal
                   and hand / len(rules.sides) < goal)  # else any hand reaches it: B732 says so
        written = _reference_number(merged, clause)
        # many times the points of the rule it was written from, and a good share of the target
        beyond = (written is not None and 0 < written * TIMES_THE_REFERENCE <= points
                  and (points >= hand / 2 or goal not in (float("inf"), 0) and points >= goal / 4))
        if not (large or reaches or beyond):
            continue
        whys = [f"about {points / hand:.0f} times what the cards of a whole hand hold ({number_text(hand)} "
                "points)"] if large else []
        stroke = "capture" if isinstance(clause, n.BasraRule) else "hand"
        whys += [f"one such {stroke} reaches the target {number_text(goal)}"] if reaches else []
        whys += [f"{points / written:.0f} times the {number_text(written)} of {reference_of(merged).name}'s, "
                 f"{points / hand:.0%} of what the cards of a hand hold ({number_text(hand)})"
                 ] if beyond and not (large or reaches) else []
        if not reaches and goal not in (float("inf"), 0) and points >= goal / 2:
            whys.append(f"{points / goal:.0%} of the target {number_text(goal)} at one {stroke}")
        said = f"'{clause.name.text}' scores {number_text(points)} points{play}: {', and '.join(whys)}"
        yield warning("B733", said, clause.points.span, _fitting_bonus(merged, clause, points, hand))


def _fitting_bonus(merged: Merged, clause: n.Clause, points: float, hand: float) -> str:
    """B733's help: the reference's points for the rule, a slipped zero put right, or a quarter of a hand."""
    slipped = _slipped_value(clause.points)
    if slipped is not None:
        return f"did you mean '{slipped}'? (a point or a zero slipped); a bonus is worth at most about a hand"
    written = reference_points(merged, clause.name.text)
    if written is not None and written != expr_text(clause.points):
        return f"write '{written}'{described(merged)}, or points in proportion to a hand"
    missed = near_miss(points, lambda value: value <= HANDS_IN_A_BONUS * hand / 2)
    if missed is not None and points > missed:
        return f"did you mean {number_text(missed)}? (a zero slipped); a bonus is worth at most about a hand"
    return (f"give it points in proportion to a hand (its cards hold {number_text(hand)}), such as "
            f"{number_text(max(1, round5(hand / 4)))}; a bonus of the bundled games is worth at most about a hand")


def _reference_number(merged: Merged, clause: n.Clause) -> float | None:
    """The points, as a plain number, of the rule of this name in the file this one was written
    from (its parent, or the bundled game it copies); None where it has none or they read cards."""
    written = reference_points(merged, clause.name.text)
    try:
        return float(written) if written is not None and written != expr_text(clause.points) else None
    except ValueError:
        return None


def _slipped_value(points: n.Expr) -> str | None:
    """'J=12.5' where a value() gives a rank 125: far above every other rank's (a slipped point)."""
    for call in (node for node in n.walk(points) if isinstance(node, n.Call) and node.func == "value"):
        given = [(k.name, k.value.value) for k in call.keywords if isinstance(k.value, n.Number)]
        for name, number in given:
            others = [v for other, v in given if other != name] + [14]
            if number > 2 * max(others) and number / 10 <= max(others):
                return f"{name}={number_text(number / 10)}"
    return None


def _calls(expr: n.Expr) -> bool:
    """Whether an expression reads cards (value(), .sum(...)), which only a play can tell."""
    return any(isinstance(node, (n.Call, n.Counted)) for node in n.walk(expr))


def _most_points(rules, clause: n.Clause, options: dict) -> tuple[float | None, str]:
    """The points a bonus scores: set points, or the most it scores on the sampled captures
    (with the play that scores them, in words)."""
    if names_in(clause.points) <= set(options) | {"players"} and not _calls(clause.points):
        points = safe_constant(clause.points, options)
        ok = isinstance(points, (int, float)) and not isinstance(points, bool)
        return (points if ok else None), ""
    rule = next((r for r in rules.basra_rules if r.name == clause.name.text), None)
    if not isinstance(clause, n.BasraRule) or rule is None:
        return None, ""
    best, shown = None, ""
    for play in itertools.islice((p for p in sampled_plays(rules) if p[2]), PLAYS):
        try:
            if rule.condition is not None and not rule.condition(*play):
                continue
            points = rule.points(*play)
        except FAILURES:
            continue
        if isinstance(points, (int, float)) and not isinstance(points, bool) and (best is None or points > best):
            best, shown = points, f" when {card_name(play[0])} takes {' '.join(map(card_name, play[2]))}"
    return best, shown


def _target(merged: Merged, rules, target: n.Target) -> Iterator[Diagnostic]:
    """B732: a target a side reaches in about one hand, or one that takes dozens of hands, by
    the points a side scores in a hand the engine plays (cards and bonuses)."""
    hand, goal = _hand_points(rules), rules.target
    if goal in (float("inf"), 0) or rules.hands_limit:
        return
    side = side_points(rules)
    if side is None:
        side = hand / len(rules.sides)  # a side's fair share of the cards, bonuses aside
    if side <= 0:
        return
    scores = f"a side scores about {number_text(round(side, 1))} points a hand (cards and bonuses, as played)"
    option = merged.options.get(target.points.id) if isinstance(target.points, n.Name) else None
    span = option.span if option is not None else target.span
    chosen = f" (the option '{option.name.text}' chooses it)" if option is not None else ""
    if goal <= side * QUICK:
        games = (f"; if a match of {number_text(goal)} games is meant, write 'best of {number_text(goal)}' under "
                 "'match:'" if goal == int(goal) and goal % 2 and goal <= 9 else "")
        yield warning("B732", f"the target {number_text(goal)}{chosen} is reached in about "
                      f"{'one hand' if goal <= side else 'one or two hands'}: {scores}", span,
                      f"raise it, such as {_fitting_target(merged, goal, side)}; or say 'hands 1' under game: if a "
                      f"single hand is meant{games}")
    elif goal / side > MANY:
        yield warning("B732", f"the target {number_text(goal)}{chosen} takes about {goal / side:.0f} hands: {scores}",
                      span, f"lower it to what a table plays in an evening, such as {_fitting_target(merged, goal, side)}")
    else:
        yield from _target_off_the_reference(merged, goal, side, scores, span, chosen)


def _target_off_the_reference(merged: Merged, goal: float, side: float, scores: str, span, chosen: str):
    """B732: a target many times above or below the one of the game the file was written from
    (a digit dropped, 25 for 251), said with the hands a game then lasts."""
    reference = reference_rules(merged)
    meant = reference.target if reference is not None else None
    if meant in (None, float("inf"), 0, goal) or not (goal * TIMES_THE_REFERENCE <= meant or goal >= meant * TIMES_THE_REFERENCE):
        return
    yield warning("B732", f"the target {number_text(goal)}{chosen} is far {'below' if goal < meant else 'above'} "
                  f"{reference_of(merged).name}'s {number_text(meant)}: a game lasts about "
                  f"{max(goal / side, 1):.0f} hand{'s' * (goal / side >= 1.5)} where it lasted about {meant / side:.0f}: {scores}",
                  span, f"did you mean {number_text(meant)}{described(merged)}? (a digit slipped)")


def _fitting_target(merged: Merged, goal: float, side: float) -> str:
    """A target a table plays in a few hands: the reference's, a slipped zero put right, or five hands' points."""
    def fits(value: float) -> bool:
        return 2 <= value / side <= 20

    missed = near_miss(goal, fits)  # a slipped zero first: 2001 was most likely 201, whatever the reference plays
    if missed is not None:
        return f"{number_text(missed)} (a digit slipped)"
    reference = reference_rules(merged)
    if reference is not None and reference.target not in (float("inf"), 0, goal) and fits(reference.target):
        return f"{number_text(reference.target)}{described(merged)}"
    return f"{number_text(round5(side * 5))} (about five hands)"
