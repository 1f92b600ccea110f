"""Draws the rulebook's plots with Matplotlib, as SVG to set inline in a page.

Only our own words and numbers reach a plot (never text from a variant file). The SVG is
made reproducible (no date, fixed ids) and put on one line, so a page is the same from
build to build and the Markdown around it stays intact. Matplotlib is imported only
when a plot is drawn (it comes with the docs extra).
"""

from __future__ import annotations

import io
import re

FONT = "Roboto, Helvetica, Arial, sans-serif"


def rates_plot(rows: list[tuple[str, float, float, float]], label: str) -> str:
    """Returns a dot-and-whisker plot of proportions: one row per (label, rate, low,
    high), a line at one half, as an inline ``<svg>`` named ``label`` for screen readers."""
    import matplotlib
    from matplotlib.figure import Figure

    with matplotlib.rc_context({"svg.fonttype": "none", "svg.hashsalt": "basra-dsl", "font.size": 10,
                                "font.family": "sans-serif"}):
        figure = Figure(figsize=(6.4, 0.45 * len(rows) + 0.8))
        axes = figure.add_subplot()
        positions = list(range(len(rows)))[::-1]
        for y, (_, rate, low, high) in zip(positions, rows):
            axes.plot([low * 100, high * 100], [y, y], color="#5c6bc0", linewidth=3, solid_capstyle="round")
            axes.plot([rate * 100], [y], "o", color="#1a237e", markersize=7)
        axes.axvline(50, color="#9e9e9e", linewidth=1, linestyle="--")
        axes.set_yticks(positions, [row[0] for row in rows])
        axes.set_xlim(0, 100)
        axes.set_xlabel("per cent, with its 95% interval")
        for side in ("top", "right"):
            axes.spines[side].set_visible(False)
        figure.tight_layout()
        buffer = io.StringIO()
        figure.savefig(buffer, format="svg", metadata={"Date": None, "Creator": None})
    return _inline_svg(buffer.getvalue(), label)


def _inline_svg(svg: str, label: str) -> str:
    svg = svg[svg.index("<svg"):]
    svg = re.sub(r"<!--.*?-->", "", svg, flags=re.S)
    svg = re.sub(r"<metadata>.*?</metadata>", "", svg, flags=re.S)
    svg = re.sub(r"<style[^>]*>.*?</style>", "", svg, flags=re.S)  # a '*' rule would reach the whole page
    svg = svg.replace('font-family="sans-serif"', f'font-family="{FONT}"')
    svg = re.sub(r'<svg ([^>]*?)width="[^"]*" height="[^"]*"', r"<svg \1", svg, count=1)  # the viewBox scales it
    svg = svg.replace("<svg ", f'<svg role="img" aria-label="{label}" class="basra-plot" width="100%" ', 1)
    return " ".join(svg.split())
