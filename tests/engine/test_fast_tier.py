"""The fast tier plays every bundled variant exactly as the checked State tier does.

Each variant, at each player count it allows and with a sample of option choices, is
played seeded on both tiers, hand after hand with the carry passed on: the plays
(seat, card, captured cards, bonus), the scores, the carry, the bonus counts and the
random draws must all be identical.
"""

from __future__ import annotations

import random

import pytest

from basra_dsl import Game, load_variant
from basra_dsl.engine.fast import compile_hands, supports, why_not
from basra_dsl.engine.rules import CaptureRule, Majority
from basra_dsl.language.loader import load
from basra_dsl.language.merge import option_value
from basra_dsl.resources import bundled_variants
from helpers import fast_hand, play_both, state_hand

HANDS = 60  # per configuration: about 6,000 hands in all


def configurations():
    """Yields (variant, options) for every player count, each option choice with the
    others at their defaults, and every option at its last choice."""
    for name in bundled_variants():
        merged = load(name).merged
        choices = {key: [option_value(c) for c in option.choices] for key, option in merged.options.items()}
        samples = [{}] + [{key: value} for key, values in choices.items() for value in values[1:]]
        if len(choices) > 1:
            samples.append({key: values[-1] for key, values in choices.items()})
        for players in merged.player_counts():
            for options in samples:
                yield name, {"players": players, **options}


CONFIGURATIONS = list(configurations())
# The constructs the fast tier leaves to State (its ``why_not``): the docs and the note list them.
FALLBACKS = ("cards are built where cards also take piles or are barred",
             "players turn stock cards where cards take piles or are barred")
FAST = [(name, options) for name, options in CONFIGURATIONS if supports(load_variant(name, **options))]
SLOW = [(name, options) for name, options in CONFIGURATIONS if (name, options) not in FAST]


def ids(configurations):
    return [f"{n}-" + "-".join(f"{k}={v}" for k, v in o.items()) for n, o in configurations]


@pytest.mark.parametrize("name,options", FAST, ids=ids(FAST))
def test_fast_tier_plays_as_the_state_tier(name, options):
    rules = load_variant(name, **options)
    assert play_both(rules, HANDS, seed=len(name) * 1000 + options["players"]) > HANDS


@pytest.mark.parametrize("extra", ["capture:\n  no_ace_lead: A barred when opening\n",
                                   "setup:\n  flip 1\ncapture:\n  no_ace_lead: A barred when opening\n"])
def test_what_the_fast_tier_leaves_to_state_is_a_known_construct(tmp_path, extra):
    """Builds, or a turned stock card, beside a restriction: the checked tier plays them."""
    parent = "casino" if extra.startswith("capture") else "egyptian"
    path = tmp_path / "mixed.basra"
    path.write_text(f'variant mixed "Mixed" extends {parent}\n{extra}', encoding="utf-8")
    reason = why_not(load_variant(str(path)))
    assert reason is not None and any(known in reason for known in FALLBACKS), reason


def test_every_bundled_variant_plays_on_the_fast_tier():
    """Every bundled variant, with every option and player count, plays on the fast tier
    (issue 28: no fallback), each as the State tier plays it (above): the builders on plain
    lists with the checked tier's own listing of builds."""
    assert SLOW == []


HOUSE_RULES = {
    # one group only, the largest (a public Basra game's rule): the checked resolver's cards
    "one-group": 'variant one-group "One group" extends egyptian\ncapture:\n  choose single\n',
    # Kasino's ace is played as 14 (1 on the floor); a bonus reads the value played as
    "aces": 'variant aces "Aces" extends kasino\nbasra:\n  ace "Ace": played.value when played is A\n',
    # an ace played as 1 or 11 (the checked resolver's card on the fast tier), on every floor
    "elevens": 'variant elevens "Elevens" extends egyptian\nsetup:\n  played values A 1, A 11\n'
               'basra:\n  sum_bonus "Sum": captured.sum + played.value when played is A\n',
    # piles taken by partners, only from a full floor, by a player who must take with any card;
    # a bonus reads the previous play (a pile taken leaves the floor as it was)
    # a card that counts otherwise on the floor (the checked resolver's), and one of two floor values
    "floor": 'variant floor "Floor" extends egyptian\nsetup:\n  floor values 10D 1, 9C 2, 9C 11\n',
    # a card barred by what the player holds and by the hand's first play (restrictions)
    "barred": 'variant barred "Barred" extends egyptian\ncapture:\n  keep "Keep a jack": J barred when '
              'hand.count(J) == 1\n  no_seven_lead: 7 barred when opening\n',
    # one deal, the rest of the pack drawn from after each play; a bonus reads the stock left
    "drawing": 'variant drawing "Drawing" extends egyptian\nsetup:\n  draw 1\n'
               'basra:\n  late "Late": 5 when cleared and stock < 10\n',
    # the stock's top card turned and played after each play from the hand, one floor card a capture
    "turning": 'variant turning "Turning" extends egyptian\nsetup:\n  hand 12\n  flip 1\ncapture:\n  choose pair\n',
    # two cards turned, then one drawn, where a player who can take with any card must
    "both": 'variant both "Both" extends egyptian\nsetup:\n  flip 2\n  draw 1\ncapture:\n  compulsory hand\n'
            'basra:\n  final "Final": 3 when last\n',
    "teams": 'variant teams "Teams" extends stealing-bundles\nsetup:\n  players 4\n  partners\ncapture:\n'
             '  drop steal\n  steal: any takes pile when floor.count >= 3\n  compulsory hand\n'
             'basra:\n  echo "Echo": 1 when played.rank == previous.played.rank\n',
}


@pytest.mark.parametrize("name", list(HOUSE_RULES))
def test_house_rules_of_issue_28_play_alike_on_both_tiers(tmp_path, name):
    path = tmp_path / f"{name}.basra"
    path.write_text(HOUSE_RULES[name], encoding="utf-8")
    rules = load_variant(str(path))
    assert supports(rules)
    assert play_both(rules, 200, seed=7) > 200


def test_sample_covers_every_variant_and_player_count():
    seen = {(name, options["players"]) for name, options in CONFIGURATIONS}
    for name in bundled_variants():
        for players in load(name).merged.player_counts():
            assert (name, players) in seen
    assert len(CONFIGURATIONS) * HANDS >= 3000


def test_a_capture_rule_of_an_unknown_kind_falls_back():
    rules = load_variant("egyptian")
    odd = rules.capture_rules + (CaptureRule("odd", frozenset(rules.deck), "suits"),)
    changed = type(rules)(**{**rules.__dict__, "capture_rules": odd})
    assert not supports(changed)
    assert "odd" in why_not(changed)
    with pytest.raises(ValueError):
        compile_hands(changed)


def test_a_difference_would_be_seen():
    """The comparison is not vacuous: a routine whose bonuses are changed disagrees."""
    rules = load_variant("egyptian")
    fast = compile_hands(rules)
    broken = compile_hands(type(rules)(**{**rules.__dict__, "basra_rules": ()}))
    game = Game(rules)
    differs = False
    for seed in range(20):
        slow = state_hand(game, random.Random(seed), 0, ())
        assert fast_hand(fast, random.Random(seed), 0, ()) == slow
        differs = differs or fast_hand(broken, random.Random(seed), 0, ()) != slow
    assert differs


def _small_floor(played, floor, captured, left, previous):
    return len(floor) < 3


def _after_a_trail(played, floor, captured, left, previous):
    return previous[0] is not None and not previous[2]


ITALIAN = tuple(c for c in range(52) if c >> 2 not in (7, 8, 9))  # the 40-card pack: no 8, 9 or 10
PICTURES_COUNT = {c: (c >> 2) + 1 if c >> 2 < 7 else (c >> 2) - 2 for c in ITALIAN} | {None: None}  # J 8 Q 9 K 10
HIGH_VALUES = {c: (c >> 2) + 1 for c in range(52)} | {c: 14 for c in range(4)} | {None: None}  # J 11 Q 12 K 13, ace 14

VARIATIONS = {
    "40 cards, pictures add up": {"deck": ITALIAN, "values": PICTURES_COUNT, "hand_size": 3},
    "values up to 14": {"values": HIGH_VALUES},
    "most sevens, tie carried": {"majorities": (Majority("sevens", frozenset(range(24, 28)), 2, "carry"),)},
    "choose one": {"choose": "one"},
    "optional capture": {"compulsion": "optional"},
    "compulsory hand": {"compulsion": "hand"},
    "nobody takes the leftover": {"leftover": "nobody"},
    "singly": {"deal_mode": "singly"},
    "grouped rule with a condition": {"capture": ("sums", _small_floor)},
    "sweep after a trail": {"capture": ("all", _after_a_trail)},
}


@pytest.mark.parametrize("change", list(VARIATIONS), ids=list(VARIATIONS))
def test_paths_no_bundled_variant_takes_play_alike(change):
    """Rules no bundled variant has (a choice among sets, optional captures, conditional
    group rules, a rule reading the previous play) still play as on the State tier."""
    rules = load_variant("egyptian")
    fields = dict(VARIATIONS[change])
    if "capture" in fields:
        takes, condition = fields.pop("capture")
        extra = CaptureRule("extra", frozenset(c for c in rules.deck if c % 3 == 0), takes, condition)
        fields["capture_rules"] = (extra,) + rules.capture_rules
    changed = type(rules)(**{**rules.__dict__, **fields})
    assert play_both(changed, 150, seed=7) > 150


def _divides_by_nothing(played, floor, captured, left, previous):
    return 10 / (len(captured) - len(captured))


def test_a_rule_failing_on_the_fast_tier_is_reported_as_on_the_state_tier():
    from basra_dsl.engine.errors import RuleError
    from basra_dsl.engine.rules import BasraRule
    from basra_dsl.play.simulate import simulate_hands

    rules = load_variant("egyptian")
    failing = type(rules)(**{**rules.__dict__, "basra_rules": (BasraRule("broken", _divides_by_nothing),)})
    with pytest.raises(ZeroDivisionError):
        compile_hands(failing).play(random.Random(1), 0, ())
    with pytest.raises(RuleError, match="broken"):
        simulate_hands(failing, 5, seed=1)


def test_a_fast_tier_fault_is_an_internal_error_not_a_quiet_retry(monkeypatch):
    """Where the State tier plays on, a failure on the fast tier is the tier's own fault."""
    import basra_dsl.play.simulate as simulate

    def broken(game, bot, fast):
        if fast:
            def play(rng, first, carry):
                raise ValueError("a fault of the fast tier")
            return play
        return lambda rng, first, carry: simulate.play_hand(game, rng, first, carry, bot)[0]

    monkeypatch.setattr(simulate, "_hand_player", broken)
    with pytest.raises(AssertionError, match="the fast tier failed where the State tier did not"):
        simulate.simulate_hands(load_variant("egyptian"), 3, seed=1)


def test_compiled_bonus_rules_are_written_into_the_routine_not_called():
    source = compile_hands(load_variant("egyptian")).source
    assert "B0C(" not in source and "B1C(" not in source
    assert "(card not in B0C_S0)" in source and "B1C_S1.issuperset(before)" in source


@pytest.mark.parametrize("text, choose", [(None, "fewest"), ('variant one "One" extends egyptian\ncapture:\n  choose single\n', "single")])
def test_the_choice_rules_fewest_and_single_are_looked_up_not_resolved(tmp_path, text, choose):
    """Cirulla's 'choose fewest' (and the public Basra's 'single') keep their captures in the
    sums tables like 'largest': no card of theirs is sent to the resolver, and both tiers
    still play alike."""
    from basra_dsl.engine.fast.plan import COND_SWEEP, RESOLVE, make_plan
    if text is None:
        rules = load_variant("cirulla")
    else:
        (tmp_path / "one.basra").write_text(text, encoding="utf-8")
        rules = load_variant(str(tmp_path / "one.basra"))
    assert rules.choose == choose
    kinds = make_plan(rules).kinds
    assert all(kinds[card] % COND_SWEEP != RESOLVE for card in rules.deck)
    assert play_both(rules, 40, seed=11) > 0


def test_a_run_is_climbed_from_the_tables_captures():
    """Cuarenta's captures go on up a run: the routine climbs it from its own tables'
    captures (the resolver's ``with_runs``) instead of sending every card to the resolver."""
    from basra_dsl.engine.fast.plan import COND_SWEEP, RESOLVE, make_plan
    rules = load_variant("cuarenta")
    assert rules.run
    kinds = make_plan(rules).kinds
    assert all(kinds[card] % COND_SWEEP != RESOLVE for card in rules.deck)
    assert "WITH_RUNS(card, floor, opts)" in compile_hands(rules).source
    assert play_both(rules, 40, seed=12) > 0


@pytest.mark.parametrize("extra", ["", "capture:\n  choose fewest\n", "capture:\n  choose one\n",
                                   "capture:\n  choose single\n", "capture:\n  pairs first\n",
                                   "capture:\n  choose one\n  pairs first\n"])
def test_a_floor_card_of_several_values_is_read_from_the_tables_as_the_resolver_reads_it(tmp_path, extra):
    """Tablanette's floor ace (1 or 11): each reading of the floor's aces is looked up in the
    sums tables, under every choice rule, and both tiers still play alike."""
    path = tmp_path / "readings.basra"
    path.write_text(f'variant readings "Readings" extends tablanette\n{extra}', encoding="utf-8")
    rules = load_variant(str(path))
    assert "READ_CAPS(" in compile_hands(rules).source
    assert play_both(rules, 60, seed=13) > 0
