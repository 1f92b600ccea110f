"""Syntax errors in words: what Lark refused, said as the mistake and its fix.

``explain`` turns a parse failure into a labelled diagnostic (``match_examples`` and a
classifier of the failing line); ``recovery`` repairs and re-parses to find every error;
``limits`` refuses trees too deep or numbers too long; ``words`` names the grammar's
tokens as a reader would. Imports only ``diagnostics`` and Lark.
"""
