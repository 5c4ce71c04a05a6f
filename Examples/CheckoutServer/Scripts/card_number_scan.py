#!/usr/bin/env python3
"""Finds card numbers in text: Luhn-valid runs of 13 to 19 digits, with spaces or
dashes allowed between digits (the rule of DataSafetyTests.cardNumbers).

    pg_dump ... | python3 card_number_scan.py      # exit 1 and the count when any is found
    python3 card_number_scan.py --self-test        # the scan finds what it must

Found numbers are never printed whole: only their count and last four digits.
"""
import sys


def luhn_valid(digits):
    total = 0
    for offset, digit in enumerate(reversed(digits)):
        if offset % 2 == 1:
            digit *= 2
            if digit > 9:
                digit -= 9
        total += digit
    return total % 10 == 0


def card_numbers(text):
    found, digits, previous = [], [], " "
    def flush():
        if 13 <= len(digits) <= 19 and luhn_valid(digits):
            found.append("".join(map(str, digits)))
        digits.clear()
    for character in text:
        if character.isascii() and character.isdigit():
            digits.append(int(character))
        elif character in " -" and previous.isascii() and previous.isdigit():
            pass  # a separator inside a number: keep collecting
        else:
            flush()
        previous = character
    flush()
    return found


def self_test():
    assert card_numbers('{"n":"4242 4242 4242 4242"}') == ["4242424242424242"]
    assert card_numbers("x4000-0000-0000-0002y") == ["4000000000000002"]
    assert card_numbers("4242424242424241 and •••• 4242, 20261121") == []
    print("ok: the scan finds card numbers written any way, and nothing else")


def main():
    if sys.argv[1:] == ["--self-test"]:
        self_test()
        return 0
    text = sys.stdin.read()
    found = card_numbers(text)
    if found:
        endings = ", ".join(sorted({"…" + number[-4:] for number in found}))
        print(f"{len(found)} card numbers in {len(text)} characters (ending {endings})")
        return 1
    print(f"no card number in {len(text)} characters")
    return 0


if __name__ == "__main__":
    sys.exit(main())
