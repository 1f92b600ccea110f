"""The online room (``basra serve``): people play a variant together in their browsers.

``model`` is a room as plain data (seats, chat, the table its games are played at: the
authority on every rule, through the engine); ``seating`` seats people in join order;
``views`` says what each seat is sent; ``catalog`` is the variants a server offers.

May import: ``rulebook``, ``play``, ``bots``, ``check``, ``language``, ``engine`` and the
layers below them.
"""
