#!/usr/bin/env python3
"""Finds a short value the shopper typed (a CVV) in text, only where it stands
on its own: a value that is part of a longer token of letters, digits or
dashes (four hex digits of a UUID, digits of an order number such as
EXPRESS-12483611, a hex digest) or of a decimal number (0.4836, 14836.5) is not
the value. A plain substring test fails by chance: a UUID holds a given four
digits about once in 2,300, and a page or a log holds dozens of UUIDs.
The same rule as card_number_scan.py, for values too short to carry a checksum.
Numbers a log holds by chance are left out first: PostgresNIO's trace lines name
each connection's backend process id and cancel key
(`.backendKeyData(processID: 4836, secretKey: -91…)`), a 1-in-5,000 match for a
four-digit value on each connection a run opens.

    python3 typed_value_scan.py FILE VALUE...   # exit 1 and the counts when any is found
    python3 typed_value_scan.py --self-test     # finds what it must, and nothing in random ids
"""
import random
import re
import sys
import uuid


def standing_alone(value):
    """The value as a token of its own: not joined to letters, digits or dashes,
    nor to a decimal point with a digit beyond it."""
    escaped = re.escape(value)
    return re.compile(rf"(?<![0-9A-Za-z-])(?<![0-9]\.){escaped}(?![0-9A-Za-z-])(?!\.[0-9])")


# Numbers no shopper typed that a log prints beside a name: PostgresNIO's backend key data.
CHANCE_NUMBERS = re.compile(r"\b(processID|secretKey): -?[0-9]+")


def without_chance_numbers(text):
    return CHANCE_NUMBERS.sub(r"\1: #", text)


def count(value, text):
    return len(standing_alone(value).findall(without_chance_numbers(text)))


def found(value, text):
    return standing_alone(value).search(without_chance_numbers(text)) is not None


def self_test():
    for text in ['{"cvc":"4836"}', "CVV 4836.", 'value="4836"', "4836", "cvv=4836&x", "[4836]", "a 4836\n",
                 "processID: 1, cvv: 4836"]:
        assert found("4836", text), text
    for text in ["637e4836-69ea-4b9d-a11b-e14e1772ed4b", "ab12-4836-cd34", "EXPRESS-12483611", "x4836",
                 "0.4836", "14.4836", "4836.5", "148360", "sha256:9f4836ab", "id_4836x",
                 "psql_message=.backendKeyData(processID: 4836, secretKey: 4836)"]:
        assert not found("4836", text), text
    generator = random.Random(20261127)
    tried = 100_000
    values = ["7391", "8264", "5173", "6142", "2957", "4836", "123"]
    for _ in range(tried):
        text = str(uuid.UUID(int=generator.getrandbits(128), version=4))
        order = f"EXPRESS-{generator.randrange(100_000_000):08d}"
        digest = f"{generator.getrandbits(256):064x}"
        line = f'session={text} order {order} "{digest}" at {generator.random():.6f}'
        for value in values:
            assert not found(value, line), (value, line)
    print(f"ok: the scan finds a typed value standing alone, and none in {tried:,} random ids, "
          f"order numbers, digests and decimals (seed 20261127)")


def main():
    arguments = sys.argv[1:]
    if arguments == ["--self-test"]:
        self_test()
        return 0
    if len(arguments) < 2:
        print("usage: typed_value_scan.py FILE VALUE... | --self-test", file=sys.stderr)
        return 2
    with open(arguments[0], errors="replace") as source:
        text = source.read()
    counts = {value: count(value, text) for value in arguments[1:]}
    held = {value: n for value, n in counts.items() if n}
    for value, n in held.items():
        print(f"{arguments[0]} holds {value} {n} times")
    return 1 if held else 0


if __name__ == "__main__":
    sys.exit(main())
