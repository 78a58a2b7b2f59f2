import HexText
import PN533

/// A `Transport` over a PN533 reader's USB bulk endpoints (libusb-1.0).
///
/// Every libusb call runs on the transport's own serial queue, never on a thread of Swift's
/// cooperative pool, so a receive blocked for its whole timeout holds up nothing else; calls
/// run one at a time, in the order made. `close()` (or `closeAfter(_:)`) releases the
/// interface, hands the device back to its kernel driver and closes it; dropping the last
/// reference does the same, on the queue.
public final class PN533USBTransport: Transport {
    /// The reader this transport talks to.
    public let info: PN533USBDeviceInfo
    /// The bulk endpoints found in its configuration descriptor.
    public let endpoints: PN533USBEndpoints
    private let handle: USBDeviceHandle
    private let queue: USBWorkQueue

    init(_ connection: USBReaderConnection, queue: USBWorkQueue) {
        info = connection.info
        endpoints = connection.endpoints
        handle = connection.handle
        self.queue = queue
    }

    /// Writes `bytes` in one bulk OUT transfer, then a zero-length packet when the length is
    /// a multiple of the endpoint's packet size.
    public func send(_ bytes: [UInt8]) async throws(TransportError) {
        let handle = handle
        let endpoint = endpoints.bulkOut
        let packetSize = endpoints.outPacketSize
        let what = transferName("bulk OUT", endpoint: endpoint)
        try await queue.run { () -> Result<Void, TransportError> in
            let timeout = BulkTransferPolicy.libusbTimeout(BulkTransferPolicy.sendTimeout)
            // libusb takes a mutable buffer for OUT transfers too; the copy keeps `bytes` intact,
            // and a one-byte spare gives a zero-length write a valid pointer.
            var buffer = bytes + [0]
            let written = buffer.withUnsafeMutableBufferPointer { pointer in
                handle.bulkTransfer(
                    endpoint: endpoint, data: pointer.baseAddress!, length: bytes.count,
                    timeoutMilliseconds: timeout)
            }
            switch written {
            case .failure(let error):
                return .failure(BulkTransferPolicy.transportError(error, during: what))
            case .success(let count) where count != bytes.count:
                return .failure(.io("\(what) wrote \(count) of \(bytes.count) bytes"))
            case .success:
                break
            }
            guard
                BulkTransferPolicy.needsZeroLengthPacket(
                    length: bytes.count, packetSize: packetSize)
            else { return .success(()) }
            return buffer.withUnsafeMutableBufferPointer { pointer in
                handle.bulkTransfer(
                    endpoint: endpoint, data: pointer.baseAddress!, length: 0,
                    timeoutMilliseconds: timeout)
            }
            .map { _ in }
            .mapError {
                BulkTransferPolicy.transportError($0, during: what + " (zero-length packet)")
            }
        }.get()
    }

    /// Reads one chip transfer with one bulk IN into a buffer that holds the largest
    /// extended frame; an empty array is a zero-length packet. A cancelled task hears
    /// `.cancelled` within `BulkTransferPolicy.cancellationSlice`.
    public func receive(timeout: Duration) async throws(TransportError) -> [UInt8] {
        // A blocking libusb transfer cannot be interrupted, so a long wait (TgInitAsTarget
        // listening for a reader) goes in slices, with a look at cancellation between them.
        let clock = ContinuousClock()
        let deadline = clock.now.advanced(by: timeout)
        while true {
            let slice = min(deadline - clock.now, BulkTransferPolicy.cancellationSlice)
            do {
                return try await receiveOnce(timeout: slice)
            } catch .timeout {
                if clock.now >= deadline { throw .timeout }
                if Task.isCancelled { throw .cancelled }
            }
        }
    }

    /// One bulk IN of at most `timeout`.
    private func receiveOnce(timeout: Duration) async throws(TransportError) -> [UInt8] {
        let handle = handle
        let endpoint = endpoints.bulkIn
        let length = BulkTransferPolicy.receiveBufferLength(packetSize: endpoints.inPacketSize)
        let what = transferName("bulk IN", endpoint: endpoint)
        return try await queue.run { () -> Result<[UInt8], TransportError> in
            // A scratch buffer, not an array, so the 64 KiB are neither zeroed nor kept: only
            // the bytes read are copied out.
            withUnsafeTemporaryAllocation(of: UInt8.self, capacity: length) { buffer in
                handle.bulkTransfer(
                    endpoint: endpoint, data: buffer.baseAddress!, length: length,
                    timeoutMilliseconds: BulkTransferPolicy.libusbTimeout(timeout)
                )
                .map { Array(UnsafeBufferPointer(rebasing: buffer[..<$0])) }
                .mapError { BulkTransferPolicy.transportError($0, during: what) }
            }
        }.get()
    }

    /// Releases the interface, returns the device to its kernel driver and closes it, after
    /// any transfer still queued; later sends and receives fail with `.disconnected`.
    public func close() async {
        let handle = handle
        _ = await queue.run { () -> Result<Void, Never> in
            handle.close()
            return .success(())
        }
    }

    /// Runs `body` with this transport and closes it afterwards, also when `body` throws
    /// (the body's error is the one rethrown), as swift-system's `closeAfter` does.
    public func closeAfter<R, E: Error>(
        _ body: (PN533USBTransport) async throws(E) -> R
    ) async throws(E) -> R {
        let result: Result<R, E>
        do throws(E) {
            result = .success(try await body(self))
        } catch {
            result = .failure(error)
        }
        await close()
        return try result.get()
    }

    deinit {
        // Closing can wait on the kernel (releasing, re-binding pn533_usb), so it goes to the
        // queue rather than whichever thread, perhaps a cooperative one, let go last.
        let handle = handle
        queue.submit { handle.close() }
    }

    private func transferName(_ kind: String, endpoint: UInt8) -> String {
        "\(kind) on endpoint 0x\(Hex.digits(endpoint)) of \(info.summary)"
    }
}
