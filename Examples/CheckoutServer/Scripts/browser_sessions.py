#!/usr/bin/env python3
"""The browser page's sessions, as a shopper meets them (Examples/browser-check.sh
runs this against a server started with `--flows` holding the repository's flows
and suggest-flow.json, and `--dev-scripted-answers`):

  - two checkouts in one browser: each keeps its own secret cookie
    (`Path=/sessions/{id}`), so the first goes on after the second started, and a
    reload finds what was typed;
  - a session whose secret is gone is said in the shopper's words, never as a
    code; an address naming an unknown session starts a new checkout in the
    address's ?locale and says so;
  - the same session in two tabs: the stale tab's typed value is sent again on
    the latest version, not lost;
  - an address suggestion (a call's action other than 3-D Secure) is the flow's
    own step with its own buttons, not the bank's dialog;
  - a failed 3-D Secure check, then "Not now": back on the checkout (the bank's
    step closed), and the next Pay a new call that goes through;
  - the language picker changes the session's language in place: nothing lost;
  - a value the server refuses is marked at its field with the reason (kept in
    the field, the reason its one message: not the row's "is required" for the
    value the server still holds), and a row with a maxLength rule takes no more;
    the problem line holds no error code.

  browser_sessions.py BASE_URL --screenshots DIR
"""
import json
import sys
import urllib.request

from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

import browser_challenge
from browser_check import Shopper, check
import browser_check

CODES = ["unknown_session", "value_too_large", "card_number_in_text", "stale_version", "http_error"]


def all_cookies(s):
    """Every cookie of the browser, whatever its path (WebDriver lists only those the page's URL would send)."""
    return s.driver.execute_cdp_cmd("Network.getAllCookies", {})["cookies"]


def secret_cookies(s):
    return [c for c in all_cookies(s) if c["name"] == "checkout_secret"]


def session_id(s):
    return s.js("return new URLSearchParams(location.search).get('session')")


def field(s, row_id):
    return s.row(row_id).find_element(By.CSS_SELECTOR, "input")


def notice(s):
    return s.js("const n = document.querySelector('#notice'); return n.hidden ? null : n.textContent")


def no_code_in(s, text, moment):
    check(not any(code in (text or "") for code in CODES), f"{moment}: no error code for the shopper ({text!r})")


def open_flow(s, query):
    s.driver.get(s.base + "/?pace=60&" + query)
    s.settle(f"the page at {query}")


def story_two_checkouts(s):
    print("sessions 1: two checkouts in one browser each keep their secret")
    open_flow(s, "flow=plndr")
    s.tap("checkout")
    s.expect_screen("stepOne", "My Cart › Step One")
    s.tap("shippingAddress")
    s.expect_screen("address", "My Cart › Step One | modal: Shipping Address")
    s.type("name", "Ada Lovelace")
    first, first_id = s.driver.current_window_handle, session_id(s)
    s.driver.switch_to.new_window("tab")
    open_flow(s, "flow=express")
    s.expect_screen("checkout", browser_challenge.CHECKOUT)
    second_id = session_id(s)
    s.driver.switch_to.window(first)
    s.type("street", "1 Main St")
    check(s.problem() is None, f"the first checkout takes an entry after the second started (problem: {s.problem()!r})")
    cookies = {c["path"]: c for c in secret_cookies(s)}
    check(f"/sessions/{first_id}" in cookies and f"/sessions/{second_id}" in cookies,
          f"one secret cookie per checkout, each for its session's paths ({sorted(cookies)})")
    check(all(c["httpOnly"] and c.get("sameSite") == "Strict" for c in cookies.values()),
          "each is HttpOnly and SameSite=Strict")
    check("/" not in cookies, "none is sent with every request")
    s.driver.get(s.driver.current_url)
    s.expect_screen("address", "My Cart › Step One | modal: Shipping Address")
    check(field(s, "name").get_attribute("value") == "Ada Lovelace"
          and field(s, "street").get_attribute("value") == "1 Main St",
          "a reload of the first checkout shows what was typed in it")
    s.driver.switch_to.window(s.driver.window_handles[1])
    s.driver.close()
    s.driver.switch_to.window(first)


def story_secret_gone(s):
    print("sessions 2: a session whose secret is gone, and an address naming an unknown session")
    sid = session_id(s)
    s.driver.execute_cdp_cmd("Network.deleteCookies", {"name": "checkout_secret", "url": f"{s.base}/sessions/{sid}"})
    s.allowed_failures.append(f"/sessions/{sid}")
    field(s, "city").send_keys("Portland", Keys.TAB)
    s.settle("the answer without the secret")
    problem = s.problem() or ""
    check("can no longer be opened in this browser" in problem and "New checkout" in problem,
          f"the problem line says the checkout cannot be opened here, and what to do ({problem!r})")
    no_code_in(s, problem, "a session whose secret is gone")
    gone = "00000000-0000-0000-0000-000000000000"
    s.allowed_failures.append(f"/sessions/{gone}")
    open_flow(s, f"flow=express&locale=de&session={gone}")
    s.expect_screen("checkout", "Express-Kasse")
    check(s.js("return document.documentElement.lang") == "de", "the new checkout is in the address's ?locale=de")
    said = notice(s) or ""
    check("ließ sich hier nicht öffnen" in said, f"and says, in German, that a new checkout started ({said!r})")
    check(gone not in s.driver.current_url, "the address names the new session")


def story_same_session_two_tabs(s):
    print("sessions 3: the same session in two tabs: the stale tab's value is sent again, not lost")
    open_flow(s, "flow=express")
    first, url = s.driver.current_window_handle, s.driver.current_url
    s.driver.switch_to.new_window("tab")
    s.driver.get(url)
    s.expect_screen("checkout", browser_challenge.CHECKOUT)
    s.type("firstName", "Ada")
    s.driver.switch_to.window(first)
    s.allowed_failures.append("409")
    field(s, "lastName").send_keys("Lovelace", Keys.TAB)
    s.wait(lambda: s.idle() and field(s, "firstName").get_attribute("value") == "Ada", "the latest state")
    s.settle("the value sent again")
    check(field(s, "lastName").get_attribute("value") == "Lovelace", "the stale tab's last name is still in its field")
    shown = json.loads(s.js("""return JSON.stringify(await (await fetch(
      `/sessions/${new URLSearchParams(location.search).get('session')}`)).json())""") or "{}")
    rows = {row["id"]: row for row in shown.get("screen", {}).get("rows", [])}
    check(rows.get("lastName", {}).get("value") == "Lovelace" and rows.get("firstName", {}).get("value") == "Ada",
          "the server holds both tabs' values")
    s.driver.switch_to.window(s.driver.window_handles[1])
    s.driver.close()
    s.driver.switch_to.window(first)


def scripted(s, operation, answer):
    sid = session_id(s)
    secret = next(c["value"] for c in secret_cookies(s) if c["path"] == f"/sessions/{sid}")
    request = urllib.request.Request(
        f"{s.base}/sessions/{sid}/script", data=json.dumps({"operation": operation, "answer": answer}).encode(),
        headers={"Authorization": "Bearer " + secret, "Content-Type": "application/json"})
    urllib.request.urlopen(request).read()


def story_suggestion(s):
    print("sessions 4: an address suggestion is the flow's own step, not the bank's dialog")
    open_flow(s, "flow=suggest&locale=de")
    s.type("street", "1 main st")
    s.type("zip", "97201")
    scripted(s, "verifyAddress", {"status": "actionRequired", "action": "address_suggestion",
                                  "data": {"suggestion.street": "1 Main Street"}})
    s.tap("verify")
    s.expect_screen("suggestion", "Lieferadresse | Dialog: Meinten Sie diese Adresse?")
    check(not browser_challenge.challenge_open(s), "the bank's dialog is not shown")
    check("1 Main Street" in s.row("suggested").text, "the step shows the suggested address")
    check(s.row("use").text == "Diese Adresse verwenden" and s.row("keep").text == "Meine behalten",
          "with the flow's own buttons, in German")
    s.tap("keep")
    s.expect_screen("address", "Lieferadresse")
    check(field(s, "street").get_attribute("value") == "1 main st", "Keep mine: back on the address, as typed")
    scripted(s, "verifyAddress", {"status": "actionRequired", "action": "address_suggestion",
                                  "data": {"suggestion.street": "1 Main Street"}})
    s.tap("verify")
    s.expect_screen("suggestion", "Lieferadresse | Dialog: Meinten Sie diese Adresse?")
    s.tap("use")
    s.expect_screen("done", "Fertig")


def story_failed_check_not_now(s):
    print("sessions 5: a failed 3-D Secure check, then Not now: back on the checkout, and Pay works again")
    browser_challenge.walk_to_the_bank(s, browser_challenge.CARD_3DS, "3927", "Pay")
    browser_challenge.answer_bank(s, "challenge-fail")
    s.wait(lambda: s.js("return document.querySelector('#offer').open"), "the offer")
    s.driver.find_element(By.ID, "offer-decline").click()
    s.expect_screen("checkout", browser_challenge.CHECKOUT)
    check(not browser_challenge.challenge_open(s), "the bank's dialog is closed")
    check(s.problem() is None, f"no problem line ({s.problem()!r})")
    browser_challenge.nothing_typed_lost(s, "after Not now")
    # Pay again is a new call: the bank's dialog comes back (Confirm no longer answers "nothing to finish").
    browser_challenge.pay_to_challenge(s, "3927", "Pay again after Not now")
    browser_challenge.answer_bank(s, "challenge-confirm")
    browser_challenge.receipt(s, "paid after a failed check declined")


def story_language_in_place(s):
    print("sessions 6: the language picker changes the session's language in place, nothing lost")
    open_flow(s, "flow=express")
    s.type("email", "ada@example.com")
    s.type("firstName", "Ada")
    sid = session_id(s)
    picker = s.driver.find_element(By.ID, "locale-picker")
    picker.find_element(By.CSS_SELECTOR, "option[value='de']").click()
    s.settle("the session in German")
    s.expect_screen("checkout", "Express-Kasse")
    check(session_id(s) == sid, "the same session")
    check(s.js("return document.documentElement.lang") == "de", "<html lang> is de")
    check(field(s, "email").get_attribute("value") == "ada@example.com"
          and field(s, "firstName").get_attribute("value") == "Ada", "nothing entered is lost")
    check(s.row("firstName").find_element(By.CSS_SELECTOR, "label").text == "Vorname", "the rows speak German")
    check(s.driver.find_element(By.ID, "new-session").text == "Neuer Checkout", "so do the page's words")


def story_refused_values(s):
    print("sessions 7: a refused value is marked at its field; a maxLength rule limits the field; no codes")
    note = field(s, "note")
    check(note.get_attribute("maxlength") == "500", "the note takes at most 500 characters (its maxLength rule)")
    note.send_keys("y" * 600, Keys.TAB)
    s.settle("the note sent")
    check(len(field(s, "note").get_attribute("value")) == 500 and s.problem() is None, "600 typed, 500 taken, no problem")
    open_flow(s, "flow=plndr&locale=de")
    s.tap("checkout")
    s.wait(lambda: s.top() == "stepOne", "Step One")
    s.tap("shippingAddress")
    s.wait(lambda: s.top() == "address", "the address sheet")
    s.settle("the address sheet")
    s.allowed_failures.extend(["413", "422"])
    title = s.row("state").find_element(By.CSS_SELECTOR, "label").text
    field(s, "state").send_keys("x" * 1100, Keys.TAB)  # no maxLength rule: the server's 1 KiB limit
    s.settle("the too long value")
    problem = s.problem() or ""
    check(f"{title} ist zu lang" in problem, f"the problem line says what is too long, in German ({problem!r})")
    no_code_in(s, problem, "a value over the server's limit")
    check("invalid" in s.row("state").get_attribute("class") and field(s, "state").get_attribute("aria-invalid") == "true",
          "the field is marked invalid")
    check("zu lang" in (s.row_error("state") or ""), "with the reason under it")
    check(len(field(s, "state").get_attribute("value")) == 1100, "what was typed is still in the field")
    s.type("name", "Ada")
    field(s, "name").send_keys(Keys.CONTROL, "a", Keys.NULL, Keys.DELETE, Keys.TAB)
    s.settle("the name emptied")
    required = s.row_error("name")
    check(required is not None, f"an empty name is told it is required ({required!r})")
    field(s, "name").send_keys("4242 4242 4242 4242", Keys.TAB)
    s.settle("a card number in the name")
    check("Kartennummer" in (s.row_error("name") or ""), f"a card number in a name is refused at the field "
          f"({s.row_error('name')!r})")
    # The field keeps what was typed (nothing entered is lost by an error): the one
    # message under it is why it was refused, not that the (empty) name is required.
    check(s.row_errors("name") == [s.row_error("name")] and field(s, "name").get_attribute("value")
          == "4242 4242 4242 4242", f"the field keeps the refused text and says only why ({s.row_errors('name')!r})")
    check(field(s, "name").get_attribute("data-unsaved") == "true", "and not shown as saved")
    no_code_in(s, s.problem(), "a card number in a name")
    s.type("name", "Ada Lovelace")
    check(s.row_error("name") is None and "invalid" not in s.row("name").get_attribute("class"),
          "a value the server takes clears the mark")
    s.type("state", "OR")
    check(s.row_error("state") is None, "and so does a shorter one")


def main():
    args = browser_check.browser_arguments(__doc__.splitlines()[0]).parse_args()
    driver = browser_check.start_chromium(args, language="en-US")
    s = Shopper(driver, args.base, args.screenshots)
    stories = [story_two_checkouts, story_secret_gone, story_same_session_two_tabs, story_suggestion,
               story_failed_check_not_now, story_language_in_place, story_refused_values]
    # Each story, then the console: nothing failed on the way.
    checks = [check for story in stories for check in (lambda story=story: story(s), s.console_clean)]
    return browser_check.run_checks(driver, args.screenshots, "sessions", checks)


if __name__ == "__main__":
    sys.exit(main())
