"""The sample hand at the end of a variant page: the first turns of a real deal, each explained.

``sample_search`` deals and plays the hand on the engine by the variant's own rules and
chooses the deal whose first turns show the most of them; this module writes those turns
as a table a card player reads: the floor, what the player held, and one line on what
happened and why. Seeds are fixed, so the page is the same on every build.
"""

from __future__ import annotations

from ... import cards as C
from ...engine import RuleError
from ...engine.rules import Rules
from ...language import nodes as n
from ...language.unparse import number_text
from ..prose.card_counts import sum_rule_for
from ..pictures.cardhtml import card_html, cards_html, cards_picture
from ..prose.english import article, capitalise, join
from .page_state import PageState
from ..prose.plays import floor_fragment
from ..text.markdown import admonition
from ..text.safe import plain
from .sample_search import SampleHand, Turn, choose_sample, sweep_rule

NUMBER_WORDS = ("no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
                "eleven", "twelve")


def sample_hand(page: PageState) -> str:
    """Returns the 'A sample hand' section of a variant page."""
    try:
        sample = choose_sample(page.rules)
    except RuleError as exc:  # a rule that fails on a real play: the page says so, the build warns
        where = f"{exc.span.path}:{exc.span.line}:{exc.span.column}: " if exc.span else ""
        page.problems.append(plain(f"{where}the sample hand could not be played: {exc} (B710)"))
        return "## A sample hand {#sample-hand}\n\nA rule of this variant fails in play, so no sample hand is shown.\n"
    if not sample.turns:
        return "## A sample hand {#sample-hand}\n\nThis variant deals no cards to play, so there is no sample hand.\n"
    head = "## A sample hand {#sample-hand}\n\n"
    text = (f"{head}The first {words(len(sample.turns))} turns of a hand, "
            f"played by the rules above and chosen to show each rule at work.\n\n{table_intro(page, sample)} "
            f"In each row the card played and the cards it takes are lifted.\n\n")
    rows = ["| Turn | Floor | Player's cards | What happens |", "| --- | --- | --- | --- |"]
    pile = page.rules.floor_kind == "stack"  # only the top card counts: the picture marks it
    redeals = 0
    for number, turn in enumerate(sample.turns, 1):
        if turn.fresh_deal:
            redeals += 1
            rows.append(f"| | | | *{redeal_text(sample, redeals)}* |")
        # pictures for the floor and the hand, the cards taken and the card played lifted
        lifted = () if turn.steal is not None else turn.capture or turn.build  # a pile taken leaves the floor
        rows.append(f"| {number} | {cards_picture(turn.floor, 'empty', lifted, pile)} | "
                    f"{cards_picture(turn.hand, marked=(turn.card,))} | {turn_line(page, turn)} |")
    ending = final_score(sample)
    table = "\n".join(rows) + "\n" + (f"\n{ending}\n" if ending else "")
    return text + admonition("example", f"The {words(len(sample.turns))} turns, card by card", table, folded=True)


def words(count: int) -> str:
    return NUMBER_WORDS[count] if count < len(NUMBER_WORDS) else str(count)


def player(seat: int) -> str:
    return f"player {seat + 1}"


def players(seats) -> str:
    return ("players " if len(seats) > 1 else "player ") + join([str(s + 1) for s in seats])


# ------------------------------------------------------------------ the table's setting

def table_intro(page: PageState, sample: SampleHand) -> str:
    """Returns who plays, who dealt and who leads, and anything won straight from the deal."""
    rules = page.rules
    text = f"{capitalise(words(rules.players))} players"
    if any(len(s) > 1 for s in rules.sides):
        text += f" in partnerships, {' against '.join(players(s) for s in rules.sides)}"
    text += ", with the default options. " if page.defaults else ". "
    dealer = capitalise(player(sample.dealer))
    side = "right" if rules.direction == "anticlockwise" else "left"  # seats count the way play goes
    onward = f", and play goes on to the {side}." if rules.players > 2 else "."
    if rules.lead == "dealer":
        text += f"{dealer} deals and plays first{onward}"
    elif rules.players == 2:
        text += f"{dealer} deals, so {player(sample.first)} plays first."
    else:
        text += f"{dealer} deals, so {player(sample.first)}, on the dealer's {side}, plays first{onward}"
    if rules.floor_kind == "stack":
        text += " The floor is a pile; only its top card, marked *top*, can be matched."
    return text + won_words(rules, sample)


def won_words(rules: Rules, sample: SampleHand) -> str:
    """Returns who won cards before the play: the card shown by the cut, and cards barred from
    the first floor and given to the dealer."""
    text = ""
    cut_seat = sample.dealer if rules.cut_winner == "dealer" else (sample.dealer + 1) % rules.players
    for seat, won in enumerate(sample.deals[0].won if sample.deals else ()):
        won = list(won)
        # the engine gives the cut card first, before the first floor is laid
        if seat == cut_seat and won and rules.cut_cards and won[0] in rules.cut_cards:
            text += f" {capitalise(player(seat))} wins the {card_html(won.pop(0))} shown by the cut."
        if won:
            where = "pile" if rules.floor_kind == "stack" else "floor"
            may = "it may" if len(won) == 1 else "they may"
            text += f" {capitalise(player(seat))} takes {cards_html(won)}, turned up for the first {where}, where {may} not lie."
    return text


def redeal_text(sample: SampleHand, index: int) -> str:
    """Returns the note for a fresh deal in the middle of the turns shown."""
    deal = sample.deals[index] if index < len(sample.deals) else None
    if deal is None:
        return "New cards are dealt."
    given = max((len(h) for h in deal.hands), default=0)
    text = f"A new round: each player is dealt {given} more {'card' if given == 1 else 'cards'}"
    if deal.floor:
        text += f", and {len(deal.floor)} {'goes' if len(deal.floor) == 1 else 'go'} face up to the floor"
    return text + "."


def final_score(sample: SampleHand) -> str:
    """Returns the hand's score when played out, if it is short to say (no tie carried or voided)."""
    result = sample.result
    if result is None or result.void or any(result.carry_out):
        return ""
    parts = [f"{number_text(side.points)} for {players(side.seats)}" for side in result.sides]
    return f"Played to its end the same way, the hand scores {join(parts)}."


# ------------------------------------------------------------------ one turn in words

def turn_line(page: PageState, turn: Turn) -> str:
    """Returns one sentence saying what the player did and why the rules let it happen."""
    who = capitalise(player(turn.seat))
    if turn.build:
        laid = join([card_html(c) for c in turn.build])
        if page.rules.builds is not None and page.rules.builds.stack_limit:  # a stack: anyone's, no card held for it
            return (f"{who} lays the {card_html(turn.card)} on the {laid}, "
                    f"{page.rule_link(_build_key(page), f'a stack of {turn.value}')} that anyone may take.")
        return (f"{who} lays the {card_html(turn.card)} on the {laid} and "
                f"{page.rule_link(_build_key(page), f'builds {turn.value}')}, holding a card of that value to take it.")
    if turn.steal is not None:
        return steal_line(page, turn, who)
    if not turn.capture:
        return trail_line(page, turn, who)
    whole = [b for b in turn.builds if set(b.cards) <= set(turn.capture)]
    if whole:
        loose = [c for c in turn.capture if not any(c in b.cards for b in whole)]
        text = f"{who} plays the {card_html(turn.card)}, which takes " + join(
            [f"the build of {b.value} ({cards_html(b.cards)}) whole" for b in whole]
            + ([f"the loose {cards_html(loose)}"] if loose else []))
        return text + bonus_words(page, turn, stack=False, sweep=False)
    rules = page.rules
    rule = sweep_rule(rules, turn.card, turn.floor, turn.previous)
    if rule is not None:
        text = sweep_line(page, turn, who, rule)
    elif rules.floor_kind == "stack":
        text = stack_line(turn, who)
    else:
        text = group_line(page, turn, who)
    return text + bonus_words(page, turn, stack=rules.floor_kind == "stack", sweep=rule is not None)


def _build_key(page: PageState) -> str:
    return next(k for k, alts in page.merged.clauses.items() if isinstance(alts[0], n.BuildRule))


def steal_line(page: PageState, turn: Turn, who: str) -> str:
    """A pile taken: the card matches the top of another player's pile and takes it whole."""
    rule = next(r for r in page.rules.capture_rules if r.takes == "pile" and turn.card in r.cards)
    count = "both its cards" if len(turn.capture) == 2 else f"all {words(len(turn.capture))} of its cards"
    link = page.rule_link("capture." + rule.name, f"takes {player(turn.steal)}'s whole pile")
    return (f"{who} plays the {card_html(turn.card)}, of the rank of {card_html(turn.capture[-1])} on top of "
            f"{player(turn.steal)}'s pile, and {link}: {count}." if len(turn.capture) > 1 else
            f"{who} plays the {card_html(turn.card)} and {link}, the lone {card_html(turn.capture[-1])}.")


def trail_line(page: PageState, turn: Turn, who: str) -> str:
    card = card_html(turn.card)
    stack = page.rules.floor_kind == "stack"
    if turn.turned:  # turned from the stock: nobody chose it
        return f"{who} turns the {card} from the stock; it takes nothing and stays on the {'pile' if stack else 'floor'}."
    if not turn.floor:
        return f"{who} starts a new pile with the {card}." if stack else f"{who} lays the {card} on the empty floor."
    if turn.could_capture:
        return f"{who} lays the {card} on the {'pile' if stack else 'floor'}."
    if stack:
        return f"Nothing {player(turn.seat)} holds can take the pile, so they lay the {card} on it."
    return f"Nothing {player(turn.seat)} holds can take anything, so they lay the {card} on the floor."


def sweep_line(page: PageState, turn: Turn, who: str, rule) -> str:
    if len(turn.capture) == 1 and _lone_rule(page, "capture." + rule.name):  # no sweep: it takes a lone card
        link = page.rule_link("capture." + rule.name, f"takes the lone {card_html(turn.capture[0])}")
        return f"{who} plays the {card_html(turn.card)} and {link}"
    whole = "pile" if page.rules.floor_kind == "stack" else "floor"
    spared = [x for x in turn.floor if x in rule.spared]
    if spared:  # a sweep that leaves some cards: say which stay
        link = page.rule_link("capture." + rule.name, f"takes every card but the {and_cards(spared)}")
        return f"{who} plays the {card_html(turn.card)}, which {link}: {how_many(len(turn.capture))}"
    link = page.rule_link("capture." + rule.name, f"takes the whole {whole}")
    if rule.condition is not None:
        link += " here"  # a card that sweeps only on some floors
    if len(turn.capture) == 1:
        return f"{who} plays the {card_html(turn.card)}, which {link}: the lone {card_html(turn.capture[0])}"
    count = "both cards" if len(turn.capture) == 2 else f"all {len(turn.capture)} cards"
    return f"{who} plays the {card_html(turn.card)}, which {link}: {count}"


def stack_line(turn: Turn, who: str) -> str:
    top = card_html(turn.floor[-1])
    same = "rank" if C.rank(turn.floor[-1]) == C.rank(turn.card) else "value"
    if len(turn.floor) == 1:
        return f"{who} plays the {card_html(turn.card)} on the lone {top}, of the same {same}, and takes it"
    return (f"{who} plays the {card_html(turn.card)}, which matches the top card, {top}, in {same}, and takes "
            f"the whole pile: {len(turn.capture)} cards")


def group_line(page: PageState, turn: Turn, who: str) -> str:
    """Returns a capture by pairing and adding up on a spread floor."""
    rules, card = page.rules, turn.card
    found = sum_rule_for(rules, card, turn.capture)
    if found is not None and found[0].total is not None:
        pairs, rest = [], list(turn.capture)  # toward a total a card of the same rank is no pair
    else:
        pairs = [x for x in turn.capture if C.rank(x) == C.rank(card)]
        rest = [x for x in turn.capture if C.rank(x) != C.rank(card)]
    played = card_html(card)
    if not rest:
        lone = "the lone " if len(turn.floor) == 1 else "the "
        return f"{who} {pair_link(page, card=card)} {lone}{and_cards(pairs)} with the {played}"
    found = sum_rule_for(rules, card, rest)
    rule, value = found if found is not None else (None, rules.values.get(card))
    groups = split_groups(rest, value, rules.values)
    adding = page.rule_link("capture." + rule.name if rule else sum_key(rules), "add up")
    with_it = rule is not None and rule.total is not None  # the played card counts toward the total
    total = number_text(rule.total if with_it else value)
    if with_it and len(groups) == 1 and len(groups[0]) == 1:
        sums = f"the {card_html(groups[0][0])} {page.rule_link('capture.' + rule.name, 'makes')} {total} with it"
    elif len(groups) == 1:
        sums = f"the {and_cards(groups[0])} {adding} to {total}"
    else:
        shown = " and ".join(" + ".join(card_html(x) for x in g) for g in groups)
        sums = f"{shown} each {adding} to {total}"
    sums = f"with it, {sums}" if with_it and not sums.endswith(" with it") else sums
    if pairs:
        sums = f"it {pair_link(page, 'pairs', card)} the {and_cards(pairs)}, and {sums}"
    return f"{who} plays the {played}: {sums}, so it takes {how_many(len(turn.capture))}"


def bonus_words(page: PageState, turn: Turn, stack: bool, sweep: bool) -> str:
    """Returns the end of a capture's sentence: the bonus it scores, or that clearing scored none."""
    cleared = len(turn.capture) == len(turn.floor) and len(turn.floor) > 1
    clearing = ", clearing the floor" if cleared and not stack and not sweep else ""
    if turn.bonus:
        # when several rules score, the one listed last is the most particular (a child
        # variant's own rule comes after its parent's)
        name = next((r.name for r in reversed(page.rules.basra_rules) if "bonus:" + r.name in turn.features), "")
        link = page.rule_link("basra." + name, page.bonus) if name else page.bonus
        return f"{clearing} — {article_for(page.bonus, link)}, {number_text(turn.bonus)} point{'' if turn.bonus == 1 else 's'}."
    if cleared and not stack:
        return f"{clearing}, but that scores no {page.bonus}." if clearing else f"; no {page.bonus} for that."
    if sweep and len(turn.floor) == 1:  # where a lone card caught scores, a sweeping card's need not
        return f"; no {page.bonus} for that."
    return "."


# ------------------------------------------------------------------ small pieces

def _lone_rule(page: PageState, key: str) -> bool:
    """Returns whether a rule that takes the whole floor asks for one lone card (so takes just it)."""
    clause = page.merged.clauses.get(key, [None])[0]
    guard = getattr(clause, "guard", None)
    fragment = floor_fragment(guard, page.ctx) if guard is not None else None
    return fragment is not None and fragment[0].startswith("LONE:")


def pair_link(page: PageState, verb: str = "pairs", card: int | None = None) -> str:
    name = next((r.name for r in page.rules.capture_rules if r.takes == "rank"
                 and (card is None or card in r.cards and r.condition is None)), None)
    # without a rule for ranks, a card of the same value pairs as a group of one
    return page.rule_link("capture." + name if name else sum_key(page.rules), verb)


def sum_key(rules: Rules) -> str:
    name = next((r.name for r in rules.capture_rules if r.takes == "sums"), "")
    return "capture." + name


def article_for(word: str, link: str) -> str:
    """Returns 'a [basra](...)' or 'an [...]': the article of the word shown as the link."""
    return article(word)[:-len(word)] + link


def and_cards(cards) -> str:
    return join([card_html(x) for x in cards])


def how_many(count: int) -> str:
    if count == 1:
        return "it"
    if count == 2:
        return "both"
    return f"all {words(count)}"


def split_groups(cards: list[int], value: int | None, values: dict) -> list[tuple[int, ...]]:
    """Returns the cards split into groups adding up to ``value`` (all of them as one group if
    they do not split, which a legal capture always does)."""
    if value is None or any(values.get(x) is None for x in cards):
        return [tuple(cards)]

    def split(rest: list[int]) -> list[tuple[int, ...]] | None:
        if not rest:
            return []
        return grow([rest[0]], rest[1:], values[rest[0]], rest[1:])

    def grow(group, pool, total, others):
        if total == value:
            tail = split([x for x in others if x not in group])
            return None if tail is None else [tuple(group)] + tail
        for i, x in enumerate(pool):
            if total + values[x] <= value:
                found = grow(group + [x], pool[i + 1:], total + values[x], others)
                if found is not None:
                    return found
        return None

    ordered = sorted(cards, key=lambda x: (-values[x], x))
    return split(ordered) or [tuple(cards)]
