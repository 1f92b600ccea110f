"""Messages that teach (issue 10, section 4): each common mistake is named in words, with its fix.

Syntax mistakes are checked through ``parse``; mistakes of names, cards and option choices
through the loader, on a small variant that extends a bundled one.
"""

from __future__ import annotations

import pytest
from helpers import syntax_errors

from basra_dsl import cards as C
from basra_dsl.diagnostics import DiagnosticError
from basra_dsl.language import expressions as X
from basra_dsl.language import nodes as nd
from basra_dsl.language.loader import load
from basra_dsl.language.parser import parse

HEAD = 'variant x "X"\n'


errors = syntax_errors


def only(text: str):
    found = errors(text)
    assert len(found) == 1, [(d.code, d.message) for d in found]
    return found[0]


def loaded_errors(tmp_path, body: str, parent: str = "egyptian") -> list:
    path = tmp_path / "x.basra"
    path.write_text(f'variant x "X" extends {parent}\n' + body, encoding="utf-8")
    with pytest.raises(DiagnosticError) as caught:
        load(path)
    return [d for d in caught.value.diagnostics if d.is_error]


def one_loaded(tmp_path, body: str, parent: str = "egyptian"):
    found = loaded_errors(tmp_path, body, parent)
    assert len(found) == 1, [(d.code, d.message, d.help) for d in found]
    return found[0]


# ---------------------------------------------------------------- 1. operators from other languages

@pytest.mark.parametrize("line, column, message, hint", [
    ("a: 10 when played == 7D", 19, "a card is tested with 'is', not '=='", "played is 7D"),
    ("a: 10 when played != 7D", 19, "'is not', not '!='", "played is not 7D"),
    ("a: 10 when played == 10D and cleared", 19, "'is', not '=='", "played is 10D"),
    ("a: 10 when played == 7♦", 19, "'is', not '=='", "played is 7♦"),
    ("a: 10 when played == J | 7D", 19, "'is', not '=='", "played is J | 7D"),
    ("a: 10 when floor.lone == 7D", 23, "'is', not '=='", "floor.lone is 7D"),
    ("a: 10 when floor.count = 0", 24, "'=' alone does not compare", "floor.count == 0"),
    ("a: 10 when floor.sum => 10", 22, "'=>' is written '>='", "floor.sum >= 10"),
    ("a: 10 when floor.sum =< 10", 22, "'=<' is written '<='", "floor.sum <= 10"),
    ("a: 10 when floor.sum <> 10", 22, "'<>' is written '!='", "floor.sum != 10"),
    ("a: 10 when cleared && played is J", 20, "'&&' is not a word of the language", "cleared and played is J"),
    ("a: 10 when cleared & played is J", 20, "'&' is not a word of the language", "cleared and played is J"),
    ("a: 10 when cleared || played is J", 20, "'||' is not a word of the language", "cleared or played is J"),
    ("a: 10 when cleared | played is J", 20, "'|' separates the cards of a list", "cleared or played is J"),
    ("a: 10 when !cleared", 12, "'!' is not a word of the language", "when not cleared"),
    ("a: 10 when cleared and !(played is J)", 24, "'!' is not a word", "cleared and not (played is J)"),
    ("a: 10 when played is !J", 22, "'!' is not a word", "played is not J"),
    ("a: 10 if cleared", 7, "a condition starts with 'when', not 'if'", "a: 10 when cleared"),
    ("a: 10 when played in J | 7D", 19, "a card is tested with 'is', not 'in'", "played is J | 7D"),
])
def test_operators_from_other_languages(line, column, message, hint):
    found = only(HEAD + "basra:\n  " + line + "\n")
    assert found.code == "B119", (found.code, found.message)
    assert message in found.message and hint in found.help
    assert (found.span.line, found.span.column) == (3, column + 2)


@pytest.mark.parametrize("text, column, message, hint", [
    (HEAD + "game:\n  first to 101\n  tie draw if players == 2\n", 12, "'when', not 'if'",
     "tie draw when players == 2"),  # 'if' reads as the amount of 'tie draw', so the parser stops later
    (HEAD + "capture:\n  a: Q takes all unless floor.count > 2 and played is Q\n", 18, "'unless' is written 'when not'",
     "when not (floor.count > 2 and played is Q)"),
    (HEAD + "basra:\n  a: 10 when floor.lone == 7s\n", 25, "a card is tested with 'is', not '=='",
     "for 7s write 7 for all four sevens, or 7S for the seven of spades"),
    (HEAD + "basra:\n  a: 10 when played.rank == J | Q\n", 26, "a card is tested with 'is', not '=='", "played is J | Q"),
])
def test_more_operators(text, column, message, hint):
    found = only(text)
    assert found.code == "B119" and message in found.message and hint in found.help
    assert found.span.column == column


def test_if_in_setup_and_capture():
    setup = only(HEAD + "setup:\n  hand 6 if players == 3\n  hand 4\n")
    assert setup.code == "B119" and "'when', not 'if'" in setup.message and "hand 6 when players == 3" in setup.help
    capture = only(HEAD + "capture:\n  a: J takes all if floor.count > 2\n")
    assert capture.code == "B119" and "a: J takes all when floor.count > 2" in capture.help


def test_a_rule_named_if_is_still_a_rule():
    parse(HEAD + "basra:\n  if: 10 when cleared\n")


@pytest.mark.parametrize("line, column, message, hint", [
    ("a: 10 when played is 7D, JD", 24, "cards in a list are joined with '|', not ','", "played is 7D | JD"),
    ("a: 10 when floor has J, Q, K", 23, "joined with '|', not ','", "floor has J | Q | K"),
    ("a: 10 when played is 7D or 10D", 25, "cards in a list are joined with '|', not 'or'", "played is 7D | 10D"),
    ("a: 10 when played is 7D || JD", 25, "cards in a list are joined with one '|'", "played is 7D | JD"),
    ("a: 10 when played is (7D | JD)", 22, "a list of cards is written without brackets", "played is 7D | JD"),
])
def test_card_lists_written_another_way(line, column, message, hint):
    found = only(HEAD + "basra:\n  " + line + "\n")
    assert found.code == "B120", (found.code, found.message)
    assert message in found.message and hint in found.help
    assert (found.span.line, found.span.column) == (3, column + 2)


def test_card_lists_in_a_capture_rule():
    found = only(HEAD + "capture:\n  a: J or 7D takes all\n")
    assert found.code == "B120" and "not 'or'" in found.message and "a: J | 7D takes all" in found.help
    found = only(HEAD + "capture:\n  a: J, 7D takes all\n")
    assert found.code == "B120" and "not ','" in found.message and "a: J | 7D takes all" in found.help


def test_a_condition_joined_to_cards_with_a_bar(tmp_path):
    found = one_loaded(tmp_path, "basra:\n  a: 10 when played is J | cleared\n")
    assert found.code == "B204" and "'cleared' is not a card" in found.message and "with 'or'" in found.help


def test_card_list_with_or_found_by_the_type_checker(tmp_path):
    found = one_loaded(tmp_path, "basra:\n  a: 10 when played is 7D or JD\n")
    assert found.code == "B120" and "joined with '|', not 'or'" in found.message
    assert "played is 7D | JD" in found.help and found.span.column == 30


def test_or_between_a_card_test_and_a_condition_is_fine(tmp_path):
    path = tmp_path / "x.basra"
    path.write_text('variant x "X" extends egyptian\nbasra:\n  a: 10 when played is 7D or cleared\n', encoding="utf-8")
    load(path)
    parse(HEAD + "setup:\n  deck 52 without Q, K\n  start floor 4 without J, 7D: bury\n")


@pytest.mark.parametrize("line, message, hint", [
    ("a: 10 when played == J", "a card is tested with 'is', not '=='", "played is J"),
    ("a: 10 when played != AD", "'is not', not '!='", "played is not AD"),
    ("a: 10 when floor.lone == numeral", "'is', not '=='", "floor.lone is numeral"),
])
def test_card_compared_with_equals_found_by_the_type_checker(tmp_path, line, message, hint):
    found = one_loaded(tmp_path, "basra:\n  " + line + "\n")
    assert found.code == "B119" and message in found.message and hint in found.help


# ---------------------------------------------------------------- 2. a clause in the wrong section

@pytest.mark.parametrize("text, line, words, hint", [
    (HEAD + "setup:\n  deck 52\ncapture:\n  pair: any takes rank\n  hand 6\n", 6,
     "'hand' belongs in the setup section; this line is in the capture section that starts at line 4",
     "move it under 'setup:'"),
    (HEAD + "setup:\n  deck 52\n  most cards 30\n", 4,
     "'most' belongs in the score section; this line is in the setup section that starts at line 2",
     "'score:'"),
    (HEAD + "basra:\n  a: 10 when cleared\n  total 43\n", 4,
     "'total' belongs in the score section; this line is in the basra section that starts at line 2", "'score:'"),
    (HEAD + "setup:\n  first to 101\n", 3, "'first' belongs in the game section", "'game:'"),
    (HEAD + "capture:\n  a: J takes all\n  leftover last\n", 4, "'leftover' belongs in the end section", "'end:'"),
    (HEAD + "score:\n  tie replay\n", 3, "'tie' belongs in the game section", "'game:'"),
    (HEAD + "game:\n  first to 101\n  choose largest\n", 4, "'choose' belongs in the capture section", "'capture:'"),
    (HEAD + "game:\n  first to 101\n  called \"pishti\"\n", 4, "'called' belongs in the basra section", "'basra:'"),
    (HEAD + "deck 52\n", 2, "'deck' belongs in the setup section; this line stands before any section",
     "write 'setup:' on a line above it"),
    (HEAD + "setup:\n  deck 52\noption a: 1 | 2 = 1\n", 4,
     "'option' lines come before the first section", "move it above the first section"),
    (HEAD + "option a: 1 | 2 = 1\nregion \"Egypt\"\n", 3, "'region' belongs in the header",
     "right after the 'variant' line"),
])
def test_clause_in_the_wrong_section(text, line, words, hint):
    found = only(text)
    assert found.code == "B121", (found.code, found.message)
    assert words in found.message and hint in found.help
    assert found.span.line == line


def test_the_rest_of_the_file_is_read_after_a_clause_in_the_wrong_section():
    found = errors(HEAD + "capture:\n  hand 6\n  pair any takes rank\n")
    assert [(d.code, d.span.line) for d in found] == [("B121", 3), ("B101", 4)]


def test_a_rule_without_its_colon_is_not_taken_for_a_clause():
    found = only(HEAD + "capture:\n  pair any takes rank\n")
    assert found.code == "B101"


# ---------------------------------------------------------------- 3. card names

@pytest.mark.parametrize("word, message, hint", [
    ("1D", "an ace is written A", "write AD"),
    ("1", "an ace is written A", "write A"),
    ("D7", "the rank comes first, then the suit", "write 7D"),
    ("D10", "the rank comes first", "write 10D"),
    ("SK", "the rank comes first", "write KS"),
    ("♦7", "the rank comes first", "write 7♦"),
    ("7♢", "suits are written C D H S or ♣ ♦ ♥ ♠", "write 7D (or 7♦)"),
    ("♡Q", "suits are written C D H S or ♣ ♦ ♥ ♠", "write QH (or Q♥)"),
    ("7d", "suits are written in capitals", "write 7D"),
    ("jacks", "ranks are written", "write J"),
    ("numerals", "unknown kind of card", "write numeral"),
    ("numerl", "unknown kind of card", "did you mean 'numeral'?"),
    ("7s", "a small s reads as spades or as a plural", "write 7 for all four sevens, or 7S for the seven of spades"),
])
def test_card_names_are_corrected_to_the_same_card(word, message, hint):
    found = list(X.check_pattern(nd.Pattern(span=None, include=(nd.Word(word, span=None),))))
    assert len(found) == 1 and found[0].code == "B204"
    assert message in found[0].message and hint == found[0].help.split(";")[0]


@pytest.mark.parametrize("word", ["0D", "11D", "1X", "ZD", "7DD", "13"])
def test_no_card_is_suggested_when_unsure(word):
    found = list(X.check_pattern(nd.Pattern(span=None, include=(nd.Word(word, span=None),))))
    assert len(found) == 1 and found[0].code == "B204"
    assert "did you mean" not in (found[0].help or "") and "write" not in (found[0].help or "")
    assert "A 2-9 10" in found[0].help and "C D H S" in found[0].help


def test_a_suggested_card_is_always_the_card_meant():
    # Every card of the pack, miswritten in every way the suggestions know, is suggested as itself.
    for card in C.FULL_PACK:
        rank, suit = C.RANKS[C.rank(card)], C.SUITS[C.suit(card)]
        ranks = [rank] + (["10"] if rank == "T" else []) + (["1"] if rank == "A" else [])
        for r in ranks:
            glyph, white = C.SUIT_GLYPHS[C.suit(card)], "♧♢♡♤"[C.suit(card)]
            for miswritten in (suit + r, glyph + r, r + white, white + r, r.lower() + suit.lower(), r + suit.lower()):
                fixed = C.suggest_card_word(miswritten)
                if miswritten.endswith("s"):  # 7s: the sevens or the seven of spades, so no one card
                    assert fixed is None, miswritten
                    continue
                assert fixed is not None, miswritten
                assert C.pattern_cards(fixed) == frozenset({card}), (miswritten, fixed)
    for word in ["1D", "10", "T", "AD"]:
        assert C.suggest_card_word(word) != "10D"


def test_card_names_in_a_variant(tmp_path):
    found = one_loaded(tmp_path, "capture:\n  a: D7 takes all\n")
    assert found.code == "B204" and found.help.startswith("write 7D")
    found = one_loaded(tmp_path, "basra:\n  a: 10 when played is 1D\n")
    assert found.help.startswith("write AD") and "10D" not in found.help


# ---------------------------------------------------------------- 4. names used where they do not exist

@pytest.mark.parametrize("body, name, message, hint", [
    ("setup:\n  hand 6 when played is J\n", "played",
     "'played' is known only in named capture rules (NAME: PATTERN takes ...) and basra rules: it is the card just played",
     "options and 'players' only"),
    ("score:\n  total 43 when floor.count > 0\n", "floor", "'floor' is known only in named capture rules (NAME: PATTERN takes ...) and basra rules",
     "options and 'players' only"),
    ("game:\n  first to 121 when cleared\n", "cleared", "'cleared' is known only in basra rules",
     "options and 'players' only"),
    ("capture:\n  a: J takes all when cleared\n", "cleared",
     "'cleared' is known only in basra rules: it says whether the play took cards and left the floor empty",
     "a capture rule is decided before the play, so it knows only played, floor and previous"),
    ("capture:\n  a: J takes all when captured.count > 1\n", "captured", "'captured' is known only in basra rules",
     "decided before the play"),
    ("capture:\n  a: J takes all when left.empty\n", "left", "'left' is known only in basra rules",
     "decided before the play"),
])
def test_names_used_where_they_do_not_exist(tmp_path, body, name, message, hint):
    found = one_loaded(tmp_path, body)
    assert found.code == "B201" and message in found.message and hint in found.help
    assert "did you mean" not in found.help


# ---------------------------------------------------------------- 5. option choices

def _scope(choices: dict, play=X.PLAY_NAMES) -> X.Scope:
    options = {name: values[0] for name, values in choices.items()} | {"players": 2}
    words = frozenset(v for values in choices.values() for v in values if isinstance(v, str))
    return X.Scope(options, play, words, {name: tuple(values) for name, values in choices.items()})


def _guard(text: str) -> nd.Expr:
    return parse(HEAD + "basra:\n  a: 10 when " + text + "\n").clauses[0].guard


@pytest.mark.parametrize("condition, code, message, hint", [
    ("double_basra == 25", "B302", "'double_basra' is never 25: its choices are 20 | 30", "double_basra == 20"),
    ("style == clasic", "B302", "'clasic' is not a choice of option 'style'", "did you mean 'classic'?"),
    ("style != modrn", "B302", "choices are classic | modern", "did you mean 'modern'?"),
    ("target == fast", "B205", "'target' is a number: its choices are 101 | 121", "target == 101"),
    ("style == 3", "B205", "'style' is a word: its choices are classic | modern", "style == classic"),
    ("25 == double_basra", "B302", "'double_basra' is never 25: its choices are 20 | 30", "double_basra == 20"),
])
def test_option_choices_are_offered(condition, code, message, hint):
    scope = _scope({"double_basra": [20, 30], "style": ["classic", "modern"], "target": [101, 121]})
    found = list(X.check(_guard(condition), scope, X.BOOL))
    assert len(found) == 1, [(d.code, d.message) for d in found]
    assert found[0].code == code and message in found[0].message and hint in found[0].help


def test_valid_choices_pass():
    scope = _scope({"double_basra": [20, 30], "style": ["classic", "modern"]})
    for condition in ("double_basra == 30", "style == modern", "style != classic", "double_basra > 25"):
        assert list(X.check(_guard(condition), scope, X.BOOL)) == []


def test_a_word_option_compared_with_a_number_is_an_error_in_a_variant(tmp_path):
    found = one_loaded(tmp_path, "basra:\n  a: 10 when seven_limit == 3\n", parent="basra-121")
    assert found.code == "B205" and "'seven_limit' is a word" in found.message
    assert "seven_limit == sum" in found.help


def test_a_misspelt_word_choice_in_a_variant(tmp_path):
    found = one_loaded(tmp_path, "basra:\n  a: 10 when seven_limit == cont\n", parent="basra-121")
    assert found.code in ("B201", "B302") and "did you mean 'count'?" in found.help


def test_a_number_that_is_not_a_choice_in_a_variant(tmp_path):
    found = one_loaded(tmp_path, "basra:\n  a: 10 when double_basra == 25\n")
    assert found.code == "B302" and "its choices are 20 | 30" in found.message


def test_a_number_option_compared_with_a_word_in_a_variant(tmp_path):
    found = one_loaded(tmp_path, "basra:\n  a: 10 when target == fast\n")
    assert found.code == "B205" and "'target' is a number" in found.message and "target == 101" in found.help


# ---------------------------------------------------------------- 6. the variant line

BODY = "setup:\n  deck 52\n  players 2\n  hand 4\ncapture:\n  pair: any takes rank\ngame:\n  first to 101\n"


@pytest.mark.parametrize("header, code, message, hint", [
    ('variant my game "My Game"', "B122", "a variant's name has no spaces", 'variant my_game "My Game"'),
    ('variant my game "My Game" extends egyptian', "B122", "a variant's name has no spaces",
     'variant my_game "My Game" extends egyptian'),
    ('variant mine "My Game', "B106", "the title's quoted text is not closed", 'variant mine "My Game"'),
    ('variant mine "My Game extends egyptian', "B106", "not closed", 'variant mine "My Game" extends egyptian'),
    ('variant mine My Game"', "B122", "the title's opening quote is missing", 'variant mine "My Game"'),
    ('variant mine My Game', "B122", "the title is written in double quotes", 'variant mine "My Game"'),
    ('variant "My Game"', "B122", "the variant line needs a name before its title", 'variant my_game "My Game"'),
    ('variant mine “My Game”', "B122", "straight double quotes", 'variant mine "My Game"'),
    ("variant mine 'My Game'", "B122", "straight double quotes", 'variant mine "My Game"'),
    ('variant my.game "My Game"', "B122", "a variant's name is made of letters", 'variant my_game "My Game"'),
    ('variant mine: "My Game"', "B122", "no colon", 'variant mine "My Game"'),
    ('variant mine "My Game" extends', "B122", "'extends' needs the name of the variant", "extends egyptian"),
    ('variant mine extends egyptian "My Game"', "B122", "the title comes before 'extends'",
     'variant mine "My Game" extends egyptian'),
    ('Variant mine "My Game"', "B122", "'variant' is written in small letters", 'variant mine "My Game"'),
])
def test_a_broken_variant_line_is_one_error(header, code, message, hint):
    found = only(header + "\n" + BODY)
    assert found.code == code, (found.code, found.message)
    assert message in found.message and hint in found.help and found.span.line == 1


def test_the_rest_of_the_file_is_read_after_a_broken_variant_line():
    found = errors('variant my game "My Game"\n' + BODY.replace("hand 4", "hnd 4"))
    assert [(d.code, d.span.line) for d in found] == [("B122", 1), ("B102", 5)]


@pytest.mark.parametrize("body, word", [
    ("setup:\n  hand 4 deal batches\n", "deal batches"),
    ("capture:\n  choose one compulsory\n", "compulsory"),
])
def test_two_clauses_on_one_line_are_told_to_take_a_line_each(tmp_path, body, word):
    """Issue 29's report: 'hand 4 deal batches' drew a bare "unexpected 'deal'"."""
    from basra_dsl.diagnostics import DiagnosticError
    from basra_dsl.language.loader import load_text
    with pytest.raises(DiagnosticError) as caught:
        load_text(f'variant two "Two" extends egyptian\n{body}', tmp_path / "two.basra").merged
    found = caught.value.diagnostics[0]
    assert found.code == "B123" and f"'{word}' begins a clause of its own" in found.message
    assert "put each clause on its own line" in found.help and found.span.line == 3


# ---------------------------------------------------------------- names an author brings (issue 29, held-out 4)
@pytest.mark.parametrize("parent, body, code, hint", [
    # an inherited option the child's own rule no longer reads, one letter away
    ("scopa-dassi", "basra:\n  sweep \"Scopa\": 1 when cleared and not ace_scopas\n", "B201",
     "did you mean 'ace_scopa'? (an option scopa-dassi declares)"),
    # an option a clause copied from another bundled game reads: that game's option line
    ("morabaa", "setup:\n  partners when teams\n", "B201",
     "declare it with an 'option' line, as bastra does: option teams: yes | no = yes"),
    # the Spanish suit's name in a countback
    ("escoba", "game:\n  tie countback bonuses, oros, 7D\n", "B209",
     "the suits are written in English: write 'coins'"),
    # a basra rule's word in a score rule: the line with the score rule's word
    ("chinese-ten", "score:\n  spade_ace: 30 when captured has AS\n", "B201", "write 'taken has AS'"),
])
def test_a_name_from_elsewhere_gets_the_one_meant(tmp_path, parent, body, code, hint):
    found = one_loaded(tmp_path, body, parent)
    assert found.code == code and found.help.startswith(hint), (found.code, found.help)


# ---------------------------------------------------------------- held-out 5's slips, each with its fix
@pytest.mark.parametrize("parent, body, code, hint", [
    ("cirulla", "dealing:\n  low: 3 to dealer when hand.sum <= 9 or hand has 7H\n", "B201", "write 'to holder'"),
    ("lebanese", "score:\n  most cards five tie nobody\n", "B201", "write 5"),
    ("escoba", "score:\n  points 7O 2\n", "B204", "write 7D"),
    ("homsi", "basra:\n  clear: 10 when cleared or floor.single is J\n", "B202", "did you mean 'lone'?"),
    ("egyptian", "basra:\n  sevens: 20 when played.rank == 7 and floor.lone.rank == 7\n", "B205",
     "a card's rank is tested with 'is': write 'played is 7'"),
    ("tablanette", "setup:\n  deck 36\n", "B405", "a 36-card pack is written 'deck 52 without 2, 3, 4, 5'"),
])
def test_a_held_out_slip_gets_its_fix(tmp_path, parent, body, code, hint):
    found = loaded_errors(tmp_path, body, parent)
    assert found and found[0].code == code and hint in found[0].help, [(d.code, d.message, d.help) for d in found]


def test_a_name_unknown_three_times_in_one_condition_is_one_finding(tmp_path):
    found = loaded_errors(tmp_path, "dealing:\n  low: 3 to dealer when hand.sum <= 9 or (hand has 7H and hand.sum <= 15)\n",
                          "cirulla")
    assert [d.code for d in found] == ["B201"]


@pytest.mark.parametrize("line, fixed", [
    ("  most 3 cards tie each", "most cards 3 tie each"),  # the points before what a majority counts
])
def test_held_out_word_order_is_mended(line, fixed):
    found = only(HEAD + "score:\n" + line + "\n")
    assert (found.code, found.help) == ("B125", f"write: {fixed}")


def test_a_comment_after_a_carrying_backslash_is_named():
    found = only(HEAD + "basra:\n  a: 10 when cleared and \\  # a note\n    played is 7D\n")
    assert found.code == "B125" and "a comment cannot follow" in found.message
    assert found.help == "write: a: 10 when cleared and \\"


def test_a_deal_passing_right_is_offered_previous():
    found = only(HEAD + "setup:\n  deal passes right\n")
    assert found.help.startswith("did you mean 'previous'?") and "to the right" in found.help


# ---------------------------------------------------------------- held-out 6's slips
@pytest.mark.parametrize("section, line, code, fixed", [
    ("setup", "  when players == 3 hand 8", "B125", "write: hand 8 when players == 3"),
    ("game", "  first to 61.", "B125", "write: first to 61"),
])
def test_held_out_six_slips_are_mended(section, line, code, fixed):
    found = only(HEAD + f"{section}:\n{line}\n")
    assert (found.code, found.help) == (code, fixed)


def test_a_clause_under_dealing_is_said_to_be_there(tmp_path):
    found = only(HEAD + "dealing:\n  cut J: dealer\n")
    assert found.code == "B121" and "this line is in the dealing section that starts at line 2" in found.message


def test_a_decimal_comma_in_value_is_named(tmp_path):
    found = one_loaded(tmp_path, "basra:\n  clear: 2 * value(played, J=12,5) when cleared\n", "syrian")
    assert found.code == "B203" and found.help == "a decimal is written with a point, not a comma: write J=12.5"


# ---------------------------------------------------------------- held-out 7's slips
@pytest.mark.parametrize("section, line, code, fixed", [
    ("setup", "  players 2-4", "B125", "write: players 2, 3, 4"),
    ("setup", "  hand 6 (six each, four on the table)", "B125", "write: hand 6  # six each, four on the table"),
    ("basra", "  jack on jack: 30 when played is J and floor.lone is J", "B101",
     "write: jack_on_jack: 30 when played is J and floor.lone is J"),
])
def test_held_out_seven_slips_are_mended(section, line, code, fixed):
    found = only(HEAD + f"{section}:\n{line}\n")
    assert (found.code, found.help) == (code, fixed)


def test_an_emoji_selector_after_a_suit_sign_is_named():
    found = only(HEAD + "score:\n  points 7\u2666\ufe0f 2\n")
    assert found.code == "B107" and "an emoji selector" in found.message


def test_a_yes_no_option_tested_with_is_is_offered_the_condition(tmp_path):
    found = loaded_errors(tmp_path, "game:\n  hands 1 when one_hand is yes\n", "casino")
    assert [(d.code, d.help) for d in found] == [("B205", "write 'one_hand': a yes/no option is a condition by itself")]


# ---------------------------------------------------------------- held-out 8's slips
@pytest.mark.parametrize("text, fixed", [
    ("score:\n  most cards 3 points tie nobody\n", "write: most cards 3 tie nobody"),
    ('option target: 11 | 21 default 21 "points that win"\nsetup:\n  hand 3\n',
     'write: option target: 11 | 21 = 21 "points that win"'),
    ('about "Casino as the "Friday Club" plays it."\nsetup:\n  hand 3\n',
     "write: about \"Casino as the 'Friday Club' plays it.\""),
])
def test_held_out_eight_slips_are_mended(text, fixed):
    found = only(HEAD + text)
    assert (found.code, found.help) == ("B125", fixed)
