import PN533

extension NFCReferenceReader {
    /// Polls until a tag answers or `timeout` passes; a tag still connected from an earlier
    /// poll is powered down first (field off for `fieldResetTime`), as a new CoreNFC
    /// session would, so that it answers again.
    ///
    /// A PN533 lists one target at a time (InListPassiveTarget MaxTg 1), so tags are counted
    /// the way libnfc lists them: the listed tag is deselected (S(DESELECT) or HLTA: it is in
    /// HALT now and keeps silent to REQA) and the chip polls again, until no new UID answers.
    /// One tag is brought back by a field reset and connected. Several are reported as
    /// `multipleTags` and none is read: the field goes off and back on `restartPollingDelay`
    /// after the detection, as Apple's sample app "Building an NFC Tag-Reader App" does ("More
    /// than 1 tag is detected, please remove all tags and try again."); call `poll` again to
    /// go on polling.
    public func poll(timeout: Duration) async throws(NFCReaderError) -> PollResult {
        try await exclusively { () async throws(NFCReaderError) -> PollResult in
            // A poll begins a new session: the one invalidated before is gone.
            sessionInvalidated = false
            if connectedTag != nil {
                // The connected card is activated and keeps silent to REQA: start afresh.
                try await resetField()
            }
            try await prepare()
            let deadline = clock.now() + timeout
            emit(.pollStarted)
            while true {
                guard let first = try await listTarget() else {
                    guard clock.now() < deadline else { return .noTag }
                    continue
                }
                let count = try await countTags(startingWith: first)
                emit(.tagsDetected(count.tags.map(NFCTag.init)))
                if count.tags.count > 1, !configuration.faults.readsMultipleTags {
                    let detectedAt = emit(.multipleTags(count: count.tags.count))
                    try await restart(from: detectedAt)
                    return .multipleTags(count.tags.map(NFCTag.init))
                }
                if let selected = count.selected { return connect(selected) }
                // The one tag is in HALT after the count: a field reset wakes it, and the
                // next listing finds it (unless it left meanwhile: then polling goes on).
                try await resetField()
                if let woken = try await listTarget() { return connect(woken) }
            }
        }
    }

    func connect(_ target: PassiveTarget) -> PollResult {
        // The host's ISO-DEP that activated the listed card (`ignores-sfgi`) stays with it.
        let isoDEP = activatesISODEPOnHost ? hostISODEP : nil
        let tag = NFCTag(target: target)
        connectedTag = tag
        hostISODEP = isoDEP
        return .tag(tag)
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

    /// InListPassiveTarget for one type A target at 106 kbps (MaxTg 1: a PN533 takes no
    /// other); nil when none answered.
    func listTarget() async throws(NFCReaderError) -> PassiveTarget? {
        let listed = try await chip { () async throws(PN533Error) in
            try await device.listPassiveTargets(max: 1).first
        }
        guard let listed else { return nil }
        return try await activatedOnHost(listed)
    }

    /// Every tag in the field, `first` (just listed) first: the listed tag is deselected
    /// (InDeselect: S(DESELECT) for an ISO-DEP card, HLTA otherwise, so it stays in HALT) and
    /// the chip polls again, until no tag answers or one answers whose UID was counted (an
    /// emulator that arms its chip again at once answers as a new card would); at most
    /// `maximumTagsCounted`. `selected` is the target the chip still has selected: the one a
    /// repeated UID came from, or with the `readsMultipleTags` fault the second tag, where
    /// counting stops.
    private func countTags(startingWith first: PassiveTarget) async throws(NFCReaderError) -> (
        tags: [PassiveTarget], selected: PassiveTarget?
    ) {
        var all = [first]
        while all.count < configuration.maximumTagsCounted {
            if try await deselectOnHost(all[all.count - 1]) {
                try await chip { () async throws(PN533Error) in
                    try await device.deselect(target: 0)
                }
            }
            guard let next = try await listTarget() else { return (all, nil) }
            guard !all.contains(where: { $0.nfcid == next.nfcid }) else { return (all, next) }
            all.append(next)
            if configuration.faults.readsMultipleTags { return (all, next) }
        }
        return (all, nil)
    }
}
