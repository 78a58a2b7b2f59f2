#!/usr/bin/env python3
"""A reader application built on nfcpy's public API, joined to nfcrig as a device under test.

It speaks nfcrig's DUT protocol (JSON Lines on stdin and stdout,
docs/testing-your-reader.md) and drives the PN533 named by NFCRIG_READER_USB (`BBB:DDD`,
opened as nfcpy's `usb:BBB:DDD`). Rigs/nfcpy-sim.yaml runs every suite against it on simulated chips.

What nfcrig judges is nfcpy 1.0.4 (and ndeflib 0.3.3, which nfcpy decodes with), the way a
CoreNFC app is a thin layer over CoreNFC. This application therefore does only what an
application does, all through nfcpy's public API:

- scan: `ContactlessFrontend.connect` with nfcpy's default targets (106A, 106B, 212F), one
  sense per iteration until the tag is found or the scan's time is up, and reports the tag
  nfcpy activated. It does not look for a second tag: nfcpy polls with MaxTg 1 and reports
  one, whatever is in the field.
- read: `tag.ndef` (read again from the tag with `has_changed` after the first read or a
  write of the session). `ndef` is `tag.ndef.octets`. `records` is what the application
  decodes, at the record layer: ndeflib's `message_decoder` with the relaxed error handling
  that `tag.ndef.records` uses, payloads left as bytes (`known_types={}`), so that a Text or
  URI record is reported as it was on the tag and not as ndeflib re-encodes it. Chunks come
  out as ndeflib gives them: nothing here reassembles them.
- write: `tag.ndef.octets = bytes`, the message as given, in whatever order nfcpy writes.
- The application's own rule, as in the CoreNFC sample: after a failed read it ends the
  session (`clf.device.mute()`: field off) and polls again no sooner than 500 ms later.
- Errors become CoreNFC's names: nfcpy's "not writeable" → tagNotWritable, "exceeds tag
  capacity" → tagSizeTooSmall, a tag command error → tagResponseError, a message ndeflib
  cannot decode → invalidMessage, no tag connected → tagNotConnected, anything else a write
  raises → tagUpdateFailure, a read → tagResponseError; the exception is quoted.
- dispatch: unsupported (nfcpy has no background tag reading).
- begin_session, session, cancel, invalidate: unsupported (nfcpy has no CoreNFC reader
  session, so the corenfc-session cases are skipped).
"""
import json
import os
import sys
import time

import ndef
import nfc
import nfc.tag

PROTOCOL = 1


class Reader:
    def __init__(self, path):
        self.clf = nfc.ContactlessFrontend(path)
        self.tag = None
        # Whether this session's tag.ndef may be stale (read or written before).
        self.ndef_known = False
        # The tag reader session's registered AIDs and the one selected at discovery.
        self.registered = []
        self.selected = None

    def hello(self):
        # nfcpy runs ISO-DEP itself (nfc/tag/tt4.py) through InCommunicateThru. What this
        # adapter adds on top of nfcpy, so that the report credits it, not nfcpy: the tag
        # reader session's AID discovery and SELECT refusal, CoreNFC's error names for
        # nfcpy's exceptions, and what it reports as the tag's application data.
        return {"name": "nfcpy %s reader app" % nfc.__version__, "firmware": str(self.clf.device),
                "iso_dep": "host",
                "adapter_adds": ["aid-selection", "error-names", "tag-properties"]}

    def scan(self, timeout_ms):
        deadline = time.monotonic() + timeout_ms / 1000.0
        self.tag = None
        self.ndef_known = False
        self.registered, self.selected = [], None
        tag = self.clf.connect(
            rdwr={"on-connect": lambda tag: False, "iterations": 1, "beep-on-connect": False},
            terminate=lambda: time.monotonic() > deadline,
        )
        if not tag:
            return {"tags": []}
        self.tag = tag
        return {"tags": [{"uid": bytes(tag.identifier).hex()}]}

    def read(self):
        tag = self.connected()
        try:
            found = tag.ndef
            if found is not None and self.ndef_known:
                found.has_changed  # reads the NDEF data from the tag again
                found = tag.ndef
            self.ndef_known = found is not None
            if found is None:
                return {"status": "notSupported", "capacity": 0, "ndef": None}
            octets = found.octets
            records = self.records(octets)
        except Failure:
            self.end_session_after_failure()
            raise
        except Exception as error:
            self.end_session_after_failure()
            raise Failure("tagResponseError", describe(error))
        answer = {
            "status": "readWrite" if found.is_writeable else "readOnly",
            "capacity": found.capacity,
            "ndef": octets.hex(),
        }
        if records is not None:
            answer["records"] = records
        return answer

    def records(self, octets):
        """The records the application decodes from the message, as the protocol reports them."""
        try:
            return [report(record) for record in decode(octets)]
        except ndef.DecodeError as error:
            raise Failure("invalidMessage", "ndeflib: %s" % error)

    def write(self, octets):
        tag = self.connected()
        if tag.ndef is None:
            raise Failure("ndefNotSupported", "nfcpy found no NDEF on the tag")
        try:
            tag.ndef.octets = octets
        except AttributeError as error:
            raise Failure("tagNotWritable", describe(error))
        except ValueError as error:
            raise Failure("tagSizeTooSmall", describe(error))
        except nfc.tag.TagCommandError as error:
            raise Failure("tagResponseError", describe(error))
        except Exception as error:
            raise Failure("tagUpdateFailure", describe(error))
        finally:
            self.ndef_known = True
        return {}

    def select(self, aids):
        """CoreNFC's tag reader session at discovery: SELECT each registered AID in order
        (00 A4 04 00 Lc AID 00); the first the tag answers with 9000 is its initialSelectedAID.
        nfcpy keeps no ATS, so no historical bytes are reported, and a Type A card has no
        application data in CoreNFC's sense (Apple: the Type B ATQB's), so none is."""
        tag = self.connected()
        self.registered = [bytes.fromhex(aid) for aid in aids]
        self.selected = None
        if tag.type != "Type4Tag":
            return {"aid": None}
        for aid in self.registered:
            response = self.exchange(bytes([0x00, 0xA4, 0x04, 0x00, len(aid)]) + aid + b"\x00")
            if response[-2:] == b"\x90\x00":
                self.selected = aid
                return {"aid": aid.hex()}
        return {"aid": None}

    def apdu(self, apdu):
        """sendCommand(apdu:): the response APDU whatever its status word; a SELECT by name of
        an AID the session did not register is refused without reaching the tag."""
        self.connected()
        if self.selected is None:
            raise Failure("tagNotConnected", "no ISO 7816 application selected: select first")
        if len(apdu) > 5 and apdu[1] == 0xA4 and apdu[2] == 0x04:
            if apdu[4] == 0 and len(apdu) > 7:
                name = apdu[7:7 + (apdu[5] << 8 | apdu[6])]
            else:
                name = apdu[5:5 + apdu[4]]
            if name not in self.registered:
                raise Failure("readerErrorSecurityViolation",
                              "SELECT of %s, not a registered AID" % name.hex())
        return {"response": self.exchange(apdu).hex()}

    def exchange(self, apdu):
        """One APDU through nfcpy's ISO-DEP (Type4Tag.transceive: chaining and WTX)."""
        try:
            response = self.tag.transceive(bytearray(apdu))
        except Exception as error:
            self.end_session_after_failure()
            raise Failure("tagConnectionLost", describe(error))
        if response is None or len(response) < 2:
            raise Failure("tagResponseError", "an answer without a status word")
        return bytes(response)

    def connected(self):
        if self.tag is None:
            raise Failure("tagNotConnected", "no tag: scan first")
        return self.tag

    def end_session_after_failure(self):
        self.tag = None
        self.clf.device.mute()

    def close(self):
        self.clf.close()


class Failure(Exception):
    def __init__(self, name, message):
        super().__init__(message)
        self.name = name
        self.message = message


def describe(error):
    return "%s: %s" % (type(error).__name__, error)


def decode(octets):
    return list(ndef.message_decoder(octets, errors="relax", known_types={}))


def report(record):
    """A record as the protocol reports it; the TNF is the one ndeflib writes for its type."""
    tnf = b"".join(ndef.message_encoder([record]))[0] & 0x07
    names = ["empty", "wellKnown", "media", "absoluteURI", "external", "unknown", "unchanged"]
    record_type = record.type
    for prefix in ("urn:nfc:wkt:", "urn:nfc:ext:"):
        if record_type.startswith(prefix):
            record_type = record_type[len(prefix):]
    if tnf in (0, 5, 6):
        record_type = ""
    return {
        "tnf": names[tnf],
        "typeHex": record_type.encode("ascii").hex(),
        "idHex": record.name.encode("latin-1").hex(),
        "payloadHex": bytes(record.data).hex(),
    }


def send(message):
    sys.stdout.write(json.dumps(message) + "\n")
    sys.stdout.flush()


def main(make_reader=Reader):
    location = os.environ.get("NFCRIG_READER_USB")
    if not location:
        sys.exit("nfcpy_dut: NFCRIG_READER_USB is not set; give the rig's dut a reader:")
    try:
        reader = make_reader("usb:" + location)
    except (IOError, OSError) as error:
        sys.exit("nfcpy_dut: cannot open usb:%s: %s" % (location, error))
    try:
        for line in sys.stdin:
            request = json.loads(line)
            rid, op = request.get("id"), request.get("op")
            try:
                if op == "hello":
                    answer = dict(reader.hello(), protocol=PROTOCOL)
                elif op == "scan":
                    answer = reader.scan(request.get("timeout_ms", 2000))
                elif op == "read":
                    answer = reader.read()
                elif op == "write":
                    answer = reader.write(bytes.fromhex(request.get("ndef", "")))
                elif op == "select":
                    answer = reader.select(request.get("aids", []))
                elif op == "apdu":
                    answer = reader.apdu(bytes.fromhex(request.get("apdu", "")))
                elif op == "dispatch":
                    raise Failure("unsupported", "nfcpy has no background tag reading")
                elif op in ("begin_session", "session", "cancel", "invalidate"):
                    raise Failure("unsupported", "nfcpy has no CoreNFC reader session")
                else:
                    raise Failure("unsupported", "unknown op %r" % op)
            except Failure as failure:
                send({"id": rid, "ok": False, "error": failure.name, "message": failure.message})
            else:
                send(dict(answer, id=rid, ok=True))
    finally:
        reader.close()


if __name__ == "__main__":
    main()
