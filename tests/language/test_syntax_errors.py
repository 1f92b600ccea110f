"""Syntax errors in card players' words: each label, recovery, and the odd inputs."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from helpers import syntax_errors

from basra_dsl.diagnostics import DiagnosticError
from basra_dsl.language.grammar import lark_parser
from basra_dsl.language.parser import parse
from basra_dsl.language.syntax.explain import LABELLED, MAX_DEPTH, grammar_words, keywords

HEAD = 'variant x "X"\n'


errors = syntax_errors


def first(text: str):
    return errors(text)[0]


# Every label (and the recognisers beside match_examples) with a snippet it must name.
CASES = {
    "missing-colon": (HEAD + "setup\n  deck 52\n", "B101", "section header needs a colon"),
    "rule-colon": (HEAD + "capture:\n  pair any takes rank\n", "B101", "rule needs a colon"),
    "option-colon": (HEAD + "option target 101 | 121 = 101\n", "B101", "option needs a colon"),
    "option-default": (HEAD + "option target: 101 | 121\n", "B109", "needs a default"),
    "unbalanced": (HEAD + "basra:\n  a: 10 when (cleared\n", "B103", "not closed"),
    "stray-close": (HEAD + "basra:\n  a: 10 when cleared)\n", "B103", "no opening one"),
    "takes-what": (HEAD + "capture:\n  a: J takes floor\n", "B110", "must say what the card takes"),
    "takes-missing": (HEAD + "capture:\n  a: J all\n", "B110", "needs 'takes'"),
    "missing-variant": ("setup:\n  deck 52\n", "B111", "starts with its 'variant' line"),
    "bad-number": (HEAD + "setup:\n  hand 1O\n", "B104", "'1O' is not a number"),
    "string": ('variant x "X\n', "B106", "quoted text is not closed"),
    "misspelled": (HEAD + "setup:\n  dek 52\n", "B102", "'dek' is not a clause of the setup section"),
    "keyword-rule": (HEAD + "capture:\n  match: J takes all\n", "B113", "'match' is a keyword"),
}


def test_every_label_has_a_case():
    assert set(CASES) == set(LABELLED)


@pytest.mark.parametrize("label", sorted(CASES))
def test_label(label):
    text, code, words = CASES[label]
    found = first(text)
    assert found.code == code == LABELLED[label][0]
    assert words in found.message
    assert found.span.line >= 1 and found.span.column >= 1


def test_labelled_examples_still_fail_in_their_state():
    # If the grammar changes, a label's examples must still be syntax errors.
    for label, (_, _, _, examples) in LABELLED.items():
        for example in examples:
            with pytest.raises(DiagnosticError):
                parse(example)


def test_did_you_mean_for_a_clause_a_section_and_a_choice():
    assert first(HEAD + "setup:\n  dek 52\n").help == "did you mean 'deck'?"
    section = first(HEAD + "captur:\n  pair: any takes rank\n")
    assert section.code == "B102" and "not a section" in section.message and "'capture'" in section.help
    choice = first(HEAD + "capture:\n  pair: any takes rnk\n")
    assert choice.code == "B102" and "'rank'" in choice.help and "'sums'" in choice.message


@pytest.mark.parametrize("word", ["score", "choose", "end", "game"])
def test_rule_named_after_a_keyword(word):
    section = "basra" if word != "choose" else "capture"
    found = first(HEAD + f"{section}:\n  {word}: 10 when cleared\n" if section == "basra"
                  else HEAD + f"capture:\n  {word}: J takes all\n")
    assert found.code == "B113" and f"'{word}'" in found.message and f"{word}_rule" in found.help


def test_a_rule_named_after_a_choice_word_is_fine():
    parse(HEAD + "setup:\n  deck 52\n  players 2\n  hand 4\ncapture:\n  all: J takes all\ngame:\n  first to 101\n")


def test_unknown_rank_is_named():
    from basra_dsl.language.semantics import check_file
    variant = parse(HEAD + "capture:\n  a: Z takes rank\n  b: 1O takes rank\n")
    found = list(check_file(variant))
    assert [d.code for d in found] == ["B204", "B204"]
    assert "unknown rank 'Z'" in found[0].message
    assert "'1O'" in found[1].message and found[1].help == "a letter stands where a digit belongs: write 10"


def test_expected_words_are_not_terminal_names():
    found = first(HEAD + "setup:\n  players 2 :\n")
    assert found.code == "B100"
    assert "expected ',', 'when' or the end of the line" in found.message
    for name in ("NAME", "PATTERN", "_NL", "COMMA", "__ANON"):
        assert name not in found.message


@pytest.mark.parametrize("line, fixed", [
    ("  players 2 3 4", "players 2, 3, 4"),  # a list's commas, each put back
    ("  start floor 4 without J bury", "start floor 4 without J: bury"),  # the colon before an action
])
def test_what_the_parser_stopped_for_is_put_back(line, fixed):
    found = first(HEAD + "setup:\n" + line + "\n")
    assert (found.code, found.help) == ("B125", f"write: {fixed}")


@pytest.mark.parametrize("line, fixed", [
    ("  a: 3 when taken.run(AD | 2D | 3D == 3", "a: 3 when taken.run(AD | 2D | 3D) == 3"),  # a call's, before its comparison
    ("  a: 10 when (cleared and floor.count == 1", "a: 10 when (cleared and floor.count == 1)"),  # a group's, at the end
])
def test_a_bracket_left_open_is_closed_where_it_ends(line, fixed):
    found = first(HEAD + "basra:\n" + line + "\n")
    assert (found.code, found.help) == ("B103", f"write: {fixed}")


def test_every_terminal_has_words():
    words = grammar_words(lark_parser())
    for terminal in lark_parser().terminals:
        if terminal.name.startswith("__IGNORE") or terminal.name == "COMMENT":
            continue
        assert terminal.name in words, terminal.name
    assert {"deck", "takes", "rank", "spread"} <= keywords(lark_parser())


def test_recovery_reports_every_error_once_in_order():
    text = (HEAD + "setup\n  dek 52\n  hand 1O\ncaptur:\n  pair: any takes rnk\n  match: J takes all\n"
            "basra:\n  a: 10 when (cleared\n  b: 10 when cleared)\n")
    found = errors(text)
    assert [d.code for d in found] == ["B101", "B102", "B104", "B102", "B102", "B113", "B103", "B103"]
    assert [d.span.line for d in found] == [2, 3, 4, 5, 6, 7, 9, 10]


def test_recovery_is_bounded():
    text = HEAD + "".join(f"setup:\n  bad{i} 1\n" for i in range(200))
    found = errors(text)
    assert 1 <= len(found) <= 20


@pytest.mark.parametrize("text, code, words", [
    ("", "B105", "empty"),
    ("   \n\n", "B105", "empty"),
    ("\x00\x01\x02binary", "B108", "binary"),
    (HEAD + "setup:\n  hand ７\n", "B107", "looks like a digit"),
    (HEAD + "setup:\n  hand 4\u200f\n", "B107", "invisible character (U+200F)"),
    (HEAD + "setup:\n  hand\u202e 4\n", "B107", "invisible"),
    (HEAD + "setup:\n  hand 4\ufeff\n", "B107", "byte-order mark"),
    (HEAD + "setup:\n  hand é\n", "B107", "not a letter the language uses"),
    (HEAD + "setup:\n  hand 4\x07\n", "B107", "control character"),
    (HEAD + "game:\n  first to " + "9" * 400 + "\n", "B115", "too large"),
    (HEAD + "game:\n  first to " + "9" * 5000 + "\n", "B115", "too large"),
])
def test_odd_inputs(text, code, words):
    found = first(text)
    assert found.code == code and words in found.message
    assert found.span is not None and found.span.line >= 1


def test_a_leading_bom_is_accepted():
    parse("\ufeff" + HEAD + "setup:\n  hand 4\n")


@pytest.mark.parametrize("make", [
    lambda k: "(1 + " * k + "1" + ")" * k,
    lambda k: " + ".join(["1"] * k),
    lambda k: "not " * k + "cleared",
    lambda k: "-" * k + "1",
])
def test_deep_nesting_is_refused_not_crashed(make):
    found = first(HEAD + "basra:\n  a: 10 when " + make(3000) + "\n")
    assert found.code == "B114" and str(MAX_DEPTH) in found.message


def test_brackets_alone_do_not_nest_the_tree():
    parse(HEAD + "basra:\n  a: 10 when " + "(" * 3000 + "cleared" + ")" * 3000 + "\n")


def test_modest_nesting_parses():
    parse(HEAD + "basra:\n  a: 10 when " + "(" * 20 + "cleared" + ")" * 20 + "\n")


# ---------------------------------------------------------------- one-line mistakes in real variants
# Each mistake below is made on every line of every bundled variant where it can be made (the
# first rule of a section and later ones, the first section of a file and later ones), so a
# label must fire whatever state the parser is in, and point at the mistake.

VARIANTS = sorted((Path(__file__).resolve().parents[2] / "variants").glob("*.basra"))
SECTIONS = ("setup", "capture", "basra", "end", "score", "game", "match")
SECTION_TYPOS = {"setup": "stup", "capture": "captur", "basra": "basar", "end": "ned", "score": "scor",
                 "game": "gmae", "match": "mtach"}
CLAUSE_TYPOS = {"deck": "dek", "hand": "hnd", "players": "playrs", "partners": "partnrs", "direction": "directon",
                "deal": "dael", "start": "strat", "choose": "chose", "compulsory": "compulsry",
                "optional": "optinal", "called": "caled", "leftover": "leftovr", "most": "mots",
                "points": "pionts", "total": "totl", "first": "frist", "tie": "tei", "best": "bset",
                "decider": "decidr", "drop": "dorp"}


def _lines(path: Path) -> list[tuple[int, str, str | None]]:
    """Returns (line number, text, section) for every line of a variant."""
    found, section = [], None
    for number, row in enumerate(path.read_text(encoding="utf-8").split("\n"), 1):
        header = re.match(r"(\w+):\s*(#.*)?$", row)
        if header and header.group(1) in SECTIONS + ("dealing",):
            section = header.group(1)
        found.append((number, row, section))
    return found


def _mistakes(kind: str, path: Path):
    """Yields (line, new text of the line, column, code, words of the message, words of the hint)."""
    for number, row, section in _lines(path):
        if row.lstrip().startswith("#"):
            continue
        if kind == "header-colon" and re.fullmatch(rf"({'|'.join(SECTIONS)}):", row):
            yield number, row[:-1], len(row), "B101", "a section header needs a colon", f"': '{row}'"
        elif kind == "section-typo" and re.fullmatch(rf"({'|'.join(SECTIONS)}):", row):
            typo = SECTION_TYPOS[row[:-1]]
            yield number, typo + ":", 1, "B102", f"'{typo}' is not a section", f"did you mean '{row[:-1]}'?"
        elif kind == "rule-colon" and section in ("capture", "basra"):
            rule = re.match(r'(\s+)(\w+)( "[^"]*")?:', row)  # a rule's name, and its title if it has one
            if rule and rule.group(2) not in ("choose",):
                end = rule.end(3) if rule.group(3) else rule.end(2)
                yield (number, row[:end] + row[end + 1:], end + 1, "B101", "a rule needs a colon after its name",
                       "write: " + row[:end + 1].strip())
        elif kind == "option-colon":
            option = re.match(r"option (\w+):", row)
            if option:
                end = option.end(1)
                yield (number, row[:end] + row[end + 1:], end + 1, "B101", "an option needs a colon after its name",
                       "option target: 101 | 121 = 101")
        elif kind == "option-default":
            default = re.match(r"(option .*?) = \w+", row)
            if default:
                yield (number, default.group(1) + row[default.end():], len(default.group(1)) + 2, "B109",
                       "an option needs a default after its choices", "'= DEFAULT'")
        elif kind == "takes-missing" and section == "capture":
            takes = re.search(r" takes (rank|sums|all)\b", _unquoted(row))
            if takes:
                yield (number, row[:takes.start()] + row[takes.start() + 6:], takes.start() + 2, "B110",
                       "a capture rule needs 'takes'", "'jack: J takes all'")
        elif kind == "takes-what" and section == "capture":
            takes = re.search(r" takes (rank|sums|all)\b", _unquoted(row))
            if takes:
                yield (number, row[:takes.start(1)] + "floor" + row[takes.end(1):], takes.start(1) + 1, "B110",
                       "a capture rule must say what the card takes", "'takes all'")
        elif kind in TEACHING:
            yield from TEACHING[kind](number, row, section, path)
        elif kind == "clause-typo" and section:
            clause = re.match(r"(\s+)(\w+)\b(?!:)", row)
            if clause and clause.group(2) in CLAUSE_TYPOS:
                word, typo = clause.group(2), CLAUSE_TYPOS[clause.group(2)]
                yield (number, row[:clause.start(2)] + typo + row[clause.end(2):], clause.start(2) + 1, "B102",
                       f"'{typo}' is not a clause of the {section} section", f"did you mean '{word}'?")


# ---- mistakes of issue 10 (messages that teach): operators from other languages, card lists,
# clauses in the wrong section, a broken variant line

_PAT = r"[0-9A-Za-z_\u2660-\u2667]+"
_PATS = rf"{_PAT}(?:\s*\|\s*{_PAT})*"


def _code_part(row: str) -> str:
    """Returns the row without its comment (no bundled variant has '#' inside a quoted text),
    the letters of its quoted texts (a rule's title) blanked out, so no mistake is made in
    them: a title may say "ten or less"."""
    code = row.split("#")[0].rstrip()
    return re.sub(r'"[^"]*"', lambda m: '"' + "_" * (len(m.group()) - 2) + '"', code)


def _in_expression(row: str, section: str | None) -> bool:
    return section is not None and not row.rstrip().endswith("\\") and (" when " in row or section == "basra")


def _card_equals(number, row, section, path):
    code = _code_part(row)
    found = re.search(rf"\b(played|lone|top) is( not)? ({_PATS})(?!\s*except)", code)
    if not found or not _in_expression(row, section):
        return
    cards = found.group(3)
    if "|" not in cards and not re.fullmatch(r"[0-9]+[A-Z\u2660-\u2667]", cards):
        return  # 'played == J' parses: the type checker says it (see test_teaching_messages)
    op = "!=" if found.group(2) else "=="
    new = row[:found.end(1)] + f" {op} " + cards + row[found.end(3):]
    said = "'is not', not '!='" if op == "!=" else "a card is tested with 'is', not '=='"
    yield number, new, found.end(1) + 2, "B119", said, f"{found.group(1)} is{found.group(2) or ''} {cards}"


def _replace_word(old: str, new: str, code: str, message: str, hint: str, error: str = "B119"):
    def make(number, row, section, path):
        if not _in_expression(row, section):
            return
        for found in re.finditer(old, _code_part(row)):  # each place of the word on the line, in turn
            yield number, row[:found.start(1)] + new + row[found.end(1):], found.start(1) + 1, error, message, hint
    return make


def _not_bang(number, row, section, path):
    if not _in_expression(row, section):
        return
    for found in re.finditer(r"\b(not) (?=[A-Za-z0-9(])", _code_part(row)):
        yield (number, row[:found.start(1)] + "!" + row[found.end(1) + 1:], found.start(1) + 1, "B119",
               "'!' is not a word of the language", "not ")


def _unquoted(row: str) -> str:
    """Returns a row with its quoted text blanked out (a title may say 'takes all')."""
    return re.sub(r'"[^"]*"', lambda m: " " * len(m.group()), row)


def _comma_list(number, row, section, path):
    code = _code_part(row)
    if not section or row.rstrip().endswith("\\") or not row.startswith("  "):
        return
    for found in re.finditer(r"( \| )", code):
        if not re.search(rf"(?:\b(?:is|is not|has|only|except)|^\s*\w+(?: \x22_*\x22)?:)\s+{_PATS}$", code[:found.start()]):
            continue
        yield (number, row[:found.start(1)] + ", " + row[found.end(1):], found.start(1) + 1, "B120",
               "cards in a list are joined with '|', not ','", " | ")


def _wrong_section(number, row, section, path):
    rows = path.read_text(encoding="utf-8").split("\n")
    continued = row.rstrip().endswith("\\") or (number > 1 and rows[number - 2].rstrip().endswith("\\"))
    if not section or not row.startswith("  ") or not row.strip() or continued:
        return
    clause, home = ("most cards 30", "score") if section == "setup" else ("hand 4", "setup")
    start = max(i for i, r in enumerate(rows[:number], 1) if re.match(rf"{section}:", r))
    yield (number, "  " + clause, 3, "B121",
           f"'{clause.split()[0]}' belongs in the {home} section; this line is in the {section} section "
           f"that starts at line {start}", f"'{home}:'")


def _variant_space(number, row, section, path):
    found = re.match(r"variant ([a-z]+)", row)
    if found and len(found.group(1)) > 3:
        name = found.group(1)
        split = name[:3] + " " + name[3:]
        yield (number, row[:found.start(1)] + split + row[found.end(1):], 9, "B122",
               "a variant's name has no spaces", f"variant {name[:3]}_{name[3:]}")


def _title_unclosed(number, row, section, path):
    found = re.match(r'variant \S+ ("[^"]*)"', row)
    if found:
        yield (number, row[:found.end(1)] + row[found.end(1) + 1:], found.start(1) + 1, "B106",
               "the title's quoted text is not closed", row.split("#")[0].rstrip())


TEACHING = {
    "card-equals": _card_equals,
    "single-equals": _replace_word(r" (==) ", "=", "", "'=' alone does not compare", "=="),
    "ampersands": _replace_word(r" (and) ", "&&", "", "'&&' is not a word of the language", " and "),
    "double-bars": _replace_word(r" (or) ", "||", "", "'||' is not a word of the language", " or "),
    "bang": _not_bang,
    "if-for-when": _replace_word(r" (when) ", "if", "", "a condition starts with 'when', not 'if'", " when "),
    "comma-list": _comma_list,
    "wrong-section": _wrong_section,
    "variant-space": _variant_space,
    "title-unclosed": _title_unclosed,
}

FEWEST_PLACES = {"comma-list": 6}  # the bundled variants list cards after a test in six places

KINDS = ["header-colon", "section-typo", "rule-colon", "option-colon", "option-default", "takes-missing",
         "takes-what", "clause-typo"] + list(TEACHING)


def _with_line(path: Path, number: int, new: str) -> str:
    rows = path.read_text(encoding="utf-8").split("\n")
    rows[number - 1] = new
    return "\n".join(rows)


@pytest.mark.parametrize("kind", KINDS)
def test_one_line_mistakes_in_every_variant(kind):
    made = 0
    for path in VARIANTS:
        places = list(_mistakes(kind, path))
        for number, new, column, code, message, hint in places:
            found = errors(_with_line(path, number, new))
            where = f"{path.name}:{number}: {new.strip()!r}"
            assert len(found) == 1, (where, [(d.code, d.message) for d in found])
            assert (found[0].code, found[0].span.line, found[0].span.column) == (code, number, column), \
                (where, found[0].code, found[0].message, found[0].span)
            assert message in found[0].message, (where, found[0].message)
            assert hint in (found[0].help or ""), (where, found[0].help)
        made += len(places)
    assert made >= FEWEST_PLACES.get(kind, 8)  # the mistake was made at several places, not first ones only


def test_mistakes_are_made_at_first_and_later_places():
    egyptian = next(p for p in VARIANTS if p.name == "egyptian.basra")
    lines = {kind: [number for number, *_ in _mistakes(kind, egyptian)] for kind in KINDS}
    assert len(lines["header-colon"]) == 7 and len(lines["rule-colon"]) == 7 and len(lines["option-colon"]) == 3
    assert len(lines["takes-missing"]) == 4 and {"chose", "compulsry", "totl"} <= {
        new.split()[0] for _, new, *_ in _mistakes("clause-typo", egyptian)}


@pytest.mark.parametrize("path", VARIANTS, ids=lambda p: p.stem)
def test_recovery_reports_each_mistake_of_a_variant_once(path):
    # One mistake of every kind, each on its own line (the first place of a kind or its last,
    # in turn): each is reported once, where it was made, and nothing else (no follow-on error
    # from a mistake repaired badly).
    chosen = {}
    for turn, kind in enumerate(KINDS):
        places = list(_mistakes(kind, path))
        for number, new, column, code, message, hint in (places if turn % 2 else places[::-1]):
            if number not in chosen:
                chosen[number] = (new, column, code, message)
                break
    assert len(chosen) >= 2
    rows = path.read_text(encoding="utf-8").split("\n")
    for number, (new, *_) in chosen.items():
        rows[number - 1] = new
    found = errors("\n".join(rows))
    assert [(d.span.line, d.span.column, d.code) for d in found] == \
        [(number, column, code) for number, (_, column, code, _) in sorted(chosen.items())]
    for diagnostic, number in zip(found, sorted(chosen)):
        assert chosen[number][3] in diagnostic.message


@pytest.mark.parametrize("text, code, words, hint", [
    # a misspelled clause keyword read as the name of a rule
    (HEAD + "capture:\n  a: J takes all\n  chose largest\n", "B102", "'chose' is not a clause of the capture",
     "did you mean 'choose'?"),
    (HEAD + "basra:\n  a: 10 when cleared\n  caled \"Basra!\"\n", "B102", "'caled' is not a clause of the basra",
     "did you mean 'called'?"),
    # a rule name close to a keyword is still a rule without its colon
    (HEAD + "capture:\n  a: J takes all\n  chose any takes rank\n", "B101", "rule needs a colon",
     "write: chose: any takes rank"),
    (HEAD + "basra:\n  a: 10 when cleared\n  clear 10 when cleared\n", "B101", "rule needs a colon",
     "write: clear: 10 when cleared"),
    # an option without its colon, with no choices yet
    (HEAD + "option a: 1 | 2 = 1\noption target\n", "B101", "option needs a colon", "option target:"),
    # a card of two values written as one entry (an author of Tablanette, issue 28)
    (HEAD + "setup:\n  values A 1 | 11\n", "B119", "several values on the floor", "write: floor values A 1, A 11"),
    (HEAD + "setup:\n  played values A 1 | 14\n", "B119", "as the card played", "write: played values A 1, A 14"),
])
def test_mistakes_read_as_something_else(text, code, words, hint):
    found = errors(text)
    assert len(found) == 1 and found[0].code == code and words in found[0].message
    assert hint in found[0].help


@pytest.mark.parametrize("line,code,column", [
    ('variant scopa dassi "Scopa d\'Assi" extends scopa', "B122", 9),  # the name, not the apostrophe
    ('variant scopa-dassi "Scopa d\'Assi extends scopa', "B106", 21),  # unclosed: an apostrophe closes nothing
    ("variant scopa-dassi “Scopa d'Assi” extends scopa", "B122", 21),  # typographic quotes around it
])
def test_an_apostrophe_in_a_title_is_text(line, code, column):
    found = first(line + "\n")
    assert (found.code, found.span.line, found.span.column) == (code, 1, column), found.message
