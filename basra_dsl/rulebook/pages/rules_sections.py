"""The 'Rules' tab of a variant page: one section per part of the game, a bullet per clause.

Each clause becomes a bullet with an anchor (``rule-capture-jack``), its sentence, where it
was inherited from, and the comments written above it in the variant file (a parent's only
while what they explain is unchanged: see ``comments.travels``). The scoring
section adds a table of every scoring item with its totals.
"""

from __future__ import annotations

from ...language import expressions as X
from ...language.evaluation import evaluate_constant
from ...language import nodes as n
from ...language.merge import option_value
from ...language.unparse import number_text
from .comments import paragraph, travels
from .differences import describe_key
from ..prose.english import article, capitalise, join, majority_phrase, plural
from ..text.markdown import admonition, anchor, indent
from .bonus_overlap import bonuses_overlap
from .bonus_values import bonus_value_tables, is_on, named_rules
from .quickstart_extras import range_text, score_range
from ..prose.card_counts import values_sentence
from .page_state import PageState
from ..text.safe import inline
from ..prose.sentences import entry_phrase, point_values, points_phrase, value_text
from ..prose.titles import rule_title

ORDER = {
    "setup": ["setup.players", "setup.partners", "setup.deck", "setup.suits", "setup.values", "setup.played_values", "setup.floor_values", "setup.cut", "setup.deal", "setup.hand",
              "setup.direction",
              "setup.lead", "setup.deal_passes",
              "setup.floor", "setup.start_floor", "setup.redeal_floor", "setup.draw", "setup.flip"],
    "capture": [],  # named rules in file order, then choose and compulsion (below)
}
TIE_WORDS = {"carry": "a tie carries them to the next hand", "each": "a tie pays each tied side",
             "split": "tied sides share them",
             "nobody": "a tie pays nobody"}


def sections(page: PageState) -> list[str]:
    """Returns the sections of the Rules tab, leaving out any that have nothing to say."""
    out = [setup_section(page), dealing_section(page), capture_section(page), basra_section(page), end_section(page),
           score_section(page), game_section(page), options_section(page)]
    return [s for s in out if s]


def keys_of(page: PageState, section: str) -> list[str]:
    """Returns a section's clause keys in reading order (see ORDER; the rest in file order)."""
    keys = [k for k in page.merged.clauses if k.startswith(section + ".")]
    order = ORDER.get(section, [])
    ranked = [k for k in order if k in keys]
    rest = [k for k in keys if k not in order]
    if section == "capture":
        tail = [k for k in ("capture.run", "capture.floor_first", "capture.pairs_first", "capture.choose",
                            "capture.compulsion")
                if k in rest]
        rest = [k for k in rest if k not in tail] + tail
    if section == "basra":
        rest = [k for k in rest if k == "basra.called"] + [k for k in rest if k != "basra.called"]
    return ranked + rest


# ------------------------------------------------------------------ one bullet per clause

def items(page: PageState, keys: list[str]) -> str:
    return "\n".join(item(page, key) for key in keys)


def item(page: PageState, key: str) -> str:
    """Returns a clause's bullet: its title, its sentences (alternatives run into one passage)
    and its notes."""
    page.anchors.append(anchor(key))
    head = f"- **{rule_title(page.merged, key)}**{{#{anchor(key)}}}"
    text = f"{head} — {describe_key(page.merged, key, page.speaker)}{origin_note(page, key)}\n"
    for found in page.notes(key):
        text += "\n" + indent(admonition("note", "Note", paragraph(found)))
    return text


def origin_note(page: PageState, key: str) -> str:
    """Returns "(as in PARENT)" for a clause a child variant inherits, linked to where it is stated."""
    origin = page.merged.origin.get(key)
    if page.variant.parent is None or origin is None or origin == page.name:
        return ""
    if not all(travels(page.merged, key, clause) for clause in page.merged.clauses.get(key, ())):
        return ""  # inherited words, but read with clauses this variant changed: not as there
    titles = {v.name.text: v.title or v.name.text for v in page.merged.chain}
    return f" <small>(as in {page.link_variant(origin, key, titles.get(origin, origin))})</small>"


# ------------------------------------------------------------------ the sections

def setup_section(page: PageState) -> str:
    keys = keys_of(page, "setup")
    intro = ""
    if "setup.players" not in keys:
        intro = "The variant names no player counts, so it is played by two.\n\n"
    return f"## Setup and deal {{#setup}}\n\n{intro}{items(page, keys)}"


def dealing_section(page: PageState) -> str:
    keys = keys_of(page, "dealing")
    if not keys:
        return ""
    redeal = [k for k in keys if k == "dealing.redeal"]
    bonuses = [k for k in keys if k != "dealing.redeal"]
    hands = all(getattr(page.merged.first(k), "of_hand", False) for k in bonuses) and not redeal
    if hands:  # only the cards dealt to the players are looked at (Cuarenta's ronda): its floor starts empty
        return f"## The deal {{#dealing}}\n\nThe cards dealt are looked at before anyone plays.\n\n{items(page, bonuses)}"
    intro = "The first floor is looked at as soon as it is dealt, before anyone plays."
    if len(bonuses) > 1:
        intro += " Where it meets two of the rules below that give it away, only the larger bonus counts."
    return f"## The first floor {{#dealing}}\n\n{intro}\n\n{items(page, redeal + bonuses)}"


def capture_section(page: PageState) -> str:
    counts = values_sentence(page.rules)  # what the cards count, which the rules below rely on
    partners = any(len(side) > 1 for rules in page.by_players.values() for side in rules.sides)
    intro = ((f"{counts}\n\n" if counts else "") +
             "Players take turns, each playing one of their cards face up. A card can take "
             "floor cards by the rules below; a card that takes nothing stays on the floor (it is "
             "*trailed*). " + (_face_up_piles() if page.rules.takes_piles else
                               "Taken cards, with the card that took them, go face down in front of the player"
                               + (" (for partners, in one pile per side)" if partners else "") + ".") + "\n\n")
    return f"## Play and capture {{#capture}}\n\n{intro}{items(page, keys_of(page, 'capture'))}"


def _face_up_piles() -> str:
    return ("Each player keeps the cards they take face up in one pile, the card that took them on top, so "
            "everyone sees every pile's top card.")


def basra_section(page: PageState) -> str:
    keys = keys_of(page, "basra")
    rules = [k for k in keys if isinstance(page.merged.clauses[k][0], n.BasraRule)]
    if not rules and not keys:
        return ""  # a game without bonuses has no section on them
    if not rules:
        intro = f"This variant scores no {plural(page.bonus)}.\n\n"
    else:
        added = ("counted at once: it may win the game there and then" if page.rules.win_at_once
                 else "added to the side's score at the end of the hand")
        intro = (f"{article(page.bonus)[:2].strip().capitalize()} *{page.bonus}* is a bonus scored by a capture, kept apart from the cards "
                 f"and {added}. A trailed card never scores one.")
        if bonuses_overlap(page.merged, page.rules.deck):  # said only where one capture can meet two
            intro += " Where one capture meets two of these rules, we count only the larger bonus."
        intro += "\n\n"
    tables = bonus_value_tables(page)  # what a bonus scores card by card, where the card decides
    return f"## {page.bonus_title()} {{#basra}}\n\n{intro}{items(page, keys)}" + (f"\n{tables}" if tables else "")


def end_section(page: PageState) -> str:
    keys = keys_of(page, "end")
    intro = ("The hand ends when the pack is used up and every card has been played.\n\n")
    return f"## End of hand {{#end}}\n\n{intro}{items(page, keys)}"


def score_section(page: PageState) -> str:
    keys = keys_of(page, "score")
    text = "## Scoring {#score}\n\nAt the end of each hand, every side counts the cards it took.\n\n"
    text += items(page, keys)
    text += "\n" + score_table(page)
    return text


def game_section(page: PageState) -> str:
    keys = keys_of(page, "game") + keys_of(page, "match")
    return f"## End of game and match {{#game}}\n\n{items(page, keys)}"


def options_section(page: PageState) -> str:
    """Returns the table of options (each with an anchor) and the notes written above them."""
    if not page.merged.options:
        return ""
    rows = ["| Option | Choices | Default | What it changes |", "| --- | --- | --- | --- |"]
    notes = []
    for name, option in page.merged.options.items():
        choices = " \\| ".join(value_text(option_value(c)) for c in option.choices)
        rows.append(f"| **{name}**{{#option-{name}}} | {choices} | {value_text(option_value(option.default))} | "
                    f"{inline(option.doc or '')} |")
        page.anchors.append(f"option-{name}")
        found = page.comments.above(option.span.path, option.span.line)
        if found:
            notes.append(admonition("note", f"About the option {name}", paragraph(found), folded=True))
    text = ("## Options {#options}\n\nA table may choose these; the rules above are shown with the "
            "defaults.\n\n")
    return text + "\n".join(rows) + "\n\n" + "\n".join(notes)


# ------------------------------------------------------------------ the score table

def score_table(page: PageState) -> str:
    """Returns every scoring item with its points and how many a hand can hold, and their total.

    The total is checked against the variant's stated ``total``, so a file that miscounts
    its own points says so on its page.
    """
    rules = page.rules
    rows = ["| Scoring item | Points | In the pack | At most in one hand |", "| --- | --- | --- | --- |"]
    total = 0.0
    options = page.defaults | {"players": rules.players}
    for majority in rules.majorities:
        key = f"score.most_{majority.what}"
        tie = TIE_WORDS.get(majority.tie, majority.tie)
        most = number_text(majority.points)
        if majority.tie == "carry":  # a tied hand's award is added to the next one's
            most += " (more after a tie carried over)"
        if majority.tie == "each":  # a tie pays every tied side: as many as can tie at any table size
            tied = max((most_tied(len(r.deck), len(r.sides)) for r in page.by_players.values()), default=2)
            most += f" to each tied side ({number_text(majority.points * 2)} when two sides tie" + \
                (")" if tied == 2 else f", {number_text(majority.points * tied)} when {tied} do)")
        rows.append(f"| {page.rule_link(key, capitalise(majority_phrase(majority.what).removeprefix('the ')))} ({tie}) | "
                    f"{number_text(majority.points)} | — | {most} |")
        total += majority.points
    clause = page.pick("score.points", options)
    deck = frozenset(rules.deck)
    for entry in clause.entries if isinstance(clause, n.Points) else ():
        value = evaluate_constant(entry.points, options)
        count = len(X.pattern_set(entry.pattern, deck))
        rows.append(f"| {page.rule_link('score.points', capitalise(entry_phrase(entry.pattern)))} | "
                    f"{number_text(value)} | {count} | {number_text(value * count)} |")
        total += value * count
    if total:  # a game whose cards score only by its score rules (Cuarenta's cartón) has no fixed total
        said = "All the points above" if page.rules.score_rules else "All the points of a hand"  # score rules add more
        rows.append(f"| **{said}** | | | **{number_text(total)}** |")
    rows += extra_rows(page, options)
    basras = [c for c in page.merged.rules("basra") if isinstance(c, n.BasraRule)]
    if basras:
        values = [point_values(c.points, page.merged) for c in basras]
        worth = join([number_text(v) for v in sorted({v for vs in values if vs for v in vs})]
                     + sorted({points_phrase(c.points, page.merged, c.guard, page.rules.values)
                               for c, vs in zip(basras, values) if vs is None}),
                     "or")  # points the play decides, in words
        each = page.rule_link("basra." + basras[0].name.text, "Each " + page.bonus)
        rows.append(f"| {each} | {worth} | — | no limit |")
    text = "\n".join(rows) + "\n"
    text += _total_check(page, total)
    if rules.players != max(page.by_players, default=rules.players) and \
            any(r.majorities != rules.majorities or r.card_points != rules.card_points
                for r in page.by_players.values()):
        text += f"\nThe table is for {rules.players} players with the default options.\n"
    return text


def extra_rows(page: PageState, options: dict) -> list[str]:
    """Returns the rows of what a side scores besides its cards' points and its bonuses for
    captures: each score rule (Cirulla's Grande), each first floor won at the deal and each
    bonus for the cards a player is dealt, as they hold with the default options."""
    rows = []
    for clause in named_rules(page, n.ScoreRule):
        if is_on(page, clause):
            found = score_range(page, clause)
            worth = range_text(*found) if found else "by the cards"
            rows.append(f"| {page.rule_link(clause.key, rule_title(page.merged, clause.key))} | {worth} | — | "
                        f"{number_text(found[1]) if found else '—'} |")
    for clause in named_rules(page, n.FloorBonus):
        if not is_on(page, clause) or isinstance(clause.points, n.Number) and clause.points.value == 0:
            continue  # off by default, or a floor won for nothing (its cards count as taken)
        try:
            worth = number_text(evaluate_constant(clause.points, options))
        except (ArithmeticError, TypeError, ValueError, NameError):
            worth = page.speaker.num(clause.points)
        how, most = ("declared", f"{worth} a deal for each player") if clause.taker == "declarer" else \
            ("dealt", f"{worth} a deal for each player") if clause.of_hand else \
            (page.speaker.taker_words(options.get(clause.taker, clause.taker)), f"{worth}, at the first deal")
        rows.append(f"| {page.rule_link(clause.key, rule_title(page.merged, clause.key))} ({how}) | {worth} | — | "
                    f"{most} |")
    return rows


def most_tied(cards: int, sides: int) -> int:
    """Returns how many sides at most can tie for the most cards when ``cards`` are shared out
    among ``sides``: k sides tie on m each while the others hold fewer than m."""
    return max((k for k in range(2, sides + 1) for m in range(1, cards + 1)
                if k * m <= cards <= k * m + (sides - k) * (m - 1)), default=2)


def _total_check(page: PageState, total: float) -> str:
    """Returns a warning when the points the rules say a hand holds differ from the table's
    total ("" when they agree: the table has said it, and the rule above says it in words)."""
    claim = page.rules.total_claim
    if claim is None or float(claim) == total:
        return ""
    return "\n" + admonition("warning", "The points do not add up",
                             f"The {page.rule_link('score.total', 'rules')} say a hand holds {number_text(claim)} "
                             f"points; the items above add up to {number_text(total)}.")
