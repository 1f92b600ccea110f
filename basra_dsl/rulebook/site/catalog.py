"""The variants of a site arranged for card players: by family and by region.

A header line ``family "Scopa"`` names a game's family: roots that state the same family
are one family, named by it (Scopa, Scopone, Escoba and Chkobba state "Scopa"). Where no
header says, the family is worked out from the files:

* a variant belongs to the game its ``extends`` chain starts from (its *root*): Yemeni
  Basra to Egyptian Basra, Ashush to Bastra (Cyprus);
* roots that share a name are one family, named after it: Egyptian Basra, Bastra (also
  called Basra), Basra (Parlett) and Basra to 121 all name "Basra". The bundled roots take
  part in this, so an author's house rules that extend Egyptian Basra, or call their own
  game Basra, land in the same family as on the project's site;
* a root that shares no name is a family of its own, named after its title (Pishti).

A family lists its roots' lines (a root and the variants that extend it, in the order of
the ``extends`` tree), the longest first.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path

from ...language import nodes as n
from ...language.loader import chain_of, read_variant
from ...resources import bundled_variants
from ..text.markdown import page_path
from ..text.safe import inline

# where a region line lists several places: "Egypt, Lebanon and the wider Middle East"
PLACE_BREAK = re.compile(r"\s*,\s*(?:and\s+)?|\s+and\s+")


@dataclass(frozen=True)
class Listing:
    """One variant of the site as a list shows it (texts as written: escape them where shown)."""

    name: str
    path: Path  # the variant file
    title: str
    about: str | None
    region: str | None
    parent: str | None  # the nearest ancestor the site publishes too
    root: n.Variant  # the variant its extends chain starts from


@dataclass
class Line:
    """A root and the site's variants that extend it, parents before their children."""

    root: n.Variant
    members: list[Listing]
    depth: dict[str, int] = field(default_factory=dict)  # how far down the tree each member sits


@dataclass
class Family:
    name: str  # as written in a file: escape it where shown
    lines: list[Line]


def listings(catalog: dict[str, Path]) -> list[Listing]:
    """Returns each variant of a site (name -> file) with its place in the family tree."""
    found = []
    for name, path in catalog.items():
        variant = read_variant(path)  # pages check each variant: a header and a chain are all this needs
        chain, _ = chain_of(variant)
        parent = next((v.name.text for v in chain[1:] if v.name.text in catalog), None)
        found.append(Listing(name, path, variant.title or name, variant.about, variant.region, parent, chain[-1]))
    return found


def families(items: list[Listing]) -> list[Family]:
    """Returns the site's variants by family, the largest family first."""
    roots = {item.root.name.text: item.root for item in items}
    kin = _bundled_roots() | roots  # the bundled roots name the families an author's roots join
    found = []
    for group in _related(kin):
        present = [name for name in group if name in roots]
        if not present:
            continue
        lines = [_line(roots[name], [i for i in items if i.root.name.text == name]) for name in present]
        lines.sort(key=lambda line: (-len(line.members), (line.root.title or line.root.name.text).casefold()))
        found.append(Family(_family_name([kin[name] for name in group]), lines))
    found.sort(key=lambda f: (-sum(len(line.members) for line in f.lines), f.name.casefold()))
    return found


def _bundled_roots() -> dict[str, n.Variant]:
    found = {}
    for path in bundled_variants().values():
        variant = read_variant(path)
        if variant.parent is None:
            found[variant.name.text] = variant
    return found


def _names(variant: n.Variant) -> list[tuple[str, tuple[str, ...]]]:
    """Returns a root's names (title and aliases), each with its words in lower case."""
    texts = [variant.title or variant.name.text, *variant.aliases]
    return [(text, tuple(re.findall(r"\w+", text.casefold()))) for text in texts if re.search(r"\w", text)]


def _within(words: tuple[str, ...], other: tuple[str, ...]) -> bool:
    """Returns whether a name's words appear, in order and together, in another name."""
    size = len(words)
    return any(other[i:i + size] == words for i in range(len(other) - size + 1))


def _shares_a_name(a: n.Variant, b: n.Variant) -> bool:
    if a.family or b.family:  # a family stated in the header decides, whatever the names say
        return a.family == b.family
    names_a, names_b = _names(a), _names(b)
    return any(_within(x, y) or _within(y, x) for _, x in names_a for _, y in names_b)


def _related(roots: dict[str, n.Variant]) -> list[list[str]]:
    """Returns the roots in groups: two roots that share a name are in one group."""
    group = {name: name for name in roots}

    def top(name: str) -> str:
        while group[name] != name:
            name = group[name]
        return name

    names = sorted(roots)
    for i, a in enumerate(names):
        for b in names[i + 1:]:
            if top(a) != top(b) and _shares_a_name(roots[a], roots[b]):
                group[top(b)] = top(a)
    found: dict[str, list[str]] = {}
    for name in names:
        found.setdefault(top(name), []).append(name)
    return list(found.values())


def _family_name(roots: list[n.Variant]) -> str:
    """Returns the name the most roots of a group share (the shorter on a tie); a root on its
    own gives its title; a family stated in the headers names it."""
    stated = sorted({root.family for root in roots if root.family})
    if stated:
        return stated[0]
    if len(roots) == 1:
        return roots[0].title or roots[0].name.text
    scored = []
    for root in roots:
        for text, words in _names(root):
            count = sum(any(_within(words, other) for _, other in _names(r)) for r in roots)
            scored.append((-count, len(words), len(text), text))
    return min(scored)[3]


def _line(root: n.Variant, members: list[Listing]) -> Line:
    """Returns a root's line with its members in the order of the extends tree, titles in
    alphabetical order among brothers."""
    names = {m.name for m in members}
    children: dict[str | None, list[Listing]] = {}
    for member in members:
        children.setdefault(member.parent if member.parent in names else None, []).append(member)
    line = Line(root, [])

    def visit(parent: str | None, depth: int) -> None:
        for member in sorted(children.get(parent, []), key=lambda m: m.title.casefold()):
            line.members.append(member)
            line.depth[member.name] = depth
            visit(member.name, depth + 1)

    visit(None, 0)
    return line


def regions(items: list[Listing]) -> list[tuple[str, list[Listing]]]:
    """Returns the places the variants' region lines name (as written, in alphabetical order)
    with the variants of each; a variant whose file names no region comes last, when any
    other names one."""
    places: dict[str, tuple[str, list[Listing]]] = {}
    unnamed = []
    for item in sorted(items, key=lambda i: i.title.casefold()):
        parts = [p.strip() for p in PLACE_BREAK.split(item.region or "") if p.strip()]
        if not parts:
            unnamed.append(item)
        for part in parts:
            key = re.sub(r"^the\s+", "", part.casefold())
            places.setdefault(key, (part[:1].upper() + part[1:], []))[1].append(item)
    found = [places[key] for key in sorted(places)]
    if found and unnamed:
        found.append(("No region given", unnamed))
    return found


def render_home(variants: list, comparison: bool = True) -> str:
    """Returns a home page for a site that has none: the games by family, each with its
    line on it and the variants that extend it beneath, then by the places they come from."""
    items = listings({page.name: page.path for page in variants})
    compare = " See them [side by side](comparison.md)." if comparison else ""
    parts = ["---\ntitle: Rulebook\n---\n\n# Rulebook\n\nThe rules of these card games, a page for each, "
             "with worked examples that were played through when this site was built." + compare]
    for family in families(items):
        parts.append(f"## The {inline(family.name)} family\n\n" + "\n".join(
            _item(member, line.depth[member.name]) for line in family.lines for member in line.members))
    places = regions(items)
    if places:
        parts.append("## Where they are played\n\n" + "\n".join(
            f"- **{inline(place)}**: " + ", ".join(_link(item) for item in found) for place, found in places))
    return "\n\n".join(parts) + "\n"


def _link(item: Listing) -> str:
    return f"[{inline(item.title)}]({page_path(item.name)})"


def _item(item: Listing, depth: int) -> str:
    about = f": {inline(item.about)}" if item.about else ""
    return "    " * depth + f"- {_link(item)}{about}"
