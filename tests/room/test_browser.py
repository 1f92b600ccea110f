"""The room in real browsers: `basra serve` started as a person would, four headless
Chromium sessions joining one Egyptian room in order, checking the seating, chatting and
playing a whole hand to the score screen; then a room where two seats are bots; the lobby
showing what each option means, and a new room telling its maker, a visitor and a guest
what to do next, with its link to copy. The screenshots go to artifacts/room/ for a person
to look at."""

from __future__ import annotations

import contextlib
import json
import time
import urllib.request
from pathlib import Path

import pytest
from browser import chromium
from servers import serve

WebDriverWait = pytest.importorskip("selenium.webdriver.support.ui").WebDriverWait
ROOT = Path(__file__).parents[2]
SHOTS = ROOT / "artifacts" / "room"


@pytest.fixture(scope="module")
def server():
    process, port = serve("--bot-delay", "0.05")
    yield f"http://127.0.0.1:{port}"
    process.terminate()
    process.wait(timeout=10)


def js(browser, script: str, *args):
    return browser.execute_script(script, *args)


def wait(browser, condition: str, seconds: float = 30):
    WebDriverWait(browser, seconds).until(lambda b: b.execute_script(f"return Boolean({condition})"))


def make_room(browser, base: str, players: int, stand_in: bool = False, variant: str = "egyptian",
              options: dict | None = None) -> str:
    browser.get(base + "/")
    wait(browser, f"document.querySelector('#variant option[value={variant}]')")
    js(browser, f"const v = document.getElementById('variant'); v.value = '{variant}'; v.dispatchEvent(new Event('change'));"
                f"document.getElementById('players').value = '{players}';")
    for name, value in (options or {}).items():  # the lobby's choice of the option, by its JSON value
        js(browser, f"document.querySelector('[data-option={name}]').value = {json.dumps(json.dumps(value))};")
    if stand_in:
        browser.find_element("id", "stand-in").click()
        browser.save_screenshot(str(SHOTS / "lobby.png"))
    browser.find_element("css selector", "#create button[type=submit]").click()
    wait(browser, "location.pathname.startsWith('/room/')")
    return browser.current_url


def take_seat(browser, url: str, name: str) -> None:
    if browser.current_url != url:
        browser.get(url)
    wait(browser, "!document.getElementById('join').hidden")
    browser.find_element("id", "name").send_keys(name)
    browser.find_element("css selector", "#join-form button").click()
    wait(browser, "document.getElementById('join').hidden")


def seat_names(browser) -> dict[int, str]:
    return {int(seat): name for seat, name in js(
        browser, "return [...document.querySelectorAll('.seat')].map(s => [s.dataset.seat, s.querySelector('strong').textContent])")}


def play_if_my_turn(browser) -> bool:
    """Clicks the first card (and its first move) when this browser's player is to play; never
    a declaration (the room offers those as choices too), and not while one is offered."""
    return js(browser, """
        if (!document.getElementById('status').textContent.startsWith('Your turn')) return false;
        if ((view.game.declarations || []).length) return false;
        const card = [...document.querySelectorAll('#hand .card-button:not(:disabled)')]
            .find((b) => (view.game.moves[b.dataset.card] || []).length);  // where taking is compulsory, some have none
        if (!card) return false;
        card.click();
        const choice = [...document.querySelectorAll('#choices:not([hidden]) .choice')]
            .find((b) => !b.textContent.startsWith('declare '));
        if (choice) choice.click();
        return true;""")


def hand_over(browser) -> bool:
    return js(browser, "return !document.getElementById('result').hidden")


def play_hand(browsers: list, seconds: float = 240) -> None:
    deadline = time.monotonic() + seconds
    while not hand_over(browsers[0]):
        assert time.monotonic() < deadline, "the hand did not end in time"
        if not any(play_if_my_turn(b) for b in browsers):
            time.sleep(0.05)


def test_four_browsers_join_in_order_chat_and_play_a_hand(server):
    SHOTS.mkdir(parents=True, exist_ok=True)
    with contextlib.ExitStack() as stack:
        browsers = [stack.enter_context(chromium(window="1200,900")) for _ in range(4)]
        url = make_room(browsers[0], server, 4)
        for browser, name in zip(browsers, ["Amr", "Basma", "Camal", "Dina"]):
            take_seat(browser, url, name)
        wait(browsers[0], "document.querySelectorAll('.seat .facts').length === 4 && "
                          "![...document.querySelectorAll('.seat strong')].some(s => s.textContent.includes('empty'))")
        names = seat_names(browsers[0])
        assert names == {0: "Amr (you)", 1: "Camal", 2: "Basma", 3: "Dina"}  # partners opposite: 0 & 2, 1 & 3
        assert "team 1" in js(browsers[0], "return document.querySelector('.seat[data-seat=\"2\"] .facts').textContent")

        browsers[2].find_element("id", "say").send_keys("<i>good luck</i> all")
        browsers[2].find_element("css selector", "#chat-form button").click()
        for browser in browsers:
            wait(browser, "document.querySelector('#lines li:last-child')?.textContent === 'Camal: <i>good luck</i> all'")
        assert js(browsers[0], "return document.querySelectorAll('#lines i').length") == 0  # shown as text

        browsers[0].find_element("id", "start-button").click()
        for browser in browsers:
            wait(browser, "document.querySelectorAll('#hand .card-button').length === 4")
        browsers[0].save_screenshot(str(SHOTS / "table-start.png"))
        play_if_my_turn(next(b for b in browsers if js(b, "return document.getElementById('status').textContent")
                             .startswith("Your turn")))
        time.sleep(0.3)
        browsers[1].save_screenshot(str(SHOTS / "table-after-a-play.png"))
        play_hand(browsers)
        for browser in browsers:
            wait(browser, "!document.getElementById('result').hidden")
        summary = js(browsers[0], "return document.getElementById('result').textContent")
        assert "Hand 1 is over" in summary and "points this hand" in summary
        browsers[0].save_screenshot(str(SHOTS / "scores.png"))
        js(browsers[3], "window.scrollTo(0, 0)")
        browsers[3].execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                                    {"width": 390, "height": 844, "deviceScaleFactor": 1, "mobile": True})
        time.sleep(0.3)
        browsers[3].save_screenshot(str(SHOTS / "phone-scores.png"))
        assert js(browsers[3], "return document.documentElement.scrollWidth") <= 391  # no sideways scrolling


def test_two_people_and_two_bots_play_a_hand(server):
    with contextlib.ExitStack() as stack:
        host, guest = (stack.enter_context(chromium(window="1200,900")) for _ in range(2))
        url = make_room(host, server, 4, stand_in=True)
        take_seat(host, url, "Host")
        take_seat(guest, url, "Guest")
        wait(host, "!document.getElementById('host').hidden")
        host.find_element("id", "bots-button").click()
        wait(host, "document.querySelectorAll('.seat .facts').length === 4 && "
                   "[...document.querySelectorAll('.seat .facts')].filter(f => f.textContent.includes('bot')).length === 2")
        host.find_element("id", "start-button").click()
        play_hand([host, guest])
        wait(guest, "!document.getElementById('result').hidden")
        host.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                             {"width": 390, "height": 844, "deviceScaleFactor": 1, "mobile": True})
        host.find_element("id", "next-button").click()
        wait(host, "document.getElementById('result').hidden")
        time.sleep(0.5)
        host.save_screenshot(str(SHOTS / "phone-table.png"))
        assert js(host, "return document.documentElement.scrollWidth") <= 391


def test_where_cards_take_piles_each_seat_shows_its_top_card_and_a_pile_is_offered_in_words(server):
    """Stealing Bundles against a bot, taking left to the player (must_take no): the seats show
    their piles' top cards, and a card that can take the bot's pile offers it by name beside
    laying it down; taking it moves the pile to the person."""
    with chromium(window="1200,900") as host:
        url = make_room(host, server, 2, variant="stealing-bundles", options={"must_take": False})
        start_against_bots(host, url)
        deadline = time.monotonic() + 180
        stealing = ("if (!view.game || view.game.turn !== view.you) return null;"
                    "for (const [c, ms] of Object.entries(view.game.moves || {}))"
                    "  if (ms.some((m) => 'steal' in m)) return c;"
                    "return null;")
        play_until(host, "return (function () {" + stealing + "})() !== null", deadline, "no pile was offered in time")
        card = js(host, stealing)
        top = js(host, "return view.game.pile_tops[1]")
        facts = js(host, "return document.querySelector('.seat[data-seat=\"1\"] .facts').textContent")
        assert "on top" in facts, facts
        host.find_element("css selector", f"#hand .card-button[data-card='{card}']").click()
        wait(host, "!document.getElementById('choices').hidden")
        labels = js(host, "return [...document.querySelectorAll('#choices .choice')].map(b => b.textContent)")
        assert "take seat 2's pile" in labels, labels
        host.save_screenshot(str(SHOTS / "pile-offered.png"))
        size = js(host, "return view.game.piles[1]")
        host.find_elements("css selector", "#choices .choice")[labels.index("take seat 2's pile")].click()
        taken = f"view.game.plays.find((p) => p.seat === 0 && p.steal === 1 && p.card === '{card}')"
        wait(host, taken)
        play = js(host, f"return {taken}")
        assert len(play["captured"]) == size and play["captured"][-1] == top  # the whole pile, its top last
        assert js(host, "return document.getElementById('scores').textContent").startswith("Scores · 1 hand")
        assert console_errors(host) == []


def test_a_declaration_is_offered_as_a_button_and_shown_to_the_table(server):
    """Cirulla against a bot: at the person's first turn after a deal with a low hand or three
    of a kind, the room offers the declaration as a button; declaring it scores and shows it."""
    with chromium(window="1200,900") as host:
        url = make_room(host, server, 2, variant="cirulla")
        start_against_bots(host, url)
        deadline = time.monotonic() + 240
        offered = "return view.game && view.game.turn === view.you && (view.game.declarations || []).length > 0"
        play_until(host, offered, deadline, "no declaration was offered in time")
        name = js(host, "return view.game.declarations[0].name")
        wait(host, "!document.getElementById('choices').hidden")
        buttons = host.find_elements("css selector", "#choices .choice")
        assert buttons[0].text.startswith("declare "), [b.text for b in buttons]
        host.save_screenshot(str(SHOTS / "declaration-offered.png"))
        buttons[0].click()
        wait(host, f"view.game.plays.some((p) => p.seat === 0 && p.declare === '{name}')")
        assert js(host, "return view.game.shown[0].length") > 0
        assert "declares " + name in js(host, "return document.getElementById('plays').textContent")
        host.save_screenshot(str(SHOTS / "declaration-made.png"))
        assert console_errors(host) == []


def play_until(host, condition: str, deadline: float, what: str) -> None:
    """Plays the person's cards (never a declaration), hand after hand, until the script
    ``condition`` returns true."""
    while not js(host, condition):
        assert time.monotonic() < deadline, what
        if hand_over(host):
            host.find_element("id", "next-button").click()
            wait(host, "document.getElementById('result').hidden")
        elif not play_if_my_turn(host):
            time.sleep(0.05)
        time.sleep(0.1)  # the view after the play: a new deal may offer what is waited for


def start_against_bots(host, url: str) -> None:
    """Takes the first seat of a new room, fills the others with bots and starts the game."""
    take_seat(host, url, "Host")
    wait(host, "!document.getElementById('host').hidden")
    host.find_element("id", "bots-button").click()
    wait(host, "[...document.querySelectorAll('.seat .facts')].some(f => f.textContent.includes('bot'))")
    host.find_element("id", "start-button").click()


def console_errors(browser) -> list[str]:
    return [entry["message"] for entry in browser.get_log("browser") if entry["level"] == "SEVERE"]


def test_a_tab_left_behind_shows_the_room_as_a_visitor_and_no_page_breaks_its_own_policy(server):
    with contextlib.ExitStack() as stack:
        host, first, second = (stack.enter_context(chromium(window="1200,900")) for _ in range(3))
        url = make_room(host, server, 2)
        take_seat(host, url, "Host")
        take_seat(first, url, "Guest")
        second.get(url)  # the same person's second tab: the page takes the seat back with its stored token
        token = js(first, "return Object.entries(localStorage).find(([k]) => k.startsWith('basra-seat-'))")
        js(second, "localStorage.setItem(arguments[0], arguments[1]); location.reload()", *token)
        wait(second, "document.getElementById('join').hidden && "
                     "document.querySelector('.seat[data-seat=\"1\"] strong')?.textContent === 'Guest (you)'")
        js(first, "socket.send(JSON.stringify({type: 'leave'}))")
        wait(second, "!document.getElementById('join').hidden")  # a visitor again: it may join, it holds no seat
        assert js(second, "return document.getElementById('chat').hidden")
        SHOTS.mkdir(parents=True, exist_ok=True)
        second.save_screenshot(str(SHOTS / "tab-left-behind.png"))
        for browser in (host, first, second):
            csp = [m for m in console_errors(browser) if "Content Security Policy" in m]
            assert csp == [], csp


def status(browser) -> str:
    return js(browser, "return document.getElementById('status').textContent")


def test_the_lobby_shows_what_each_option_means(server):
    with urllib.request.urlopen(server + "/api/variants") as answer:
        offers = {o["name"]: o for o in json.load(answer)}
    wanted = {name.replace("_", " "): about["about"] for name, about in offers["egyptian"]["options"].items()}
    assert wanted and all(wanted.values())
    with chromium(window="1200,900") as browser:
        browser.get(server + "/")
        wait(browser, "document.querySelector('#variant option[value=egyptian]') && "
                      "document.querySelectorAll('#options .option').length")
        fields = browser.find_elements("css selector", "#options .option")
        shown = {}
        for field in fields:
            meaning = field.find_element("css selector", ".about")
            assert meaning.is_displayed() and meaning.size["height"] > 0  # on the page, not in a tooltip
            select = field.find_element("css selector", "select")
            assert select.get_attribute("aria-describedby") == meaning.get_attribute("id")
            shown[field.find_element("css selector", "label .name").text] = meaning.text
        assert shown == wanted
        SHOTS.mkdir(parents=True, exist_ok=True)
        browser.save_screenshot(str(SHOTS / "lobby-options.png"))
        js(browser, "const v = document.getElementById('variant'); v.value = 'casino'; v.dispatchEvent(new Event('change'));")
        texts = js(browser, "return [...document.querySelectorAll('#options .about')].map(a => a.textContent)")
        assert texts == [about["about"] for about in offers["casino"]["options"].values()]
        js(browser, "const v = document.getElementById('variant'); v.value = 'parlett'; v.dispatchEvent(new Event('change'));")
        assert js(browser, "return document.getElementById('options').children.length") == 0  # no options, no heading
        assert [m for m in console_errors(browser) if "Content Security Policy" in m] == []


def test_a_new_room_says_what_to_do_next_and_offers_its_link_to_copy(server):
    with contextlib.ExitStack() as stack:
        host, guest = (stack.enter_context(chromium(window="1200,900")) for _ in range(2))
        url = make_room(host, server, 2)
        assert "/room/" in url
        wait(host, "document.getElementById('status').textContent")
        said = status(host)  # the maker, not seated yet
        assert said.startswith("You made this room: enter your name and take a seat.") and "share this room's link" in said
        assert "Waiting for the host" not in said
        SHOTS.mkdir(parents=True, exist_ok=True)
        host.save_screenshot(str(SHOTS / "room-new-maker.png"))

        # the link to send, with a Copy button, while the room waits for players
        assert host.find_element("id", "invite").is_displayed()
        link = host.find_element("id", "invite-link")
        assert link.get_attribute("value") == url and link.get_attribute("readonly") is not None
        copy = host.find_element("id", "copy-button")
        assert copy.text == "Copy link" and copy.is_displayed()

        guest.get(url)  # a visitor: no seat, and did not make the room
        wait(guest, "document.getElementById('status').textContent")
        assert status(guest) == "Take a seat to play: enter your name below."

        take_seat(host, url, "Host")
        wait(host, "!document.getElementById('host').hidden")
        assert status(host) == ("Share this room's link so friends can join, or fill the empty seats "
                                "with bots and start.")
        wait(guest, "document.getElementById('status').textContent.startsWith('1 of 2')")
        assert status(guest) == "1 of 2 seats taken. Take a seat to play: enter your name below."
        SHOTS.mkdir(parents=True, exist_ok=True)
        host.save_screenshot(str(SHOTS / "room-empty-host.png"))

        # Copy puts the link on the clipboard where the browser allows it ...
        origin = server
        host.execute_cdp_cmd("Browser.grantPermissions", {"origin": origin, "permissions": [
            "clipboardReadWrite", "clipboardSanitizedWrite"]})
        copy.click()
        wait(host, "document.getElementById('copy-note').textContent")
        assert host.find_element("id", "copy-note").text.startswith("Copied")
        clipboard = host.execute_async_script("navigator.clipboard.readText().then(arguments[0], e => arguments[0]('error ' + e))")
        assert clipboard == url
        # ... and selects it for the person to copy where it does not (no clipboard for a page on plain http)
        js(guest, "Object.defineProperty(navigator, 'clipboard', {value: undefined, configurable: true})")
        guest.find_element("id", "copy-button").click()
        wait(guest, "document.getElementById('copy-note').textContent")
        assert "selected" in guest.find_element("id", "copy-note").text
        assert js(guest, "const l = document.getElementById('invite-link'); return document.activeElement === l && "
                         "l.value.substring(l.selectionStart, l.selectionEnd)") == url

        take_seat(guest, url, "Guest")
        wait(guest, "document.getElementById('status').textContent.startsWith('2 of 2')")
        assert status(guest) == "2 of 2 seats taken. Waiting for Host to start the game."
        wait(host, "document.getElementById('status').textContent.startsWith('2 of 2')")
        assert status(host) == "2 of 2 seats taken. Every seat is taken: start the game."
        assert not host.find_element("id", "invite").is_displayed()  # nobody left to invite
        host.find_element("id", "start-button").click()
        wait(host, "document.querySelectorAll('#hand .card-button').length === 4")
        assert not host.find_element("id", "invite").is_displayed()
        for browser in (host, guest):
            assert [m for m in console_errors(browser) if "Content Security Policy" in m] == []
