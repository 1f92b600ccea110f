"""The 'Differences from PARENT' section of a child variant: what it changes, adds and drops.

Each clause the child states is said twice, once with the child's rules and once with the
parent's, so a reader sees both wordings side by side.
"""

from __future__ import annotations

from ..language.merge import Merged, merge, option_value
from .english import Context, option_link, say
from .page_state import PageState
from .safe import inline
from .sentences import Speaker, guard_goes_first, label, value_text


def differences(page: PageState) -> str:
    """Returns the section listing how a child variant differs from its parent."""
    parent_merged, _ = merge(page.merged.chain[1:])
    parent = parent_merged.name
    ptitle = parent_merged.variant.title or parent
    own = {c.key for c in page.variant.clauses}
    parent_page = f"{parent}.md" if parent in page.bundled else ""
    parent_speaker = page.speaker_for(Context(parent_merged.option_defaults(), parent_page))
    changed, added, dropped = [], [], []
    for key in page.merged.clauses:
        if key not in own:
            continue
        here = page.rule_link(key, label(page.merged.clauses[key][0]))
        now = describe_key(page.merged, key, page.speaker)
        if key in parent_merged.clauses:
            before = describe_key(parent_merged, key, parent_speaker)
            if before == now:
                changed.append(f"- {here}: stated again, the same as in {page.link_variant(parent, key, ptitle)}.")
            else:
                changed.append(f"- {here}: {now} <br>*In {page.link_variant(parent, key, ptitle)}:* {before}")
        else:
            added.append(f"- {here}: {now}")
    for drop in page.variant.drops:
        if drop.key in parent_merged.clauses:
            before = describe_key(parent_merged, drop.key, parent_speaker)
            dropped.append(f"- {page.link_variant(parent, drop.key, label(parent_merged.clauses[drop.key][0]))}"
                           f" no longer applies. *It said:* {before}")
    options = option_changes(page, parent_merged)
    text = f"## Differences from {inline(ptitle)} {{#differences}}\n\n"
    if not (changed or added or dropped or options):
        return text + f"None: this variant plays exactly as {page.link_variant(parent, text=ptitle)}.\n"
    for title, lines in (("What it changes", changed), ("What it adds", added), ("What it drops", dropped),
                         ("Options", options)):
        if lines:
            text += f"**{title}**\n\n" + "\n".join(lines) + "\n\n"
    return text


def option_changes(page: PageState, parent_merged: Merged) -> list[str]:
    """Returns a bullet for each option the child adds, or whose choices or default it changes."""
    found = []
    for name, option in page.merged.options.items():
        if option in page.variant.options:
            old = parent_merged.options.get(name)
            if old is None:
                found.append(f"- New option {option_link(name)}: {inline(option.doc or 'see the options')}.")
            elif option_value(old.default) != option_value(option.default) or old.choices != option.choices:
                found.append(f"- Option {option_link(name)} now allows "
                              f"{' or '.join(value_text(option_value(c)) for c in option.choices)}, "
                              f"default {value_text(option_value(option.default))}.")
    return found


def describe_key(merged: Merged, key: str, speaker: Speaker) -> str:
    """Returns every alternative of a clause as one run of sentences, each with its condition."""
    parts = []
    for clause in merged.clauses[key]:
        text = speaker.sentence(clause)
        if guard_goes_first(clause):
            text = f"when {say(clause.guard, speaker.ctx)}: {text}"
        parts.append(text)
    return " ".join(parts)
