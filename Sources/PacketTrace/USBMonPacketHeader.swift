/// The 64-byte header Linux's usbmon puts before each transfer it captures (`struct
/// usbmon_packet`, Documentation/usb/usbmon.rst; LINKTYPE_USB_LINUX_MMAPPED), in the
/// capturing machine's byte order, which for nfcrig's files is little-endian:
///
/// ```
///   0  id           u64  URB id, the same in a submission and its completion
///   8  type         u8   'S' submission, 'C' completion, 'E' error
///   9  xfer_type    u8   0 isochronous, 1 interrupt, 2 control, 3 bulk
///  10  epnum        u8   endpoint number, 0x80 set for IN
///  11  devnum       u8   device address
///  12  busnum       u16
///  14  flag_setup   i8   0 when a setup packet follows, '-' when none does
///  15  flag_data    i8   0 when data follows, '<' or '>' when none does
///  16  ts_sec       i64
///  24  ts_usec      i32
///  28  status       i32  -EINPROGRESS (-115) in a submission, the URB's status after
///  32  length       u32  bytes of the transfer
///  36  len_cap      u32  bytes captured, which follow the header
///  40  setup / iso  8 bytes, control and isochronous transfers only
///  48  interval     i32
///  52  start_frame  i32
///  56  xfer_flags   u32
///  60  ndesc        u32
/// ```
struct USBMonPacketHeader: Hashable {
    static let size = 64
    static let submission = UInt8(ascii: "S")
    static let completion = UInt8(ascii: "C")
    static let error = UInt8(ascii: "E")
    static let bulk: UInt8 = 3
    static let inDirection: UInt8 = 0x80
    /// The bulk endpoints of every known PN533 reader (04cc:2533, SCL3711).
    static let bulkOut: UInt8 = 0x04
    static let bulkIn: UInt8 = 0x84
    /// -EINPROGRESS: what a submission's status is.
    static let inProgress: Int32 = -115

    var id: UInt64
    var type: UInt8
    var transferType: UInt8
    var endpoint: UInt8
    var address: USBDeviceAddress
    var timestamp: Int64
    var status: Int32
    var length: UInt32
    var capturedLength: UInt32

    /// The header of `record`, a USB transfer of `address` with URB id `id`, as usbmon
    /// shows a bulk transfer where its bytes are: host→chip in the submission on OUT,
    /// chip→host in the completion on IN. (The other half of each, a completion without
    /// bytes or a submission of an empty buffer, says nothing and is left out.)
    init(id: UInt64, record: TraceRecord, address: USBDeviceAddress) {
        let out = record.kind == .hostToChip
        self.id = id
        type = out ? Self.submission : Self.completion
        transferType = Self.bulk
        endpoint = out ? Self.bulkOut : Self.bulkIn
        self.address = address
        timestamp = record.timestamp
        status = out ? Self.inProgress : 0
        length = UInt32(truncatingIfNeeded: record.bytes.count)
        capturedLength = length
    }

    /// Reads the header at `offset`; the caller has checked that 64 bytes are there.
    init(_ bytes: [UInt8], at offset: Int) {
        id = bytes.littleEndian(at: offset)
        type = bytes[offset + 8]
        transferType = bytes[offset + 9]
        endpoint = bytes[offset + 10]
        address = USBDeviceAddress(
            bus: bytes.littleEndian(at: offset + 12), device: bytes[offset + 11])
        let seconds: Int64 = bytes.littleEndian(at: offset + 16)
        let microseconds: Int32 = bytes.littleEndian(at: offset + 24)
        timestamp = seconds &* 1_000_000_000 &+ Int64(microseconds) &* 1_000
        status = bytes.littleEndian(at: offset + 28)
        length = bytes.littleEndian(at: offset + 32)
        capturedLength = bytes.littleEndian(at: offset + 36)
    }

    /// Whether the transfer goes from the device to the host.
    var isIn: Bool { endpoint & Self.inDirection != 0 }

    /// The 64 bytes.
    func encode() -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(Self.size)
        bytes.appendLittleEndian(id)
        bytes.append(type)
        bytes.append(transferType)
        bytes.append(endpoint)
        bytes.append(address.device)
        bytes.appendLittleEndian(address.bus)
        bytes.append(UInt8(ascii: "-"))
        bytes.append(capturedLength > 0 ? 0 : (isIn ? UInt8(ascii: "<") : UInt8(ascii: ">")))
        bytes.appendLittleEndian(timestamp / 1_000_000_000)
        bytes.appendLittleEndian(Int32(timestamp % 1_000_000_000 / 1_000))
        bytes.appendLittleEndian(status)
        bytes.appendLittleEndian(length)
        bytes.appendLittleEndian(capturedLength)
        // setup/iso, interval, start_frame, xfer_flags, ndesc: nothing for a bulk transfer.
        bytes.append(contentsOf: repeatElement(0, count: Self.size - bytes.count))
        return bytes
    }
}
