import Foundation
import HexText
import NDEF
import PN533
import PN533Sim
import PN533USB
import Rig
import TagReader
import VirtualUSB

/// nfcrig and nfcpy reading the same 4 KiB NDEF message from the same Type 4 tag (nfcrig's
/// emulator on a simulated chip) through the same simulated PN533 on virtual USB, each
/// with its own libusb stack, on the wall clock (issue 6's third APDU figure).
///
/// Each read is timed from the start of polling to the message in hand, inside the reader's
/// process (nfcpy's Python start-up is not counted; `Rigs/examples/nfcpy_read_ndef.py`
/// times itself).
enum VirtualUSBReadComparison {
    /// What one comparison measured.
    struct Outcome: Sendable {
        /// The message's size on the tag.
        var messageBytes: Int
        /// Seconds per read by nfcrig's reference reader.
        var nfcrig: [Double]
        /// Seconds per read by nfcpy; nil when it could not run.
        var nfcpy: [Double]?
        /// Why nfcpy was not measured.
        var nfcpyMissing: String?

        /// nfcpy's median over nfcrig's: how many times longer nfcpy takes.
        var ratio: Double? {
            guard let nfcpy, let mine = Self.median(nfcrig), mine > 0 else { return nil }
            return Self.median(nfcpy).map { $0 / mine }
        }

        /// The median of `values`, nil when empty.
        static func median(_ values: [Double]) -> Double? {
            guard !values.isEmpty else { return nil }
            let sorted = values.sorted()
            return sorted.count % 2 == 1
                ? sorted[sorted.count / 2]
                : (sorted[sorted.count / 2 - 1] + sorted[sorted.count / 2]) / 2
        }
    }

    /// Why the comparison could not run.
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    /// A 4096-byte message: one MIME record of seeded-looking bytes.
    static func message() throws -> [UInt8] {
        let type = "application/octet-stream"
        // Normal (4-byte length) header: flags, type length, payload length, type.
        let payload = (0..<(4096 - 6 - type.utf8.count)).map {
            UInt8(truncatingIfNeeded: $0 &* 31 &+ 7)
        }
        let record = NDEFRecord(typeNameFormat: .media, typeName: type, payload: payload)
        return try NDEFEncoder().encode(NDEFMessage(records: [record]))
    }

    /// Runs `rounds` reads with each reader; `python` has nfcpy, `script` is the nfcpy client.
    static func run(rounds: Int, python: String?, script: String) async throws -> Outcome {
        let message = try message()
        // A simulated reader chip, exposed on virtual USB, and a tag chip: on the wall
        // clock, as the readers wait on libusb in real time, and with no modelled USB
        // latency, as virtual USB carries its own.
        let file = RigFile(
            name: "bench-usb-read", clock: .wall,
            emulators: [RigFile.Emulator(id: "tag-a", device: .sim)],
            dut: .reference(device: .sim))
        let rig = try await AssembledRig.assemble(
            file, directory: URL(fileURLWithPath: "/"), usb: .zero)
        guard let readerChip = rig.readerChip?.simulated else {
            throw Failure(description: "the rig has no simulated reader chip")
        }
        let bus = try VirtualUSBBus()
        let exposed = try VirtualPN533Device(chip: readerChip, bus: bus, address: 2)
        let slot = rig.tagSlot(on: rig.emulators[0])
        try await slot.present(.type4(Type4Setup(maximumFileSize: 0x1002, content: message)))
        defer { _ = exposed }
        var outcome = Outcome(messageBytes: message.count, nfcrig: [])
        outcome.nfcrig = try await nfcrigReads(rounds: rounds, expecting: message, at: exposed)
        if let python, FileManager.default.isExecutableFile(atPath: python) {
            outcome.nfcpy = try nfcpyReads(
                rounds: rounds, expecting: message, python: python, script: script,
                device: "usb:" + exposed.location, environment: bus.childEnvironment)
        } else {
            outcome.nfcpyMissing = "no python with nfcpy (make deps makes .build-venv)"
        }
        await slot.stop()
        await rig.close()
        return outcome
    }

    private static func nfcrigReads(
        rounds: Int, expecting message: [UInt8], at exposed: VirtualPN533Device
    ) async throws -> [Double] {
        try await PN533USBDevice.withTransport(.location(bus: 1, address: exposed.address)) {
            transport, _ in
            let device = PN533Device(transport: transport)
            try await device.open()
            let reader = NFCReferenceReader(device: device)
            var seconds: [Double] = []
            for _ in 0..<rounds {
                let start = ContinuousClock.now
                guard case .tag = try await reader.poll(timeout: .seconds(2)) else {
                    throw Failure(description: "nfcrig's reader found no single tag")
                }
                let read = try NDEFEncoder().encode(try await reader.readNDEF())
                let elapsed = ContinuousClock.now - start
                guard read == message else {
                    throw Failure(description: "nfcrig read a different message")
                }
                seconds.append(
                    Double(elapsed.components.attoseconds) / 1e18
                        + Double(elapsed.components.seconds))
                // Field off: the tag sees the reader go and is armed again for the next.
                try await reader.invalidate()
                try await Task.sleep(for: .milliseconds(20))
            }
            return seconds
        }
    }

    private static func nfcpyReads(
        rounds: Int, expecting message: [UInt8], python: String, script: String,
        device: String, environment: [String: String]
    ) throws -> [Double] {
        let expected = Hex.encode(message)
        var seconds: [Double] = []
        for _ in 0..<rounds {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: python)
            process.arguments = [script, "--device", device, "--timeout", "10"]
            process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
            let output = Pipe()
            process.standardOutput = output
            try process.run()
            let text = String(
                decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            process.waitUntilExit()
            let lines = text.split(separator: "\n")
            guard process.terminationStatus == 0,
                lines.contains("ndef: " + expected[...]),
                let line = lines.first(where: { $0.hasPrefix("seconds: ") }),
                let value = Double(line.dropFirst("seconds: ".count))
            else {
                throw Failure(
                    description: "nfcpy did not read the message (status "
                        + "\(process.terminationStatus)): \(text.prefix(300))")
            }
            seconds.append(value)
        }
        return seconds
    }
}
