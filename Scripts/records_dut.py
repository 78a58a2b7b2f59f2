#!/usr/bin/env python3
"""A scripted DUT for nfcrig's tests: nfcpy reads the tag (Rigs/duts/nfcpy_dut.py), and the
records it reports come from MODE, so the chunk cases can be seen to pass, fail and skip:

- reassembled: the script's own chunk-aware parser, which reassembles chunked records and
  rejects broken chunk sequences (invalidMessage);
- unassembled: as nfcpy_dut.py (ndeflib: each chunk a record of its own);
- wrong: reassembled, then the last record's payload loses its last byte;
- bytes-only: no records at all, only the message's bytes.

Usage: records_dut.py MODE, with NFCRIG_READER_USB set as for nfcpy_dut.py.
"""
import os
import sys

sys.path.insert(
    0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "Rigs", "duts"))

import nfcpy_dut  # noqa: E402

MODE = sys.argv[1] if len(sys.argv) > 1 else "unassembled"
TNF_NAMES = ["empty", "wellKnown", "media", "absoluteURI", "external", "unknown", "unchanged"]


def invalid(reason):
    return nfcpy_dut.Failure("invalidMessage", reason)


def reassemble(octets):
    """Records with chunked payloads joined; a broken chunk sequence raises invalidMessage."""
    records, pending, index = [], None, 0
    while index < len(octets):
        header = octets[index]
        tnf, chunked, short, has_id, last = (
            header & 7, header & 0x20, header & 0x10, header & 0x08, header & 0x40)
        if index + 2 > len(octets):
            raise invalid("record header overruns the message")
        type_length, at = octets[index + 1], index + 2
        size = 1 if short else 4
        payload_length = int.from_bytes(octets[at:at + size], "big")
        at += size
        id_length = octets[at] if has_id else 0
        at += 1 if has_id else 0
        fields = []
        for length in (type_length, id_length, payload_length):
            fields.append(octets[at:at + length])
            at += length
        if at > len(octets):
            raise invalid("record overruns the message")
        index = at
        if pending is None:
            if tnf == 6:
                raise invalid("a chunk continues no chunked record")
            if chunked and last:
                raise invalid("an initial chunk carries ME")
            record = [tnf] + fields
            if chunked:
                pending = record
            else:
                records.append(record)
        else:
            if tnf != 6 or type_length or has_id:
                raise invalid("a middle or terminating chunk has a type, an ID or a TNF")
            pending[3] += fields[2]
            if not chunked:
                records.append(pending)
                pending = None
        if last:
            break
    if pending is not None:
        raise invalid("the chunked record has no terminating chunk")
    return [
        {"tnf": TNF_NAMES[tnf], "typeHex": bytes(record_type).hex(), "idHex": bytes(ident).hex(),
         "payloadHex": bytes(payload).hex()}
        for tnf, record_type, ident, payload in records
    ]


class ScriptedReader(nfcpy_dut.Reader):
    def records(self, octets):
        if MODE == "unassembled":
            return super().records(octets)
        if MODE == "bytes-only":
            return None
        records = reassemble(bytearray(octets))
        if MODE == "wrong" and records:
            records[-1]["payloadHex"] = records[-1]["payloadHex"][:-2]
        return records


if __name__ == "__main__":
    if MODE not in ("reassembled", "unassembled", "wrong", "bytes-only"):
        sys.exit("records_dut.py: unknown mode %r" % MODE)
    nfcpy_dut.main(ScriptedReader)
