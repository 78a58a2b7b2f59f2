#!/usr/bin/env python3
"""A reader application built on libnfc's initiator API, joined to nfcrig as a device under test.

It speaks nfcrig's DUT protocol (JSON Lines on stdin and stdout,
docs/testing-your-reader.md) and drives the reader libnfc opens from LIBNFC_DEFAULT_DEVICE
(`pn53x_usb:BBB:DDD`; nfcrig also sets LIBNFC_AUTO_SCAN=false and
LIBNFC_INTRUSIVE_SCAN=false so that libnfc opens that one chip once). It loads Debian's
libnfc6 (libnfc.so.6, libnfc 1.8.0) with Python's ctypes: nothing of nfcrig's is compiled
into it. Rigs/libnfc-sim.yaml runs every suite against it on simulated chips.

What nfcrig judges is libnfc 1.8.0 and the PN533 firmware it drives, as a product built on
libnfc would use them:

- scan: `nfc_initiator_list_passive_targets` for ISO/IEC 14443 Type A at 106 kbps, again
  until a tag answers or the scan's time is up; every UID libnfc lists is reported. libnfc
  selects a tag, deselects it (InDeselect) and selects again until no new tag answers. The
  first tag listed is then selected again by its UID (`nfc_initiator_select_passive_target`)
  for the requests that follow.
- Every command to a tag goes through `nfc_initiator_transceive_bytes` (libnfc's easy
  framing: InDataExchange). libnfc lets the PN533 run ISO-DEP (RATS when the SAK says
  ISO/IEC 14443-4, then blocks, chaining, S(WTX)), so `iso_dep` is `chip`.
- libnfc has no NDEF: the Type 2 mapping (CC, TLVs) and the Type 4 mapping (NDEF
  application, CC file, NLEN or ENLEN) are this adapter's own code, written from the NFC
  Forum's Type 2 and Type 4 Tag specifications, and its hello says so (`ndef-mapping`). It
  reports the message's bytes and decodes no records (libnfc has no NDEF decoder either), so
  the cases about decoded content are skipped.
- select and apdu: CoreNFC's tag reader session played over `nfc_initiator_transceive_bytes`
  (`aid-selection`); historical bytes from the ATS libnfc keeps (`tag-properties`).
- Errors become the protocol's names (`error-names`): libnfc's error codes and the tags'
  status words are the adapter's to name.
- dispatch, begin_session, session, cancel, invalidate: unsupported.
"""
import ctypes
import json
import os
import sys
import time

PROTOCOL = 1

# libnfc's enums (include/nfc/nfc-types.h of libnfc 1.8.0).
NP_ACTIVATE_FIELD = 5
NP_INFINITE_SELECT = 7
NMT_ISO14443A = 1
NBR_106 = 1
NFC_ETIMEOUT = -6
NFC_ERFTRANS = -20


class ISO14443AInfo(ctypes.Structure):
    _pack_ = 1
    _fields_ = [("atqa", ctypes.c_uint8 * 2), ("sak", ctypes.c_uint8),
                ("uid_len", ctypes.c_size_t), ("uid", ctypes.c_uint8 * 10),
                ("ats_len", ctypes.c_size_t), ("ats", ctypes.c_uint8 * 254)]


class TargetInfo(ctypes.Union):
    # The largest member of libnfc's nfc_target_info is the Type A one; the others are
    # never read here, only sized for.
    _pack_ = 1
    _fields_ = [("nai", ISO14443AInfo), ("raw", ctypes.c_uint8 * 283)]


class Modulation(ctypes.Structure):
    _pack_ = 1
    _fields_ = [("nmt", ctypes.c_int), ("nbr", ctypes.c_int)]


class Target(ctypes.Structure):
    _pack_ = 1
    _fields_ = [("nti", TargetInfo), ("nm", Modulation)]


def load_libnfc():
    lib = ctypes.CDLL("libnfc.so.6")
    lib.nfc_init.argtypes = [ctypes.POINTER(ctypes.c_void_p)]
    lib.nfc_exit.argtypes = [ctypes.c_void_p]
    lib.nfc_open.argtypes = [ctypes.c_void_p, ctypes.c_char_p]
    lib.nfc_open.restype = ctypes.c_void_p
    lib.nfc_close.argtypes = [ctypes.c_void_p]
    lib.nfc_version.restype = ctypes.c_char_p
    lib.nfc_device_get_name.argtypes = [ctypes.c_void_p]
    lib.nfc_device_get_name.restype = ctypes.c_char_p
    lib.nfc_device_get_connstring.argtypes = [ctypes.c_void_p]
    lib.nfc_device_get_connstring.restype = ctypes.c_char_p
    lib.nfc_strerror.argtypes = [ctypes.c_void_p]
    lib.nfc_strerror.restype = ctypes.c_char_p
    lib.nfc_initiator_init.argtypes = [ctypes.c_void_p]
    lib.nfc_device_set_property_bool.argtypes = [ctypes.c_void_p, ctypes.c_int, ctypes.c_bool]
    lib.nfc_initiator_list_passive_targets.argtypes = [
        ctypes.c_void_p, Modulation, ctypes.POINTER(Target), ctypes.c_size_t]
    lib.nfc_initiator_select_passive_target.argtypes = [
        ctypes.c_void_p, Modulation, ctypes.c_char_p, ctypes.c_size_t, ctypes.POINTER(Target)]
    lib.nfc_initiator_deselect_target.argtypes = [ctypes.c_void_p]
    lib.nfc_initiator_transceive_bytes.argtypes = [
        ctypes.c_void_p, ctypes.c_char_p, ctypes.c_size_t, ctypes.c_char_p, ctypes.c_size_t,
        ctypes.c_int]
    return lib


class Reader:
    def __init__(self, connstring):
        self.lib = load_libnfc()
        self.context = ctypes.c_void_p()
        self.lib.nfc_init(ctypes.byref(self.context))
        if not self.context:
            raise OSError("nfc_init failed")
        self.device = self.lib.nfc_open(self.context, connstring.encode() if connstring else None)
        if not self.device:
            self.lib.nfc_exit(self.context)
            raise OSError("nfc_open(%r) opened no device" % connstring)
        if self.lib.nfc_initiator_init(self.device) < 0:
            raise OSError("nfc_initiator_init: %s" % self.error_text())
        # A scan polls once per call and the adapter loops, so that the scan's time is kept.
        self.lib.nfc_device_set_property_bool(self.device, NP_INFINITE_SELECT, False)
        self.modulation = Modulation(NMT_ISO14443A, NBR_106)
        self.target = None
        self.registered, self.selected = [], None

    def hello(self):
        version = self.lib.nfc_version().decode()
        # What this adapter adds on top of libnfc, so that the report credits it, not libnfc.
        return {"name": "libnfc %s reader app" % version,
                "firmware": "%s at %s" % (
                    self.lib.nfc_device_get_name(self.device).decode(errors="replace"),
                    self.lib.nfc_device_get_connstring(self.device).decode(errors="replace")),
                "iso_dep": "chip",
                "adapter_adds": ["ndef-mapping", "aid-selection", "error-names",
                                 "tag-properties"]}

    # -- polling

    def scan(self, timeout_ms):
        deadline = time.monotonic() + timeout_ms / 1000.0
        self.target, self.registered, self.selected = None, [], None
        found = (Target * 4)()
        # A fresh field, as nfc_initiator_init gives libnfc's programs: a tag that an earlier
        # scan left halted (libnfc's listing) or activated answers no REQA until then.
        self.cycle_field()
        while True:
            count = self.lib.nfc_initiator_list_passive_targets(
                self.device, self.modulation, found, len(found))
            if count < 0:
                raise Failure("tagConnectionLost",
                              "nfc_initiator_list_passive_targets: %s" % self.error_text())
            if count > 0 or time.monotonic() > deadline:
                break
            time.sleep(0.02)
        uids = [bytes(found[i].nti.nai.uid[:found[i].nti.nai.uid_len]) for i in range(count)]
        if uids:
            self.activate(uids[0])
        return {"tags": [{"uid": uid.hex()} for uid in uids]}

    def activate(self, uid):
        """Selects the listed tag again by its UID. libnfc's listing deselected every tag it
        found (InDeselect: S(DESELECT) or HLTA), and a halted tag answers no REQA, so the
        field is cycled first, as `nfc_initiator_init` does, to bring the tags back to IDLE."""
        self.cycle_field()
        target = Target()
        if self.lib.nfc_initiator_select_passive_target(
                self.device, self.modulation, uid, len(uid), ctypes.byref(target)) > 0:
            self.target = target

    def cycle_field(self):
        """Off, then on again after NFC Forum Activity's field reset time (at least 5.1 ms),
        so that every card loses power; nfc_initiator_init switches it straight back on."""
        self.lib.nfc_device_set_property_bool(self.device, NP_ACTIVATE_FIELD, False)
        time.sleep(0.010)
        self.lib.nfc_device_set_property_bool(self.device, NP_ACTIVATE_FIELD, True)

    # -- commands

    def transceive(self, command, receive=300):
        tag = self.connected()
        answer = ctypes.create_string_buffer(receive)
        count = self.lib.nfc_initiator_transceive_bytes(
            self.device, bytes(command), len(command), answer, receive, -1)
        if count < 0:
            raise Failure("tagConnectionLost", "nfc_initiator_transceive_bytes(%s): %s (%d)" % (
                bytes(command[:8]).hex(), self.error_text(), count))
        return answer.raw[:count], tag

    def error_text(self):
        return self.lib.nfc_strerror(self.device).decode(errors="replace")

    def connected(self):
        if self.target is None:
            raise Failure("tagNotConnected", "no tag: scan first")
        return self.target

    def is_iso_dep(self):
        return bool(self.connected().nti.nai.sak & 0x20)

    def end_session_after_failure(self):
        """Deselects the tag and switches the field off, as an app ends its session after a
        failed read; the next scan switches it on again."""
        self.target = None
        self.lib.nfc_initiator_deselect_target(self.device)
        self.lib.nfc_device_set_property_bool(self.device, NP_ACTIVATE_FIELD, False)

    # -- NDEF

    def read(self):
        mapping = Type4(self) if self.is_iso_dep() else Type2(self)
        try:
            return mapping.read()
        except Failure:
            self.end_session_after_failure()
            raise

    def write(self, octets):
        mapping = Type4(self) if self.is_iso_dep() else Type2(self)
        return mapping.write(octets)

    # -- ISO 7816

    def select(self, aids):
        """CoreNFC's tag reader session at discovery: SELECT each registered AID in order
        (00 A4 04 00 Lc AID 00); the first the tag answers with 9000 is its
        initialSelectedAID. The historical bytes are the ATS's that libnfc keeps."""
        tag = self.connected()
        self.registered = [bytes.fromhex(aid) for aid in aids]
        self.selected = None
        if not self.is_iso_dep():
            return {"aid": None}
        answer = {"aid": None}
        historical = historical_bytes(bytes(tag.nti.nai.ats[:tag.nti.nai.ats_len]))
        if historical:
            answer["historical_bytes"] = historical.hex()
        for aid in self.registered:
            response = self.apdu_exchange(bytes([0x00, 0xA4, 0x04, 0x00, len(aid)]) + aid + b"\x00")
            if response[-2:] == b"\x90\x00":
                self.selected = aid
                answer["aid"] = aid.hex()
                return answer
        return answer

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
        return {"response": self.apdu_exchange(apdu).hex()}

    def apdu_exchange(self, apdu):
        try:
            response, _ = self.transceive(apdu, 65538 + 2)
        except Failure:
            self.end_session_after_failure()
            raise
        if len(response) < 2:
            raise Failure("tagResponseError", "an answer without a status word: %s" % response.hex())
        return response

    def close(self):
        self.lib.nfc_close(self.device)
        self.lib.nfc_exit(self.context)


def historical_bytes(ats):
    """The ATS's historical bytes: after T0 and the interface bytes T0 announces."""
    if not ats:
        return b""
    start = 1 + bin(ats[0] & 0x70).count("1")
    return ats[start:]


class Type2:
    """The NFC Forum Type 2 Tag mapping (the adapter's; libnfc has none): READ (30) of
    16 bytes, WRITE (A2) of one 4-byte block, the CC in block 3, the TLVs from block 4 on,
    skipping the bytes that Lock Control and Memory Control TLVs reserve."""

    def __init__(self, reader):
        self.reader = reader
        self.blocks = {}
        self.reserved = set()
        self.end = 16

    def read_block(self, block):
        data, _ = self.reader.transceive(bytes([0x30, block & 0xFF]), 64)
        if len(data) != 16:
            raise Failure("tagResponseError", "READ %d answered %d bytes, not 16: %s" % (
                block, len(data), data.hex()))
        return data

    def byte(self, address):
        block = address // 4
        if block not in self.blocks:
            data = self.read_block(block)
            for i in range(4):
                self.blocks.setdefault(block + i, bytearray(data[i * 4:i * 4 + 4]))
        return self.blocks[block][address % 4]

    def after(self, address):
        """The data area's next address after `address` that no TLV reserved."""
        address += 1
        while address in self.reserved:
            address += 1
        return address

    def walk(self, address, count):
        """`count` addresses of the data area from `address` on, reserved bytes skipped."""
        addresses = []
        while len(addresses) < count:
            if address >= self.end:
                raise Failure("tagResponseError", "the TLVs run past the data area, which "
                              "ends at byte %d" % self.end)
            addresses.append(address)
            address = self.after(address)
        return addresses, address

    def reserve(self, tag, value):
        """Reserves the area a Lock Control (01) or Memory Control (02) TLV describes."""
        page, offset = value[0] >> 4, value[0] & 0x0F
        per_page = 1 << (value[2] & 0x0F)
        size = value[1] or 256
        if tag == 0x01:
            size = (size + 7) // 8
        start = page * per_page + offset
        self.reserved.update(range(start, start + size))

    def layout(self):
        """The NDEF TLV: (writable, TLV address, value addresses, header length), or None
        when the tag holds no NDEF."""
        cc = self.read_block(3)[:4]
        if cc[0] != 0xE1 or cc[1] >> 4 != 1:
            return None
        self.end = 16 + cc[2] * 8
        writable = cc[3] & 0x0F == 0x00
        address = 16
        while address < self.end:
            tlv = address
            tag = self.byte(address)
            if tag == 0x00:
                address = self.after(address)
                continue
            if tag == 0xFE:
                return None
            (first,), address = self.walk(self.after(address), 1)
            length = self.byte(first)
            header = 2
            if length == 0xFF:
                pair, address = self.walk(address, 2)
                length = self.byte(pair[0]) << 8 | self.byte(pair[1])
                header = 4
            value, after = self.walk(address, length)
            if tag == 0x03:
                for at in value:
                    self.byte(at)
                return writable, tlv, value, header, address
            if tag in (0x01, 0x02) and length == 3:
                self.reserve(tag, bytes(self.byte(at) for at in value))
            address = after
        return None

    def read(self):
        found = self.layout()
        if found is None:
            return {"status": "notSupported", "capacity": 0, "ndef": None}
        writable, tlv, value, header, start = found
        room = self.room(tlv)
        capacity = room - 2 if room - 2 < 0xFF else room - 4
        return {"status": "readWrite" if writable else "readOnly", "capacity": capacity,
                "ndef": bytes(self.byte(at) for at in value).hex()}

    def room(self, tlv):
        """How many bytes the data area has from the NDEF TLV on, reserved ones left out."""
        return sum(1 for at in range(tlv, self.end) if at not in self.reserved)

    def write(self, octets):
        found = self.layout()
        if found is None:
            raise Failure("ndefNotSupported", "the tag holds no NDEF TLV")
        writable, tlv, _, _, _ = found
        if not writable:
            raise Failure("tagNotWritable", "the CC's write access is not 0")
        header = 2 if len(octets) < 0xFF else 4
        if header + len(octets) > self.room(tlv):
            raise Failure("tagSizeTooSmall", "%d bytes do not fit the %d bytes from the NDEF TLV"
                          % (len(octets), self.room(tlv)))
        length = bytes([len(octets)]) if header == 2 else bytes([0xFF, len(octets) >> 8,
                                                                  len(octets) & 0xFF])
        stream = b"\x03" + length + octets
        if header + len(octets) < self.room(tlv):
            stream += b"\xFE"
        addresses, _ = self.walk(tlv, len(stream))
        image = dict(zip(addresses, stream))
        heads = sorted({at // 4 for at in addresses[:header]})
        # NFC Forum T2T: the length 0 first, then the message, then its length, so that a
        # tag torn halfway holds an empty NDEF TLV, never a length announcing missing bytes.
        zero = dict(image)
        for at in addresses[1:header]:
            zero[at] = 0
        for block in heads:
            self.write_image(block, zero)
        for block in sorted({at // 4 for at in addresses} - set(heads)):
            self.write_image(block, image)
        for block in heads:
            self.write_image(block, image)
        return {}

    def write_image(self, block, image):
        """Writes block `block` with `image`'s bytes in it, the others as the tag has them."""
        self.byte(block * 4)
        four = bytearray(self.blocks[block])
        for at in range(block * 4, block * 4 + 4):
            if at in image:
                four[at % 4] = image[at]
        self.reader.transceive(bytes([0xA2, block & 0xFF]) + bytes(four), 16)
        self.blocks[block] = four


NDEF_APPLICATION = bytes.fromhex("D2760000850101")
NDEF_APPLICATION_1 = bytes.fromhex("D2760000850100")


class Type4:
    """The NFC Forum Type 4 Tag mapping (the adapter's; libnfc has none): SELECT of the NDEF
    application, of the CC file and of the NDEF file, READ BINARY and UPDATE BINARY."""

    def __init__(self, reader):
        self.reader = reader

    def command(self, apdu):
        response, _ = self.reader.transceive(apdu, 65538 + 2)
        if len(response) < 2:
            raise Failure("tagResponseError", "an answer without a status word to %s: %s" % (
                apdu[:5].hex(), response.hex()))
        return response[:-2], response[-2:]

    def select(self, p1p2, name, le):
        apdu = bytes([0x00, 0xA4]) + p1p2 + bytes([len(name)]) + name + (b"\x00" if le else b"")
        return self.command(apdu)[1]

    def read_binary(self, offset, length):
        data, sw = self.command(bytes([0x00, 0xB0, offset >> 8, offset & 0xFF, length & 0xFF]))
        if sw != b"\x90\x00":
            raise Failure("tagResponseError", "READ BINARY at %d of %d bytes: SW %s" % (
                offset, length, sw.hex()))
        if len(data) != length:
            raise Failure("tagResponseError", "READ BINARY at %d of %d bytes answered %d" % (
                offset, length, len(data)))
        return data

    def read_binary_odo(self, offset, length):
        """READ BINARY B1 (mapping 3.0, past offset 7FFF): the offset in a data object
        (54 03 offset), the answer wrapped in a discretionary data object (53 length data),
        which Le counts too."""
        header = 2 if length < 0x80 else 3
        apdu = bytes([0x00, 0xB1, 0x00, 0x00, 0x05, 0x54, 0x03]) + offset.to_bytes(3, "big")
        data, sw = self.command(apdu + bytes([(header + length) & 0xFF]))
        if sw != b"\x90\x00":
            raise Failure("tagResponseError", "READ BINARY B1 at %d of %d bytes: SW %s" % (
                offset, length, sw.hex()))
        wrapped = bytes([0x53, length]) if header == 2 else bytes([0x53, 0x81, length])
        if data[:header] != wrapped or len(data) != header + length:
            raise Failure("tagResponseError", "READ BINARY B1 at %d of %d bytes answered %s" % (
                offset, length, data[:8].hex()))
        return data[header:]

    def update_binary(self, offset, data, mlc):
        """UPDATE BINARY of `data` at `offset`, in pieces of at most MLc (and 255) bytes."""
        piece = min(mlc, 0xFF)
        for start in range(0, len(data), piece):
            self.update_piece(offset + start, data[start:start + piece])

    def update_piece(self, offset, data):
        _, sw = self.command(bytes([0x00, 0xD6, offset >> 8, offset & 0xFF, len(data)]) + data)
        if sw != b"\x90\x00":
            raise Failure("tagUpdateFailure", "UPDATE BINARY at %d of %d bytes: SW %s" % (
                offset, len(data), sw.hex()))

    def layout(self):
        """The NDEF file as the CC announces it: (version, MLe, MLc, file size, readable,
        writable), after selecting the NDEF file, or None when there is no NDEF application."""
        # Mapping 2.0 and later name the application ...0101 and SELECT it with Le;
        # mapping 1.0 named it ...0100, SELECTed without Le, and its files with P2 00.
        files = b"\x00\x0C"
        if self.select(b"\x04\x00", NDEF_APPLICATION, le=True) != b"\x90\x00":
            if self.select(b"\x04\x00", NDEF_APPLICATION_1, le=False) != b"\x90\x00":
                return None
            files = b"\x00\x00"
        if self.select(files, b"\xE1\x03", le=False) != b"\x90\x00":
            raise Failure("tagResponseError", "the CC file E103 cannot be selected")
        cc = self.read_binary(0, 15)
        cclen = cc[0] << 8 | cc[1]
        version = cc[2] >> 4
        mle, mlc = cc[3] << 8 | cc[4], cc[5] << 8 | cc[6]
        if not 0x0F <= cclen <= 0xFFFE or version not in (1, 2, 3) or mle < 0x0F or mlc < 0x01:
            # Not a CC this mapping knows: the tag is not NDEF, as the mapping says.
            return None
        tlv, length = cc[7], cc[8]
        if version in (1, 2) and tlv == 0x04 and length == 6:
            file_id, size, read, write = cc[9:11], cc[11] << 8 | cc[12], cc[13], cc[14]
            if size < 5 or size == 0xFFFF:
                raise Failure("tagResponseError", "an NDEF file size of %d" % size)
        elif version == 3 and tlv == 0x06 and length == 8:
            more = self.read_binary(15, 2)
            file_id = cc[9:11]
            size = int.from_bytes(cc[11:15], "big")
            read, write = more[0], more[1]
        else:
            raise Failure("tagResponseError", "no NDEF File Control TLV in the CC: %s" % cc.hex())
        if self.select(files, file_id, le=False) != b"\x90\x00":
            return None  # the NDEF file the CC names is missing: not NDEF
        return version, mle, mlc, size, read == 0x00, write == 0x00

    def read(self):
        found = self.layout()
        if found is None:
            return {"status": "notSupported", "capacity": 0, "ndef": None}
        version, mle, _, size, readable, writable = found
        field = 4 if version == 3 else 2
        if not readable:
            raise Failure("tagResponseError", "the NDEF file's read access is not 00")
        length = int.from_bytes(self.read_binary(0, field), "big")
        if length > size - field:
            raise Failure("tagResponseError", "NLEN %d is beyond the file of %d bytes" % (
                length, size))
        piece = min(mle, 0xFF)
        message = b""
        while len(message) < length:
            offset = field + len(message)
            count = min(piece, length - len(message))
            if offset + count <= 0x8000:
                message += self.read_binary(offset, count)
            else:
                message += self.read_binary_odo(offset, min(piece - 3, length - len(message)))
        return {"status": "readWrite" if writable else "readOnly", "capacity": size - field,
                "ndef": message.hex()}

    def write(self, octets):
        found = self.layout()
        if found is None:
            raise Failure("ndefNotSupported", "the tag has no NDEF application")
        version, _, mlc, size, _, writable = found
        field = 4 if version == 3 else 2
        if not writable:
            raise Failure("tagNotWritable", "the NDEF file's write access is not 00")
        if field + len(octets) > size:
            raise Failure("tagSizeTooSmall", "%d bytes do not fit the file of %d bytes" % (
                len(octets), size))
        if field + len(octets) > 0x8000:
            raise Failure("tagUpdateFailure", "a message past offset 7FFF needs UPDATE BINARY "
                          "with an offset data object, which this mapping does not send")
        # NFC Forum T4T: NLEN 0 first, then the message, then NLEN, so that a tag torn
        # halfway holds an empty file, never a length announcing missing bytes.
        self.update_binary(0, bytes(field), mlc)
        self.update_binary(field, octets, mlc)
        if octets:
            self.update_binary(0, len(octets).to_bytes(field, "big"), mlc)
        return {}


class Failure(Exception):
    def __init__(self, name, message):
        super().__init__(message)
        self.name = name
        self.message = message


def send(message):
    sys.stdout.write(json.dumps(message) + "\n")
    sys.stdout.flush()


def main(make_reader=Reader):
    connstring = os.environ.get("LIBNFC_DEFAULT_DEVICE")
    if not connstring:
        sys.exit("libnfc_dut: LIBNFC_DEFAULT_DEVICE is not set; give the rig's dut a reader:")
    try:
        reader = make_reader(connstring)
    except OSError as error:
        sys.exit("libnfc_dut: cannot open %s: %s" % (connstring, error))
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
                    raise Failure("unsupported", "libnfc has no background tag reading")
                elif op in ("begin_session", "session", "cancel", "invalidate"):
                    raise Failure("unsupported", "libnfc has no CoreNFC reader session")
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
