#!/usr/bin/env python3
"""Decode a corpus of NDEF messages with ndeflib, at the record level, as an oracle.

Usage: ndeflib_oracle.py CORPUS [OUT]

CORPUS holds messages as repeated [4-byte big-endian length][message bytes]. For each
message one JSON line is written to OUT (default: standard output), in corpus order:

    {"ok": true, "records": [{"type": "urn:nfc:wkt:U", "id": "hex", "data": "hex"}, ...]}
    {"ok": false, "error": "DecodeError: ..."}

Records are decoded with `ndef.message_decoder(octets, errors='strict', known_types={})`:
no RTD payload decoding, chunks reported as separate records (ndeflib does not reassemble
them). Any exception while decoding counts as a reject.
"""

import json
import struct
import sys

import ndef


def read_corpus(path):
    with open(path, "rb") as corpus:
        data = corpus.read()
    offset = 0
    while offset < len(data):
        if offset + 4 > len(data):
            raise SystemExit(f"corpus ends inside a length prefix at offset {offset}")
        (length,) = struct.unpack_from(">I", data, offset)
        offset += 4
        if offset + length > len(data):
            raise SystemExit(f"corpus entry at offset {offset - 4} overruns the file")
        yield data[offset : offset + length]
        offset += length


def decode(octets):
    try:
        records = [
            {
                "type": record.type,
                "id": record.name.encode("latin-1").hex(),
                "data": bytes(record.data).hex(),
            }
            for record in ndef.message_decoder(octets, errors="strict", known_types={})
        ]
    except Exception as error:  # noqa: BLE001 - every exception is a reject
        return {"ok": False, "error": f"{type(error).__name__}: {error}"}
    return {"ok": True, "records": records}


def main(argv):
    if len(argv) not in (2, 3):
        print(__doc__, file=sys.stderr)
        return 2
    out = open(argv[2], "w", encoding="utf-8") if len(argv) == 3 else sys.stdout
    try:
        for octets in read_corpus(argv[1]):
            out.write(json.dumps(decode(octets), separators=(",", ":")) + "\n")
    finally:
        if out is not sys.stdout:
            out.close()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
