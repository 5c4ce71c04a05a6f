#!/usr/bin/env python3
"""A deploy the shopper meets (Examples/browser-check.sh runs this against the
PostgreSQL store, the server serving Examples/evolution/plndr-v1.json; the
--deploy-command restarts it serving v1 and v2 with --on-flow-change migrate):

  - a German shopper on the Discount sheet reloads after the deploy: v2 has no
    Discount step, so the session is carried back to the cart, and the page says,
    in German, that the checkout was updated (host.notice.updated); the migration
    report (English data for an operator) is shown nowhere.

  browser_deploy.py BASE_URL --screenshots DIR --deploy-command CMD
"""
import subprocess
import sys

from browser_check import Shopper, check
import browser_check

UPDATED_DE = "Dieser Checkout wurde aktualisiert"


def notice(s):
    return s.js("const n = document.querySelector('#notice'); return n.hidden ? null : n.textContent")


def story_deploy(s, deploy_command):
    print("deploy: a session on a step v2 removed is carried back, and the shopper told so in German")
    s.driver.get(s.base + "/?pace=60&flow=plndr&locale=de")
    s.settle("the German checkout on v1")
    s.wait(lambda: s.top() == "cart", "the cart")
    s.tap("discount")
    s.settle("the Discount sheet")
    s.wait(lambda: s.top() == "discount", "the Discount sheet on top")
    check(notice(s) is None, "no notice before the deploy")
    print("  the server restarts serving v1 and v2 (--on-flow-change migrate); the page reloads")
    subprocess.run(deploy_command, shell=True, check=True)
    s.driver.refresh()
    s.settle("the session after the deploy")
    s.wait(lambda: s.top() == "cart", "the cart after the deploy (Discount is not in v2)")
    said = notice(s) or ""
    check(UPDATED_DE in said, f"the page says, in German, that the checkout was updated ({said!r})")
    # The shopper's side of the page (the developer's effects log beside it has the report's kinds).
    shopper = s.js("return document.querySelector('section.device').innerText")
    for word in ("cutNavigation", "migration", "fromVersion", "discount"):
        check(word not in shopper, f"the shopper reads no {word!r}")
    logged = s.js("return document.querySelector('#log').innerText")
    check("cutNavigation" in logged, "the effects log names the migration's change for the developer")
    s.shot("deploy-notice")
    # The next step clears it, as any notice.
    s.tap("checkout")
    s.settle("the next step")
    check(notice(s) is None, "the notice goes with the shopper's next tap")


def main():
    parser = browser_check.browser_arguments(__doc__.splitlines()[0])
    parser.add_argument("--deploy-command", required=True, help="restarts the server serving v1 and v2, migrating")
    args = parser.parse_args()
    driver = browser_check.start_chromium(args, language="de-DE")
    s = Shopper(driver, args.base, args.screenshots)
    checks = [lambda: story_deploy(s, args.deploy_command), s.console_clean]
    return browser_check.run_checks(driver, args.screenshots, "deploy", checks)


if __name__ == "__main__":
    sys.exit(main())
