#!/usr/bin/env python3
"""Drives the browser host page (GET /) as a shopper, in headless Chromium.

Run by Examples/browser-check.sh, which installs Chromium, its driver and Selenium
and starts the server. Every step asserts on the DOM: the screen on top, the
breadcrumb, the focused row, the route banner; a JavaScript error or a failed
request in the console fails the run, and so does a CVV found in the DOM, the
URL or the page's storage after it was sent (standing on its own, as
typed_value_scan.py finds it: four digits inside a UUID are not a CVV). The 3-D Secure walks are in
browser_challenge.py; while the bank's dialog is open they also scan the
cookies, the server's log (--server-log) and the database (--dump-command).

  browser_check.py BASE_URL --screenshots DIR [--restart-command CMD] [--server-log FILE] [--dump-command CMD]
"""
import argparse
import re
import subprocess
import sys
import time

from selenium import webdriver
from selenium.common.exceptions import TimeoutException
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import WebDriverWait

import browser_challenge
from typed_value_scan import found

CARD_WRONG_CVC = "4000 0000 0000 0127"
CARD_OK = "4242 4242 4242 4242"
FIRST_CVV = "7391"
SECOND_CVV = "8264"
THIRD_CVV = "5173"
CVVS = [FIRST_CVV, SECOND_CVV, THIRD_CVV] + browser_challenge.CHALLENGE_CVVS

passed = 0

# A session API answer the page handles and shows (a refusal, 422; a conflict, 409),
# as Chromium logs it: any other failed request (a 404 for a file, a 500) fails the run.
EXPECTED_API_ANSWER = re.compile(
    r"/sessions/[^ ]* - Failed to load resource: the server responded with a status of (409|422)\b")


class CheckFailed(Exception):
    pass


def check(condition, message):
    global passed
    if not condition:
        raise CheckFailed(message)
    passed += 1
    print(f"  ok: {message}")


class Shopper:
    def __init__(self, driver, base, shots, server_log=None, dump_command=None):
        self.driver = driver
        self.base = base
        self.shots = shots
        self.server_log = server_log  # the server's log file, scanned for CVVs
        self.dump_command = dump_command  # prints the database's dump (PostgreSQL store)
        self.allowed_failures = []  # console lines a step expects (none by default)

    def check(self, condition, message):
        check(condition, message)

    # ---- reading the page ----
    def js(self, script, *args):
        return self.driver.execute_script(script, *args)

    def wait(self, predicate, what, timeout=15):
        try:
            WebDriverWait(self.driver, timeout, poll_frequency=0.03).until(lambda _: predicate())
        except TimeoutException:
            raise CheckFailed(f"timed out waiting for {what}; the page is at {self.top()} "
                              f"({self.breadcrumb()!r}), problem: {self.problem()!r}")

    def idle(self):
        return self.js("return window.checkoutHost !== undefined && window.checkoutHost.idle "
                       "&& !document.querySelector('#offer').open")

    def settle(self, what="the page to settle"):
        self.wait(self.idle, what)
        self.console_clean()

    def top(self):
        return self.js("return document.querySelector('#stage').dataset.top")

    def breadcrumb(self):
        return self.js("return document.querySelector('#breadcrumb').textContent")

    def banner(self):
        return self.js("const b = document.querySelector('#banner'); return b.hidden ? null : b.textContent")

    def problem(self):
        return self.js("const p = document.querySelector('#problem'); return p.hidden ? null : p.textContent")

    def focused_row(self):
        return self.js("return document.activeElement?.closest('[data-row]')?.dataset.row ?? null")

    def row(self, row_id):
        return self.driver.find_element(By.CSS_SELECTOR, f"#stage .screen.on-top [data-row='{row_id}']")

    def row_error(self, row_id):
        """The row's error the shopper sees (a hidden one is not)."""
        found = [error for error in self.row(row_id).find_elements(By.CSS_SELECTOR, ".error") if error.is_displayed()]
        return found[0].text if found else None

    def row_errors(self, row_id):
        """Every error the row shows."""
        return [error.text for error in self.row(row_id).find_elements(By.CSS_SELECTOR, ".error") if error.is_displayed()]

    def transitions(self):
        return self.js("return window.checkoutHost.transitions")

    def console_clean(self):
        for entry in self.driver.get_log("browser"):
            if entry["level"] != "SEVERE":
                continue
            if EXPECTED_API_ANSWER.search(entry["message"]):
                # Chromium logs every 4xx as a failed load; a refusal (422) or a conflict
                # (409) of the session API is an answer the page shows, not a failure.
                print(f"  (an answer the page shows) {entry['message']}")
                continue
            if any(allowed in entry["message"] for allowed in self.allowed_failures):
                print(f"  (expected) {entry['message']}")
                continue
            raise CheckFailed(f"the console has an error: {entry['message']}")

    def no_cvv_anywhere(self, moment):
        source = self.driver.page_source
        storage = self.js("return JSON.stringify([Object.entries(localStorage), Object.entries(sessionStorage)])")
        values = self.js("return [...document.querySelectorAll('input')].map((i) => i.value).join(' ')")
        for cvv in CVVS:
            check(not found(cvv, source) and not found(cvv, values), f"{moment}: no CVV {cvv} in the DOM or any field")
            check(not found(cvv, storage), f"{moment}: no CVV {cvv} in localStorage or sessionStorage")
            check(not found(cvv, self.driver.current_url), f"{moment}: no CVV {cvv} in the URL")

    def shot(self, name):
        path = f"{self.shots}/{name}.png"
        self.driver.save_screenshot(path)
        print(f"  screenshot: {path}")

    # ---- acting as a shopper ----
    def tap(self, row_id):
        self.settle(f"the page before tapping {row_id}")
        self.row(row_id).find_element(By.CSS_SELECTOR, "button").click()

    def type(self, row_id, value):
        self.settle(f"the page before typing into {row_id}")
        field = self.row(row_id).find_element(By.CSS_SELECTOR, "input, select")
        if field.tag_name == "select":
            field.find_element(By.CSS_SELECTOR, f"option[value='{value}']").click()
        else:
            # Typed over what the field shows (Keys.NULL lets go of Control).
            field.send_keys(Keys.CONTROL, "a", Keys.NULL, value, Keys.TAB)
        self.settle(f"the answer to setting {row_id}")
        last = self.js("return window.checkoutHost.events.at(-1)")
        check(last["event"] == "set" and last["row"] == row_id, f"{row_id} was sent to the server")

    def expect_screen(self, step, crumb):
        self.settle(f"{step} on top")
        self.wait(lambda: self.top() == step, f"{step} on top")
        check(self.top() == step, f"{step} is the screen on top")
        check(self.breadcrumb() == crumb, f"the breadcrumb reads {crumb!r} (got {self.breadcrumb()!r})")
        self.js("return document.querySelector('#graph g.node.on-screen')")
        highlighted = self.js("return document.querySelector('#graph g.node.on-screen')?.dataset.step ?? null")
        check(highlighted == step, f"the flow's picture highlights {step} (got {highlighted})")

    def expect_transitions(self, since, kinds):
        done = self.transitions()[since:]
        check([t["kind"] for t in done] == kinds, f"transitions {kinds} (got {[t['command'] for t in done]})")
        events = self.js("return window.checkoutHost.events")
        for transition in done:
            # The first `appeared` sent after the transition began came after it ended.
            after = [e for e in events if e["event"] == "appeared" and e["at"] >= transition["started"]]
            check(after and after[0]["at"] >= transition["ended"],
                  f"`{transition['command']}` ran {transition['ended'] - transition['started']:.0f} ms, "
                  f"and `appeared {after[0]['step'] if after else '?'}` was sent only when it had ended")

    def fill_address(self):
        self.tap("shippingAddress")
        self.expect_screen("address", "My Cart › Step One | modal: Shipping Address")
        for row_id, value in [("name", "Ada Lovelace"), ("street", "1 Main St"), ("city", "Portland"),
                              ("state", "OR"), ("zip", "97201")]:
            self.type(row_id, value)
        self.tap("done")
        self.expect_screen("stepOne", "My Cart › Step One")

    def fill_card(self, number, cvv):
        self.tap("creditCard")
        self.expect_screen("creditCard", "My Cart › Step One | modal: Credit Card")
        self.type("name", "Ada Lovelace")
        self.type("number", number)
        check(self.row("number").find_element(By.CSS_SELECTOR, "input").get_attribute("placeholder")
              == "•••• " + number[-4:], "the card number is shown masked, as its last four")
        self.type("expiry", "12/30")
        self.type("cvv", cvv)
        check(self.row("cvv").find_element(By.CSS_SELECTOR, "input").get_attribute("value") == "",
              "the CVV field is empty once the CVV is sent")
        self.no_cvv_anywhere("after the CVV was sent")
        self.tap("done")
        self.expect_screen("stepOne", "My Cart › Step One")

    def new_checkout(self):
        self.settle("the page before a new checkout")
        self.driver.find_element(By.ID, "new-session").click()
        self.expect_screen("cart", "My Cart")

    def new_checkout_at_step_two(self, card, cvv):
        """A new PLNDR checkout, address and card filled in, on Step Two."""
        self.new_checkout()
        self.tap("checkout")
        self.expect_screen("stepOne", "My Cart › Step One")
        self.fill_address()
        self.fill_card(card, cvv)
        self.tap("continue")
        self.expect_screen("stepTwo", "My Cart › Step One › Step Two")

    def accept_offer(self, message_part):
        self.wait(lambda: self.js("return document.querySelector('#offer').open"), "the offer dialog")
        message = self.driver.find_element(By.ID, "offer-message").text
        check(message_part in message, f"the offer says {message!r}")
        check(self.driver.find_element(By.ID, "offer-accept").text == "Fix it", "the dialog offers \"Fix it\"")
        check(self.driver.find_element(By.ID, "offer-decline").text == "Not now", "and \"Not now\"")
        return message


def story_cvv(s):
    print("story 1: the whole PLNDR checkout, the CVV declined and fixed through the route")
    s.expect_screen("cart", "My Cart")
    check(s.js("return document.querySelectorAll('#graph svg g.node').length") == 7,
          "the flow's picture is an SVG with the 7 steps")
    before = len(s.transitions())
    s.tap("checkout")
    s.expect_screen("stepOne", "My Cart › Step One")
    s.expect_transitions(before, ["push"])
    continue_row = s.row("continue")
    check("disabled" in continue_row.get_attribute("class")
          and "Shipping Address" in continue_row.text, "Continue is disabled, with the steps it needs")
    check(s.row("shippingMethod").find_element(By.CSS_SELECTOR, "option:checked").text
          == "Standard (5-7 business days)", "the picker shows its option's label")
    before = len(s.transitions())
    s.fill_address()
    s.expect_transitions(before, ["present", "dismiss"])
    s.fill_card(CARD_WRONG_CVC, FIRST_CVV)
    before = len(s.transitions())
    s.tap("continue")
    s.expect_screen("stepTwo", "My Cart › Step One › Step Two")
    s.expect_transitions(before, ["push"])
    s.no_cvv_anywhere("on Step Two, the card sheet gone")
    s.shot("browser-step-two")

    s.tap("placeOrder")
    s.accept_offer("security code")
    s.shot("browser-offer")
    before = len(s.transitions())
    s.js("window.checkoutHost.banners = []")
    s.driver.find_element(By.ID, "offer-accept").click()
    s.wait(lambda: s.banner() is not None, "the route banner")
    s.wait(lambda: s.js("return document.querySelector('#graph g.edge.on-route') !== null"), "the route on the picture")
    s.shot("browser-route")
    s.expect_screen("creditCard", "My Cart › Step One | modal: Credit Card")
    s.expect_transitions(before, ["pop", "present"])
    banners = s.js("return window.checkoutHost.banners")
    check("taking you to Credit Card: 1 of 2" in banners and "taking you to Credit Card: 2 of 2" in banners,
          f"the banner showed the route's progress ({banners})")
    check(s.banner() is None, "the banner is gone once the route arrived")
    check(s.focused_row() == "cvv", "the CVV row has the keyboard focus")
    check("security code" in (s.row_error("cvv") or ""), f"the error is under the CVV: {s.row_error('cvv')!r}")
    s.shot("browser-cvv-focused")

    s.type("cvv", SECOND_CVV)
    check(s.row_error("cvv") is None, "a new CVV clears the error")
    s.tap("done")
    s.expect_screen("stepOne", "My Cart › Step One")
    s.tap("continue")
    s.expect_screen("stepTwo", "My Cart › Step One › Step Two")
    before = len(s.transitions())
    s.tap("placeOrder")
    s.expect_screen("confirmation", "Thank You")
    s.expect_transitions(before, ["reset"])
    thanks = s.row("thanks").text
    number = re.search(r"PLNDR-\d{8}", thanks)
    check(number is not None, f"the order number is shown: {thanks!r}")
    check(s.js("return document.querySelectorAll('#stage .screen').length") == 1, "reset left one screen")
    s.no_cvv_anywhere("after the order was placed")
    s.shot("browser-order-placed")


def story_discount(s):
    print("story 2: an error three screens deep: Discount (over Step Two) walks back to My Cart")
    s.new_checkout()
    s.type("quantity", "12")
    s.tap("checkout")
    s.expect_screen("stepOne", "My Cart › Step One")
    s.fill_address()
    s.fill_card(CARD_OK, THIRD_CVV)
    s.tap("continue")
    s.expect_screen("stepTwo", "My Cart › Step One › Step Two")
    s.tap("discount")
    s.expect_screen("discount", "My Cart › Step One › Step Two | modal: Discount Code")
    s.type("code", "SAVE10")
    s.tap("apply")
    s.accept_offer("that many in stock")
    before = len(s.transitions())
    s.js("window.checkoutHost.banners = []")
    s.driver.find_element(By.ID, "offer-accept").click()
    s.expect_screen("cart", "My Cart")
    s.expect_transitions(before, ["dismiss", "pop", "pop"])
    banners = s.js("return window.checkoutHost.banners")
    check([b for b in banners if b.startswith("taking you to My Cart")][:3]
          == [f"taking you to My Cart: {n} of 3" for n in (1, 2, 3)], f"the banner counted 1, 2, 3 of 3 ({banners})")
    check(s.focused_row() == "quantity", "the quantity row has the focus")
    check("that many in stock" in (s.row_error("quantity") or ""), "the stock error is under the quantity")
    s.shot("browser-discount-walk")
    s.type("quantity", "2")
    check(s.row_error("quantity") is None, "a lower quantity clears the error")


def story_back_mid_route(s):
    print("story 3: the browser's back button mid-route: the engine replans")
    s.new_checkout_at_step_two(CARD_WRONG_CVC, FIRST_CVV)
    s.tap("placeOrder")
    s.accept_offer("security code")
    before = len(s.transitions())
    s.js("window.checkoutHost.banners = []")
    s.driver.find_element(By.ID, "offer-accept").click()
    s.wait(lambda: s.js("return document.querySelector('#stage').dataset.transition === 'pop'"), "the pop under way")
    s.driver.back()  # during the pop: the shopper goes back once more, to My Cart
    s.expect_screen("creditCard", "My Cart › Step One | modal: Credit Card")
    kinds = [t["kind"] for t in s.transitions()[before:]]
    check(kinds == ["pop", "pop", "push", "present"], f"pop, back (pop), then the new route push, present ({kinds})")
    log = s.js("return [...document.querySelectorAll('#log li')].map((li) => li.textContent)")
    check(any("replanned from cart: next push stepOne" in line for line in log), "the engine replanned from My Cart")
    banners = s.js("return window.checkoutHost.banners")
    check("taking you to Credit Card: 1 of 2" in banners and banners.count("taking you to Credit Card: 1 of 2") >= 2,
          f"the banner started again for the replanned route ({banners})")
    check(s.focused_row() == "cvv", "the CVV row has the focus after the replanned route")
    s.no_cvv_anywhere("after the replanned route")


def story_reload(s, restart):
    print("story 4: the page reloads the session from the server" + (" after a server restart" if restart else ""))
    s.tap("done")  # the sheet closes; the session is on the server, not in the page
    s.expect_screen("stepOne", "My Cart › Step One")
    url = s.driver.current_url
    check("session=" in url, "the URL holds the session id")
    if restart:
        subprocess.run(restart, shell=True, check=True)
    s.driver.get(url)
    s.expect_screen("stepOne", "My Cart › Step One")
    check(s.row("shippingAddress").text.find("1 Main St") >= 0, "the address entered before is still there")


def story_store_down(s):
    print("story 5b: a value typed while the store is down is kept, sent again, and taken")
    s.new_checkout()
    s.tap("checkout")
    s.expect_screen("stepOne", "My Cart › Step One")
    s.tap("shippingAddress")
    s.expect_screen("address", "My Cart › Step One | modal: Shipping Address")
    # The next two events meet a store that is down, as the server answers then:
    # 503 store_unavailable with Retry-After.
    s.js("""
      const real = window.fetch;
      let failures = 2;
      window.fetch = (url, options) => {
        if (failures > 0 && options?.method === 'POST' && String(url).includes('/events')) {
          failures -= 1;
          const body = JSON.stringify({ error: 'store_unavailable', detail: 'the session store is unavailable' });
          return Promise.resolve(new Response(body, {
            status: 503, headers: { 'Content-Type': 'application/json', 'Retry-After': '1' } }));
        }
        return real(url, options);
      };
    """)
    s.type("name", "Ada Lovelace")
    problem = s.problem() or ""
    check("unavailable for a moment" in problem and "kept" in problem,
          f"the problem line says the checkout is briefly unavailable and the value is kept (got {problem!r})")
    check("store_unavailable" not in problem, "the problem line holds no code")
    field = lambda: s.row("name").find_element(By.CSS_SELECTOR, "input").get_attribute("value")
    check(field() == "Ada Lovelace", f"the typed name stays in its field (got {field()!r})")
    s.wait(lambda: s.problem() is None, "the value to be sent again once the store is back", timeout=10)
    sent = [e for e in s.js("return window.checkoutHost.events") if e["event"] == "set" and e["row"] == "name"]
    check(len(sent) == 3, f"the name was sent three times: twice to a store that was down, then taken (got {len(sent)})")
    s.type("street", "1 Main St")
    check(field() == "Ada Lovelace", f"the next answer's redraw keeps the name (got {field()!r})")
    s.driver.get(s.driver.current_url)
    s.expect_screen("address", "My Cart › Step One | modal: Shipping Address")
    check(field() == "Ada Lovelace", f"the server holds the name: the reloaded page shows it (got {field()!r})")
    s.tap("done")


def story_secret(s):
    print("story 5: the session's secret is an HttpOnly cookie; the URL alone opens nothing")
    s.settle("the page before reading its cookie")
    url = s.driver.current_url
    session_id = url.split("session=")[1].split("&")[0]
    path = f"/sessions/{session_id}"
    cookie = session_cookie(s, path)
    check(cookie is not None and cookie["value"], "POST /sessions set the checkout_secret cookie")
    check(cookie["httpOnly"] is True, "the cookie is HttpOnly")
    check(cookie.get("sameSite") == "Strict", "the cookie is SameSite=Strict")
    check(cookie["path"] == path, f"the cookie's path is the session's own, {path}")
    check("checkout_secret" not in s.js("return document.cookie"), "no script reads the secret")
    check(cookie["value"] not in s.driver.current_url, "the secret is not in the URL")
    check(cookie["value"] not in s.driver.page_source, "the secret is not in the page")
    # Another browser with the URL (here: this one without its cookie) gets a new checkout.
    s.driver.execute_cdp_cmd("Network.deleteCookies", {"name": "checkout_secret", "url": s.base + path})
    s.allowed_failures.append(path)
    s.driver.get(url)
    s.expect_screen("cart", "My Cart")
    s.settle("the page after a new checkout")
    check(session_id not in s.driver.current_url, "the page started another session")
    new_id = s.driver.current_url.split("session=")[1].split("&")[0]
    check(session_cookie(s, f"/sessions/{new_id}") is not None, "and holds the new session's secret")


def story_double_click(s):
    print("story 5c: a double-click on Place order sends one tap: declined, no second payment; placed, no refusal")

    def double_click(row_id):
        s.settle(f"the page before double-clicking {row_id}")
        s.js("const b = arguments[0]; b.click(); b.click();", s.row(row_id).find_element(By.CSS_SELECTOR, "button"))

    def taps(row_id):
        return len([e for e in s.js("return window.checkoutHost.events") if e["event"] == "tap" and e["row"] == row_id])

    s.new_checkout_at_step_two(CARD_WRONG_CVC, FIRST_CVV)
    before = taps("placeOrder")
    double_click("placeOrder")
    s.accept_offer("security code")
    s.driver.find_element(By.ID, "offer-decline").click()
    s.settle("the page after declining the offer")
    check(not s.js("return document.querySelector('#offer').open"), "declining closed the offer, and it stays closed")
    check(taps("placeOrder") - before == 1, f"one tap of Place order was sent (got {taps('placeOrder') - before})")
    s.new_checkout_at_step_two(CARD_OK, SECOND_CVV)
    before = taps("placeOrder")
    double_click("placeOrder")
    s.expect_screen("confirmation", "Thank You")
    s.settle("the page on the confirmation")
    check(s.problem() is None, f"no refusal is shown on the confirmation (got {s.problem()!r})")
    check(taps("placeOrder") - before == 1, f"one tap of Place order was sent (got {taps('placeOrder') - before})")


def session_cookie(s, path):
    """The checkout_secret cookie for a session's paths (WebDriver's own list holds only those the page's URL gets)."""
    cookies = s.driver.execute_cdp_cmd("Network.getAllCookies", {})["cookies"]
    return next((c for c in cookies if c["name"] == "checkout_secret" and c["path"] == path), None)


def console_check_catches_errors(s):
    print("and the console check itself: a failed request and a thrown error are caught")
    s.console_clean()
    s.js("fetch('/no-such-file.js'); setTimeout(() => { throw new Error('deliberate error for the console check'); });")
    time.sleep(0.5)
    entries = [e for e in s.driver.get_log("browser") if e["level"] == "SEVERE"]
    check(any("404" in e["message"] for e in entries), "a failed request shows in the console as an error")
    check(any("deliberate error" in e["message"] for e in entries), "a JavaScript error shows in the console as an error")
    line = "http://127.0.0.1:1/sessions/x/events - Failed to load resource: the server responded with a status of {}"
    check(EXPECTED_API_ANSWER.search(line.format("422 (Unprocessable Content)"))
          and EXPECTED_API_ANSWER.search(line.format("409 (Conflict)")),
          "a session API's 422 or 409 is an answer the page shows, not a failure")
    check(not any(EXPECTED_API_ANSWER.search(text) for text in [
        line.format("500 (Internal Server Error)"), line.format("404 (Not Found)"),
        "http://127.0.0.1:1/no-such-file.js - Failed to load resource: the server responded with a status of 422"]),
        "but a 500, a 404 or a 4xx for anything else is still a failure")


def browser_arguments(description):
    """The command line every browser check takes: the server's address, the screenshots' folder, the browser."""
    parser = argparse.ArgumentParser(description=description)
    parser.add_argument("base", help="the server's address, http://127.0.0.1:PORT")
    parser.add_argument("--screenshots", required=True, help="the folder the screenshots go to")
    for program in ("chromium", "chromedriver"):
        parser.add_argument(f"--{program}", default=f"/usr/bin/{program}")
    return parser


def start_chromium(args, window="1240,860", language=None):
    """Headless Chromium with the browser's console log kept; `language` (de-DE) is the one it prefers."""
    options = webdriver.ChromeOptions()
    options.binary_location = args.chromium
    flags = ["--headless=new", "--no-sandbox", "--disable-dev-shm-usage", f"--window-size={window}",
             "--force-device-scale-factor=1", "--disable-gpu"]
    for flag in flags + ([f"--lang={language}"] if language else []):
        options.add_argument(flag)
    if language:
        options.add_experimental_option("prefs", {"intl.accept_languages": f"{language},{language.split('-')[0]}"})
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    return webdriver.Chrome(service=Service(args.chromedriver), options=options)


def run_checks(driver, screenshots, name, checks):
    """Runs each check in turn, stopping at the first failure (its screenshot: NAME-failure.png); quits the
    browser; prints the counts; answers the exit status."""
    failed = 0
    try:
        for run in checks:
            run()
    except CheckFailed as failure:
        failed = 1
        driver.save_screenshot(f"{screenshots}/{name}-failure.png")
        print(f"FAILED: {failure}", file=sys.stderr)
    finally:
        driver.quit()
    print(f"{passed} passed, {failed} failed")
    return failed


def main():
    parser = browser_arguments("The browser page's stories, as a shopper walks them.")
    parser.add_argument("--restart-command", help="a command that restarts the server (PostgreSQL store)")
    parser.add_argument("--server-log", help="the server's log file, scanned for CVVs at the bank's dialog")
    parser.add_argument("--dump-command", help="a command printing the database's dump, scanned likewise")
    args = parser.parse_args()
    driver = start_chromium(args)
    shopper = Shopper(driver, args.base, args.screenshots, args.server_log, args.dump_command)
    restart = args.restart_command
    return run_checks(driver, args.screenshots, "browser", [
        lambda: driver.get(args.base + "/?pace=400"),
        lambda: story_cvv(shopper),
        lambda: story_discount(shopper),
        lambda: story_back_mid_route(shopper),
        lambda: story_reload(shopper, restart),
        lambda: story_secret(shopper),
        lambda: story_store_down(shopper),
        lambda: story_double_click(shopper),
        lambda: browser_challenge.story_challenge_confirmed(shopper, restart),
        lambda: browser_challenge.story_challenge_declined(shopper),
        lambda: browser_challenge.story_challenge_cancelled(shopper),
        shopper.console_clean,
        lambda: console_check_catches_errors(shopper),
    ])


if __name__ == "__main__":
    sys.exit(main())
