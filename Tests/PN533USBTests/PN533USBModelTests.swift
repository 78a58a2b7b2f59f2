import PN533
import PN533USB
import Testing

@Suite struct PN533USBModelTests {
    @Test("discovery knows the PN533 readers by VID:PID, with their names and chips")
    func knownReaders() {
        let table = PN533USBModel.known.map { ($0.ids, $0.name, $0.chip) }
        #expect(
            table.map(\.0) == ["04cc:2533", "04e6:5591", "04e6:5593", "04e6:5594", "054c:02e1"])
        #expect(
            table.map(\.1) == [
                "NXP PN533", "SCM SCL3711", "SCM SCL3712", "SCM SCL3712", "Sony RC-S360 (PaSoRi)",
            ])
        #expect(table.map(\.2) == [.pn533, .pn533, .pn533, .pn533, .rcs360])
    }

    @Test("a VID:PID looks up its model, and an unknown one finds none")
    func looksUpModels() {
        #expect(
            PN533USBModel.model(vendorID: 0x054C, productID: 0x02E1)?.name
                == "Sony RC-S360 (PaSoRi)")
        #expect(PN533USBModel.model(vendorID: 0x04E6, productID: 0x5591)?.name == "SCM SCL3711")
        #expect(PN533USBModel.model(vendorID: 0x054C, productID: 0x06C1) == nil)
    }

    @Test("the udev rules give plugdev access to every known reader, one line each")
    func udevRules() {
        let lines = PN533USBUdevRules.contents.split(separator: "\n")
        #expect(lines.count == PN533USBModel.known.count)
        #expect(
            lines.first
                == """
                SUBSYSTEM=="usb", ATTR{idVendor}=="04cc", ATTR{idProduct}=="2533", \
                MODE="0660", GROUP="plugdev", TAG+="uaccess"
                """)
        for model in PN533USBModel.known {
            let vendor = model.ids.prefix(4)
            let product = model.ids.suffix(4)
            #expect(
                lines.contains {
                    $0.contains("ATTR{idVendor}==\"\(vendor)\", ATTR{idProduct}==\"\(product)\"")
                })
        }
        #expect(PN533USBUdevRules.path == "/etc/udev/rules.d/60-nfcrig.rules")
        #expect(
            PN533USBUdevRules.installCommands.hasPrefix(
                "sudo tee /etc/udev/rules.d/60-nfcrig.rules"))
        #expect(
            PN533USBUdevRules.installCommands.hasSuffix(
                "\nEOF\nsudo udevadm control --reload-rules && sudo udevadm trigger"))
    }

    @Test("a device prints its location as lsusb and usbfs do")
    func deviceLocation() {
        let info = PN533USBDeviceInfo(
            index: 0, model: PN533USBModel.known[1], bus: 3, address: 17, portPath: [1, 4])
        #expect(info.location == "003:017")
        #expect(info.devicePath == "/dev/bus/usb/003/017")
        #expect(info.portPathName == "3-1.4")
        #expect(info.summary == "SCM SCL3711 (04e6:5591) at 003:017")
        #expect(info.selector == .location(bus: 3, address: 17))
        #expect(
            PN533USBDeviceInfo(index: 0, model: PN533USBModel.known[0], bus: 1, address: 2)
                .portPathName == nil)
    }
}
