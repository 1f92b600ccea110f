"""The terminal game: one person plays a whole game of a variant against bots (``basra play``).

``table`` is the game as plain data, with no screen: the deals, the moves (every one
through ``State.apply``), the bots' turns, the running score and the record; ``record``
names and writes the record file; ``view`` turns a table into the text each panel shows;
``help`` gives the variant's 'Play in a minute' lines as plain text; ``widgets`` holds
the Textual pieces (the card list, the capture chooser, help and quit screens); ``app``
puts them on the screen and reads the keys. Only ``widgets`` and ``app`` import Textual,
and the command line imports them only when ``basra play`` runs.

May import: ``rulebook`` (the 'Play in a minute' text), ``play``, ``bots``, ``check``,
``language``, ``engine``, ``cards``, ``diagnostics``, ``limits``, ``resources``. Not ``cli``.
"""
