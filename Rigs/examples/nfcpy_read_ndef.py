#!/usr/bin/env python3
"""Reads the first tag nfcpy finds on a PN533 and prints its NDEF message as hex.

An nfcpy client for `nfcrig sim usb`, which runs it against a simulated PN533 on virtual
USB:

    nfcrig sim usb --tag4 Rigs/samples/uri.hex -- python3 Rigs/examples/nfcpy_read_ndef.py

Prints `tag: <nfcpy's description>`, `ndef: <hex>` (or `ndef: none`) and `seconds: <t>`,
the time from the start of polling until the message was read; exits 1 when no tag is
found within --timeout seconds (default 10). --device picks the reader (nfcpy's
path, default usb:001:002: the first reader `sim usb` exposes).
"""
import argparse
import sys
import time

import nfc


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--device", default="usb:001:002")
    parser.add_argument("--timeout", type=float, default=10.0)
    arguments = parser.parse_args()
    deadline = time.monotonic() + arguments.timeout
    with nfc.ContactlessFrontend(arguments.device) as clf:
        start = time.perf_counter()
        tag = clf.connect(
            rdwr={"on-connect": lambda tag: False},
            terminate=lambda: time.monotonic() > deadline,
        )
        if not tag:
            print("no tag within %.1f s" % arguments.timeout, file=sys.stderr)
            return 1
        octets = tag.ndef.octets if tag.ndef else None
        elapsed = time.perf_counter() - start
        print("tag:", tag)
        print("ndef:", octets.hex() if octets is not None else "none")
        print("seconds: %.6f" % elapsed)
    return 0


if __name__ == "__main__":
    sys.exit(main())
