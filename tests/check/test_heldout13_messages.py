"""Held-out 13's mistakes (issue 29), each told what is wrong and how to mend it: a sweep
exception copied into a game where the card has no sweep (B754), a majority's threshold copied
from a bigger pack (B755), a child's line that plays none of an option's choices (B756), a
'points' line that keeps one card of the parent's list, an option the parent states as a number,
a bonus whose two parts 'or' joins, a hyphenated name, and 'hand' in a rule of the play."""

from __future__ import annotations

import pytest

from basra_dsl.check.checker import check_paths


def findings(tmp_path, parent: str, body: str) -> dict[str, tuple[str, str]]:
    path = tmp_path / "house.basra"
    path.write_text(f'variant house "House" extends {parent}\nabout "x"\n\n{body}', encoding="utf-8")
    return {d.code: (d.message, d.help or "") for d in check_paths([path]).diagnostics if d.code != "B407"}


@pytest.mark.parametrize("parent, body, code, said, helped", [
    ("lebanese", "basra:\n  clear: 10 when cleared and played is not J | 7D\n", "B754",
     "leaves out 7D, which sweeps the floor by no rule of its own", "write: clear: 10 when cleared and played is not J"),
    ("palestinian", "score:\n  most cards 3 at least 27 tie nobody\n", "B755",
     "more than half of the 44 cards this pack holds is 23: a side with 23 to 26 has the most and scores nothing",
     "did you mean '23'?"),
    ("casino", "capture:\n  raise never\n", "B756",
     "plays none of casino's choices of 'raise_own' ('raise any' when raise_own is yes, 'raise others' when raise_own is no)", "raise others when not raise_own; raise any"),
    ("dry", "score:\n  points 10D 3\n", "B707", "not the 13 that 'total' claims",
     "so 2C and J no longer score: to change only what it names, restate the list: 'points 10D 3, 2C 1, J 1', "
     "and the total it makes: 'total 14'"),
    ("pishti", "option target: 101 | 151 = 151 \"points that win a game\"\n", "B305", "never used",
     "pishti's 'first to 101' states the number itself: for the option to set it, write 'first to target' under 'game:'"),
    ("jordanian", "basra:\n  jack_jack \"Jack on a lone jack\": 20 when played is J or floor.lone is J\n", "B737",
     "'or' lets either part alone score", "join them with 'and': 'played is J and floor.lone is J'"),
    ("ethiopian", "basra:\n  komai-jack \"Jack on the komai\": 10 when floor.lone is 7D and played is J\n", "B125",
     "not '-': write 'komai_jack'", "komai_jack \"Jack on the komai\""),
    ("xeri", "basra:\n  last \"Last card\": 20 when floor.count == 1 and hand.empty\n", "B201",
     "'hand' is not known in a basra rule: it sees the play", "'last' (the hand's last play)"),
])
def test_a_mistake_is_told_with_its_fix(tmp_path, parent, body, code, said, helped):
    found = findings(tmp_path, parent, body)
    assert code in found, found
    message, help_ = found[code]
    assert said in message and helped in help_, (message, help_)


@pytest.mark.parametrize("parent, body", [
    ("egyptian", "basra:\n  clear: 10 when cleared and played is not J | 7D\n"),  # both cards sweep there
    ("lebanese", "basra:\n  clear: 10 when cleared and played is not 7\n"),  # no sweeper named: a table's choice
    ("egyptian", "score:\n  most cards 30 at least 27 tie carry\n"),  # more than half of 52
    ("casino", "capture:\n  raise others\n"),  # one of casino's choices: the table's choice fixed
    ("bastra", "game:\n  tie extend 30\n"),  # a choice's play with another number
])
def test_what_a_table_means_is_not_told(tmp_path, parent, body):
    found = findings(tmp_path, parent, body)
    assert not {"B754", "B755", "B756"} & set(found), found
