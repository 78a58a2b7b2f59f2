import Benchmarks
import Foundation
import Rig
import TagEmulation
import TagFormat

/// `bench apdu`'s `nfcpy_session` measurement (issue 24): APDU round trips per second of
/// wall time through the process DUT protocol (`apdu`) with nfcpy reading over virtual USB
/// (`Rigs/nfcpy-sim.yaml`), to the same loopback application as `session_air`. Reported,
/// not judged: it counts the JSON lines, the Python adapter and nfcpy's own ISO-DEP as
/// well as the air.
struct NfcpySessionSection: APDUBenchSection {
    static let key = "nfcpy_session"
    /// The rig, from the repository's root (where `make bench` runs).
    static let rig = "Rigs/nfcpy-sim.yaml"
    /// Round trips timed.
    static let apdus = 100
    /// Data bytes each loopback command carries, as `session_air`'s smaller size.
    static let dataBytes = 16

    var apdus: Int
    var commandBytes: Int
    var seconds: Double?
    var apdusPerSecond: Double?
    /// Why nothing was measured (nfcpy missing, the rig not set up).
    var missing: String?

    static func measure(_ settings: APDUBenchSettings) async throws -> NfcpySessionSection {
        let data = (0..<dataBytes).map { UInt8($0) }
        let command = [0x80, 0x01, 0x00, 0x00, UInt8(dataBytes)] + data + [0x00]
        var section = NfcpySessionSection(apdus: apdus, commandBytes: command.count)
        do {
            let seconds = try await time(command, expecting: data + [0x90, 0x00])
            section.seconds = seconds
            section.apdusPerSecond = Double(apdus) / seconds
        } catch {
            section.missing = "\(error)"
        }
        return section
    }

    /// Presents the loopback card, lets nfcpy's adapter select it, then times `apdus`
    /// round trips of `command` on the wall clock.
    static func time(_ command: [UInt8], expecting expected: [UInt8]) async throws -> Double {
        let loaded = try RigOptions.load(rig)
        guard case .process(let spec) = loaded.file.dut else {
            throw BenchSessionError("\(rig) has no process DUT")
        }
        let rig = try await AssembledRig.assemble(loaded.file, directory: loaded.directory)
        let slot = rig.tagSlot(on: rig.emulators[0])
        let dut = ProcessDUT(
            spec: spec, directory: loaded.directory, environment: rig.dutEnvironment,
            now: { rig.now })
        let loopback = SessionAirBenchmark.loopback
        let result = await rig.run { () async -> Result<Double, any Error> in
            do {
                try await slot.present(
                    .type4(
                        Type4Setup(
                            formatted: false, content: [],
                            applications: [ISO7816Application(identifier: loopback)])))
                _ = try await dut.hello()
                guard try await dut.scan(timeout: .seconds(3)).tags.count == 1,
                    try await dut.selectISO7816([loopback])?.aid == loopback
                else { throw BenchSessionError("nfcpy did not select the loopback") }
                let start = ContinuousClock.now
                for _ in 0..<apdus {
                    let response = try await dut.sendAPDU(command)
                    guard response == expected else {
                        throw BenchSessionError("the loopback answered \(response)")
                    }
                }
                let elapsed = ContinuousClock.now - start
                return .success(
                    Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds)
                        / 1e18)
            } catch {
                return .failure(error)
            }
        }
        await rig.run {
            await dut.close()
            await slot.stop()
        }
        await rig.close()
        return try result.get()
    }

    // The rest of apdu.json is snake_case.
    private enum CodingKeys: String, CodingKey {
        case apdus
        case commandBytes = "command_bytes"
        case seconds
        case apdusPerSecond = "apdus_per_s"
        case missing
    }

    // The issue asks for this figure to be reported, not judged.
    var targets: [BenchTarget] { [] }

    func tableLines() -> [String] {
        guard let apdusPerSecond, let seconds else {
            return ["nfcpy session over virtual USB: not measured (\(missing ?? "?"))"]
        }
        return [
            "nfcpy session over virtual USB (the DUT protocol's apdu, wall clock, reported):",
            String(
                format: "  %d loopback round trips, %d-byte command: %.1f/s, %.2f ms each",
                apdus, commandBytes, apdusPerSecond, seconds * 1000 / Double(apdus)),
        ]
    }
}

/// Why the nfcpy session could not be timed.
struct BenchSessionError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}
