"""Headless Chromium for the tests that look at pages (the rulebook site, the editor preview):
Debian's chromium and chromedriver, driven by Selenium, with no traffic to other hosts."""

from __future__ import annotations

import shutil
import tempfile
from contextlib import contextmanager
from pathlib import Path
from typing import Iterator

import pytest

CHROMIUM = next((p for p in ("/usr/bin/chromium", "/usr/bin/chromium-browser", shutil.which("chromium") or "")
                 if p and Path(p).exists()), None)
DRIVER = next((p for p in ("/usr/bin/chromedriver", shutil.which("chromedriver") or "") if p and Path(p).exists()),
              None)


def missing(chromium: str | None = CHROMIUM, driver: str | None = DRIVER) -> str | None:
    """Why the browser tests cannot run here, naming each thing that is missing (None: they can).
    scripts/test installs each with apt-get where it can, and says when it cannot."""
    absent = [what for what, found in (("Chromium (apt-get install chromium)", chromium),
                                       ("chromedriver (apt-get install chromium-driver)", driver)) if found is None]
    return f"{' and '.join(absent)} {'is' if len(absent) == 1 else 'are'} not installed" if absent else None


@contextmanager
def chromium(window: str = "1280,1600", log_requests: bool = False) -> Iterator:
    """Yields a Selenium driver of headless Chromium, or skips saying which of Chromium and
    chromedriver is not installed."""
    if reason := missing():
        pytest.skip(reason)
    webdriver = pytest.importorskip("selenium.webdriver", reason="selenium is not installed: pip install -e '.[test]'")
    from selenium.webdriver.chrome.service import Service

    profile = tempfile.mkdtemp(prefix="basra-chromium-")
    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM
    for flag in ("--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update", "--disable-sync",
                 "--disable-dev-shm-usage", f"--window-size={window}", f"--user-data-dir={profile}"):
        options.add_argument(flag)
    # the console is always kept (a page's errors, a blocked script); requests only when asked
    options.set_capability("goog:loggingPrefs", {"browser": "ALL", **({"performance": "ALL"} if log_requests else {})})
    driver = webdriver.Chrome(service=Service(DRIVER), options=options)
    driver.set_page_load_timeout(60)
    try:
        yield driver
    finally:
        driver.quit()
        shutil.rmtree(profile, ignore_errors=True)
