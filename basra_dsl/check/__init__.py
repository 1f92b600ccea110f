"""The validator: everything ``basra check`` reports beyond what the language refuses.

``checker`` checks files and folders and gathers every finding; ``lints`` are the checks of
what a variant says that cannot be meant (B7xx); ``examples`` runs a variant's worked
examples on the engine; ``invariants`` plays seeded hands and checks that every card ends
in one place; ``scaffold`` writes the files ``basra new`` starts an author with. The run
commands ask ``playable.load_playable`` for a variant: the errors of the lints, without the
play-sampling checks that only warn.

May import: ``language``, ``engine``, ``documents``, ``cards``, ``diagnostics``,
``resources``. Nothing above it (play, rulebook, cli).
"""
