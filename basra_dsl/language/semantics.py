"""Checks the meaning of a variant: what a parsed file or a merged chain states that cannot be.

Each check is a generator that yields every problem it sees (as jsonschema's keywords do);
``loader.load`` gathers them and is the one place that raises.
"""

from __future__ import annotations

from pathlib import Path
from typing import Iterator

from .. import cards as C
from .. import limits
from ..diagnostics import Diagnostic, did_you_mean, error, warning
from . import expressions as X
from . import nodes as n
from .merge import Merged, names_used, option_value, restated_without, stated_as_number
from .option_lines import check_options
from .unparse import expr_text, pattern_text

COUNTBACK_WORDS = (*C.MAJORITY_WORDS, "bonuses")  # what a countback counts, besides card patterns
REQUIRED = {"setup.deck": "deck 52", "setup.players": "players 2, 4", "setup.hand": "hand 4",
            "game.target": "first to 101"}


def check_file(variant: n.Variant) -> Iterator[Diagnostic]:
    """Yields the problems a single file shows on its own."""
    stem = Path(variant.path).stem if variant.path.endswith(".basra") else None
    if stem is not None and stem != variant.name.text:
        yield warning("B407", f"the variant is named '{variant.name.text}' but its file is {Path(variant.path).name}",
                      variant.name.span, f"name the file {variant.name.text}.basra: other variants, records "
                      "and the command line find a variant by its file name")
    too_many = list(_check_size(variant))
    yield from too_many
    if too_many:
        return  # the checks below cost more with every clause; a refused file gets no more
    yield from check_options(variant)
    yield from _check_duplicates(variant)
    for clause in variant.clauses:
        yield from _check_clause_words(clause)


def _check_size(variant: n.Variant) -> Iterator[Diagnostic]:
    """B802 too many clauses or options; B806 an expression with too many parts."""
    if len(variant.clauses) + len(variant.drops) > limits.CLAUSES:
        yield error("B802", f"the file states {len(variant.clauses) + len(variant.drops)} clauses; "
                    f"a variant may state {limits.CLAUSES}", variant.name.span,
                    "state fewer rules: give one rule a card list (7D | JH) instead of a rule per card")
    if len(variant.options) > limits.OPTIONS:
        yield error("B802", f"the file declares {len(variant.options)} options; a variant may declare "
                    f"{limits.OPTIONS}", variant.options[limits.OPTIONS].span, "declare fewer options")
    for clause in variant.clauses:
        for expr in _all_expressions(clause):
            parts = sum(1 for _ in n.walk(expr))
            if parts > limits.EXPRESSION_PARTS:
                yield error("B806", f"this expression has {parts} parts; an expression may have "
                            f"{limits.EXPRESSION_PARTS}", expr.span,
                            "write it with card lists (played is 2 | 3 | 4) or split the rule into several")


def _all_expressions(clause: n.Clause) -> Iterator[n.Expr]:
    if clause.guard is not None:
        yield clause.guard
    for expr, _ in _expressions(clause):
        yield expr


def _check_duplicates(variant: n.Variant) -> Iterator[Diagnostic]:
    # a dealing rule's name is its own across sections (a worked example names the rule it shows)
    named: dict[str, n.Clause] = {}
    for clause in variant.clauses:
        if isinstance(clause, (n.CaptureRule, n.BasraRule, n.FloorBonus, n.ScoreRule)):
            first = named.setdefault(clause.name.text, clause)
            if first.section != clause.section and "dealing" in (first.section, clause.section):
                yield error("B207", f"a {first.section} rule named '{clause.name.text}' is already defined at line "
                            f"{first.span.line}", clause.name.span,
                            "give each rule its own name, such as floor_" + clause.name.text
                            if clause.section == "dealing" else "give each rule its own name")
    by_key: dict[str, list[n.Clause]] = {}
    for clause in variant.clauses:
        by_key.setdefault(clause.key, []).append(clause)
    for key, clauses in by_key.items():
        first = clauses[0]
        if isinstance(first, (n.CaptureRule, n.BasraRule, n.FloorBonus, n.ScoreRule)):
            for later in clauses[1:]:
                yield error("B207", f"a rule named '{later.name.text}' is already defined at line "
                            f"{first.span.line}", later.name.span, "give each rule its own name")
            continue
        # Alternatives of one clause are fine while every one but the last has a 'when'.
        for earlier, later in zip(clauses, clauses[1:]):
            if earlier.guard is None:
                yield error("B206", f"'{key.split('.', 1)[1].replace('_', ' ')}' is already stated at line "
                            f"{earlier.span.line}", later.span, _twice_help(later, earlier))


# what players call a game's bonus, in the plural: counted as 'bonuses' (the language's word)
BONUS_NAMES = frozenset({"basras", "bastras", "escobas", "scopas", "scopes", "sweeps", "pishtis", "xeris", "tablanettes",
                         "tablas", "zwicks", "surs", "caidas", "caídas", "limpias", "chkobbas", "komais", "dries"})


def _twice_help(clause: n.Clause, earlier: n.Clause) -> str:
    """B206's help: a 'values' line that gives a card two values meant 'played values'; an
    alternative with 'when' after the one without, which always applies, goes above it."""
    if clause.guard is not None:
        return (f"line {earlier.span.line} has no 'when', so it always applies and this line is never reached: "
                f"move this line above line {earlier.span.line}, so the line without 'when' comes last")
    if isinstance(clause, n.CardValues):
        words = [pattern_text(e.pattern) for e in clause.entries]
        twice = next((w for w in words if words.count(w) > 1), None)
        if twice is not None:
            return (f"{twice} has two values on this line: a card played as either is written 'played values "
                    f"{', '.join(f'{pattern_text(e.pattern)} {expr_text(e.value)}' for e in clause.entries)}'")
    return "state a clause once, or give each alternative a 'when' and keep the one without 'when' last"


def _check_clause_words(clause: n.Clause) -> Iterator[Diagnostic]:
    for pattern in _patterns(clause):
        yield from X.check_pattern(pattern)
    if isinstance(clause, n.Most) and (clause.what.text == "prime") != bool(clause.values):
        yield error("B211", "the prime needs what each card counts toward it" if clause.values == () else
                    f"'most {clause.what.text}' counts cards, so it takes no values", clause.span,
                    "write 'most prime 1 tie nobody: 7 21, 6 18, A 16, 5 15, 4 14, 3 13, 2 12, picture 10'"
                    if clause.values == () else "remove the ': ...' list, or count the prime instead")
    if isinstance(clause, n.Most) and clause.what.text not in C.MAJORITY_WORDS and clause.what.text != "prime":
        yield error("B209", f"'most {clause.what.text}' counts nothing", clause.what.span,
                    _english_suit(clause.what.text, "most ")
                    or did_you_mean(clause.what.text, C.MAJORITY_WORDS)
                    or "count cards, a suit (clubs, diamonds, hearts, spades) or a rank (aces, sevens, kings...)")
    if isinstance(clause, n.Most):
        yield from _check_tie_breaks(clause)
    for word in clause.words if isinstance(clause, n.Countback) else ():
        if word.text not in COUNTBACK_WORDS and not C.pattern_cards(word.text):
            yield error("B209", f"'countback {word.text}' counts nothing to settle a tie with", word.span,
                        (f"a side's sweeps ({word.text}) are counted as its bonuses: write 'bonuses'"
                         if word.text.lower() in BONUS_NAMES else None)
                        or _english_suit(word.text)
                        or did_you_mean(word.text, list(COUNTBACK_WORDS))
                        or "count cards, bonuses, a suit (coins, clubs...), a rank (sevens...) or a card (7D)")
    if isinstance(clause, n.CaptureRule) and clause.total is not None and clause.takes != "sums":
        yield error("B210", f"'takes {clause.takes}' adds nothing up, so it cannot have a total", clause.total.span,
                    f"write 'takes sums to {expr_text(clause.total)}' for cards that make the total with the "
                    "card played, or remove 'to ...'")
    if isinstance(clause, n.CaptureRule) and clause.spared is not None and clause.takes != "all":
        yield error("B212", f"'takes {clause.takes}' takes no whole floor, so it spares nothing", clause.spared.span,
                    "write 'takes all but ...' for a card that sweeps all but some cards, or remove 'but ...'")
    if isinstance(clause, n.Deck) and clause.size not in C.PACK_SIZES:
        yield error("B405", f"only the 52-card pack and the 40-card pack are known, not {clause.size}", clause.span,
                    _stripped_pack(clause.size) or "write 'deck 52' or 'deck 40' (no eights, nines or tens) and "
                    "remove ranks with 'without', such as 'deck 52 without Q, K'")
    if isinstance(clause, n.Players):
        if clause.guard is not None:
            yield error("B406", "the player counts cannot depend on a condition", clause.guard.span,
                        "list every count once; clauses can depend on 'players' instead")
        kept = ", ".join(str(c) for c in dict.fromkeys(clause.counts) if 2 <= c <= 8)
        for count in clause.counts:
            if not 2 <= count <= 8:
                yield error("B405", f"{count} players cannot play a fishing game here", clause.span,
                            "the language seats 2 to 8 players" + (f": write 'players {kept}'" if kept else ""))


def _english_suit(word: str, before: str = "") -> str | None:
    """The help for a suit named in another language ('oros', 'denari'): its English name."""
    english = C.FOREIGN_SUITS.get(word.lower())
    return f"the suits are written in English: write '{before}{english}'" if english else None


def _stripped_pack(size: int) -> str | None:
    """The help for a pack of ``size`` cards made from the 52 by leaving out its lowest ranks (the
    36-card pack runs six to ace, the 32-card seven to ace): 'deck 52 without ...'."""
    if size % 4 or not 4 <= size < 52:
        return None
    low = [str(rank) for rank in range(2, 2 + (52 - size) // 4)]
    if len(low) > 9:
        return None
    left_out = f"the {low[0]}s" + (f" to the {low[-1]}s" if len(low) > 1 else "")
    return (f"a {size}-card pack is written 'deck 52 without {', '.join(low)}' ({left_out} left out), or name "
            "the ranks your pack leaves out after 'without'")


def _check_tie_breaks(clause: n.Most) -> Iterator[Diagnostic]:
    """B209 for a 'then' that counts nothing; B211 for a prime settled by counts."""
    if clause.then and clause.what.text == "prime":
        yield error("B211", "the prime is compared by its total, so it takes no 'then'", clause.then[0].span,
                    "remove 'then ...', or count a rank instead: 'most sevens 1 then sixes, aces, fives'")
        return
    for word in clause.then:
        if word.text not in C.MAJORITY_WORDS or word.text == "cards":
            yield error("B209", f"'then {word.text}' counts nothing to settle a tie with", word.span,
                        _english_suit(word.text) or did_you_mean(word.text, [w for w in C.MAJORITY_WORDS if w != "cards"])
                        or "count a suit (clubs, diamonds...) or a rank (sevens, sixes, aces...)")


def _patterns(clause: n.Clause) -> Iterator[n.Pattern]:
    match clause:
        case n.Deck(without=patterns):
            yield from patterns
        case n.StartFloor(bar=bar) if bar is not None:
            yield from bar.patterns
        case n.Cut(patterns=patterns):
            yield from patterns
        case n.CaptureRule(pattern=pattern, spared=spared):
            yield pattern
            if spared is not None:
                yield spared
        case n.Points(entries=entries) | n.CardValues(entries=entries) | n.PlayedValues(entries=entries) | \
                n.FloorValues(entries=entries) | \
                n.Most(values=entries):
            yield from (e.pattern for e in entries)


def check_merged(merged: Merged) -> Iterator[Diagnostic]:
    """Yields the problems of a whole variant with its parents folded in."""
    for key, example in REQUIRED.items():
        if key not in merged.clauses and not (key == "game.target" and "game.hands" in merged.clauses):
            section, word = key.split(".")
            yield error("B404", f"the variant never says its {word.replace('_', ' ')}", merged.variant.name.span,
                        f"add to the {section} section: {example}")
    if not any(k.startswith("capture.") and isinstance(c[0], n.CaptureRule) for k, c in merged.clauses.items()):
        yield error("B404", "the variant has no capture rule", merged.variant.name.span,
                    "add a capture section with a rule, such as 'pair: any takes rank'")
    yield from _check_expressions(merged)
    yield from _check_builds(merged)
    yield from _check_piles(merged)
    yield from _check_runs(merged)
    yield from _check_takers(merged)
    yield from _check_unused_options(merged)


def _scope(merged: Merged, play: dict | None = None) -> X.Scope:
    words = frozenset(w for o in merged.options.values() for c in o.choices
                      if isinstance(w := option_value(c), str))
    options = merged.option_defaults() | {"players": merged.player_counts()[0]}
    inherited = {o.name.text: variant.name.text for variant in merged.chain[1:] for o in variant.options}
    return X.Scope(options, play or {}, words, {k: tuple(v) for k, v in merged.option_choices().items()},
                   {k: v for k, v in inherited.items() if k not in merged.options})


NO_NAMES: dict[str, tuple[str, str]] = {}  # a static clause reads the options alone


def play_names_of(clause: n.Clause, guard: bool = True) -> dict[str, tuple[str, str]]:
    """Returns the names of the game that a clause's condition (or, ``guard=False``, its other
    expressions) may read beside the options: a capture rule's points know nothing of the play."""
    if isinstance(clause, n.CaptureRule):
        return X.CAPTURE_NAMES if guard else NO_NAMES
    if isinstance(clause, n.Restriction):
        return X.RESTRICTION_NAMES if guard else NO_NAMES
    if isinstance(clause, n.BasraRule):
        return X.PLAY_NAMES
    if getattr(clause, "taker", None) in ("holder", "declarer") or _reads_dealt_hand(clause):
        return X.HOLDER_NAMES
    if isinstance(clause, n.ScoreRule):
        return X.TAKEN_NAMES
    return X.DEALING_NAMES if clause.section == "dealing" else NO_NAMES


def _reads_dealt_hand(clause: n.Clause) -> bool:
    """A floor bonus to someone the language does not know that reads 'hand': read as a rule
    of a dealt hand, so only its taker is reported (``_check_takers``), not each name after."""
    return isinstance(clause, n.FloorBonus) and clause.taker not in ("dealer", "next") and any(
        isinstance(node, n.Name) and node.id == "hand" for node in n.walk(clause.guard))


def clause_scope(merged: Merged, clause: n.Clause, guard: bool = True) -> X.Scope:
    """Returns what a clause's condition (or, ``guard=False``, its other expressions) may name."""
    return _scope(merged, play_names_of(clause, guard))


def _check_expressions(merged: Merged) -> Iterator[Diagnostic]:
    scopes: dict[int, X.Scope] = {}  # one per set of names: building a scope reads every option

    def scope(names: dict) -> X.Scope:
        if id(names) not in scopes:
            scopes[id(names)] = _scope(merged, names)
        return scopes[id(names)]

    own = {id(c) for c in merged.variant.clauses}
    for alternatives in merged.clauses.values():
        for clause in alternatives:
            if id(clause) not in own:
                continue  # a parent's clause is checked with the parent
            if clause.guard is not None:
                yield from X.check(clause.guard, scope(play_names_of(clause)), X.BOOL)
            for expr, want in _expressions(clause):
                yield from X.check(expr, scope(play_names_of(clause, guard=False)), want)


def _expressions(clause: n.Clause) -> Iterator[tuple[n.Expr, str]]:
    match clause:
        case n.Hand(count=e) | n.StartFloor(count=e) | n.RedealFloor(count=e) | n.Draw(count=e) | n.Flip(count=e) | n.Stacks(limit=e) | n.HandsLimit(count=e):
            yield e, X.NUM
        case n.BasraRule(points=e) | n.FloorBonus(points=e) | n.ScoreRule(points=e) | n.Most(points=e) | n.Total(points=e) | n.Target(points=e) | \
                n.Decider(points=e) | n.BestOf(games=e):
            yield e, X.NUM
        case n.GameTie(amount=e) if e is not None:
            yield e, X.NUM
        case n.Lurch(games=games, below=below):
            yield games, X.NUM
            yield below, X.NUM
        case n.CaptureRule(total=e) if e is not None:
            yield e, X.NUM
        case n.Points(entries=entries):
            for entry in entries:
                yield entry.points, X.NUM
        case n.CardValues(entries=entries):
            for entry in entries:
                yield entry.value, X.NUM
        case n.PlayedValues(entries=entries) | n.FloorValues(entries=entries):
            for entry in entries:
                yield entry.value, X.NUM
    for entry in clause.values if isinstance(clause, n.Most) else ():
        yield entry.points, X.NUM
    if isinstance(clause, n.Most) and clause.least is not None:
        yield clause.least, X.NUM


def _check_builds(merged: Merged) -> Iterator[Diagnostic]:
    """B213: builds beside what they cannot work with, or build lines without a build rule."""
    builds = [alts[0] for alts in merged.clauses.values() if isinstance(alts[0], n.BuildRule)]
    for extra in builds[1:]:
        yield error("B213", f"a second build rule, '{extra.name.text}': a variant builds in one way",
                    extra.name.span, f"keep one build rule ('{builds[0].name.text}') and give it the cards of both")
    if not builds:
        for key in ("capture.raise", "capture.builds", "capture.owner_trails"):
            for clause in merged.clauses.get(key, ()):
                yield error("B213", f"'{key.split('.')[1].replace('_', ' ')}' says how builds work, but nothing "
                            "builds", clause.span, "add a build rule, such as 'build: numeral builds', or remove "
                            "this line")
        return
    if getattr(merged.pick("setup.floor", merged.option_defaults()), "kind", "spread") == "stack":
        yield error("B213", "builds need the floor spread out: on a stacked floor only the top card shows",
                    builds[0].span, "remove 'floor stack' or the build rule")
    for alts in merged.clauses.values():
        rule = alts[0]
        if isinstance(rule, n.CaptureRule) and (rule.takes in ("all", "pile") or rule.total is not None):
            what = {"all": "sweeps the floor", "pile": "takes piles"}.get(rule.takes, "takes sums to a total")
            yield error("B213", f"capture rule '{rule.name.text}' {what}, which builds do not work with yet",
                        rule.span, "builds go with captures by rank and by plain sums; remove one or the other")


def _check_piles(merged: Merged) -> Iterator[Diagnostic]:
    """B214: 'floor first' where no rule takes a pile (it says which of the two comes first)."""
    if any(isinstance(alts[0], n.CaptureRule) and alts[0].takes == "pile" for alts in merged.clauses.values()):
        return
    here = merged.variant.name.span.path if merged.variant.name.span else None
    for clause in merged.clauses.get("capture.floor_first", ()):
        if clause.span is not None and clause.span.path != here:  # inherited: the change is this file's
            changed = next((c for c in merged.variant.clauses if isinstance(c, n.CaptureRule)), None)
            where = changed or next(iter(merged.variant.drops), None) or merged.variant.name
            named = f"'{changed.name.text}' now takes {changed.takes}, so " if changed is not None else ""
            yield error("B214", f"{named}no rule takes a pile, and the parent's 'floor first' (its line "
                        f"{clause.span.line}) says which of the floor and a pile comes first", where.span,
                        f"to keep the stealing, write '{changed.name.text if changed else 'steal'}: "
                        f"{pattern_text(changed.pattern) if changed else 'any'} takes pile'; else add "
                        "'drop floor_first' under 'capture:'")
            continue
        yield error("B214", "'floor first' says a card takes from the floor before a pile, but no rule takes "
                    "a pile", clause.span, "add a rule such as 'steal: any takes pile', or remove this line")


def _check_runs(merged: Merged) -> Iterator[Diagnostic]:
    """B215: a run lists ranks, each once (a card, a kind of card or a repeat climbs nowhere),
    and runs do not go with builds (a build's cards would leave it one by one)."""
    for clause in merged.clauses.get("capture.run", ()):
        seen: set[int] = set()
        for word in clause.ranks:
            rank = C.parse_rank(word.text)
            if rank is None:
                yield error("B215", f"'{word.text}' is not a rank: a run climbs through ranks", word.span,
                            "write ranks alone, such as 'run A 2 3 4 5 6 7 J Q K' (a card or a kind of card "
                            "has no place in it)")
            elif rank in seen:
                yield error("B215", f"'{word.text}' comes twice in the run", word.span,
                            "name each rank once, in the order the run climbs")
            else:
                seen.add(rank)
        if any(isinstance(alts[0], n.BuildRule) for alts in merged.clauses.values()):
            yield error("B215", "a run beside builds: builds do not work with runs yet", clause.span,
                        "remove the run or the build rule")


def _check_takers(merged: Merged) -> Iterator[Diagnostic]:
    """B201/B205: a floor bonus's taker named by an option whose choices are dealer and next."""
    for clause in merged.variant.clauses:
        if not isinstance(clause, n.FloorBonus) or clause.taker in ("dealer", "next", "holder", "declarer"):
            continue
        option = merged.options.get(clause.taker)
        where = n.Word(clause.taker, span=clause.span)
        if option is None:
            dealt = _reads_dealt_hand(clause)
            yield error("B201", f"unknown name '{clause.taker}': " + (
                "a bonus for dealt cards goes to their holder, or to the player who declares them" if dealt else
                "the floor goes to the dealer, to next, or to the choice of an option"), where.span,
                did_you_mean(clause.taker, list(merged.options) + ["dealer", "next", "holder", "declarer"])
                or ("write 'to holder' (scored at once by whoever is dealt the cards) or 'to declarer' (scored by a "
                    "player who shows them at their first turn)" if dealt else
                    "write 'to dealer' or 'to next', or declare 'option NAME: dealer | next = dealer'"))
        elif not {option_value(c) for c in option.choices} <= {"dealer", "next"}:
            yield error("B205", f"option '{clause.taker}' must choose between dealer and next to say who takes "
                        "the floor", where.span, f"declare it as: option {clause.taker}: dealer | next = dealer")


def _check_unused_options(merged: Merged) -> Iterator[Diagnostic]:
    used = names_used(merged)
    for option in merged.variant.options:
        if option.name.text not in used:
            found = restated_without(merged, option.name.text)
            yield warning("B305", f"option '{option.name.text}' is never used", option.name.span,
                          found[1] if found else stated_as_number(merged, option)
                          or "refer to it in a clause or a 'when', or remove it")
    # an inherited option a restated rule no longer reads is not told: a table restates a rule
    # without its option to fix its choice (tests/fixtures/house_rules/jack_on_jack_always)
