"""The 'At a glance' box at the top of a variant page: players, deck, deal, sweeps, target.

Every row links to the clause it comes from, so the box doubles as a table of contents.
"""

from __future__ import annotations

from ...language import nodes as n
from ...language.unparse import number_text
from ..prose.english import article, capitalise, conjuncts, join, option_link, pattern_phrase, plural, say, uses_play
from ..prose.plays import swept_cards
from ..text.markdown import admonition
from .quickstart import floor_counts
from .page_state import PageState
from .bonus_values import is_on
from ..text.safe import inline, link
from .differences import lower_first
from ..prose.plays import floor_fragment
from ..prose.sentences import COUNTING, points_phrase
from ..prose.titles import rule_title


def summary(page: PageState) -> str:
    """Returns the 'At a glance' admonition of a variant page."""
    variant = page.variant
    rows: list[tuple[str, str]] = [
        ("Players", players(page)),
        ("Deck", page.rule_link("setup.deck", f"{len(page.rules.deck)} cards")),
        ("Cards dealt", dealt(page)),
        ("Floor", page.rule_link("setup.floor", floor(page))),
        ("What sweeps the floor", sweeps_row(page)),
        *([(f"{capitalise(article(page.bonus))} is worth", join(bonus_worth(page)) or f"no {plural(page.bonus)} are scored")]
          if page.scores_bonuses else []),
        ("Target", target(page)),
    ]
    if variant.aliases:
        rows.append(("Also called", ", ".join(inline(alias) for alias in variant.aliases)))
    if variant.region:
        rows.append(("Region", inline(variant.region)))
    if variant.sources:
        rows.append(("Sources", "; ".join(source_text(source) for source in variant.sources)))
    if variant.parent is not None:
        rows.append(("Extends", page.link_parent()))
    table = "| | |\n| --- | --- |\n" + "\n".join(f"| **{k}** | {v} |" for k, v in rows)
    return admonition("abstract", "At a glance", table)


def players(page: PageState) -> str:
    """Returns the player counts, and the counts that play in partnerships."""
    counts = page.merged.player_counts()
    text = page.rule_link("setup.players", join([str(c) for c in counts], "or"))
    partners = [c for c in counts if c in page.by_players and any(len(s) > 1 for s in page.by_players[c].sides)]
    if partners and partners == list(counts):
        text += f", {page.rule_link('setup.partners', 'as partners')}"
    elif partners:
        text += f"; {page.rule_link('setup.partners', 'partners')} with {join([str(c) for c in partners], 'or')}"
    return text


def dealt(page: PageState) -> str:
    """Returns the hand size (per player count where it differs) and the cards dealt to the floor."""
    sizes: dict[int, list[int]] = {}
    for count, rules in page.by_players.items():
        sizes.setdefault(rules.hand_size, []).append(count)
    if len(sizes) <= 1:
        hand = f"{page.rules.hand_size} to each player" + ("" if page.one_deal or page.rules.draw or page.rules.flip else " each round")
    else:
        hand = "; ".join(f"{size} each with {join([str(c) for c in counts], 'or')} players"
                         for size, counts in sizes.items())
    text = page.rule_link("setup.hand", hand)
    if page.rules.start_floor:
        text += f", {page.rule_link('setup.start_floor', f'{page.rules.start_floor} to the floor at the start')}"
        text += floor_counts(page)
    if page.rules.redeal_floor:
        text += f", {page.rule_link('setup.redeal_floor', f'{page.rules.redeal_floor} more each round')}"
    if page.rules.draw:
        text += f", {page.rule_link('setup.draw', f'{page.rules.draw} drawn from the stock after each play')}"
    if page.rules.flip:
        text += f", {page.rule_link('setup.flip', f'{page.rules.flip} turned from the stock and played after each play')}"
    return text


def floor(page: PageState) -> str:
    if page.rules.floor_kind == "stack":
        return "a face-up pile; only the top card counts"
    return "face up, side by side; any card can be taken"


def sweeps_row(page: PageState) -> str:
    """Returns the cards that take the whole floor, then the rules that take only a lone card
    (no sweep: "any card but a jack can take a lone seven of diamonds")."""
    swept, lone = sweeps(page)
    text = join(swept) or ("nothing" if lone else "no card of its own: the floor is cleared only by taking every card on it")
    return text + "".join(f"; {each}" for each in lone)


def sweeps(page: PageState) -> tuple[list[str], list[str]]:
    """Returns each rule that takes the whole floor, with its condition where it has one, and
    each rule that takes a lone card whatever it is."""
    swept, lone = [], []
    for c in page.merged.rules("capture"):
        if not isinstance(c, n.CaptureRule) or c.takes != "all":
            continue
        key = f"capture.{c.name.text}"
        fragment = floor_fragment(c.guard, page.ctx) if c.guard is not None else None
        if fragment is not None and fragment[0].startswith("LONE:"):
            lone.append(page.rule_link(key, f"{pattern_phrase(c.pattern)} can take a lone {fragment[0][5:]}"))
        else:
            spared = f" (all but the {pattern_phrase(c.spared, 'pl', 'and')})" if c.spared is not None \
                and swept_cards(c.spared) is None else ""  # the jack that leaves kings and queens (Pasur)
            swept.append(page.rule_link(key, pattern_phrase(c.pattern)) + spared
                         + (" (only when " + say(c.guard, page.ctx) + ")" if c.guard is not None else ""))
    return swept, lone


def bonus_worth(page: PageState) -> list[str]:
    """Returns each basra rule's points and title, noting the rules that an option switches."""
    worth = []
    for c in page.merged.rules("basra"):
        if isinstance(c, n.BasraRule):
            # "twice the value (counting a queen as 10)": its counting said without a second bracket
            points = COUNTING.sub(r", counting \1,", points_phrase(c.points, page.merged, c.guard,
                                                                         page.rules.values)).rstrip(",")
            # a condition on options alone (not on the play) means a table can switch the rule: an
            # option to take up where it is off by default, one to turn off where it is on
            extra = "" if c.guard is None or all(uses_play(p) for p in conjuncts(c.guard)) else \
                ", which a table may turn off" if is_on(page, c) else ", an option"
            title = lower_first(rule_title(page.merged, f"basra.{c.name.text}"))
            worth.append(page.rule_link(f"basra.{c.name.text}", f"{points} ({title}{extra})".replace(", (", " (")))
    return worth


def target(page: PageState) -> str:
    """Returns the points a game is played to, and the option that changes them if there is one."""
    if page.rules.target == float("inf"):
        count = page.rules.hands_limit
        return page.rule_link("game.hands", "one hand" if count == 1 else f"{count} hands")
    text = page.rule_link("game.target", f"{number_text(page.rules.target)} points")
    option = option_of(page, "game.target")
    if option:
        text += f" (option {option_link(option)})"
    return text


def option_of(page: PageState, key: str) -> str | None:
    """Returns the option that a clause takes its value from, if it names one."""
    clause = page.pick(key)
    for value in vars(clause).values() if clause else ():
        if isinstance(value, n.Name) and value.id in page.merged.options:
            return value.id
    return None


def source_text(source) -> str:
    """Returns a source as a link (or its title in italics, and a link that is not http(s) as
    text) with its note."""
    text = link(source.title, source.link)
    if source.note:
        text += f" ({inline(source.note)})"
    return text
