import Testing

@testable import NDEF

@Suite struct ExternalTypeTests {
    @Test func externalTypesAreEqualAndHashAlikeIgnoringCase() throws {
        let lower = try ExternalType("example.com:mytype")
        let mixed = try ExternalType("Example.COM:MyType")
        #expect(lower == mixed)
        #expect(Set([lower, mixed]).count == 1)
        #expect(mixed.rawValue == "Example.COM:MyType")
        #expect(try ExternalType("example.com:other") != lower)
    }

    @Test func theDomainAndNameSplitAtTheFirstColon() throws {
        let type = try ExternalType("example.com:a:b")
        #expect(type.domain == "example.com")
        #expect(type.name == "a:b")
        #expect(try ExternalType(domain: "nfcpy.org", name: "x") == ExternalType("NFCPY.org:X"))
    }

    @Test(arguments: ["nocolon", ":name", "domain:", ":"])
    func aTypeWithoutDomainColonNameIsMalformed(text: String) {
        #expect(
            rtdError { () throws(RTDError) in try ExternalType(text) }
                == .malformedType(field: .externalType, value: text))
    }

    @Test func anEmptyOrNonASCIITypeIsRejected() {
        #expect(
            rtdError { () throws(RTDError) in try ExternalType("") }
                == .fieldEmpty(field: .externalType, offset: 0))
        #expect(
            rtdError { () throws(RTDError) in try ExternalType("exämple.com:t") }
                == .notASCII(field: .externalType, offset: 2, byte: 0xC3))
    }

    @Test func anExternalRecordDecodesAndEncodesWithTNF4() throws {
        let bytes = rtdBytes("d4 0e 02 6e 66 63 70 79 2e 6f 72 67 3a 74 79 70 65 01 02")
        let record = try ExternalRecord(try NDEFDecoder().decode(bytes).records[0])
        #expect(record.type == (try ExternalType("NFCPY.ORG:TYPE")))
        #expect(record.payload == [1, 2])
        #expect(try NDEFEncoder().encode(NDEFMessage(record.record)) == bytes)
    }
}
