"""Text a page is made of, below every other part of the rulebook: text from variant files made
safe to show (``safe``), the small Markdown builders the pages share (``markdown``), and what a
page calls the cards and suits of a pack (``naming``).

May import: nothing else of the rulebook (only the package's layers below it).
"""
