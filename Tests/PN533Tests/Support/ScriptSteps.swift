import PN533

/// Script steps for frames built by the encoder (the codec tests pin its bytes).
extension ScriptedTransport.Step {
    static let ack = Self.expect(PN533Frame.ackBytesForTests)
    static let nack = Self.expect(try! PN533Frame.nack.encode())
    static let answerACK = Self.answer(PN533Frame.ackBytesForTests)

    static func expectCommand(_ command: PN533Command, _ data: [UInt8] = []) -> Self {
        .expect(try! PN533Frame.command(command, data).encode())
    }

    static func answerResponse(_ command: PN533Command, _ data: [UInt8] = []) -> Self {
        .answer(try! PN533Frame.response(to: command, data).encode())
    }
}

extension PN533Frame {
    static let ackBytesForTests = try! PN533Frame.ack.encode()
}
