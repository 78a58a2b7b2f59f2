#!/usr/bin/env python3
"""The smallest honest nfcrig DUT adapter: a reader (here nfcpy) behind the process DUT
protocol (docs/testing-your-reader.md). It answers hello, scan and read; every other request
gets `unsupported`, which makes nfcrig skip the cases that need it.

To test your own reader, keep main() and replace the nfcpy calls in Reader with your
reader's API. Rigs/examples/minimal-dut.yaml runs it.
"""
import json
import os
import sys
import time

import nfc


class Failure(Exception):
    """A reader error, answered with one of the CoreNFC error names nfcrig knows."""

    def __init__(self, name, message):
        super().__init__(message)
        self.name = name


class Reader:
    def __init__(self):
        # The rig's `reader:` chip, as bus:address (e.g. 001:004); nfcpy opens usb:001:004.
        self.clf = nfc.ContactlessFrontend("usb:" + os.environ["NFCRIG_READER_USB"])
        self.tag = None

    def hello(self):
        # iso_dep: who runs ISO/IEC 14443-4. nfcpy does it in host software.
        return {"name": "minimal nfcpy %s" % nfc.__version__, "firmware": str(self.clf.device),
                "protocol": 1, "iso_dep": "host"}

    def scan(self, timeout_ms):
        # Poll until a tag is activated or the time is up; report every tag found, by UID.
        deadline = time.monotonic() + timeout_ms / 1000
        self.tag = self.clf.connect(
            rdwr={"on-connect": lambda tag: False, "iterations": 1},
            terminate=lambda: time.monotonic() > deadline)
        return {"tags": [{"uid": bytes(self.tag.identifier).hex()}] if self.tag else []}

    def read(self):
        if not self.tag:
            raise Failure("tagNotConnected", "no tag: scan first")
        try:
            found = self.tag.ndef  # None when the tag holds no NDEF
        except Exception as error:
            raise Failure("tagResponseError", repr(error))
        if found is None:
            return {"status": "notSupported", "capacity": 0, "ndef": None}
        # The message's bytes as read off the tag. No "records": this adapter decodes
        # nothing, so the cases that judge decoded records are skipped, not passed.
        return {"status": "readWrite" if found.is_writeable else "readOnly",
                "capacity": found.capacity, "ndef": bytes(found.octets).hex()}


def main():
    reader = Reader()
    for line in sys.stdin:  # one request per line
        request = json.loads(line)
        op = request["op"]
        try:
            if op == "hello":
                answer = reader.hello()
            elif op == "scan":
                answer = reader.scan(request["timeout_ms"])
            elif op == "read":
                answer = reader.read()
            else:  # write, dispatch, select, apdu
                raise Failure("unsupported", "minimal_dut has no %s" % op)
            answer["ok"] = True
        except Failure as failure:
            answer = {"ok": False, "error": failure.name, "message": str(failure)}
        answer["id"] = request["id"]
        # One response per line, flushed at once. Nothing else may go to stdout: logs
        # belong on stderr, which nfcrig quotes when the process dies.
        print(json.dumps(answer), flush=True)


if __name__ == "__main__":
    main()
