"""Checks a file's option lines: an option declared twice or named as a built-in, a default
that is not a choice, choices that mix kinds, repeat, or are named as what a condition reads
of the play (``option way: right | left``: every condition reads ``left`` as the floor)."""

from __future__ import annotations

from typing import Iterator

from ..diagnostics import Diagnostic, error, warning
from . import expressions as X
from . import nodes as n
from .merge import option_value
from .syntax.hints import number_word
from .unparse import value_text


def check_options(variant: n.Variant) -> Iterator[Diagnostic]:
    """B304 to B309: each option line of the file: its name, default, kinds and choices."""
    seen: dict[str, n.Option] = {}
    for option in variant.options:
        name = option.name.text
        if name in seen:
            first = seen[name].name.span.line
            yield error("B304", f"option '{name}' is declared twice (first at line {first})", option.name.span,
                        f"an option is declared once: keep the line that says what you mean and delete the "
                        f"other (line {first} or this one); a child file may declare again an option of the "
                        "game it extends")
        seen.setdefault(name, option)
        if name in ("players",) or name in X.PLAY_NAMES:
            default = value_text(option_value(option.default))  # the default first, then the rest as listed
            counts = [default] + [v for v in dict.fromkeys(value_text(option_value(c)) for c in option.choices) if v != default]
            yield error("B306", f"'{name}' is a built-in name and cannot be an option", option.name.span,
                        f"list the counts under 'setup:', the default first: 'players {', '.join(counts)}'"
                        if name == "players" else None)
        yield from _choices_named_as_built_ins(option)
        values = [option_value(c) for c in option.choices]
        if option_value(option.default) not in values:
            default = value_text(option_value(option.default))
            yield error("B303", f"the default of option '{name}' is not one of its choices",
                        option.default.span, f"choose one of: {' | '.join(map(value_text, values))}; or, to offer "
                        f"{default} too, add it: option {name}: {' | '.join(map(value_text, values + [option_value(option.default)]))} = {default}")
        if len(set(map(X.value_type, values + [option_value(option.default)]))) > 1:
            spelt = [str(v) for v in values if X.value_type(v) == X.WORD and number_word(str(v)) is not None]
            yield error("B307", f"the choices of option '{name}' mix kinds of value" + (
                        f": {' and '.join(repr(w) for w in spelt)} {'is a number' if len(spelt) == 1 else 'are numbers'} "
                        "written in words" if spelt else ""), option.span,
                        _mixed_help(name, values, option_value(option.default)))
        if len(set(map(repr, values))) != len(values):
            yield warning("B308", f"option '{name}' lists a choice twice", option.span)


def _choices_named_as_built_ins(option: n.Option) -> Iterator[Diagnostic]:
    """B309: a choice word every condition reads as the play (``way == left`` would compare
    the option with the floor left after a play). The names only some conditions know
    (``hand``, ``taken``) may be choices: a condition that knows them is told by its types."""
    name = option.name.text
    for choice in option.choices:
        word = choice.id if isinstance(choice, n.Name) else None
        if word in X.PLAY_NAMES:
            other = "to_" + word if word in ("left", "right") else word + "_choice"
            choices = " | ".join(other if c is choice else value_text(option_value(c)) for c in option.choices)
            default = value_text(option_value(option.default))
            yield error("B309", f"'{word}' is a built-in name ({X.PLAY_NAMES[word][1]}) and cannot be a choice",
                        choice.span, f"name the choice otherwise and compare with that name, such as "
                        f"'option {name}: {choices} = {other if default == word else default}' and "
                        f"'when {name} == {other}'")


def _mixed_help(name: str, values: list, default) -> str:
    """B307's help: where numbers stand beside one word ('100 | 50 | none'), the numbers kept
    and the word made an option of its own; else the kinds to keep to."""
    numbers = [v for v in values if X.value_type(v) == X.NUM]
    words = [v for v in values if X.value_type(v) == X.WORD]
    said = [number_word(str(w)) for w in words]
    if numbers and words and None not in said:  # 'six | 4': number words, written as numbers
        def digits(v):
            return value_text(number_word(str(v))) if X.value_type(v) == X.WORD else value_text(v)
        return f"write: option {name}: {' | '.join(map(digits, values))} = {digits(default)}"
    if len(numbers) >= 2 and len(words) == 1 and len(values) == len(numbers) + 1:
        kept = default if default in numbers else numbers[0]
        return (f"an option's choices are all numbers, all yes/no or all words: keep the numbers, "
                f"'option {name}: {' | '.join(map(value_text, numbers))} = {value_text(kept)}', and give "
                f"'{words[0]}' an option of its own, such as 'option {name}_{words[0]}: no | yes = no'")
    return "use all numbers, all yes/no, or all words"
