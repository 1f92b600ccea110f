"""Checks beyond the parser and the type checker: what a variant says that cannot be meant.

Each check is a generator of diagnostics over a merged variant that already loads without
errors (see ``language.loader.load``); ``lint`` runs them all, most basic first. They look at every
option assignment with every allowed player count (up to ``MAX_COMBINATIONS`` of them),
compile the rules for each and, for play conditions, evaluate the compiled functions over a
seeded sample of plays, as a brute-force model checker would:

- B701 a clause that never applies (a ``when`` that never holds, for any choice or play);
- B702 a card pattern that matches no card of the deck;
- B703 a rule shadowed by another (its cards are always taken by an earlier rule);
- B704 a deck too small for the deal at some player count;
- B705 a number out of range (a hand of 0 or a million cards, a negative target);
- B706 a majority without a tie policy where a tie can happen;
- B707 (in ``totals``) points per hand that do not add up to the ``total`` the variant claims;
- B708 a clause or option of a child stated exactly as its parent states it;
- B709 a variant that extends another and changes nothing;
- B710 an expression that fails when evaluated (a division by zero);
- B711 an override that changes a rule's points but restates only part of the parent's condition;
- B712 partners at a player count that cannot pair (two players as one side, an odd count);
- B713 a bonus that another bonus always outscores (a capture scores only its largest);
- B714 a new rule named one slip away from an inherited one (a misspelt override);
- B715 a sum compared while pictures, which add up as 0, can be among the cards;
- B716 a decider that no longer fits: inherited beside a new target, on a match of one game, or
  below the target (``shape``);
- B717 'tie extend' by nothing;
- B718 a hand, first floor or player count that leaves a short last deal where the parent's did not (in a
  variant of its own: where a hand size close to it deals evenly);
- B719 a card that two patterns of one 'points' clause both score (or a group a score rule counts too, or
  one card a new score rule pays for taking);
- B720 (in ``examples``) an examples file that names another variant;
- B721 a child's card points that replace the parent's whole list;
- B722 an option declared again with another kind of value than inherited clauses read;
- B723 a basra that scores a capture leaving cards on the floor;
- B724 a new bonus for cards the parent's bonuses keep from scoring ('played is 7' beside 'played is not 7D');
- B808 a play whose captures could be too many to list, or its largest capture too long to find;
- B727 (in ``placeholders``) a TODO, or a line 'basra new' wrote for the author, left where the page shows it;
- B730 to B733 and B750 (in ``shape``) the game's shape: an even 'best of', card points below zero, a target
  and a bonus out of proportion to what a hand holds (by a figure of hands the engine plays, ``figures``);
- B734 to B744 and B747 to B749 (in ``oddities``) rules that change the game past what a table expects: a lurch every
  win meets, a draw that grows the hand, cards that can never take, a sweep that always scores, a
  prime whose seven is not highest, a title against its condition, a picture worth a numeral's value,
  a sweep bonus barred from the whole last deal (B741), a top-card bar on a spread floor (B742), stacks no card can take (B743), a sweep only on the last play (B744).
- B751 (in ``alternatives``) a child's lines under a condition that replace every line the parent
  states for the clause, not only those they restate; B756 a child's line that plays none of the parent's
  choices of an option whose lines it replaces (the option then changes nothing); B757 an option that
  only turns the direction of play in a game of two;
- B753 (in ``doubles``) a score rule that adds a number to a count of cards taken ('2 + taken.count(spades)');
- B754 (in ``exclusions``) a bonus that leaves out a card which takes by no rule of its own ('played is not
  J | 7D' copied into a game without the seven's sweep); B758 'played is not J or played is 7D' where
  'played is not J | 7D' was meant;
- B752 (in ``defaults``) an option whose default is not the choice the file's words call the default;
- B746 (in ``drift``) a rule far from the one of its name in the game the file was written from
  (its parent, or the bundled game it copies);
- B759 (in ``parts``) splits() asking for more groups than the deck has cards for ('splits(floor, 9,
  2)', its numbers turned round);
- B760 (in ``copies``, asked by the checker only of a file where nothing else is found) a renamed
  copy of a bundled game with one to three rule lines changed, each shown beside the bundled one.

A warning the author means to keep is allowed where it stands by a note '#: allow BXXX: why' (``check.allow``).

B711 to B724 look for house rules that mean something other than what their author most
likely meant while every clause is valid on its own.

The checks live by what they read: ``static`` (clauses and option values), ``play`` (rules
tried on sampled plays), ``overrides`` (a child against its parent), ``captures`` (what
finding a play's captures may cost, counted over values); ``combinations`` holds
the option choices they share and reads the parts of a condition; ``parts`` names the
part of a condition that never holds (B701's help).
"""

from __future__ import annotations

from typing import Iterator

from ...diagnostics import Diagnostic, DiagnosticError, error
from ...language.compiler import compile_rules
from ...language.loader import chain_identity
from ...language.merge import Merged
from .captures import check_capture_costs
from .combinations import FAILURES, MAX_COMBINATIONS, Combination, combinations
from .overrides import (
    check_match_fit,
    check_near_names,
    check_option_kinds,
    check_overrides,
    check_partial_conditions,
    check_replaced_points,
    check_short_deals,
)
from .dealing import check_bars, check_dealing
from .shape import check_game_shape
from .totals import check_totals
from .oddities import check_oddities
from .drift import check_drift
from .suits import check_suit_words
from .alternatives import check_direction_of_two, check_lost_choices, check_replaced_alternatives
from .defaults import check_said_defaults
from .exclusions import check_exclusions, check_or_exclusion
from .doubles import check_added_counts, check_card_scored_twice, check_double_points, check_rule_double_points
from .placeholders import check_placeholders
from .play import check_bonus_plays, check_play_rules, check_shadowed
from .samples import sample_plays
from .static import (
    RANGES,
    check_constant_expressions,
    check_deck_size,
    check_excluded_cards,
    check_partners,
    check_patterns,
    check_ranges,
    check_static_guards,
    check_tie_extension,
    check_tie_policies,
)

__all__ = [
    "lint", "ancestor_errors", "compile_all", "Combination", "combinations", "MAX_COMBINATIONS", "RANGES", "sample_plays",
    "check_constant_expressions", "check_ranges", "check_deck_size", "check_totals", "check_tie_policies",
    "check_static_guards", "check_patterns", "check_shadowed", "check_play_rules", "check_overrides",
    "check_partners", "check_option_kinds", "check_partial_conditions", "check_near_names", "check_match_fit",
    "check_short_deals", "check_replaced_points", "check_tie_extension", "check_double_points",
    "check_excluded_cards", "check_bonus_plays", "check_dealing", "check_capture_costs", "check_placeholders",
    "check_bars", "check_suit_words", "check_game_shape", "check_oddities", "check_drift", "check_rule_double_points",
    "check_card_scored_twice", "check_replaced_alternatives", "check_said_defaults",
    "check_added_counts", "check_exclusions", "check_lost_choices", "check_direction_of_two", "check_or_exclusion",
]

# the checks that read compiled rules, in the order their findings are reported
CHECKS_OF_RULES = (check_deck_size, check_totals, check_partners, check_option_kinds, check_tie_policies,
                   check_static_guards, check_patterns, check_shadowed, check_play_rules, check_overrides,
                   check_partial_conditions, check_near_names, check_match_fit, check_short_deals,
                   check_replaced_points, check_tie_extension, check_double_points, check_excluded_cards,
                   check_bonus_plays, check_dealing, check_capture_costs, check_placeholders, check_bars,
                   check_suit_words, check_game_shape, check_oddities, check_drift,
                   check_rule_double_points, check_card_scored_twice, check_replaced_alternatives,
                   check_said_defaults, check_added_counts, check_exclusions, check_lost_choices,
                   check_direction_of_two, check_or_exclusion)
# those of them that can find an error without playing sampled plays
REFUSING_CHECKS = (check_deck_size, check_totals, check_partners, check_option_kinds, check_capture_costs,
                   check_bars, check_suit_words)


def lint(merged: Merged, sampled_play: bool = True) -> Iterator[Diagnostic]:
    """Yields every finding of the checks of this package, most basic first.

    With ``sampled_play=False`` it runs only the checks that can refuse a variant without
    playing (what a run command needs before it plays): no warnings-only checks and no
    rules tried on sampled plays.
    """
    for check in (check_constant_expressions, check_ranges):
        found = list(check(merged))
        yield from found
        if any(d.is_error for d in found):
            return  # the checks below compile and play rules built on the faulty number
    combos, refused = compile_all(merged)
    yield from refused
    if refused:
        return
    for check in CHECKS_OF_RULES if sampled_play else REFUSING_CHECKS:
        yield from check(merged, combos)


def ancestor_errors(merged: Merged) -> list[Diagnostic]:
    """Returns the errors the checks that need no play find in the nearest ancestor that has
    any (at its own lines), after a B403 at the child's ``extends``; else an empty list."""
    for ancestor in merged.ancestors():
        errors = _errors_of(ancestor)
        if errors:
            return [error("B403", f"the parent variant '{ancestor.name}' has errors", merged.variant.parent.span,
                          f"run: basra check {ancestor.variant.path}")] + errors
    return []


def _errors_of(ancestor: Merged) -> list[Diagnostic]:
    """Returns what ``lint`` finds in an ancestor without playing, once per state of its files:
    a folder of variants that extend one another checks each parent once, not once per child."""
    key = chain_identity(ancestor.chain)
    if key is None or key not in _ANCESTORS:
        errors = [d for d in lint(ancestor, sampled_play=False) if d.is_error]
        if key is None:
            return errors
        if len(_ANCESTORS) >= 256:
            _ANCESTORS.pop(next(iter(_ANCESTORS)))
        _ANCESTORS[key] = errors
    return _ANCESTORS[key]


_ANCESTORS: dict[tuple, list[Diagnostic]] = {}


def compile_all(merged: Merged) -> tuple[list[Combination], list[Diagnostic]]:
    """Returns each sampled option choice with its compiled rules, and, once each, the errors
    the compiler raised for some choice (such as a clause none of whose alternatives holds)."""
    combos, refused = [], {}
    for options in combinations(merged):
        try:
            rules = compile_rules(merged, options)  # looked up here, so a test can count the calls
        except DiagnosticError as exc:
            rules = None
            for diagnostic in exc.diagnostics:
                refused.setdefault((diagnostic.code, diagnostic.span), diagnostic)
        except FAILURES:
            rules = None  # check_constant_expressions reports these with their cause
        combos.append(Combination(options, rules))
    return combos, list(refused.values())
