"""The page's own words in the shopper's language (locale_check.py runs these).

A German and a French shopper each fill in Express and pay with a 3-D Secure
card: the bank's dialog shows its buttons in their language, then a decline (or
a failed check) opens the offer dialog in it, and accepting it routes them back
with the route banner in it too. At each dialog, none of the page's English words
(the `host.*` labels of an English session, which the server sends) is left in
the shopper's part: the checkout's column, the open dialog, the language picker's
label and the "New checkout" button. The developer's panes (the flow's picture,
the effects) and the header's flow picker and session id stay English.
"""
import json
import re
import urllib.request

from selenium.webdriver.common.by import By

from browser_challenge import CARD_3DS, CARD_3DS_DECLINED, CHALLENGE_CVVS, CONTACT, challenge_open
from browser_check import check

# What each language's page says, as the engine's tables write it
# (Sources/CheckoutModel/Resources/Messages/LANG.txt, the host.* lines).
WORDS = {
    "de": {
        "language": "Sprache", "new": "Neuer Checkout", "checkout": "Kasse", "modal": "Dialog: ",
        "buttons": ["Abbrechen", "Authentifizierung ablehnen", "Bestätigen"],
        "bank": "Ihre Bank · Sicherheitsprüfung",
        "stand_in": "Bei Ihrer Bank bestätigen für Jetzt bezahlen: ein Ersatz für die Seite Ihrer Bank",
        "offer": "Jetzt korrigieren?", "accept": "Korrigieren", "decline": "Nicht jetzt",
        "where": "Zu korrigieren unter „Kartendaten“.", "banner": "Weiter zu „Kartendaten“: ",
        "steps": {"checkout": "Express-Kasse", "paymentSheet": "Zahlung", "cardEntry": "Kartendaten",
                  "billingAddress": "Rechnungsadresse", "challenge": "Bei Ihrer Bank bestätigen"},
    },
    "fr": {
        "language": "Langue", "new": "Nouveau paiement", "checkout": "Paiement en ligne", "modal": "fenêtre\u00a0: ",
        "buttons": ["Annuler", "Refuser l’authentification", "Confirmer"],
        "bank": "Votre banque · vérification sécurisée",
        "stand_in": "Confirmer auprès de votre banque pour Payer maintenant\u00a0: une page qui tient lieu de celle de votre banque",
        "offer": "Corriger\u202f?", "accept": "Corriger", "decline": "Plus tard",
        "where": "À corriger dans «\u202fDétails de la carte\u202f».", "banner": "direction «\u202fDétails de la carte\u202f»\u00a0: ",
        "steps": {"checkout": "Paiement express", "paymentSheet": "Paiement", "cardEntry": "Détails de la carte",
                  "billingAddress": "Adresse de facturation", "challenge": "Confirmer auprès de votre banque"},
    },
}

# The shopper's part of the page, as text (hidden parts included: a word not yet
# replaced is a word not replaced), and the names read aloud.
SHOPPERS_TEXT = """
  const parts = [document.querySelector('section.device'), document.querySelector('#new-session'),
    document.querySelector('#locale-picker').closest('label'), ...document.querySelectorAll('dialog')];
  return parts.map((node) => node.textContent).join('\\n')
    + '\\n' + [...document.querySelectorAll('[data-word-label]')].map((node) => node.getAttribute('aria-label')).join('\\n');
"""


def labels(base, locale):
    """The page's words a new Express session in `locale` is sent with (host.* id -> text)."""
    body = json.dumps({"flow": "express", "locale": locale}).encode()
    request = urllib.request.Request(base + "/sessions", data=body, headers={"Content-Type": "application/json"},
                                     method="POST")
    with urllib.request.urlopen(request) as reply:
        return json.load(reply)["labels"]


def english_pieces(base, locale):
    """The English page words, each cut into the literal pieces around its {placeholders}, less any
    piece the language itself writes (German writes "Checkout" too)."""
    own = " ".join(labels(base, locale).values())
    pieces = set()
    for text in labels(base, "en").values():
        for piece in re.split(r"\{[A-Za-z0-9._]+\}", text):
            piece = piece.strip(" :.,")
            if len(piece) >= 4 and not said(piece, own):
                pieces.add(piece)
    check(len(pieces) >= 20, f"the English page words to look for come from the server ({len(pieces)} pieces)")
    return pieces


def said(piece, text):
    """Whether the text has the piece as words of its own ("Confirm" is not in "Confirmer")."""
    return re.search(rf"(?<!\w){re.escape(piece)}(?!\w)", text) is not None


def no_english(s, english, moment):
    text = s.js(SHOPPERS_TEXT)
    left = sorted(piece for piece in english if said(piece, text))
    check(not left, f"{moment}: no English page words in the shopper's part (found {left})")


def crumb(words, *steps):
    names = [words["steps"][step] for step in steps]
    return " | ".join([names[0]] + [words["modal"] + name for name in names[1:]])


def fill_and_pay(s, words, number, cvv):
    for row_id, value in CONTACT:
        s.type(row_id, value)
    s.tap("payment")
    s.expect_screen("paymentSheet", crumb(words, "checkout", "paymentSheet"))
    s.tap("card")
    s.expect_screen("cardEntry", crumb(words, "checkout", "paymentSheet", "cardEntry"))
    s.type("cardholder", "Ada Lovelace")
    s.type("number", number)
    s.type("expiry", "12/30")
    s.type("cvc", cvv)
    s.tap("billing")
    s.expect_screen("billingAddress", crumb(words, "checkout", "paymentSheet", "cardEntry", "billingAddress"))
    s.type("zip", "97201")
    s.tap("done")
    s.expect_screen("cardEntry", crumb(words, "checkout", "paymentSheet", "cardEntry"))
    s.tap("done")
    s.expect_screen("paymentSheet", crumb(words, "checkout", "paymentSheet"))
    s.tap("done")
    s.expect_screen("checkout", crumb(words, "checkout"))
    s.tap("pay")
    s.wait(lambda: challenge_open(s), "the bank's dialog", timeout=20)


def exact_text(s, selector):
    """An element's text as written, its no-break spaces kept (WebDriver's `.text`
    turns U+00A0 into a plain space, so French punctuation would never match)."""
    return s.js("return document.querySelector(arguments[0]).textContent", selector).strip()


def bank_dialog(s, words, english, language):
    check(s.breadcrumb() == crumb(words, "checkout", "challenge"),
          f"the breadcrumb reads {crumb(words, 'checkout', 'challenge')!r} (got {s.breadcrumb()!r})")
    dialog = s.driver.find_element(By.ID, "challenge")
    buttons = [b.text for b in dialog.find_elements(By.CSS_SELECTOR, "menu button")]
    check(buttons == words["buttons"], f"the bank's dialog's buttons in {language}: {buttons}")
    bank = s.js("return document.querySelector('#challenge .bank').textContent").strip()
    check(bank.endswith(words["bank"]), f"its bank line in {language}: {bank!r}")
    what = exact_text(s, "#challenge-what")
    check(what == words["stand_in"], f"its stand-in line in {language}, by titles: {what!r}")
    check(not any(id in what for id in ("three_d_secure", "confirmPayment", "challenge")),
          f"its stand-in line names no ids: {what!r}")
    no_english(s, english, f"the bank's dialog in {language}")


def offer_dialog(s, words, english, language):
    s.wait(lambda: s.js("return document.querySelector('#offer').open"), "the offer dialog")
    title = exact_text(s, "#offer h2")
    check(title == words["offer"], f"the offer dialog asks {words['offer']!r} (got {title!r})")
    accept = s.driver.find_element(By.ID, "offer-accept").text
    decline = s.driver.find_element(By.ID, "offer-decline").text
    check((accept, decline) == (words["accept"], words["decline"]), f"and offers {accept!r} and {decline!r}")
    where = exact_text(s, "#offer-where")
    check(where == words["where"], f"it says where in {language}: {where!r}")
    no_english(s, english, f"the offer dialog in {language}")


def routed_back(s, words, language):
    s.js("window.checkoutHost.banners = []")
    s.driver.find_element(By.ID, "offer-accept").click()
    s.expect_screen("cardEntry", crumb(words, "checkout", "paymentSheet", "cardEntry"))
    banners = s.js("return window.checkoutHost.banners")
    check(any(banner.startswith(words["banner"]) for banner in banners), f"the route banner in {language}: {banners}")


def chrome(s, words, language):
    check(s.driver.find_element(By.ID, "new-session").text == words["new"], f"the New checkout button in {language}")
    label = s.js("return document.querySelector('#locale-picker').closest('label').firstElementChild.textContent")
    check(label == words["language"], f"the picker's label in {language}: {label!r}")
    name = s.js("return document.querySelector('section.device').getAttribute('aria-label')")
    check(name == words["checkout"], f"the checkout's accessible name in {language}: {name!r}")


def german_dialogs(s):
    """A German shopper on Express (the page as locale_check's German walk left it)."""
    print("locale 1b: the page's own words in German: the bank's dialog, the offer, the banner")
    english = english_pieces(s.base, "de")
    words = WORDS["de"]
    chrome(s, words, "German")
    fill_and_pay(s, words, CARD_3DS_DECLINED, CHALLENGE_CVVS[1])
    bank_dialog(s, words, english, "German")
    s.shot("locale-german-bank")
    s.driver.find_element(By.ID, "challenge-confirm").click()
    offer_dialog(s, words, english, "German")
    s.shot("locale-german-offer")
    routed_back(s, words, "German")
    no_english(s, english, "routed back to the card in German")


def french_dialogs(s):
    """A French shopper (chosen in the picker): the bank's check failed on purpose, then the offer."""
    print("locale 2b: the page's own words in French: the bank's dialog, the offer, the banner")
    english = english_pieces(s.base, "fr")
    words = WORDS["fr"]
    chrome(s, words, "French")
    fill_and_pay(s, words, CARD_3DS, CHALLENGE_CVVS[2])
    bank_dialog(s, words, english, "French")
    s.driver.find_element(By.ID, "challenge-fail").click()
    offer_dialog(s, words, english, "French")
    s.shot("locale-french-offer")
    routed_back(s, words, "French")
    no_english(s, english, "routed back to the card in French")
