#!/usr/bin/env python3
"""Polls once for a 106 kbps type A tag with nfcpy on an empty field and prints, one per
line, the BrTy byte of every InListPassiveTarget nfcpy sent (from nfcpy's own command log).

A PN533 leaves the REQA byte 26 in CIU_FIFOData when no card answered, and nfcpy then
stops; otherwise it tries a Type 1 tag poll (BrTy 04). Run it under `nfcrig sim usb`:

    nfcrig sim usb -- python3 Scripts/nfcpy_empty_poll.py [--device usb:001:002]
"""
import argparse
import logging

import nfc
import nfc.clf


class Commands(logging.Handler):
    """Collects the InListPassiveTarget commands nfcpy logs (at DEBUG-1, with their data)."""

    def __init__(self):
        super().__init__(level=logging.DEBUG - 1)
        self.modulations = []

    def emit(self, record):
        words = record.getMessage().split()
        if len(words) >= 2 and words[0] == "InListPassiveTarget":
            self.modulations.append(words[1][2:4])


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--device", default="usb:001:002")
    arguments = parser.parse_args()
    commands = Commands()
    chipset_log = logging.getLogger("nfc.clf.pn533")
    chipset_log.setLevel(logging.DEBUG - 1)
    chipset_log.addHandler(commands)
    with nfc.ContactlessFrontend(arguments.device) as clf:
        target = clf.sense(nfc.clf.RemoteTarget("106A"))
    print("target:", target)
    for modulation in commands.modulations:
        print("InListPassiveTarget BrTy", modulation)


if __name__ == "__main__":
    main()
