"""The one registry of diagnostic codes: what each means, an example that triggers it, the fix.

Every code any part of basra-dsl emits is listed here (a test greps the package to make
sure) and in ``docs/diagnostics.md`` (another test compares). SARIF output takes each
rule's title and help from here. The hundreds group the stage:

- B1xx reading a variant file (syntax);
- B2xx names, types and clauses;
- B3xx options and player counts;
- B4xx the variant as a whole and its ``extends`` chain;
- B5xx YAML and JSON documents: records, examples;
- B6xx worked examples and simulations on the engine;
- B7xx lints: what a variant says that cannot be meant;
- B9xx basra itself.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Code:
    code: str
    severity: str  # the usual severity: error or warning
    title: str
    example: str  # a snippet (or a situation) that triggers it
    fix: str


_CODES = [
    # ---------------------------------------------------------------- B1xx syntax
    Code("B100", "error", "syntax error", "setup:\n  players 2 4", "Write what the message says was expected (here: `players 2, 4`)."),
    Code("B101", "error", "missing colon", "setup\n  deck 52", "Put `:` after a section name, a rule name or an option name: `setup:`."),
    Code("B102", "error", "unknown or misspelled word", "setup:\n  dek 52", "Use the suggested word (`deck`); the message lists the words allowed there."),
    Code("B103", "error", "unbalanced bracket", "basra:\n  a: 10 when (cleared", "Close every `(` with a `)` on the same line, and remove stray `)`."),
    Code("B104", "error", "letter in a number", "setup:\n  hand 1O", "Write digits: `10` with a zero, not the letter O; `1`, not the letter l."),
    Code("B105", "error", "empty or unfinished file", "(an empty file)", "Start with `variant NAME \"Title\"` and finish the last statement."),
    Code("B106", "error", "unclosed quoted text", "variant x \"Title", "Close the text with `\"` on the same line."),
    Code("B107", "error", "character the language does not use", "setup:\n  hand ７", "Retype it in plain ASCII: lookalike digits (`７`), invisible marks (U+200F) and curly quotes are refused."),
    Code("B108", "error", "not a text file", "(a binary or non-UTF-8 file)", "Save the variant as UTF-8 text."),
    Code("B109", "error", "option without a default", "option target: 101 | 121", "End the choices with `= DEFAULT`: `option target: 101 | 121 = 101`."),
    Code("B110", "error", "capture rule without 'takes'", "capture:\n  jack: J all", "Write `NAME: CARDS takes rank|sums|all`, such as `jack: J takes all`."),
    Code("B111", "error", "missing 'variant' line", "setup:\n  deck 52", "Begin the file with `variant NAME \"Title\"`."),
    Code("B112", "error", "file cannot be read", "basra check missing.basra", "Check the path and the file's permissions; a folder must hold .basra files."),
    Code("B113", "error", "rule named after a keyword", "capture:\n  match: J takes all", "Rename the rule (`match_rule:`); keywords such as `match`, `score`, `choose` cannot name rules."),
    Code("B114", "error", "nested too deeply", "basra:\n  a: ((((((...(1)...))))))  # more than 100 levels", "Split the expression into simpler ones; no real rule needs such depth."),
    Code("B115", "error", "number too large", "game:\n  first to 1000000000000000000000", "Numbers have at most 15 digits."),
    Code("B116", "warning", "byte-order mark", "(a file saved as UTF-8 with BOM)", "Save as UTF-8 without a BOM; `basra fmt` removes it."),
    Code("B117", "error", "link leads outside the folder", "basra fmt rules/  # rules/x.basra -> /etc/x.basra", "Format the file where it really is, or replace the link by the file itself: `fmt` writes only inside the folders it is given."),
    Code("B118", "error", "file cannot be written", "basra fmt read-only.basra", "Check the folder's free space and permissions; the original file is left as it was."),
    Code("B119", "error", "operator or word from another language", "basra:\n  a: 10 when played == 7D", "Write the language's own word: `is` tests a card (`played is 7D`), `==` compares numbers and words, and conditions are joined with `and`, `or`, `not` and start with `when`."),
    Code("B120", "error", "cards listed another way", "basra:\n  a: 10 when played is 7D, JD", "Join the cards of a list with `|`: `played is 7D | JD`; `or` and `and` join whole conditions."),
    Code("B121", "error", "clause in the wrong section", "capture:\n  pair: any takes rank\n  hand 6", "Move the line under the section the message names (`hand` belongs under `setup:`); `option` lines come before the sections, header lines right after the `variant` line."),
    Code("B123", "error", "two clauses on one line", "setup:\n  hand 4 deal batches", "Put each clause on a line of its own: `hand 4`, then `deal batches` below it."),
    Code("B124", "error", "option choices separated by commas", "option target: 101, 121 = 101", "Separate the choices with `|`: `option target: 101 | 121 = 101`."),
    Code("B125", "error", "punctuation written another way", "setup:\n  hand 4\ngame:\n  first to: 101", "Write the line as the help gives it: plain keyboard signs, double quotes, commas between entries, '#' for a comment, no colon after a clause's words, each statement on one line."),
    Code("B122", "error", "broken 'variant' line", "variant my game \"My Game\"", "Write `variant NAME \"Title\"`, optionally followed by `extends PARENT`: a name without spaces (`my_game` or `my-game`), the title in straight double quotes."),
    # ---------------------------------------------------------------- B2xx names and types
    Code("B201", "error", "unknown name", "basra:\n  a: 10 when clered", "Use a known name (`cleared`), an option, or declare the option."),
    Code("B202", "error", "unknown attribute", "basra:\n  a: 10 when floor.summ > 10", "Use an attribute the value has (`floor.sum`)."),
    Code("B203", "error", "unknown function or wrong arguments", "basra:\n  a: valu(played)", "Use `value(CARD, RANK=N)` or `splits(CARDS, GROUPS, MAX_SUM)`."),
    Code("B204", "error", "unknown card, rank or kind of card", "capture:\n  queen: Qx takes rank", "Ranks are A 2-10 T J Q K, cards add a suit (7D, 10♦), kinds are numeral, picture, any."),
    Code("B205", "error", "wrong type", "basra:\n  a: 10 when floor", "Give the kind of value the place needs, such as `floor.count > 0` or `floor has J`."),
    Code("B206", "error", "clause stated twice", "setup:\n  hand 4\n  hand 6", "State a clause once, or give every alternative but the last a `when`."),
    Code("B207", "error", "rule name used twice", "capture:\n  a: J takes all\n  a: 7D takes all", "Give each rule its own name."),
    Code("B208", "error", "nothing to drop", "capture:\n  drop pari", "Drop a clause the parent has, by its name (`drop pair`)."),
    Code("B209", "error", "unknown majority", "score:\n  most card 30", "Count `cards`, `clubs`, `diamonds`, `hearts` or `spades`."),
    Code("B210", "error", "total on a capture that adds nothing up", "capture:\n  pair: any takes rank to 15", "Only `takes sums` adds up: write `takes sums to 15`, or remove `to ...`."),
    Code("B211", "error", "prime without values, or values on a count", "score:\n  most prime 1", "Give the prime what each card counts toward it (`most prime 1: 7 21, 6 18, A 16, ...`); other majorities count cards and take no list."),
    Code("B212", "error", "'but' on a capture that takes no whole floor", "capture:\n  pair: any takes rank but K", "Only `takes all` sweeps the floor: write `jack: J takes all but Q | K`, or remove `but ...`."),
    Code("B213", "error", "builds beside rules they cannot work with", "capture:\n  raise others", "Add a build rule (`build: numeral builds`) before saying how builds work; builds need a spread floor and captures by rank or plain sums."),
    Code("B214", "error", "'floor first' without a rule that takes a pile", "capture:\n  pair: any takes rank\n  floor first", "Add a rule that takes an opponent's pile (`steal: any takes pile`), or remove `floor first`."),
    Code("B215", "error", "a run that is not a climb of ranks", "capture:\n  run A 2 7D", "List ranks only, each once, lowest first as the run climbs: `run A 2 3 4 5 6 7 J Q K`; builds do not go with runs."),
    # ---------------------------------------------------------------- B3xx options
    Code("B301", "error", "unknown option", "basra compile egyptian -o traget=121", "Use one of the variant's options: the help line names the closest, or lists them all; `basra docs show VARIANT` describes each under Options."),
    Code("B302", "error", "value not allowed", "basra compile egyptian -o target=99", "Choose one of the option's choices, or an allowed player count."),
    Code("B303", "error", "default not among the choices", "option target: 101 | 121 = 100", "Make the default one of the choices."),
    Code("B304", "error", "option declared twice", "option a: 1 | 2 = 1\noption a: 3 = 3", "Declare each option once."),
    Code("B305", "warning", "option never used", "option silly: yes | no = no", "Use the option in a clause or a `when`, or remove it."),
    Code("B306", "error", "option with a built-in name", "option players: 2 | 4 = 2", "Rename the option; list player counts with `players` in setup."),
    Code("B307", "error", "option mixes kinds of value", "option a: 1 | yes = 1", "Use all numbers, all yes/no or all words."),
    Code("B309", "error", "choice with a built-in name", "option way: right | left = right", "Name the choice otherwise (`to_left`) and compare the option with that name: a condition reads `left` as the floor left after a play."),
    Code("B308", "warning", "choice listed twice", "option a: 1 | 1 = 1", "List each choice once."),
    # ---------------------------------------------------------------- B4xx the variant
    Code("B401", "error", "unknown variant", "variant x extends egyptain", "Name a bundled variant (`basra variants`) or a file beside this one."),
    Code("B402", "error", "circular 'extends'", "variant a extends b  # and b extends a", "Break the circle: a variant cannot be its own ancestor."),
    Code("B403", "error", "parent has errors", "variant x extends broken", "Fix the parent first: `basra check PARENT`."),
    Code("B404", "error", "something required is missing", "(a variant without a hand size)", "Add the clause the help line gives, such as `hand 4` or a capture rule."),
    Code("B405", "error", "unsupported deck or player count", "setup:\n  deck 36", "Use `deck 52` or `deck 40` (remove cards with `without`) and 2 to 8 players."),
    Code("B406", "error", "player counts with a condition", "setup:\n  players 2, 4 when target == 121", "List every player count once, without `when`: options and other clauses may depend on `players`, not the other way round."),
    Code("B407", "warning", "variant name differs from its file name", "variant cairo  # in cafe.basra", "Rename the file or the variant: 'extends', records and the CLI find a variant by its file name."),
    # ---------------------------------------------------------------- B5xx documents
    Code("B501", "error", "document breaks its schema", "examples:\n  - name: x\n    floor: [7X]", "Follow the schema named in the help line (its `$id` is in the docs)."),
    Code("B502", "error", "card not in the deck", "(a record dealing QH in a deck without queens)", "Deal only cards of the variant's deck."),
    Code("B503", "error", "card dealt twice", "(a record dealing 7D to two seats)", "Deal each card once."),
    Code("B504", "error", "card not held", "(a record playing a card the seat was not dealt)", "Play only cards dealt to that seat."),
    Code("B505", "error", "illegal capture", "(a record taking cards the rules do not allow)", "Take what the rules allow; the message lists the legal captures."),
    Code("B506", "error", "capture must be named", "(a record playing 9H where it can take 5C 4S or 5D 4S)", "Write the play as `{card: 9H, capture: [5C, 4S]}`."),
    Code("B507", "error", "hand over or unfinished", "(a record with plays after the last card)", "Play every dealt card, and no more."),
    Code("B508", "error", "not valid YAML or JSON", "examples: [", "Fix the document's syntax at the position given."),
    Code("B509", "error", "seats do not fit the players", "(a record with three hands for two players)", "Set `players` in the record, or give one hand per seat."),
    # ---------------------------------------------------------------- B6xx examples and simulations
    Code("B601", "error", "worked example not borne out", "expect: {takes: [7H], basra: 10}", "Correct the example or the rule; the message says what the engine did."),
    Code("B602", "error", "invariant broken in simulation", "basra check --simulate 100", "Replay the seed the message names; the note gives the first failing play."),
    Code("B603", "error", "engine failed in simulation", "basra check --simulate 100", "Replay the seed the message names and report it with the variant."),
    Code("B604", "error", "example names an unknown rule", "examples:\n  - name: a seven pairs a seven\n    rule: pairs", "Name a rule or clause of the variant (`pair`, `sum`, `clear`, `most_cards`, `choose`, `compulsory`, ...); the help line suggests the closest."),
    Code("B605", "warning", "examples of a variant that does not load", "house.examples.yaml open beside a house.basra with an error", "Fix the variant's findings; its examples are played once it loads."),
    # ---------------------------------------------------------------- B7xx lints
    Code("B701", "warning", "clause never applies", "basra:\n  a: 10 when cleared and floor.count == 0", "Correct the condition (here a cleared floor is never empty before the play) or remove the clause."),
    Code("B702", "warning", "pattern matches no card of the deck", "setup:\n  deck 52 without Q\ncapture:\n  queen: Q takes rank", "Remove the clause or change the deck."),
    Code("B703", "warning", "rule shadowed by another", "capture:\n  jacks: J takes all\n  knaves: J takes rank", "Remove the idle rule, or give it a `when`, or narrow the other one."),
    Code("B704", "error", "deck too small for the deal", "setup:\n  players 2, 4\n  hand 14", "Deal fewer cards at that player count (`hand 6 when players == 4`) or drop the count."),
    Code("B705", "error", "number out of range", "setup:\n  hand 0", "Use a count a deck can hold: a hand of 1 to 52 cards, a target of at least 1."),
    Code("B706", "warning", "majority without a tie policy", "score:\n  most cards 30", "Say what a tie does: `most cards 30 tie carry` (or `tie nobody`, `tie each`)."),
    Code("B707", "error", "points do not add up to the total", "score:\n  most cards 30\n  points J 1\n  total 43", "Correct `total` to the sum the message gives, or the points that make it up."),
    Code("B708", "warning", "clause overrides nothing", "variant x extends egyptian\nsetup:\n  hand 4", "Remove it: a child inherits what its parent states."),
    Code("B709", "warning", "variant changes nothing", "variant x extends egyptian", "State what differs, or make the name an alias of the parent."),
    Code("B710", "error", "expression cannot be worked out", "basra:\n  a: 10 / (floor.count - 1) when cleared", "Guard the expression so it never divides by zero."),
    Code("B711", "warning", "override keeps only part of the parent's condition", "variant x extends egyptian\nbasra:\n  clear: 20 when cleared  # egyptian: when cleared and played is not J | 7D", "Keep the parent's whole condition with the new points (`clear: 20 when cleared and played is not J | 7D`), or write a condition of your own."),
    Code("B712", "error", "partners that cannot pair", "setup:\n  players 2, 4\n  partners", "Partner only at even counts above two: `partners when players == 4`."),
    Code("B713", "warning", "bonus never the largest", "variant x extends egyptian\nbasra:\n  ten: 5 when cleared and played is 10  # 'clear' scores 10 on the same captures", "Bonuses of one capture do not add up: give the rule the total (`ten: 15 when cleared and played is 10`)."),
    Code("B714", "warning", "new rule named like an inherited one", "variant x extends egyptian\nbasra:\n  clera: 15 when cleared", "Use the inherited rule's name to override it (`clear:`), or a name that is clearly different."),
    Code("B715", "warning", "sum compared where pictures count 0", "basra:\n  seven: 10 when played is 7D and floor.sum < 10", "Keep the cards to numerals where pictures should not count: `floor only numeral and floor.sum < 10`."),
    Code("B716", "warning", "decider does not fit the match", "variant x extends egyptian\ngame:\n  first to 61  # the decider is still egyptian's 150", "State a decider for the new target (`decider 90`) or `drop decider`; a match of one game needs no decider."),
    Code("B717", "warning", "tie extends the target by nothing", "game:\n  tie extend", "Say by how much: `tie extend 20`."),
    Code("B718", "warning", "short last deal", "variant x extends egyptian\nsetup:\n  hand 5  # 48 cards do not divide into deals of 2 × 5", "Deal a hand size that divides the pack (the help lists them), or give that player count its own `hand ... when players == N`."),
    Code("B719", "warning", "card counted twice in points", "score:\n  points J 1, JD 2  # the jack of diamonds scores 3", "Leave the card out of the broader pattern: `points J except JD 1, JD 2`."),
    Code("B720", "error", "examples file names another variant", "variant: egyptian  # in house.examples.yaml beside house.basra", "Name the variant the file lies beside, and check each example against its rules."),
    Code("B721", "warning", "card points replace the parent's list", "variant x extends egyptian\nscore:\n  points JD 2  # J, A, 2C and 10D no longer score", "Restate the parent's list with the new card: `points J 1, A 1, 2C 2, 10D 3, JD 2` (and the total)."),
    Code("B722", "error", "option declared with another kind of value", "variant x extends egyptian\noption jack_on_jack: 30 | 20 = 30  # egyptian reads it as yes/no", "Keep the kind of value the parent's clauses read, and give a new setting its own name."),
    Code("B723", "warning", "basra scores a capture that leaves cards", "basra:\n  ace: 20 when played is A", "Say that the capture clears the floor: `ace: 20 when cleared and played is A`."),
    Code("B724", "warning", "new bonus for cards the parent keeps from scoring", "variant x extends egyptian\nbasra:\n  sevens: 15 when cleared and played is 7  # egyptian: played is not J | 7D", "Leave those cards out (`played is 7 except 7D`), or name them if they should score."),
    Code("B725", "warning", "dealing rule without a first floor", "setup:\n  hand 4\ndealing:\n  redeal when floor.count(K) >= 3  # no 'start floor': nothing is judged", "Deal a first floor (`start floor 4` under setup:), or remove the rule."),
    Code("B726", "warning", "redeal voids most deals", "dealing:\n  redeal when floor has numeral  # nearly every floor", "Void only rare floors, as the sources do: `redeal when floor.count(K) >= 3`."),
    Code("B727", "warning", "placeholder text left in", "variant house \"House\" extends egyptian\nabout \"TODO: one line on what makes House what it is.\"", "Write your own words where the page would print the placeholder: for `about`, one line on what makes the variant what it is; for a `source` or an example's `cite`, the account you wrote it from; above `variant`, where the game is played and the accounts you wrote it from. A comment that begins `#:` is a note to yourself that no page shows."),
    Code("B732", "warning", "a target out of proportion to a hand", "score:\n  total 43\ngame:\n  first to 100000  # about 4,650 hands", "Play to a target a table reaches in an evening (a few hands to a few dozen), or say 'hands 1' for a single hand."),
    Code("B733", "warning", "a bonus out of proportion to a hand", "score:\n  total 43\nbasra:\n  clear: 1000 when cleared  # 23 hands' points at one capture", "Give the bonus points in proportion to what a hand's cards hold (the message says how many); a bonus of the bundled games is worth at most about a hand."),
    Code("B734", "warning", "a lurch every win meets", "game:\n  first to 61\nmatch:\n  lurch 2 below 61", "Set the lurch's line well below the target (`lurch 2 below 31`): it is for a loser left far behind."),
    Code("B735", "warning", "a draw that grows the hand", "setup:\n  draw 4", "Draw one card after each play (`draw 1`) to keep the hand at its size."),
    Code("B736", "warning", "cards that can never take", "capture:\n  drop pair  # queens and kings add up to nothing: they take nothing now", "Let a card take the cards of its rank (`pair: any takes rank`), or give the pictures values."),
    Code("B737", "warning", "a sweep that always scores", "capture:\n  seven: 7 takes all  # every seven sweeps, and the basra scores it", "Leave the sweeping card out of the bonus (`and played is not 7`), as the bundled games leave out the jacks."),
    Code("B738", "warning", "a prime whose seven is not highest", "score:\n  most prime 1 tie nobody: 7 12, 6 18, A 16, 5 15, 4 14, 3 13, 2 12, picture 10", "Rank the prime 7, 6, A, 5, 4, 3, 2 from the top (`7 21`)."),
    Code("B739", "warning", "a title that says the opposite of its condition", "basra:\n  seven \"Seven on ten or less\": 10 when played is 7D and floor.sum >= 10", "Turn the comparison round (`floor.sum <= 10`), or correct the title."),
    Code("B740", "warning", "a picture worth a numeral's value", "setup:\n  deck 52\n  values J 8, Q 9, K 10", "Play the pack without those numerals (`deck 40`), or give the pictures other values."),
    Code("B741", "warning", "a sweep bonus barred from the whole last deal", "basra:\n  sweep: 1 when cleared and not last_deal", "Write `not last` to bar only the hand's last play, as the usual rule does; where the whole deal is meant, say so in a note above the rule: `#: allow B741: why`."),
    Code("B742", "warning", "a top-card bar on a spread floor", "setup:\n  floor spread\n  start floor 4 without top J: dealer", "Stack the floor (`floor stack`) where only the top card counts, or bar the cards without `top`."),
    Code("B743", "warning", "stacks no card can take", "variant x extends zwicker\ncapture:\n  stacks to 40", "Stack no higher than the highest card's value (`stacks to 14`): a stack is taken by a card of its value."),
    Code("B744", "warning", "a sweep bonus only on the last play", "basra:\n  sweep: 1 when cleared and last", "Write `not last` to keep the hand's last play from scoring it, as the usual rule does."),
    Code("B746", "warning", "a rule far from the one it was written from", "variant x extends xeri\nbasra:\n  xeri: 10 when floor.count == 1 or played.rank == floor.lone.rank", "Compare the rule with the parent's or the copied game's (the help shows it, and the word that differs where one does): an 'and' become 'or', a comparison turned round, a 'not' lost, a capture rule that takes otherwise ('takes all' for 'takes rank'). Capture and basra rules, restrictions and first-floor rules are compared on sampled plays or floors; a rule that never holds where the other does is named too. If the change is meant, keep it and say so: `#: allow B746: why`."),
    Code("B749", "warning", "a bonus dropped whose card still sweeps", "variant x extends egyptian\nbasra:\n  drop seven", "Drop the capture rule of that name too (`drop seven` under `capture:`) to make the card an ordinary one; if only the bonus is to go, keep it and say so: `#: allow B749: why`."),
    Code("B756", "warning", "a child's line that plays none of an option's choices", "variant house \"House\" extends casino\ncapture:\n  raise never  # casino plays 'raise others' or 'raise any', as raise_own says", "Write the line of the choice your table plays (`raise others` keeps players from raising their own builds), or restate the parent's lines with yours under its choice: otherwise the option stays on the page and changes nothing."),
    Code("B757", "warning", "a direction option in a game of two", "variant house \"House\" extends egyptian\noption way: right | to_left = right\nsetup:\n  players 2\n  direction clockwise when way == to_left\n  direction anticlockwise", "With two players the turns alternate whichever way play goes: remove the option and its `direction` lines, or let more players play."),
    Code("B758", "warning", "'is not' joined by 'or' to the card it meant to leave out", "basra:\n  clear: 10 when cleared and played is not J or played is 7D", "To leave out both cards, list them in one test: `played is not J | 7D`."),
    Code("B759", "warning", "splits() asking for more groups than the deck can make", "variant house \"House\" extends yemeni\nbasra:\n  seven: 10 when played is 7D and (floor.sum <= 10 or splits(floor, 9, 2))", "Each group holds a card worth at most the largest sum, so the groups cannot outnumber such cards: write the number of groups first, then the largest sum (`splits(floor, 2, 9)`)."),
    Code("B760", "warning", "a copy of a bundled game with a few rule lines changed", "variant house \"House\"\n# (a copy of pishti.basra, renamed, with 'top' left out of its first floor)\nsetup:\n  start floor 4 without J: dealer", "Read each changed line beside the bundled one: a slip shows there. A change you mean reads better as a child that extends the bundled game with only the changed lines, whose page lists them as differences; or keep the copy and say why with `#: allow B760: why`."),
    Code("B755", "warning", "a majority that asks for more than half", "variant house \"House\" extends palestinian\nscore:\n  most cards 3 at least 27 tie nobody  # 44 cards: more than half is 23", "Ask for more than half of the cards counted (`at least 23` of 44): a number copied from a bigger pack leaves the side with the most unpaid."),
    Code("B754", "warning", "a bonus that leaves out a card with no sweep of its own", "variant house \"House\" extends lebanese\nbasra:\n  clear: 10 when cleared and played is not J | 7D  # lebanese's seven of diamonds has no sweep", "Leave out only the cards that take the whole floor by a rule of their own (`played is not J`): the others clear the floor the hard way, by pairing or adding up."),
    Code("B753", "warning", "a number added to a count of cards", "variant house \"House\" extends spade-casino\nscore:\n  spades \"Spades\": 2 + taken.count(spades)", "Multiply for so much a card (`2 * taken.count(spades)`); to pay the number only with some of the cards, say so with `when`."),
    Code("B752", "warning", "a default the file's words say otherwise", "variant house \"House\" extends palestinian\nabout \"Palestinian Basra played to 151 by default, 101 by agreement.\"\n\noption target: 151 | 101 = 101 \"points that win a game\"", "The default is the choice after `=`, not the first listed: write `= 151`, or correct the text."),
    Code("B751", "warning", "a child's lines that replace all of the parent's for a clause", "variant house \"House\" extends bastra\ngame:\n  tie extend 30 when tie_break == extend  # bastra's 'tie draw' and 'tie replay' lines are gone", "Restate below yours the parent's lines you keep (`tie draw when tie_break == draw`, `tie replay`): a child's lines for a clause replace all of the parent's."),
    Code("B750", "warning", "a target a single hand never plays to", "game:\n  hands 1\n  first to 5", "Keep one of the two: `first to` for a game played until a side reaches it, `hands 1` for a game of one hand."),
    Code("B747", "warning", "a count compared with zero", "capture:\n  ace: A takes all when floor.count(A) >= 0", "A count is never below zero: write `== 0` for none, `>= 1` for one or more."),
    Code("B748", "warning", "a majority out of reach", "score:\n  most clubs 7 at least 17", "Ask for no more cards than the pack holds of them (`at least 7`)."),
    Code("B731", "warning", "cards that score below zero", "score:\n  points QS -13", "Keep it if the card is a penalty; else give it 0 or more points."),
    Code("B730", "warning", "a match that can end level", "match:\n  best of 4", "Play best of an odd number (`best of 5`), or a decider."),
    Code("B729", "error", "a suit named as another pack names it", "variant house \"House\" extends egyptian  # a French pack\nscore:\n  most coins 1  # its diamonds\n  total 44", "Name the suits as the variant's pack does (`most diamonds 1`), or change the pack with `suits italian`."),
    Code("B728", "error", "the first floor's bar leaves too few cards", "setup:\n  start floor 4 without any: bury  # every card barred", "Bar only the cards the sources keep off the first floor (`without J: bury`), so enough of the pack may lie there."),
    # ---------------------------------------------------------------- B8xx limits
    Code("B801", "error", "file too large", "(a 5 MB variant, examples file or record)", "Split the file: a variant may be 256 kB, an examples file or a record 4 MB."),
    Code("B802", "error", "too many clauses", "(a variant with 2,000 capture rules)", "State fewer rules: a variant may hold 500 clauses and 64 options."),
    Code("B803", "warning", "more findings than are shown", "(a file with 300 mistakes)", "Fix the findings shown and check again: each file shows at most 100."),
    Code("B804", "error", "record or examples file too large", "(a record of 10,000 hands)", "Split the file: a record may hold 1,000 hands of 1,000 plays each, an examples file 1,000 examples."),
    Code("B805", "error", "'extends' chain too long", "(a variant with 40 ancestors)", "Extend a variant nearer the root: a chain may be 16 variants long."),
    Code("B806", "error", "condition too large", "basra:\n  a: 10 when played is 2 or played is 3 or ...  # 3,000 terms", "Write the condition with card lists (`played is 2 | 3 | 4`) or split the rule: an expression may have 1,000 parts."),
    Code("B807", "error", "record names a variant outside its folder", "variant: ../../etc/passwd", "Name the variant (`egyptian`) or a .basra file in the record's own folder or below it."),
    Code("B808", "error", "captures too many or too long to find", "variant uniform \"Uniform\" extends egyptian\nsetup:\n  values any 1\n  played values any 24\ncapture:\n  choose one  # 24 of 52 cards worth 1: 4 x 10^14 sets", "Give the cards more varied values, or the card played a smaller target: with every card of the pack on the floor, one play may offer at most 16,384 captures, and the search for the largest capture may take 12 million steps and keep a million positions (24 million steps for all of a variant's targets)."),
    # ---------------------------------------------------------------- B9xx
    Code("B900", "error", "internal error", "(a crash inside basra)", "Report it with the file that caused it; the other files are still checked."),
]

CODES: dict[str, Code] = {c.code: c for c in _CODES}


def describe(code: str) -> Code | None:
    """Returns the registry entry of a code, or None."""
    return CODES.get(code)


def markdown() -> str:
    """Returns the diagnostics page (docs/diagnostics.md) generated from the registry."""
    lines = ["# Diagnostics", "",
             "Every finding of `basra check` (and of `compile`, `replay`, `simulate`) carries a stable",
             "code. This page lists each one with an example that triggers it and its fix. It is",
             "generated from `basra_dsl/diagnostics/codes.py` (`python -m basra_dsl.diagnostics.codes > docs/diagnostics.md`);",
             "a test keeps the two in step.", "",
             "| group | stage |", "| --- | --- |",
             "| B1xx | reading a variant file (syntax) |", "| B2xx | names, types and clauses |",
             "| B3xx | options and player counts |", "| B4xx | the variant as a whole and `extends` |",
             "| B5xx | YAML and JSON documents (records, examples) |",
             "| B6xx | worked examples and simulations |", "| B7xx | lints: what cannot be meant |",
             "| B9xx | basra itself |", "",
             "Warnings do not fail `basra check`; errors make it exit 1. A warning you mean to keep is",
             "allowed where it stands by a note on its line or in the comments just above it:",
             "`#: allow B741: the sources bar the whole last round` (a `#:` note is never published).", ""]
    for entry in _CODES:
        lines += [f"## {entry.code}", "", f"**{entry.title}** ({entry.severity})", "", "Example:", "",
                  "```basra" if is_basra_example(entry.example) else "```text", entry.example, "```", "",
                  f"Fix: {entry.fix}", ""]
    return "\n".join(lines)


def is_basra_example(example: str) -> bool:
    return not example.startswith(("(", "basra ", "expect", "examples"))


if __name__ == "__main__":  # pragma: no cover
    print(markdown(), end="")
