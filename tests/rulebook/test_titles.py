"""Rules read as rules (issue 11): rules shown under titles, alternatives joined by
"otherwise", sentences short enough to read aloud, and no file words in the rules text."""

from __future__ import annotations

import re
from functools import cache
from pathlib import Path

import pytest

from basra_dsl.language.parser import parse
from basra_dsl.resources import bundled_variants
from basra_dsl.rulebook import render_variant
from basra_dsl.rulebook.pages.differences import passage
from basra_dsl.rulebook.prose.sentences import MOST_WORDS
from basra_dsl.rulebook.prose.titles import derived_title, label

VARIANTS = sorted(bundled_variants())
LABEL = re.compile(r"^- (\*\*.*?\*\*\{#[^}]*\} — |\[.*?\]\([^)]*\): )")  # a rule's bullet, up to its text


@cache
def page(name: str | Path) -> str:
    return render_variant(name).markdown


def rules_text(markdown: str) -> str:
    """Returns what a page says of the rules: the differences and the Rules tab."""
    body = markdown.split('=== "Source file"')[0]
    start = body.find("## Differences from")
    return body[start:] if start >= 0 else body[body.index('=== "Rules"'):]


def sentences(markdown: str) -> list[str]:
    """Returns the sentences of every rule on a page (its label, links and notes left out)."""
    found = []
    for line in rules_text(markdown).split("\n"):
        line = line.strip()
        if not LABEL.match(line):
            continue
        line = re.sub(r"<small>.*?</small>", "", LABEL.sub("", line))
        for part in line.split("<br>"):
            part = re.sub(r"^\s*\*(In .*?|It said):\*", "", part)
            part = re.sub(r"\[([^\]]*)\]\([^)]*\)", r"\1", part).replace("*", "")
            found += [s.strip() for s in re.split(r"(?<=[.!?])\s+(?=[A-Z])", part) if s.strip()]
    return found


def _rule(section: str, line: str):
    return parse(f'variant t "T"\noption o: yes | no = no\n{section}:\n  {line}\n', "t.basra").clauses[0]


# ------------------------------------------------------------------ titles

@pytest.mark.parametrize("section, line, title", [
    ("capture", "pair: any takes rank", "Pairing"),
    ("capture", "sum: numeral takes sums", "Adding up"),
    ("capture", "jack: J takes all", "Jacks sweep the floor"),
    ("capture", "seven: 7D takes all", "The seven of diamonds sweeps"),
    ("capture", "seven: 7D takes all when o", "The seven of diamonds sweeps"),  # an option says nothing of it
    ("capture", "both: J | 7D takes all", "Jacks and the seven of diamonds sweep the floor"),
    ("basra", "clear: 10 when cleared", "Clearing the floor"),
    ("basra", "clear: 10 when cleared and played is not J and not (o and played is 7D)", "Clearing the floor"),
    ("basra", "clear: 10 when cleared and (played is not J or floor.lone is J)", "Clearing the floor"),
    ("basra", "double_jack: 20 when o and played is J and floor.lone is J", "Jack on a lone jack"),
    ("basra", "lone: 10 when floor.count == 1 and (played is not J or floor.lone is J)", "Taking a lone card"),
    ("basra", "pishti: 10 when floor.count == 1 and played.rank == floor.lone.rank", "Pairing a lone card"),
    ("basra", "komai: 10 when floor.lone is 7D and played is not J", "Taking a lone seven of diamonds"),
    ("basra", "seven: 10 when played is 7D and floor.sum <= 10", "Capturing with the seven of diamonds"),
])
def test_a_title_is_said_from_the_rule_body(section, line, title):
    assert derived_title(_rule(section, line)) == title
    assert label(_rule(section, line)) == title


def test_a_body_too_particular_for_a_title_shows_the_name_in_words():
    rule = _rule("basra", "sum_of_two: 10 when cleared and previous.trailed and floor.count == 2")
    assert derived_title(rule) is None
    assert label(rule) == "Sum of two"


def test_a_written_title_wins_and_is_escaped():
    rule = _rule("basra", 'clear "Sweep *the* [floor]": 10 when cleared')
    assert label(rule) == r"Sweep \*the\* \[floor\]"


def test_rules_are_shown_under_titles_and_keep_their_ids_as_anchors():
    text = page("lebanese")
    assert "- **Taking a lone card and a trail by their sum**{#rule-basra-sum_of_two} — " in text
    assert "- **Taking a lone card**{#rule-basra-lone} — " in text
    assert "- **Pairing**{#rule-capture-pair} — " in text
    assert "[10 (taking a lone card)](#rule-basra-lone)" in text  # At a glance
    assert "- [Taking a lone card](#rule-basra-lone): 10 points" in text  # what it adds
    assert "- [The seven of diamonds sweeps](bastra.md#rule-capture-seven) no longer applies." in text
    for name in ("pair", "sum", "jack", "seven", "clear", "lone", "sum_of_two"):
        assert f"**{name}**" not in text and f"[{name}](" not in text


@pytest.mark.parametrize("name", VARIANTS)
def test_no_rule_is_named_by_its_id(name):
    markdown = page(name)
    glance = markdown.split('!!! abstract "At a glance"')[1].split("\n\n", 2)[1]
    reasons = "\n".join(line for line in markdown.split("\n") if "**Why:**" in line or "**Basra:**" in line
                        or "<small>Rule:" in line)
    text = "\n".join([rules_text(markdown), glance, reasons])
    for key in re.findall(r"\{#rule-(?:capture|basra)-(\w+)\}", markdown):
        assert f"**{key}**{{#" not in text and f"[{key}](" not in text, f"{name}: rule {key} shown by its id"


def test_why_lines_name_rules_by_their_titles():
    text = page("egyptian")
    assert "**Why:** [Pairing](#rule-capture-pair): it pairs the floor cards of its rank." in text
    assert "**Why:** [Jacks sweep the floor](#rule-capture-jack): it takes the whole floor." in text
    assert "([Clearing the floor](#rule-basra-clear))" in text


def test_a_hostile_title_is_shown_as_text(tmp_path):
    path = tmp_path / "evil.basra"
    path.write_text('variant evil "Evil" extends egyptian\n\nbasra:\n'
                    '  clear "<script>alert(1)</script> [x](javascript:y) {: onclick=z }": 10 when cleared\n',
                    encoding="utf-8")
    text = render_variant(path).markdown.split('=== "Source file"')[0]  # the source tab shows the file in a code block
    shown = r"&lt;script&gt;alert(1)&lt;/script&gt; \[x\](javascript:y) \{: onclick=z \}"
    assert f"- **{shown}**{{#rule-basra-clear}}" in text  # the Rules tab
    assert f"- [{shown}](#rule-basra-clear): " in text  # the differences
    assert "<script>" not in text
    assert not re.search(r"(?<!\\)(\]\(javascript:|\{: onclick)", text)  # each escaped: no link, no attribute


# ------------------------------------------------------------------ otherwise

def test_alternatives_read_with_otherwise():
    assert passage([("with 3 players", "Each player is dealt 4 cards. Then more."),
                    (None, "Each player is dealt 6 cards. Then more.")]) == \
        "With 3 players, each player is dealt 4 cards; otherwise 6. Then more."
    assert passage([("with *draw* for x", "If it ties, the game is a draw."),
                    (None, "If it ties, another hand is played.")]) == \
        "With *draw* for x, if it ties, the game is a draw; otherwise, if it ties, another hand is played."
    assert passage([("with *hand* for x", "A tie scores nothing. It wipes out the hand."),
                    (None, "A tie scores nothing.")]) == \
        "A tie scores nothing. With *hand* for x, it wipes out the hand."  # only where the condition holds
    assert passage([("if the floor is empty", "A card is laid down.")]) == \
        "If the floor is empty, a card is laid down."


def test_pages_run_alternatives_together_condition_first():
    text = page("lebanese")
    said = ("With 3 players, each player is dealt 4 cards; otherwise 6. When everyone has played them, "
            "the dealer deals another round of the same number, until the pack is used up.")
    assert f"- **Cards dealt**{{#rule-setup-hand}} — {said}" in text  # the Rules tab
    assert f"- [Cards dealt](#rule-setup-hand): {said} <br>" in text  # the differences
    assert "Otherwise, if the leaders are level at the target, another hand is played to settle it." in text
    assert "    - Otherwise:" not in text and "When there are 3 players:" not in text


def test_a_condition_goes_first_in_players_words():
    text = page("bastra")
    assert ("With 4 players and [*teams*](#option-teams), players form partnerships of two, "
            "partners sitting opposite each other.") in text
    assert "but only when the table plays with [*seven sweeps*](#option-seven_sweeps)." in text


# ------------------------------------------------------------------ short sentences, players' words

@pytest.mark.parametrize("name", VARIANTS)
def test_rule_sentences_are_short_enough_to_read_aloud(name):
    said = sentences(page(name))
    assert said
    too_long = [s for s in said if len(s.split()) > MOST_WORDS]
    assert too_long == [], f"{name}: sentences over {MOST_WORDS} words"


def test_the_sentence_counter_sees_a_long_sentence():
    long = " ".join(["word"] * (MOST_WORDS + 1)) + "."
    markdown = f'## Differences from P {{#differences}}\n\n- [A](#rule-a): {long}\n\n=== "Source file"\n'
    assert [len(s.split()) for s in sentences(markdown)] == [MOST_WORDS + 1]


def test_a_long_bonus_condition_is_split_into_sentences():
    text = page("lebanese")
    assert ("10 points when a capture clears a floor of exactly 2 cards, of numerals only. It counts only if the "
            "previous play was a trail onto a floor of a single card and the card played is worth the total of "
            "the floor.") in text
    yemeni = page("yemeni")
    assert "adding up to less than 10. It also counts when the seven of diamonds takes a floor of tens" in yemeni


@pytest.mark.parametrize("name", VARIANTS)
def test_the_rules_use_no_file_words(name):
    text = rules_text(page(name))
    for words in ("variant file", "the file", "engine", "clause", "option is on", "option is off",
                  "House-rule note", "stated in", "it is not the case"):
        assert words not in text, f"{name}: {words!r} in the rules"


# ------------------------------------------------------------------ the table, the deal, the cards (review G5-G12)

SCRATCH = '''variant t "T"
option rest: a | b = a "x"
setup:
  deck 52
  players {players}
  hand 4
  start floor 4
  direction anticlockwise when rest == b
  direction clockwise
  lead next
  deal passes next
  cut J: next
capture:
  pair: any takes rank
  sum: numeral takes sums
  jack: J takes all
  compulsory hand
basra:
  clear: 10 when cleared and played is not J
  lone: 10 when floor.count == 1
score:
  most cards 3 tie nobody
game:
  first to 51
'''


def scratch(tmp_path: Path, players: str = "2, 3") -> str:
    path = tmp_path / "t.basra"
    path.write_text(SCRATCH.format(players=players), encoding="utf-8")
    return render_variant(path).markdown


def test_who_leads_and_deals_next_follow_a_direction_an_option_sets(tmp_path: Path):
    text = scratch(tmp_path)
    assert ("— With *b* for [*rest*](#option-rest), the player to the dealer's right plays first; otherwise, "
            "the player to the dealer's left. With two players, that is the non-dealer.") in text
    assert ("— With *b* for [*rest*](#option-rest), after each hand the deal passes to the right; otherwise, "
            "after each hand the deal passes to the left.") in text
    jordanian = page("jordanian")
    assert "the player to the dealer's right plays first; otherwise, the player to the dealer's left." in jordanian
    assert "The player to the dealer's left plays first (with two players" not in jordanian


def test_the_cut_and_the_compulsion_of_a_whole_hand_are_said(tmp_path: Path):
    text = scratch(tmp_path)
    assert ("- **The cut**{#rule-setup-cut} — Before dealing, the dealer cuts the pack, and the bottom card of the "
            "part lifted off is turned up. With *b* for [*rest*](#option-rest), a jack turned up there is won at once "
            "by the player to the dealer's right, who keeps it with the cards they take; otherwise, a jack turned up "
            "there is won at once by the player to the dealer's left. With two players, that is the non-dealer. Any "
            "other card goes to the bottom of the pack, to be dealt last.") in text
    assert text.index("{#rule-setup-cut}") < text.index("{#rule-setup-hand}")  # before the deal
    assert ("Capturing is compulsory: if any card you hold can take, you must play a card that takes. You may lay "
            "a card on the floor without taking only when none of your cards can take anything.") in text
    two = scratch(tmp_path, "2")
    assert "A jack turned up there is won at once by the non-dealer, who keeps it with the cards they take." in two


def test_two_player_games_say_the_turns_and_the_deal_alternate(tmp_path: Path):
    two = scratch(tmp_path, "2")
    assert "— The non-dealer plays first." in two
    assert "— The deal alternates: each player deals every other hand." in two
    assert "the dealer's right deals next" not in two and "(for partners" not in two
    pishti = page("pishti")
    assert "— The two players take turns, so the direction of play makes no difference." in pishti
    assert "in one pile per side" not in pishti


def test_a_four_player_game_says_nothing_of_two_players():
    morabaa = page("morabaa")
    assert "with two players" not in morabaa.lower()
    assert "| **Players** | [4](#rule-setup-players), [as partners](#rule-setup-partners) |" in morabaa
    assert "(for partners, in one pile per side)" in morabaa


def test_play_and_capture_starts_with_what_the_cards_count():
    egyptian = page("egyptian")
    said = ("Numerals, ace (1) to ten, count their pips. The picture cards (jacks, queens and kings) have no "
            "number: they are never added up, and queens and kings take only by pairing.")
    assert f"## Play and capture {{#capture}}\n\n    {said}" in egyptian
    assert "Jacks have no number: they are never added up." in page("palestinian")  # no queens or kings
    assert "queens and kings take by pairing" in page("ethiopian")  # they may also take a lone seven
    assert "count their pips" not in page("pishti")  # nothing adds up


def test_hand_means_the_whole_deal_through():
    for name in VARIANTS:
        text = rules_text(page(name))
        assert "every hand has been played" not in text and "a deal's cards" not in text, name
        assert "**Hands**" not in text, name
    assert "When everyone has played them, the dealer deals another round" in page("egyptian")


def test_the_larger_bonus_rule_is_said_only_where_two_can_meet():
    ours = "Where one capture meets two of these rules, we count only the larger bonus."
    assert ours in page("morabaa") and ours in page("ethiopian")
    for name in ("egyptian", "lebanese", "jordanian", "yemeni"):
        assert ours not in page(name), name
    assert "scores only the largest of them" not in page("morabaa")


def test_at_a_glance_has_no_stacked_brackets():
    for name in VARIANTS:
        glance = page(name).split('!!! abstract "At a glance"')[1].split("\n\n", 2)[1]
        worth = next((line for line in glance.splitlines() if " is worth** |" in line), "")  # none: no bonuses
        assert ") (" not in worth, name
    assert "twice the value of the card played, counting a queen and a king as 10 each (clearing the floor)" \
        in page("jordanian")
