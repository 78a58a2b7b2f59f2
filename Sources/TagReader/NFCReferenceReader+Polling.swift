import PN533

extension NFCReferenceReader {
    /// Polls until a tag answers or `timeout` passes; a tag still connected from an earlier
    /// poll is powered down first (field off for `fieldResetTime`), as a new CoreNFC
    /// session would, so that it answers again.
    ///
    /// One tag connects and is returned. Several are counted (InListPassiveTarget with MaxTg
    /// 2, then deselect and list again while two more answer), reported as `multipleTags`,
    /// and none is read: the field goes off and back on `restartPollingDelay` after the
    /// detection, as the CoreNFC sample app does ("More than 1 tag is detected. Please remove
    /// all tags and try again."); call `poll` again to go on polling.
    public func poll(timeout: Duration) async throws(NFCReaderError) -> PollResult {
        try await exclusively { () async throws(NFCReaderError) -> PollResult in
            if connectedTag != nil {
                // The connected card stays ACTIVE and would not answer REQA: start afresh.
                try await resetField()
            }
            try await prepare()
            let deadline = clock.now() + timeout
            emit(.pollStarted)
            while true {
                let listed = try await listTargets()
                if listed.isEmpty {
                    guard clock.now() < deadline else { return .noTag }
                    continue
                }
                if listed.count == 1 || configuration.faults.readsMultipleTags {
                    // The last target listed is the one the chip left selected.
                    let tag = NFCTag(target: listed[listed.count - 1])
                    emit(.tagsDetected(listed.map(NFCTag.init)))
                    connectedTag = tag
                    return .tag(tag)
                }
                let tags = try await countTags(after: listed).map(NFCTag.init)
                emit(.tagsDetected(tags))
                let detectedAt = emit(.multipleTags(count: tags.count))
                try await restart(from: detectedAt)
                return .multipleTags(count: tags.count)
            }
        }
    }

    /// Switches the field off, waits `restartPollingDelay` and switches it on again: CoreNFC's
    /// `restartPolling()` after the app's delay. The connected tag is forgotten.
    public func restartPolling() async throws(NFCReaderError) {
        try await exclusively { () async throws(NFCReaderError) in
            try await restart(from: clock.now())
        }
    }

    private func resetField() async throws(NFCReaderError) {
        connectedTag = nil
        try await chip { () async throws(PN533Error) in try await device.setRF(field: false) }
        try? await clock.sleep(configuration.fieldResetTime)
        try await chip { () async throws(PN533Error) in try await device.setRF(field: true) }
    }

    private func listTargets() async throws(NFCReaderError) -> [PassiveTarget] {
        try await chip { () async throws(PN533Error) in
            try await device.listPassiveTargets(max: 2)
        }
    }

    /// Every tag in the field: the chip lists two at most, so the listed ones are put to
    /// sleep (HLTA after DESELECT) and the rest, which answer REQA, are listed in turn. A tag
    /// that does not stay asleep (an emulator arming its chip again) answers again with a
    /// UID already counted: it is one tag, and a batch bringing no new UID ends the count.
    private func countTags(after first: [PassiveTarget]) async throws(NFCReaderError)
        -> [PassiveTarget]
    {
        var all = first
        var batch = first
        while batch.count == 2, all.count < configuration.maximumTagsCounted {
            try await chip { () async throws(PN533Error) in try await device.deselect(target: 0) }
            batch = try await listTargets()
            let new = batch.filter { target in !all.contains { $0.nfcid == target.nfcid } }
            guard !new.isEmpty else { break }
            all += new
        }
        return all
    }
}
