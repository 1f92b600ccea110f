"""Every ```basra block in the docs parses (a fragment gets a `variant` line in front).

The diagnostics page is left out: its snippets are mistakes on purpose, one per code."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from basra_dsl.language.parser import parse

DOCS = Path(__file__).resolve().parent.parent / "docs"
BLOCKS = [(page.name, index, block) for page in sorted(DOCS.glob("*.md")) if page.name != "diagnostics.md"
          for index, block in enumerate(re.findall(r"```basra\n(.*?)```", page.read_text(encoding="utf-8"), re.S))]


@pytest.mark.parametrize("page, index, block", BLOCKS, ids=[f"{p}-{i}" for p, i, _ in BLOCKS])
def test_basra_blocks_in_the_docs_parse(page, index, block):
    has_header = re.search(r"^variant ", block, flags=re.M) is not None
    parse(block if has_header else 'variant fragment "Fragment"\n' + block, f"docs/{page}")
