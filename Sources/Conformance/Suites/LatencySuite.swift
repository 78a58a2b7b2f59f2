import Rig
import TagEmulation
import TagFormat

/// `latency`: a suite made to measure. Time to detect, NDEF reads and writes of 128 B,
/// 1 KiB, 4 KiB and 8 KiB on Type 2 and Type 4 tags, and APDU round trips of 1 B to 4 KiB,
/// at each bit rate the rig offers, each case repeated often enough for its percentiles.
/// Each sample carries what it measured under (`MeasurementConditions`), so that the
/// report's summary plots it against its size and the air's limit, and the gate compares
/// like with like.
enum LatencySuite: ConformanceSuite {
    static let name = "latency"

    /// Repetitions per case unless `--repeat` says otherwise: 100 samples make p99 the 99th
    /// of 100 (nearest rank), not the maximum, and give the gate's median-shift estimate
    /// (`MedianShift`, at least 8 a side) a confidence interval a fifth as wide as 8 would.
    /// A rig file's `repeat:` raises it, never lowers it: a rig that repeats the other suites
    /// 3 times would otherwise leave this one without percentiles.
    static let defaultRepeat = 100

    /// Repetitions of the cases that move the most per repetition (4 KiB and 8 KiB on a
    /// Type 4 tag, the full Type 2 tag: 250 WRITEs or READs of 4 or 16 bytes): 20 give p50
    /// and p90 and the gate's median shift enough samples, while p99 is their maximum. At
    /// 100 the suite would take some two minutes of wall time in a debug build on the
    /// simulated rig, where these cases are most of it; `--repeat` asks for more.
    static let heavyRepeat = 20

    /// The bit rates the cases measure at: a PN533 in target mode presents a type A tag at
    /// 106 kbps only (`AssembledRig.typeABitRatesKbps`), and a Type 2 tag is a 106 kbps
    /// platform (NFC Forum Digital 1.0 §2, NFC-A at 106 kbps; clause number not checked).
    static let bitRates = [AssembledRig.targetModeTypeAKbps]

    /// The NDEF message sizes measured on a Type 4 tag.
    static let type4Sizes = [128, 1024, 4096, 8192]

    /// The largest Type 2 data area the rig's tags have: one sector of 256 four-byte blocks
    /// is 1024 bytes, the 16 before the data area and the 16 of its dynamic lock bytes
    /// ((992 − 48) / 8 = 118 lock bits, in whole blocks after the data area) leave 992.
    /// T2T 1.1 §6.1 lets the CC announce up to 255 × 8 = 2040 bytes, but blocks past 255
    /// need SECTOR SELECT, which nfcrig's Type 2 emulation and reference reader do not offer.
    static let type2DataArea = 992

    /// The NDEF message sizes measured on a Type 2 tag: 128 B on an NTAG213-sized data area
    /// and the largest message the rig's largest data area holds.
    static let type2Sizes = [128, Fixtures.type2Capacity(dataAreaSize: type2DataArea)]

    /// The loopback data bytes each APDU round trip carries each way.
    static let apduSizes = [1, 128, 1024, 4096]

    /// Why a Type 2 tag has no case of 1 KiB, 4 KiB or 8 KiB.
    static let type2Absent =
        "NFC Forum T2T 1.1 §6.1 (Capability Container): byte 2 × 8 is the data area's size, "
        + "so no Type 2 tag holds more than 2040 bytes (4 KiB and 8 KiB cannot be measured); "
        + "past one sector of 256 blocks a reader needs SECTOR SELECT (T2T 1.1 §5; clause "
        + "number not checked), which nfcrig's emulated tags do not offer, so the rig's "
        + "largest data area is \(type2DataArea) bytes and 1 KiB is measured as the "
        + "\(type2Sizes[1])-byte message that fills it"

    /// What the suite checks and how it is judged, for the catalogue.
    static var about: [String] {
        [
            "Made to measure: time to detect a Type 2 and a Type 4 tag; NDEF reads and writes of "
                + "128 B, 1 KiB, 4 KiB and 8 KiB on a Type 4 tag (mapping 2.0, MLe and MLc 255) "
                + "and of 128 B and \(type2Sizes[1]) B on a Type 2 tag; APDU round trips "
                + "through an ISO 7816-4 loopback carrying 1 B, 128 B (short APDUs), 1 KiB and "
                + "4 KiB (extended) each way; each at every bit rate the rig offers (106 kbps: "
                + "a PN533 in target mode presents type A tags at 106 kbps only).",
            "Sizes that are absent: " + type2Absent + ".",
            "Each case runs \(defaultRepeat) times unless `--repeat` says otherwise, so that "
                + "p99 is not the maximum; the 4 KiB and 8 KiB Type 4 cases and the full Type 2 "
                + "tag's run \(heavyRepeat) times (p50, p90 and the gate's median shift; their "
                + "p99 is the maximum), which keeps the suite near a minute on the simulated "
                + "rig. A rig file's `repeat:` raises these counts, never lowers them. A case passes only when it measured and the reader did the work on the "
                + "air: the scan named the tag the field activated, and the tag's message read "
                + "then served on the air; a read whose message is the tag's, byte for byte, "
                + "every byte served on the air; a write the tag holds afterwards by the writes "
                + "it accepted; an APDU answered with the loopback's data and 9000, the command "
                + "received by the card as sent.",
            "Measurements: `timeToDetect`, `readTime`, `writeTime` and `apduTime`, every series "
                + "with its conditions: the tag type, the bit rate, and the message's length "
                + "(reads, writes) or the command's and response's lengths (APDUs).",
        ]
    }

    static var cases: [ConformanceCase] {
        // Each case with whether it is one of the heavy ones (`heavyRepeat`).
        var cases: [(ConformanceCase, heavy: Bool)] = []
        let heavy = { (platform: Platform, bytes: Int) in
            bytes >= 4096 || (platform == .type2 && bytes == type2Sizes.last)
        }
        for rate in bitRates {
            cases += [
                (detectCase(.type2, rate: rate), false), (detectCase(.type4, rate: rate), false),
            ]
            for (platform, sizes) in [(Platform.type2, type2Sizes), (.type4, type4Sizes)] {
                cases += sizes.map {
                    (readCase(platform, bytes: $0, rate: rate), heavy(platform, $0))
                }
            }
            for (platform, sizes) in [(Platform.type2, type2Sizes), (.type4, type4Sizes)] {
                cases += sizes.map {
                    (writeCase(platform, bytes: $0, rate: rate), heavy(platform, $0))
                }
            }
            cases += apduSizes.map { (apduCase(dataBytes: $0, rate: rate), false) }
        }
        return cases.enumerated().map { index, entry in
            var numbered = entry.0
            let number = String(index + 1)
            numbered.id = "LAT-" + String(repeating: "0", count: max(0, 3 - number.count)) + number
            numbered.defaultRepeat = entry.heavy ? heavyRepeat : defaultRepeat
            return numbered
        }
    }
}
