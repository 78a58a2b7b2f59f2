import Foundation

/// Running under `umockdev-wrapper`, which preloads the library that lets a process (and its
/// children) see a `VirtualUSBBus` instead of the real USB devices.
public enum UMockdevWrapper {
    /// Set on the re-executed process, so that a wrapper that does not preload is reported
    /// instead of re-executing forever.
    static let marker = "NFCRIG_UMOCKDEV_REEXEC"

    /// Whether umockdev's preload library is loaded into this process.
    public static var isActive: Bool {
        let preload = ProcessInfo.processInfo.environment["LD_PRELOAD"] ?? ""
        return preload.contains("libumockdev-preload")
    }

    /// The `umockdev-wrapper` program on `PATH`, if any.
    public static var path: String? { ExecutablePath.resolve("umockdev-wrapper") }

    /// Returns at once when the preload library is loaded; otherwise replaces this process
    /// with `umockdev-wrapper` running the same executable with the same arguments.
    public static func ensureActive() throws(UMockdevWrapperError) {
        if isActive { return }
        if ProcessInfo.processInfo.environment[marker] != nil { throw .preloadMissing }
        guard let wrapper = path else { throw .wrapperNotFound }
        let executable =
            (try? FileManager.default.destinationOfSymbolicLink(
                atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
        let arguments = [wrapper, executable] + CommandLine.arguments.dropFirst()
        setenv(marker, "1", 1)
        let pointers = arguments.map { strdup($0) } + [nil]
        execv(wrapper, pointers)
        throw .execFailed(wrapper, String(cString: strerror(errno)))
    }
}

/// Why nfcrig could not put itself under umockdev.
public enum UMockdevWrapperError: Error, Sendable, Hashable, CustomStringConvertible {
    /// No `umockdev-wrapper` on PATH.
    case wrapperNotFound
    /// Re-executed under the wrapper, but its preload library is still not loaded.
    case preloadMissing
    /// `execv` failed.
    case execFailed(String, String)

    public var description: String {
        switch self {
        case .wrapperNotFound:
            "virtual USB needs umockdev-wrapper, which is not on PATH (install umockdev: make deps)"
        case .preloadMissing:
            "umockdev-wrapper ran nfcrig without its preload library (LD_PRELOAD lacks "
                + "libumockdev-preload)"
        case .execFailed(let wrapper, let reason): "cannot run \(wrapper): \(reason)"
        }
    }
}
