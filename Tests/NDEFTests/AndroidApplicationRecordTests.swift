import Testing

@testable import NDEF

@Suite struct AndroidApplicationRecordTests {
    static let bytes = rtdBytes(
        "d4 0f 0f 61 6e 64 72 6f 69 64 2e 63 6f 6d 3a 70 6b 67 63 6f 6d 2e 65 78 61 6d 70 6c 65 2e 61 70 70"
    )

    @Test func anAARCarriesThePackageName() throws {
        let record = try NDEFDecoder().decode(Self.bytes).records[0]
        #expect(try AndroidApplicationRecord(record).packageName == "com.example.app")
    }

    @Test func anAAREncodesToTheAndroidExternalType() throws {
        let record = AndroidApplicationRecord(packageName: "com.example.app").record
        #expect(try NDEFEncoder().encode(NDEFMessage(record)) == Self.bytes)
    }

    @Test func theAARTypeMatchesInAnyCase() throws {
        let record = NDEFRecord(
            typeNameFormat: .external, typeName: "Android.COM:Pkg", payload: Array("a.b".utf8))
        #expect(try AndroidApplicationRecord(record).packageName == "a.b")
    }

    @Test func anotherExternalTypeIsNotAnAAR() {
        let record = NDEFRecord(
            typeNameFormat: .external, typeName: "example.com:pkg", payload: [0x61])
        #expect(
            rtdError { () throws(RTDError) in try AndroidApplicationRecord(record) }?.rule
                == "typeMismatch")
    }

    @Test func anEmptyOrBrokenPackageNameIsRejected() {
        let empty = AndroidApplicationRecord(packageName: "").record
        #expect(
            rtdError { () throws(RTDError) in try AndroidApplicationRecord(empty) }
                == .fieldEmpty(field: .packageName, offset: 0))
        var broken = empty
        broken.payload = [0x61, 0xFF]
        #expect(
            rtdError { () throws(RTDError) in try AndroidApplicationRecord(broken) }
                == .invalidUTF8(field: .packageName, offset: 1, byte: 0xFF))
    }
}
