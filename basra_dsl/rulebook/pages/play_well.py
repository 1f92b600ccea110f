"""The "How to play well" section of a bundled variant's page: tactics, each with the figure
that shows it, measured by computer players.

The figures come from the committed file ``variants/tactics.json``, which
``python scripts/tactics.py --write variants/tactics.json`` regenerates (the greedy player in
every seat, seeded; see ``play.tactics``). A tip is said only where its figure was measured
on enough plays (``ENOUGH``), and only where the rules make it true (no last capture to keep
a card for where the last cards go to nobody). A page of any other file has no such section.
"""

from __future__ import annotations

from ..prose.english import join, word_phrase
from .how_it_plays import committed, figures_of
from .page_state import PageState

TACTICS_FILE = "tactics.json"
ENOUGH = 30  # plays (or hands) a figure rests on, at least, before a tip says it


def tactics_file() -> dict:
    """Returns the committed figures ({} when the file is missing or unreadable)."""
    return committed(TACTICS_FILE)


def play_well(page: PageState) -> str:
    """Returns the section, or "" where the page's variant has no measured tactics."""
    if figures_of(page) is None:  # the page is not of the bundled file of its name
        return ""
    figures = tactics_file().get("variants", {}).get(page.name)
    tips = _tips(figures) if figures else []
    if not tips:
        return ""
    return ("### How to play well {#play-well}\n\n" + "\n".join(tips) + "\n\n"
            f"Measured over {figures['hands']:,} hands with the greedy computer player in every seat, at the default "
            "options; a card's worth counts its points and its share of the majorities.\n")


def _tips(f: dict) -> list[str]:
    tips = []
    left = f["leftover"]
    if left["cards"]["n"] >= ENOUGH and left["cards"]["mean"]:
        tips.append(f"- **Keep a card for the end.** The side that takes last also gathers the cards left on "
                    f"the table: {left['cards']['mean']:.1f} cards a hand, worth {left['worth']['mean']:.1f} points. "
                    "A card that can still take late in the hand is worth holding.")
    trail = f["trail"]
    if trail["trails"] >= ENOUGH:
        rate = trail["taken_next"] / trail["trails"]
        tips.append(f"- **Lay down with care.** A card laid down without taking is taken by the very next play "
                    f"{rate:.0%} of the time" + (f", in a capture worth {trail['worth']['mean']:.1f} points"
                                                 if trail["taken_next"] >= ENOUGH else "")
                    + ": lay down the card the others are least likely to match.")
    sweep = f["sweeper"]
    full, thin = sweep["full"], sweep["thin"]
    if sweep["cards"] and min(full["n"], thin["n"]) >= ENOUGH and full["mean"] > thin["mean"]:
        cards = join([word_phrase(w, "a") for w in sweep["cards"]], "or")
        tips.append(f"- **Hold back what clears the table.** {cards[:1].upper() + cards[1:]} played on four cards or "
                    f"more takes {full['mean']:.1f} points on average, on two or fewer {thin['mean']:.1f}: keep it "
                    "for a full table when the hand allows.")
    return tips
