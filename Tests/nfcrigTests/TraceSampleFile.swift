import Foundation
import NFCRigTestSupport
import PacketTrace

/// Trace files for the `nfcrig trace` tests, written with `PcapngWriter` into a folder of
/// their own.
struct TraceSampleFile {
    let folder: TemporaryFolder

    init() throws { folder = try TemporaryFolder(prefix: "nfcrig-trace") }

    /// `section` written as `name`; `SampleTraces.section` unless told.
    func write(_ section: TraceSection = SampleTraces.section, name: String = "sample.pcapng")
        throws -> URL
    {
        try bytes(PcapngWriter.write(section), name: name)
    }

    /// `bytes` written as `name`, for files that are no trace.
    func bytes(_ bytes: [UInt8], name: String) throws -> URL {
        let url = folder.url.appendingPathComponent(name)
        try Data(bytes).write(to: url)
        return url
    }
}
