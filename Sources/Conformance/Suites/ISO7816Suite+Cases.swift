import HexText
import ISODEP
import Rig
import TagEmulation
import TagFormat

/// The `iso7816` suite's cases, one builder per kind.
extension ISO7816Suite {
    /// A case on the card: scanned, then `body`.
    static func cardCase(
        _ id: String, _ title: String, _ expectations: ProfileExpectations, rule: String,
        _ body: @escaping @Sendable (CaseContext) async throws(CaseSteps.Stop) -> RepetitionOutcome
    ) -> ConformanceCase {
        CaseSteps.scannedCase(
            id, suite: name, title, card, rule: rule, expectations: expectations, body)
    }

    /// Discovery with `aids` registered: the card must be asked to SELECT them in order up to
    /// the first it has (all of them when it has none), and the DUT must report that one.
    static func selectionCase(
        _ id: String, _ title: String, _ aids: [ApplicationIdentifier],
        expecting expected: ApplicationIdentifier?, rule: String
    ) -> ConformanceCase {
        let asked = aids.prefix { $0 != expected } + (expected.map { [$0] } ?? [])
        let names = asked.map(\.description).joined(separator: ", ")
        return cardCase(
            id, title,
            .coreNFCAPI(
                "SELECTs \(names) in this order, then "
                    + (expected.map { "reports \($0) as the selected application" }
                        ?? "reports no application")), rule: rule
        ) { context async throws(CaseSteps.Stop) in
            let selection = try await select(context, aids)
            let registered = Set(aids.map(\.bytes))
            let sent = await selectedNames(context).filter { registered.contains($0) }
            guard sent == asked.map(\.bytes) else {
                return .fail(
                    "the card was asked to SELECT "
                        + (sent.isEmpty
                            ? "nothing"
                            : sent.map { Hex.encode($0, uppercase: true) }.joined(
                                separator: ", "))
                        + "; a session registering \(aids.map(\.description).joined(separator: ", ")) "
                        + "SELECTs \(names)")
            }
            guard selection?.aid == expected else {
                return .fail(
                    "the DUT reported \(selection.map { "\($0.aid)" } ?? "no application"); "
                        + "expected \(expected.map { "\($0)" } ?? "none (the card has none of them)")"
                )
            }
            return .pass
        }
    }

    /// A SELECT by an AID outside the session's list must fail with a security violation and
    /// never reach the card; one of a registered AID goes through.
    static func securityViolationCase(_ id: String) -> ConformanceCase {
        cardCase(
            id,
            "refuses a SELECT of an AID outside the session's list with "
                + "readerErrorSecurityViolation, without sending it",
            .coreNFCAPI(
                "fails the SELECT of \(alsoAbsent) with readerErrorSecurityViolation and sends "
                    + "nothing; a SELECT of a registered AID reaches the card"),
            rule: "Apple's CoreNFC documentation, NFCISO7816Tag.sendCommand(apdu:) "
                + "(developer.apple.com/documentation/corenfc/nfciso7816tag): a SELECT of an AID "
                + "the app did not register fails with NFCReaderError.readerErrorSecurityViolation "
                + "and never reaches the card"
        ) { context async throws(CaseSteps.Stop) in
            try await selected(context, loopback)
            let name = "readerErrorSecurityViolation"
            do throws(DUTError) {
                let response = try await context.dut.sendAPDU(alsoAbsent.selectCommand.encoded())
                return .fail(
                    "the DUT sent the SELECT of \(alsoAbsent), outside its list, and returned "
                        + "\(describe(response)); expected \(name)")
            } catch .reader(let got, let message) where got != name {
                return .fail("the DUT refused with \(got) (\(message)), expected \(name)")
            } catch .reader {
                // The refusal asked for; what the card saw decides the rest.
            } catch {
                return CaseSteps.outcome(of: error, in: "apdu")
            }
            guard !(await selectedNames(context)).contains(alsoAbsent.bytes) else {
                return .fail("the DUT refused the SELECT of \(alsoAbsent), but it reached the card")
            }
            let again: [UInt8] =
                [0x00, 0xA4, 0x04, 0x0C, UInt8(loopback.bytes.count)] + loopback.bytes
            let response = try await apdu(context, again)
            return expect(response, [0x90, 0x00], to: "the SELECT of \(loopback), registered")
        }
    }

    /// `dataLength` bytes through the loopback and back, unchanged, in one APDU.
    static func loopbackCase(
        _ id: String, _ title: String, dataLength: Int, extended: Bool, rule: String
    ) -> ConformanceCase {
        let data = (0..<dataLength).map { UInt8(truncatingIfNeeded: $0 &* 7 &+ 1) }
        let command = loopbackCommand(data, extended: extended)
        return cardCase(
            id, title,
            .everyProfile(
                "the card receives the \(command.count)-byte command as sent and the DUT returns "
                    + "the \(dataLength) bytes with 9000"), rule: rule
        ) { context async throws(CaseSteps.Stop) in
            try await exchange(context, on: loopback, command, data + [0x90, 0x00], "the loopback")
            guard let received = await commands(context).last, received == command else {
                return .fail("the card did not receive the \(command.count)-byte command as sent")
            }
            return .pass
        }
    }

    /// An answer longer than the reader's frame size: the card chains it, the reader must
    /// acknowledge each part and hand on the whole.
    static func chainedAnswerCase(_ id: String, _ rule: String) -> ConformanceCase {
        cardCase(
            id,
            "receives a \(longAnswer.count)-byte answer chained over its frame size, "
                + "acknowledging each part with R(ACK)",
            .everyProfile("returns the 1000 bytes with 9000; the reader sent R(ACK) for parts"),
            rule: rule + "; ISO/IEC 14443-4:2018 §7.6.3 (Chaining) and §7.6.5 (Block handling "
                + "rules; general rule 2 of §7.5.4 in the 2008 edition): each part of a chained "
                + "answer is acknowledged with R(ACK)"
        ) { context async throws(CaseSteps.Stop) in
            try await exchange(
                context, on: transit, longRecord, longAnswer + [0x90, 0x00], "the long record")
            let blocks = await readerBlocks(context)
            return blocks.contains {
                if case .receiveReady(.ack, _, _) = $0 { true } else { false }
            }
                ? .pass : .fail("the card chained its answer; the reader sent no R(ACK) for a part")
        }
    }

    /// A slow command: the card asks for more time; the reader must grant it and wait.
    static func slowCommandCase(_ id: String) -> ConformanceCase {
        cardCase(
            id,
            "grants S(WTX) while a command takes \(Int(slowDelay / .milliseconds(1))) ms and "
                + "returns its answer",
            .everyProfile("grants each S(WTX) and returns the answer with 9000"),
            rule: "ISO/IEC 14443-4:2018 §7.4 (Frame waiting time extension): a card that needs "
                + "more than its frame waiting time asks for it with S(WTX), and the reader grants "
                + "it and waits"
        ) { context async throws(CaseSteps.Stop) in
            try await exchange(
                context, on: transit, slowCommand, slowAnswer + [0x90, 0x00], "the slow command")
            let asked = await context.slots[0].events.contains {
                if case .waitingTimeExtension = $0.kind { true } else { false }
            }
            guard asked else { return .error("harness: the card answered without asking S(WTX)") }
            let blocks = await readerBlocks(context)
            return blocks.contains {
                if case .supervisory(.waitingTimeExtension, _) = $0 { true } else { false }
            }
                ? .pass : .fail("the card asked for more time; the reader granted no S(WTX)")
        }
    }

    /// The card leaves between two APDUs: the second must fail, not come back answered.
    static func departureCase(_ id: String) -> ConformanceCase {
        cardCase(
            id,
            "reports an error for a command sent after the card left the field",
            .coreNFCAPI("returns the first answer, then a reader error for the second"),
            rule: "Apple's CoreNFC documentation, NFCISO7816Tag.sendCommand(apdu:) "
                + "(developer.apple.com/documentation/corenfc/nfciso7816tag): an error means the "
                + "exchange failed; a command to a card that left gets a reader error, never an "
                + "answer"
        ) { context async throws(CaseSteps.Stop) in
            try await exchange(
                context, on: transit, balance, balanceAnswer + [0x90, 0x00], "the balance")
            await context.slots[0].remove()
            do throws(DUTError) {
                let response = try await context.dut.sendAPDU(balance)
                return .fail(
                    "the DUT returned \(describe(response)) for a command to a card that had "
                        + "left; expected a reader error")
            } catch .reader {
                return .pass
            } catch {
                return CaseSteps.outcome(of: error, in: "apdu after the card left")
            }
        }
    }

    /// A status word other than 9000 is the answer, not an error.
    static func statusWordCase(_ id: String) -> ConformanceCase {
        cardCase(
            id,
            "returns an answer of 6D00 as the response, not as an error",
            .everyProfile("returns 6D00 as the response"),
            rule: "Apple's CoreNFC documentation, NFCISO7816Tag.sendCommand(apdu:) "
                + "(developer.apple.com/documentation/corenfc/nfciso7816tag): the response data "
                + "and SW1 SW2 come back whatever the status word; an error means the exchange "
                + "failed"
        ) { context async throws(CaseSteps.Stop) in
            try await selected(context, transit)
            return expect(
                try await apdu(context, unknownCommand), [0x6D, 0x00], to: "an unknown command")
        }
    }

    /// A Type A card has no application data in CoreNFC's sense: the DUT must not report the
    /// SELECT's FCI there.
    static func applicationDataCase(_ id: String) -> ConformanceCase {
        cardCase(
            id,
            "reports no application data for a Type A card, not the SELECT's FCI",
            .coreNFCAPI(
                "reports no application data: Apple's applicationData is a Type B card's ATQB "
                    + "data, nil on Type A"),
            rule: "Apple, NFCISO7816Tag.applicationData: \"the application data bytes "
                + "extracted from the Type B Answer To Request response\" (with "
                + "proprietaryApplicationDataCoding); a Type A card has none"
        ) { context async throws(CaseSteps.Stop) in
            let selection = try await selected(context, transit)
            guard let data = selection.applicationData else { return .pass }
            return .fail(
                "the DUT reported \(Hex.encode(data, uppercase: true)) as the application data "
                    + "of a Type A card (the SELECT's answer carried the FCI); CoreNFC reports "
                    + "none there")
        }
    }

    /// The ATS's historical bytes, as the DUT reports them.
    static func historicalBytesCase(_ id: String) -> ConformanceCase {
        cardCase(
            id,
            "reports the ATS's historical bytes",
            .coreNFCAPI(
                "reports \(Hex.encode(historicalBytes, uppercase: true)) as the historical bytes "
                    + "(optional in Apple's API: a DUT that reports none is skipped)"),
            rule: "Apple's CoreNFC documentation, NFCISO7816Tag.historicalBytes "
                + "(developer.apple.com/documentation/corenfc/nfciso7816tag): the historical bytes "
                + "of the card's ATS (ISO/IEC 14443-4:2018 §5.3.7, Historical bytes)"
        ) { context async throws(CaseSteps.Stop) in
            let selection = try await selected(context, transit)
            guard let bytes = selection.historicalBytes else {
                return .skip("the DUT does not report the ATS's historical bytes")
            }
            return expect(bytes, historicalBytes, to: "the historical bytes")
        }
    }
}
