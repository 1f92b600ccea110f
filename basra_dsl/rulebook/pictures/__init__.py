"""What a page draws: card faces as SVG (``cardfaces``), cards set in a sentence or shown as
pictures (``cardhtml``), and the balance plots (``plots``).

May import: ``text`` (and the package's layers below the rulebook).
"""
