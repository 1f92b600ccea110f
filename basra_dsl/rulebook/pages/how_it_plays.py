"""The "How it plays" section of a bundled variant's page: balance figures in words and a plot.

The figures come from the committed file ``variants/balance.json``, which
``basra balance --all --write variants/balance.json`` regenerates (computer players at the
variant's default options and first player count; see ``play.balance``). A page of a file
that is not the bundled variant of its name has no figures, only how to measure them: the
command names the variant by its file's name, as it is found from the author's folder
(./variants/NAME.basra, then ./NAME.basra), not by the file (``NAME.basra`` is a path, and
fails where the file is in ./variants).
"""

from __future__ import annotations

import json
import shlex
from functools import cache
from pathlib import Path

from ...resources import bundled_dir
from ..prose.english import plural
from .page_state import PageState
from ..pictures.plots import rates_plot
from ..text.markdown import admonition
from ..text.safe import code_span

FIGURES_FILE = "balance.json"


@cache
def committed(name: str) -> dict:
    """Returns a committed figures file of the bundled variants' folder ({} when it is missing
    or unreadable): ``balance.json`` here, ``tactics.json`` for ``play_well``."""
    try:
        return json.loads((bundled_dir("variants") / name).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}


def balance_file() -> dict:
    """Returns the committed balance figures ({} when the file is missing or unreadable)."""
    return committed(FIGURES_FILE)


def figures_of(page: PageState) -> dict | None:
    """Returns the committed figures of the page's variant, if the page is of the bundled file."""
    bundled = page.bundled.get(page.name)
    if bundled is None or Path(page.variant.path).resolve() != Path(bundled).resolve():
        return None
    return balance_file().get("variants", {}).get(page.name)


def how_it_plays(page: PageState) -> str:
    """Returns the section, or a line on how to measure the variant when no figures are kept."""
    figures = figures_of(page)
    if figures is None:
        return ("### How it plays {#how-it-plays}\n\nMeasure how this variant plays (first-player advantage, "
                f"skill against luck) with {code_span(balance_command(page))}.\n")
    return ("### How it plays {#how-it-plays}\n\n" + "\n".join(_lines(figures, page.bonus if page.rules.basra_rules else None, _counts_cards(page))) + "\n\n"
            + _plot(figures) + "\n")


def balance_command(page: PageState) -> str:
    """Returns the command that measures the page's variant from the author's folder (or
    from ./variants itself): ``basra balance NAME``, by the file's name, which the command
    looks up as ./variants/NAME.basra, then ./NAME.basra, before the bundled variants."""
    return "basra balance " + shlex.quote(Path(page.variant.path).stem)


def _counts_cards(page: PageState) -> bool:
    """Whether the game scores the most cards taken (a tie on cards then matters)."""
    return any(m.cards is None and not m.prime for m in page.rules.majorities)


def _lines(f: dict, bonus: str | None, cards_count: bool = True) -> list[str]:
    """The figures in words; ``bonus`` is the page's name for the bonus, already Markdown-safe
    (None: the game scores none, and its count is not given)."""
    skill = f["skill"]
    duels = skill["search_vs_greedy"]["games"]
    searched = (f", and {duels} games of each duel for the search player ({skill['samples']} samples a move)"
                if duels else "; the search player's duels were not run for this game (too slow on the checked tier)")
    lines = [f"Measured by computer players at the default options with {f['players']} players: "
             f"{f['games']} games with the greedy player in every seat{searched}. Brackets give "
             "95% intervals.", ""]
    lines.append(f"- **First player.** The side that leads the first hand wins {rate_text(f['first_side_wins_game'])} "
                 f"of games, and the first player's side wins {rate_text(f['first_side_wins_hand'])} of hands.")
    if duels:
        lines.append(f"- **Skill or luck.** The search player beats a random player in "
                     f"{rate_text(skill['search_vs_random'])} of games and the greedy player in "
                     f"{rate_text(skill['search_vs_greedy'])}: {_skill_words(skill['search_vs_greedy'])}.")
    lines.append(f"- **A game** lasts {_mean(f['hands_per_game'], 1)} hands; a side scores "
                 f"{_mean(f['points_per_hand'], 1)} points a hand (spread {f['points_per_hand']['spread']:.1f})"
                 + (f", with {_mean(f['bonuses_per_hand'], 2)} {plural(bonus)} a hand between the players." if bonus else "."))
    if cards_count:  # a game without a majority of cards is not told how often its cards tie
        lines.append(f"- **Ties on cards** happen in {rate_text(f['card_ties'])} of hands.")
    if "decider_reached" in f:
        lines.append(f"- **Matches** reach their deciding game {rate_text(f['decider_reached'])} of the time.")
    return lines


def _skill_words(rate: dict) -> str:
    low = rate["interval_95"][0]
    if low > 0.65:
        return "skill counts for a lot"
    if low > 0.5:
        return "skill counts, though the deal matters"
    if rate["rate"] < 0.5:
        return "our search player shows no edge over the greedy one in this game"
    return "the deal counts as much as the play, as far as these players can tell"


def rate_text(data: dict) -> str:
    """A kept rate with its interval, in whole per cent: ``57% (42%–71%)``."""
    low, high = data["interval_95"]
    return f"{data['rate']:.0%} ({low:.0%}–{high:.0%})"


def _mean(data: dict, digits: int) -> str:
    low, high = data["interval_95"]
    return f"{data['mean']:.{digits}f} ({low:.{digits}f}–{high:.{digits}f})"


def _plot(f: dict) -> str:
    """The figures as a plot; "" where Matplotlib is not installed (it comes with the docs
    extra, which builds the site: a page shown by ``basra docs show`` without it keeps the words)."""
    try:
        import matplotlib  # noqa: F401
    except ImportError:
        return ""
    rows = [("leader's side wins the game", f["first_side_wins_game"]),
            ("first player's side wins a hand", f["first_side_wins_hand"]),
            ("search beats greedy", f["skill"]["search_vs_greedy"]),
            ("search beats random", f["skill"]["search_vs_random"])]
    plot = rates_plot([(label, d["rate"], *d["interval_95"]) for label, d in rows],
                      "How it plays: first-player advantage and skill, in per cent with 95% intervals")
    return admonition("abstract", "The same figures as a plot", plot, folded=True)  # folded: the words say it all
