import NDEF
import SeededRandom

/// The NDEF decode benchmark: a mixed corpus of realistic messages, large single records
/// next to a plain memory copy, and chunked records.
public struct NDEFBenchmark {
    /// The timing policy.
    public var clock: BenchClock
    /// The mixed corpus.
    public let corpus: BenchCorpus

    /// Builds the corpus (`messageCount` messages from `seed`).
    public init(clock: BenchClock = BenchClock(), messageCount: Int = 2000, seed: UInt64 = 2533)
        throws(NDEFError)
    {
        self.clock = clock
        var generator = RealisticMessages(generator: SplitMix64(seed: seed))
        corpus = try BenchCorpus(messages: (0..<messageCount).map { _ in generator.next() })
        for range in corpus.ranges {
            try NDEFDecoder().forEachRecord(in: corpus.storage[range]) { (view) throws(NDEFError) in
                // A realistic message whose records do not decode would time error paths.
                precondition((try? NDEFRecordContent(view)) != nil, "corpus record fails its RTD")
            }
        }
    }

    /// The measurement groups, in the order `run` runs them.
    public static let groups = [
        "mixed.views", "mixed.owned", "mixed.typed", "mixed.typedViews", "single", "chunked",
    ]

    /// Runs the measurements of the named groups (all when `only` is nil).
    public func run(only: Set<String>? = nil) -> [BenchMeasurement] {
        func wanted(_ group: String) -> Bool { only?.contains(group) ?? true }
        var results: [BenchMeasurement] = []
        if wanted("mixed.views") {
            results += viewsMeasurement()
        }
        if wanted("mixed.owned") {
            results += ownedMeasurement()
        }
        if wanted("mixed.typed") {
            results += typedMeasurement()
        }
        if wanted("mixed.typedViews") {
            results += typedViewsMeasurement()
        }
        if wanted("single") {
            for size in [4096, 65536] {
                results += singleRecord(payloadSize: size)
            }
        }
        if wanted("chunked") {
            results.append(chunked(payloadSize: 4096, chunkSize: 256))
        }
        return results
    }

    private func viewsMeasurement() -> [BenchMeasurement] {
        mixed(name: "mixed.views", detail: "mixed corpus, zero-copy record views") {
            (decoder, raw) throws(NDEFError) in
            var sink = 0
            try decoder.forEachRecord(in: raw) { (view) throws(NDEFError) in
                sink &+= view.payload.count
            }
            return sink
        }
    }

    private func ownedMeasurement() -> [BenchMeasurement] {
        mixed(name: "mixed.owned", detail: "mixed corpus, records owning their bytes") {
            (decoder, raw) throws(NDEFError) in
            try decoder.decode(raw).records.count
        }
    }

    private func typedMeasurement() -> [BenchMeasurement] {
        mixed(name: "mixed.typed", detail: "mixed corpus, typed RTD fields from views") {
            (decoder, raw) throws(NDEFError) in
            var sink = 0
            try decoder.forEachRecord(in: raw) { (view) throws(NDEFError) in
                sink &+= TypedContentWeight.of(try? NDEFRecordContent(view))
            }
            return sink
        }
    }

    private func typedViewsMeasurement() -> [BenchMeasurement] {
        mixed(
            name: "mixed.typedViews",
            detail: "mixed corpus, typed RTD fields validated in place (views)"
        ) { (decoder, raw) throws(NDEFError) in
            var sink = 0
            try decoder.forEachRecord(in: raw) { (view) throws(NDEFError) in
                // Not `of(try? ...)`: wrapping the view in an Optional copies it.
                sink &+= (try? TypedContentWeight.of(NDEFRecordContentView(view))) ?? 0
            }
            return sink
        }
    }

    private func mixed(
        name: String, detail: String,
        _ body: (NDEFDecoder, UnsafeRawBufferPointer) throws(NDEFError) -> Int
    ) -> [BenchMeasurement] {
        let decoder = NDEFDecoder()
        var sink = 0
        let seconds = corpus.storage.withUnsafeBytes { storage in
            clock.secondsPerCall(&sink) {
                var total = 0
                for range in corpus.ranges {
                    // The corpus was validated when it was built; a throw here is a decoder bug.
                    total &+=
                        (try? body(decoder, UnsafeRawBufferPointer(rebasing: storage[range])))
                        ?? Int.min
                }
                return total
            }
        }
        precondition(sink != Int.min, "sink keeps the work alive")
        return [
            BenchMeasurement(
                name: name + ".recordsPerSecond", unit: "records/s",
                value: Double(corpus.recordCount) / seconds, detail: detail),
            BenchMeasurement(
                name: name + ".megabytesPerSecond", unit: "MB/s",
                value: Double(corpus.byteCount) / seconds / 1e6, detail: detail),
        ]
    }

    private func singleRecord(payloadSize: Int) -> [BenchMeasurement] {
        let record = NDEFRecord(
            typeNameFormat: .media, typeName: "application/octet-stream",
            payload: (0..<payloadSize).map { UInt8(truncatingIfNeeded: $0 &* 31) })
        // A media record with a fixed payload always encodes.
        let message = (try? NDEFEncoder().encode(NDEFMessage(record))) ?? []
        let decoder = NDEFDecoder()
        var sink = 0
        let decodeSeconds = clock.secondsPerCall(&sink) {
            (try? decoder.decode(message).records[0].payload.count) ?? 0
        }
        var reused = NDEFMessage(records: [])
        let reuseSeconds = clock.secondsPerCall(&sink) {
            (try? decoder.decode(message, into: &reused)).map { reused.records[0].payload.count }
                ?? 0
        }
        var destination = [UInt8](repeating: 0, count: payloadSize)
        let copySeconds = message.withUnsafeBytes { source in
            destination.withUnsafeMutableBytes { target in
                clock.secondsPerCall(&sink) {
                    target.copyMemory(
                        from: UnsafeRawBufferPointer(
                            rebasing: source[(message.count - payloadSize)...]))
                    return Int(target[payloadSize - 1])
                }
            }
        }
        // The floor for any decoder whose records own their bytes: one allocation and one copy.
        let allocateSeconds = message.withUnsafeBytes { source in
            clock.secondsPerCall(&sink) {
                let owned = [UInt8](unsafeUninitializedCapacity: payloadSize) { buffer, count in
                    UnsafeMutableRawBufferPointer(buffer).copyMemory(
                        from: UnsafeRawBufferPointer(
                            rebasing: source[(message.count - payloadSize)...]))
                    count = payloadSize
                }
                return Int(owned[payloadSize - 1])
            }
        }
        let label = "\(payloadSize / 1024)KiB"
        let allocateRate = Double(payloadSize) / allocateSeconds / 1e9
        let decodeRate = Double(payloadSize) / decodeSeconds / 1e9
        let copyRate = Double(payloadSize) / copySeconds / 1e9
        let reuseRate = Double(payloadSize) / reuseSeconds / 1e9
        return [
            BenchMeasurement(
                name: "single\(label).owned.gigabytesPerSecond", unit: "GB/s", value: decodeRate,
                detail: "\(label) single record, payload owned (one copy)"),
            BenchMeasurement(
                name: "single\(label).ownedReused.gigabytesPerSecond", unit: "GB/s",
                value: reuseRate, detail: "\(label) same, decode(into:) reusing storage"),
            BenchMeasurement(
                name: "single\(label).memcpy.gigabytesPerSecond", unit: "GB/s", value: copyRate,
                detail: "\(label) plain memory copy, same bytes"),
            BenchMeasurement(
                name: "single\(label).newArrayCopy.gigabytesPerSecond", unit: "GB/s",
                value: allocateRate, detail: "\(label) copy into a new array (allocation + copy)"),
            BenchMeasurement(
                name: "single\(label).ownedVsMemcpy", unit: "ratio", value: decodeRate / copyRate,
                detail: "\(label) owned decode / memory copy"),
            BenchMeasurement(
                name: "single\(label).ownedReusedVsMemcpy", unit: "ratio",
                value: reuseRate / copyRate, detail: "\(label) decode(into:) / memory copy"),
        ]
    }

    private func chunked(payloadSize: Int, chunkSize: Int) -> BenchMeasurement {
        let record = NDEFRecord(
            typeNameFormat: .media, typeName: "application/json",
            payload: (0..<payloadSize).map { UInt8(0x20 + $0 % 90) })
        let message = (try? NDEFEncoder(chunkSize: chunkSize).encode(NDEFMessage(record))) ?? []
        let decoder = NDEFDecoder()
        var sink = 0
        let seconds = clock.secondsPerCall(&sink) {
            (try? decoder.decode(message).records[0].payload.count) ?? 0
        }
        return BenchMeasurement(
            name: "chunked4KiB.megabytesPerSecond", unit: "MB/s",
            value: Double(message.count) / seconds / 1e6,
            detail: "4 KiB in \(chunkSize)-byte chunks, reassembled")
    }
}
