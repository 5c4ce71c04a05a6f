#!/usr/bin/env python3
"""The browser host page in the shopper's language, in headless Chromium.

Run by Examples/browser-check.sh after the shopper's stories (browser_check.py),
on each store. A browser whose language is German opens Express: the language
picker defaults to German, and the page shows the flow's German words (a step
title, row titles) and the engine's German messages (an email error, a
required-field error) and the total as German writes an amount (148,00 $) by
visible text. Choosing Français in
the picker turns the same checkout French (same session, same screen, nothing
lost); "New checkout" then starts a French one, which shows the engine's French words. With
--restart-command (the PostgreSQL store) the server restarts and a reload finds
the German session still in German. Each shopper then pays with a 3-D Secure card
(locale_dialogs.py): the page's own words (the bank's dialog, the offer dialog,
the route banner, the picker's label, "New checkout") are in their language, and
none of the page's English words is left in the shopper's part.

  locale_check.py BASE_URL --screenshots DIR [--restart-command CMD]
"""
import subprocess
import sys

from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import Select

import browser_check
import locale_dialogs
from browser_check import Shopper, check


class LocaleShopper(Shopper):
    def visible_text(self):
        """The page's visible text, a no-break space (inside numbers, beside a
        currency symbol) read as the space it looks like."""
        text = self.driver.find_element(By.TAG_NAME, "body").text
        return text.replace("\u00a0", " ").replace("\u202f", " ")

    def shows(self, words, what):
        self.wait(lambda: words in self.visible_text(), f"{words!r} on the page")
        check(words in self.visible_text(), f"{what}: the page shows {words!r}")

    def picker(self):
        return Select(self.driver.find_element(By.ID, "locale-picker"))

    def clear(self, row_id):
        self.settle(f"the page before clearing {row_id}")
        field = self.row(row_id).find_element(By.CSS_SELECTOR, "input")
        field.send_keys(Keys.CONTROL, "a", Keys.NULL, Keys.BACKSPACE, Keys.TAB)
        self.settle(f"the answer to clearing {row_id}")

    def expect_error(self, row_id, message):
        self.wait(lambda: self.row_error(row_id) == message, f"{row_id}'s error {message!r}")
        check(self.row_error(row_id) == message, f"{row_id} shows {message!r}")


def german(s, restart_command):
    print("locale 1: a German browser on Express")
    s.driver.get(s.base + "/?flow=express")
    s.settle("the German checkout")
    languages = s.js("return navigator.languages")
    check(languages and languages[0].startswith("de"), f"the browser's languages are German ({languages})")
    check(s.picker().first_selected_option.get_attribute("value") == "de",
          "the language picker defaults to the browser's language, German")
    check(s.picker().first_selected_option.text == "Deutsch", "and names it in German")
    check(s.js("return document.documentElement.lang") == "de", "the page's lang is de")
    check(s.driver.title == "Express-Kasse", f"the page's <title> is the flow's German title ({s.driver.title!r})")
    check(s.js("return document.querySelector('#new-session').getAttribute('lang')") is None,
          "the page's own words need no lang of their own: they are in the page's")
    s.wait(lambda: s.top() == "checkout", "Express's first step")
    s.shows("Express-Kasse", "the flow's German step title")
    s.shows("Vorname", "the flow's German row title")
    s.shows("148,00 $", "the total as German writes an amount")
    check("$148.00" not in s.visible_text(), "no amount written the English way")
    s.type("email", "nope")
    s.expect_error("email", "E-Mail muss eine E-Mail-Adresse wie name@example.com sein")
    s.clear("email")
    s.expect_error("email", "„E-Mail“ ist ein Pflichtfeld")
    s.shows("Jetzt bezahlen", "the German title of the Pay button")
    check("is required" not in s.visible_text(), "no English engine message on the page")
    s.shot("locale-german")
    if restart_command:
        print("  the server restarts; the page reloads")
        subprocess.run(restart_command, shell=True, check=True)
        s.driver.refresh()
        s.settle("the German session after the restart")
        s.wait(lambda: s.top() == "checkout", "Express's first step after the restart")
        check(s.picker().first_selected_option.get_attribute("value") == "de", "the session is still German")
        s.shows("Express-Kasse", "the German title after the restart")
        s.expect_error("email", "„E-Mail“ ist ein Pflichtfeld")


def french(s):
    print("locale 2: Français chosen in the picker: the same checkout in French, then a new French one")
    s.settle("the page before choosing French")
    session = s.js("return new URLSearchParams(location.search).get('session')")
    top = s.top()
    holder = s.row("cardholder").find_element(By.CSS_SELECTOR, "input").get_attribute("value")
    s.picker().select_by_visible_text("Français")
    s.settle("the checkout in French")
    check(s.js("return new URLSearchParams(location.search).get('session')") == session and s.top() == top,
          f"the same checkout, on the same screen ({top})")
    check(s.row("cardholder").find_element(By.CSS_SELECTOR, "input").get_attribute("value") == holder,
          "nothing entered is lost")
    s.shows("Paiement express", "the flow's French step titles")
    check(s.js("return document.documentElement.lang") == "fr", "the page's lang is fr")
    s.driver.find_element(By.ID, "new-session").click()
    s.settle("a new French checkout")
    s.wait(lambda: s.top() == "checkout", "the new checkout's first step")
    check(s.js("return new URLSearchParams(location.search).get('session')") != session, "a new session")
    s.shows("Paiement express", "the flow's French step title")
    s.shows("148,00 $", "the total as French writes an amount")
    check(s.js("return document.documentElement.lang") == "fr", "the page's lang is fr")
    check(s.driver.title == "Paiement express", f"the page's <title> is the flow's French title ({s.driver.title!r})")
    s.type("email", "nope")
    s.expect_error("email", "E-mail doit être une adresse e-mail comme nom@example.com")
    s.clear("email")
    s.expect_error("email", "Le champ «\u202fE-mail\u202f» est obligatoire")
    s.shot("locale-french")


def main():
    parser = browser_check.browser_arguments(__doc__.splitlines()[0])
    parser.add_argument("--restart-command", help="restarts the server (the PostgreSQL store) between checks")
    args = parser.parse_args()
    # Chromium whose language is German: navigator.languages starts with de-DE.
    driver = browser_check.start_chromium(args, language="de-DE")
    shopper = LocaleShopper(driver, args.base, args.screenshots)
    return browser_check.run_checks(driver, args.screenshots, "locale", [
        lambda: german(shopper, args.restart_command), lambda: locale_dialogs.german_dialogs(shopper),
        lambda: french(shopper), lambda: locale_dialogs.french_dialogs(shopper), shopper.console_clean,
    ])


if __name__ == "__main__":
    sys.exit(main())
