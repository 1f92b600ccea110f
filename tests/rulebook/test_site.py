"""The published site: a strict mkdocs build, then a look at it in headless Chromium.

The browser part needs Chromium and its driver from the system packages
(``apt-get install -y chromium chromium-driver``) and selenium (the ``test`` extra); it is
skipped, saying why, when they are missing. A screenshot is saved in ``artifacts/``.
"""

from __future__ import annotations

import functools
import http.server
import shutil
import tempfile
import threading
from pathlib import Path

import pytest
from click.testing import CliRunner

from basra_dsl.cli.docs import docs
from basra_dsl.resources import bundled_variants

ROOT = Path(__file__).resolve().parents[2]
ARTIFACTS = ROOT / "artifacts"
CHROMIUM = next((p for p in ("/usr/bin/chromium", "/usr/bin/chromium-browser", shutil.which("chromium") or "")
                 if p and Path(p).exists()), None)
DRIVER = next((p for p in ("/usr/bin/chromedriver", shutil.which("chromedriver") or "") if p and Path(p).exists()),
              None)


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    """Builds the site with ``basra docs build`` (strict) into a temporary folder."""
    out = tmp_path_factory.mktemp("site")
    result = CliRunner().invoke(docs, ["build", "--site-dir", str(out), "--config", str(ROOT / "mkdocs.yml")])
    assert result.exit_code == 0, result.output
    return out


def test_the_build_is_strict_and_complete(site):
    for name in bundled_variants():
        page = site / "rules" / name / "index.html"
        assert page.is_file(), f"no page for {name}"
        html = page.read_text(encoding="utf-8")
        assert 'id="rule-setup-deck"' in html or 'id="rule-setup-hand"' in html
        assert "tabbed-set" in html and "language-basra" in html or "highlight" in html
    for page in ("index.html", "comparison/index.html", "language/index.html", "records/index.html",
                 "cli/index.html", "schemas/index.html", "tutorial/index.html", "tags/index.html"):
        assert (site / page).is_file(), page
    assert (site / "schemas" / "record.schema.json").is_file()
    assert (site / "search" / "search_index.json").is_file()


def test_source_is_highlighted_by_the_basra_lexer(site):
    html = (site / "rules" / "egyptian" / "index.html").read_text(encoding="utf-8")
    assert '<span class="k">variant</span>' in html  # a keyword token of BasraLexer
    assert '<span class="err">' not in html


def test_player_counts_are_tags(site):
    html = (site / "tags" / "index.html").read_text(encoding="utf-8")
    assert "2 players" in html and "4 players" in html


class _Quiet(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *args):  # noqa: D401 - keep test output clean
        pass


@pytest.fixture(scope="module")
def served(site):
    handler = functools.partial(_Quiet, directory=str(site))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_address[1]}"
    server.shutdown()
    server.server_close()


@pytest.fixture(scope="module")
def browser():
    if CHROMIUM is None or DRIVER is None:
        pytest.skip("headless Chromium is not installed: apt-get install -y chromium chromium-driver")
    webdriver = pytest.importorskip("selenium.webdriver", reason="selenium is not installed: pip install -e '.[test]'")
    from selenium.webdriver.chrome.service import Service

    profile = tempfile.mkdtemp(prefix="basra-chromium-")
    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM
    for flag in ("--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update", "--disable-sync",
                 "--disable-dev-shm-usage", "--window-size=1280,1600", f"--user-data-dir={profile}"):
        options.add_argument(flag)
    driver = webdriver.Chrome(service=Service(DRIVER), options=options)
    driver.set_page_load_timeout(60)
    yield driver
    driver.quit()
    shutil.rmtree(profile, ignore_errors=True)


def test_a_variant_page_in_the_browser(served, browser):
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support import expected_conditions as EC
    from selenium.webdriver.support.ui import WebDriverWait

    browser.get(f"{served}/rules/egyptian/")
    WebDriverWait(browser, 30).until(EC.presence_of_element_located((By.ID, "setup")))
    assert browser.find_element(By.TAG_NAME, "h1").text == "Egyptian Basra"
    headings = [h.text.replace("¶", "").strip() for h in browser.find_elements(By.CSS_SELECTOR, "h2")]
    for heading in ("Setup and deal", "Play and capture", "Basras", "Scoring", "Worked examples"):
        assert heading in headings, headings
    red = browser.find_elements(By.CSS_SELECTOR, ".basra-card.basra-red")
    assert red and red[0].is_displayed() or len(red) > 10
    colour = browser.execute_script(
        "return getComputedStyle(document.querySelector('.basra-card.basra-red')).color")
    assert colour.replace(" ", "") in ("rgb(198,40,40)", "rgba(198,40,40,1)")
    example = browser.find_element(By.CSS_SELECTOR, ".admonition.example")
    assert "Played:" in example.text and "Takes:" in example.text
    ARTIFACTS.mkdir(exist_ok=True)
    browser.save_screenshot(str(ARTIFACTS / "rulebook-egyptian.png"))
    assert (ARTIFACTS / "rulebook-egyptian.png").stat().st_size > 10_000
    browser.execute_script("document.getElementById('examples').scrollIntoView()")
    browser.save_screenshot(str(ARTIFACTS / "rulebook-egyptian-examples.png"))


def test_search_finds_a_variant(served, browser):
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support import expected_conditions as EC
    from selenium.webdriver.support.ui import WebDriverWait

    browser.get(f"{served}/")
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
