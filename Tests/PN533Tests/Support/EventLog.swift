import Foundation
import PN533

/// Collects a device's trace events; the hook is synchronous and may run on any thread.
final class EventLog: @unchecked Sendable {
    private let lock = NSLock()
    private var storage: [PN533DeviceEvent] = []

    var events: [PN533DeviceEvent] { lock.withLock { storage } }

    func record(_ event: PN533DeviceEvent) { lock.withLock { storage.append(event) } }
}
