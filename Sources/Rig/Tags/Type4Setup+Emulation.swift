import TagEmulation
import TagFormat

extension Type4Setup {
    /// What the emulator presents: the CC built from the fields (the ENDEF File Control TLV
    /// and ENLEN from mapping 3.0, the NDEF File Control TLV and NLEN before), the names it
    /// answers, and its quirks.
    public var configuration: Type4TagConfiguration {
        let control = NDEFFileControl(
            fileID: ndefFileID, maximumFileSize: maximumFileSize, writeAccess: writeAccess,
            lengthField: mappingVersion >> 4 >= 3 ? .enlen : .nlen)
        return Type4TagConfiguration(
            capabilityContainer: CapabilityContainer(
                mappingVersion: mappingVersion,
                maximumResponseDataLength: maximumResponseDataLength,
                maximumCommandDataLength: maximumCommandDataLength, ndefFileControl: control,
                additionalTLVs: additionalCCTLVs),
            answersVersion2Application: answersVersion2Application,
            answersVersion1Application: answersVersion1Application, isNDEFFormatted: formatted,
            quirks: quirks)
    }

    /// The tag's NDEF application: its NDEF file starts with `declaredMessageLength` (or
    /// `content`'s length) as NLEN or ENLEN, then `content`.
    public func application() throws(TagEmulationError) -> Type4TagApplication {
        let configuration = configuration
        guard let declaredMessageLength else {
            return try Type4TagApplication(configuration: configuration, message: content)
        }
        let length: [UInt8]
        do {
            length = try configuration.lengthField.encode(declaredMessageLength)
        } catch {
            throw .ndefFile(error)
        }
        return try Type4TagApplication(configuration: configuration, ndefFile: length + content)
    }

    /// The card: the NDEF application and the hosted ISO/IEC 7816-4 applications.
    public func card() throws(TagEmulationError) -> ISO7816Card {
        try ISO7816Card(ndef: try application(), applications: applications)
    }
}
