#!/usr/bin/env python3
"""Finds card numbers in text: Luhn-valid runs of 13 to 19 digits, with single
spaces or dashes allowed between digits, that stand on their own: a run that is
part of a longer token of letters, digits or dashes (a UUID such as
bafa5803-5144-4283-9451-82f93d55face, a base64 blob) is not a card number.
The rule of DataSafetyTests.cardNumbers.

    pg_dump ... | python3 card_number_scan.py      # exit 1 and the count when any is found
    python3 card_number_scan.py dump.sql log.txt   # files: each reported by name (exit 2 if one cannot be read)
    python3 card_number_scan.py --self-test        # the scan finds what it must, and no UUID

Found numbers are never printed whole: only their count and last four digits.
"""
import random
import re
import sys
import uuid

# A maximal run: a digit, then digits with at most one space or dash between two.
DIGIT_RUN = re.compile(r"[0-9](?:[ -]?[0-9])*")


def luhn_valid(digits):
    total = 0
    for offset, digit in enumerate(reversed(digits)):
        if offset % 2 == 1:
            digit *= 2
            if digit > 9:
                digit -= 9
        total += digit
    return total % 10 == 0


def joins_token(character):
    """True when a character next to a run makes the run part of a longer token."""
    return character.isalnum() or character == "-"


def card_numbers(text):
    found = []
    for match in DIGIT_RUN.finditer(text):
        before = text[match.start() - 1] if match.start() > 0 else " "
        after = text[match.end()] if match.end() < len(text) else " "
        if joins_token(before) or joins_token(after):
            continue
        digits = [int(c) for c in match.group() if c.isdigit()]
        if 13 <= len(digits) <= 19 and luhn_valid(digits):
            found.append("".join(map(str, digits)))
    return found


def self_test():
    assert card_numbers('{"n":"4242 4242 4242 4242"}') == ["4242424242424242"]
    assert card_numbers("card 4000-0000-0000-0002.") == ["4000000000000002"]
    assert card_numbers("4000000000003220") == ["4000000000003220"]
    assert card_numbers("4242424242424241 and •••• 4242, 20261121") == []
    assert card_numbers("bafa5803-5144-4283-9451-82f93d55face") == []
    assert card_numbers("x4242424242424242y") == []
    generator = random.Random(20261126)
    tried = 200_000
    for _ in range(tried):
        text = str(uuid.UUID(int=generator.getrandbits(128), version=4))
        assert card_numbers(f'"{text}"') == [], text
    print(f"ok: the scan finds card numbers written any way, and none in {tried:,} random UUIDs (seed 20261126)")


def main():
    arguments = sys.argv[1:]
    if arguments == ["--self-test"]:
        self_test()
        return 0
    if any(argument.startswith("-") and argument != "-" for argument in arguments):
        print("usage: card_number_scan.py [--self-test | FILE... (default: standard input; - for it)]", file=sys.stderr)
        return 2
    sources = arguments or ["-"]
    status = 0
    for source in sources:
        if source == "-":
            text, name = sys.stdin.read(), "standard input"
        else:
            try:
                with open(source, encoding="utf-8", errors="replace") as handle:
                    text, name = handle.read(), source
            except OSError as error:
                print(f"{source}: cannot read: {error.strerror}", file=sys.stderr)
                return 2
        prefix = f"{name}: " if len(sources) > 1 or source != "-" else ""
        found = card_numbers(text)
        if found:
            endings = ", ".join(sorted({"…" + number[-4:] for number in found}))
            print(f"{prefix}{len(found)} card number{'s' if len(found) != 1 else ''} in {len(text)} characters (ending {endings})")
            status = 1
        else:
            print(f"{prefix}no card number in {len(text)} characters")
    return status


if __name__ == "__main__":
    sys.exit(main())
