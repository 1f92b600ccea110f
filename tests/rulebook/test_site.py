"""The published site: a strict mkdocs build, then a look at it in headless Chromium.

The site must work opened from disk (``site/index.html``, as ``scripts/main`` says), so the
browser reads it through ``file://`` URLs, not a server: every link of the navigation must
open a page (not a folder listing), search must work, and no page may load anything from
another host (checked in the built HTML and CSS, and in Chromium's network log). The home
page, a variant page and the tutorial must fit a phone's width.

The browser part needs Chromium and its driver from the system packages
(``apt-get install -y chromium chromium-driver``) and selenium (the ``test`` extra); it is
skipped, saying why, when they are missing. Screenshots at desktop and phone widths are
saved in ``artifacts/`` (CI keeps them).
"""

from __future__ import annotations

import json
import re
import sys
import time
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import unquote, urlsplit

import pytest
from browser import chromium
from click.testing import CliRunner

from basra_dsl.cli.docs import docs
from basra_dsl.resources import bundled_variants

ROOT = Path(__file__).resolve().parents[2]
ARTIFACTS = ROOT / "artifacts"
DESKTOP = (1280, 900)
PHONE = (390, 844)  # an iPhone 12 to 14, in CSS pixels
SHOWN = {"home": "index.html", "egyptian": "rules/egyptian.html", "tutorial": "tutorial.html",
         "comparison": "comparison.html", "pishti": "rules/pishti.html", "scopa": "rules/scopa.html",
         "editors": "editors.html", "cuarenta": "rules/cuarenta.html"}


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    """Builds the site with ``basra docs build`` (strict) into a temporary folder."""
    out = tmp_path_factory.mktemp("site")
    result = CliRunner().invoke(docs, ["build", "--site-dir", str(out), "--config", str(ROOT / "mkdocs.yml")])
    assert result.exit_code == 0, result.output
    return out


def test_the_build_is_strict_and_complete(site):
    for name in bundled_variants():
        page = site / "rules" / f"{name}.html"
        assert page.is_file(), f"no page for {name}"
        html = page.read_text(encoding="utf-8")
        assert 'id="rule-setup-deck"' in html or 'id="rule-setup-hand"' in html
        assert "tabbed-set" in html and "language-basra" in html or "highlight" in html
    for page in ("index.html", "comparison.html", "language.html", "records.html",
                 "cli.html", "schemas.html", "tutorial.html", "tags.html"):
        assert (site / page).is_file(), page
    assert (site / "schemas" / "record.schema.json").is_file()
    assert (site / "search" / "search_index.json").is_file()
    assert (site / "search" / "search_index.js").is_file()  # the offline plugin: search from file://


def test_the_readme_counts_the_pages_the_build_makes(site):
    """The README states the site's size from scripts/readme.py's count, which must be what
    a build makes (as `basra docs build` counts them: every page but 404.html)."""
    sys.path.insert(0, str(ROOT / "scripts"))
    import readme

    built = sum(1 for _ in site.rglob("*.html")) - sum(1 for _ in site.rglob("404.html"))
    assert readme.site_pages() == built


def test_source_is_highlighted_by_the_basra_lexer(site):
    html = (site / "rules" / "egyptian.html").read_text(encoding="utf-8")
    assert '<span class="k">variant</span>' in html  # a keyword token of BasraLexer
    assert '<span class="err">' not in html


def test_player_counts_are_tags(site):
    html = (site / "tags.html").read_text(encoding="utf-8")
    assert "2 players" in html and "4 players" in html


def _remote(url: str) -> bool:
    """Whether a URL names another host (``https://...``, ``//host/...``), not a file of the site."""
    url = url.strip().strip("'\"")
    return bool(re.match(r"(?i)([a-z][a-z0-9+.-]*:)?//", url)) and not url.lower().startswith("file:")


class _Resources(HTMLParser):
    """The URLs an HTML page loads by itself (not the links a reader may follow)."""

    LOADS = {"script": ("src",), "link": ("href",), "img": ("src", "srcset"), "iframe": ("src",),
             "source": ("src", "srcset"), "video": ("src", "poster"), "audio": ("src",), "embed": ("src",),
             "object": ("data",), "input": ("src",)}

    def __init__(self):
        super().__init__()
        self.urls: list[str] = []
        self.styles: list[str] = []
        self._in_style = False

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if tag == "link" and not {"stylesheet", "preconnect", "preload", "icon", "modulepreload",
                                  "dns-prefetch", "prefetch", "manifest"} & set((attrs.get("rel") or "").split()):
            return  # rel=canonical and the like are not loaded
        for name in self.LOADS.get(tag, ()):
            if attrs.get(name):
                self.urls += [part.split()[0] for part in attrs[name].split(",") if part.strip()]
        if attrs.get("style"):
            self.styles.append(attrs["style"])
        self._in_style = tag == "style"

    def handle_endtag(self, tag):
        self._in_style = False

    def handle_data(self, data):
        if self._in_style:
            self.styles.append(data)


def _css_urls(css: str) -> list[str]:
    return re.findall(r"""url\(\s*([^)]*?)\s*\)""", css) + re.findall(r"""@import\s+(?:url\()?\s*['"]?([^'")\s;]+)""", css)


def test_the_site_loads_nothing_from_another_host(site):
    """No Google Fonts, no CDN: every page, stylesheet and script the site loads is its own."""
    found = []
    for page in sorted(site.rglob("*.html")):
        scan = _Resources()
        scan.feed(page.read_text(encoding="utf-8"))
        urls = scan.urls + [url for css in scan.styles for url in _css_urls(css)]
        found += [f"{page.relative_to(site)}: {url}" for url in urls if _remote(url)]
    for sheet in sorted(site.rglob("*.css")):
        urls = _css_urls(sheet.read_text(encoding="utf-8"))
        found += [f"{sheet.relative_to(site)}: {url}" for url in urls if _remote(url)]
    assert not found, "\n".join(found)
    home = (site / "index.html").read_text(encoding="utf-8")
    assert "fonts.googleapis.com" not in home and "unpkg.com" not in home


@pytest.fixture(scope="module")
def browser():
    with chromium(log_requests=True) as driver:  # every request, for _requests_elsewhere
        _requests_elsewhere(driver)  # forget the browser's own start-up
        yield driver


def _requests_elsewhere(browser) -> list[str]:
    """The requests the browser sent to a host since the last call (its performance log)."""
    urls = []
    for entry in browser.get_log("performance"):
        message = json.loads(entry["message"])["message"]
        if message["method"] == "Network.requestWillBeSent":
            urls.append(message["params"]["request"]["url"])
    return [url for url in urls if urlsplit(url).scheme in ("http", "https", "ws", "wss", "ftp")]


def _view(browser, size, mobile=False):
    """Shows pages at a width and height in CSS pixels, as a phone (``mobile``) or a desktop."""
    width, height = size
    browser.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                            {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": mobile})


def _open(browser, url):
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support import expected_conditions as EC
    from selenium.webdriver.support.ui import WebDriverWait

    browser.get(url)
    WebDriverWait(browser, 30).until(EC.presence_of_element_located((By.CSS_SELECTOR, "article.md-content__inner")))


def _file(site: Path, page: str) -> str:
    return (site / page).as_uri()


def test_every_link_of_the_navigation_opens_a_page_from_disk(site, browser):
    """What ``scripts/main`` promises: open site/index.html, and every link leads to a page."""
    from selenium.webdriver.common.by import By

    _view(browser, DESKTOP)
    _open(browser, _file(site, "index.html"))
    links = browser.execute_script(
        "return [...document.querySelectorAll('.md-sidebar--primary a.md-nav__link[href]')].map(a => a.href)")
    pages = sorted({link.split("#", 1)[0] for link in links})
    assert len(pages) >= 10 + len(bundled_variants()), pages
    broken = []
    for url in pages:
        assert url.startswith("file://"), url
        path = Path(unquote(urlsplit(url).path))
        assert path.suffix == ".html" and path.is_file(), f"{url}: a folder or a missing page, not a page"
        _open(browser, url)
        assert not browser.title.startswith("Index of"), url
        assert browser.find_element(By.CSS_SELECTOR, "article.md-content__inner h1").text, url
        for href in browser.execute_script("return [...document.querySelectorAll('a[href]')].map(a => a.href)"):
            target = urlsplit(href)
            if target.scheme == "file":
                target_path = Path(unquote(target.path))
                if not target_path.is_file():
                    broken.append(f"{path.relative_to(site)} -> {href}")
    assert not broken, "broken links:\n" + "\n".join(sorted(set(broken)))
    assert not _requests_elsewhere(browser)


def test_a_variant_page_in_the_browser(site, browser):
    """What a player reads first (play in a minute, the table), then drawn cards in the
    worked examples and the sample hand: every card picture draws a face of the page's sprite."""
    from selenium.webdriver.common.by import By

    _view(browser, DESKTOP)
    _open(browser, _file(site, "rules/egyptian.html"))
    assert browser.find_element(By.TAG_NAME, "h1").text == "Egyptian Basra"
    headings = [h.text.replace("¶", "").strip() for h in browser.find_elements(By.CSS_SELECTOR, "h2")]
    assert headings[0] == "Play in a minute", headings
    for heading in ("Setup and deal", "Play and capture", "Basras", "Scoring", "Worked examples", "A sample hand"):
        assert heading in headings, headings
    minute = browser.find_element(By.CSS_SELECTOR, "#play-in-a-minute + ol")
    assert len(minute.find_elements(By.CSS_SELECTOR, ":scope > li")) >= 8
    assert "4 cards to each player" in minute.text and "101 points" in minute.text
    tables = browser.find_elements(By.CSS_SELECTOR, "svg.basra-table")
    assert tables and tables[0].is_displayed() and "plays first" in tables[0].text
    pictures = browser.execute_script(
        "return [...document.querySelectorAll('svg.basra-pic')].map(svg => {"
        "  const use = svg.querySelector('use'); const id = use.getAttribute('href').slice(1);"
        "  return [svg.getAttribute('aria-label'), !!document.getElementById(id), use.getBBox().width]; })")
    assert len(pictures) > 50
    missing = [label for label, found, width in pictures if not found or width < 30]
    assert not missing, f"card pictures without a face: {missing[:5]}"
    folded = browser.find_element(By.CSS_SELECTOR, "details.example")  # the examples are folded in one block
    assert not folded.get_attribute("open") and folded.text.startswith("The ") and "worked examples" in folded.text
    browser.execute_script("arguments[0].scrollIntoView(); window.scrollBy(0, -80)", folded)
    folded.find_element(By.TAG_NAME, "summary").click()
    example = folded.find_element(By.CSS_SELECTOR, ".admonition.example")
    browser.execute_script("arguments[0].scrollIntoView(); window.scrollBy(0, -80)", example)
    assert "Floor" in example.text and "Played" in example.text and "Takes" in example.text
    assert "Why:" in example.text
    drawn = example.find_elements(By.CSS_SELECTOR, "svg.basra-pic")
    assert len(drawn) >= 3 and all(card.is_displayed() and card.size["width"] >= 30 for card in drawn)
    ARTIFACTS.mkdir(exist_ok=True)
    browser.save_screenshot(str(ARTIFACTS / "rulebook-egyptian-examples.png"))
    sample = browser.find_element(By.ID, "sample-hand")
    turns = browser.find_elements(By.CSS_SELECTOR, "details.example")[1]  # the sample hand's table, folded too
    browser.execute_script("arguments[0].scrollIntoView()", sample)
    turns.find_element(By.TAG_NAME, "summary").click()
    assert turns.find_elements(By.CSS_SELECTOR, "table svg.basra-pic")
    browser.save_screenshot(str(ARTIFACTS / "rulebook-egyptian-sample-hand.png"))
    browser.execute_script("document.getElementById('play-in-a-minute').scrollIntoView()")
    browser.save_screenshot(str(ARTIFACTS / "rulebook-egyptian-play-in-a-minute.png"))
    tips = browser.find_element(By.ID, "play-well")  # How to play well: each tip with its figure, on screen
    browser.execute_script("arguments[0].scrollIntoView(); window.scrollBy(0, -80)", tips)
    listed = tips.find_element(By.XPATH, "following-sibling::ul")
    assert listed.is_displayed() and "Keep a card for the end" in listed.text and "%" in listed.text
    browser.save_screenshot(str(ARTIFACTS / "rulebook-egyptian-play-well.png"))
    assert not _requests_elsewhere(browser)


def test_an_italian_pack_is_drawn_with_its_own_suits(site, browser):
    """Scopa's cards are coins, cups, swords and batons, named so and drawn in their inks."""
    from selenium.webdriver.common.by import By
    _view(browser, DESKTOP)
    _open(browser, _file(site, "rules/scopa.html"))
    labels = browser.execute_script(
        "return [...document.querySelectorAll('svg.basra-pic')].map(svg => svg.getAttribute('aria-label'))")
    assert any(label.endswith(" of coins") for label in labels) and not any("diamonds" in label for label in labels)
    inks = browser.execute_script(
        "return [...document.querySelectorAll('.basra-sprite path[fill-rule]')].length")
    assert inks >= 1  # the coin's ring is drawn even-odd
    folded = browser.find_element(By.CSS_SELECTOR, "details.example")
    browser.execute_script("arguments[0].scrollIntoView(); window.scrollBy(0, -80)", folded)
    folded.find_element(By.TAG_NAME, "summary").click()
    example = folded.find_element(By.CSS_SELECTOR, ".admonition.example")
    browser.execute_script("arguments[0].scrollIntoView(); window.scrollBy(0, -80)", example)
    drawn = example.find_elements(By.CSS_SELECTOR, "svg.basra-pic")
    assert drawn and all(card.is_displayed() and card.size["width"] >= 30 for card in drawn)
    ARTIFACTS.mkdir(exist_ok=True)
    browser.save_screenshot(str(ARTIFACTS / "rulebook-scopa-examples.png"))


@pytest.mark.parametrize("name", sorted(SHOWN))
def test_pages_at_desktop_and_phone_widths(site, browser, name):
    """Screenshots for a person to look at, and no page wider than a phone's screen."""
    ARTIFACTS.mkdir(exist_ok=True)
    _view(browser, DESKTOP)
    _open(browser, _file(site, SHOWN[name]))
    browser.save_screenshot(str(ARTIFACTS / f"rulebook-{name}-desktop.png"))
    assert (ARTIFACTS / f"rulebook-{name}-desktop.png").stat().st_size > 10_000
    _view(browser, PHONE, mobile=True)
    try:
        _open(browser, _file(site, SHOWN[name]))
        browser.save_screenshot(str(ARTIFACTS / f"rulebook-{name}-phone.png"))
        fit = browser.execute_script(
            "const root = document.documentElement;"
            "return {scroll: Math.max(root.scrollWidth, document.body.scrollWidth), inner: window.innerWidth,"
            " code: [...document.querySelectorAll('pre > code')].filter(c => c.scrollWidth > c.clientWidth + 1)"
            "  .map(c => c.textContent.split('\\n').reduce((a, b) => b.length > a.length ? b : a, ''))}")
        widest = browser.execute_script(  # the code block with the longest line, to see it wrap
            "const width = c => Math.max(...c.textContent.split('\\n').map(line => line.length));"
            "const all = [...document.querySelectorAll('pre > code')].filter(c => c.offsetParent);"
            "const code = all.sort((a, b) => width(b) - width(a))[0];"
            "if (code) { code.scrollIntoView(); window.scrollBy(0, -60); } return !!code")
        if widest:
            time.sleep(0.5)  # the header's title slides from the site's name to the page's
            browser.save_screenshot(str(ARTIFACTS / f"rulebook-{name}-phone-code.png"))
    finally:
        _view(browser, DESKTOP)
    assert fit["inner"] == PHONE[0], fit  # a page wider than the phone would zoom out
    assert fit["scroll"] <= fit["inner"] + 1, f"{name} scrolls sideways on a phone: {fit}"
    assert not fit["code"], f"{name}: code scrolls sideways on a phone: {fit['code']}"
    assert not _requests_elsewhere(browser)


def test_search_finds_a_variant_from_disk(site, browser):
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support import expected_conditions as EC
    from selenium.webdriver.support.ui import WebDriverWait

    _view(browser, DESKTOP)
    _open(browser, _file(site, "index.html"))
    WebDriverWait(browser, 30).until(EC.presence_of_element_located((By.CSS_SELECTOR, "input.md-search__input")))
    browser.execute_script("document.querySelector('label.md-header__button[for=__search]')?.click();"
                           "document.getElementById('__search').checked = true;")
    box = browser.find_element(By.CSS_SELECTOR, "input.md-search__input")
    WebDriverWait(browser, 30).until(lambda d: box.is_displayed())
    box.click()
    box.send_keys("pishti")
    WebDriverWait(browser, 30).until(
        lambda d: d.find_elements(By.CSS_SELECTOR, ".md-search-result__item a[href*='pishti']"))
    ARTIFACTS.mkdir(exist_ok=True)
    browser.save_screenshot(str(ARTIFACTS / "rulebook-search.png"))
    assert not _requests_elsewhere(browser)


def test_a_casino_build_example_reads_in_the_browser(site, browser):
    """Casino's worked examples: a build is drawn with the cards it is laid on, and the
    line under it names the build, its value and its owner."""
    from selenium.webdriver.common.by import By
    _view(browser, DESKTOP)
    _open(browser, _file(site, "rules/casino.html"))
    folded = browser.find_element(By.CSS_SELECTOR, "details.example")
    browser.execute_script("arguments[0].scrollIntoView(); window.scrollBy(0, -80)", folded)
    folded.find_element(By.TAG_NAME, "summary").click()
    examples = folded.find_elements(By.CSS_SELECTOR, ".admonition.example")
    raised = next(e for e in examples if "calls ten" in e.text)
    browser.execute_script("arguments[0].scrollIntoView(); window.scrollBy(0, -80)", raised)
    assert "Builds 10 on" in raised.text and "a build of 10" in raised.text and "owned by seat 2" in raised.text
    drawn = raised.find_elements(By.CSS_SELECTOR, "svg.basra-pic")
    assert len(drawn) >= 4 and all(card.is_displayed() for card in drawn)
    ARTIFACTS.mkdir(exist_ok=True)
    browser.save_screenshot(str(ARTIFACTS / "rulebook-casino-build.png"))


PAPERS = {"A4": (8.27, 11.69), "Letter": (8.5, 11.0)}  # inches


@pytest.mark.parametrize("name", ["egyptian", "scopa", "casino"])
def test_the_printed_page_is_a_one_page_rules_card(site, browser, name):
    """Printing a variant's page gives its rules card: the title, Play in a minute and At a
    glance, on one sheet of A4 and of Letter; the examples, the sample hand and the site's
    frame stay on screen. The card is photographed as print shows it, to be looked at."""
    import base64

    _view(browser, DESKTOP)
    _open(browser, _file(site, f"rules/{name}.html"))
    for paper, (width, height) in PAPERS.items():
        pdf = base64.b64decode(browser.execute_cdp_cmd("Page.printToPDF", {
            "paperWidth": width, "paperHeight": height, "printBackground": True, "preferCSSPageSize": True})["data"])
        assert len(re.findall(rb"/Type\s*/Page[^s]", pdf)) == 1, f"{name} prints on more than one {paper} sheet"
    browser.execute_cdp_cmd("Emulation.setEmulatedMedia", {"media": "print"})
    try:
        shown = browser.execute_script(
            "const seen = sel => { const e = document.querySelector(sel); return !!e && e.offsetParent !== null; };"
            "return {minute: seen('#play-in-a-minute'), glance: seen('.admonition.abstract'),"
            " examples: seen('#examples'), sample: seen('#sample-hand'), header: seen('.md-header')}")
        assert shown == {"minute": True, "glance": True, "examples": False, "sample": False, "header": False}, shown
        _view(browser, (703, 1032))  # A4's printable width at 96 px an inch, within its margins
        ARTIFACTS.mkdir(exist_ok=True)
        browser.save_screenshot(str(ARTIFACTS / f"rulebook-{name}-card.png"))
    finally:
        browser.execute_cdp_cmd("Emulation.setEmulatedMedia", {"media": ""})
        _view(browser, DESKTOP)
