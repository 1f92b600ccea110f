"""The points of 'Play in a minute' scored outside the capture bonuses, each said with its
condition: the first floor (a deal that does not count, a floor won at the deal), the cards
a player is dealt (declared, or paid at once), and the score rules on the cards a side took.

Like the rest of the section, nothing here knows a variant by name: every line is said from
the rules, with the default options, in sentences of at most ``MOST_WORDS`` words: a
condition of several cases is said case by case ("... when it adds up to exactly 15. Also
when it holds the seven of hearts and adds up to between 12 and 21."), and a case too long
for that is pointed to its rule. ``score_range`` works out the least and most a score rule
can give (Cirulla's Piccola, 3 to 7), which the scoring table shows too.
"""

from __future__ import annotations

import dataclasses
import re
from itertools import combinations

from ... import cards as C
from ...engine.errors import RULE_FAILURES, RuleError, points_if_holds
from ...engine.scoring import NOTHING_PLAYED
from ...language import nodes as n
from ...language.expressions import pattern_set
from ...language.unparse import number_text
from .bonus_values import is_on, named_rules, options_of, settle
from ..prose.english import conjuncts, disjuncts, join, noun, pattern_phrase, plural, say, say_conjuncts
from ..prose.family_sentences import of_one_rank
from .page_state import PageState
from .quickstart_bonuses import MOST_WORDS, words
from ..prose.titles import rule_title

MOST_NAMED = 12  # a score rule naming more cards than this is not tried card set by card set
# what a player reads the names of a dealt hand and of the cards taken as, in this section
YOURS = {"hand": "your hand", "taken": "your pile"}


Case = tuple[str | None, str]  # a case said (None: too long), and the cards it needs ("the seven of hearts")


def cases(page: PageState, clause: n.Clause, subject: str = "") -> list[Case] | None:
    """Returns the cases of a rule's condition with the default options, each in the reader's
    words ("your hand adds up to 9 or less") with the single cards it needs; [] when the rule
    always holds, None when it never does. With ``subject``, the floor is said as it."""
    condition = settle(clause.guard, options_of(page)) if clause.guard is not None else True
    if condition is False:
        return None
    if condition is True:
        return []
    alike = of_one_rank(disjuncts(condition), {C.rank(card) for card in page.rules.deck})  # Cuarenta's ronda
    if alike is not None:
        return [(f"your hand {alike}", "")]
    return [(case_text(page, case, subject), needs(case)) for case in disjuncts(condition)]


def needs(case: n.Expr) -> str:
    """Returns the single cards a case needs held ("the seven of hearts"), or ""."""
    return join([pattern_phrase(p.pattern) for p in conjuncts(case) if isinstance(p, n.Test) and p.op == "has"
                 and len(p.pattern.include) == 1 and not p.pattern.exclude and len(pattern_set(p.pattern)) == 1])


def one_suit(text: str) -> str:
    """Returns a list of cards of one suit said with the suit once: "the ace, the two and the
    three of diamonds" for "the ace of diamonds, the two of diamonds and the three of diamonds"."""
    found = re.compile(r"the (\w+) of (\w+)((?:, the \w+ of \2)*) and the (\w+) of \2\b")
    return found.sub(lambda m: "the " + m[1] + re.sub(r" of \w+", "", m[3]) + f" and the {m[4]} of {m[2]}", text)


def case_text(page: PageState, case: n.Expr, subject: str) -> str | None:
    """Returns one case of a condition, its holder said once ("your pile holds the king, the
    queen and the jack of diamonds"); None when it is too long for one sentence."""
    ctx = dataclasses.replace(page.ctx, nouns=page.ctx.nouns | YOURS)
    parts = conjuncts(case)
    if len(parts) > 1 and all(isinstance(p, n.Test) and p.op == "has" and p.subject == parts[0].subject for p in parts):
        text = say_conjuncts(case, ctx)[0]  # the holder once
    else:
        text = say(case, ctx)
    text = one_suit(text)
    if subject:
        text = it_text(text)
    for holder in (subject or "it", "your hand", "your pile"):  # "your hand holds X and adds up to 9"
        if text.startswith(holder + " "):
            text = text.replace(f" and {holder} ", " and ")
    return text if words(text) <= MOST_WORDS - 4 else None  # room for "Also when ..."


def it_text(text: str) -> str:
    """Returns a condition on the first floor with the floor said as "it" (and "of the first
    floor" after "of": "the top card of the first floor is a jack")."""
    text = re.sub(r"(?<!of )the (first )?floor\b", "it", text)
    return re.sub(r"\bof the floor\b", "of the first floor", text)


MOST_CASES = 3  # the most cases of a condition said one by one; the others are left to the rule


def said_cases(found: list[Case], first: str, verb: str = ", when") -> str:
    """Returns ``first`` with the first case, then a sentence per other case ("Also when ..."),
    and a pointer to the rule for the cases too long or too many to say, with the cards they
    need ("It also counts in other cases with the seven of hearts: see the rule.")."""
    if not found:
        return first + "."
    if found[0][0] is None:
        return first + "; see the rule for when."
    shown = [text for text, _ in found[:MOST_CASES]]
    said = [f"{first}{verb} {shown[0]}."] + [f"Also {verb.strip(', ')} {text}." for text in shown[1:] if text]
    left = [cards for text, cards in found[1:] if text is None] + [cards for _, cards in found[MOST_CASES:]]
    if left:
        cards = join(sorted({c for c in left if c}))
        said.append(f"It also counts in {'another case' if len(left) == 1 else 'other cases'}"
                    + (f" with {cards}" if cards else "") + ": see the rule.")
    return " ".join(said)


def title_link(page: PageState, clause: n.Clause) -> str:
    return page.rule_link(clause.key, rule_title(page.merged, clause.key))


# ------------------------------------------------------------------ the first floor

def first_floor(page: PageState) -> list[str]:
    """Returns the 'First floor' line: a deal that does not count, then each rule that gives
    the first floor away, with its points and its condition; [] when there is none."""
    lines = []
    redeals = list(page.merged.clauses.get("dealing.redeal", ()))
    if redeals:  # counts of cards said in one list, as the rule says them; other lines case by case
        counted = page.speaker.redeal_when(redeals)
        found = [it_text(counted)] if counted.startswith("the first floor holds") else \
            [it_text(page.speaker.redeal_when([c])) for c in redeals]
        found = [case if words(case) <= MOST_WORDS - 4 else None for case in found]
        lines.append(said_cases([(case, "") for case in found], f"{title_link(page, redeals[0])}: the deal is void", " if"))
    won = [c for c in named_rules(page, n.FloorBonus) if not c.of_hand and is_on(page, c)]
    for clause in won:
        taker = options_of(page).get(clause.taker, clause.taker)  # an option may choose who
        nothing = isinstance(clause.points, n.Number) and clause.points.value == 0  # the cards, no bonus
        first = (f"{title_link(page, clause)}: {page.speaker.taker_words(taker)} takes it at once" +
                 ("" if nothing else f", scoring {page.speaker.num(clause.points, 'point')}"))
        lines.append(said_cases(cases(page, clause, "it") or [], first))
    if not lines:
        return []
    head = "It is looked at before anyone plays."
    if redeals:
        head += " A void deal is dealt again by the same dealer."
    if len(won) > 1:
        head += " Where it meets two of these rules, only the larger counts."
    return [head] + lines


# ------------------------------------------------------------------ the cards dealt

def dealt_hands(page: PageState) -> list[str]:
    """Returns the 'Cards dealt' line: each bonus for the cards a player is dealt, declared
    (the player's choice, at their first turn of a deal) or paid at once; [] when none."""
    rules = [c for c in named_rules(page, n.FloorBonus) if c.of_hand and is_on(page, c)]
    if not rules:
        return []
    heads = []
    if any(c.taker == "declarer" for c in rules):
        heads.append("Before your first card of a deal, you may show your cards to declare them. One "
                     "declaration a deal counts.")
    if any(c.taker != "declarer" for c in rules):
        heads.append("Some hands score as soon as they are dealt; of several such bonuses, only the largest counts.")
    lines = [said_cases(cases(page, clause) or [], f"{title_link(page, clause)}: "
                        f"{page.speaker.num(clause.points, 'point')}") for clause in rules]
    return [" ".join(heads)] + lines


# ------------------------------------------------------------------ score rules

def score_range(page: PageState, clause: n.ScoreRule) -> tuple[float, float] | None:
    """Returns the least and the most a score rule gives a side that meets it, tried on every
    set of the cards it names at every table (Cirulla's Piccola: 3 to 7); None when it names
    no cards, too many, or reads cards it does not name (all the cards a side took)."""
    deck = frozenset(page.rules.deck)
    parts = [clause.points] + ([clause.guard] if clause.guard is not None else [])
    named = sorted(frozenset().union(*(pattern_set(p, deck) for part in parts for p in n.walk(part)
                                       if isinstance(p, n.Pattern))))
    if not named or len(named) > MOST_NAMED:
        return None
    rest = tuple(sorted(deck - set(named)))
    found = []
    for rules in page.by_players.values() or [page.rules]:  # a rule may hold only at some tables
        rule = next((r for r in rules.score_rules if r.name == clause.name.text), None)
        try:
            for size in range(len(named) + 1):
                for chosen in combinations(named, size):
                    alone = points_if_holds(rule, (None, (), chosen, (), NOTHING_PLAYED))
                    if alone != points_if_holds(rule, (None, (), chosen + rest, (), NOTHING_PLAYED)):
                        return None  # the rest of a side's cards change it: not said from the cards named
                    if alone is not None:
                        found.append(alone)
        except (AttributeError, RuleError, *RULE_FAILURES):
            return None
    return (min(found), max(found)) if found else None


def range_text(low: float, high: float) -> str:
    """``5`` or ``3 to 7``."""
    return number_text(low) if low == high else f"{number_text(low)} to {number_text(high)}"


def score_rule_lines(page: PageState) -> list[str]:
    """Returns a line per score rule that can count with the default options: its points
    (their range where the cards decide them), its condition, then what the points count."""
    lines = []
    ctx = dataclasses.replace(page.ctx, nouns=page.ctx.nouns | YOURS)
    for clause in named_rules(page, n.ScoreRule):
        if not is_on(page, clause):
            continue
        found = score_range(page, clause)
        fixed = isinstance(clause.points, n.Number) or found is not None and found[0] == found[1]
        worth = "" if found is None and not fixed else \
            f"{range_text(*found)} {'point' if found[1] == 1 else 'points'}" if found else \
            f"{number_text(clause.points.value)} {'point' if clause.points.value == 1 else 'points'}"
        condition = cases(page, clause) or []
        counted = noun(clause.points, ctx) if not fixed else ""
        counted = counted if words(counted) <= MOST_WORDS else ""  # too long to say here: the title links the rule
        if not condition and not worth:  # "Spades: the number of spades in your pile."
            lines.append(f"{title_link(page, clause)}: {counted}.")
            continue
        text = said_cases(condition, f"{title_link(page, clause)}: {worth or 'scored'}", ", when" if worth else " when")
        lines.append(text + (f" Points: {counted}." if counted else ""))
    return lines


def extras(page: PageState) -> list[str]:
    """Returns what a side scores besides the points of its cards and its score rules, for the
    line on a hand's points: "scopas", "the first floor's points", "declarations"."""
    found = []
    if any(is_on(page, c) for c in named_rules(page, n.BasraRule)):
        found.append(plural(page.bonus))
    floor = [c for c in named_rules(page, n.FloorBonus) if is_on(page, c)
             and not (isinstance(c.points, n.Number) and c.points.value == 0)]  # a floor won for nothing
    if any(not c.of_hand for c in floor):
        found.append("[the first floor's points](#dealing)")
    if any(c.of_hand and c.taker == "declarer" for c in floor):
        found.append("[declarations](#dealing)")
    if any(c.of_hand and c.taker != "declarer" for c in floor):
        found.append("[the points of cards dealt](#dealing)")
    return found


__all__ = ["cases", "dealt_hands", "extras", "first_floor", "range_text", "score_range", "score_rule_lines"]
