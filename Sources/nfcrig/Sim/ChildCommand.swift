import Foundation
import Locking
import VirtualUSB

/// The command `sim usb` runs: a child process sharing nfcrig's standard streams, with the
/// virtual USB bus in its environment.
///
/// Spawned with `posix_spawn` rather than Foundation's `Process`: the child must start with
/// no signals blocked and default dispositions, whereas the thread that spawns it (one of
/// Swift's pool) blocks nearly all of them and nfcrig itself ignores SIGINT and SIGTERM
/// while it catches them; a child inheriting that would never see the SIGTERM that ends it.
final class ChildCommand: Sendable {
    /// The program and its arguments.
    let arguments: [String]
    /// The child's process id.
    let pid: pid_t
    private let exit = ExitSlot()

    /// Starts `arguments` (the program looked up on PATH) with `environment` added.
    ///
    /// - Throws: `ChildCommandError.notFound` or `.cannotStart`.
    init(_ arguments: [String], environment: [String: String]) throws(ChildCommandError) {
        guard let program = arguments.first else { throw .notFound("") }
        guard let path = ExecutablePath.resolve(program) else { throw .notFound(program) }
        self.arguments = arguments
        let variables = ProcessInfo.processInfo.environment.merging(environment) { $1 }
            .map { "\($0)=\($1)" }
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var none = sigset_t()
        sigemptyset(&none)
        posix_spawnattr_setsigmask(&attributes, &none)
        var defaults = sigset_t()
        sigemptyset(&defaults)
        for signal in [SIGINT, SIGTERM, SIGPIPE, SIGHUP, SIGQUIT] { sigaddset(&defaults, signal) }
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setflags(
            &attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
        let argv = arguments.map { strdup($0) } + [nil]
        let envp = variables.map { strdup($0) } + [nil]
        defer { for pointer in argv + envp { free(pointer) } }
        var child: pid_t = 0
        let result = posix_spawn(&child, path, nil, &attributes, argv, envp)
        guard result == 0 else {
            throw .cannotStart(program, String(cString: strerror(result)))
        }
        pid = child
        let spawned = child
        let exit = exit
        // waitpid blocks: a thread of its own, not one of Swift's pool.
        Thread.detachNewThread {
            var status: Int32 = 0
            while waitpid(spawned, &status, 0) < 0 && errno == EINTR {}
            let low = status & 0x7f
            // A shell's convention: 128 + the signal that ended it.
            exit.set(low == 0 ? (status >> 8) & 0xff : 128 + low)
        }
    }

    /// The exit status once the command has ended (128 + N for signal N).
    var status: Int32? { exit.value }

    /// Waits for the command to end; its status.
    func wait() async -> Int32 {
        while true {
            if let status { return status }
            try? await Task.sleep(for: .milliseconds(10))
        }
    }

    /// Sends `signal` to the command, if it still runs.
    func send(_ signal: Int32) {
        guard status == nil else { return }
        kill(pid, signal)
    }

    /// Ends the command: SIGTERM, then SIGKILL when it is still there after `grace`.
    func terminate(grace: Duration = .seconds(2)) async -> Int32 {
        send(SIGTERM)
        let deadline = ContinuousClock.now.advanced(by: grace)
        while status == nil, ContinuousClock.now < deadline {
            try? await Task.sleep(for: .milliseconds(10))
        }
        send(SIGKILL)
        return await wait()
    }
}

/// The exit status, set by the waiting thread.
private final class ExitSlot: Sendable {
    private let status = Lock<Int32?>(nil)

    func set(_ value: Int32) { status.withLock { $0 = value } }

    var value: Int32? { status.withLock { $0 } }
}

/// Why the command could not be started.
enum ChildCommandError: Error, Sendable, Equatable, CustomStringConvertible {
    case notFound(String)
    case cannotStart(String, String)

    var description: String {
        switch self {
        case .notFound(let program): "command not found: \(program)"
        case .cannotStart(let program, let reason): "cannot run \(program): \(reason)"
        }
    }
}
