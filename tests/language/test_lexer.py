"""The Pygments lexer: registered under the name ``basra``, clean on every bundled variant."""

from __future__ import annotations

import pytest
from pygments.lexers import get_lexer_by_name, get_lexer_for_filename
from pygments.token import Error, Keyword, Name

from basra_dsl.language.highlight import BasraLexer
from basra_dsl.resources import bundled_variants


def test_found_by_name_and_file_name():
    assert isinstance(get_lexer_by_name("basra"), BasraLexer)
    assert isinstance(get_lexer_for_filename("house.basra"), BasraLexer)


@pytest.mark.parametrize("name", list(bundled_variants()))
def test_no_error_tokens_on_a_bundled_variant(name):
    text = bundled_variants()[name].read_text(encoding="utf-8")
    errors = [(kind, value) for kind, value in get_lexer_by_name("basra").get_tokens(text) if kind in Error]
    assert errors == [], f"{name}: the lexer cannot read {errors[:5]}"


def test_errors_are_reported_for_stray_characters():
    tokens = list(BasraLexer().get_tokens("hand 4 @\n"))
    assert any(kind in Error and value == "@" for kind, value in tokens)


def test_main_token_kinds():
    tokens = [(kind, value) for kind, value in BasraLexer().get_tokens(
        "capture:\n  seven: 7D takes all when floor.sum <= 10 \\\n  and floor only numeral\n") if value.strip()]
    assert (Keyword.Namespace, "capture") in tokens
    assert (Name.Label, "seven") in tokens
    assert (Name.Constant, "7D") in tokens
    assert (Keyword.Constant, "all") in tokens


def test_every_word_of_the_grammar_is_highlighted():
    from basra_dsl.language.grammar import lark_parser
    from basra_dsl.cards import CLASS_WORDS
    from basra_dsl.language.highlight import KEYWORDS, OPERATORS, WORDS
    from basra_dsl.language.nodes import SECTIONS
    from basra_dsl.language.syntax.words import terminal_words
    parser = lark_parser()
    grammar_words = {w for terminal in parser.terminals for w in terminal_words(parser, terminal.name)}
    assert grammar_words - {*KEYWORDS, *WORDS, *OPERATORS, *SECTIONS, *CLASS_WORDS} == set()


def test_a_condition_reads_its_words_as_names():
    tokens = [(kind, value) for kind, value in BasraLexer().get_tokens(
        "basra:\n  seven: 10 when floor.lone is 7D and played is not J \\\n    or last\n  hand 4\n") if value.strip()]
    assert (Name.Variable, "floor") in tokens and (Name.Variable, "played") in tokens and (Name.Variable, "last") in tokens
    assert (Keyword, "hand") in tokens  # the condition ended with its line: 'hand' is a clause again
