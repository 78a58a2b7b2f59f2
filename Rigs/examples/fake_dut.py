#!/usr/bin/env python3
"""A scripted DUT speaking nfcrig's JSON Lines protocol (DESIGN §6), for adapter tests.

Usage: fake_dut.py MODE [UID]. MODE good answers everything well; the others break one thing
on `read` (or `write`) so tests can check that the harness reports it and carries on:
bad-json, silent, exit-early, unknown-status, wrong-id, not-writable, unknown-error. A scan
reports one tag with UID (hex, default 08a1b2c3): the one a test put in the field.
"""
import json
import sys
import time

MODE = sys.argv[1] if len(sys.argv) > 1 else "good"
UID = sys.argv[2] if len(sys.argv) > 2 else "08a1b2c3"


def send(obj):
    sys.stdout.write(json.dumps(obj) + "\n")
    sys.stdout.flush()


for raw in sys.stdin:
    request = json.loads(raw)
    rid, op = request.get("id"), request.get("op")
    if op == "hello":
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
    else:
        send({"id": rid, "ok": False, "error": "unsupported", "message": op})
