"""B752: an option whose default is not the choice the file's own words call the default
('played to 151 by default' above ``option target: 151 | 101 = 101``): the default is the
choice after '=', not the first one listed, so the game plays the other."""

from __future__ import annotations

import re
from typing import Iterator

from ...diagnostics import Diagnostic, warning
from ...language.merge import Merged, option_value
from ...language.unparse import value_text
from .combinations import Combination

# "151 by default", "by default 151", "default is 151", "defaults to 151", "151 is the default"
_SAID = re.compile(r"\b([\w.]+)\s+by\s+default\b|\bby\s+default,?\s+(?:to\s+|of\s+|is\s+)?([\w.]+)|"
                   r"\bdefaults?\s+(?:is\s+|of\s+|to\s+)([\w.]+)|\b([\w.]+)\s+is\s+the\s+default\b", re.IGNORECASE)


def check_said_defaults(merged: Merged, combos: list[Combination]) -> Iterator[Diagnostic]:
    """B752: the file's 'about' or an option's own description names, as the default, a choice
    of one of its options that is not that option's default."""
    options = merged.variant.options
    for option in options:
        texts = [t for t in (merged.variant.about, option.doc) if t]
        choices = {value_text(option_value(c)): c for c in option.choices}
        default = value_text(option_value(option.default))
        for text in texts:
            said = {w for m in _SAID.finditer(text) for w in m.groups() if w} & set(choices)
            said.discard(default)
            # a word that is a choice of this option only: the text speaks of this option
            said = {w for w in said if not any(w in {value_text(option_value(c)) for c in o.choices}
                                                for o in options if o is not option)}
            if len(said) != 1:
                continue
            meant = said.pop()
            listed = " | ".join(choices)
            yield warning("B752", f"option '{option.name.text}' plays {default} unless a table chooses otherwise "
                          f"(the choice after '='), where the file says {meant} is the default", option.default.span,
                          f"did you mean '{meant}'? The default is the choice after '=', not the first listed: "
                          f"option {option.name.text}: {listed} = {meant}")
            break
