"""Seating diagrams: the table seen from above for each player count a variant allows.

Each diagram is drawn from the compiled rules of that count: seats numbered from 1 in the
order of play (as the engine numbers them, from 0), the dealer and the player who leads
labelled, an arrow for the direction of play, and partners in the same colour; a few lines
of words under it say the same for readers who do not read pictures. Every word and shape
of a diagram is ours: nothing from the variant file is shown in it. A note after the
diagrams names the options that turn play the other way, as the rules name them.

The markup is spans and inline SVG only, on one line, so that it reads the same wherever the
page puts it (a tab or an admonition, where Markdown takes no block of HTML); spaces between
its parts keep the site's search from gluing its words together.
"""

from __future__ import annotations

import math

from ... import cards as C
from ..text import naming
from ...engine.rules import Rules
from .differences import directions_of, lead
from ..prose.english import article, capitalise, join
from .page_state import PageState

WIDTH, HEIGHT = 260, 220
CX, CY = 130, 108  # the middle of the table
SEAT_RX, SEAT_RY, SEAT_R = 100, 72, 15
ARROW_RX, ARROW_RY = 42, 27
SIDE_COLOURS = ("#1565c0", "#c2185b", "#2e7d32", "#ef6c00", "#6a1b9a", "#00838f")
ALONE = "#607d8b"  # every seat when no one plays with a partner
NUMBER_WORDS = ("no", "one", "two", "three", "four", "five", "six", "seven", "eight")


def seating_diagrams(page: PageState) -> str:
    """Returns a diagram of the table for each player count the variant allows, as one paragraph."""
    shown = [seating_figure(rules) for _, rules in sorted(page.by_players.items())]
    if not shown:
        return ""
    return '<span class="basra-seatings">' + " ".join(shown) + "</span>\n" + other_directions(page)


def other_directions(page: PageState) -> str:
    """Returns a paragraph for the options that turn play the other way, which the diagrams
    (drawn with the default options) do not show; "" when the direction is fixed."""
    if page.merged.player_counts() == (2,):
        return ""  # with two players either way round is the same
    found = []
    for guard, way in directions_of(page.merged):
        if guard is not None and way != page.rules.direction:
            found.append(f"{capitalise(lead(guard, page.ctx))}, {turned_words(page, way)}")
    if not found:
        return ""
    return "\nThe diagrams show the default options. " + " ".join(found) + "\n"


def turned_words(page: PageState, way: str) -> str:
    """Returns what play going ``way`` changes: who plays first and where the deal goes."""
    side, other = ("right", "left") if way == "anticlockwise" else ("left", "right")
    text = f"play goes {way} (to the {side}) instead"
    changed = [] if page.rules.lead == "dealer" else [f"the player on the dealer's {side} plays first"]
    if page.rules.deal_passes != "never":
        changed.append(f"the deal passes to the {side if page.rules.deal_passes == 'next' else other}")
    return text + (": " + join(changed) if changed else "") + "."


def seating_figure(rules: Rules) -> str:
    """Returns the diagram of one player count with its title and its words."""
    words = " ".join(f'<span class="basra-seating-line">{line}</span>' for line in seating_words(rules))
    return (f'<span class="basra-seating"><span class="basra-seating-title">{rules.players} players</span> '
            f"{table_svg(rules)} {words}</span>")


def dealer_seat(rules: Rules) -> int:
    """Returns the seat (from 0) that deals when the first seat plays first."""
    return next((seat for seat in range(rules.players) if rules.leader(seat) == 0), rules.players - 1)


def seating_words(rules: Rules) -> list[str]:
    """Returns what the diagram shows, in words: the order of play, who deals and leads, who
    deals next, and who plays with whom."""
    way = "clockwise (to the left)" if rules.direction == "clockwise" else "anticlockwise (to the right)"
    dealer = dealer_seat(rules)
    two = rules.players == 2  # two players take turns: the direction makes no difference
    lines = ["The two players take turns." if two else f"Seats are numbered in the order of play, which goes {way}."]
    hand = "left" if rules.direction == "clockwise" else "right"
    if dealer == 0:
        lines.append("Player 1 deals and plays first.")
    elif two:
        lines.append("Player 2 deals and player 1 plays first.")
    else:
        lines.append(f"Player {dealer + 1} deals, and player 1, on the dealer's {hand}, plays first.")
    lines += cut_words(rules, dealer)
    following = rules.next_dealer(dealer)
    lines.append("The same player deals every hand." if following == dealer else
                 f"The deal alternates: player {following + 1} deals the next hand." if two else
                 f"The deal then passes to player {following + 1} for the next hand.")
    lines.append(partners_words(rules))
    return lines


def cut_words(rules: Rules, dealer: int) -> list[str]:
    """Returns who wins a card shown by the cut before the deal (no line when there is no cut)."""
    if not rules.cut_cards:
        return []
    winner = dealer if rules.cut_winner == "dealer" else (dealer + 1) % rules.players
    ranks = sorted({C.rank(c) for c in rules.cut_cards})
    whole = all(c in rules.cut_cards for c in rules.deck if C.rank(c) in ranks)
    cards = join([article(naming.rank_name(r)) for r in ranks], "or") if whole else \
        join([f"the {naming.rank_name(C.rank(c))} of {naming.suit_name(C.suit(c))}" for c in sorted(rules.cut_cards)], "or")
    return [f"If the cut before the deal shows {cards}, player {winner + 1} takes it."]


def partners_words(rules: Rules) -> str:
    """Returns who plays with whom: 'Players 1 and 3 are partners, and so are players 2 and 4.'"""
    teams = [side for side in rules.sides if len(side) > 1]
    if not teams:
        return "Each player plays alone."
    groups = [join([str(seat + 1) for seat in side]) for side in teams]
    verb = "are partners" if all(len(side) == 2 for side in teams) else "play together"
    text = f"Players {groups[0]} {verb}"
    for group in groups[1:]:
        text += f", and so are players {group}"
    return text + "."


# ------------------------------------------------------------------ the picture

def table_svg(rules: Rules) -> str:
    """Returns the table seen from above: the seats around it, the labels, the arrow of play."""
    count = rules.players
    clockwise = rules.direction == "clockwise"
    dealer = dealer_seat(rules)
    parts = [f'<ellipse class="basra-felt" cx="{CX}" cy="{CY}" rx="60" ry="42" fill="#e8f5e9" stroke="#81c784" '
             'stroke-width="2"/>', direction_arrow(clockwise)]
    for seat in range(count):
        x, y = seat_place(seat, count, clockwise)
        parts.append(seat_mark(rules, seat, x, y))
        label = seat_label(seat == dealer, seat == 0)
        if label:
            parts.append(label_text(label, x, y))
    name = f"The table of {count} players seen from above"
    return (f'<svg class="basra-table" role="img" aria-label="{name}" viewBox="0 0 {WIDTH} {HEIGHT}">'
            f"<title>{name}</title> {' '.join(parts)}</svg>")


def seat_place(seat: int, count: int, clockwise: bool) -> tuple[float, float]:
    """Returns where a seat is drawn: the first at the bottom, the next ones in the direction of
    play (seen from above, clockwise goes from the bottom to the left)."""
    x, y = _around(2 * math.pi * seat / count, SEAT_RX, SEAT_RY, clockwise)
    return round(x, 1), round(y, 1)


def _around(angle: float, rx: float, ry: float, clockwise: bool) -> tuple[float, float]:
    turn = -1 if clockwise else 1
    return CX + turn * rx * math.sin(angle), CY + ry * math.cos(angle)


def seat_mark(rules: Rules, seat: int, x: float, y: float) -> str:
    """Returns a seat: a disc in its side's colour (partners share one) with its number."""
    teams = any(len(side) > 1 for side in rules.sides)
    fill = SIDE_COLOURS[rules.side_of(seat) % len(SIDE_COLOURS)] if teams else ALONE
    return (f'<circle cx="{x}" cy="{y}" r="{SEAT_R}" fill="{fill}" stroke="#fff" stroke-width="2"/>'
            f'<text x="{x}" y="{y + 5}" text-anchor="middle" font-size="15" font-weight="700" '
            f'fill="#fff">{seat + 1}</text>')


def seat_label(deals: bool, leads: bool) -> list[str]:
    """Returns the lines of a seat's label: whether it deals, plays first, or both."""
    if deals and leads:
        return ["deals and", "plays first"]
    return ["deals"] if deals else ["plays first"] if leads else []


def label_text(lines: list[str], x: float, y: float) -> str:
    """Returns a seat's label: above a seat in the top half of the table, else below it."""
    step = 12
    if y < CY - 1:
        first = y - SEAT_R - 6 - step * (len(lines) - 1)
    else:
        first = y + SEAT_R + 13
    spans = "".join(f'<tspan x="{x}" y="{round(first + i * step, 1)}">{line}</tspan>'
                    for i, line in enumerate(lines))
    return f'<text class="basra-seat-label" text-anchor="middle" font-size="11" fill="currentColor">{spans}</text>'


def direction_arrow(clockwise: bool) -> str:
    """Returns three quarters of a ring on the table, its head pointing the way play goes,
    with the way written inside it."""
    start, end = math.radians(40), math.radians(310)
    x0, y0 = _around(start, ARROW_RX, ARROW_RY, clockwise)
    x1, y1 = _around(end, ARROW_RX, ARROW_RY, clockwise)
    bx, by = _around(end - 0.05, ARROW_RX, ARROW_RY, clockwise)
    tx, ty = x1 - bx, y1 - by
    size = math.hypot(tx, ty)
    tx, ty = tx / size, ty / size  # along the ring at its end
    nx, ny = -ty, tx
    tip = (x1 + tx * 7, y1 + ty * 7)
    left, right = (x1 + nx * 5, y1 + ny * 5), (x1 - nx * 5, y1 - ny * 5)
    sweep = 1 if clockwise else 0  # on the screen (y downwards), 1 turns clockwise
    head = " ".join(f"{px:.1f},{py:.1f}" for px, py in (tip, left, right))
    word = "clockwise" if clockwise else "anticlockwise"
    return (f'<path d="M{x0:.1f} {y0:.1f}A{ARROW_RX} {ARROW_RY} 0 1 {sweep} {x1:.1f} {y1:.1f}" fill="none" '
            f'stroke="#2e7d32" stroke-width="2.5"/><polygon points="{head}" fill="#2e7d32"/>'
            f'<text class="basra-seat-label" x="{CX}" y="{CY + 4}" text-anchor="middle" font-size="10" '
            f'fill="#2e7d32">{word}</text>')
