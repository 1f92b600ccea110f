"""Runs a variant's worked examples on the engine and reports each failure at its line.

Examples live beside the variant in ``NAME.examples.yaml``. A play example sets a floor,
makes plays in turn from seat 0 and checks what the last play takes and scores; a score
example gives each side's cards and checks the points of the hand; a dealt example gives a
first floor and checks what the dealing rules make of it (a new deal, or the floor won).
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Iterator

from .. import limits
from ..cards import card_name, parse_card, parse_cards
from ..diagnostics import Diagnostic, DiagnosticError, did_you_mean, error
from ..documents import Document, read_document, schema_diagnostics
from ..engine import Deal, Game, IllegalMove, Play, RuleError, judge_first_floor
from ..engine.builds import Build
from ..engine.deal import declarable, hand_bonus
from ..engine.capture import NO_PREVIOUS
from ..engine.covers import SearchTooLong
from ..engine.rules import Rules
from ..engine.scoring import number, score_hand
from ..language.compiler import compile_rules
from ..language.merge import Merged


@dataclass(frozen=True)
class Outcome:
    """What the engine did for one example: shown in the rulebook, compared by the checker."""

    name: str
    choices: tuple[tuple[int, ...], ...] = ()
    takes: tuple[int, ...] | None = None
    basra: float = 0
    refused: str | None = None
    points: tuple[float, ...] = ()
    carry: tuple[float, ...] = ()
    redeal: bool | None = None  # a dealt example: the deal is void
    taker: str | None = None  # a dealt example: dealer | next | nobody (the floor stays)
    # how a play example went, for the rulebook to show without playing it again
    rules: Rules | None = field(default=None, compare=False)
    played: int | None = None
    named: tuple[int, ...] | None = None  # the capture the example names for its last play
    floor: tuple[int, ...] = ()  # at the start
    earlier: tuple[tuple[Play, tuple[int, ...]], ...] = ()  # each earlier play and the floor it left
    floor_before: tuple[int, ...] = ()  # when the last card is played
    previous: tuple = field(default=NO_PREVIOUS, compare=False)
    build: tuple[int, ...] = ()  # the floor cards the last play is built onto
    value: int = 0  # and the value it announces
    built: Build | None = None  # the build the last play leaves
    builds_before: tuple[Build, ...] = ()  # the builds on the floor when the last card is played
    held: tuple[tuple[int, ...], ...] = ()  # what each seat holds besides the cards it plays
    steal: int | None = None  # the seat whose pile the last play takes (``takes``: its cards, bottom to top)
    drawn: tuple[int, ...] = ()  # the cards the last player draws from the stock after the play
    turned: tuple[int, ...] = ()  # the card turned from the stock after the last play, for its player to play
    lays: bool = False  # the last player lays a card on the floor next (``sweeper lays``)
    seat: int = 0  # who makes the last play (an example's plays go round the seats)
    padded: tuple[int, ...] = ()  # a score example's cards added to reach its 'cards: N'


def examples_path(variant_path: str | Path) -> Path:
    """Returns where a variant's examples file lives."""
    path = Path(variant_path)
    return path.with_name(path.stem + ".examples.yaml")


def read_examples(variant_path: str | Path) -> Document | None:
    """Returns the variant's examples document, or None when it has none."""
    path = examples_path(variant_path)
    return read_document(path, "worked examples") if path.is_file() else None


def check_examples(merged: Merged, document: Document) -> Iterator[Diagnostic]:
    """Yields a diagnostic for every example that the engine does not bear out."""
    found = document.data.get("examples") if isinstance(document.data, dict) else None
    if isinstance(found, list) and len(found) > limits.EXAMPLES:
        yield error("B804", f"the file holds {len(found)} worked examples; a file may hold {limits.EXAMPLES}",
                    document.span("examples"), "keep the examples that show a rule; split the rest off")
        return
    problems = list(schema_diagnostics(document, "examples"))
    if problems:
        yield from problems
        return
    named = document.data["variant"]
    if named != merged.name:  # examples copied from another variant: their expectations are that one's
        yield error("B720", f"the examples file names the variant '{named}', but it lies beside "
                    f"'{merged.name}' and is played on it", document.span("variant"),
                    f"write 'variant: {merged.name}' and check each example against {merged.name}'s rules, "
                    f"or keep them in {named}.examples.yaml beside {named}.basra")
        return
    names = rule_names(merged)
    for index, example in enumerate(document.data["examples"]):
        found = list(_example_problems(merged, example, document, index, names))
        if found:
            yield from found
            continue
        try:
            outcome = run_example(merged, example)
        except DiagnosticError as exc:
            for d in exc.diagnostics:
                yield error("B601", f"example '{example['name']}': {d.message}",
                            document.span("examples", index), d.help)
            continue
        except RuleError as exc:  # a rule fails on the example's play (an editor plays examples unlinted)
            long = isinstance(exc, SearchTooLong)
            yield error("B808" if long else "B710", f"example '{example['name']}': {exc}",
                        document.span("examples", index),
                        "basra check names the variant's clause that makes the search this long" if long else
                        "make the rule give a number for every play, e.g. avoid dividing by a count that can be 0")
            continue
        yield from _compare(example, outcome, document, index)


# Words an example's ``rule:`` may give besides the variant's clause names: the two
# compulsion keywords both name the ``capture.compulsion`` clause.
RULE_KEYWORDS = ("compulsory", "optional")


def rule_names(merged: Merged) -> list[str]:
    """Returns the names an example's ``rule:`` may give: each clause of the variant by its
    name (a capture or basra rule's name, or a keyword such as most_cards, choose, pair), a
    clause it drops (an example may show that it no longer applies), and compulsory/optional."""
    keys = list(merged.clauses) + list(merged.dropped)
    return list(dict.fromkeys([key.split(".", 1)[1] for key in keys] + list(RULE_KEYWORDS)))


def _example_problems(merged: Merged, example: dict, document: Document, index: int,
                      names: list[str]) -> Iterator[Diagnostic]:
    """Yields what is wrong with an example before it is run: an unknown rule, a card given twice."""
    rule = example.get("rule")
    if rule is not None and rule not in names:
        yield error("B604", f"example '{example['name']}' names an unknown rule '{rule}'",
                    document.span("examples", index, "rule"),
                    did_you_mean(rule, names) or f"the rules of '{merged.name}': {', '.join(names)}")
    places = [(("floor", i), c) for i, c in enumerate(example.get("floor", []))]
    places += [(("dealt", i), c) for i, c in enumerate(example.get("dealt", []))]
    places += [(("held", i), c) for i, c in enumerate(example.get("held", []))]
    places += [(("plays", i) + (() if isinstance(p, str) else ("card",)), p if isinstance(p, str) else p["card"])
               for i, p in enumerate(example.get("plays", []))]
    places += [(("hands", s, i), c) for s, held in enumerate(example.get("hands", [])) for i, c in enumerate(held)]
    places += [(("stock", i), c) for i, c in enumerate(example.get("stock", []))]
    if "score" in example:
        places += [(("score", "sides", s, "with", i), c) for s, side in enumerate(example["score"]["sides"])
                   for i, c in enumerate(side.get("with", []))]
    seen: dict[int, tuple] = {}
    for where, name in places:
        card = parse_card(name)
        if where[0] == "stock" and card in seen and seen[card][0] == "plays":
            seen[card] = where  # a card drawn or turned from the stock, then played: the same card
            continue
        if card in seen:
            first = document.span("examples", index, *seen[card]).line
            yield error("B503", f"example '{example['name']}': {name} is given twice",
                        document.span("examples", index, *where),
                        f"it was given first at line {first}; a pack holds each card once")
        else:
            seen[card] = where


def run_example(merged: Merged, example: dict) -> Outcome:
    """Returns what the engine does in an example (raises DiagnosticError for a bad one)."""
    chosen = {name: int(value) if isinstance(value, float) and value.is_integer() else value
              for name, value in example.get("options", {}).items()}
    if "players" in example:
        chosen["players"] = example["players"]
    rules = compile_rules(merged, chosen)
    _refuse_cards_not_in_the_deck(rules, example)
    if "score" in example:
        return _run_score(rules, example)
    if "dealt" in example:
        return _run_dealt(rules, example)
    if "held" in example:
        held = parse_cards(example["held"])
        declared = declarable(rules, held)  # a declaration the holder may make counts as its bonus
        return Outcome(example["name"], rules=rules, floor=held,
                       basra=max(hand_bonus(rules, held), declared[0][1] if declared else 0))
    return _run_plays(rules, example)


def _refuse_cards_not_in_the_deck(rules, example: dict) -> None:
    """Raises for a card the variant's deck does not hold (an 8 in a 40-card pack)."""
    named = list(example.get("floor", [])) + list(example.get("dealt", []))
    named += [c for held in example.get("hands", []) for c in held] + list(example.get("held", []))
    named += list(example.get("stock", []))
    named += [p if isinstance(p, str) else p["card"] for p in example.get("plays", [])]
    named += [c for p in example.get("plays", []) if isinstance(p, dict) for c in p.get("capture", [])]
    named += [c for side in example.get("score", {}).get("sides", []) for c in side.get("with", [])]
    missing = [name for name in named if parse_card(name) not in set(rules.deck)]
    if missing:
        raise DiagnosticError([error("B502", f"{', '.join(missing)} {'is' if len(missing) == 1 else 'are'} not in "
                                     f"the deck of {rules.title}", None,
                                     "use the cards of the variant's pack (a 40-card pack has no 8, 9 or 10)")])


def _run_dealt(rules, example: dict) -> Outcome:
    """A first floor judged by the dealing rules, seat 0 dealing."""
    floor = parse_cards(example["dealt"])
    verdict = judge_first_floor(rules, floor, dealer=0)
    taker = "nobody" if verdict.taker is None else "dealer" if verdict.taker == 0 else "next"
    return Outcome(example["name"], rules=rules, floor=floor, redeal=verdict.void, taker=taker,
                   basra=verdict.bonus, takes=floor if verdict.taker is not None else ())



def _run_plays(rules, example: dict) -> Outcome:
    plays = example.get("plays") or []
    if not plays:
        raise DiagnosticError([error("B601", "a play example needs 'plays'")])
    moves = [_named_move(p) for p in plays]
    held = [tuple(parse_cards(h)) for h in example.get("hands", [])][:rules.players]
    hands = [list(h) for h in held] + [[] for _ in range(rules.players - len(held))]
    floor = parse_cards(example.get("floor", []))
    stock = parse_cards(example.get("stock", []))
    _hand_out(rules, [card for card, *_ in moves], hands, set(stock))
    state = Game(rules).hand_from_deals(_deals_at(rules, example.get("moment", "mid_hand"), hands, floor, stock), 0)
    earlier = []
    for card, capture, build, value, steal in moves[:-1]:
        try:
            move = state.resolve(card, capture, build, value, steal)
        except IllegalMove as exc:
            raise DiagnosticError([error("B601", f"a play before the last (seat {state.turn + 1}'s) is refused: "
                                         f"{exc}")]) from None
        earlier.append((state.play_move(move), tuple(state.floor)))
    card, named, build, value, steal = moves[-1]
    seen = Outcome(example["name"], tuple(state.captures(card)), rules=rules, played=card, named=named,
                   floor=floor, earlier=tuple(earlier), floor_before=tuple(state.floor), previous=state.previous,
                   build=build, value=value, builds_before=tuple(state.builds), held=tuple(held))
    capture = named
    if capture is None and not build and len(seen.choices) > 1 and "choices" in example.get("expect", {}):
        capture = seen.choices[0]
    try:
        move = state.resolve(card, capture, build, value, steal)
    except IllegalMove as exc:
        return replace(seen, refused=str(exc), steal=steal, seat=state.turn)
    seat, kept = state.turn, len(state.hands[state.turn]) - 1  # the cards left once the card is played
    play = state.play_move(move)
    built = next((b for b in state.builds if card in b.cards), None)
    drawn = tuple(state.hands[seat][kept:]) if rules.draw else ()  # a draw adds to the end of the hand
    turned = () if state.turned is None else (state.turned,)
    return replace(seen, takes=play.captured, basra=play.bonus, built=built, steal=play.steal, drawn=drawn,
                   turned=turned, lays=state.laying)


def _hand_out(rules, cards: list[int], hands: list[list[int]], stock: set[int]) -> None:
    """Puts each card an example plays in the hand of the seat that plays it, in turn from
    seat 0; where the rules turn stock cards after a play from the hand, a card of the
    example's stock is the one turned, played by the seat that has just played."""
    seat = -1
    for card in cards:
        if rules.flip and card in stock and seat >= 0:
            continue
        seat = (seat + 1) % rules.players
        hands[seat].append(card)


def _named_move(play) -> tuple:
    """An example's play as (card, capture or None, build, value, the seat whose pile it takes or None)."""
    if isinstance(play, str):
        return parse_card(play), None, (), 0, None
    capture = parse_cards(play["capture"]) if "capture" in play else None
    return (parse_card(play["card"]), capture, tuple(parse_cards(play.get("build", []))), play.get("value", 0),
            play.get("steal"))


def _deals_at(rules, moment: str, hands: list[list[int]], floor: tuple[int, ...],
              stock: tuple[int, ...] = ()) -> list[Deal]:
    """Returns the deals of a play example, so that its plays fall where ``moment`` says:
    in the middle of a hand (the rest of the pack still to be dealt: the default), in the
    hand's last round (nothing left to deal, but a card still to be played after the
    example's), or as the hand's very last plays. Where players draw after each play, the
    rest of the pack is the stock, under the example's own ``stock`` cards."""
    shown = [tuple(h) for h in hands]
    rest = [c for c in rules.deck if c not in set(floor) and c not in stock and all(c not in h for h in hands)]
    if rules.draw or rules.flip:
        return [Deal(tuple(shown), floor, stock=tuple(stock) + (tuple(rest) if moment == "mid_hand" else ()))]
    if moment == "mid_hand" and rest:
        later = [tuple(rest[seat::rules.players]) for seat in range(rules.players)]
        return [Deal(tuple(shown), floor), Deal(tuple(later))]
    if moment == "last_round" and rest:
        after = sum(map(len, hands)) % rules.players  # the seat whose turn follows the example's plays
        shown[after] = shown[after] + (rest[0],)
    return [Deal(tuple(shown), floor)]


def _run_score(rules, example: dict) -> Outcome:
    sides = example["score"]["sides"]
    if len(sides) != len(rules.sides):
        raise DiagnosticError([error("B601", f"it scores {len(sides)} sides, but with {rules.players} players "
                                     f"the variant has {len(rules.sides)}",
                                     None, f"give one entry under 'sides' per side ({len(rules.sides)}), "
                                     "or set 'players' in the example")])
    named = {c for side in sides for c in parse_cards(side.get("with", []))}
    # the padding of 'cards: N': cards that score nothing, those no majority counts (but the
    # most cards) drawn first, so that padding changes as little as it can; said on failure
    counted = {c for m in rules.majorities if m.cards is not None for c in m.cards}
    spare = sorted((c for c in rules.deck if c not in named and not rules.card_points.get(c)),
                   key=lambda c: (c not in counted, c))
    piles = [[] for _ in range(rules.players)]
    bonuses = [[] for _ in range(rules.players)]
    padded: list[int] = []
    for index, side in enumerate(sides):
        seat = rules.sides[index][0]
        cards = list(parse_cards(side.get("with", [])))
        while len(cards) < side.get("cards", len(cards)) and spare:
            cards.append(spare.pop())
            padded.append(cards[-1])
        piles[seat] = cards
        bonuses[seat] = list(side.get("bonuses", []))
    result = score_hand(rules, piles, bonuses, tuple(example["score"].get("carry", ())))
    return Outcome(example["name"], points=result.points, carry=result.carry_out, padded=tuple(padded))


def _compare(example: dict, outcome: Outcome, document: Document, index: int) -> Iterator[Diagnostic]:
    expect = example.get("expect", {})
    name = example["name"]
    where = lambda key: document.span("examples", index, "expect", key)  # noqa: E731
    show = lambda cards: " ".join(map(card_name, cards)) or "nothing"  # noqa: E731
    if expect.get("legal") is False:
        if outcome.refused is None:
            yield error("B601", f"example '{name}': the play was allowed, but the example says it is refused",
                        where("legal"))
        return
    if outcome.refused is not None and any(k in expect for k in ("takes", "basra", "build", "drawn", "turned", "lays")):
        yield error("B601", f"example '{name}': the engine refuses the last play, seat {outcome.seat + 1}'s "
                    f"{card_name(outcome.played)}: {outcome.refused}",
                    document.span("examples", index, "plays"))
        return
    if "build" in expect:
        yield from _compare_build(name, expect["build"], outcome.built, where("build"))
    if "takes" in expect and sorted(outcome.takes or ()) != sorted(parse_cards(expect["takes"])):
        yield error("B601", f"example '{name}': expected it to take {show(parse_cards(expect['takes']))}, "
                    f"the engine takes {show(outcome.takes or ())}", where("takes"))
    if "choices" in expect:
        want = sorted(sorted(parse_cards(c)) for c in expect["choices"])
        got = sorted(sorted(c) for c in outcome.choices)
        if want != got:
            yield error("B601", f"example '{name}': expected the choices "
                        f"{' | '.join(show(c) for c in want)}, the engine offers "
                        f"{' | '.join(show(c) for c in got)}", where("choices"))
    if "basra" in expect and outcome.basra != expect["basra"]:
        yield error("B601", f"example '{name}': expected a bonus of {number(expect['basra'])}, "
                    f"the engine scores {number(outcome.basra)}", where("basra"))
    if "points" in expect and list(outcome.points) != list(expect["points"]):
        padding = (f" (the sides' 'cards' counts were made up with {show(outcome.padded)})"
                   if outcome.padded else "")
        yield error("B601", f"example '{name}': expected points {list(map(number, expect['points']))}, "
                    f"the engine scores {list(map(number, outcome.points))}{padding}", where("points"))
    if "redeal" in expect and outcome.redeal != expect["redeal"]:
        yield error("B601", f"example '{name}': expected {'a' if expect['redeal'] else 'no'} new deal, "
                    f"the engine {'deals again' if outcome.redeal else 'keeps the deal'}", where("redeal"))
    if "taker" in expect and outcome.taker != expect["taker"]:
        yield error("B601", f"example '{name}': expected the floor to go to {expect['taker']}, "
                    f"the engine gives it to {outcome.taker}", where("taker"))
    if "drawn" in expect and sorted(outcome.drawn) != sorted(parse_cards(expect["drawn"])):
        yield error("B601", f"example '{name}': expected the player to draw {show(parse_cards(expect['drawn']))}, "
                    f"the engine has them draw {show(outcome.drawn)}", where("drawn"))
    if "lays" in expect and outcome.lays != expect["lays"]:
        yield error("B601", f"example '{name}': expected the player {'to' if expect['lays'] else 'not to'} lay a card "
                    f"after the play, the engine says {'they do' if outcome.lays else 'they do not'}", where("lays"))
    if "turned" in expect and outcome.turned != tuple(parse_cards(expect["turned"])):
        yield error("B601", f"example '{name}': expected the player to turn {show(parse_cards(expect['turned']))} "
                    f"from the stock, the engine turns {show(outcome.turned)}", where("turned"))
    if "carry" in expect and list(outcome.carry) != list(expect["carry"]):
        yield error("B601", f"example '{name}': expected {list(map(number, expect['carry']))} carried, "
                    f"the engine carries {list(map(number, outcome.carry))}", where("carry"))


def _compare_build(name: str, want: dict, built: Build | None, span) -> Iterator[Diagnostic]:
    """The build the last play leaves, against the example's ``expect: build``."""
    show = " ".join(map(card_name, parse_cards(want["cards"])))
    if built is None:
        yield error("B601", f"example '{name}': expected a build of {want['value']} ({show}), "
                    "the play leaves no build", span)
        return
    got = {"value": built.value, "cards": sorted(built.cards), "multiple": built.multiple, "owner": built.owner}
    wanted = {"value": want["value"], "cards": sorted(parse_cards(want["cards"])),
              "multiple": want.get("multiple", built.multiple), "owner": want.get("owner", built.owner)}
    if got != wanted:
        kind = lambda b: "multiple" if b["multiple"] else "single"  # noqa: E731
        yield error("B601", f"example '{name}': expected a {kind(wanted)} build of {wanted['value']} "
                    f"({show}) owned by seat {wanted['owner']}, the engine leaves a {kind(got)} build of "
                    f"{got['value']} ({' '.join(map(card_name, built.cards))}) owned by seat {got['owner']}", span)
