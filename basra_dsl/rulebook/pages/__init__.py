"""One variant's page: what every section reads (``page_state``), the sections themselves (At a
glance, Play in a minute, the rules, differences from the parent, worked examples, the sample
hand, seating, how it plays) and their assembly into the page (``page``), with the page read
back as plain text for the terminal and the room (``plain_text``).

May import: ``prose``, ``pictures`` and ``text``.
"""
