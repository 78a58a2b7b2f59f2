import PN533USB
import Testing

@Suite struct PN533USBSelectorTests {
    @Test(
        "a selector parses from an index, a bus:address, or a serial number",
        arguments: [
            ("0", PN533USBSelector.index(0)),
            ("12", .index(12)),
            (" 3 ", .index(3)),
            ("3:7", .location(bus: 3, address: 7)),
            ("003:007", .location(bus: 3, address: 7)),
            ("255:127", .location(bus: 255, address: 127)),
            ("serial=ABC123", .serial("ABC123")),
            ("serial=a b", .serial("a b")),
            ("serial=12", .serial("12")),
            ("SCL3711-0042", .serial("SCL3711-0042")),
        ])
    func parsesValidSelectors(text: String, expected: PN533USBSelector) throws {
        #expect(try PN533USBSelector(parsing: text) == expected)
    }

    @Test(
        "an invalid selector is rejected with a message that quotes it and says why",
        arguments: [
            ("", "it is empty"),
            ("   ", "it is empty"),
            ("serial=", "the serial number after 'serial=' is empty"),
            ("3:", "the address is missing"),
            (":7", "the bus is missing"),
            ("3:7:1", "bus:address has one ':', not more"),
            ("x:7", "the bus 'x' is not a number of at most 3 digits"),
            ("3:0007", "the address '0007' is not a number of at most 3 digits"),
            ("0:7", "the bus 0 is out of range 1...255"),
            ("3:128", "the address 128 is out of range 1...127"),
            ("bus=3", "unknown key 'bus' (the only key is 'serial')"),
            ("two words", "a serial number has no spaces (quote it as serial=... if it does)"),
            ("99999999999999999999", "the index is too large"),
        ])
    func rejectsInvalidSelectors(text: String, reason: String) {
        let error = #expect(throws: PN533USBSelectorError.self) {
            try PN533USBSelector(parsing: text)
        }
        #expect(error == PN533USBSelectorError(input: text, reason: reason))
        #expect(
            error?.description.hasPrefix("invalid device selector '\(text)': \(reason);") == true)
    }

    @Test("a selector prints the way it is typed")
    func printsAsTyped() {
        #expect(PN533USBSelector.index(2).description == "2")
        #expect(PN533USBSelector.location(bus: 3, address: 7).description == "003:007")
        #expect(PN533USBSelector.serial("XYZ").description == "serial=XYZ")
    }

    @Test("a selector picks the device with the matching index, location or serial")
    func selectsDevices() {
        let model = PN533USBModel.known[0]
        let devices = [
            PN533USBDeviceInfo(index: 0, model: model, bus: 1, address: 4, serialNumber: "A"),
            PN533USBDeviceInfo(index: 1, model: model, bus: 3, address: 7, serialNumber: nil),
        ]
        #expect(PN533USBSelector.index(1).select(from: devices) == devices[1])
        #expect(PN533USBSelector.location(bus: 1, address: 4).select(from: devices) == devices[0])
        #expect(PN533USBSelector.serial("A").select(from: devices) == devices[0])
        #expect(PN533USBSelector.index(2).select(from: devices) == nil)
        #expect(PN533USBSelector.serial("B").select(from: devices) == nil)
    }
}
