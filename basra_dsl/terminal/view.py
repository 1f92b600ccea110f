"""What each panel of the terminal game shows, as Rich ``Text`` made from a ``Table``.

Pure functions, no Textual: the title line, the other seats (what each played and took on
its last turn), the scores per side, the floor (a stack's top marked), the person's cards
with what each may take, the hand's and the game's results, the story's lines and the
status line. Text from the variant file (its title, the bonus's name) is data: it goes
into ``Text`` as it is, never read as markup, and without control characters.
"""

from __future__ import annotations

from rich.text import Text

from .. import cards as C
from ..cards import card_glyph
from ..engine import Move, Play
from ..engine.scoring import number
from ..rulebook.text.safe import plain
from .table import DealEvent, Event, Table

RED = "bold red"
BLACK = "bold"
# the Italian and Spanish suits, batons to swords: their names, and inks as their packs print them
LATIN_SUITS = tuple(zip(C.LATIN_SUIT_NAMES, ("bold green", "bold yellow", "bold red", "bold blue")))


def card_text(card: int, suits: str = "french") -> Text:
    """Returns a card as its rank and suit symbol (``7♦``), hearts and diamonds in red; for
    an Italian or Spanish pack, its rank and suit name (``7 coins``) in the suit's ink."""
    text = Text()
    if suits != "french":  # no font has their suit signs
        name, ink = LATIN_SUITS[card & 3]
        rank = C.RANKS[card >> 2]
        text.append(f"{'10' if rank == 'T' else rank} {name}", style=ink)
        return text
    text.append(card_glyph(card), style=RED if card & 3 in (1, 2) else BLACK)  # a span: what is added after keeps its own style
    return text


def cards_text(cards, gap: str = " ", suits: str = "french") -> Text:
    """Returns cards side by side; ``-`` for none."""
    cards = list(cards)
    if not cards:
        return Text("-", style="dim")
    if suits != "french" and gap == " ":
        gap = ", "  # '7 coins 3 cups' would read as one list of words
    return Text(gap).join(card_text(c, suits) for c in cards)


def bonus_name(table: Table) -> str:
    """The variant's name for its bonus (``basra``, ``pishti``), as plain text."""
    return plain(table.rules.bonus_name) or "bonus"


def announcement(table: Table, play: Play) -> str | None:
    """Returns what the table hears when a play scores the bonus: ``Seat 1: Basra! +10``."""
    if not play.bonus:
        return None
    if play.declared is not None:
        return f"{seat_name(table, play.seat)} declared {_declared(table, play.declared)}: +{number(play.bonus)}"
    name = bonus_name(table)
    return f"{seat_name(table, play.seat)}: {name[:1].upper() + name[1:]}! +{number(play.bonus)}"


def seat_name(table: Table, seat: int) -> str:
    """``You``, ``Seat 1``, or ``Seat 2 (partner)``."""
    if seat == table.seat:
        return "You"
    partner = len(table.rules.sides[table.side_of(seat)]) > 1 and table.side_of(seat) == table.side_of(table.seat)
    return f"Seat {seat + 1}" + (" (partner)" if partner else "")  # seats are counted from 1, as on the pages


def side_name(table: Table, side: int) -> str:
    """``You``, ``You + seat 2``, ``Seat 1`` or ``Seats 1 + 3``."""
    seats = table.rules.sides[side]
    if table.seat in seats:
        others = [s for s in seats if s != table.seat]
        return "You" + "".join(f" + seat {s + 1}" for s in others)
    return ("Seats " if len(seats) > 1 else "Seat ") + " + ".join(str(s + 1) for s in seats)


def title_text(table: Table) -> Text:
    """The top line: the variant, the person's seat, the target, the hand and the seed."""
    text = Text.assemble((plain(table.rules.title) or table.rules.variant, "bold"))
    limit = table.rules.hands_limit
    goal = f"first to {number(table.board.target)}" if table.board.target != float("inf") else \
        f"{limit} hand{'s' * (limit != 1)}"
    text.append(f"  ·  {table.players} players  ·  you are seat {table.seat + 1}  ·  {goal}"
                f"  ·  hand {table.hand_number}  ·  seed {table.seed}")
    return text


def play_text(table: Table, play: Play) -> Text:
    """``played 7♦, took 3♣ 4♥  Basra! +10`` or ``trailed 7♦``."""
    suits = table.rules.suits
    if play.declared is not None:
        shown = table.state.shown[play.seat]
        text = Text(f"declared {_declared(table, play.declared)}, showing ") + cards_text(shown, suits=suits)
        text.append(f"  +{number(play.bonus)}", style="bold yellow")
        return text
    if play.build:
        verb = "stacked " if table.rules.builds is not None and table.rules.builds.stack_limit else "built "
        text = Text(verb) + card_text(play.card, suits) + Text(" on ") + cards_text(play.build, suits=suits)
        text.append(f" to make {play.value}")
    elif play.steal is not None:
        text = Text("played ") + card_text(play.card, suits) + Text(f", took {seat_name(table, play.steal)}'s "
                                                                    f"pile of {len(play.captured)} cards")
    elif play.captured:
        text = Text("played ") + card_text(play.card, suits) + Text(", took ") + cards_text(play.captured, suits=suits)
    else:
        text = Text("trailed ") + card_text(play.card, table.rules.suits)
    if play.bonus:
        name = bonus_name(table)
        text.append(f"  {name[:1].upper() + name[1:]}! +{number(play.bonus)}", style="bold yellow")
    return text


def seats_text(table: Table) -> Text:
    """One line per other seat: its cards in hand and its last turn in this hand."""
    lines = []
    state = table.state
    for seat in range(table.players):
        if seat == table.seat:
            continue
        line = Text.assemble((seat_name(table, seat), "bold"))
        if table.to_move == seat:
            line.append(" ▶", style="bold green")
        line.append(f"  {len(state.hands[seat])} in hand  ", style="dim")
        last = table.last.get(seat)
        line += play_text(table, last) if last else Text("has not played yet", style="dim")
        lines.append(line)
    return Text("\n").join(lines)


def scores_text(table: Table) -> Text:
    """Each side's running total, with what it has taken so far in this hand."""
    state = table.state
    lines = []
    for side, seats in enumerate(table.rules.sides):
        line = Text.assemble((f"{side_name(table, side)}: ", "bold" if table.seat in seats else ""))
        line.append(f"{number(table.board.totals[side])}", style="bold cyan")
        cards = sum(len(state.piles[s]) for s in seats)
        bonuses = sum(len(state.bonuses[s]) for s in seats)
        if not table.hand_over:
            line.append(f" · {cards} cards", style="dim")
            for seat in seats if table.rules.takes_piles else ():  # a pile's top card says who can take it
                if state.piles[seat]:
                    line += Text(" · top ", style="dim") + card_text(state.piles[seat][-1], table.rules.suits)
            if bonuses:
                line.append(f" · {bonuses} {bonus_name(table)}{'s' * (bonuses != 1)}", style="yellow")
        lines.append(line)
    return Text("\n").join(lines)


def floor_text(table: Table) -> Text:
    """The floor in the order laid; for a stack, the top card marked and the count under it."""
    floor = table.state.floor
    if table.state.builds:
        return builds_text(table)
    if table.rules.floor_kind != "stack":
        return cards_text(floor, "  ", table.rules.suits) if floor else Text("empty", style="dim")
    if not floor:
        return Text("the pile is empty", style="dim")
    text = Text("top: ") + card_text(floor[-1], table.rules.suits)
    text.append(" ◀", style="bold green")
    text.append(f"   {len(floor) - 1} under it", style="dim")
    if len(floor) > 1:
        text.append(": ", style="dim")
        text += cards_text(reversed(floor[:-1]), suits=table.rules.suits)
    return text


def builds_text(table: Table) -> Text:
    """The loose cards, then each build on a line of its own: its cards, its value and
    whose it is (``[7♦ 2♠] build of 9, yours``)."""
    suits, state = table.rules.suits, table.state
    built = {c for b in state.builds for c in b.cards}
    loose = [c for c in state.floor if c not in built]
    lines = [cards_text(loose, "  ", suits) if loose else Text("no loose cards", style="dim")]
    for b in state.builds:
        line = Text("[") + cards_text(b.cards, suits=suits) + Text("] ")
        kind = f"{'multiple ' if b.multiple else ''}build of {b.value}"
        owner = "yours" if b.owner == table.seat else f"owned by {seat_name(table, b.owner)}"
        line.append(f"{kind}, {owner}", style="bold magenta")
        lines.append(line)
    return Text("\n").join(lines)


def floor_title(table: Table) -> str:
    """The floor panel's title (words of this module only: titles are read as markup)."""
    if table.hand_over:
        return "Game over" if table.game_over else f"Hand {table.hand_number} is over"
    count = len(table.state.floor)
    kind = "Pile" if table.rules.floor_kind == "stack" else "Floor"
    stock = len(table.state.stock)  # where players draw after each play: how many are left
    drawn = f" · stock: {stock} to draw" if table.rules.draw else f" · stock: {stock} to turn" if table.rules.flip else ""
    return f"{kind} ({count} card{'s' * (count != 1)}){drawn}"


def move_words(move: Move, table: Table) -> Text:
    """``take 3♣ 4♥``, ``trail (take nothing)`` or ``build 9 on 7♦ (you take it later with a 9)``."""
    suits = table.rules.suits
    if move.build:
        text = Text(f"build {move.value} on ") + cards_text(move.build, suits=suits)
        text.append(f" (you take it later with a {move.value})", style="dim")
        return text
    if move.steal is not None:
        pile = table.state.piles[move.steal]
        return Text(f"take {seat_name(table, move.steal)}'s pile ({len(pile)} cards, ") + \
            card_text(pile[-1], suits) + Text(" on top)")
    return Text("take ") + cards_text(move.capture, suits=suits) if move.capture else Text("trail (take nothing)")


def hand_rows(table: Table) -> list[Text]:
    """One row per card of the person's hand: the card and, on their turn, what it may take."""
    rows = []
    for card in table.hand:
        row = card_text(card, table.rules.suits)
        if card == table.state.turned:
            row.append("   turned,", style="bold")
        if table.your_turn:
            options = table.options(card)
            if not options:
                owns = any(b.owner == table.seat for b in table.state.builds)
                rule = table.state.barred(card) if table.rules.restrictions else None
                why = f": {plain(rule.called)}" if rule else ": you own a build" if owns else ""
                row.append("   cannot be played now" + why, style="dim")
            elif len(options) > 1:
                row.append(f"   {len(options)} choices", style="yellow")
            elif options[0].build:
                row.append(f"   builds {options[0].value}", style="green")
            elif options[0].steal is not None:
                row.append(f"   takes {seat_name(table, options[0].steal)}'s pile", style="green")
            elif options[0].capture:
                row.append("   takes ", style="green")
                row += cards_text(options[0].capture, suits=table.rules.suits)
            else:
                row.append("   trails", style="dim")
        rows.append(row)
    return rows


def result_text(table: Table) -> Text:
    """The last hand's result per side, and the game's result once it is decided."""
    if not table.results:
        return Text("")
    result = table.results[-1]
    lines = []
    for side, scored in enumerate(result.sides):
        line = Text.assemble((f"{side_name(table, side)}: ", "bold"))
        line.append(f"{number(scored.points)} points", style="bold cyan")
        line.append(f"  ({scored.cards} cards, {number(scored.card_points)} for cards, "
                    f"{number(scored.majority_points)} for majorities, {scored.basras} "
                    f"{bonus_name(table)}{'s' * (scored.basras != 1)} +{number(scored.basra_points)})", style="dim")
        lines.append(line)
    if result.void:
        lines.append(Text("A tie wiped out the hand's points.", style="yellow"))
    if result.unclaimed:
        lines.append(Text("Left for nobody: ") + cards_text(result.unclaimed, suits=table.rules.suits))
    lines.append(Text("Totals: " + ", ".join(f"{side_name(table, s)} {number(t)}"
                                             for s, t in enumerate(table.board.totals))))
    lines.append(game_result_text(table) if table.game_over else
                 Text("Press Enter for the next hand.", style="bold green"))
    return Text("\n").join(lines)


def game_result_text(table: Table) -> Text:
    """Who won the game (or that it is drawn)."""
    winner = table.board.winner
    if winner is None:
        return Text("The game is drawn.", style="bold yellow")
    worth = table.board.worth
    lurch = f" A lurch: it counts as {worth} games." if worth > 1 else ""
    if table.seat in table.rules.sides[winner]:
        return Text(f"You win the game!{lurch}", style="bold green")
    return Text(f"{side_name(table, winner)} {'wins' if len(table.rules.sides[winner]) == 1 else 'win'} the game."
                f"{lurch}", style="bold red")


def event_text(table: Table, event: Event) -> Text:
    """A line of the story (the log panel)."""
    if event.kind == "play" and event.play is not None:
        return Text(f"{seat_name(table, event.play.seat)}: ") + play_text(table, event.play)
    if event.kind == "hand":
        who = "you lead" if event.seat == table.seat else f"seat {event.seat + 1} leads"
        return Text(f"Hand {event.hand}: {who}", style="bold magenta")
    if isinstance(event, DealEvent):
        return deal_text(table, event)
    if event.kind == "result":
        result = table.results[event.hand - 1]
        return Text(f"Hand {event.hand} scored: " + ", ".join(
            f"{side_name(table, s)} {number(p)}" for s, p in enumerate(result.points)), style="bold cyan")
    return game_result_text(table)


def deal_text(table: Table, event: DealEvent) -> Text:
    """``New deal (2 of 6): 4 cards each``, with the cards turned up to the floor, if any."""
    where = f" ({event.number} of {event.deals}{', the last' if event.number == event.deals else ''})"
    text = Text(f"New deal{where}: ", style="magenta")
    deal = event.deal
    if deal is None:
        return text
    sizes = [len(cards) for cards in deal.hands]
    if len(set(sizes)) == 1:
        text.append(f"{sizes[0]} card{'s' * (sizes[0] != 1)} each", style="bold magenta")
    else:
        text.append(", ".join(f"{seat_name(table, s).lower() if s == table.seat else seat_name(table, s)} {n}"
                              for s, n in enumerate(sizes)), style="bold magenta")
    if deal.floor:
        text.append(f", {len(deal.floor)} to the {'pile' if table.rules.floor_kind == 'stack' else 'floor'}",
                    style="magenta")
    return text


def status_text(table: Table, thinking: bool = False) -> Text:
    """Whose turn it is, and what the keys do now."""
    if table.game_over:
        return Text.assemble(("Game over. ", "bold"), saved_text(table), ("  q: quit", "dim"))
    if table.hand_over:
        return Text("Hand over: press Enter for the next hand.", style="bold green")
    if table.state.turned is not None:
        card = card_text(table.state.turned, suits=table.rules.suits)
        who = "You" if table.your_turn else seat_name(table, table.to_move)
        return Text.assemble((f"{who} turned ", "bold green"), card, (" from the stock: ", "bold green"),
                             "play it (Enter)" if table.your_turn else "it is played next…")
    if table.your_turn and table.state.laying:
        return Text.assemble(("You cleared the floor: ", "bold green"), "lay a card on it for the next player")
    if table.your_turn and (declared := table.state.declarations()):
        name, points = declared[0]
        return Text.assemble(("Your turn: ", "bold green"), f"press d to declare {_declared(table, name)} "
                             f"(+{number(points)}, showing your cards), or choose a card")
    if table.your_turn:
        count = len(table.hand)
        keys = f"1-{count}" if count > 1 else "1"
        return Text.assemble(("Your turn: ", "bold green"), f"choose a card ({keys}, or ↑↓ and Enter)")
    who = seat_name(table, table.to_move)
    return Text(f"{who} {'is thinking' if thinking else 'to play'}…", style="bold yellow")


def saved_text(table: Table) -> str:
    """Where the record is, or why it could not be written."""
    save = table.save
    if save.error:
        return save.error
    if save.path is None:
        return "Not recorded."
    if not save.hands:
        return "No record yet: a record holds only whole hands, and none is finished."
    return f"Record: {save.path} ({save.hands} hand{'s' * (save.hands != 1)}; basra replay replays it)."


def quit_text(table: Table) -> str:
    """What quitting now keeps: the record of the finished hands, never the hand in play (a
    record plays every card it deals), and no file at all before the first hand ends."""
    save = table.save
    if save.error or save.path is None:
        return saved_text(table)
    if table.hand_over:
        return saved_text(table)
    if not save.hands:
        return ("No record is written if you quit now: a record holds only whole hands, and "
                "the first hand is not over.")
    return f"{saved_text(table)} The hand in play is not kept in it."


def _declared(table: Table, name: str) -> str:
    """A declaration's title, as plain text."""
    return plain(table.rules.declaration_title(name))
