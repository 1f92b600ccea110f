"""Syntax errors in words: what Lark refused, said as the mistake and its fix.

``explain`` turns a parse failure into a labelled diagnostic (``match_examples`` and a
classifier of the failing line); ``header`` reads a broken ``variant`` line, ``operators``
names operators from other languages and card lists written another way, ``slips``
punctuation written as other texts write it (found by mending the line), ``places`` a clause
under the wrong section; ``recovery`` repairs and re-parses to find every error; ``limits``
refuses trees too deep or numbers too long; ``words`` names the grammar's tokens as a reader
would. ``hints`` words the mistakes the type checker finds (a name where it is not known, a
card compared with ``==``, an option compared with a value it never has). Imports Lark,
``diagnostics``, ``cards`` and the language's ``nodes`` and ``unparse``.
"""
