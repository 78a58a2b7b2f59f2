import NFCRigTestSupport
import PN533
import Testing

/// TgInitAsTarget's `listening` callback: once the chip has taken the command it is in the
/// field as a card, and a rig may let a reader poll.
@Suite struct PN533DeviceListeningTests {
    static let target = TargetConfiguration(
        sensRes: [0x04, 0x00], nfcid1t: [0x01, 0x02, 0x03], selRes: 0x20)

    /// The activation by RATS `E0 80`, mode byte 00.
    static let activated = ScriptedTransport.Step.answerResponse(
        .tgInitAsTarget, [0x00, 0xE0, 0x80])

    static func listen() throws -> ScriptedTransport.Step {
        .expectCommand(.tgInitAsTarget, try PN533TgInitAsTarget.request(target, chip: .pn533).data)
    }

    /// Runs TgInitAsTarget on `steps` and returns how often `listening` ran and the
    /// activation's first command.
    func listen(_ steps: [ScriptedTransport.Step]) async throws -> (Int, [UInt8]) {
        let rig = Rig(steps)
        let calls = Locked(0)
        let activation = try await rig.device.initAsTarget(
            Self.target, timeout: .seconds(5), listening: { calls.withLock { $0 += 1 } })
        await rig.finish()
        return (calls.value, activation.initiatorCommand)
    }

    @Test("listening runs once, when the ACK comes")
    func listeningRunsOnTheACK() async throws {
        let (calls, command) = try await listen([try Self.listen(), .answerACK, Self.activated])
        #expect(calls == 1)
        #expect(command == [0xE0, 0x80])
    }

    @Test("listening runs when the activation comes without an ACK")
    func listeningRunsOnAnActivationWithoutACK() async throws {
        let (calls, _) = try await listen([try Self.listen(), Self.activated])
        #expect(calls == 1)
    }

    @Test("listening runs when the wait for the ACK ends")
    func listeningRunsWhenTheACKIsLost() async throws {
        let (calls, _) = try await listen([try Self.listen(), .silence, Self.activated])
        #expect(calls == 1)
    }
}
