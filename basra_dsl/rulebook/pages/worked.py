"""The worked examples of a variant page, drawn as floor / played / taken pictures.

Worked examples come from the variant's ``NAME.examples.yaml`` and are played on the
engine while the page is built; any the engine disagrees with become page problems (a
failed ``mkdocs build --strict``).

An example's name, source and options are text from its file: escaped on the page (see
``safe``), and kept free of terminal codes in the problems, which mkdocs prints.
"""

from __future__ import annotations

import re

from ... import cards as C
from ...check.examples import check_examples, read_examples, run_example
from ...diagnostics import DiagnosticError
from ...documents import schema_diagnostics
from ...engine.scoring import number
from ...language.unparse import number_text
from ..text import naming
from ..pictures.cardhtml import card_picture, cards_picture
from ..prose.english import capitalise, join, plural
from ..text.markdown import admonition
from .page_state import PageState
from ..text.safe import inline, plain
from ..prose.sentences import value_text
from ..prose.titles import label
from .why import bonus_rules, why, why_stolen

# ------------------------------------------------------------------ worked examples

def examples(page: PageState) -> str:
    """Returns the worked examples section, recording each disagreement in ``page.problems``."""
    variant = page.variant
    document = read_examples(variant.path) if variant.path else None
    head = "## Worked examples {#examples}\n\n"
    if document is None or not isinstance(document.data, dict):
        return head + ("The variant file comes with no worked examples; see the sample hand "
                       "below" + (f" and the examples of {page.link_variant(variant.parent.text)}"
                                   if variant.parent is not None else "") + ".\n")
    for problem in check_examples(page.merged, document):
        page.problems.append(plain(f"{page.name}: {problem.message}"))
    if any(schema_diagnostics(document, "examples")):
        # an examples file that breaks its schema is reported above, and not played: its
        # examples may lack what playing them needs
        return head + "The worked examples of this variant could not be read: see the warnings.\n"
    found = document.data.get("examples") or []
    text = head + ("Each example below was played out by the rules when this page was made, and came "
                   "out as it says.\n\n"
                   if not page.problems else
                   "Some examples below do not come out as they say: see the warnings.\n\n")
    shown = "\n".join(worked_example(page, example) for example in found)
    # folded in one block the reader opens, so the page stays short to scroll (issue 30)
    return text + admonition("example", f"The {len(found)} worked examples", shown, folded=True) if found else text


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
    elif "dealt" in example:
        lines += dealt_example(page, outcome)
    elif "held" in example:
        lines += held_example(page, outcome)
    else:
        lines += play_example(page, example, outcome)
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
    moment = {"last_round": "in the hand's last round", "last_play": "the hand's last play"}.get(example.get("moment"))
    if moment:
        footer.append(f"When: {moment}")
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
    if rule in ("compulsory", "compulsory hand", "optional"):
        return "capture.compulsion"
    return None


def play_example(page: PageState, example: dict, outcome) -> list[str]:
    """Returns the blocks of a play example: a picture of each play (the floor, the card played,
    what it takes and what stays), then why the last play took what it took and its bonus (all
    as ``run_example`` recorded it on the engine)."""
    rows = earlier_rows(outcome)
    rows.append(last_row(example, outcome))
    return held_words(outcome) + ["\n".join(rows), "  \n".join(play_words(page, example, outcome))]


def held_words(outcome) -> list[str]:
    """Returns what the seats hold besides the cards they play (a builder's card), if anything."""
    said = [f"seat {seat + 1} also holds {join([naming.card_text(c) for c in cards])}"
            for seat, cards in enumerate(outcome.held) if cards]
    return [f"**In hand:** {join(said)}."] if said else []


def earlier_rows(outcome) -> list[str]:
    """Returns a picture row for each play before the last: the floor, the card and what it took."""
    rows, floor, pile = [], outcome.floor, outcome.rules.floor_kind == "stack"
    for play, left in outcome.earlier:
        if play.build:
            rows.append(play_row(slot("Floor", cards_picture(floor, "empty", play.build, pile)),
                                 slot("Earlier play", card_picture(play.card)),
                                 slot(f"Builds {play.value} on", cards_picture(play.build), "then")))
            floor = left
            continue
        if play.steal is not None:  # another seat's pile: the floor stays as it was
            rows.append(play_row(slot("Floor", cards_picture(floor, "empty", (), pile)),
                                 slot("Earlier play", card_picture(play.card)),
                                 slot(f"Takes seat {play.steal + 1}'s pile", cards_picture(play.captured), "then")))
            floor = left
            continue
        took = cards_picture(play.captured, "nothing: it is trailed")
        rows.append(play_row(slot("Floor", cards_picture(floor, "empty", play.captured, pile)),
                             slot("Earlier play", card_picture(play.card)),
                             slot("Takes", took, "then")))
        floor = left
    return rows


def last_row(example: dict, outcome) -> str:
    """Returns the picture row of the last play: the floor with the cards it takes (or names)
    lifted, the card, and what it takes and leaves, the choice it offers, or its refusal."""
    card, named, floor = outcome.played, outcome.named, outcome.floor_before
    pile = outcome.rules.floor_kind == "stack"  # only the top card counts: the picture marks it
    label = "Played" + (" to take the lifted cards" if named else " without capturing" if named == () else "")
    if outcome.steal is not None:
        label = f"Played to take seat {outcome.steal + 1}'s pile"
        if outcome.refused is None:
            return play_row(slot("Floor", cards_picture(floor, "empty", (), pile)), slot(label, card_picture(card)),
                            slot(f"Takes seat {outcome.steal + 1}'s pile", cards_picture(outcome.takes or ()), "then"),
                            slot("Stays on the floor", cards_picture(floor, "nothing", top=pile)))
    if outcome.refused is not None:
        return play_row(slot("Floor", cards_picture(floor, "empty", named or (), pile)), slot(label, card_picture(card)),
                        slot("Result", '<span class="basra-refused">not allowed</span>', "then"))
    if outcome.build:
        return play_row(slot("Floor", cards_picture(floor, "empty", outcome.build, pile)),
                        slot("Played", card_picture(card)),
                        slot(f"Builds {outcome.value} on", cards_picture(outcome.build), "then"))
    if len(outcome.choices) > 1 and "choices" in example.get("expect", {}):
        shown = ' <span class="basra-or">or</span> '.join(cards_picture(c) for c in outcome.choices if c)
        shown = f'<span class="basra-choices">{shown}</span>'
        return play_row(slot("Floor", cards_picture(floor, "empty", top=pile)), slot(label, card_picture(card)),
                        slot("Takes, as the player chooses", shown, "then"))
    takes = outcome.takes or ()
    left = [c for c in floor if c not in set(takes)] + ([] if takes else [card])
    return play_row(slot("Floor", cards_picture(floor, "empty", takes, pile)), slot(label, card_picture(card)),
                    slot("Takes", cards_picture(takes), "then"),
                    slot("Stays on the floor", cards_picture(left, "nothing: the floor is cleared", top=pile)))


def play_row(*slots: str) -> str:
    """Returns one play as a row of labelled slots that wraps on a narrow screen. Spans only: the
    row sits in a paragraph inside an admonition, where Markdown takes no block of HTML. The
    spaces between its parts keep the site's search from gluing words together."""
    return '<span class="basra-play">' + " ".join(slots) + "</span>"


def slot(label: str, content: str, kind: str = "") -> str:
    """Returns one labelled part of a play row (``then`` marks what follows from the play)."""
    classes = "basra-slot" + (f" basra-{kind}" if kind else "")
    return f'<span class="{classes}"><span class="basra-label">{label}</span> {content}</span>'


def play_words(page: PageState, example: dict, outcome) -> list[str]:
    """Returns the lines under the pictures: the refusal, or why the play took what it took and
    the bonus it scored."""
    rules, card, previous, floor = outcome.rules, outcome.played, outcome.previous, outcome.floor_before
    stacks = bool(rules.builds and rules.builds.stack_limit)  # a stack is nobody's (Zwicker)
    standing = [f"{join([naming.card_text(c) for c in b.cards])} make a stack of {b.value}" if stacks else
                f"{join([naming.card_text(c) for c in b.cards])} make a {'multiple ' if b.multiple else ''}build "
                f"of {b.value}, seat {b.owner + 1}'s" for b in outcome.builds_before]
    before = [f"**On the floor:** {join(standing)}."] if standing else []
    if outcome.refused is not None:
        return before + [f"**Result:** this play is not allowed: {inline(player_words(outcome.refused).rstrip('.'))}."]
    if outcome.built is not None and outcome.build:
        b = outcome.built
        if stacks:
            return before + [f"**Result:** a stack of {b.value} ({join([naming.card_text(c) for c in b.cards])}); "
                             f"anyone holding a card of value {b.value} may take it, and only whole."]
        kind = "a multiple build" if b.multiple else "a build"
        return before + [f"**Result:** {kind} of {b.value} ({join([naming.card_text(c) for c in b.cards])}), owned "
                         f"by seat {b.owner + 1}; only a card of value {b.value} takes it, and only whole."]
    if len(outcome.choices) > 1 and "choices" in example.get("expect", {}):
        return [f"**Why:** {why(page, rules, card, floor, outcome.choices[0], previous)}"]
    takes = outcome.takes or ()
    if outcome.steal is not None:
        lines = [f"**Why:** {why_stolen(page, rules, card, outcome.steal, takes)}"]
    else:
        lines = before + [f"**Why:** {build_why(page, outcome) or why(page, rules, card, floor, takes, previous)}"]
    bonus = outcome.basra
    if not rules.basra_rules:
        return lines  # the game scores no bonus: nothing to say of one
    if bonus:
        names = bonus_rules(page, rules, card, floor, takes, previous, bonus)
        # two rules met by one capture score once: say either would do, not that both add up
        by = join(names) if len(names) == 1 else \
            f"by either rule: {join(names, 'or')}" if len(names) == 2 else f"by any one of {join(names, 'or')}"
        lines.append(f"**{capitalise(page.bonus)}:** {number_text(bonus)} {'point' if bonus == 1 else 'points'} ({by})")
    else:
        lines.append(f"**{capitalise(page.bonus)}:** none")
    return lines


def build_why(page: PageState, outcome) -> str | None:
    """Why a capture that takes builds took what it took: each build whole, by a card of its
    value, then the loose cards as the capture rules allow; None when it takes no build."""
    takes = outcome.takes or ()
    whole = [b for b in outcome.builds_before if set(b.cards) <= set(takes)]
    if not whole:
        return None
    built = {x for b in whole for x in b.cards}
    unit = "stack" if outcome.rules.builds and outcome.rules.builds.stack_limit else "build"
    said = [f"a card of value {b.value} takes the {unit} of {b.value} whole" for b in whole]
    loose = tuple(c for c in takes if c not in built)
    if loose:
        floor = tuple(c for c in outcome.floor_before if c not in built)
        said.append(why(page, outcome.rules, outcome.played, floor, loose, outcome.previous))
    text = capitalise("; ".join(said))
    return text if text.endswith(".") else text + "."


def dealt_example(page: PageState, outcome) -> list[str]:
    """Returns the blocks of a dealt example: the first floor as turned up, and what the
    dealing rules make of it (with two players the player after the dealer is the non-dealer)."""
    pile = outcome.rules.floor_kind == "stack"
    row = play_row(slot("First floor, as dealt", cards_picture(outcome.floor, "empty", outcome.takes or (), pile)))
    if outcome.redeal:
        said = "the deal does not count: the cards are shuffled together and the same dealer deals again."
    elif outcome.taker in ("dealer", "next"):
        who = "the dealer" if outcome.taker == "dealer" else \
            "the non-dealer" if outcome.rules.players == 2 else "the player after the dealer"
        said = (f"{who} takes the whole floor at once and scores {number_text(outcome.basra)} "
                f"{'point' if outcome.basra == 1 else 'points'} for it." if outcome.basra else
                f"{who} takes the whole floor into their pile at once (no bonus).")
    else:
        said = "it stays, and play begins as usual."
    return [row, f"**Result:** {said}"]


def held_example(page: PageState, outcome) -> list[str]:
    """Returns the blocks of a held example: a hand as dealt, and the bonus its holder scores."""
    row = play_row(slot("Dealt to a player", cards_picture(outcome.floor)))
    points = number_text(outcome.basra)
    said = (f"the player scores {points} {'point' if outcome.basra == 1 else 'points'} at once, counted with the "
            f"{plural(page.bonus)}." if outcome.basra else "no bonus: the hand shows nothing the rules reward.")
    return [row, f"**Result:** {said}"]


def score_example(example: dict, outcome) -> list[str]:
    """Returns the lines of a score example: a table of each side's cards and points, and carries."""
    score = example["score"]
    rows = ["| Side | Cards taken | Cards that matter | Bonuses | Points |", "| --- | --- | --- | --- | --- |"]
    for index, side in enumerate(score["sides"]):
        with_cards = [C.parse_card(x) for x in side.get("with", [])]
        bonuses = ", ".join(number_text(b) for b in side.get("bonuses", [])) or "—"
        points = number_text(outcome.points[index]) if index < len(outcome.points) else "—"
        cards = inline(str(side.get("cards", len(with_cards))))  # a number, unless the file breaks its schema
        rows.append(f"| {index + 1} | {cards} | {cards_picture(with_cards, 'none named')} | {bonuses} | "
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
        return naming.card_text(C.parse_card(match.group(0)))
    return CARD_CODE.sub(glyph, message)
