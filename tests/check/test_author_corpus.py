"""Issue 29's corpora of author mistakes (tests/data/author-mistakes/): each mistake, made on a
copy of a bundled variant, draws the codes the corpus records, and no mistake of the first
corpus passes silently. SCORES.md and heldout-scores.md beside them score the messages; the
held-out corpus was scored once, before the checker saw it.

Four held-out mistakes stay silent, and are said to, for no check can tell them from a rule
meant: 'drop komai' under capture: where the author meant Ethiopian's bonus of that name, the
very drop a house rule makes on purpose for Egyptian's seven (tests/fixtures/house_rules); an
inherited
option declared again with its default turned where only its description was to change: the
very line a child writes to say its table plays the other choice (a warning on it fired on
seven of the house rules, each meant); held-out 6's new option whose default is 6 where the
author meant 4; and held-out 12's sweep restated at 2 points without Casino's 'and sweeps', the
very restatement a table writes to fix an option's choice (house_rules/jack_on_jack_always). Each is
a child's own line; a renamed copy of a bundled file, edited in a few lines, is told its changes
(B760) where nothing else is found: a jack turned up given to the dealer ('without J: dealer')
where the author meant under the pack, or a new option whose default is 'yes' where its
description says only some tables play it."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from basra_dsl.check.checker import check_paths
from basra_dsl.resources import bundled_variants

FOLDER = Path(__file__).parents[1] / "data" / "author-mistakes"
MISTAKES = yaml.safe_load((FOLDER / "corpus.yaml").read_text(encoding="utf-8"))
HELD_OUT = [dict(m, corpus=name) for name in ("heldout", "heldout2", "heldout3", "heldout4", "heldout5", "heldout6", "heldout7", "heldout8", "heldout9", "heldout10", "heldout11", "heldout12", "heldout13", "heldout14", "heldout15")
            for m in yaml.safe_load((FOLDER / f"{name}.yaml").read_text(encoding="utf-8"))]
SILENT_BY_NATURE = {"heldout/35-ethiopian-drop-wrong-komai", "heldout3/33-option-default-flipped", "heldout6/34",
                    "heldout12/33-option-dead"}
# game-changing mistakes no check hears yet (issue 29 stays open while any is listed here). A copy
# of a bundled file edited in a few lines, where nothing else is found, is B760's since held-out
# 15: it names each changed line beside the bundled one (held-out 10's player count off by one,
# held-out 6's zwick of 10 for 3, and the first two held-out corpora's copies above).
KNOWN_MISSES: set[str] = set()
# held-out 9's slips that now read as the author meant, so nothing is said: a space after a
# line's carrying '\\' (the statement reads as meant), and a bonus capped with min(5, ...)
# (the language has had min and max since)
READ_AS_MEANT = {"heldout9/09-backslash-space", "heldout9/23-min-function"}


def test_the_corpus_holds_sixty_mistakes_or_more_in_three_classes():
    classes = [m["class"] for m in MISTAKES]
    assert len(MISTAKES) >= 60 and all(classes.count(c) >= 20 for c in "ABC")
    assert len({m["id"] for m in MISTAKES}) == len(MISTAKES)


@pytest.mark.parametrize("mistake", MISTAKES, ids=[m["id"] for m in MISTAKES])
def test_each_mistake_draws_its_findings(tmp_path, mistake):
    text = bundled_variants()[mistake["variant"]].read_text(encoding="utf-8")
    assert text.count(mistake["old"]) == 1, "the bundled file changed: make the mistake on it again"
    path = tmp_path / f"{mistake['variant']}.basra"
    path.write_text(text.replace(mistake["old"], mistake["new"]), encoding="utf-8")
    found = check_paths([path]).diagnostics
    assert found, f"{mistake['id']} passes silently: {mistake['typed']}"
    assert sorted({d.code for d in found}) == mistake["codes"]
    assert all(d.help for d in found if d.code != "B305"), [(d.code, d.message) for d in found if not d.help]


@pytest.mark.parametrize("mistake", HELD_OUT, ids=[f"{m['corpus']}/{m['id']}" for m in HELD_OUT])
def test_each_held_out_mistake_draws_its_findings(tmp_path, mistake):
    if "text" in mistake:
        text = mistake["text"]
    else:
        bundled = bundled_variants()[mistake["variant"]].read_text(encoding="utf-8")
        lines = bundled.split("\n")
        head = next(i for i, row in enumerate(lines) if row.startswith("variant "))
        text = "\n".join(lines[:head] + [mistake["variant_line"]] + lines[head + 1:])
        assert text.count(mistake["old"]) == 1, "the bundled file changed: make the mistake on it again"
        text = text.replace(mistake["old"], mistake["new"])
    path = tmp_path / mistake["file"]
    path.write_text(text, encoding="utf-8")
    found = check_paths([path]).diagnostics
    assert sorted({d.code for d in found}) == mistake["codes"]
    assert found or f"{mistake['corpus']}/{mistake['id']}" in SILENT_BY_NATURE | KNOWN_MISSES | READ_AS_MEANT, \
        f"{mistake['id']} passes silently"
