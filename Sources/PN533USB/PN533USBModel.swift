import HexText
import PN533

/// A USB reader built on a PN533 (or its Sony sibling) that nfcrig recognises by VID:PID.
public struct PN533USBModel: Sendable, Hashable {
    /// The USB vendor ID.
    public var vendorID: UInt16
    /// The USB product ID.
    public var productID: UInt16
    /// The reader's name for people.
    public var name: String
    /// The chip behind the USB interface.
    public var chip: PN533Chip

    /// A model from its IDs, name and chip.
    public init(vendorID: UInt16, productID: UInt16, name: String, chip: PN533Chip) {
        self.vendorID = vendorID
        self.productID = productID
        self.name = name
        self.chip = chip
    }

    /// `vvvv:pppp` in lowercase hex, as `lsusb` prints it.
    public var ids: String { "\(Hex.digits(vendorID)):\(Hex.digits(productID))" }

    /// Every reader discovery looks for (DESIGN.md §3). The SCL3712 appears under two
    /// product IDs because the open stacks disagree: nfcpy lists 04e6:5593, libnfc 04e6:5594.
    public static let known: [PN533USBModel] = [
        PN533USBModel(vendorID: 0x04CC, productID: 0x2533, name: "NXP PN533", chip: .pn533),
        PN533USBModel(vendorID: 0x04E6, productID: 0x5591, name: "SCM SCL3711", chip: .pn533),
        PN533USBModel(vendorID: 0x04E6, productID: 0x5593, name: "SCM SCL3712", chip: .pn533),
        PN533USBModel(vendorID: 0x04E6, productID: 0x5594, name: "SCM SCL3712", chip: .pn533),
        PN533USBModel(
            vendorID: 0x054C, productID: 0x02E1, name: "Sony RC-S360 (PaSoRi)", chip: .rcs360),
    ]

    /// The known model with these IDs, if any.
    public static func model(vendorID: UInt16, productID: UInt16) -> PN533USBModel? {
        known.first { $0.vendorID == vendorID && $0.productID == productID }
    }
}
