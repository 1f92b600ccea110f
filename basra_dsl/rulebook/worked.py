"""The worked examples and the illustrative hand at the end of a variant page.

Worked examples come from the variant's ``NAME.examples.yaml`` and are played on the
engine while the page is built; any the engine disagrees with become page problems (a
failed ``mkdocs build --strict``). The illustrative hand is dealt with a fixed seed, so
the page is the same on every build.

An example's name, source and options are text from its file: escaped on the page (see
``safe``), and kept free of terminal codes in the problems, which mkdocs prints.
"""

from __future__ import annotations

import random
import re

from .. import cards as C
from ..check.examples import check_examples, read_examples, run_example
from ..diagnostics import DiagnosticError
from ..documents import schema_diagnostics
from ..engine import Game
from ..engine.random_play import random_move
from ..engine.scoring import number
from ..language.unparse import number_text
from .cardhtml import card_html, cards_html
from .english import capitalise, join
from .markdown import admonition
from .page_state import PageState
from .safe import inline, plain
from .sentences import label, value_text
from .why import bonus_rules, why

ILLUSTRATION_SEED = 1


# ------------------------------------------------------------------ worked examples

def examples(page: PageState) -> str:
    """Returns the worked examples section, recording each disagreement in ``page.problems``."""
    variant = page.variant
    document = read_examples(variant.path) if variant.path else None
    head = "## Worked examples {#examples}\n\n"
    if document is None or not isinstance(document.data, dict):
        return head + ("The variant file comes with no worked examples; see the illustrative hand "
                       "below" + (f" and the examples of {page.link_variant(variant.parent.text)}"
                                   if variant.parent is not None else "") + ".\n")
    for problem in check_examples(page.merged, document):
        page.problems.append(plain(f"{page.name}: {problem.message}"))
    if any(schema_diagnostics(document, "examples")):
        # an examples file that breaks its schema is reported above, and not played: its
        # examples may lack what playing them needs
        return head + "The worked examples of this variant could not be read: see the warnings.\n"
    found = document.data.get("examples") or []
    text = head + (f"Each example below was played out by the rules when this page was made, and came "
                   f"out as it says ({len(found)} examples).\n\n"
                   if not page.problems else
                   "Some examples below do not come out as they say: see the warnings.\n\n")
    for example in found:
        text += worked_example(page, example) + "\n"
    return text


def worked_example(page: PageState, example: dict) -> str:
    """Returns one worked example as an admonition: the plays (or the score) and what it shows."""
    name = str(example["name"])
    title = capitalise(inline(name))
    try:
        outcome = run_example(page.merged, example)
    except DiagnosticError as exc:
        message = "; ".join(d.message for d in exc.diagnostics)  # it may quote the file
        page.problems.append(plain(f"{page.name}: example '{name}': {message}"))
        return admonition("failure", title, f"This example could not be played: {inline(player_words(message))}")
    lines = []
    if "score" in example:
        lines += score_example(example, outcome)
    else:
        lines.append("  \n".join(play_example(page, example, outcome)))  # one block, a line each
    footer = example_footer(page, example)
    if footer:
        lines.append("<small>" + " · ".join(footer) + "</small>")
    return admonition("example", title, "\n\n".join(lines))


def example_footer(page: PageState, example: dict) -> list[str]:
    """Returns the small print under an example: its rule, options, players and source."""
    footer = []
    key = rule_key(page, example.get("rule"))
    if key:
        footer.append(f"Rule: {page.rule_link(key, label(page.merged.clauses[key][0]))}")
    if example.get("options"):
        footer.append("Options: " + ", ".join(f"*{inline(str(k))}* = {inline(value_text(v))}"
                                              for k, v in example["options"].items()))
    if example.get("players"):
        footer.append(f"{inline(str(example['players']))} players")
    if example.get("cite"):
        footer.append(f"Source: {inline(str(example['cite']))}")
    return footer


def rule_key(page: PageState, rule: str | None) -> str | None:
    """Returns the clause key an example's ``rule:`` names (a rule name, or compulsory/optional)."""
    if not rule:
        return None
    for key in page.merged.clauses:
        if key.split(".", 1)[1] == rule:
            return key
    if rule in ("compulsory", "optional"):
        return "capture.compulsion"
    return None


def play_example(page: PageState, example: dict, outcome) -> list[str]:
    """Returns the lines of a play example: the floor, each play, what the last one took and why
    (all as ``run_example`` recorded it on the engine)."""
    rules, card, capture = outcome.rules, outcome.played, outcome.named
    floor_now, previous = outcome.floor_before, outcome.previous
    lines = [f"**Floor:** {cards_html(outcome.floor, 'empty')}"]
    for play, left in outcome.earlier:
        lines.append(f"**Earlier play:** {card_html(play.card)} " +
                     (f"takes {cards_html(play.captured)}" if play.captured else "is trailed") +
                     f", leaving {cards_html(left, 'an empty floor')}")
    wanted = f" naming the capture {cards_html(capture)}" if capture else (
        " without capturing" if capture == () else "")
    lines.append(f"**Played:** {card_html(card)}{wanted}")
    if outcome.refused is not None:
        lines.append(f"**Result:** this play is not allowed: {inline(player_words(outcome.refused).rstrip('.'))}.")
        return lines
    if len(outcome.choices) > 1 and "choices" in example.get("expect", {}):
        shown = " or ".join(cards_html(c) for c in outcome.choices if c)
        lines.append(f"**Takes:** the player chooses: {shown}.")
        lines.append(f"**Why:** {why(page, rules, card, floor_now, outcome.choices[0], previous)}")
        return lines
    takes = outcome.takes or ()
    lines.append(f"**Takes:** {cards_html(takes)}")
    lines.append(f"**Why:** {why(page, rules, card, floor_now, takes, previous)}")
    bonus = outcome.basra
    if bonus:
        names = bonus_rules(page, rules, card, floor_now, takes, previous, bonus)
        lines.append(f"**{capitalise(page.bonus)}:** {number_text(bonus)} points ({join(names)})")
    else:
        lines.append(f"**{capitalise(page.bonus)}:** none")
    return lines


def score_example(example: dict, outcome) -> list[str]:
    """Returns the lines of a score example: a table of each side's cards and points, and carries."""
    score = example["score"]
    rows = ["| Side | Cards taken | Cards that matter | Bonuses | Points |", "| --- | --- | --- | --- | --- |"]
    for index, side in enumerate(score["sides"]):
        with_cards = [C.parse_card(x) for x in side.get("with", [])]
        bonuses = ", ".join(number_text(b) for b in side.get("bonuses", [])) or "—"
        points = number_text(outcome.points[index]) if index < len(outcome.points) else "—"
        cards = inline(str(side.get("cards", len(with_cards))))  # a number, unless the file breaks its schema
        rows.append(f"| {index + 1} | {cards} | {cards_html(with_cards)} | {bonuses} | "
                    f"**{points}** |")
    lines = []
    if score.get("carry"):
        lines.append("Carried in from the last hand: " + ", ".join(number_text(c) for c in score["carry"]) + " points.")
    lines.append("\n".join(rows))
    carried = [number(c) for c in outcome.carry]
    if any(carried):
        lines.append("Carried to the next hand: " + ", ".join(number_text(c) for c in carried) + " points.")
    return lines


CARD_CODE = re.compile(r"\b(10|[2-9TJQKA])([CDHS])\b")


def player_words(message: str) -> str:
    """Returns a rule's refusal as players write cards: 8♥ for the engine's 8H."""
    def glyph(match: re.Match) -> str:
        rank = "10" if match.group(1) in ("T", "10") else match.group(1)
        return rank + C.SUIT_GLYPHS[C.SUITS.index(match.group(2))]
    return CARD_CODE.sub(glyph, message)


# ------------------------------------------------------------------ the illustrative hand

def illustration(page: PageState) -> str:
    """Returns a hand dealt and played by random bots with a fixed seed, the first plays explained."""
    rules = page.rules
    rng = random.Random(ILLUSTRATION_SEED)
    state = Game(rules).new_hand(rng)
    text = (f"## An illustrative hand {{#illustration}}\n\nA hand shuffled and dealt for this page "
            f"({rules.players} players, default options), each player playing a card at random from "
            f"their hand. The table shows the first plays; the rest of the hand is played the same way "
            f"and scored below. Player 1 plays first.\n\n")
    text += f"**First floor:** {cards_html(state.floor, 'empty')}\n\n"
    for seat in range(rules.players):
        text += f"**Player {seat + 1}** holds {cards_html(state.hands[seat])}"
        side = rules.side_of(seat)
        if len(rules.sides[side]) > 1:
            text += f" (side {side + 1})"
        text += "  \n"
    rows = ["| # | Player | Floor before | Plays | Takes | Why |", "| --- | --- | --- | --- | --- | --- |"]
    shown = rules.players * min(rules.hand_size, 4)
    plays = 0
    while not state.is_terminal():
        seat = state.current_player
        card, capture = random_move(state, rng)
        floor = tuple(state.floor)
        previous = state.previous
        play = state.play(card, capture)
        plays += 1
        if plays <= shown:
            reason = why(page, rules, card, floor, play.captured, previous)
            if play.bonus:
                reason += f" **{capitalise(page.bonus)} +{number_text(play.bonus)}**"
            rows.append(f"| {plays} | {seat + 1} | {cards_html(floor, 'empty')} | {card_html(card)} | "
                        f"{cards_html(play.captured, '—')} | {reason} |")
    text += "\n" + "\n".join(rows) + "\n\n"
    return text + hand_result(page, state.result(), plays)


def hand_result(page: PageState, result, plays: int) -> str:
    """Returns the table of what each side scored at the end of the illustrative hand."""
    text = (f"The hand went on for {plays} plays in all. At its end the sides scored:\n\n"
            f"| Side | Players | Cards | {page.bonus_title()} | Points |\n| --- | --- | --- | --- | --- |\n")
    for index, side in enumerate(result.sides):
        players = ", ".join(str(seat + 1) for seat in side.seats)
        text += f"| {index + 1} | {players} | {side.cards} | {side.basras} | {number_text(side.points)} |\n"
    if any(result.carry_out):
        text += f"\nCarried to the next hand: {', '.join(number_text(c) for c in result.carry_out)} points.\n"
    return text
