"""The 'Play in a minute' section at the top of a variant page: the game in a few short lines.

It is written from the merged variant and its compiled rules with the default options, in
sentences short enough to read aloud at the table (each under about twenty words); every
line links to the clause or section below that says the rule in full. A condition too long
to say briefly is left to the full rule, which the line points to. Nothing here knows a
variant by name: pile games (only the top card can be taken) and spread floors are told
apart by the rules alone.
"""

from __future__ import annotations

import re

from .. import cards as C
from ..language import nodes as n
from ..language.expressions import PLAY_NAMES, evaluate_constant
from ..language.unparse import number_text
from .bonus_values import has_table, is_on, named_rules, options_of, settle, table_anchor
from .english import (
    capitalise,
    conjuncts,
    disjuncts,
    floor_fragment,
    join,
    pattern_phrase,
    plural,
    say,
    uses_play,
    word_phrase,
)
from .page_state import PageState

MOST_WORDS = 20  # the longest sentence the section says before leaving a rule to its full text
TIES = {"carry": "a tie carries them to the next hand", "nobody": "a tie scores nothing",
        "each": "on a tie, each tied side scores them"}


def play_in_a_minute(page: PageState) -> str:
    """Returns the section: a numbered list, each line a part of the game linked to its rules."""
    items = [("Aim", "#score", aim(page)), ("Players", "#setup", players(page)), ("Deal", "#setup", deal(page)),
             ("First to play", "#setup", first_to_play(page)), ("Your turn", "#capture", your_turn(page)),
             ("Taking cards", "#capture", captures(page)),
             (page.bonus_title(), "#basra", bonuses(page)), ("End of the hand", "#end", end_of_hand(page)),
             ("Scoring", "#score", scoring(page)), ("Winning", "#game", winning(page))]
    lines = []
    for number, (label, target, body) in enumerate([i for i in items if i[2]], start=1):
        head, *subs = body if isinstance(body, list) else [body]
        lines.append(f"{number}. **[{label}]({target}):** {head}".rstrip())
        lines += [f"    - {sub}" for sub in subs]
    text = "## Play in a minute {#play-in-a-minute}\n\n" + "\n".join(lines) + "\n"
    if page.merged.options:
        text += ("\nThis is the game with its default options; a table may choose others "
                 "(see [Options](#options)).\n")
    return text


def words(sentence: str) -> int:
    """Returns how many words a reader says for a Markdown sentence (links read as their text)."""
    plain = re.sub(r"\[([^\]]*)\]\([^)]*\)", r"\1", re.sub(r"<[^>]+>", "", sentence))
    return len(plain.replace("*", "").split())


# ------------------------------------------------------------------ the deal

def aim(page: PageState) -> str:
    rules = page.rules
    parts = []
    if rules.majorities:
        most = join([m.what for m in rules.majorities])
        parts.append("win " + page.rule_link(f"score.most_{rules.majorities[0].what}", f"the most {most}"))
    if rules.card_points:
        parts.append("take " + page.rule_link("score.points", "the cards that score"))
    if any(is_on(page, c) for c in _bonus_rules(page)):
        parts.append(f"make [{plural(page.bonus)}](#basra)")
    parts.append(f"reach {page.rule_link('game.target', number_text(rules.target) + ' points')} first")
    return capitalise(join(parts)) + "."


def players(page: PageState) -> str:
    counts = page.merged.player_counts()
    paired = [c for c in counts if c in page.by_players and any(len(s) > 1 for s in page.by_players[c].sides)]
    text = f"{page.rule_link('setup.players', join([str(c) for c in counts], 'or') + ' players')}, with {deck(page)}."
    if paired:
        when = "" if paired == list(counts) else f"With {join([str(c) for c in paired], 'or')}, "
        text += (f" {capitalise(when + 'play in pairs:')} "
                 f"{page.rule_link('setup.partners', 'partners sit opposite and score together')}.")
    return text


def deck(page: PageState) -> str:
    clause = page.pick("setup.deck")
    size = len(page.rules.deck)
    if isinstance(clause, n.Deck) and clause.without:
        gone = join([pattern_phrase(p, "pl") for p in clause.without])
        return page.rule_link("setup.deck", f"a {clause.size}-card pack without the {gone} ({size} cards)")
    return page.rule_link("setup.deck", f"a standard {size}-card pack" if size == 52 else f"a {size}-card pack")


def hand_size(page: PageState) -> tuple[str, str]:
    """Returns ("6 cards", " (4 with 3 players)"): the hand, and the counts of players that change it."""
    rules = page.rules
    others: dict[int, list[int]] = {}
    for count, found in page.by_players.items():
        if found.hand_size != rules.hand_size:
            others.setdefault(found.hand_size, []).append(count)
    text = f"{rules.hand_size} {'card' if rules.hand_size == 1 else 'cards'}"
    if not others:
        return text, ""
    return text, " (" + "; ".join(f"{size} with {join([str(c) for c in counts], 'or')} players"
                                  for size, counts in others.items()) + ")"


def deal(page: PageState) -> str:
    rules = page.rules
    stack = rules.floor_kind == "stack"
    size, others = hand_size(page)
    text = "The dealer deals " + page.rule_link("setup.hand", f"{size} to each player") + others
    if rules.start_floor:
        where = "face up in a pile" if stack else "face up to the floor"
        text += " and " + page.rule_link("setup.start_floor", f"{rules.start_floor} {where}") + "."
    else:
        text += ". The " + ("pile" if stack else "floor") + " starts empty."
    if rules.deal_mode == "singly":
        text += " " + page.rule_link("setup.deal", "Cards are dealt one at a time") + "."
    if rules.bar_cards:
        text += " " + barred(page)
    return text


def barred(page: PageState) -> str:
    """Returns what happens to a card that may not lie on the first floor."""
    clause = page.pick("setup.start_floor")
    bar = clause.bar if isinstance(clause, n.StartFloor) else None
    if bar is None:
        return ""
    floor = "pile" if page.rules.floor_kind == "stack" else "floor"
    where = f"on top of the {floor}" if bar.top_only else f"dealt to the {floor}"
    action = {"bury": "goes back into the pack", "bottom": "goes under the pack",
              "dealer": "goes to the dealer"}.get(bar.action, "is set aside")
    who = join([pattern_phrase(p) for p in bar.patterns], "or")
    return page.rule_link("setup.start_floor", capitalise(f"{who} {where} {action}")) + " and is replaced."


def first_to_play(page: PageState) -> str:
    rules = page.rules
    right = rules.direction == "anticlockwise"  # the next player sits on the dealer's right
    two = page.merged.player_counts() == (2,)
    if rules.lead == "dealer":
        lead = "The dealer plays first"
    elif two:
        lead = "The non-dealer plays first"
    else:
        lead = f"The player on the dealer's {'right' if right else 'left'} plays first"
    text = page.rule_link("setup.lead", lead)
    if not two:
        side = "to the right (anticlockwise)" if right else "to the left (clockwise)"
        text += ", and " + page.rule_link("setup.direction", f"play goes {side}")
    text += ". "
    if rules.deal_passes == "never":
        passes = "The same player deals every hand"
    elif two:
        passes = "The deal alternates"
    else:
        following = rules.deal_passes == "next"
        passes = f"The deal passes to the {'right' if right == following else 'left'} after each hand"
    return text + page.rule_link("setup.deal_passes", passes) + "."


# ------------------------------------------------------------------ play

def your_turn(page: PageState) -> str:
    if page.rules.floor_kind == "stack":
        text = (f"Play one card face up onto the pile. {page.rule_link('setup.floor', 'Only its top card counts')}. "
                "A card that takes wins the whole pile, and one that does not becomes the new top card.")
    else:
        text = (f"Play one card face up. If it can take cards from the "
                f"{page.rule_link('setup.floor', 'floor')}, it takes them; if not, it stays there.")
    if page.rules.compulsory:
        text += (f" {page.rule_link('capture.compulsion', 'A card that can take must take')}, "
                 "but you may play one that takes nothing.")
    else:
        text += f" {page.rule_link('capture.compulsion', 'Taking is up to you')}: a card may stay even if it could take."
    return text + " Keep what you take face down" + (", one pile per side." if _paired(page) else ".")


def _paired(page: PageState) -> bool:
    return any(len(s) > 1 for r in page.by_players.values() for s in r.sides)


def captures(page: PageState) -> list[str]:
    """Returns the 'Taking cards' line: a sub-line per capture rule that can apply by default."""
    found = [capture_line(page, c) for c in named_rules(page, n.CaptureRule) if is_on(page, c)]
    head = "A card takes by these rules:" if found else "No card can take anything."
    return [head] + found


def capture_line(page: PageState, clause: n.CaptureRule) -> str:
    """Returns one capture rule as a short sentence, linked to the rule."""
    who = pattern_phrase(clause.pattern)
    anything = [w.text for w in clause.pattern.include] == ["any"] and not clause.pattern.exclude
    if page.rules.floor_kind == "stack":
        body = {"rank": "takes the whole pile if the top card has its rank",
                "sums": "takes the whole pile if the top card is a numeral of its value",
                "all": "takes the whole pile"}[clause.takes]
        if clause.takes == "rank" and anything:
            who, body = "a card of the top card's rank", "takes the whole pile"
    elif clause.takes == "rank":
        body = "takes every floor card of its rank" if page.rules.choose == "largest" else "takes one floor card of its rank"
        if anything:
            who = "any card"
    elif clause.takes == "sums":
        body = ("takes floor numerals adding up to its value, as many groups as it can"
                if page.rules.choose == "largest" else "takes one group of floor numerals adding up to its value")
    else:
        body = "takes every card on the floor"
    condition = settle(clause.guard, options_of(page)) if clause.guard is not None else True
    fragment = floor_fragment(condition, page.ctx) if not isinstance(condition, bool) else None
    only = ""
    if clause.takes == "all" and fragment is not None and fragment[0].startswith("LONE:"):
        body = f"takes a lone {fragment[0][5:]}"  # a sweep allowed only on a lone card takes just that card
    elif condition is not True:
        only = f", but only when {say(condition, page.ctx)}"
    text = f"{page.rule_link(clause.key, capitalise(who))} {body}"
    if words(text + only) > MOST_WORDS:
        only = f", but only on some floors ({page.rule_link(clause.key, 'see the rule')})"
    return text + only + "."


# ------------------------------------------------------------------ bonuses

def _bonus_rules(page: PageState) -> list[n.BasraRule]:
    return named_rules(page, n.BasraRule)


def bonuses(page: PageState) -> list[str]:
    """Returns the bonus line: what a bonus is, then a sub-line per rule that holds by default."""
    rules = _bonus_rules(page)
    shown = [c for c in rules if is_on(page, c)]
    if not shown:
        return [f"This game scores no {plural(page.bonus)}." if not rules else
                f"With the default options no play scores a {page.bonus} (see [Options](#options))."]
    head = f"Some captures also score a {page.bonus}, a bonus added to your points after the hand:"
    if any(_mentions_option(page, c) for c in rules):
        head = head[:-1] + ". [Options](#options) can change these."
    return [head] + [bonus_line(page, c, i) for i, c in enumerate(shown)]


def _mentions_option(page: PageState, clause: n.BasraRule) -> bool:
    return any(isinstance(x, n.Name) and x.id in page.merged.options
               for x in n.walk((clause.points,) + ((clause.guard,) if clause.guard else ())))


def bonus_line(page: PageState, clause: n.BasraRule, index: int) -> str:
    """Returns one bonus rule: the play, then its points (or a pointer to its table)."""
    refs = []
    if has_table(page, clause):
        worth = "points by the card played"
        refs.append(f"[the table](#{table_anchor(clause)})")
    elif any(isinstance(x, n.Name) and x.id in PLAY_NAMES for x in n.walk(clause.points)):
        worth = "points by the play"
    else:
        value = evaluate_constant(clause.points, options_of(page))
        worth = f"{number_text(value)} {'point' if value == 1 else 'points'}"
    condition = settle(clause.guard, options_of(page)) if clause.guard is not None else True
    phrase = play_phrase(page, condition)
    text = f"{page.rule_link(clause.key, capitalise(phrase))}: {worth}" if phrase else ""
    if not phrase or words(text) + 3 * len(refs) > MOST_WORDS:  # room for "(see the table)"
        who = _player_phrase(condition)
        text = capitalise(("some other captures" if index else "some captures") + (f" with {who}" if who else ""))
        text += f": {worth}"
        refs.insert(0, page.rule_link(clause.key, "the rule"))
    return text + (f" (see {join(refs)})" if refs else "") + "."


def _player_phrase(condition: bool | n.Expr) -> str | None:
    """Returns the card a bonus asks to be played ("the seven of diamonds"), if it names one."""
    for part in conjuncts(condition) if not isinstance(condition, bool) else ():
        if _played_test(part):
            return pattern_phrase(part.pattern) if part.op == "is" else f"any card but {pattern_phrase(part.pattern)}"
    return None


def _played_test(expr: n.Expr) -> bool:
    return isinstance(expr, n.Test) and expr.op in ("is", "is not") and expr.subject == n.Name("played", span=expr.span)


def _same_rank(expr: n.Expr) -> bool:
    """Returns whether a condition says the card played pairs the floor's single (or top) card."""
    if not (isinstance(expr, n.Compare) and expr.op == "=="):
        return False
    sides = {_attr_path(expr.left), _attr_path(expr.right)}
    return "played.rank" in sides and bool(sides & {"floor.lone.rank", "floor.top.rank"})


def _attr_path(expr: n.Expr) -> str:
    if isinstance(expr, n.Name):
        return expr.id
    if isinstance(expr, n.Attribute):
        return f"{_attr_path(expr.obj)}.{expr.attr}"
    return ""


def play_phrase(page: PageState, condition: bool | n.Expr) -> str | None:
    """Returns a bonus's play as a short phrase ("clearing the floor with any card but a jack"),
    or None when the condition is not of a shape said briefly (the full rule says it)."""
    stack = page.rules.floor_kind == "stack"
    who, action, same, exceptions, rest = None, None, False, [], []
    floors: list[str] = []
    tables: list[str] = []  # conditions on the table rather than the play
    for part in conjuncts(condition) if not isinstance(condition, bool) else ():
        fragment = floor_fragment(part, page.ctx)
        if _played_test(part) and who is None:
            who = _player_phrase(part)
        elif isinstance(part, n.Name) and part.id == "cleared":
            action = action or "clearing the floor"
        elif isinstance(part, n.Compare) and _attr_path(part.left) == "floor.count" and part.op == "==" \
                and part.right == n.Number(1, span=part.right.span):
            action = "taking a pile of one card" if stack else "taking a single card"
        elif _same_rank(part):
            same = True
        elif (exception := _exception(part, page)) is not None:
            exceptions.append(exception)
        elif fragment is not None and not fragment[0].startswith(("LONE:", "EMPTY")):
            floors.append(fragment[0])
        elif fragment is not None and fragment[0].startswith("LONE:"):
            action = f"taking a lone {fragment[0][5:]}"
        elif not uses_play(part):
            tables.append(say(part, page.ctx))  # such as "there are 4 players"
        else:
            rest.append(part)
    if rest:
        return None
    if same:
        who = f"{who} of the same rank" if who else "a card of the same rank"
    if floors:  # "the seven of diamonds taking a floor of numerals only, adding up to 10 or less"
        verb = "clearing" if action == "clearing the floor" else "taking"
        text = f"{who or 'a card'} {verb} a floor " + ", ".join(floors)
    else:
        text = (action or "any capture") + (f" with {who}" if who else "")
    for exception in exceptions:
        text += f" ({exception})"
    return text + (f", when {join(tables)}" if tables else "")


def _exception(expr: n.Expr, page: PageState) -> str | None:
    """Returns "with a jack, only when ..." for ``played is not J or ...``, or None."""
    parts = disjuncts(expr)
    if len(parts) != 2 or not any(_played_test(p) and p.op == "is not" for p in parts):
        return None
    test = next(p for p in parts if _played_test(p) and p.op == "is not")
    other = next(p for p in parts if p is not test)
    fragment = floor_fragment(other, page.ctx)
    if fragment is not None and fragment[0].startswith("LONE:"):
        return f"{pattern_phrase(test.pattern)} only on a lone {fragment[0][5:]}"
    return f"{pattern_phrase(test.pattern)} only when {say(other, page.ctx)}"


# ------------------------------------------------------------------ end, score, game

def end_of_hand(page: PageState) -> str:
    rules = page.rules
    more = "deal again"
    if rules.redeal_floor:
        more += f" (and {rules.redeal_floor} more to the {'pile' if rules.floor_kind == 'stack' else 'floor'})"
    text = f"When all hands are empty, {more} until the pack runs out. "
    if rules.leftover == "last":
        left = "what is left of the pile" if rules.floor_kind == "stack" else "what is left on the floor"
        text += page.rule_link("end.leftover", f"The last player to take also takes {left}") + "."
    else:
        text += page.rule_link("end.leftover", "Cards left at the end count for nobody") + "."
    return text


def scoring(page: PageState) -> str:
    rules = page.rules
    sentences = []
    for majority in rules.majorities:
        tie = TIES.get(majority.tie, "")
        if majority.void:
            tie += " and wipes out the hand's other points"
        points = number_text(majority.points)
        sentences.append(page.rule_link(f"score.most_{majority.what}", f"Most {majority.what}") +
                         f": {points} {'point' if majority.points == 1 else 'points'}" + (f" ({tie})." if tie else "."))
    cards = card_points(page)
    if cards:
        sentences.append(f"{page.rule_link('score.points', 'Cards taken')}: {cards}.")
    total = sum(m.points for m in rules.majorities) + sum(rules.card_points.values())
    extra = f", plus {plural(page.bonus)}" if any(is_on(page, c) for c in _bonus_rules(page)) else ""
    sentences.append(f"A hand holds {number_text(total)} points{extra}.")
    return " ".join(sentences)


def card_points(page: PageState) -> str:
    """Returns "jacks and aces 1 each, the two of clubs 2" for the cards that score."""
    clause = page.pick("score.points")
    groups: dict[tuple[float, bool], list[str]] = {}
    for entry in clause.entries if isinstance(clause, n.Points) else ():
        value = evaluate_constant(entry.points, options_of(page))
        words_ = [w.text for w in entry.pattern.include]
        single = len(words_) == 1 and not entry.pattern.exclude and C.parse_card(words_[0]) is not None
        name = word_phrase(words_[0]) if single else pattern_phrase(entry.pattern, "pl")
        groups.setdefault((value, single), []).append(name)  # "jacks and aces 1 each", "the two of clubs 2"
    return ", ".join(join(names) + f" {number_text(value)}" + ("" if single else " each")
                     for (value, single), names in groups.items())


def winning(page: PageState) -> str:
    rules = page.rules
    target = page.rule_link("game.target", f"{number_text(rules.target)} points")
    text = f"The first to reach {target} at the end of a hand wins. "
    level = {"replay": "If the leaders are level, play another hand",
             "draw": "If the leaders are level, the game is a draw",
             "extend": f"If the leaders are level, the target goes up by {number_text(rules.tie_extension)}"}
    text += page.rule_link("game.tie", level.get(rules.game_tie, "If the leaders are level, see the rule")) + "."
    if rules.best_of > 1:
        text += " " + page.rule_link("match.best_of", f"A match is the best of {rules.best_of} games") + "."
    return text


__all__ = ["MOST_WORDS", "play_in_a_minute", "words"]
