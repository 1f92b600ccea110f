"""The home page and the family and region lists a site's variants are shown in (issue 11):
families worked out from the extends chains and the roots' names, for the bundled variants
and for an author's own folder."""

from __future__ import annotations

import re
from pathlib import Path
from types import SimpleNamespace

from basra_dsl.resources import bundled_variants
from basra_dsl.rulebook import render_comparison, render_home
from basra_dsl.rulebook.site.catalog import families, listings, regions

ROOT = Path(__file__).resolve().parents[2]
PISHTI = bundled_variants()["pishti"].read_text(encoding="utf-8")


def root_variant(folder: Path, name: str, header: str) -> Path:
    """Writes a root variant that plays as Pishti under another header (name, title, ...),
    with Pishti's options and rules."""
    body = PISHTI[min(i for i in (PISHTI.find("\noption "), PISHTI.index("\nsetup:")) if i >= 0):]
    path = folder / f"{name}.basra"
    path.write_text(f"variant {name} {header}\n{body}", encoding="utf-8")
    return path


def home_of(catalog: dict[str, Path]) -> str:
    return render_home([SimpleNamespace(name=name, path=path) for name, path in catalog.items()])


def shape(catalog: dict[str, Path]) -> list[tuple[str, list[list[str]]]]:
    """Returns each family's name and, for each of its lines, the names in tree order."""
    return [(family.name, [[m.name for m in line.members] for line in family.lines])
            for family in families(listings(catalog))]


def test_the_bundled_variants_fall_into_their_families():
    found = shape(bundled_variants())
    assert [name for name, _ in found] == ["Basra", "Scopa", "Casino", "Pishti", "Chinese Ten", "Cuarenta", "Pasur",
                                            "Stealing Bundles", "Tablanette", "Zwicker"]
    basra_lines, pishti_lines = found[0][1], found[3][1]
    assert found[2][1] == [["casino", "royal-casino", "royal-draw-casino", "spade-casino"], ["kasino"]]
    assert found[1][1] == [["scopa", "scopa-dassi", "scopone"], ["chkobba"], ["cirulla"], ["escoba"]]  # the family they state
    assert ["bastra", "lebanese", "ashush", "palestinian", "homsi", "jordanian", "syrian"] in basra_lines
    assert ["egyptian", "morabaa", "ethiopian", "yemeni"] in basra_lines
    assert ["parlett"] in basra_lines and ["basra-121"] in basra_lines  # Basra accounts with no parent
    assert pishti_lines == [["pishti", "dry", "xeri"]]


def test_the_home_page_nests_each_variant_under_its_parent():
    home = home_of(bundled_variants())
    basra, pishti = home.index("## The Basra family"), home.index("## The Pishti family")
    assert basra < pishti < home.index("## Where they are played")
    assert "\n- [Egyptian Basra](rules/egyptian.md): The coffee-house fishing game of Egypt" in home
    assert "\n    - [Yemeni Basra](rules/yemeni.md): Egyptian basra with" in home
    assert "\n        - [Ashush](rules/ashush.md): " in home  # Bastra > Lebanese > Ashush
    assert "\n    - [Dry Game](rules/dry.md): " in home[pishti:]
    assert "[side by side](comparison.md)" in home
    assert "engine" not in home


def test_regions_list_each_place_a_region_line_names():
    places = dict(regions(listings(bundled_variants())))
    assert [i.name for i in places["Egypt"]] == ["parlett", "egyptian", "morabaa"]  # by title
    assert [i.name for i in places["Lebanon"]] == ["ashush", "parlett", "lebanese"]
    assert [i.name for i in places["Syria"]] == ["homsi", "syrian"] and "Homs" in places
    assert "The wider Middle East" in places and "Bahrain" in places
    assert list(places)[-1] == "No region given" and [i.name for i in places["No region given"]] == ["basra-121"]


def test_an_authors_folder_unknown_roots_are_families_of_their_own(tmp_path):
    (tmp_path / "cafe.basra").write_text('variant cafe "Cafe Rules" extends yemeni\nabout "How we play."\n'
                                         "setup:\n  hand 6\n", encoding="utf-8")
    kiseri = root_variant(tmp_path, "kiseri", '"Kiseri"\nregion "Crete"')
    ours = root_variant(tmp_path, "our-basra", '"Our Basra"\naliases "Basra"')
    catalog = {"cafe": tmp_path / "cafe.basra", "kiseri": kiseri, "our-basra": ours,
               "yemeni": bundled_variants()["yemeni"], "egyptian": bundled_variants()["egyptian"]}
    # a game that calls itself Basra joins the family the bundled roots name; Kiseri names nothing
    assert shape(catalog) == [("Basra", [["egyptian", "yemeni", "cafe"], ["our-basra"]]), ("Kiseri", [["kiseri"]])]
    home = home_of(catalog)
    assert "\n        - [Cafe Rules](rules/cafe.md): How we play." in home
    assert "## The Kiseri family\n\n- [Kiseri](rules/kiseri.md)" in home
    assert "- **Crete**: [Kiseri](rules/kiseri.md)" in home
    assert "- **No region given**: [Cafe Rules](rules/cafe.md), [Our Basra](rules/our-basra.md)" in home
    comparison = render_comparison(catalog)
    assert "## The Kiseri family" in comparison and "| &nbsp;&nbsp;&nbsp;↳&nbsp;[Cafe Rules](rules/cafe.md) |" in comparison


def test_a_chain_without_its_parents_on_the_site_starts_its_own_line(tmp_path):
    (tmp_path / "cafe.basra").write_text('variant cafe "Cafe Rules" extends yemeni\nsetup:\n  hand 6\n',
                                         encoding="utf-8")
    assert shape({"cafe": tmp_path / "cafe.basra"}) == [("Basra", [["cafe"]])]
    assert "## Where they are played" not in home_of({"cafe": tmp_path / "cafe.basra"})  # no region at all


def test_text_from_files_is_shown_as_text(tmp_path):
    evil = root_variant(tmp_path, "evil", '"A | [b](javascript:x) <script>"\n'
                                          'about "*bold* | <img src=x onerror=y>"\nregion "<b>Here</b>, [there](x)"')
    home, comparison = home_of({"evil": evil}), render_comparison({"evil": evil})
    for text in (home, comparison):
        assert "<script>" not in text and "<img" not in text and "<b>" not in text
        assert not re.search(r"(?<!\\)\]\(javascript", text)  # only an escaped bracket before it
    assert "## The A \\| \\[b\\](javascript:x) &lt;script&gt; family" in home
    row = next(line for line in comparison.splitlines() if "rules/evil.md" in line)
    assert row.count(" | ") == 7  # the title's | is escaped: the row keeps its eight cells
    assert "- **&lt;b&gt;Here&lt;/b&gt;**: " in home and "- **\\[there\\](x)**: " in home


def test_the_hand_written_pages_list_every_bundled_variant():
    listing = (ROOT / "docs" / "variants.md").read_text(encoding="utf-8")
    home = (ROOT / "docs" / "index.md").read_text(encoding="utf-8")
    games = listing[:listing.index("## Where they are played")]
    for name in bundled_variants():
        assert games.count(f"](rules/{name}.md)") == 1, name  # once in the family lists
        assert f"`{name}`" in games and f"](rules/{name}.md)" in home, name
    assert re.search(r"## The Basra family.*## The Pishti family", listing, re.S)
    assert "(variants.md)" in home and "(comparison.md)" in home
