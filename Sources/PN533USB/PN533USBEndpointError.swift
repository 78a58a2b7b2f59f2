/// Why a reader's configuration descriptor offers no usable bulk endpoint pair.
public enum PN533USBEndpointError: Error, Sendable, Hashable, CustomStringConvertible {
    /// Which way an endpoint moves data.
    public enum Direction: Sendable, Hashable {
        /// Device to host.
        case `in`
        /// Host to device.
        case out
    }

    /// The configuration has no alternate setting 0 of the interface; `found` lists the
    /// interface numbers it has.
    case noInterface(UInt8, found: [UInt8])
    /// The interface lacks a bulk endpoint in `direction`; `found` is every endpoint it has.
    case noBulkEndpoint(direction: Direction, interface: UInt8, found: [USBEndpointDescriptor])
    /// The endpoint reports a packet size of 0, which no transfer can use.
    case zeroPacketSize(USBEndpointDescriptor)

    /// What is missing and what the descriptor holds instead.
    public var description: String {
        switch self {
        case .noInterface(let number, let found):
            let numbers = found.isEmpty ? "none" : found.map { String($0) }.joined(separator: ", ")
            return "the configuration has no interface \(number) (interfaces found: \(numbers))"
        case .noBulkEndpoint(let direction, let interface, let found):
            let endpoints =
                found.isEmpty ? "none" : found.map(\.description).joined(separator: "; ")
            return "interface \(interface) has no bulk \(direction == .in ? "IN" : "OUT") "
                + "endpoint (endpoints found: \(endpoints))"
        case .zeroPacketSize(let endpoint):
            return "endpoint \(endpoint) has a packet size of 0"
        }
    }
}
