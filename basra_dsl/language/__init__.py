"""The language: from a variant's text to the rules the engine plays.

One stage per module, each handing data to the next (as Jinja's lexer, parser and compiler):
``grammar`` loads the Lark grammar; ``parser`` turns text into the frozen tree of ``nodes``
(its syntax errors explained in words by ``syntax/``); ``loader`` finds a variant's files
and its parents'; ``merge`` folds the ``extends`` chain; ``semantics`` checks what the
merged variant means; ``expressions`` types and compiles conditions; ``compiler`` builds
``engine.rules.Rules``. ``formatter`` and ``unparse`` write variants back as text;
``highlight`` is the Pygments lexer for the rulebook and editors.

May import: ``engine`` (for the ``Rules`` it builds), ``cards``, ``diagnostics``,
``resources``. Nothing above it (check, play, rulebook, cli).
"""
