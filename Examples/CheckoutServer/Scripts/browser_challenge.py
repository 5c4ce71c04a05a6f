"""The 3-D Secure walks of the browser check (browser_check.py runs them), on the
Express flow, whose payment asks for the action `three_d_secure` at its
`challenge` step. The demo API asks for it for Stripe's 3-D Secure test cards;
the page shows the step as a dialog standing in for the bank's page, with
"Confirm", "Fail authentication" and "Cancel".

  - confirmed: 4000 0027 6000 3184 -> Confirm -> the receipt with its order number
    (with the PostgreSQL store: the server restarted and the page reloaded while
    the shopper is at the bank, and the dialog is back);
  - declined after authentication: 4000 0082 6000 3178 -> Confirm -> "Fix it" ->
    routed to the card number, the decline message under it, nothing typed lost;
  - cancelled: Cancel -> back on the checkout with a notice, nothing typed lost;
    Pay again, Escape cancels too; Pay again, Fail authentication -> routed to
    the card number; Pay again -> Confirm -> the receipt.

While the dialog is open: no CVV in the DOM, the fields, the URL, localStorage,
sessionStorage or the cookies, nor in the server's log or (PostgreSQL) the
database dump.
"""
import re
import subprocess

from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

from typed_value_scan import found

CARD_3DS = "4000 0027 6000 3184"
CARD_3DS_DECLINED = "4000 0082 6000 3178"
# The CVVs typed in these walks (four digits: Express takes 3 or 4).
CHALLENGE_CVVS = ["6142", "2957", "4836"]
ORDER_NUMBER = re.compile(r"[A-Z]+-\d{8}")

CHECKOUT = "Express checkout"
PAYMENT = f"{CHECKOUT} | modal: Payment"
CARD = f"{PAYMENT} | modal: Card details"
BILLING = f"{CARD} | modal: Billing address"
CHALLENGE = f"{CHECKOUT} | modal: Confirm with your bank"
CONTACT = [("email", "ada@example.com"), ("firstName", "Ada"), ("lastName", "Lovelace"),
           ("address1", "1 Main St"), ("city", "Portland"), ("zip", "97201")]


def challenge_open(s):
    return s.js("return document.querySelector('#challenge').open")


def open_express(s):
    s.settle("the page before an Express checkout")
    s.driver.get(s.base + "/?flow=express&pace=120")
    s.expect_screen("checkout", CHECKOUT)


def fill_express(s, number, cvv):
    for row_id, value in CONTACT:
        s.type(row_id, value)
    s.tap("payment")
    s.expect_screen("paymentSheet", PAYMENT)
    s.tap("card")
    s.expect_screen("cardEntry", CARD)
    s.type("cardholder", "Ada Lovelace")
    s.type("number", number)
    s.type("expiry", "12/30")
    s.type("cvc", cvv)
    s.check(s.row("cvc").find_element(By.CSS_SELECTOR, "input").get_attribute("value") == "",
            "the security code field is empty once it is sent")
    s.tap("billing")
    s.expect_screen("billingAddress", BILLING)
    s.type("zip", "97201")
    s.tap("done")
    s.expect_screen("cardEntry", CARD)
    s.tap("done")
    s.expect_screen("paymentSheet", PAYMENT)
    s.tap("done")
    s.expect_screen("checkout", CHECKOUT)


def nothing_typed_lost(s, moment):
    for row_id, value in CONTACT:
        shown = s.row(row_id).find_element(By.CSS_SELECTOR, "input").get_attribute("value")
        s.check(shown == value, f"{moment}: {row_id} still reads {value!r} (got {shown!r})")


def no_cvv_on_server(s, cvvs, moment):
    # Every cookie, whatever its path (a session's secret is sent only on its own paths).
    every = s.driver.execute_cdp_cmd("Network.getAllCookies", {})["cookies"]
    cookies = " ".join(c["value"] for c in every) + " " + s.js("return document.cookie")
    for cvv in cvvs:
        s.check(not found(cvv, cookies), f"{moment}: no CVV {cvv} in the cookies")
    if s.server_log:
        with open(s.server_log, errors="replace") as log:
            text = log.read()
        for cvv in cvvs:
            s.check(not found(cvv, text), f"{moment}: no CVV {cvv} in the server's log (trace level)")
    if s.dump_command:
        dump = subprocess.run(s.dump_command, shell=True, check=True, capture_output=True, text=True).stdout
        s.check("api_calls" in dump and "sessions" in dump, f"{moment}: the database dump has the sessions and the ledger")
        for cvv in cvvs:
            s.check(not found(cvv, dump), f"{moment}: no CVV {cvv} in the database dump")


def walk_to_the_bank(s, number, cvv, moment):
    """A new Express checkout, filled in and paid with `number`: the bank's dialog is open."""
    open_express(s)
    fill_express(s, number, cvv)
    pay_to_challenge(s, cvv, moment)


def pay_to_challenge(s, cvv, moment):
    """Taps Pay; the demo API asks for 3-D Secure; the bank's dialog opens over the challenge step."""
    s.tap("pay")
    s.wait(lambda: challenge_open(s), "the bank's dialog", timeout=20)
    s.console_clean()
    check_challenge(s, cvv, moment)


def check_challenge(s, cvv, moment):
    s.check(s.top() == "challenge", f"{moment}: the challenge step is on top (got {s.top()})")
    s.check(s.breadcrumb() == CHALLENGE, f"{moment}: the breadcrumb reads {CHALLENGE!r} (got {s.breadcrumb()!r})")
    dialog = s.driver.find_element(By.ID, "challenge")
    s.check(dialog.get_attribute("role") == "dialog" and dialog.get_attribute("aria-modal") == "true",
            "the bank's page is a modal dialog (role=dialog, aria-modal)")
    s.check(s.js("return document.querySelector('#challenge').contains(document.activeElement)"),
            "the keyboard focus is in the dialog")
    s.check(s.js("return document.activeElement.id") == "challenge-confirm", "on Confirm")
    s.check(s.driver.find_element(By.ID, "challenge-title").text == "Confirm with your bank",
            "the dialog is titled as the flow's challenge step")
    s.check("$148.00" in s.driver.find_element(By.ID, "challenge-detail").text, "it shows the total")
    buttons = [b.text for b in dialog.find_elements(By.CSS_SELECTOR, "menu button")]
    s.check(buttons == ["Cancel", "Fail authentication", "Confirm"], f"its buttons: {buttons}")
    s.no_cvv_anywhere(f"{moment}, at the bank")
    no_cvv_on_server(s, [cvv], f"{moment}, at the bank")


def answer_bank(s, button_id):
    s.driver.find_element(By.ID, button_id).click()
    s.wait(lambda: not challenge_open(s), "the bank's dialog to close")


def receipt(s, moment):
    s.expect_screen("receipt", "Receipt")
    thanks = s.row("thanks").text
    s.check(ORDER_NUMBER.search(thanks) is not None, f"{moment}: the receipt shows the order number: {thanks!r}")


def routed_to_number(s, message_part, last_four):
    s.accept_offer(message_part)
    s.driver.find_element(By.ID, "offer-accept").click()
    s.expect_screen("cardEntry", CARD)
    s.check(s.focused_row() == "number", "the card number row has the keyboard focus")
    s.check(message_part in (s.row_error("number") or ""), f"the message is under the number: {s.row_error('number')!r}")
    s.check(s.row("number").find_element(By.CSS_SELECTOR, "input").get_attribute("placeholder") == "•••• " + last_four,
            "the number typed is still there, masked")
    for row_id, value in [("cardholder", "Ada Lovelace"), ("expiry", "12/30")]:
        shown = s.row(row_id).find_element(By.CSS_SELECTOR, "input").get_attribute("value")
        s.check(shown == value, f"{row_id} still reads {value!r}")


def story_challenge_confirmed(s, restart):
    print("story 6: 3-D Secure confirmed: 4000 0027 6000 3184, the bank's dialog, Confirm, the receipt")
    cvv = CHALLENGE_CVVS[0]
    walk_to_the_bank(s, CARD_3DS, cvv, "Pay with a 3-D Secure card")
    s.shot("browser-3ds-challenge")
    if restart:
        url = s.driver.current_url
        subprocess.run(restart, shell=True, check=True)
        s.driver.get(url)
        s.wait(lambda: challenge_open(s), "the bank's dialog after the restart and reload", timeout=20)
        check_challenge(s, cvv, "after a server restart and a reload")
    answer_bank(s, "challenge-confirm")
    receipt(s, "after Confirm")
    s.no_cvv_anywhere("on the receipt")


def story_challenge_declined(s):
    print("story 7: 3-D Secure, then declined: 4000 0082 6000 3178, Confirm, routed to the card number")
    walk_to_the_bank(s, CARD_3DS_DECLINED, CHALLENGE_CVVS[1], "Pay with a card declined after authentication")
    answer_bank(s, "challenge-confirm")
    routed_to_number(s, "enough available funds", "3178")
    s.shot("browser-3ds-declined")
    s.no_cvv_anywhere("routed to the card number")


def story_challenge_cancelled(s):
    print("story 8: 3-D Secure cancelled (Cancel, then Escape), failed, then paid")
    cvv = CHALLENGE_CVVS[2]
    walk_to_the_bank(s, CARD_3DS, cvv, "Pay")
    answer_bank(s, "challenge-cancel")
    s.expect_screen("checkout", CHECKOUT)
    notice = s.js("const n = document.querySelector('#notice'); return n.hidden ? null : n.textContent")
    s.check(notice is not None and "You left" in notice and "was not finished" in notice
            and "three_d_secure" not in notice and "challenge" not in notice,
            f"a notice in the shopper's words says the payment was not finished: {notice!r}")
    nothing_typed_lost(s, "after Cancel")
    s.check(s.focused_row() == "pay", f"after Cancel the focus is back on Pay (got {s.focused_row()})")
    s.shot("browser-3ds-cancelled")

    pay_to_challenge(s, cvv, "Pay again")
    s.driver.switch_to.active_element.send_keys(Keys.ESCAPE)
    s.wait(lambda: not challenge_open(s), "Escape to close the bank's dialog")
    s.expect_screen("checkout", CHECKOUT)
    s.check("was not finished" in (s.js("return document.querySelector('#notice').textContent") or ""),
            "Escape cancelled the payment too")
    nothing_typed_lost(s, "after Escape")
    s.check(s.focused_row() == "pay", f"after Escape the focus is back on Pay (got {s.focused_row()})")

    pay_to_challenge(s, cvv, "Pay a third time")
    answer_bank(s, "challenge-fail")
    routed_to_number(s, "couldn't confirm", "3184")
    s.tap("done")
    s.expect_screen("paymentSheet", PAYMENT)
    s.tap("done")
    s.expect_screen("checkout", CHECKOUT)

    pay_to_challenge(s, cvv, "Pay after failing the bank's check")
    answer_bank(s, "challenge-confirm")
    receipt(s, "paid after a cancel, an Escape and a failed check")
