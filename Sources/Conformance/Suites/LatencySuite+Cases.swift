import HexText
import Rig
import TagEmulation
import TagFormat

/// The `latency` suite's cases: how each is set up, what it times and what earns its pass.
extension LatencySuite {
    /// The tag platforms the suite measures on.
    enum Platform: String, Sendable {
        case type2
        case type4

        /// `Type 2`, `Type 4`, for titles.
        var title: String { self == .type2 ? "Type 2" : "Type 4" }

        /// The NDEF read procedure the read cases time.
        var readRule: String {
            self == .type2 ? NDEFReadSuite.type2Read : NDEFReadSuite.type4Read
        }

        /// The NDEF write procedure the write cases time.
        var writeRule: String {
            self == .type2
                ? "NFC Forum T2T 1.1 §6.4.3 (NDEF Write Procedure): the message goes into the "
                    + "NDEF Message TLV with 4-byte WRITEs"
                : "NFC Forum T4T 2.0 §5.4.7 (NDEF Update Procedure): NLEN zeroed, the message "
                    + "written with UPDATE BINARY in pieces of at most MLc, NLEN last"
        }
    }

    /// `128 B`, `1 KiB`, `8 KiB`, `1 B`: a size for a title.
    static func size(_ bytes: Int) -> String {
        bytes >= 1024 && bytes % 1024 == 0 ? "\(bytes / 1024) KiB" : "\(bytes) B"
    }

    /// A tag of `platform` holding `content`, with room for a message of `room` bytes.
    static func tag(_ platform: Platform, holding content: [UInt8], room: Int) -> TagSetup {
        switch platform {
        case .type2:
            // The smallest of an NTAG213's data area and the rig's largest that holds it.
            let area =
                Fixtures.type2Capacity(dataAreaSize: 144) >= room ? 144 : type2DataArea
            return Fixtures.type2(content, size: area)
        case .type4:
            // The NDEF file holds the message and NLEN, at least the common 2 KiB.
            return Fixtures.type4(content, size: UInt32(max(0x0800, room + 2)))
        }
    }

    /// What a case presents, for reports: short, where the setup's own description would
    /// print every byte of an 8 KiB message.
    static func describe(_ setup: TagSetup, holding bytes: Int) -> String {
        switch setup {
        case .type2(let type2):
            "a Type 2 tag with a \(type2.dataAreaSize)-byte data area holding a \(bytes)-byte "
                + "NDEF message"
        case .type4(let type4):
            "a Type 4 tag (mapping 2.0, MLe \(type4.maximumResponseDataLength), MLc "
                + "\(type4.maximumCommandDataLength), a \(type4.maximumFileSize)-byte NDEF file) "
                + "holding a \(bytes)-byte NDEF message"
                + (type4.applications.isEmpty ? "" : " and a loopback application")
        }
    }

    /// The case is measured at `rate`; on a rig that presents tags at another rate it is
    /// skipped, never judged at the wrong one.
    static func atRate(_ rate: Int, _ context: CaseContext) throws(CaseSteps.Stop) {
        let offered = context.rig.typeABitRatesKbps
        guard offered.contains(rate) else {
            throw CaseSteps.Stop(
                outcome: .skip(
                    "measured at \(rate) kbps; the rig presents its tags at "
                        + offered.map { "\($0) kbps" }.joined(separator: ", ")))
        }
    }

    /// The conditions of a sample of this case: `CaseSteps`' with the case's own rate.
    static func conditions(
        _ platform: Platform, rate: Int, messageBytes: Int? = nil, command: Int? = nil,
        response: Int? = nil
    ) -> MeasurementConditions {
        MeasurementConditions(
            messageBytes: messageBytes, commandBytes: command, responseBytes: response,
            tagType: platform.rawValue, bitRateKbps: rate)
    }

    /// Time to detect: the DUT's scan of the one tag in the field. The scan must name the
    /// tag's UID, and the tag's message, read after, must be the tag's and served on the air
    /// from the scan's start on: a detection is of that tag, not of a UID the reader knew.
    /// (The scan alone leaves no mark on a Type 2 tag's side: a PN533 in target mode hands
    /// its host the activation only with the reader's first command.)
    static func detectCase(_ platform: Platform, rate: Int) -> ConformanceCase {
        let content = Fixtures.message(ofLength: 128)
        let setup = tag(platform, holding: content, room: content.count)
        return ConformanceCase(
            id: "", suite: name,
            title: "time to detect a \(platform.title) tag at \(rate) kbps",
            rule: "NFC Forum Activity 1.1 §4 (Polling; clause number not checked): the reader "
                + "polls, resolves and activates the one tag in the field; " + platform.readRule,
            setup: describe(setup, holding: content.count),
            expectations: .ndefMapping(
                "scans at \(rate) kbps and names the \(platform.title) tag's UID; then reads "
                    + "its 128-byte message, every byte served on the air after the scan began "
                    + "(the scan is timed as timeToDetect)")
        ) { context in
            await CaseSteps.run { () async throws(CaseSteps.Stop) in
                try atRate(rate, context)
                // A UID of its own each repetition: a reader that answers the scan with the
                // UID it found last time, without polling, names the wrong tag.
                guard let slot = context.slots.first else {
                    return .skip("needs an emulator chip, the rig has none")
                }
                do throws(RigTagError) {
                    try await slot.present(setup, uid: repetitionNFCID(context.repetition))
                } catch {
                    return .error("harness: \(error)")
                }
                if let early = await context.tagsReady() { return early }
                let start = context.now
                let scan: DUTScan
                do throws(DUTError) {
                    scan = try await context.dut.scan(timeout: .seconds(3))
                } catch {
                    return CaseSteps.outcome(of: error, in: "scan")
                }
                let took = context.now - start
                let named = scan.tags.map { $0.lowercased() }
                let expected = await context.uidsInField().map { Hex.encode($0) }
                guard named == expected else {
                    return .fail(
                        "the DUT's scan named [" + scan.tags.joined(separator: ", ")
                            + "], the field holds [" + expected.joined(separator: ", ") + "]")
                }
                context.recorder.record(
                    "timeToDetect", took, conditions: conditions(platform, rate: rate))
                // The read proves the detection; its time is the read cases' to measure.
                let read: DUTRead
                do throws(DUTError) {
                    read = try await context.dut.read()
                } catch {
                    return CaseSteps.outcome(of: error, in: "read")
                }
                let judged = ReadJudgement.judge(read, stored: content, .message)
                guard judged.verdict == .pass else { return judged.prefixed("after the scan: ") }
                return await RFObservations.messageReadOnAir(
                    context, since: start, backing: "the DUT read the detected tag's message")
            }
        }
    }

    /// The 3 bytes after the PN533's fixed 08 of the detect cases' tag in `repetition`:
    /// another UID each time (FNV-1a of the repetition, so a run is the same every time).
    static func repetitionNFCID(_ repetition: Int) -> [UInt8] {
        RigTagSlot.nfcid(for: "latency-detect-\(repetition)")
    }

    /// An NDEF read of a `bytes`-byte message: the message reported must be the tag's, byte
    /// for byte, and every byte of it served on the air in one activation, after the read
    /// began (a message read during the scan and answered from memory is not a read the
    /// case timed).
    static func readCase(_ platform: Platform, bytes: Int, rate: Int) -> ConformanceCase {
        let content = Fixtures.message(ofLength: bytes)
        let setup = tag(platform, holding: content, room: bytes)
        let full = platform == .type2 && bytes == type2Sizes.last
        return ConformanceCase(
            id: "", suite: name,
            title: "reads \(size(bytes)) of NDEF from a \(platform.title) tag at \(rate) kbps"
                + (full ? " (the largest message the rig's Type 2 tag holds)" : ""),
            rule: platform.readRule + (full ? "; " + type2Absent : ""),
            setup: describe(setup, holding: bytes),
            expectations: .ndefMapping(
                ReadJudgement.Check.message.expectation(storedBytes: bytes)
                    + " (timed as readTime at \(rate) kbps)")
        ) { context in
            await CaseSteps.run { () async throws(CaseSteps.Stop) in
                try atRate(rate, context)
                try await CaseSteps.present(context, [setup])
                try await CaseSteps.readAlone(
                    context, stored: content, metric: "readTime", servedDuringRead: true)
                return .pass
            }
        }
    }

    /// An NDEF write of a `bytes`-byte message over a short one: the tag must hold it
    /// afterwards, by the writes it accepted, written in the tearing-safe order.
    static func writeCase(_ platform: Platform, bytes: Int, rate: Int) -> ConformanceCase {
        let old = Fixtures.encode([Fixtures.uri("https://example.com/old")])
        let message = Fixtures.message(ofLength: bytes)
        let setup = tag(platform, holding: old, room: bytes)
        let full = platform == .type2 && bytes == type2Sizes.last
        return ConformanceCase(
            id: "", suite: name,
            title: "writes \(size(bytes)) of NDEF to a \(platform.title) tag at \(rate) kbps"
                + (full ? " (the largest message the rig's Type 2 tag holds)" : ""),
            rule: platform.writeRule + (full ? "; " + type2Absent : ""),
            setup: describe(setup, holding: old.count) + ", to be replaced",
            expectations: .ndefMapping(
                "writes the \(bytes)-byte message in the tearing-safe order: afterwards the tag "
                    + "holds it, by the writes it accepted (timed as writeTime at \(rate) kbps)")
        ) { context in
            await CaseSteps.run { () async throws(CaseSteps.Stop) in
                try atRate(rate, context)
                try await CaseSteps.present(context, [setup])
                _ = try await CaseSteps.scan(context, expecting: 1)
                do throws(DUTError) {
                    try await context.timed(
                        "writeTime",
                        conditions: conditions(platform, rate: rate, messageBytes: bytes)
                    ) { () async throws(DUTError) in
                        try await context.dut.write(message)
                    }
                } catch {
                    return CaseSteps.outcome(of: error, in: "write")
                }
                // The procedure the rule names, not only its result: a write in the wrong
                // order can be quicker than the floor of the right one.
                return try await RFObservations.tearingSafeWrite(context, of: message)
            }
        }
    }

    /// The card of the APDU cases: a Type 4 tag hosting the loopback beside its NDEF
    /// application.
    static let loopbackCard: TagSetup = .type4(
        Type4Setup(
            content: Fixtures.encode([Fixtures.uri("https://example.com/latency")]),
            applications: [ISO7816Application(identifier: ISO7816Suite.loopback)]))

    /// An APDU round trip of `dataBytes` each way through the loopback (short APDUs up to
    /// 255 data bytes, extended beyond): the DUT must return the data with 9000 and the card
    /// must have received the command as sent.
    static func apduCase(dataBytes: Int, rate: Int) -> ConformanceCase {
        let data = (0..<dataBytes).map { UInt8(truncatingIfNeeded: $0 &* 7 &+ 1) }
        let extended = dataBytes > 255
        let command = ISO7816Suite.loopbackCommand(data, extended: extended)
        let expected = data + [0x90, 0x00]
        let sample = conditions(
            .type4, rate: rate, command: command.count, response: expected.count)
        var apduCase = CaseSteps.scannedCase(
            "", suite: name,
            "exchanges a \(size(dataBytes)) APDU round trip with a loopback at \(rate) kbps ("
                + (extended ? "extended" : "short") + " length, a \(command.count)-byte "
                + "command and a \(expected.count)-byte response)",
            loopbackCard,
            rule: "ISO/IEC 7816-4:2005 §5.1 (Command-response pairs: short and extended length "
                + "fields) and ISO/IEC 14443-4:2018 §7.6.3 (Chaining): an APDU goes to the card "
                + "as sent, and its answer comes back whole",
            expectations: .everyProfile(
                "SELECTs the loopback, sends the \(command.count)-byte command, which the card "
                    + "receives as sent, and returns the \(dataBytes) data bytes with 9000 "
                    + "(timed as apduTime at \(rate) kbps)")
        ) { context async throws(CaseSteps.Stop) in
            try atRate(rate, context)
            try await ISO7816Suite.selected(context, ISO7816Suite.loopback)
            let response: [UInt8]
            do throws(DUTError) {
                response = try await context.timed("apduTime", conditions: sample) {
                    () async throws(DUTError) in
                    try await context.dut.sendAPDU(command)
                }
            } catch {
                return CaseSteps.outcome(of: error, in: "apdu")
            }
            let judged = ISO7816Suite.expect(response, expected, to: "the loopback")
            guard judged.verdict == .pass else { return judged }
            // The right answer proves nothing by itself: the card must have received the
            // command as sent.
            guard await ISO7816Suite.commands(context).contains(command) else {
                return .fail(
                    "the DUT returned the loopback's answer, but the card never received the "
                        + "\(command.count)-byte command as sent")
            }
            return .pass
        }
        apduCase.setup = describe(loopbackCard, holding: loopbackCard.content.count)
        return apduCase
    }
}
