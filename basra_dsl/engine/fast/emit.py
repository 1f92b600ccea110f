"""Writes the Python source of one variant's fast routines from its plan: ``deal`` (the
pack shuffled and dealt as ``deal.deal_hand`` deals it), ``caps`` (what a card may take)
and ``hand`` (a whole hand played by the reference random player, then scored).

Only the branches the rules use are written; the rules' numbers and card tables reach the
source as names bound in its namespace (see ``namespace``), never as text from a file.
"""

from __future__ import annotations

from .plan import COND_SWEEP, MULTI, RANK, READ, RESOLVE, STACK_RANK, STACK_SUMS, SUMS, SWEEP, Plan


def source(plan: Plan, trace: bool) -> str:
    """Returns the module source defining ``deal``, ``caps`` and ``hand``."""
    return "\n".join([_deal(plan), _caps(plan), _hand(plan, trace)]) + "\n"


def _dealt_by_rules(rules) -> bool:
    """Whether a dealing rule reads what is dealt (a redeal, a floor or a hand won with a
    bonus): then the routine deals as the checked tier does, with ``deal.deal_hand``."""
    return rules.redeal is not None or bool(rules.floor_bonuses or rules.hand_bonuses or rules.declarations)


def _stocked(rules) -> bool:
    """Whether the hand is dealt once and the rest of the pack is a stock that players draw
    from or turn after each play (``draw``, ``flip``)."""
    return bool(rules.draw or rules.flip)


def _deal(plan: Plan) -> str:
    rules = plan.rules
    if _stocked(rules):  # one deal, the rest of the pack the stock: (deals, stock)
        return ("def deal(first, rng):\n"
                "    d = DEAL_HAND(RULES, SHUFFLED(RULES, rng), first, rng)[0]\n"
                "    return [([list(h) for h in d.hands], list(d.floor), [list(w) for w in d.won] if any(d.won) else None,"
                " d.bonus if any(d.bonus) else None)], list(d.stock)\n")
    if _dealt_by_rules(rules):  # with declarations, each deal also gives what each seat declares
        declared = ", DECLARED(d.hands)" if rules.declarations else ""
        return ("def deal(first, rng):\n"
                "    return [([list(h) for h in d.hands], list(d.floor), [list(w) for w in d.won] if any(d.won) else None,"
                f" d.bonus if any(d.bonus) else None{declared})\n"
                "            for d in DEAL_HAND(RULES, SHUFFLED(RULES, rng), first, rng)]\n")
    first_deal = "        won = None\n        if not deals:\n"
    keeps_won = bool(rules.cut_cards) or (bool(rules.bar_cards) and rules.bar_action == "dealer")
    if keeps_won:
        first_deal += "            won = [[] for _ in RANGE_P]\n"
        if rules.cut_cards:
            first_deal += "            if cut is not None:\n                won[cut[0]].append(cut[1])\n"
    if rules.bar_cards:
        pile = "won[DEALER[first]]" if keeps_won else "[]"
        first_deal += (f"            floor = pack[i:i + START]\n"
                       f"            if BAR.isdisjoint(floor):  # nothing barred: no card moves, no draw\n"
                       f"                i += START\n"
                       f"            else:\n"
                       f"                rest = pack[i:]\n"
                       f"                floor = START_FLOOR(RULES, rest, START, rng, {pile})\n"
                       f"                pack, i, n = rest, 0, len(rest)\n")
    else:
        first_deal += "            floor = pack[i:i + START]\n            i += START\n"
    if keeps_won:
        first_deal += "            if not any(won):\n                won = None\n"
    first_deal += "        else:\n            floor = pack[i:i + REDEAL]\n            i += REDEAL\n"
    # a full round: each seat's cards, by seat, from its place k in the order of dealing
    full = ("            hands = [pack[i + k:i + k + H] for k in BATCH_AT[first]]\n" if rules.deal_mode == "batches"
            else "            hands = [pack[i + k:i + FULL:P] for k in PLACE[first]]\n")
    shuffle = ("    pack = sorted(INDEXES, key=keys.__getitem__)  # the deck is 0, 1, 2...: an index is its card\n"
               if list(rules.deck) == list(range(len(rules.deck)))
               else "    pack = [DECK[i] for i in sorted(INDEXES, key=keys.__getitem__)]\n")
    cut = ("    cut = None\n"
           "    if pack and pack[-1] in CUT:\n"
           "        cut = (CUT_SEAT[first], pack.pop())\n") if rules.cut_cards else ""
    return (
        "def deal(first, rng):\n"
        "    draw = rng.random\n"
        "    keys = [draw() for _ in DECK]  # the draws of deal.shuffled_pack, in its order\n"
        f"{shuffle}"
        "    deals = []\n"
        f"{cut}"
        "    i, n = 0, len(pack)\n"
        "    while i < n:\n"
        "        if n - i >= FULL:\n"
        f"{full}"
        "            i += FULL\n"
        "        else:\n"
        "            hands = [[] for _ in RANGE_P]\n"
        "            for _ in RANGE_H:\n"
        "                for s in SEATS[first]:\n"
        "                    if i < n:\n"
        "                        hands[s].append(pack[i])\n"
        "                        i += 1\n"
        f"{first_deal}"
        "        deals.append((hands, floor, won, None))\n"
        "        if not floor and not any(hands):\n"
        "            break\n"
        "    return deals\n")


def captures_source(plan: Plan) -> str:
    """Returns the source of ``caps(card, floor, rc, prev)`` alone: the captures of a card on
    a floor whose numerals are packed in ``rc`` (the building hand calls it on the loose floor)."""
    return _caps(plan)


def _caps(plan: Plan) -> str:
    lines = ["def caps(card, floor, rc, prev):"] + ["    " + line for line in _resolve(plan, False)] + ["    return opts"]
    return "\n".join(lines) + "\n"


PICK = "opts[0] if len(opts) == 1 else opts[int(r() * len(opts))]"  # random_move's draw among captures


def _captures_of(plan: Plan, direct: bool) -> list[str]:
    """``_resolve`` before any run is climbed."""
    def one(found: str) -> list[str]:  # exactly one capture
        return [f"capture = {found}"] if direct else [f"opts = [{found}]"]

    def some(found: str) -> list[str]:  # a list of captures, perhaps empty
        return [f"opts = {found}", f"capture = ({PICK}) if opts else ()"] if direct else [f"opts = {found}"]

    def none() -> list[str]:
        return ["capture = ()"] if direct else ["opts = []"]

    def either(test: str, found: str) -> list[str]:
        return [f"capture = {found} if {test} else ()"] if direct else [f"opts = [{found}] if {test} else []"]

    kinds = set(plan.kinds)
    lines = ["k = KIND[card] if floor else 0"]
    reads = any(len(v) > 1 for v in plan.rules.floor_values.values())
    readable = reads and plan.rules.choose != "pair"  # (one card of the target, a stack, a conditional sweep: the resolver's)
    if reads:  # a card of several floor values lies there: each reading is looked up in turn
        lines += [f"if rc & READ_MASK and k % COND_SWEEP in ({SUMS}, {MULTI}, {STACK_SUMS}):",
                  f"    k = {READ} if k in ({SUMS}, {MULTI}) else {RESOLVE}" if readable else f"    k = {RESOLVE}"]
        kinds = kinds | {RESOLVE}
    if any(k >= COND_SWEEP for k in kinds):
        lines += ["if k >= COND_SWEEP:",
                  "    k -= COND_SWEEP",
                  "    t = tuple(floor)",
                  "    for cond in SWEEPS[card]:",
                  "        if cond(card, t, (), (), prev):",
                  f"            k = {SWEEP}",
                  "            break"]
    static = {k % COND_SWEEP for k in kinds} | {SWEEP} if any(k >= COND_SWEEP for k in kinds) else set(kinds)
    if readable:
        static.add(READ)
    rank_takes = (one("tuple([x for x in floor if x >> 2 == rk])") if plan.rules.choose == "largest"
                  else some("[(x,) for x in floor if x >> 2 == rk]"))
    sums = [
        # the card's table of sums captures, keyed by the floor's counts of the ranks it can add up
        "e = TABLE_OF[card].get(rc & SUMS_MASK[card], MISS)",
        "if e is MISS:",
        "    v = TG[card]",
        "    key = rc & VMASK[v]",
        "    e = SUMS_ENTRY(v, key, FIELDS[v], CHOOSE, TABLES[v])",
        "if e is None:",
        *["    " + line for line in none()],
        "elif e.__class__ is frozenset:",
        *["    " + line for line in one("tuple([x for x in floor if W[x] in e])")],
        "else:",
        *["    " + line for line in some("EXPAND(floor, TG[card], e, W)")]]
    if plan.rules.choose == "pair":  # one floor card worth the target, whichever the player picks
        sums = ["if rc & PMASK[card]:", *["    " + line for line in some("[(x,) for x in floor if W[x] == TG[card]]")],
                "else:", *["    " + line for line in none()]]
    elif plan.rules.pairs_first:  # a floor card worth the target is taken before any group (the resolver's _ways)
        alone = (one("tuple([x for x in floor if W[x] == TG[card]])") if plan.rules.choose == "largest"
                 else some("[(x,) for x in floor if W[x] == TG[card]]"))
        sums = ["if rc & PMASK[card]:", *["    " + line for line in alone], "else:", *["    " + line for line in sums]]
    branches = {
        SWEEP: one("tuple(floor)"),
        SUMS: sums,
        RANK: ["if rc & RMASK[card]:",
               "    rk = card >> 2",
               *["    " + line for line in rank_takes],
               "else:",
               *["    " + line for line in none()]],
        STACK_SUMS: either("W[floor[-1]] == TG[card]", "tuple(floor)"),
        STACK_RANK: either("floor[-1] >> 2 == card >> 2", "tuple(floor)"),
        RESOLVE: some("RESOLVER(card, floor, prev)"),
        # sums to several targets (a value and a total: Cirulla): each target's captures in
        # turn, as the resolver lists them, the same capture once
        MULTI: some(f"MULTI_CAPS(TGS[card], floor, rc, {bool(plan.rules.pairs_first)}, CHOOSE)"),
        READ: some(f"READ_CAPS(READ_TARGETS[card], floor, rc, {bool(plan.rules.pairs_first)}, CHOOSE)"),
    }
    keyword = "if"
    for kind in (SUMS, RANK, SWEEP, STACK_SUMS, STACK_RANK, MULTI, READ, RESOLVE):
        if kind in static:
            lines.append(f"{keyword} k == {kind}:")
            lines += ["    " + line for line in branches[kind]]
            keyword = "elif"
    lines += ["else:", *["    " + line for line in none()]] if keyword == "elif" else none()
    return lines


def _resolve(plan: Plan, direct: bool) -> list[str]:
    """Statements setting ``opts`` to what ``card`` may take (``CaptureResolver.captures``);
    written once as ``caps`` and once inline in the turn, where most cards are resolved.
    ``direct``: set ``capture`` instead, drawing among several as the random player does
    and () for none (a card that can capture must, and one that cannot trails). Where a
    capture goes on up a run (Cuarenta), each capture from the tables climbs it
    (``CaptureResolver.with_runs``); a sweep's and the resolver's own do not, or already have."""
    if not plan.rules.run:
        return _captures_of(plan, direct)
    lines = _captures_of(plan, False) + [f"if opts and k != {SWEEP} and k != {RESOLVE}:",
                                         "    opts = WITH_RUNS(card, floor, opts)"]
    return lines + [f"capture = ({PICK}) if opts else ()"] if direct else lines


def _choice(plan: Plan) -> list[str]:
    """The reference random player (``random_play.random_move``), draw for draw."""
    compulsion = plan.rules.compulsion
    if plan.rules.takes_piles or plan.rules.restrictions:
        return _choice_by_moves(plan)
    if compulsion == "card":  # the usual rule: the card drawn is played, resolved straight into the capture
        return ["card = hand.pop(int(r() * len(hand)))"] + _resolve(plan, True)
    lines = ["card = hand[int(r() * len(hand))]"] + _resolve(plan, False)
    if compulsion == "optional":
        lines += ["opts = opts + [()]"]
    else:
        lines += ["if not opts:",
                  "    playable = [c for c in hand if caps(c, floor, rc, prev)]",
                  "    if playable:",
                  "        card = playable[int(r() * len(playable))]",
                  "        opts = caps(card, floor, rc, prev)",
                  "    else:",
                  "        opts = TRAIL"]
    return lines + [f"capture = {PICK}"]


def _choice_by_moves(plan: Plan) -> list[str]:
    """Where cards take piles or may be barred, the random player draws among the legal
    moves (``random_play._random_legal_move``): a card with a move, then one of its moves
    (its captures, the seats whose piles it takes, its trail where allowed); a barred card
    only when every card with a move is barred. A pile taken is the seat's number where a
    capture is a tuple of cards."""
    compulsion = plan.rules.compulsion
    trail = {"optional": "True", "card": "not m", "hand": "not must"}[compulsion]
    steals = "o + STEALS(c, seat, piles, floor, prev, bool(o))" if plan.rules.takes_piles else "o"
    lines = ["found = []",
             "for c in hand:",
             "    o = caps(c, floor, rc, prev)",
             f"    found.append((c, {steals}))"]
    if compulsion == "hand":
        lines += ["must = any(m for _, m in found)"]
    lines += [f"found = [(c, m + TRAIL if {trail} else m) for c, m in found]",
              "found = [x for x in found if x[1]]"]
    if plan.rules.restrictions:
        lines += ["bar = BARRED(hand, floor, prev)",
                  "found = [x for x in found if x[0] not in bar] or found"]
    return lines + ["card, opts = found[int(r() * len(found))]",
                    "capture = opts[int(r() * len(opts))]"]


def _bonus(plan: Plan) -> list[str]:
    """The largest bonus among the rules that hold (``State._bonus``); a rule is tried only
    for the cards that can score it, and not asked for those it holds for whatever the play.
    A rule the compiler can write inline (``fn.inline``) is embedded, not called."""
    lines = ["bonus = 0"]
    for index, rule in enumerate(plan.bonuses):
        bit = 1 << index
        scoring = [mask & bit != 0 for mask in plan.bonus_cards]
        sure = [mask & bit != 0 for mask in plan.bonus_sure]
        if not any(scoring):
            continue  # no card can score it
        condition, points = (_inline_source(fn, f"B{index}{part}", plan)[0]
                             for fn, part in ((rule.condition, "C"), (rule.points, "P")))
        if callable(rule.points):
            body = [f"pts = {points} or 0",
                    "if not -LIMIT <= pts <= LIMIT:",
                    "    raise ValueError(f'it scores {pts:.3g} points')",
                    "if pts > bonus:",
                    "    bonus = pts"]
        elif rule.points > 0:
            body = [f"if B{index}P > bonus:", f"    bonus = B{index}P"]
        else:
            body = ["pass"]  # 0 or less never beats the best (it starts at 0); the condition still runs
        tests = [] if all(scoring) else [f"BONUS_CARDS[card] & {bit}"]
        asked = [s and not k for s, k in zip(scoring, sure)]
        if rule.condition is not None and any(asked):
            tests.append(f"(BONUS_SURE[card] & {bit} or {condition})" if any(sure) else condition)
        if tests:
            lines += [f"if {' and '.join(tests)}:"] + ["    " + line for line in body]
        else:
            lines += body
    return lines


def _inline_source(fn, name: str, plan: Plan) -> tuple[str, dict]:
    """Returns the source computing a rule's function over the routine's names for the play,
    and the names that source reads (each starting ``name_``); a function the compiler did
    not make (no ``inline``) is called by ``name``, which ``namespace`` binds."""
    if not callable(fn):
        return name, {}
    arguments = _args(plan)
    played_as = ("PA",) if plan.rules.played_values else ()  # the value played as (State.played_as)
    inline = getattr(fn, "inline", None)
    if getattr(fn, "reads_hand", False):  # what it reads of the hand is worked out before it (HC)
        return f"{name}({', '.join(arguments + ('HC',) + played_as)})", {}
    if inline is None:
        return f"{name}({', '.join(arguments)})", {}
    source, names = inline(arguments + ((None,) + played_as if played_as else ()), f"{name}_")
    return f"({source})", {key: value for key, value in names.items() if key != "__builtins__"}


def _args(plan: Plan) -> tuple[str, str, str, str, str]:
    """The routine's names for (played, floor, captured, left, previous); None for what no rule reads."""
    used = plan.reads
    return ("card", "before" if "floor" in used else "None", "capture",
            "left" if "left" in used else "None", "prev" if plan.needs_previous else "None")


def _play(plan: Plan, trace: bool) -> list[str]:
    """Plays the chosen move (``State.play``), keeping the packed counts of the floor."""
    before = "floor" in plan.reads
    left = "left" in plan.reads
    popped = plan.rules.compulsion == "card" and not (plan.rules.takes_piles or plan.rules.restrictions)
    lines = [] if popped else ["hand.remove(card)"]  # else drawn with pop
    if plan.rules.takes_piles:  # a pile taken (a seat's number): it goes onto the seat's, the card on top
        lines += ["if capture.__class__ is int:",
                  "    stolen = piles[capture]",
                  "    piles[capture] = []",
                  "    pile = piles[seat]",
                  "    pile.extend(stolen)",
                  "    pile.append(card)",
                  "    last = seat"]
        lines += ["    prev = (card, tuple(floor), (), tuple(floor))"] if plan.needs_previous else []
        lines += ["    trace.append((seat, card, tuple(stolen), 0))"] if trace else []
        lines += ["    continue"]
    lines += ["if capture:"]
    body = ["before = tuple(floor)"] if before else []
    body += ["if len(capture) == len(floor):",
             "    floor = []",
             "    rc = 0"]
    body += ["    left = ()"] if left else []
    body += ["else:",
             "    floor = [x for x in floor if x not in capture]",
             "    for x in capture:",
             "        rc -= RU[x]"]
    body += ["    left = tuple(floor)"] if left else []
    if plan.reads_hand:  # State.hand_context: the cards still to deal, the last deal, the last play
        body += ["st = 0",
                 "for hs, dfl, dwon, *_ in deals[di:]:",
                 "    st += len(dfl) + sum(map(len, hs)) + (sum(map(len, dwon)) if dwon else 0)",
                 *(["st += len(stock)"] if _stocked(plan.rules) else []),
                 "HC = (st == 0 and not any(hands), st == 0, st)"]
    body += _bonus(plan)
    body += ["pile = piles[seat]",
             "pile.extend(capture)",
             "pile.append(card)",
             "if bonus:",
             "    bonuses[seat].append(bonus)",
             "last = seat"]
    if plan.rules.played_values:
        body = ["PA = VALUE_PLAYED(card, floor, capture, prev)"] + body
    lines += ["    " + line for line in body]
    lines += ["else:"]
    lines += ["    before = tuple(floor)"] if plan.needs_previous else []
    lines += ["    floor.append(card)", "    rc += RU[card]"]
    lines += ["    left = before + (card,)"] if plan.needs_previous else []
    lines += ["    bonus = 0"] if trace else []
    if plan.needs_previous:
        lines += ["prev = (card, before, capture, left)"]
    if trace:
        lines += ["trace.append((seat, card, capture, bonus))"]
    return lines


def _turn_end(plan: Plan, trace: bool) -> list[str]:
    """The turn's last steps (``TurnEnd._end_turn``): each stock card turned is played as a
    hand of its one card (the player may play nothing else), then the draw."""
    rules, lines = plan.rules, []
    if rules.flip:
        lines += ["for _ in RANGE_FLIP:",
                  "    if not stock:",
                  "        break",
                  "    hand = [stock.pop(0)]",
                  *["    " + line for line in _choice(plan) + _play(plan, trace)]]
    if rules.draw:
        lines += ["if stock:",
                  "    hands[seat].extend(stock[:DRAW])",
                  "    del stock[:DRAW]"]
    return lines


def _declared(plan: Plan, trace: bool) -> list[str]:
    """The declaration the reference random player makes at its first turn after a deal (the
    one worth the most, without a draw: ``random_move``), as a play of no card."""
    if not plan.rules.declarations:
        return []
    return ["if pend[seat]:",
            "    bonuses[seat].append(pend[seat])",
            *(["    trace.append((seat, -1, (), pend[seat]))"] if trace else []),
            "    pend[seat] = 0"]


def _hand(plan: Plan, trace: bool) -> str:
    leftover = ("        if last >= 0:\n            piles[last].extend(floor)\n"
                "        else:\n            unclaimed = tuple(floor)\n"
                if plan.rules.leftover == "last" else "        unclaimed = tuple(floor)\n")
    turn = "\n".join("        " + line for line in _declared(plan, trace) + _choice(plan) + _play(plan, trace)
                     + _turn_end(plan, trace))
    pend = ", pend" if plan.rules.declarations else ""
    return (
        f"def hand(rng, first, carry{', trace' if trace else ''}):\n"
        f"    {'deals, stock' if _stocked(plan.rules) else 'deals'} = deal(first, rng)\n"
        "    r = rng.random\n"
        f"    hands, fl, won, dbonus{pend} = deals[0]\n"
        "    di, nd = 1, len(deals)\n"
        "    piles = [[] for _ in RANGE_P]\n"
        "    bonuses = [[] for _ in RANGE_P]\n"
        "    if won or dbonus:\n"
        "        DEALT(piles, bonuses, won, dbonus)\n"
        "    floor = list(fl)\n"
        "    rc = 0\n"
        "    for x in fl:\n"
        "        rc += RU[x]\n"
        "    prev = NO_PREVIOUS\n"
        "    last = -1\n"
        "    seat = first - 1\n"
        "    while True:\n"
        "        nxt = NEXT[seat]\n"
        "        if not hands[nxt]:\n"
        "            nxt = -1\n"
        "            while True:\n"
        "                for step in STEPS:\n"
        "                    if hands[(seat + step) % P]:\n"
        "                        nxt = (seat + step) % P\n"
        "                        break\n"
        "                if nxt >= 0 or di == nd:\n"
        "                    break\n"
        f"                hs, fl, won, dbonus{pend} = deals[di]\n"
        "                di += 1\n"
        "                for s in RANGE_P:\n"
        "                    hands[s].extend(hs[s])\n"
        "                if won or dbonus:\n"
        "                    DEALT(piles, bonuses, won, dbonus)\n"
        "                floor.extend(fl)\n"
        "                for x in fl:\n"
        "                    rc += RU[x]\n"
        "            if nxt < 0:\n"
        "                break\n"
        "        seat = nxt\n"
        "        hand = hands[seat]\n"
        f"{turn}\n"
        "    unclaimed = ()\n"
        "    if floor:\n"
        f"{leftover}"
        f"    return SCORE(piles, bonuses, carry, SIDES, MAJORITIES, CARD_POINTS, unclaimed{', RULES' if plan.rules.score_rules else ''})\n")
