"""Playing compiled variants: seeded simulations and replays of recorded games.

``simulate`` plays hands and games with a bot and gathers figures; ``records`` replays and
scores a recorded game or position, refusing any move the rules refuse. Bots and the
terminal game belong here too.

May import: ``check`` (to refuse a variant the validator refuses), ``language``,
``engine``, ``documents``, ``cards``, ``diagnostics``, ``resources``. Nothing above it
(rulebook, cli).
"""
