"""The comparison page's ranking of the bundled variants by skill and by first-player
advantage, from the committed balance figures (``how_it_plays.balance_file``)."""

from __future__ import annotations

from pathlib import Path

from ...resources import bundled_variants
from ..pages.how_it_plays import balance_file, rate_text
from ..text.markdown import page_path
from ..text.safe import inline


def ranking(catalog: dict[str, Path], titles: dict[str, str]) -> str:
    """Returns the section; "" when no variant of the site has kept figures. Only a site
    variant that is the bundled file of its name is ranked (an author's file of the same
    name is another game)."""
    kept = balance_file().get("variants", {})
    bundled = bundled_variants()
    rows = {name: kept[name] for name, path in catalog.items()
            if name in kept and name in bundled and Path(path).resolve() == bundled[name].resolve()}
    if not rows:
        return ""
    link = lambda name: f"[{inline(titles.get(name, name))}]({page_path(name)})"  # noqa: E731
    # a variant whose search duels were not run (too slow on the checked tier) is not ranked by skill
    by_skill = sorted((name for name in rows if rows[name]["skill"]["search_vs_greedy"]["games"]),
                      key=lambda name: -rows[name]["skill"]["search_vs_greedy"]["rate"])
    by_start = sorted(rows, key=lambda name: -abs(rows[name]["first_side_wins_game"]["rate"] - 0.5))
    parts = ["## How the games play {#how-they-play}",
             "Measured by computer players at each variant's default options (see each page's "
             "\"How it plays\"); in brackets, 95% intervals.",
             "### Most skill first {#by-skill}",
             "| Variant | The search player beats the greedy one | …and a random one |\n| --- | --- | --- |\n"
             + "\n".join(f"| {link(name)} | {rate_text(rows[name]['skill']['search_vs_greedy'])} | "
                         f"{rate_text(rows[name]['skill']['search_vs_random'])} |" for name in by_skill),
             "### Furthest from an even start first {#by-first-player}",
             "| Variant | The side leading the first hand wins the game | The first player's side wins a hand |\n"
             "| --- | --- | --- |\n"
             + "\n".join(f"| {link(name)} | {rate_text(rows[name]['first_side_wins_game'])} | "
                         f"{rate_text(rows[name]['first_side_wins_hand'])} |" for name in by_start)]
    return "\n\n".join(parts)

