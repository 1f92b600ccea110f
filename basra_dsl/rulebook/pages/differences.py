"""The 'Differences from PARENT' section of a child variant, and how a clause is said on a page.

Each clause the child states is said twice, once with the child's rules and once with the
parent's, so a reader sees both wordings side by side. ``describe_key`` is how the page
says any clause (the Rules tab uses it too): a condition said first ("With 3 players, ..."),
and alternatives run into one passage with "otherwise" before the default.
"""

from __future__ import annotations

from ...language import nodes as n
from ...language.expressions import PLAY_NAMES
from ...language.merge import Merged, merge, option_value
from ...language.unparse import number_text
from ..prose.english import Context, capitalise, conjuncts, join, option_link, say
from ..text.markdown import anchor
from .page_state import PageState, rules_by_players
from ..text.safe import inline
from ..prose.sentences import SENTENCE_END, Speaker, guard_goes_first, value_text
from ..prose.titles import rule_title

JOINED_WORDS = 24  # the longest passage of alternatives said as one sentence, parts joined by ";"


def differences(page: PageState) -> str:
    """Returns the section listing how a child variant differs from its parent."""
    parent_merged, _ = merge(page.merged.chain[1:])
    parent = parent_merged.name
    ptitle = parent_merged.variant.title or parent
    own = {c.key for c in page.variant.clauses}
    parent_page = f"{parent}.md" if parent in page.bundled else ""
    parent_speaker = page.speaker_for(Context(parent_merged.option_defaults(), parent_page,
                                                 parent_merged.option_choices()))
    parent_speaker.bonus = bonus_name(parent_merged)  # the parent's sentences quote its own name
    parent_speaker.one_deal = all(rules.one_deal for rules in rules_by_players(parent_merged).values())
    parent_speaker.draws = any(rules.draw for rules in rules_by_players(parent_merged).values())
    parent_speaker.flips = any(rules.flip for rules in rules_by_players(parent_merged).values())
    changed, added, dropped = [], [], []
    for key in page.merged.clauses:
        if key not in own:
            continue
        here = page.rule_link(key, rule_title(page.merged, key))
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
            dropped.append(f"- {_parent_rule(page, parent, drop.key, rule_title(parent_merged, drop.key))}"
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


def bonus_name(merged: Merged) -> str:
    """Returns what a variant calls a basra by default (Markdown, escaped): "basra" unless it says."""
    players = (merged.player_counts() or (2,))[0]
    clause = merged.pick("basra.called", merged.option_defaults() | {"players": players})
    return inline(clause.title) if isinstance(clause, n.Called) else "basra"


def _parent_rule(page: PageState, parent: str, key: str, title: str) -> str:
    """Links a parent's rule under its title (Markdown, escaped already) on the parent's page."""
    return f"[{title}]({parent}.md#{anchor(key)})" if parent in page.bundled else title


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
    # a parent's option that no rule here reads has gone with the rules that read it
    gone = [name for name in parent_merged.options if name not in page.merged.options]
    if gone:
        parent = parent_merged.name
        links = [_parent_option(page, parent, name) for name in gone]
        found.append(f"- {'Options' if len(gone) > 1 else 'Option'} {join(links)} of "
                     f"{page.link_variant(parent, text=parent_merged.variant.title or parent)} "
                     f"no longer {'apply' if len(gone) > 1 else 'applies'}: no rule here depends on "
                     f"{'them' if len(gone) > 1 else 'it'}.")
    return found


def _parent_option(page: PageState, parent: str, name: str) -> str:
    """Links a parent's option to its row on the parent's page (the name shown as words)."""
    shown = f"*{name.replace('_', ' ')}*"
    return f"[{shown}]({parent}.md#option-{name})" if parent in page.bundled else shown


# ------------------------------------------------------------------ a clause as the page says it

SIDED = ("setup.lead", "setup.deal_passes", "setup.cut")  # said as a side of the dealer, which the direction decides


def describe_key(merged: Merged, key: str, speaker: Speaker) -> str:
    """Returns a clause as the page says it: its sentences with its condition first, or its
    alternatives as one passage, "otherwise" before the one that holds by default."""
    clauses = merged.clauses[key]
    speaker = speaker.seated(merged.player_counts())
    directions = directions_of(merged)
    if key in SIDED and len(clauses) == 1 and clauses[0].guard is None and len(directions) > 1:
        return by_direction(clauses[0], directions, speaker)
    if key == "dealing.redeal":
        return speaker.redeal(list(clauses))  # its lines are one rule: any of them voids the deal
    if not any(guard_goes_first(c) for c in clauses):
        return " ".join(speaker.sentence(c) for c in clauses)  # a named rule says its own condition
    return passage([(lead(c.guard, speaker.ctx) if c.guard is not None else None, speaker.sentence(c))
                    for c in clauses])


def directions_of(merged: Merged) -> list[tuple[n.Expr | None, str]]:
    """Returns the directions of play a variant's options can choose, each with its condition
    (None for the default; anticlockwise when no clause holds, as the compiler reads it)."""
    found = [(c.guard, c.direction) for c in merged.clauses.get("setup.direction", ())]
    if not found or found[-1][0] is not None:
        found.append((None, "anticlockwise"))
    return found


def by_direction(clause: n.Clause, directions: list[tuple[n.Expr | None, str]], speaker: Speaker) -> str:
    """Returns a clause that names a side of the dealer (who leads, who deals next) said for
    each direction of play: "With X, the player to the dealer's right plays first; otherwise,
    the player to the dealer's left." (one sentence when every direction says the same)."""
    said = [(lead(guard, speaker.ctx) if guard is not None else None,
             speaker.seated(direction=way).sentence(clause)) for guard, way in directions]
    if len({text for _, text in said}) == 1:
        return said[0][1]
    split = [SENTENCE_END.split(text) for _, text in said]
    head = _shared(split)  # sentences every direction says alike
    tail = _shared([s[len(head):][::-1] for s in split])[::-1]
    firsts = [" ".join(s[len(head):len(s) - len(tail)]) for s in split]
    if any(len(SENTENCE_END.split(f)) != 1 or not f for f in firsts):
        return passage(said)
    ending = _shared([f[:-1].split()[::-1] for f in firsts])[::-1]  # "plays first": said once
    pieces = []
    for (condition, _), first in zip(said, firsts):
        body = " ".join(first[:-1].split()[:len(first[:-1].split()) - len(ending)]).rstrip(",;:") if pieces \
            else first[:-1]
        pieces.append(conditioned(condition, body) if condition is not None else f"otherwise, {lower_first(body)}")
    return " ".join(head + ["; ".join(p if i == 0 else lower_first(p) for i, p in enumerate(pieces)) + "."] + tail)


def lead(guard: n.Expr, ctx: Context) -> str:
    """Returns a condition as said in front of a rule, without capital: "with 3 players",
    "with 4 players and [*teams*]", "with *draw* for [*tie_break*]", else "if ..."."""
    withs, others = [], []
    for part in conjuncts(guard):
        match part:
            case n.Compare(op="==", left=n.Name(id="players"), right=n.Number(value=count)):
                withs.append(f"{number_text(count)} players")
            case n.Name(id=name) if ctx.is_option(name):
                withs.append(option_link(name, ctx))
            case n.Compare(op="==", left=n.Name(id=name), right=n.Name(id=word)) if ctx.is_option(name) \
                    and not ctx.is_option(word) and word not in PLAY_NAMES:
                withs.append(f"*{word}* for {option_link(name, ctx)}")
            case _:
                others.append(say(part, ctx))
    said = (["with " + join(withs)] if withs else []) + (["if " + join(others)] if others else [])
    return ", ".join(said)


def passage(alternatives: list[tuple[str | None, str]]) -> str:
    """Returns alternatives (a condition, None for the default; and what then applies) as one
    passage: what they all say is said once, and each condition goes first, the default after
    "otherwise": "With 3 players, each player is dealt 4 cards; otherwise 6."."""
    said = [SENTENCE_END.split(text) for _, text in alternatives]
    head = _shared(said)
    tail = _shared([s[len(head):][::-1] for s in said])[::-1]
    differ = [s[len(head):len(s) - len(tail)] for s in said]
    if any(not d for d, (condition, _) in zip(differ, alternatives) if condition is not None):
        head, tail, differ = [], [], said  # only the default may add nothing to what all say
    pieces = [(condition, " ".join(d)) for (condition, _), d in zip(alternatives, differ) if d]
    return " ".join(head + [_choices(pieces)] + tail)


def _choices(pieces: list[tuple[str | None, str]]) -> str:
    """Returns the differing parts of alternatives, each after its condition."""
    if len(pieces) == 1 and pieces[0][0] is None:
        return pieces[0][1]
    short = _compact(pieces)
    if short is not None:
        return short
    said = [conditioned(c, t) if c is not None else f"{_otherwise(pieces)}, {lower_first(t)}" for c, t in pieces]
    one = "; ".join(s[:-1] if i == 0 else lower_first(s[:-1]) for i, s in enumerate(said)) + "."
    if all(len(SENTENCE_END.split(s)) == 1 and s.endswith(".") for s in said) and \
            len(one.split()) <= JOINED_WORDS:
        return one
    return " ".join(said)


def _otherwise(pieces: list[tuple[str | None, str]]) -> str:
    """How the default is brought in: "Otherwise", or, after one condition said over several
    sentences (where "otherwise" could follow the last of them), the condition turned round:
    "Without *setenta* for sevens"."""
    conditions = [(c, t) for c, t in pieces if c is not None]
    if len(conditions) == 1 and len(SENTENCE_END.split(conditions[0][1])) > 1:
        condition = conditions[0][0]
        if condition.startswith("with ") and ", if " not in condition:
            return "Without " + condition.removeprefix("with ")
        if condition.startswith("if ") and ", " not in condition:
            return "If not"
    return "Otherwise"


def _compact(pieces: list[tuple[str | None, str]]) -> str | None:
    """Returns "With 3 players, each player is dealt 4 cards; otherwise 6." when every
    alternative is one sentence differing from the others in a few words, else None."""
    if len(pieces) < 2 or pieces[0][0] is None or \
            any(len(SENTENCE_END.split(t)) > 1 or not t.endswith(".") for _, t in pieces):
        return None
    texts = [t[:-1].split() for _, t in pieces]
    start = _shared(texts)
    end = _shared([w[len(start):][::-1] for w in texts])
    middles = [w[len(start):len(w) - len(end)] for w in texts]
    if len(start) < 2 or len(end) > 3 or not all(1 <= len(m) <= 4 and _balanced(m) for m in middles) \
            or not _balanced(start) or not _balanced(end):
        return None
    rest = [f"{c}, {' '.join(m)}" if c is not None else f"otherwise {' '.join(m)}"
            for (c, _), m in zip(pieces[1:], middles[1:])]
    return "; ".join([conditioned(pieces[0][0], pieces[0][1][:-1])] + rest) + "."


def _balanced(words: list[str]) -> bool:
    text = " ".join(words)
    return text.count("(") == text.count(")") and text.count("[") == text.count("]")


def _shared(lists: list[list[str]]) -> list[str]:
    """Returns the longest start that every list has."""
    shared = []
    for items in zip(*lists):
        if any(item != items[0] for item in items):
            break
        shared.append(items[0])
    return shared


def lower_first(text: str) -> str:
    """Lowers a sentence's first letter to follow a condition, unless the first word is a name."""
    word = text.split(" ", 1)[0]
    ordinary = word[:1].isupper() and (word[1:].islower() or word == "A")
    return text[:1].lower() + text[1:] if ordinary else text


def conditioned(condition: str, sentence: str) -> str:
    """Returns a sentence with a condition (``lead``) in front: "With 3 players, each ...";
    two ifs become one: "If the table ... and the leading sides are level, ..."."""
    if condition.startswith("if ") and sentence.startswith("If "):
        return f"{capitalise(condition)} and {sentence[3:]}"
    return f"{capitalise(condition)}, {lower_first(sentence)}"
