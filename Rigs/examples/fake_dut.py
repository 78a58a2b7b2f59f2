#!/usr/bin/env python3
"""A scripted DUT speaking nfcrig's JSON Lines protocol (DESIGN §6), for adapter tests.

Usage: fake_dut.py MODE [UID]. MODE good answers everything well; the others break one thing
on `read` (or `write`) so tests can check that the harness reports it and carries on:
bad-json, silent, exit-early, unknown-status, wrong-id, not-writable, unknown-error,
bad-tnf, bad-record-hex; `records` adds the records its application decoded to a read,
`protocol-2` claims a protocol nfcrig does not speak, `iso-dep-chip` and `iso-dep-odd` say
their chip runs ISO-DEP (or something nfcrig does not know), `env` names its reader's environment
(NFCRIG_READER_USB, LIBNFC_DEFAULT_DEVICE) as its firmware. A scan reports one tag with UID
(hex, default 08a1b2c3): the one a test put in the field. `select` picks the second AID
asked for (`select-foreign`: one nobody asked for; `select-none`: none) and `apdu` echoes
the command with 9000 (`apdu-short`: answers one byte). The CoreNFC session's ops
(`begin_session`, `session`, `cancel`, `invalidate`) get `unsupported` except in mode
`session`, whose session reports one message and ends with 204 (named `firstNDEFTagRead`)
once cancelled: `ended` null before.
"""
import os
import json
import sys
import time

MODE = sys.argv[1] if len(sys.argv) > 1 else "good"
UID = sys.argv[2] if len(sys.argv) > 2 else "08a1b2c3"
CANCELLED = False


def send(obj):
    sys.stdout.write(json.dumps(obj) + "\n")
    sys.stdout.flush()


for raw in sys.stdin:
    request = json.loads(raw)
    rid, op = request.get("id"), request.get("op")
    if op == "hello":
        if MODE == "protocol-2":
            send({"id": rid, "ok": True, "name": "FakeReader", "firmware": "2.0", "protocol": 2})
        elif MODE in ("iso-dep-chip", "iso-dep-odd"):
            handling = "chip" if MODE == "iso-dep-chip" else "firmware"
            send({"id": rid, "ok": True, "name": "FakeReader", "firmware": "1.4.2",
                  "iso_dep": handling})
        elif MODE == "env":
            firmware = " ".join(os.environ.get(name, "-") for name in
                                ("NFCRIG_READER_USB", "LIBNFC_DEFAULT_DEVICE"))
            send({"id": rid, "ok": True, "name": "FakeReader", "firmware": firmware})
        else:
            send({"id": rid, "ok": True, "name": "FakeReader", "firmware": "1.4.2"})
    elif op == "scan":
        send({"event": "restart_polling"})
        send({"id": rid, "ok": True, "tags": [{"uid": UID}]})
    elif op == "read":
        if MODE == "bad-json":
            sys.stdout.write("this is not json\n")
            sys.stdout.flush()
        elif MODE == "silent":
            continue
        elif MODE == "exit-early":
            sys.stderr.write("boom: reader unplugged\n")
            sys.stderr.flush()
            sys.exit(3)
        elif MODE == "unknown-status":
            send({"id": rid, "ok": True, "status": "sortOf", "capacity": 10, "ndef": None})
        elif MODE == "wrong-id":
            send({"id": rid + 5, "ok": True, "status": "readWrite", "capacity": 10})
        elif MODE == "unknown-error":
            send({"id": rid, "ok": False, "error": "gremlins", "message": "?"})
        elif MODE in ("records", "bad-tnf", "bad-record-hex"):
            record = {"tnf": "wellKnown", "typeHex": "55", "idHex": "",
                      "payloadHex": "04612e6263"}
            if MODE == "bad-tnf":
                record["tnf"] = "wellknown"
            if MODE == "bad-record-hex":
                record["payloadHex"] = "04612e626"
            send({"id": rid, "ok": True, "status": "readWrite", "capacity": 2046,
                  "ndef": "d101055504612e6263", "records": [record]})
        else:
            send({"id": rid, "ok": True, "status": "readWrite", "capacity": 2046,
                  "ndef": "d101055504612e6263"})
    elif op == "write":
        if MODE == "not-writable":
            send({"id": rid, "ok": False, "error": "tagNotWritable", "message": "read-only tag"})
        else:
            send({"id": rid, "ok": True})
    elif op == "dispatch":
        send({"id": rid, "ok": True, "url": "https://a.bc"})
    elif op == "select":
        aids = request.get("aids", [])
        if MODE == "select-none" or len(aids) < 2:
            send({"id": rid, "ok": True, "aid": None})
        elif MODE == "select-foreign":
            send({"id": rid, "ok": True, "aid": "a0000000041010"})
        else:
            send({"id": rid, "ok": True, "aid": aids[1].lower(), "historical_bytes": "8001",
                  "application_data": "6f0784050102030405"})
    elif op == "apdu":
        if MODE == "apdu-short":
            send({"id": rid, "ok": True, "response": "90"})
        else:
            send({"id": rid, "ok": True, "response": request.get("apdu", "") + "9000"})
    elif MODE == "session" and op in ("begin_session", "cancel", "invalidate"):
        CANCELLED = CANCELLED or op == "cancel"
        send({"id": rid, "ok": True})
    elif MODE == "session" and op == "session":
        send({"id": rid, "ok": True, "messages": [{"ndef": "d1010555046162"}],
              "ended": "firstNDEFTagRead" if CANCELLED else None})
    else:
        send({"id": rid, "ok": False, "error": "unsupported", "message": op})
