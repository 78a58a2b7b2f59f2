import Foundation
import Testing

@testable import NDEF

@Suite struct MIMERecordTests {
    static let favorite = #"{"favorite":"blue","id":"42"}"#

    @Test func aJSONPayloadValidatesAndReturnsItsObject() throws {
        let record = try MIMERecord(json: Array(Self.favorite.utf8))
        #expect(record.mediaType == "application/json")
        let object = try #require(try record.jsonObject() as? [String: String])
        #expect(object == ["id": "42", "favorite": "blue"])
    }

    @Test func aJSONObjectSerialisesWithSortedKeys() throws {
        let record = try MIMERecord(jsonObject: ["id": "42", "favorite": "blue"])
        #expect(record.payload == Array(Self.favorite.utf8))
        #expect(record.isJSON)
    }

    @Test func aPayloadThatIsNotJSONIsRejected() {
        let error = rtdError { () throws(RTDError) in try MIMERecord(json: Array("{\"id\":".utf8)) }
        #expect(error?.rule == "invalidJSON")
        #expect(error?.field == .json)
    }

    @Test func anObjectThatCannotBeJSONIsRejected() {
        let error = rtdError { () throws(RTDError) in try MIMERecord(jsonObject: Date()) }
        #expect(error?.rule == "invalidJSON")
    }

    @Test func askingANonJSONRecordForJSONIsATypeMismatch() {
        let plain = MIMERecord(mediaType: "text/plain", payload: Array("{}".utf8))
        #expect(rtdError { () throws(RTDError) in try plain.jsonObject() }?.rule == "typeMismatch")
    }

    @Test func mediaTypesCompareWithoutCaseOrParametersButKeepThemAsWritten() throws {
        let record = try MIMERecord(
            NDEFRecord(
                typeNameFormat: .media, typeName: "Application/JSON; charset=\"UTF-8\"",
                payload: Array("[1]".utf8)))
        #expect(record.mediaType == "Application/JSON; charset=\"UTF-8\"")
        #expect(record.essence == "application/json")
        #expect(record.hasMediaType("application/json"))
        #expect(record.hasMediaType("APPLICATION/JSON;charset=utf-8"))
        #expect(!record.hasMediaType("application/jsonp"))
        #expect(record.parameter("Charset") == "UTF-8")
        #expect(record.parameter("boundary") == nil)
        #expect(record.isJSON)
        #expect(try record.jsonObject() as? [Int] == [1])
    }

    @Test func aStructuredSyntaxSuffixCountsAsJSON() {
        #expect(MIMERecord(mediaType: "application/ld+json", payload: []).isJSON)
        #expect(!MIMERecord(mediaType: "application/jsonl", payload: []).isJSON)
    }

    @Test(arguments: ["json", "text/", "/plain", "text;charset=utf-8/plain"])
    func aMediaTypeWithoutTypeSlashSubtypeIsMalformed(type: String) {
        let record = NDEFRecord(typeNameFormat: .media, typeName: type, payload: [])
        #expect(
            rtdError { () throws(RTDError) in try MIMERecord(record) }
                == .malformedType(field: .mediaType, value: type))
    }

    @Test func aMediaTypeByteOutsideASCIIIsReportedWithItsOffset() {
        let record = NDEFRecord(
            typeNameFormat: .media, type: Array("text/pl".utf8) + [0xC3, 0xA9], payload: [])
        #expect(
            rtdError { () throws(RTDError) in try MIMERecord(record) }
                == .notASCII(field: .mediaType, offset: 7, byte: 0xC3))
    }

    @Test func iconTypesAreImageOrVideoInAnyCase() {
        #expect(MIMERecord(mediaType: "image/png", payload: []).isIcon)
        #expect(MIMERecord(mediaType: "Video/MP4", payload: []).isIcon)
        #expect(!MIMERecord(mediaType: "audio/mpeg", payload: []).isIcon)
        #expect(!MIMERecord(mediaType: "imagex/png", payload: []).isIcon)
    }

    @Test func aMediaRecordEncodesWithTNF2AndItsTypeAsWritten() throws {
        let record = MIMERecord(mediaType: "text/plain", payload: Array("hi".utf8)).record
        #expect(
            try NDEFEncoder().encode(NDEFMessage(record))
                == rtdBytes("d2 0a 02 74 65 78 74 2f 70 6c 61 69 6e 68 69"))
        #expect(
            try MIMERecord(record) == MIMERecord(mediaType: "text/plain", payload: [0x68, 0x69]))
    }

    @Test func decodingAnotherTNFAsMediaIsATypeMismatch() {
        #expect(
            rtdError { () throws(RTDError) in try MIMERecord(wellKnown("U", [0])) }?.rule
                == "typeMismatch")
    }
}

extension MIMERecordTests {
    @Test(arguments: [
        "application/json", "application/jsoN", "text/plain", "text/plaim", "text/vcard",
        "text/x-vcard", "application/vnd.wfa.wsc", "application/vnd.bluetooth.ep.oob",
        "application/vnd.bluetooth.ep.ooc", "text/html", "image/png",
    ])
    func aMediaTypeDecodesToTheStringItSpells(type: String) throws {
        let bytes = try NDEFEncoder().encode(
            NDEFMessage(NDEFRecord(typeNameFormat: .media, typeName: type, payload: [1])))
        var decoded: [NDEFRecordContent] = []
        try NDEFDecoder().forEachRecord(in: bytes) { view in
            decoded.append((try? NDEFRecordContent(view)) ?? .empty)
        }
        #expect(decoded == [.mime(MIMERecord(mediaType: type, payload: [1]))])
    }
}
