#!/usr/bin/env python3
"""The browser page in a right-to-left language (Examples/browser-check.sh runs this
against a server whose `--flows` hold rtl-flow.json, a small flow in English, Arabic
and Hebrew, and the repository's flows):

  - an Arabic session: <html lang=ar dir=rtl>; a row's label and its text field
    compute `direction: rtl`, the label on the right of its field, the toggle's
    switch and the disclosure's chevron on the left; the chevron and the
    breadcrumb's arrow turned to point left; an e-mail field stays left to right;
    a value in Latin letters reads in its own direction (a <bdi>); the engine's
    message is right to left; a push slides the new screen in from the left;
  - a Hebrew session (`he`) is right to left too;
  - an English session on the same flow is left to right, as before (its
    breadcrumb one text per layer, as drawn before right to left).

  page_rtl_check.py BASE_URL --screenshots DIR
"""
import sys

from selenium.webdriver.common.by import By

import browser_check
from browser_check import Shopper, check

ARROW_TURNED = "matrix(-1, 0, 0, 1, 0, 0)"


def open_session(s, query):
    s.driver.get(f"{s.base}/?pace=60&{query}")
    s.settle(f"the page at {query}")


def style(s, element, name):
    return s.js("return getComputedStyle(arguments[0]).getPropertyValue(arguments[1])", element, name)


def rect(s, element):
    return s.js("const r = arguments[0].getBoundingClientRect(); return {left: r.left, right: r.right}", element)


def label_and_field(s, row_id):
    row = s.row(row_id)
    return row.find_element(By.CSS_SELECTOR, "label"), row.find_element(By.CSS_SELECTOR, "input")


def right_to_left(s, language, title):
    print(f"rtl: a session in {language}")
    open_session(s, f"flow=rtl&locale={language}")
    s.expect_screen("order", title)
    check(s.js("return document.documentElement.lang") == language, f"<html lang={language}>")
    check(s.js("return document.documentElement.dir") == "rtl", f"<html dir=rtl> for {language}")
    label, field = label_and_field(s, "name")
    check(style(s, label, "direction") == "rtl" and style(s, field, "direction") == "rtl",
          "the name's label and field compute direction: rtl")
    check(rect(s, label)["left"] > rect(s, field)["right"], "the label is on the right of its field")
    email = s.row("email").find_element(By.CSS_SELECTOR, "input")
    check(email.get_attribute("dir") == "ltr" and style(s, email, "direction") == "ltr",
          "an e-mail field stays left to right")
    toggle_label, toggle = s.row("gift").find_element(By.CSS_SELECTOR, "label"), s.row("gift").find_element(
        By.CSS_SELECTOR, "input")
    check(rect(s, toggle)["right"] < rect(s, toggle_label)["left"], "the toggle's switch is on the left")
    title_span = s.row("details").find_element(By.CSS_SELECTOR, ".title")
    chevron = s.row("details").find_element(By.CSS_SELECTOR, ".chevron")
    check(rect(s, chevron)["right"] < rect(s, title_span)["left"], "the disclosure's chevron is on the left")
    check(style(s, chevron, "transform") == ARROW_TURNED, "and turned to point left")


def arabic(s):
    right_to_left(s, "ar", "طلبك")
    s.type("name", "Ada Lovelace")
    detail = s.row("details").find_element(By.CSS_SELECTOR, ".detail bdi")
    check(detail.text == "Ada Lovelace", "a value in Latin letters is isolated in the row's detail (<bdi>)")
    field = s.row("name").find_element(By.CSS_SELECTOR, "input")
    check(style(s, field, "unicode-bidi") == "plaintext", "and a field reads what is typed in its own direction")
    s.shot("rtl-ar-order")
    # Each animation's keyframes, as the page asks for them.
    s.js("window.rtlSlides = []; const animate = Element.prototype.animate;"
         "Element.prototype.animate = function (frames, options) {"
         "  window.rtlSlides.push(frames.map((frame) => frame.transform ?? '').join(' > '));"
         "  return animate.call(this, frames, options); };")
    s.tap("details")
    s.expect_screen("details", "طلبك › تفاصيل الشحن")
    slides = s.js("return window.rtlSlides")
    check(slides[:2] == ["translateX(-100%) > translateX(0)", "translateX(0) > translateX(30%)"],
          f"the push slides the new screen in from the left ({slides})")
    arrow = s.driver.find_element(By.CSS_SELECTOR, "#breadcrumb .arrow")
    check(style(s, arrow, "transform") == ARROW_TURNED, "the breadcrumb's arrow is turned to point left")
    s.shot("rtl-ar-details")
    s.driver.back()
    s.settle("back")
    s.wait(lambda: s.top() == "order", "back on the order")
    s.js("const f = document.querySelector('#stage .screen.on-top [data-row=name] input'); f.value = '';"
         "f.dispatchEvent(new Event('change', {bubbles: true}))")
    s.settle("the name emptied")
    error = s.row("name").find_element(By.CSS_SELECTOR, ".error")
    check(error.text == "الاسم الكامل مطلوب" and style(s, error, "direction") == "rtl",
          f"the engine's message reads right to left ({error.text!r})")


def hebrew(s):
    right_to_left(s, "he", "ההזמנה שלך")
    s.shot("rtl-he-order")


def english(s):
    print("rtl: an English session is left to right, as before")
    open_session(s, "flow=rtl&locale=en")
    s.expect_screen("order", "Your order")
    check(s.js("return document.documentElement.dir") == "ltr", "<html dir=ltr>")
    label, field = label_and_field(s, "name")
    check(style(s, label, "direction") == "ltr" and style(s, field, "direction") == "ltr",
          "the name's label and field compute direction: ltr")
    check(rect(s, label)["right"] < rect(s, field)["left"], "the label is on the left of its field")
    title_span = s.row("details").find_element(By.CSS_SELECTOR, ".title")
    chevron = s.row("details").find_element(By.CSS_SELECTOR, ".chevron")
    check(rect(s, chevron)["left"] > rect(s, title_span)["right"] and style(s, chevron, "transform") == "none",
          "the chevron on the right, as drawn")
    s.tap("details")
    s.expect_screen("details", "Your order › Shipping details")
    check(s.js("return [...document.querySelectorAll('#breadcrumb > span')].every("
               "(span) => span.childNodes.length === 1 && span.firstChild.nodeType === Node.TEXT_NODE)"),
          "the breadcrumb is drawn as before: each layer one text, its arrows unturned")
    s.shot("rtl-en-details")


def main():
    args = browser_check.browser_arguments(__doc__.splitlines()[0]).parse_args()
    driver = browser_check.start_chromium(args, language="en-US")
    s = Shopper(driver, args.base, args.screenshots)
    return browser_check.run_checks(driver, args.screenshots, "rtl", [
        lambda: arabic(s), s.console_clean, lambda: hebrew(s), lambda: english(s),
        s.console_clean,
    ])


if __name__ == "__main__":
    sys.exit(main())
