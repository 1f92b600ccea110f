"""basra fmt keeps each comment where its author put it (issue 27, item 11).

A comment block at the left margin that stands between sections, or after the last one,
stays at the top level: ``basra fmt`` once indented the 45 lines of guidance ``basra new``
writes into the first section an author added above them. A comment indented inside a
section stays inside it, also at the section's end. A comment directly above a statement
introduces it and is indented like it, as before.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from basra_dsl.check.scaffold import variant_text
from basra_dsl.language.formatter import format_text
from basra_dsl.language.parser import parse
from basra_dsl.resources import bundled_variants

VARIANTS = sorted(bundled_variants().items())
EGYPTIAN = bundled_variants()["egyptian"]

# ------------------------------------------------------------------ golden before/after texts

# The author added a section under the header, above the template's comment block.
TEMPLATE_BLOCK_AFTER_A_SECTION = '''\
variant kafr "Kafr" extends egyptian
about "Kafr."

basra:
  seven: 10 when played is 7D

# State only what differs from egyptian: the parent says:
#
#   setup:
#     deck 52
#
# For example, to deal six cards a hand:
#
# setup:
#   hand 6
'''

# The same, laid out carelessly: fmt fixes the statement's indentation, not the comments' place.
TEMPLATE_BLOCK_MESSY = '''\
variant kafr "Kafr" extends egyptian
about "Kafr."
basra:
    seven: 10 when played is 7D

# State only what differs from egyptian: the parent says:
#
#   setup:
#     deck 52
'''

TEMPLATE_BLOCK_MESSY_FORMATTED = '''\
variant kafr "Kafr" extends egyptian
about "Kafr."

basra:
  seven: 10 when played is 7D

# State only what differs from egyptian: the parent says:
#
#   setup:
#     deck 52
'''

# A block at the left margin between two sections stays between them, before the second.
BETWEEN_SECTIONS = '''\
variant kafr "Kafr" extends egyptian
setup:
  hand 6
# About the basra section:
#   one line more
basra:
  seven: 10 when played is 7D
'''

BETWEEN_SECTIONS_FORMATTED = '''\
variant kafr "Kafr" extends egyptian

setup:
  hand 6

# About the basra section:
#   one line more
basra:
  seven: 10 when played is 7D
'''

# A comment indented at the end of a section stays in that section.
END_OF_SECTION = '''\
variant kafr "Kafr" extends egyptian
setup:
  hand 6
    # the deal itself is the parent's
basra:
  seven: 10 when played is 7D
\t# nothing else scores a basra here

# Top-level closing words.
'''

END_OF_SECTION_FORMATTED = '''\
variant kafr "Kafr" extends egyptian

setup:
  hand 6
  # the deal itself is the parent's

basra:
  seven: 10 when played is 7D
  # nothing else scores a basra here

# Top-level closing words.
'''

# A comment directly above a statement introduces it, wherever it starts.
INTRODUCES_A_STATEMENT = '''\
variant kafr "Kafr" extends egyptian

setup:
# six cards each
  hand 6
'''

INTRODUCES_A_STATEMENT_FORMATTED = '''\
variant kafr "Kafr" extends egyptian

setup:
  # six cards each
  hand 6
'''


@pytest.mark.parametrize("before, after", [
    (TEMPLATE_BLOCK_AFTER_A_SECTION, TEMPLATE_BLOCK_AFTER_A_SECTION),
    (TEMPLATE_BLOCK_MESSY, TEMPLATE_BLOCK_MESSY_FORMATTED),
    (BETWEEN_SECTIONS, BETWEEN_SECTIONS_FORMATTED),
    (END_OF_SECTION, END_OF_SECTION_FORMATTED),
    (INTRODUCES_A_STATEMENT, INTRODUCES_A_STATEMENT_FORMATTED),
], ids=["template-block-after-a-section", "template-block-messy", "between-sections", "end-of-section",
        "introduces-a-statement"])
def test_golden(before, after):
    assert format_text(before) == after
    assert format_text(after) == after


def test_basra_new_then_a_section_above_the_template_block_keeps_the_block_at_the_margin():
    """The reproduction of the issue: `basra new kafr --extends egyptian`, a section written
    under the header, then `basra fmt`: not one of the template's comment lines moves."""
    scaffolded = variant_text("kafr", "Kafr", "egyptian", EGYPTIAN)
    header, rest = scaffolded.split('what it is."\n', 1)
    text = header + 'what it is."\n\nbasra:\n  seven: 10 when played is 7D\n' + rest
    formatted = format_text(text)
    assert formatted == text
    comments = [line for line in text.splitlines() if line.lstrip().startswith("#")]
    assert len(comments) > 40 and all(line.startswith("#") for line in comments)


# ------------------------------------------------------------------ properties

def comment_levels(text: str) -> list[tuple[str, bool]]:
    """Returns each full-line comment's text and whether it stands indented."""
    found = []
    for line in text.removeprefix("\ufeff").split("\n"):
        stripped = line.lstrip(" \t")
        if stripped.startswith("#"):
            found.append((stripped.rstrip(" \t\r"), stripped != line))
    return found


def expected_levels(text: str) -> list[tuple[str, bool]]:
    """The level each comment must have after fmt, worked out from the source lines.

    Outside every section a comment stands at the margin. Inside one (after a section's
    name or one of its statements), comments and blank lines up to the next line form a
    group. Before a statement, a comment keeps its level, except that the comments
    directly above the statement (no blank line between) introduce it and are indented.
    Before a top-level line or the end of the file, the indented comments that open the
    group stay in the section; from the first comment at the margin on, they stand at
    the margin.
    """
    lines = [line.removesuffix("\r") for line in text.removeprefix("\ufeff").split("\n")]
    found = []
    in_section = False
    index = 0
    while index < len(lines):
        line = lines[index]
        stripped = line.lstrip(" \t")
        if stripped and not stripped.startswith("#"):
            in_section = line[0] in " \t" or bool(re.match(r"[a-z]+:\s*(#.*)?$", line))
            index += 1
            continue
        end = index
        while end < len(lines) and (not lines[end].strip() or lines[end].lstrip(" \t").startswith("#")):
            end += 1
        group = lines[index:end]
        following = lines[end] if end < len(lines) else ""
        before_statement = following[:1] in (" ", "\t")
        attached = len(group)
        while attached > 0 and group[attached - 1].strip():
            attached -= 1
        margin_seen = False
        for at, row in enumerate(group):
            comment = row.lstrip(" \t")
            if not comment:
                continue
            written_indented = comment != row
            margin_seen = margin_seen or not written_indented
            if before_statement:
                indented = written_indented or at >= attached
            else:
                indented = not margin_seen
            found.append((comment.rstrip(" \t\r"), in_section and indented))
        index = end
    return found


@pytest.mark.parametrize("name, path", VARIANTS, ids=[n for n, _ in VARIANTS])
def test_fmt_keeps_every_comment_its_text_order_and_level_and_is_idempotent(name, path):
    text = path.read_text(encoding="utf-8")
    formatted = format_text(text, str(path))
    assert format_text(formatted) == formatted
    assert comment_levels(formatted) == comment_levels(text)


_BLOCKS = [["# a note at the margin"], ["# State only what differs:", "#", "#   setup:", "#     hand 4"],
           ["  # an indented note"], ["\t# a tabbed note", "    # and another"], ["# margin", "  # then indented"]]


@st.composite
def _with_comments(draw) -> str:
    """A bundled variant with comment blocks (and blank lines) put in between its lines."""
    name, path = draw(st.sampled_from(VARIANTS))
    lines = path.read_text(encoding="utf-8").split("\n")
    for _ in range(draw(st.integers(1, 4))):
        at = draw(st.integers(0, len(lines)))
        block = draw(st.sampled_from(_BLOCKS))
        gap = [""] if draw(st.booleans()) else []
        lines[at:at] = gap + block + ([""] if draw(st.booleans()) else [])
    return "\n".join(lines)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(_with_comments())
def test_fmt_never_moves_a_comment_to_another_level(text):
    formatted = format_text(text)
    assert format_text(formatted) == formatted
    assert parse(formatted) == parse(text)
    assert [c for c, _ in comment_levels(formatted)] == [c for c, _ in comment_levels(text)]
    assert comment_levels(formatted) == expected_levels(text)


def test_the_scaffolded_files_are_in_canonical_layout(tmp_path):
    for parent in (None, "egyptian"):
        text = variant_text("kafr", "Kafr", parent, EGYPTIAN if parent else None)
        assert format_text(text) == text


def test_bundled_variants_still_format_to_themselves():
    for name, path in VARIANTS:
        text = Path(path).read_text(encoding="utf-8")
        assert format_text(text, str(path)) == text, name
