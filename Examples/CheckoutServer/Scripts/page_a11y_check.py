#!/usr/bin/env python3
"""The browser host page's layout and accessibility, in headless Chromium.

Run by Examples/browser-check.sh after the shopper's stories, on the memory store:

  - reflow (WCAG 1.4.10): at 320, 375, 768 and 1280 CSS px wide and at 200 % zoom
    (1280 x 900 zoomed: 640 x 450 CSS px), on Step One (a disabled Continue and its
    reason) and on the Credit Card sheet (an error under a field), the document is
    no wider than the window, the header's controls and the checkout are inside
    it, and no field, error or reason is cut off (a screenshot of each);
  - focus: after a push or present the new screen's heading has the focus; after a
    dismiss (the Done button, or Escape, which taps the sheet's close row) the row
    that opened the sheet has it again; a sheet is a modal dialog named by its
    heading; the breadcrumb and the route banner are polite live regions; the
    offer dialog is named and described;
  - a row that cannot be tapped is reachable (aria-disabled, not disabled), refuses
    the tap, is described by its reason, whose text has a contrast of 4.5:1 or more;
  - autofill hints (WCAG 1.3.5) on the card, the address and Express's contact rows;
  - the expiry field: 1230, 12 30, a pasted 1230 and other scripts' digits (١٢٣٠,
    ۱۲/۳۰, １２３０) become 12/30; a malformed value
    is told the format, a passed month that it has passed;
  - languages: <title> is the flow's title in the session's language; a Japanese
    session on a flow without Japanese has <html lang=en> and lang=ja on the page's
    own words and the engine's messages;
  - a refusal answered 422 (a card number typed as a name) is shown as the problem
    line and is no console failure (browser_check.Shopper.console_clean).

  page_a11y_check.py BASE_URL --screenshots DIR
"""
import sys

from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

import browser_check
from browser_check import Shopper, check

SIZES = [("320", 320, 640, 1), ("375", 375, 667, 1), ("768", 768, 900, 1), ("1280", 1280, 900, 1),
         ("zoom200", 640, 450, 2)]

# What of the page must be inside the window, and what of the top screen inside the checkout.
LAYOUT = """
  const inner = window.innerWidth, device = document.querySelector('section.device').getBoundingClientRect();
  const problems = [];
  if (document.documentElement.scrollWidth > inner) problems.push(`the document is ${document.documentElement.scrollWidth} px wide in ${inner}`);
  for (const selector of ['#flow-picker', '#locale-picker', '#new-session', 'section.device', '#breadcrumb']) {
    const box = document.querySelector(selector).getBoundingClientRect();
    if (box.left < -0.5 || box.right > inner + 0.5) problems.push(`${selector} spans ${Math.round(box.left)}-${Math.round(box.right)} in ${inner}`);
  }
  const top = document.querySelector('#stage .screen.on-top');
  for (const node of top.querySelectorAll('input, select, button, label, .error, .disabled-reason, h2')) {
    const box = node.getBoundingClientRect();
    if (box.width === 0) continue;
    const name = `${node.tagName.toLowerCase()}.${node.className} in ${node.closest('[data-row]')?.dataset.row ?? 'header'}`;
    if (box.left < device.left - 0.5 || box.right > device.right + 0.5) problems.push(`${name} is cut off`);
    if (node.scrollWidth > node.clientWidth + 1 && getComputedStyle(node).overflowX !== 'visible') problems.push(`${name} clips its text`);
  }
  return problems;
"""

CONTRAST = """
  const channel = (c) => { c /= 255; return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4; };
  const luminance = (css) => { const [r, g, b] = css.match(/\\d+(\\.\\d+)?/g).map(Number);
    return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b); };
  const node = arguments[0];
  let ground = node;
  while (ground && getComputedStyle(ground).backgroundColor.match(/rgba\\(0, 0, 0, 0\\)|transparent/)) ground = ground.parentElement;
  const [a, b] = [luminance(getComputedStyle(node).color), luminance(getComputedStyle(ground).backgroundColor)];
  return (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
"""


class PageShopper(Shopper):
    def active(self, script):
        return self.js(f"const a = document.activeElement; return {script}")

    def heading_focused(self):
        return self.active("a.matches('#stage .screen.on-top h2') ? a.textContent : null")

    def field(self, row_id):
        return self.row(row_id).find_element(By.CSS_SELECTOR, "input, select")

    def events(self):
        return self.js("return window.checkoutHost.events.length")

    def last_event(self):
        return self.js("return window.checkoutHost.events.at(-1)")

    def size(self, width, height, scale):
        self.driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {
            "width": width, "height": height, "deviceScaleFactor": scale, "mobile": width < 768})


def reflow(s):
    print("a11y 1: reflow at 320, 375, 768, 1280 px and 200 % zoom")
    s.driver.get(s.base + "/?flow=plndr")
    s.expect_screen("cart", "My Cart")
    s.tap("checkout")
    s.expect_screen("stepOne", "My Cart › Step One")
    for name, width, height, scale in SIZES:
        s.size(width, height, scale)
        s.settle()
        problems = s.js(LAYOUT)
        check(not problems, f"Step One at {name}: nothing wider than the window or cut off ({problems})")
        s.shot(f"a11y-{name}-step-one")
    s.size(1280, 900, 1)
    s.tap("creditCard")
    s.expect_screen("creditCard", "My Cart › Step One | modal: Credit Card")
    s.type("number", "4242 4242 4242 4241")
    check(s.row_error("number"), "the card number shows an error")
    for name, width, height, scale in SIZES:
        s.size(width, height, scale)
        s.settle()
        problems = s.js(LAYOUT)
        check(not problems, f"the Credit Card sheet at {name}: nothing wider than the window or cut off ({problems})")
        s.shot(f"a11y-{name}-card-error")
    s.driver.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})


def expiry(s):
    print("a11y 2: the expiry field takes what a digits keypad types")
    for typed in ["1230", "12 30", "12/2030"]:
        s.type("expiry", typed)
        value = s.field("expiry").get_attribute("value")
        check(value == "12/30", f"{typed!r} typed reads {value!r} (12/30)")
        check(s.row_error("expiry") is None, f"and {typed!r} is taken")
    # Another script's digits: an Arabic keypad's, a Persian one's, a Japanese IME's fullwidth.
    for typed in ["١٢٣٠", "۱۲/۳۰", "１２３０"]:
        s.type("expiry", typed)
        value = s.field("expiry").get_attribute("value")
        check(value == "12/30", f"{typed!r} typed reads {value!r} (12/30)")
        check(s.row_error("expiry") is None, f"and {typed!r} is taken")
    s.type("expiry", "01/27")
    s.settle()
    before = s.events()
    s.js("""const field = arguments[0]; field.focus(); field.value = '1230';
      field.dispatchEvent(new InputEvent('input', { bubbles: true, inputType: 'insertFromPaste', data: '1230' }));
      field.dispatchEvent(new Event('change', { bubbles: true }));""", s.field("expiry"))
    s.settle("the pasted expiry sent")
    check(s.field("expiry").get_attribute("value") == "12/30" and s.events() > before
          and s.last_event()["row"] == "expiry", "a pasted 1230 is sent as 12/30")
    s.type("expiry", "13")
    check(s.row_error("expiry") == "Expiry date must be a month and year (MM/YY)",
          f"a malformed expiry is told the format: {s.row_error('expiry')!r}")
    s.type("expiry", "10/26")
    check(s.row_error("expiry") == "Expiry date must be a month and year (MM/YY) that has not passed",
          f"a passed month is told it has passed: {s.row_error('expiry')!r}")
    s.type("expiry", "12/30")


def autofill(s):
    print("a11y 3: autofill hints inferred from the flow")
    check(s.js("return document.querySelector('#stage .screen.on-top form').hasAttribute('autocomplete')") is False,
          "the form does not turn autofill off")
    for row_id, hint in [("name", "cc-name"), ("number", "cc-number"), ("expiry", "cc-exp"), ("cvv", "cc-csc")]:
        got = s.field(row_id).get_attribute("autocomplete")
        check(got == hint, f"the card's {row_id} is autocomplete={hint} (got {got})")


def focus_and_sheets(s):
    print("a11y 4: focus after each transition, sheets as dialogs, Escape")
    before = len(s.transitions())
    s.tap("done")
    s.expect_screen("stepOne", "My Cart › Step One")
    s.expect_transitions(before, ["dismiss"])
    check(s.focused_row() == "creditCard", f"Done: the focus is back on Credit Card (got {s.focused_row()})")
    crumb = s.driver.find_element(By.ID, "breadcrumb")
    check(crumb.get_attribute("aria-live") == "polite", "the breadcrumb is a polite live region")
    banner = s.driver.find_element(By.ID, "banner")
    check(banner.get_attribute("role") == "status" and banner.get_attribute("aria-live") == "polite",
          "the route banner is a polite live region")
    offer = s.driver.find_element(By.ID, "offer")
    check(offer.get_attribute("aria-labelledby") == "offer-title"
          and offer.get_attribute("aria-describedby") == "offer-message offer-where",
          "the offer dialog is named by its title and described by its message")

    s.tap("shippingAddress")
    s.expect_screen("address", "My Cart › Step One | modal: Shipping Address")
    check(s.heading_focused() == "Shipping Address", f"present: the sheet's heading has the focus ({s.heading_focused()})")
    sheet = s.js("const sheet = document.querySelector('#stage .screen.on-top').closest('.sheet');"
                 "return [sheet.getAttribute('role'), sheet.getAttribute('aria-modal'),"
                 " document.getElementById(sheet.getAttribute('aria-labelledby'))?.textContent]")
    check(sheet == ["dialog", "true", "Shipping Address"], f"the sheet is a modal dialog named by its heading ({sheet})")
    for row_id, hint in [("name", "shipping name"), ("street", "shipping address-line1"),
                         ("city", "shipping address-level2"), ("state", "shipping address-level1"),
                         ("zip", "shipping postal-code"), ("country", "shipping country"),
                         ("billingZip", "billing postal-code")]:
        if s.js(f"return document.querySelector(\"#stage .screen.on-top [data-row='{row_id}']\") !== null"):
            got = s.field(row_id).get_attribute("autocomplete")
            check(got == hint, f"the address's {row_id} is autocomplete={hint!r} (got {got!r})")

    print("  a refusal answered 422 is the page's to show, not a console failure")
    s.type("name", "4242 4242 4242 4242")
    problem = s.problem() or ""
    check("card number" in problem.lower(), f"a card number typed as the name is refused on the problem line ({problem!r})")
    s.console_clean()
    s.type("name", "Ada Lovelace")

    s.settle()
    s.driver.switch_to.active_element.send_keys(Keys.ESCAPE)
    s.expect_screen("stepOne", "My Cart › Step One")
    last = s.last_event()
    check(last["event"] in ("tap", "appeared") and any(
        e["event"] == "tap" and e["row"] == "done" for e in s.js("return window.checkoutHost.events.slice(-3)")),
        "Escape tapped the sheet's close row (Done), as its close button would")
    check(s.focused_row() == "shippingAddress", f"Escape: the focus is back on Shipping Address (got {s.focused_row()})")

    print("  a row that cannot be tapped")
    button = s.row("continue").find_element(By.CSS_SELECTOR, "button")
    check(button.get_attribute("aria-disabled") == "true" and button.get_attribute("disabled") is None,
          "Continue is aria-disabled, not disabled")
    reason_id = button.get_attribute("aria-describedby")
    reason = s.driver.find_element(By.ID, reason_id) if reason_id else None
    check(reason is not None and "Credit Card" in reason.text and "Shipping Address" in reason.text,
          f"its reason describes it ({reason.text if reason else None!r})")
    s.js("arguments[0].focus()", button)
    check(s.focused_row() == "continue", "a keyboard reaches it")
    before = s.events()
    button.click()
    s.settle()
    check(s.events() == before, "a tap on it is refused in the page: nothing is sent")
    ratio = s.js(CONTRAST, reason)
    check(ratio >= 4.5, f"the reason's text has a contrast of {ratio:.2f}:1 (WCAG AA: 4.5:1)")

    s.driver.back()
    s.expect_screen("cart", "My Cart")
    check(s.focused_row() == "checkout", f"back (pop): the focus is back on Checkout (got {s.focused_row()})")
    s.tap("checkout")
    s.expect_screen("stepOne", "My Cart › Step One")
    check(s.heading_focused() == "Step One", f"push: the new screen's heading has the focus ({s.heading_focused()})")


def languages(s):
    print("a11y 5: <title> and lang")
    check(s.driver.title == "PLNDR checkout", f"<title> is the flow's title ({s.driver.title!r})")
    s.driver.get(s.base + "/?flow=express&locale=ja")
    s.expect_screen("checkout", "Express checkout")
    check(s.js("return document.documentElement.lang") == "en", "a Japanese session on Express (no Japanese): <html lang=en>")
    new = s.driver.find_element(By.ID, "new-session")
    check(new.get_attribute("lang") == "ja" and new.text == "新しいお支払い", f"the page's own words are lang=ja ({new.text!r})")
    check(s.driver.title == "Express checkout", f"<title> is the flow's title as its words are in ({s.driver.title!r})")
    for row_id, hint in [("email", "email"), ("firstName", "shipping given-name"), ("lastName", "shipping family-name"),
                         ("phone", "shipping tel"), ("zip", "shipping postal-code")]:
        got = s.field(row_id).get_attribute("autocomplete")
        check(got == hint, f"Express's {row_id} is autocomplete={hint!r} (got {got!r})")
    s.type("email", "nope")
    error = s.row("email").find_element(By.CSS_SELECTOR, ".error")
    check(error.get_attribute("lang") == "ja", f"the engine's message is lang=ja ({error.text!r})")


def main():
    args = browser_check.browser_arguments(__doc__.splitlines()[0]).parse_args()
    driver = browser_check.start_chromium(args, window="1280,900", language="en-US")
    s = PageShopper(driver, args.base, args.screenshots)
    return browser_check.run_checks(driver, args.screenshots, "a11y", [
        lambda: reflow(s), lambda: expiry(s), lambda: autofill(s), lambda: focus_and_sheets(s), lambda: languages(s),
        s.console_clean,
    ])


if __name__ == "__main__":
    sys.exit(main())
