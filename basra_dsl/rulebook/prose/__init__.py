"""The rules in players' words: each clause of a variant file, its patterns and expressions, as
plain English (``english``, ``sentences`` and the ``*_sentences`` mixins), when a play counts
(``plays``), what the cards count (``card_counts``) and each rule's title (``titles``). It knows
nothing of pages: the sections in ``pages`` arrange its sentences.

May import: ``text`` (and the package's layers below the rulebook).
"""
