/// Cuts a fuzz input into several transfers, so that one input can describe a stream: each
/// transfer is one length byte and then that many bytes (fewer if the input ends first). A
/// length byte of 0 is an empty transfer (a zero-length packet). The scheme keeps mutations
/// local: a flipped length byte moves one boundary, not every later byte.
enum TransferSplit {
    static func transfers(_ input: [UInt8]) -> [[UInt8]] {
        var transfers: [[UInt8]] = []
        var index = 0
        while index < input.count {
            let length = Int(input[index])
            let end = min(input.count, index + 1 + length)
            transfers.append(Array(input[(index + 1)..<end]))
            index = end
        }
        return transfers
    }
}
