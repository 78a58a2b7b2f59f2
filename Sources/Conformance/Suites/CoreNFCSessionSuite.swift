import Rig

/// `corenfc-session`: what CoreNFC's NDEF reader session itself does, as Apple documents it
/// (its end after the first read, its time limit, the user's Cancel, 103 after it was
/// invalidated, the legacy delegate that polls on by itself), judged on the air while the
/// harness moves tags during the session, together with what the DUT reports.
enum CoreNFCSessionSuite: ConformanceSuite {
    static let name = "corenfc-session"
    static let judgedUnder: Set<ReaderProfile> = [.coreNFC]
    static let notJudged =
        "a CoreNFC API contract: NFC Forum specifications and ISO/IEC 14443 define no reader "
        + "session, its time limit, its Cancel or its error codes"

    /// What the suite checks and how it is judged, for the catalogue.
    static let about = [
        "CoreNFC's own session behaviour, judged only under `corenfc` from Apple's "
            + "documentation: an `NFCNDEFReaderSession` begun with `invalidateAfterFirstRead` "
            + "ends with 204 once it read a tag; a session ends with 201 at its 60-second limit "
            + "and with 200 when the user cancels, and its field goes off; a tag operation after "
            + "`invalidate()` fails with 103; the legacy `readerSession(_:didDetectNDEFs:)` "
            + "session polls again by itself once the tag leaves and reports the next. The "
            + "DUT begins the session (`begin_session` in the process DUT protocol), the "
            + "harness moves tags while it runs, presses Cancel (`cancel`) and asks how it "
            + "ended (`session`); a DUT that answers `unsupported` has the cases skipped.",
        "Every verdict rests on the air as well as on the DUT's answer: a message the session "
            + "reports must have been served whole by its tag; after the session's end the "
            + "field goes off (the tag in it is released) and a tag brought in is not "
            + "activated; after `invalidate()` no frame reaches the tag. The 60 s is on the "
            + "rig's clock (virtual on a simulated rig). Type 4 tags, whose activation the "
            + "emulator logs at once.",
        "Measurements: none.",
    ]

    static var cases: [ConformanceCase] {
        let first = Fixtures.type4(Fixtures.encode([Fixtures.uri("https://example.com/first")]))
        let second = Fixtures.type4(Fixtures.encode([Fixtures.text("the second tag")]))
        return [
            sessionCase(
                "SESSION-001",
                "ends with 204 after the first tag read with invalidateAfterFirstRead, and polls "
                    + "no more", [first, second], presentedFirst: 1,
                rule: Rules.firstRead,
                expecting: "reports tag A's message, read whole on the air, and ends with 204 "
                    + "(readerSessionInvalidationErrorFirstNDEFTagRead); the field then goes off, and "
                    + "tag B, brought in after A left, is never activated"
            ) { context throws(CaseSteps.Stop) in
                try await endsAfterFirstRead(context, first, second)
            },
            sessionCase(
                "SESSION-002",
                "ends with 201 at the 60-second limit with no tag, and polls no more",
                [first], presentedFirst: 0, rule: Rules.timeout,
                expecting:
                    "with no tag, ends with 201 (readerSessionInvalidationErrorSessionTimeout) "
                    + "between 60 and 70 s of rig time after it began, reporting no message; a tag "
                    + "brought in after that is never activated"
            ) { context throws(CaseSteps.Stop) in
                try await timesOut(context, first)
            },
            sessionCase(
                "SESSION-003",
                "ends with 200 when the user cancels; the field goes off and polls no more",
                [first, second], presentedFirst: 1, rule: Rules.cancel,
                expecting:
                    "reads tag A; after Cancel, A is released (the field goes off) within 500 ms, "
                    + "tag B brought in is never activated, and the session reports A's message and "
                    + "200 (readerSessionInvalidationErrorUserCanceled)"
            ) { context throws(CaseSteps.Stop) in
                try await cancels(context, first, second)
            },
            sessionCase(
                "SESSION-004", "fails a read after invalidate() with 103, sending the tag nothing",
                [first], presentedFirst: 1, session: false, rule: Rules.invalidated,
                expecting: "after invalidate(), a read fails with 103 "
                    + "(readerTransceiveErrorSessionInvalidated) and the tag receives no command"
            ) { context throws(CaseSteps.Stop) in
                try await refusesAfterInvalidation(context, first)
            },
            sessionCase(
                "SESSION-005",
                "reads the next tag by itself once the first leaves (didDetectNDEFs)",
                [first, second], presentedFirst: 1, rule: Rules.legacy,
                expecting:
                    "reads tag A; once A leaves and B comes, the same session reads B whole on the "
                    + "air by itself, reports A's message then B's, and is still running"
            ) { context throws(CaseSteps.Stop) in
                try await pollsOnByItself(context, first, second)
            },
        ]
    }

    /// A case with `setups` on the first slots, the first `presentedFirst` of them in the
    /// field from the start and the others brought in by `steps`; a session still running at
    /// the end is cancelled (with `session`), so that nothing polls into the next case.
    static func sessionCase(
        _ id: String, _ title: String, _ setups: [TagSetup], presentedFirst: Int,
        session: Bool = true, rule: String, expecting expectation: String,
        _ steps: @escaping @Sendable (CaseContext) async throws(CaseSteps.Stop) -> RepetitionOutcome
    ) -> ConformanceCase {
        let described =
            setups.prefix(presentedFirst).map { "\($0)" }
            + setups.dropFirst(presentedFirst).map { "\($0) brought in later" }
        return ConformanceCase(
            id: id, suite: name, title: title, rule: rule,
            setup: described.joined(separator: " + "), expectation: expectation
        ) { context in
            let timeline = CaseTimeline(context)
            let outcome = await CaseSteps.run { () async throws(CaseSteps.Stop) in
                guard context.slots.count >= setups.count else {
                    return .skip(
                        "needs \(setups.count) emulator chips, the rig has \(context.slots.count)")
                }
                try await CaseSteps.present(context, Array(setups.prefix(presentedFirst)))
                return try await steps(context)
            }
            if session { await finish(context) }
            await timeline.note(context)
            return outcome
        }
    }

    /// Apple's documentation for each case.
    enum Rules {
        static let firstRead =
            "Apple, CoreNFC: NFCNDEFReaderSession init(delegate:queue:invalidateAfterFirstRead:) "
            + "(developer.apple.com/documentation/corenfc/nfcndefreadersession/"
            + "init(delegate:queue:invalidateafterfirstread:)): invalidateAfterFirstRead "
            + "\"indicates whether the session automatically invalidates after the first NDEF "
            + "tag is successfully read\"; the invalidation's code is NFCReaderError.Code "
            + "readerSessionInvalidationErrorFirstNDEFTagRead (204); that an invalidated session "
            + "polls no more: invalidate(errorMessage:), \"After invalidating a reader session, "
            + "you cannot use it to scan and detect other tags\""
        static let timeout =
            "Apple, CoreNFC: NFCReaderError.Code readerSessionInvalidationErrorSessionTimeout "
            + "(201), \"The reader session timed out\" "
            + "(developer.apple.com/documentation/corenfc/nfcreadererror-swift.struct/code); the "
            + "60 s is the SDK header NFCNDEFReaderSession.h (NFCNDEFReaderSessionDelegate: a "
            + "session is invalidated when \"the 60 seconds session time limit is reached\"), "
            + "which Apple's web pages for the code do not state; that it polls no more after: "
            + "invalidate(errorMessage:), \"After invalidating a reader session, you cannot use "
            + "it to scan and detect other tags\""
        static let cancel =
            "Apple, CoreNFC: NFCReaderError.Code readerSessionInvalidationErrorUserCanceled "
            + "(200), \"The user canceled the reader session\", reported through "
            + "readerSession(_:didInvalidateWithError:); that the field goes off with the "
            + "session and it polls no more: invalidate(errorMessage:), \"After invalidating a "
            + "reader session, you cannot use it to scan and detect other tags\" (the field "
            + "going off at once is nfcrig's reading of it: Apple does not describe the air)"
        static let invalidated =
            "Apple, CoreNFC: NFCReaderError.Code readerTransceiveErrorSessionInvalidated (103), "
            + "\"The reader session is invalid\" "
            + "(developer.apple.com/documentation/corenfc/nfcreadererror-swift.struct/"
            + "readertransceiveerrorsessioninvalidated), for a tag operation on a session "
            + "after NFCReaderSession invalidate(); that nothing reaches the tag is nfcrig's "
            + "reading of an invalid session (Apple documents the code, not the air)"
        static let legacy =
            "Apple, CoreNFC: NFCNDEFReaderSessionDelegate readerSession(_:didDetectNDEFs:) "
            + "(developer.apple.com/documentation/corenfc/nfcndefreadersessiondelegate/"
            + "readersession(_:diddetectndefs:)): \"The session restarts polling when the "
            + "detected tags are no longer within reading range of the iOS device\"; with "
            + "invalidateAfterFirstRead false \"the reader session can read multiple NFC tags\" "
            + "(init(delegate:queue:invalidateAfterFirstRead:))"
    }
}
