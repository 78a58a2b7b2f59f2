import Testing

@testable import NDEF

/// What a typed layer made of a record: its content, or the rule it broke.
typealias TypedVerdict = Result<NDEFRecordContent, RTDError>

/// The owned layer's verdict on a record.
func ownedVerdict(_ record: NDEFRecord) -> TypedVerdict {
    do throws(RTDError) {
        return .success(try NDEFRecordContent(record))
    } catch {
        return .failure(error)
    }
}

/// The view layer's verdict: the record checked in place, then materialised.
func viewVerdict(_ view: NDEFRecordView) -> TypedVerdict {
    do throws(RTDError) {
        return .success(try NDEFRecordContentView(view).content())
    } catch {
        return .failure(error)
    }
}

/// The view layer's verdict on an owned record, seen in place in its own buffers, so that
/// records no encoder would write (types outside printable ASCII) can be checked too.
func viewVerdict(_ record: NDEFRecord) -> TypedVerdict {
    withView(of: record) { viewVerdict($0) }
}

/// Runs `body` on a view of an owned record's buffers.
func withView<T>(of record: NDEFRecord, _ body: (NDEFRecordView) -> T) -> T {
    record.type.withUnsafeBytes { type in
        record.identifier.withUnsafeBytes { identifier in
            record.payload.withUnsafeBytes { payload in
                body(
                    NDEFRecordView(
                        index: 0, typeNameFormat: record.typeNameFormat, type: type,
                        identifier: identifier, payload: payload, chunkCount: 1))
            }
        }
    }
}

/// A record to decode through both typed layers, named for the test report.
struct TypedVector: Sendable, CustomTestStringConvertible {
    var label: String
    var record: NDEFRecord

    var testDescription: String { label }

    /// A well-known record whose payload is given in hex.
    static func wellKnown(_ name: String, _ hex: String, _ label: String) -> TypedVector {
        TypedVector(
            label: "\(name) \(label)",
            record: NDEFRecord(typeNameFormat: .wellKnown, typeName: name, payload: rtdBytes(hex)))
    }

    /// A record of a TYPE-field kind (media, absolute-URI, external) with the given type.
    static func typed(_ format: TypeNameFormat, _ type: [UInt8], payload: [UInt8] = [1])
        -> TypedVector
    {
        TypedVector(
            label: "\(format.name) \(String(decoding: type, as: UTF8.self).debugDescription)",
            record: NDEFRecord(typeNameFormat: format, type: type, payload: payload))
    }
}
