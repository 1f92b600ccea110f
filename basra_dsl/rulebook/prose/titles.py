"""Each clause's title on a page: the title a variant file gives a named rule, else one said
from the rule's body ("Pairing", "Jack on a lone jack"), else the clause's name in words.
"""

from __future__ import annotations

from ... import cards as C
from ...language import nodes as n
from ...language.expressions import PLAY_NAMES
from ...language.merge import Merged
from ...language.unparse import value_text
from .english import capitalise, conjuncts, majority_phrase, pattern_phrase, uses_play
from ..text.safe import inline

LABELS = {
    "setup.deck": "Pack", "setup.suits": "Suits", "setup.values": "Card values", "setup.played_values": "Values of the card played",
    "setup.floor_values": "Values on the floor", "setup.players": "Players", "setup.partners": "Partners", "setup.hand": "Cards dealt",
    "setup.floor": "Floor", "setup.start_floor": "First floor", "setup.redeal_floor": "Later floors", "setup.draw": "Drawing", "setup.flip": "Turning the stock", "game.win_at_once": "Winning during play", "capture.run": "Runs", "match.lurch": "Lurch",
    "setup.deal": "Dealing", "setup.direction": "Direction", "setup.cut": "The cut",
    "setup.lead": "First to play", "dealing.redeal": "A new deal", "setup.deal_passes": "Next dealer", "capture.choose": "Choosing a capture",
    "capture.pairs_first": "Pairs first", "capture.floor_first": "Floor before piles", "capture.raise": "Raising a build", "capture.builds": "Multiple builds",
    "capture.owner_trails": "A build's owner", "capture.stacks": "Stacks", "capture.lay_after_sweep": "After a sweep",
    "capture.compulsion": "Must a card capture?", "basra.called": "Name", "end.leftover": "Last cards",
    "score.points": "Cards that score", "score.total": "Points in a hand", "game.target": "Target", "game.hands": "Length of a game",
    "game.countback": "Countback",
    "game.tie": "Level scores", "match.best_of": "Match", "match.decider": "Deciding game",
}


def label(clause: n.Clause) -> str:
    """Returns the label a clause is shown under, as Markdown: a named rule's title (escaped:
    it comes from a file), else one said from its body, else its name in words."""
    if isinstance(clause, n.FloorBonus):
        return inline(clause.title) if clause.title else capitalise(clause.name.text.replace("_", " "))
    if isinstance(clause, n.BuildRule):
        return inline(clause.title) if clause.title else "Building"
    if isinstance(clause, n.Restriction):
        return inline(clause.title) if clause.title else capitalise(clause.name.text.replace("_", " "))
    if isinstance(clause, n.ScoreRule):
        return inline(clause.title) if clause.title else capitalise(clause.name.text.replace("_", " "))
    if isinstance(clause, (n.CaptureRule, n.BasraRule)):
        if clause.title:
            return inline(clause.title)
        return derived_title(clause) or capitalise(clause.name.text.replace("_", " "))
    if isinstance(clause, n.Most):
        return capitalise(majority_phrase(clause.what.text).removeprefix("the "))
    return LABELS.get(clause.key, clause.key.split(".", 1)[1].replace("_", " ").capitalize())


def rule_title(merged: Merged, key: str) -> str:
    """Returns the label of clause ``key`` of a merged variant, as Markdown (see ``label``);
    a title written on any of a rule's alternatives names them all."""
    written = merged.title(key)
    return inline(written) if written else label(merged.clauses[key][0])


def derived_title(rule: n.CaptureRule | n.BasraRule) -> str | None:
    """Returns a title said from a named rule's body ("Pairing", "Jacks sweep the floor",
    "Clearing the floor", "Jack on a lone jack"), or None when the body has no short name."""
    if isinstance(rule, n.BasraRule):
        return _bonus_title(rule)
    if rule.guard is not None and uses_play(rule.guard):
        return None  # a capture that depends on the floor: too much to say in a title
    p, words = rule.pattern, [w.text for w in rule.pattern.include]
    if rule.takes == "rank":
        return "Pairing" if words == ["any"] and not p.exclude else f"{capitalise(pattern_phrase(p, 'pl'))} pair"
    if rule.takes == "sums" and rule.total is not None:
        to = f" to {value_text(rule.total.value)}" if isinstance(rule.total, n.Number) else " to a total"
        return f"Adding up{to}" if words == ["any"] and not p.exclude else \
            f"{capitalise(pattern_phrase(p, 'pl'))} add up{to}"
    if rule.takes == "sums":
        return "Adding up" if words == ["numeral"] and not p.exclude else \
            f"{capitalise(pattern_phrase(p, 'pl'))} add up"
    if rule.spared is not None:
        return f"{capitalise(pattern_phrase(p, 'pl', 'and'))} take all but {pattern_phrase(rule.spared, 'pl', 'and')}"
    if len(words) == 1 and not p.exclude and C.parse_card(words[0]) is not None:
        return f"{capitalise(pattern_phrase(p))} sweeps"
    return f"{capitalise(pattern_phrase(p, 'pl', 'and'))} sweep the floor"


def _bonus_title(rule: n.BasraRule) -> str | None:
    """Returns a bonus's title from what its condition says of the play (see ``_part_kind``)."""
    kinds: dict[str, list[n.Expr]] = {}
    for part in conjuncts(rule.guard) if rule.guard is not None else []:
        if uses_play(part):
            kinds.setdefault(_part_kind(part), []).append(part)
    played = kinds.get("played", [None])[0]
    who = pattern_phrase(played.pattern) if played is not None else ""
    if "other" in kinds or "floor" in kinds and (played is None or "cleared" in kinds):
        return None  # conditions a title cannot say in a few words
    if played is not None and "lone" in kinds:
        bare = pattern_phrase(played.pattern, "bare")
        return f"{capitalise(bare)} on a lone {pattern_phrase(kinds['lone'][0].pattern, 'bare')}"
    if "cleared" in kinds:
        return f"{capitalise(who)} clears the floor" if who else "Clearing the floor"
    if "lone" in kinds:
        return f"Taking a lone {pattern_phrase(kinds['lone'][0].pattern, 'bare')}"
    if "single" in kinds:
        return "Pairing a lone card" if "pairs" in kinds else "Taking a lone card"
    return f"Capturing with {who}" if who else None


def _part_kind(part: n.Expr) -> str:
    """Returns what a condition of a bonus says, for its title: which card is played, a lone
    card, a cleared floor, a pairing, a restriction on the card, the floor, or other."""
    match part:
        case n.Name(id="cleared"):
            return "cleared"
        case n.Test(op="is", subject=n.Name(id="played")):
            return "played"
        case n.Test(op="is", subject=n.Attribute(obj=n.Name(id="floor"), attr="lone")):
            return "lone"
        case n.Compare(op="==", left=n.Attribute(obj=n.Name(id="floor"), attr="count"), right=n.Number(value=1)):
            return "single"
        case n.Compare(op="==", left=n.Attribute(obj=n.Name(id="played"), attr="rank"),
                       right=n.Attribute(obj=n.Attribute(attr="lone"), attr="rank")):
            return "pairs"
    if _restriction(part):
        return "restriction"
    names = {node.id for node in n.walk(part) if isinstance(node, n.Name) and node.id in PLAY_NAMES}
    return "floor" if names == {"floor"} else "other"


def _restriction(expr: n.Expr) -> bool:
    """Returns whether a condition only says which card may be played or lie alone (not
    what is taken): ``played is not J``, ``played is not J or floor.lone is J``."""
    match expr:
        case n.Test(subject=n.Name(id="played")) | n.Test(subject=n.Attribute(obj=n.Name(id="floor"), attr="lone")):
            return True
        case n.Not(operand=operand):
            return _restriction(operand)
        case n.BoolOp(left=left, right=right):
            return _restriction(left) and _restriction(right)
    return not uses_play(expr)
