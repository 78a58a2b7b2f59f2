import ISODEP
import NDEF
import PN533

extension NFCReferenceReader {
    /// Whether the connected tag is NDEF and writable, and the largest message it holds;
    /// `notSupported` (capacity 0) for a tag without NDEF or of an unsupported type.
    public func queryNDEFStatus() async throws(NFCReaderError) -> (
        status: NFCNDEFStatus, capacity: Int
    ) {
        try await exclusively { () async throws(NFCReaderError) in
            guard let procedures = try procedures() else { return (.notSupported, 0) }
            do throws(NFCReaderError) {
                return try await procedures.queryNDEFStatus()
            } catch {
                // Querying is the first half of a read: a failure there restarts polling
                // like a failed readNDEF (DESIGN §5), except when no tag was connected.
                let failedAt = emit(.readFailed(error))
                if !error.lostTheSession { try? await restart(from: failedAt) }
                throw error
            }
        }
    }

    /// Reads and decodes the connected tag's message, chunked records reassembled.
    ///
    /// An empty tag (length 0) throws `zeroLengthMessage`, as CoreNFC's `readNDEF` does
    /// ("NDEF tag does not contain any NDEF message", code 403). Any failure but
    /// `tagNotConnected`, `sessionInvalidated` and `readerBusy` restarts polling `restartPollingDelay` after it.
    public func readNDEF() async throws(NFCReaderError) -> NDEFMessage {
        try await readNDEFMessageAndBytes().message
    }

    /// `readNDEF()`, with the message's bytes as they were read off the tag.
    public func readNDEFMessageAndBytes() async throws(NFCReaderError) -> (
        message: NDEFMessage, bytes: [UInt8]
    ) {
        try await exclusively { () async throws(NFCReaderError) -> (NDEFMessage, [UInt8]) in
            emit(.readStarted)
            do throws(NFCReaderError) {
                let bytes = try await requireProcedures().readNDEF()
                // `decodes-empty-message` hands the decoder the empty message too.
                guard !bytes.isEmpty || configuration.faults.ndef.contains(.decodesEmptyMessage)
                else { throw NFCReaderError.zeroLengthMessage }
                let message = try decode(bytes)
                emit(.readCompleted(message))
                return (message, bytes)
            } catch {
                let failedAt = emit(.readFailed(error))
                if !error.lostTheSession {
                    // The read's error is the one to report; a reader too broken to restart
                    // fails the next poll anyway.
                    try? await restart(from: failedAt)
                }
                throw error
            }
        }
    }

    /// Writes `message` to the connected tag, tearing-safe (see `NDEFWriteOrder`).
    ///
    /// Writes a message without records as a length of 0 (the mappings' INITIALIZED state).
    /// Refuses a read-only tag
    /// (`tagNotWritable`) and a message larger than the tag (`tagSizeTooSmall`), in that
    /// order after checking that a tag is connected.
    public func writeNDEF(_ message: NDEFMessage) async throws(NFCReaderError) {
        try await exclusively { () async throws(NFCReaderError) in
            let encoded = Result { () throws(NDEFEncodingError) in
                try NDEFEncoder().encode(message)
            }
            emit(.writeStarted(bytes: (try? encoded.get())?.count ?? 0))
            do throws(NFCReaderError) {
                let procedures = try requireProcedures()
                let bytes: [UInt8]
                switch encoded {
                case .success(let value): bytes = value
                case .failure(.emptyMessage)
                where configuration.faults.ndef.contains(.refusesEmptyMessage):
                    throw NFCReaderError.zeroLengthMessage
                case .failure(.emptyMessage): bytes = []
                case .failure(let error): throw NFCReaderError.invalidParameter(error)
                }
                let order: NDEFWriteOrder =
                    configuration.faults.unsafeWriteOrder ? .lengthFirst : .tearingSafe
                try await procedures.writeNDEF(bytes, order: order)
                emit(.writeCompleted(bytes: bytes.count))
            } catch {
                emit(.writeFailed(error))
                throw error
            }
        }
    }

    /// Makes the connected tag read-only for good (Type 4: write access FF in the CC; Type 2:
    /// CC access 0F and the lock bits).
    public func writeLock() async throws(NFCReaderError) {
        try await exclusively { () async throws(NFCReaderError) in
            try await requireProcedures().writeLock()
        }
    }

    /// What iOS background reading would do with `message` on this reader (the
    /// `firstRecordNotFirstURI` fault's hook).
    public nonisolated func backgroundReadingVerdict(for message: NDEFMessage)
        -> BackgroundReadingVerdict
    {
        configuration.faults.backgroundReadingVerdict(for: message)
    }

    // MARK: - Procedures per tag type

    /// The connected tag's procedures; `nil` for a tag type without any.
    private func procedures() throws(NFCReaderError) -> (any NDEFTagProcedures)? {
        // After `invalidate()` CoreNFC refuses every tag operation without reaching the tag.
        guard !sessionInvalidated else { throw .sessionInvalidated }
        guard let tag = connectedTag else { throw .tagNotConnected }
        let target = tag.target.tg
        switch tag.type {
        case .type4:
            let transceiver = try isoDEPTransceiver(tag)
            var procedures = Type4TagProcedures(
                transceiver: transceiver,
                // A host ISO-DEP fault stands alone: the Type 4 faults need the chip's.
                faults: configuration.faults.hostISODEP == nil ? configuration.faults.type4 : [],
                ndefFaults: configuration.faults.ndef)
            procedures.layoutFaults = configuration.faults.type4Layout
            procedures.readSize = configuration.faults.readSize
            return procedures
        case .type2:
            return Type2TagProcedures(
                transceiver: ChipType2Transceiver(
                    device: device, target: target, timeout: configuration.exchangeTimeout),
                faults: configuration.faults)
        case .unsupported:
            return nil
        }
    }

    func requireProcedures() throws(NFCReaderError) -> any NDEFTagProcedures {
        guard let procedures = try procedures() else {
            let target = connectedTag?.target
            throw .ndefNotSupported(
                .unsupportedTagType(sensRes: target?.sensRes ?? [], selRes: target?.selRes ?? 0))
        }
        return procedures
    }

    /// Strict decoding, chunks reassembled; with `noChunkReassembly`, the same check but each
    /// wire record comes out as a record of its own.
    func decode(_ bytes: [UInt8]) throws(NFCReaderError) -> NDEFMessage {
        let decoder = NDEFDecoder()
        if configuration.faults.ndef.contains(.relaxedDecoding) {
            // The fault: whatever lenient decoding makes of the bytes, violations or not.
            return decoder.decodeLeniently(bytes).message
        }
        do throws(NDEFError) {
            guard configuration.faults.noChunkReassembly else { return try decoder.decode(bytes) }
            _ = try decoder.validate(bytes)
            return NDEFMessage(
                records: try decoder.wireRecords(in: bytes).map { wire in
                    NDEFRecord(
                        typeNameFormat: wire.header.typeNameFormat,
                        type: Array(bytes[wire.typeRange]),
                        identifier: Array(bytes[wire.identifierRange]),
                        payload: Array(bytes[wire.payloadRange]))
                })
        } catch {
            throw .invalidMessage(error)
        }
    }
}
