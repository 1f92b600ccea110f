"""The 'Play in a minute' section at the top of a variant page: the game in a few short lines.

It is written from the merged variant and its compiled rules with the default options, in
sentences short enough to read aloud at the table (each under about twenty words); every
line links to the clause or section below that says the rule in full. A condition too long
to say briefly is left to the full rule, which the line points to. Nothing here knows a
variant by name: pile games (only the top card can be taken) and spread floors are told
apart by the rules alone. The bonus lines are ``quickstart_bonuses``' job.
"""

from __future__ import annotations

import math

from ...language import nodes as n
from ...language.evaluation import evaluate_constant
from ...language.unparse import number_text
from .bonus_values import is_on, named_rules, options_of, settle
from ..prose.card_counts import summed, values_line
from .differences import directions_of, lead
from ..prose.english import (
    amount,
    counted_word,
    capitalise,
    join,
    majority_phrase,
    pattern_phrase,
    plural,
    say,
)
from .page_state import PageState
from ..prose.plays import floor_fragment, swept_cards
from .quickstart_bonuses import MOST_WORDS, bonus_rules, bonuses, words
from .quickstart_extras import dealt_hands, extras, first_floor, score_rule_lines
from ..prose.score_sentences import point_groups
from ..prose.titles import label as rule_label
from ..prose.titles import rule_title
from ..text.markdown import prose_steps

TIES = {"carry": "a tie carries them to the next hand", "nobody": "a tie scores nothing",
        "each": "on a tie, each tied side scores them", "split": "on a tie, the tied sides share them"}


def play_in_a_minute(page: PageState) -> str:
    """Returns the section: a numbered list, each line a part of the game linked to its rules."""
    dealt = dealt_hands(page)
    declared = all(c.taker == "declarer" for c in named_rules(page, n.FloorBonus) if c.of_hand and is_on(page, c))
    items = [("Aim", "#score", aim(page)), ("Players", "#setup", players(page)), ("Deal", "#setup", deal(page)),
             ("First floor", "#dealing", first_floor(page)),
             ("First to play", "#setup", first_to_play(page)), ("Your turn", "#capture", your_turn(page)),
             ("Declaring" if declared else "Cards dealt", "#dealing", dealt),
             ("Taking cards", "#capture", captures(page)),
             (page.bonus_title(), "#basra", bonuses(page)), ("End of the hand", "#end", end_of_hand(page)),
             ("Scoring", "#score", scoring(page)), ("Winning", "#game", winning(page))]
    lines = []
    for number, (label, target, body) in enumerate([i for i in items if i[2]], start=1):
        head, *subs = body if isinstance(body, list) else [body]
        lines.append(f"{number}. **[{label}]({target}):** {head}".rstrip())
        lines += [f"    - {sub}" for sub in subs]
    text = "## Play in a minute {#play-in-a-minute}\n\n" + prose_steps("\n".join(lines)) + "\n"
    if page.merged.options:
        text += ("\nThis is the game with its default options; a table may choose others "
                 "(see [Options](#options)).\n")
    return text


# ------------------------------------------------------------------ the deal

def aim(page: PageState) -> str:
    rules = page.rules
    parts = []
    if rules.majorities:
        counted = [m.what for m in rules.majorities if m.what != "prime"]
        most = join(([f"the most {join(counted)}"] if counted else [])
                    + ([majority_phrase("prime")] if len(counted) < len(rules.majorities) else []))
        parts.append("win " + page.rule_link(f"score.most_{rules.majorities[0].what}", most))
    if rules.card_points:
        parts.append("take " + page.rule_link("score.points", "the cards that score"))
    if any(is_on(page, c) for c in bonus_rules(page)):
        parts.append(f"make [{plural(page.bonus)}](#basra)")
    scored = [c for c in named_rules(page, n.ScoreRule) if is_on(page, c) and c.title][:2]
    if scored and not rules.majorities and not rules.card_points:  # the cards score only by these rules
        parts.append("win " + join([page.rule_link(c.key, f"the {c.title[:1].lower()}{c.title[1:]}") for c in scored]))
    if rules.target == math.inf:
        parts.append(f"have the most points after {page.rule_link('game.hands', hands_text(rules.hands_limit))}")
    else:
        parts.append(f"reach {page.rule_link('game.target', number_text(rules.target) + ' points')} first")
    said = capitalise(join(parts)) + "."
    if words(said) > MOST_WORDS and len(parts) > 2:  # what to win, then how to get there
        half = len(parts) - 2
        said = capitalise(join(parts[:half])) + ". " + capitalise(join(parts[half:])) + "."
    return said


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


def hand_size(page: PageState) -> tuple[str, str, str]:
    """Returns ("6 cards", " (4 with 3 players)", ""): the hand, and the counts of players that
    change it, as an aside or, when there are several, a sentence of its own."""
    rules = page.rules
    others: dict[int, list[int]] = {}
    for count, found in page.by_players.items():
        if found.hand_size != rules.hand_size:
            others.setdefault(found.hand_size, []).append(count)
    text = f"{rules.hand_size} {'card' if rules.hand_size == 1 else 'cards'}"
    said = [f"{size} with {join([str(c) for c in counts], 'or')} players" for size, counts in others.items()]
    if len(said) < 2:
        return text, "".join(f" ({part})" for part in said), ""
    return text, "", f" Each is dealt {join(said)}."


def floor_counts(page: PageState) -> str:
    """The player counts whose first floor differs from the default's: " (none with 4 players)"."""
    others: dict[int, list[int]] = {}
    for count, found in page.by_players.items():
        if found.start_floor != page.rules.start_floor:
            others.setdefault(found.start_floor, []).append(count)
    return "" if not others else " (" + "; ".join(
        f"{'none' if size == 0 else size} with {join([str(c) for c in counts], 'or')} players"
        for size, counts in others.items()) + ")"


def other_deals(page: PageState) -> str:
    """How the player counts whose first floor differs are dealt: "With 4 players: 10 cards each and none to the floor."."""
    rules, found = page.rules, []
    for count, other in page.by_players.items():
        if other.start_floor != rules.start_floor:
            floor = "none" if not other.start_floor else str(other.start_floor)
            found.append(f"With {count} players: {other.hand_size} cards each and {floor} to the floor.")
    return " ".join(found)


def deal(page: PageState) -> str:
    rules = page.rules
    stack = rules.floor_kind == "stack"
    size, aside, sentence = hand_size(page)
    separately = other_deals(page)
    text = "The dealer deals " + page.rule_link("setup.hand", f"{size} to each player") + ("" if separately else aside)
    if rules.start_floor:
        where = "face up in a pile" if stack else "face up to the floor"
        text += " and " + page.rule_link("setup.start_floor", f"{rules.start_floor} {where}") + "."
        text += f" {separately}" if separately else sentence
    else:
        text += ". The " + ("pile" if stack else "floor") + " starts empty."
    if rules.deal_mode == "singly":
        text += " " + page.rule_link("setup.deal", "Cards are dealt one at a time") + "."
    if rules.draw:
        text += " The rest of the pack is the stock: " + page.rule_link(
            "setup.draw", "after each play you draw " + ("a card" if rules.draw == 1 else f"{rules.draw} cards") + " from it") + "."
    if rules.flip:
        text += " The rest of the pack is the stock: " + page.rule_link(
            "setup.flip", "after each card you play from your hand, turn " + ("its top card" if rules.flip == 1 else
                                                                                f"{rules.flip} cards from it") + " and play it too") + "."
    if rules.bar_cards:
        text += " " + barred(page)
    return cut(page) + text


def cut(page: PageState) -> str:
    """Returns what the cut before the deal does, when there is one ("" when there is none)."""
    clause = page.pick("setup.cut")
    if not isinstance(clause, n.Cut) or not page.rules.cut_cards:
        return ""
    who = "the dealer" if page.rules.cut_winner == "dealer" else "the non-dealer" \
        if page.merged.player_counts() == (2,) else \
        f"the player on the dealer's {'right' if page.rules.direction == 'anticlockwise' else 'left'}"
    cards = join([pattern_phrase(p) for p in clause.patterns], "or")
    shown = f"if the bottom card of the part lifted off is {cards}, {who} wins it"
    return "The dealer cuts the pack first: " + page.rule_link("setup.cut", shown) + ". "


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
    return text + page.rule_link("setup.deal_passes", passes) + "." + other_way(page, two)


def other_way(page: PageState, two: bool) -> str:
    """Returns the options that make play go the other way round (" With X, play goes to the
    right instead."), when the direction depends on them and more than two may play."""
    if two or page.rules.lead == "dealer" and page.rules.deal_passes == "never":
        return ""
    text = ""
    for guard, way in directions_of(page.merged):
        if guard is not None and way != page.rules.direction:
            side = "to the right" if way == "anticlockwise" else "to the left"
            text += f" {capitalise(lead(guard, page.ctx))}, {page.rule_link('setup.direction', f'play and the deal go {side} instead')}."
    return text


# ------------------------------------------------------------------ play

def your_turn(page: PageState) -> str:
    if page.rules.floor_kind == "stack":
        text = (f"Play one card face up onto the pile. {page.rule_link('setup.floor', 'Only its top card counts')}. "
                "A card that takes wins the whole pile, and one that does not becomes the new top card.")
    elif page.rules.compulsory or page.rules.compulsion == "hand":
        text = (f"Play one card face up. If it can take cards from the "
                f"{page.rule_link('setup.floor', 'floor')}, it takes them; if not, it stays there.")
    else:  # taking is optional: said once, without a sentence that says a card takes
        builds = page.rules.builds  # a build's owner must take, build or add to a build
        duty = ", unless you own a build" if builds and not (builds.owner_trails or builds.stack_limit) else ""
        text = (f"Play one card face up. It may take cards from the {page.rule_link('setup.floor', 'floor')} or stay "
                f"there, even if it could take: {page.rule_link('capture.compulsion', 'taking is up to you')}{duty}.")
    if page.rules.compulsion == "hand":
        text += f" {page.rule_link('capture.compulsion', 'If any card you hold can take, you must play one that takes')}."
    elif page.rules.compulsory:
        text += (f" {page.rule_link('capture.compulsion', 'A card that can take must take')}, "
                 "but you may play one that takes nothing.")
    elif page.rules.floor_kind == "stack":
        text += f" {page.rule_link('capture.compulsion', 'Taking is up to you')}: a card may stay even if it could take."
    for rule in (c for c in named_rules(page, n.Restriction) if is_on(page, c)):  # a card barred at times
        title = rule_label(rule)[:1].lower() + rule_label(rule)[1:]
        text += f" Mind {page.rule_link(rule.key, title)}: {pattern_phrase(rule.pattern)} may not always be played."
    if page.rules.takes_piles:  # the pile's top card is what others may take it by
        return text + " Keep what you take face up in one pile, the card that took on top."
    paired = any(len(s) > 1 for r in page.by_players.values() for s in r.sides)
    return text + " Keep what you take face down" + (", one pile per side." if paired else ".")


def captures(page: PageState) -> list[str]:
    """Returns the 'Taking cards' line: a sub-line per capture rule that can apply by default."""
    found = [capture_line(page, c) for c in named_rules(page, n.CaptureRule) if is_on(page, c)]
    head = "A card takes by these rules:" if found else "No card can take anything."
    counts = values_line(page.rules)  # what the cards count, which adding up relies on
    if found and page.rules.floor_first:
        found.append(page.rule_link("capture.floor_first", "A card that can take from the floor may not take a "
                                    "pile") + ".")
    if found and page.rules.pairs_first:
        found.append(page.rule_link("capture.pairs_first", "A card of the same value on the floor is taken "
                                    "before any group") + ".")
    if found and page.rules.run:
        found.append(page.rule_link("capture.run", "A card that takes also takes the unbroken run of next ranks "
                                    "up from its own") + ".")
    if found and page.rules.choose == "fewest":
        found.append(page.rule_link("capture.choose", "Of several groups" + (" one rule allows" if page.speaker.sum_rules > 1
                                                                              else "") + ", take one with the fewest cards") + ".")
    if found and page.rules.choose == "pair":
        found.append(page.rule_link("capture.choose", "A card takes one floor card only") + ".")
    if found and page.rules.choose == "single":
        found.append(page.rule_link("capture.choose", "A card takes one group only: the one of the most cards") + ".")
    builds = [c for c in named_rules(page, n.BuildRule) if is_on(page, c)]
    if found and builds and page.rules.builds is not None:
        who, most = capitalise(pattern_phrase(builds[0].pattern)), page.rules.builds.stack_limit  # most: stacks
        found.append(f"{page.rule_link(builds[0].key, f'{who} that takes nothing may be stacked')} on one floor card "
                     f"instead, worth their sum up to {most}. Only a card of that value takes the stack, whole." if most
                     else f"{page.rule_link(builds[0].key, f'{who} may instead build')}: laid on floor cards to make "
                     "the value of a card you hold, called aloud. Only a card of that value takes the build, whole.")
    if found and page.rules.lay_after_sweep:
        found.append(page.rule_link("capture.lay_after_sweep", "After clearing the floor, lay one of your cards "
                                    "on it at once") + ".")
    return [head] + ([counts] if counts and found else []) + found


def capture_line(page: PageState, clause: n.CaptureRule) -> str:
    """Returns one capture rule as a short sentence, linked to the rule."""
    who = pattern_phrase(clause.pattern)
    anything = [w.text for w in clause.pattern.include] == ["any"] and not clause.pattern.exclude
    total = None if clause.total is None else amount(clause.total, page.ctx)
    if clause.takes == "sums" and total is not None:
        body = (f"takes the whole pile if the top card makes {total} with it" if page.rules.floor_kind == "stack"
                else f"takes a floor {summed(page.rules)[:-1]} that makes {total} with it" if page.rules.choose == "pair"
                else f"takes floor {summed(page.rules)} that make {total} with it"
                + (", as many groups as it can" if page.rules.choose == "largest" else " (one group)"))
    elif clause.takes == "pile":
        body = "takes another player's whole pile whose top card has its rank"
        if anything:
            who = "any card"
    elif page.rules.floor_kind == "stack":
        body = {"rank": "takes the whole pile if the top card has its rank",
                "sums": f"takes the whole pile if the top card is a {summed(page.rules)[:-1]} of its value",
                "all": "takes the whole pile"}[clause.takes]
        if clause.takes == "rank" and anything:
            who, body = "a card of the top card's rank", "takes the whole pile"
    elif clause.takes == "rank":
        body = "takes every floor card of its rank" if page.rules.choose == "largest" else "takes one floor card of its rank"
        if anything:
            who = "any card"
    elif clause.takes == "sums":
        word = summed(page.rules)
        body = (f"takes floor {word} adding up to its value, as many groups as it can"
                if page.rules.choose == "largest" else f"takes a floor {word[:-1]} of its value"
                if page.rules.choose == "pair" else f"takes one group of floor {word} adding up to its value")
    else:
        kept = swept_cards(clause.spared)
        body = f"takes all the {kept} on the floor" if kept else "takes every card on the floor" + (
            f" but the {pattern_phrase(clause.spared, 'pl', 'and')}" if clause.spared is not None else "")
    condition = settle(clause.guard, options_of(page)) if clause.guard is not None else True
    fragment = floor_fragment(condition, page.ctx) if not isinstance(condition, bool) else None
    only = ""
    if clause.takes == "all" and fragment is not None and fragment[0].startswith("LONE:"):
        body = f"can take a lone {fragment[0][5:]}"  # a sweep allowed only on a lone card takes just that card
    elif condition is not True:
        only = f", but only when {say(condition, page.ctx)}"
    text = f"{page.rule_link(clause.key, capitalise(who))} {body}"
    if only and words(text + only) > MOST_WORDS:
        only = f", but not always ({page.rule_link(clause.key, 'see the rule')})"
    return text + only + "."


# ------------------------------------------------------------------ end, score, game

def end_of_hand(page: PageState) -> str:
    rules = page.rules
    if page.one_deal:
        text = "The hand ends when everyone has played their cards (the whole pack was dealt at once). "
        if rules.leftover == "last":
            return text + page.rule_link("end.leftover", "The last player to take also takes what is left on the floor") + "."
        return text + page.rule_link("end.leftover", "Cards left at the end count for nobody") + "."
    if rules.draw or rules.flip:
        text = "The hand ends when the stock is used up and everyone has played their cards. "
        if rules.leftover == "last":
            return text + page.rule_link("end.leftover", "The last player to take also takes what is left on the floor") + "."
        return text + page.rule_link("end.leftover", "Cards left at the end count for nobody") + "."
    more = "deal another round"
    if rules.redeal_floor:
        more += f" (and {rules.redeal_floor} more to the {'pile' if rules.floor_kind == 'stack' else 'floor'})"
    text = f"When everyone has played their cards, {more} until the pack runs out. "
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
        label = capitalise(majority_phrase(majority.what).removeprefix("the "))
        if majority.least is not None:  # Pasur: "Seven or more clubs"
            label = f"{number_text(majority.least)} or more {majority.what}"
        if majority.then:
            tie = f"when level, {join([f'the most {counted_word(c)}' for c in majority.then], 'then')} decides" + \
                (f"; {tie}" if tie else "")
        sentences.append(page.rule_link(f"score.most_{majority.what}", label) +
                         f": {points} {'point' if majority.points == 1 else 'points'}" + (f" ({tie})." if tie else "."))
    cards = card_points(page)
    if cards:
        sentences.append(f"{page.rule_link('score.points', 'Cards taken')}: {cards}.")
    total = sum(m.points for m in rules.majorities) + sum(rules.card_points.values())
    plus, counted = extras(page), score_rule_lines(page)  # bonuses and points of the deal; score rules
    if counted and not total:  # scored by score rules alone (Cuarenta's cartón): no '0 points'
        sentences.append("The cards you took score by these rules" + (f", plus {join(plus)}" if plus else "") + ":")
    else:  # the score rules count on top of the cards' points (Cirulla's Grande), as the bonuses do
        named = ["the " + page.rule_link(c.key, rule_title(page.merged, c.key))
                 for c in named_rules(page, n.ScoreRule) if is_on(page, c)]
        sentences.append(f"A hand holds {number_text(total)} point{'' if total == 1 else 's'}"
                         + (f", plus {join(plus + named)}" if plus or named else "") + (":" if counted else "."))
    return [" ".join(sentences)] + counted


def card_points(page: PageState) -> str:
    """Returns "jacks and aces 1 each, the two of clubs 2" for the cards that score."""
    clause = page.pick("score.points")
    if not isinstance(clause, n.Points):
        return ""
    return ", ".join(join(names) + f" {number_text(evaluate_constant(points, options_of(page)))}" + (" each" if each else "")
                     for names, points, each in point_groups(clause.entries))


def winning(page: PageState) -> str:
    rules = page.rules
    if rules.target == math.inf:
        text = f"After {page.rule_link('game.hands', hands_text(rules.hands_limit))}, the higher total wins. "
    else:
        target = page.rule_link("game.target", f"{number_text(rules.target)} points")
        if rules.win_at_once:
            text = (f"The first to reach {target} wins: " + page.rule_link(
                "game.win_at_once", "points scored during play win there and then, the hand stopping") + ". ")
        else:
            text = f"Scores are added up after each hand; the first to reach {target} wins. "
        if rules.hands_limit is not None:
            text += f"The game stops after {page.rule_link('game.hands', hands_text(rules.hands_limit))} in any case. "
    if rules.countback:
        text += page.rule_link("game.countback", "Level leaders are told apart by a countback") + ". "
    level = {"replay": "If the leaders are level, play another hand",
             "draw": "If the leaders are level, the game is a draw",
             "extend": f"If the leaders are level, the target goes up by {number_text(rules.tie_extension)}"}
    text += page.rule_link("game.tie", level.get(rules.game_tie, "If the leaders are level, see the rule")) + "."
    if rules.best_of > 1:
        text += " " + page.rule_link("match.best_of", f"A match is the best of {rules.best_of} games") + "."
    if rules.lurch is not None:
        games, below = rules.lurch
        text += " " + page.rule_link("match.lurch", f"A win while the losers have under {number_text(below)} "
                                     f"points counts as {games} games (a lurch)") + "."
    return text


def hands_text(count: int | None) -> str:  # "one hand" or "6 hands"
    return "one hand" if count == 1 else f"{count} hands"


__all__ = ["MOST_WORDS", "hands_text", "play_in_a_minute", "words"]
