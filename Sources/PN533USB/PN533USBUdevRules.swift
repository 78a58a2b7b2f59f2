import HexText

/// The udev rules that let a non-root user open every known reader.
public enum PN533USBUdevRules {
    /// Where the rules go.
    public static let path = "/etc/udev/rules.d/60-nfcrig.rules"

    /// One rule per known VID:PID: the `plugdev` group gets read/write access, and
    /// `uaccess` also gives it to whoever is logged in at the seat.
    public static var contents: String {
        PN533USBModel.known.map { model in
            "SUBSYSTEM==\"usb\", ATTR{idVendor}==\"\(Hex.digits(model.vendorID))\", "
                + "ATTR{idProduct}==\"\(Hex.digits(model.productID))\", MODE=\"0660\", "
                + "GROUP=\"plugdev\", TAG+=\"uaccess\""
        }.joined(separator: "\n") + "\n"
    }

    /// Shell commands that install the rules and apply them without a reboot.
    public static var installCommands: String {
        """
        sudo tee \(path) >/dev/null <<'EOF'
        \(contents)EOF
        sudo udevadm control --reload-rules && sudo udevadm trigger
        """
    }
}
