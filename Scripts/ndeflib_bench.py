"""Decode a corpus of NDEF messages with ndeflib and print its throughput as one JSON line.

The corpus is the file `nfcrig bench ndef` writes: repeated [4-byte big-endian length][message].
ndeflib decodes typed records (URI, Text, Smart Poster) with its registered record classes,
which is the work nfcrig's typed decode does too.
"""
import json
import struct
import sys
import time

import ndef


def load(path):
    with open(path, "rb") as handle:
        data = handle.read()
    messages, offset = [], 0
    while offset < len(data):
        (length,) = struct.unpack_from(">I", data, offset)
        offset += 4
        messages.append(data[offset:offset + length])
        offset += length
    return messages


def main():
    messages = load(sys.argv[1])
    min_seconds = float(sys.argv[2]) if len(sys.argv) > 2 else 2.0
    records = sum(len(list(ndef.message_decoder(m))) for m in messages)
    best = None
    rounds = 0
    started = time.perf_counter()
    while rounds < 3 or time.perf_counter() - started < min_seconds:
        begin = time.perf_counter()
        for message in messages:
            for _ in ndef.message_decoder(message):
                pass
        elapsed = time.perf_counter() - begin
        best = elapsed if best is None else min(best, elapsed)
        rounds += 1
    print(json.dumps({
        "messages": len(messages),
        "records": records,
        "bytes": sum(len(m) for m in messages),
        "bestSeconds": best,
        "rounds": rounds,
        "recordsPerSecond": records / best,
        "ndeflib": ndef.__version__ if hasattr(ndef, "__version__") else "0.3.3",
    }))


if __name__ == "__main__":
    main()
