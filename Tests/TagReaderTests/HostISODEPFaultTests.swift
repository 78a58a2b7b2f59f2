import NFCRigTestSupport
import PN533
import TagReader
import Testing

/// The ISO-DEP faults that reach into polling (issue 32) still find and read a well-behaved
/// tag: each changes only the rule it breaks.
@Suite struct HostISODEPFaultTests {
    static func rig(_ fault: ISODEPReaderFaults) -> SimulatedReaderRig {
        var faults = ReaderFaults.none
        faults.isoDEP = fault
        return SimulatedReaderRig(configuration: ReaderConfiguration(faults: faults))
    }

    @Test(arguments: ISODEPReaderFaults.named.map(\.fault))
    func aWellBehavedTagIsFoundAndReadWithEveryFault(_ fault: ISODEPReaderFaults) async throws {
        let rig = Self.rig(fault)
        let message = TestMessages.texts(2)
        await rig.enter(try Type4TestTag(message: TestMessages.bytes(message)))
        let read = try await rig.withTag { tag in
            #expect(tag.type == .type4)
            #expect(tag.target.ats != nil, "the ATS, from the chip's RATS or the host's")
            return try await rig.reader.readNDEF()
        }
        #expect(read == message)
    }
}
