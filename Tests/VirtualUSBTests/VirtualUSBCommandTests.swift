import PN533
import PN533Sim
import Testing
import VirtualUSB

extension VirtualUSBTests {
    /// Typical commands over real libusb, answered by the simulated chip.
    @Suite struct Commands {
        @Test func getFirmwareVersionAnswersAPN533() async throws {
            let version = try await withVirtualReader { device, _ in
                try await device.firmwareVersion()
            }
            #expect(version == PN533FirmwareVersion(ic: 0x33, version: 2, revision: 7, support: 7))
        }

        @Test func getGeneralStatusReportsNoTargetsAndNoError() async throws {
            let status = try await withVirtualReader { device, _ in
                try await device.generalStatus()
            }
            #expect(status.targets.isEmpty)
            #expect(status.lastError == .success)
        }

        @Test func aWrittenRegisterReadsBackTheWrittenValue() async throws {
            let values = try await withVirtualReader { device, _ in
                let before = try await device.readRegisters([0x6301])
                try await device.writeRegisters([(0x6301, 0x5A)])
                let after = try await device.readRegisters([0x6301])
                try await device.writeRegisters([(0x6301, before[0])])
                return after
            }
            #expect(values == [0x5A])
        }

        @Test func rfConfigurationIsAcceptedForFieldTimeoutsAndRetries() async throws {
            let status = try await withVirtualReader { device, _ in
                try await device.setRF(field: true)
                try await device.setTimeouts(
                    atrResponse: PN533RFTimeout(rawValue: 0x0B),
                    retry: PN533RFTimeout(rawValue: 0x0A))
                try await device.setRetries(atr: 1, psl: 0, passiveActivation: 1)
                try await device.setRF(field: false)
                return try await device.generalStatus()
            }
            #expect(status.lastError == .success)
        }

        /// 250 parameters fit a normal frame; 260 need an extended one.
        @Test(arguments: [250, 260])
        func theLineTestEchoesItsParameters(count: Int) async throws {
            let parameters = (0..<count).map { UInt8(truncatingIfNeeded: $0 * 7) }
            let echo = try await withVirtualReader { device, _ in
                try await device.diagnose(.communicationLine, parameters: parameters)
            }
            #expect(echo == [0x00] + parameters)
        }

        @Test func anOversizedLineTestIsRefusedAndTheReaderStillAnswers() async throws {
            let (refusal, version) = try await withVirtualReader { device, _ in
                let refusal = await #expect(throws: PN533Error.self) {
                    try await device.diagnose(
                        .communicationLine, parameters: [UInt8](repeating: 0xA5, count: 300))
                }
                return (refusal, try await device.firmwareVersion())
            }
            #expect(
                refusal
                    == .invalidRequest(
                        command: .diagnose, error: .frameTooLong(length: 303, maximum: 265)))
            #expect(version.ic == 0x33)
        }
    }
}
