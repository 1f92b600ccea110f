"""Issue 29's corpus of author mistakes (tests/data/author-mistakes/corpus.yaml): each, made on a
copy of a bundled variant, draws the codes the corpus records, and no mistake of any class,
least of all a game-changing one, passes silently. SCORES.md beside it scores the messages."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from basra_dsl.check.checker import check_paths
from basra_dsl.resources import bundled_variants

CORPUS = Path(__file__).parents[1] / "data" / "author-mistakes" / "corpus.yaml"
MISTAKES = yaml.safe_load(CORPUS.read_text(encoding="utf-8"))


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
