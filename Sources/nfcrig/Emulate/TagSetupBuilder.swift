import ArgumentParser
import Rig
import TagEmulation
import TagFormat

/// `--type` and `--sim-type`: the NFC Forum tag type an emulator presents.
enum TagTypeArgument: Int, ExpressibleByArgument, CaseIterable, Sendable {
    case type2 = 2
    case type4 = 4

    /// "Type 2", "Type 4".
    var name: String { "Type \(rawValue)" }
}

/// `--mapping`: the Type 4 Tag mapping version (2.0 has NLEN, 3.0 the ENDEF file's ENLEN).
enum MappingArgument: Int, ExpressibleByArgument, CaseIterable, Sendable {
    case version2 = 2
    case version3 = 3

    var capabilityContainerVersion: UInt8 {
        self == .version3 ? CapabilityContainer.version3 : CapabilityContainer.version2
    }
}

/// The tag `emulate` and `read --sim-tag` present: the rig's default tag sizes (a 2 KiB
/// Type 4 NDEF file, an NTAG213's 144-byte Type 2 data area) holding the message.
enum TagSetupBuilder {
    /// A tag holding `message`, a Type 4 tag hosting `applications` too (with them and no
    /// message, a card without the NDEF application); `source` names where the message came
    /// from in errors.
    ///
    /// - Throws: `ValidationError` for an empty message (on a tag with nothing else to
    ///   present) or one longer than the tag holds.
    static func setup(
        _ type: TagTypeArgument, message: [UInt8], readOnly: Bool = false,
        mapping: MappingArgument = .version2, applications: [ISO7816Application] = [],
        source: String
    ) throws -> TagSetup {
        guard !message.isEmpty || !applications.isEmpty else {
            throw ValidationError("\(source): the message is empty; a tag needs one to present")
        }
        let setup: TagSetup =
            switch type {
            case .type4:
                .type4(
                    Type4Setup(
                        mappingVersion: mapping.capabilityContainerVersion, readOnly: readOnly,
                        formatted: !message.isEmpty, content: message,
                        applications: applications))
            case .type2: .type2(Type2Setup(readOnly: readOnly, content: message))
            }
        guard message.count <= setup.messageCapacity else {
            throw ValidationError(
                "\(source): a \(message.count)-byte message does not fit the \(type.name) tag, "
                    + "which holds \(setup.messageCapacity) bytes")
        }
        return setup
    }

    /// One line for people: type, mapping, access, size.
    static func summary(_ setup: TagSetup) -> String {
        switch setup {
        case .type4(let tag):
            "Type 4 tag ("
                + (tag.formatted
                    ? "mapping \(tag.mappingVersion >> 4).\(tag.mappingVersion & 0x0F), "
                        + "\(tag.readOnly ? "read-only" : "read-write"), "
                        + "\(setup.content.count)-byte message, capacity \(setup.messageCapacity)"
                    : "no NDEF application")
                + tag.applications.map { ", application \($0.identifier)" }.joined() + ")"
        case .type2(let tag):
            "Type 2 tag (\(tag.dataAreaSize)-byte data area, "
                + "\(tag.readOnly ? "read-only" : "read-write"), "
                + "\(setup.content.count)-byte message, capacity \(setup.messageCapacity))"
        }
    }
}
